import { ApiError } from "./errors";
import { WindowCounter } from "./window-counter";

/**
 * What an unknown or malformed API key costs (docs/security.md). Each well-formed key that D1 does not
 * know is remembered for a minute, so sending it again costs no look-up; and each client address
 * (its identity, domain/client-address.ts) that sends more than {@link UNKNOWN_KEY_LIMIT} requests
 * with unknown keys within {@link UNKNOWN_KEY_WINDOW_MS} is answered 429 `rate_limited` without a
 * look-up until its window ends, so a bot trying fresh random keys costs at most that many reads.
 * Other addresses are untouched, and a publishable key this isolate already knows still works from
 * a blocked address (a buyer behind the same NAT as a bot).
 *
 * Kept in the isolate's memory: the count is per isolate (a flood spread over many isolates costs a
 * look-up per isolate and window), which bounds the cost without any storage of its own.
 */

/** Requests with unknown keys an address may send per window. */
export const UNKNOWN_KEY_LIMIT = 100;
/** The window of that count. */
export const UNKNOWN_KEY_WINDOW_MS = 10_000;
/** How long a key D1 does not know is answered 401 without asking again. */
const NEGATIVE_TTL_MS = 60_000;
/** Entries kept per map; past it expired ones go, and if none had, all (the isolate's memory is bounded). */
const MAX_ENTRIES = 10_000;

const unknownKeys = new Map<string, number>();
const failures = new WindowCounter(UNKNOWN_KEY_WINDOW_MS, MAX_ENTRIES);

function bounded(map: Map<string, number>, now: number): void {
  if (map.size < MAX_ENTRIES) return;
  for (const [k, until] of map) if (until <= now) map.delete(k);
  if (map.size >= MAX_ENTRIES) map.clear();
}

/** Whether D1 was asked about this key within the last minute and did not know it. */
export function knownToBeUnknown(key: string, now = Date.now()): boolean {
  const until = unknownKeys.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  unknownKeys.delete(key);
  return false;
}

/** Remembers a well-formed key D1 does not know. */
export function rememberUnknownKey(key: string, now = Date.now()): void {
  bounded(unknownKeys, now);
  unknownKeys.set(key, now + NEGATIVE_TTL_MS);
}

/** Counts a request with an unknown or malformed key against its client address. */
export function countUnknownKey(client: string | undefined, now = Date.now()): void {
  if (client !== undefined) failures.add(client, now);
}

/**
 * 429 `rate_limited` (Retry-After: the rest of the window) when the address has already sent
 * {@link UNKNOWN_KEY_LIMIT} requests with unknown keys in its current window.
 */
export function refuseKeyFlood(client: string | undefined, now = Date.now()): void {
  if (client === undefined || failures.count(client, now) < UNKNOWN_KEY_LIMIT) return;
  const seconds = failures.retryAfterSeconds(client, now);
  throw new ApiError("rate_limited", `Too many requests with unknown API keys from this address; retry in ${seconds} seconds`, {
    headers: { "Retry-After": String(seconds) },
  });
}
