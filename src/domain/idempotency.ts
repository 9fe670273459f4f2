/**
 * Idempotent requests (docs/api.md#idempotent-requests): a POST of /api/v1 that carries `Idempotency-Key` is done at
 * most once per (workspace, environment, key kind, key) for 24 hours; a repeat with the same
 * request answers the first answer again.
 */

/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The request header and the header that marks a replayed answer. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** The longest key accepted (1..255 characters). */
export const IDEMPOTENCY_KEY_MAX = 255;

/**
 * What a decision of the event object needs to be idempotent: the key, already qualified by the
 * caller's key kind (the object itself is per workspace and environment), and the hash of the
 * request (method, path, body) that first used it.
 */
export interface IdempotencyClaim {
  key: string;
  requestHash: string;
}

/** A decision's answer, marked when it is the stored answer of an earlier request. */
export type Replayed<O> = O & { replayed?: true };
