import { z } from "@hono/zod-openapi";

/**
 * Channel passes (docs/security.md, "Channels that are not for everyone"): a channel may be
 * `protected`, and a publishable key then takes from it, and sees its free seats, only with a pass
 * an operator issued with a secret key (a presale code, a sponsor's link). A pass is signed, not
 * stored: `<eventId>.<channelKey>.<expiresAt ms>.<maxSeats or 0>.<passId>.<signature>`, an HMAC
 * under the workspace environment's signing secret (which rotates with its publishable key) over
 * those fields, so it is bound to one creation of one event, one channel and its expiry.
 */

/** The header a hold or a read sends passes in; several passes (one per channel, or per event of a season) comma-separated. */
export const PASS_HEADER = "X-Channel-Pass";
/** The live socket's query parameter for the same (browsers cannot set headers on a WebSocket). */
export const PASS_QUERY = "pass";
/**
 * The header the Worker names a live socket's channel access with when it hands the upgrade to the
 * event's object: `all` (a secret key) or the JSON of the verified passes. Never taken from the caller.
 */
export const LIVE_ACCESS_HEADER = "x-seats-live-access";

/** At most this many passes in one request. */
export const MAX_PASSES = 100;

export const PASS_TTL_DEFAULT = 3600;
export const PASS_TTL_MIN = 60;
export const PASS_TTL_MAX = 86_400;
export const PASS_MAX_SEATS = 100;

export const passRequestSchema = z
  .object({
    ttlSeconds: z
      .number()
      .int("must be an integer")
      .min(PASS_TTL_MIN, `must be at least ${PASS_TTL_MIN}`)
      .max(PASS_TTL_MAX, `must be at most ${PASS_TTL_MAX}`)
      .default(PASS_TTL_DEFAULT)
      .openapi({ description: `How long the pass is valid, in seconds (${PASS_TTL_MIN}..${PASS_TTL_MAX}, default ${PASS_TTL_DEFAULT})` }),
    maxSeats: z
      .number()
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(PASS_MAX_SEATS, `must be at most ${PASS_MAX_SEATS}`)
      .optional()
      .openapi({ description: "Seats plus GA places of the channel held or booked under this pass at once (no cap when omitted)" }),
  })
  .strict()
  .openapi("ChannelPassRequest");
export type PassRequest = z.output<typeof passRequestSchema>;

export const passResultSchema = z
  .object({
    pass: z.string().openapi({ description: `Send it as the ${PASS_HEADER} header of holds and reads (the live socket: the ${PASS_QUERY} query parameter)` }),
    expiresAt: z.string().openapi({ description: "When the pass stops working (ISO 8601)" }),
  })
  .openapi("ChannelPass");
export type PassResult = z.infer<typeof passResultSchema>;

/** A pass whose signature the Worker checked: what the event's object is told of it. */
export interface ChannelPass {
  /** The creation of the event it was issued for (the object compares it with its own). */
  eventId: string;
  channelKey: string;
  /** What the seats and places held under it are counted by. */
  passId: string;
  /** The most seats plus places held or booked under it at once, or null for no cap. */
  maxSeats: number | null;
}

/**
 * Which protected channels a read may see (docs/security.md): `all` for a secret key (and the
 * dashboard), else the channels of the passes it carries (an empty list: none).
 */
export type ChannelAccess = "all" | readonly ChannelPass[];

/** The fields a pass signs, in order. */
export function passFields(workspaceId: string, environment: string, p: ChannelPass, expiresAt: number): string[] {
  return [workspaceId, environment, p.eventId, p.channelKey, String(expiresAt), String(p.maxSeats ?? 0), p.passId];
}

const PASS_FORM = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{1,64})\.(\d{1,16})\.(\d{1,3})\.([A-Za-z0-9_-]{16,32})\.([A-Za-z0-9_-]{43})$/;

/** A pass's parts (unverified), or null when it is not of the form. */
export function parsePass(text: string): { pass: ChannelPass; expiresAt: number; signature: string } | null {
  const m = PASS_FORM.exec(text);
  if (!m) return null;
  const maxSeats = Number(m[4]);
  return { pass: { eventId: m[1]!, channelKey: m[2]!, passId: m[5]!, maxSeats: maxSeats > 0 ? maxSeats : null }, expiresAt: Number(m[3]), signature: m[6]! };
}

/** The text of a pass. */
export function passText(p: ChannelPass, expiresAt: number, signature: string): string {
  return `${p.eventId}.${p.channelKey}.${expiresAt}.${p.maxSeats ?? 0}.${p.passId}.${signature}`;
}

/** The passes of a header (or query) value: comma-separated, blanks dropped, duplicates once. */
export function passTexts(value: string | undefined | null): string[] {
  if (value === undefined || value === null) return [];
  return [...new Set(value.split(",").map((p) => p.trim()))].filter((p) => p.length > 0 && p.length <= 300);
}
