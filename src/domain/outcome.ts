import { z } from "@hono/zod-openapi";

/**
 * How a decision of the event's Durable Object ends. Decisions return values, never throw for a
 * refusal: a thrown error crosses RPC with its message only. The Worker reads them through one
 * door, callEvent (events/event-object-calls.ts), which throws a failure as a ServiceError like
 * any other refusal (src/README.md "Failures").
 */

/** An entry of `failed[]`: a label that could not be acted on, and why (publish conflicts add the event and counts). */
export const failedEntrySchema = z
  .object({
    objectLabel: z.string(),
    reason: z.string(),
    eventKey: z.string().optional(),
    environment: z.string().optional(),
    booked: z.number().int().optional(),
    held: z.number().int().optional(),
  })
  .openapi("FailedEntry");

export type FailedEntry = z.infer<typeof failedEntrySchema>;

/** Failure codes a decision can end with; each is also an error code of the API. */
export const FAILURE_CODES = [
  "event_not_found",
  "seat_unavailable",
  "ga_capacity_exceeded",
  "selection_rule_violated",
  "no_best_available",
  "validation_failed",
  "sandbox_only",
  "conflict",
  "idempotency_key_reused",
  "admission_required",
  "table_booking_in_use",
  "price_changed",
  "not_found",
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

/** A refused decision: nothing changed. */
export interface Failure {
  ok: false;
  code: FailureCode;
  message: string;
  failed?: FailedEntry[];
  errors?: Record<string, string[]>;
  /**
   * A publishable-key season hold that sent no ttlSeconds, refused by an event whose longest
   * publishable hold is shorter than the season's default: that longest, so the season can hold
   * again with it (seasons/season-operations.ts). Never part of an answer.
   */
  retryTtlSeconds?: number;
}

/** A decision's result: its value, or a {@link Failure}. */
export type Outcome<T> = { ok: true; value: T } | Failure;

/** Shorthand for a success value. */
export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Shorthand for a failure value. */
export function fail(
  code: FailureCode,
  message: string,
  extra: { failed?: FailedEntry[]; errors?: Record<string, string[]>; retryTtlSeconds?: number } = {},
): Failure {
  return { ok: false, code, message, ...extra };
}
