/**
 * What a hold made with a publishable key may ask (docs/security.md). The key sits in every buyer's
 * page, so each limit is what a bot holding it could otherwise do at scale: hold for a day, hold a
 * whole terrace in one request, keep more seats than a buyer ever needs, or fill storage with
 * `extraData`. Secret keys keep the general rules (the first two constants). Free of zod, so the
 * browser SDK applies the same numbers without bundling the schemas. The event object's hold policy
 * (event-object/decisions/hold-policy.ts) applies them to seat, GA, best-available and season holds.
 */

/** Hold lifetime when none is given (docs/api.md#limits): the general rule, which a publishable key's narrows. */
export const DEFAULT_TTL_SECONDS = 900;

/**
 * The largest extraData of any hold (a secret key's). extraData travels in every webhook of the
 * seat, and a queue message is at most 128 KB; 16 KB of JSON leaves room for the envelope, so an
 * outsized value is refused at the door instead of wedging the outbox.
 */
export const MAX_EXTRA_DATA_BYTES = 16_384;

/** The longest publishable-key hold of an event whose selection rules do not set `maxPublicHoldSeconds`. */
export const DEFAULT_MAX_PUBLIC_HOLD_SECONDS = 1800;
/** The range `maxPublicHoldSeconds` may be set to. */
export const MIN_PUBLIC_HOLD_SECONDS_SETTING = 60;
export const MAX_PUBLIC_HOLD_SECONDS_SETTING = 7200;

/** Seats plus GA places one client address may hold at once on an event whose rules set no `maxHeldSeatsPerClient`. */
export const DEFAULT_MAX_HELD_SEATS_PER_CLIENT = 20;

/** The largest GA `quantity` a publishable-key hold may ask for. */
export const MAX_PUBLIC_GA_QUANTITY = 50;

/** The largest `extraData` a publishable-key hold may send, as UTF-8 JSON (secret keys: {@link MAX_EXTRA_DATA_BYTES}). */
export const MAX_PUBLIC_EXTRA_DATA_BYTES = 1024;

/** The event's longest publishable-key hold: its rules' `maxPublicHoldSeconds`, or the default. */
export function maxPublicHoldSeconds(rules: { maxPublicHoldSeconds?: number }): number {
  return rules.maxPublicHoldSeconds ?? DEFAULT_MAX_PUBLIC_HOLD_SECONDS;
}

/** The lifetime of a publishable-key hold that sends no `ttlSeconds`: the smaller of the general default and the event's longest. */
export function defaultPublicHoldSeconds(maxSeconds: number): number {
  return Math.min(DEFAULT_TTL_SECONDS, maxSeconds);
}

/** The per-client cap that applies to an event's publishable-key holds: its rules' value, or the default. */
export function heldSeatsPerClient(rules: { maxHeldSeatsPerClient?: number }): number {
  return rules.maxHeldSeatsPerClient ?? DEFAULT_MAX_HELD_SEATS_PER_CLIENT;
}

const utf8 = new TextEncoder();

/** The size of a value's JSON text in UTF-8 bytes (0 for none): what the extraData limits measure. */
export function jsonBytes(value: unknown): number {
  if (value === undefined || value === null) return 0;
  return utf8.encode(JSON.stringify(value)).length;
}
