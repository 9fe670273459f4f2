import type { Principal } from "./context";
import { ApiError } from "./errors";
import { WindowCounter } from "./window-counter";

/**
 * Publishable-key reads of an event (its record, status, objects, channels, selection rules) per
 * client address and event (docs/security.md): PUBLIC_READ_LIMIT per 10 seconds (default 300), then
 * 429 `rate_limited` with Retry-After. A buyer's page reads a handful of times on load and then
 * listens on its live socket; a scraper polling an event for changes is what meets the limit.
 *
 * Counted in the isolate's memory (no call per read): a client spread over many isolates gets the
 * limit in each, which still bounds what one address costs an event's object.
 */

const WINDOW_MS = 10_000;
const DEFAULT_LIMIT = 300;
const reads = new WindowCounter(WINDOW_MS);

/** The reads a client may make of one event per 10 s: the PUBLIC_READ_LIMIT var, 300 when unset or not a positive whole number. */
export function publicReadLimit(env: Pick<Env, "PUBLIC_READ_LIMIT">): number {
  const n = Number(env.PUBLIC_READ_LIMIT);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_LIMIT;
}

/** The reads of an event this limit counts: GET of the event and of its status, objects, channels and rules. */
const EVENT_READ = /^\/api\/v1\/events\/([^/]+)(?:\/(?:status|objects|channels|selection-rules))?\/?$/;

/** The event a request reads, when it is one of the counted reads. */
export function eventRead(method: string, path: string): string | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  const m = EVENT_READ.exec(path);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return m[1];
  }
}

/** Counts a publishable-key read of `eventKey` by `client`; 429 past the limit. Secret keys and requests without an address are not counted. */
export function checkReadLimit(
  env: Pick<Env, "PUBLIC_READ_LIMIT">,
  principal: Principal,
  client: string | undefined,
  eventKey: string,
  now = Date.now(),
): void {
  if (principal.kind !== "public" || client === undefined) return;
  const key = `${client}|${principal.workspaceId}|${principal.environment}|${eventKey}`;
  if (reads.add(key, now) <= publicReadLimit(env)) return;
  const seconds = reads.retryAfterSeconds(key, now);
  throw new ApiError("rate_limited", `Too many reads of this event from this client; retry in ${seconds} seconds`, {
    headers: { "Retry-After": String(seconds) },
  });
}
