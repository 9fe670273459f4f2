import { z } from "@hono/zod-openapi";

/**
 * Time zones of events and seasons: the venue's IANA zone ("Europe/London"), checked with the
 * runtime's own Intl data, so that a time can be typed as the venue's clock shows it
 * ("2027-02-06 15:00") and shown back the same way with its offset. The stored truth of a time is
 * always the UTC instant; the zone only reads and writes it.
 */

/** The zone of an event or season that names none. */
export const DEFAULT_TIME_ZONE = "UTC";

/** The zone's canonical name as Intl spells it ("europe/london" → "Europe/London"), or null for a name Intl does not know. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A `timeZone` field: an IANA name Intl knows, answered in its canonical spelling. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone === null) {
      ctx.addIssue({ code: "custom", message: "must be an IANA time zone such as Europe/London or America/New_York" });
      return z.NEVER;
    }
    return zone;
  })
  .openapi({ type: "string", example: "Europe/London", description: "The venue's IANA time zone; UTC when unset" });

/** An instant with an offset or Z: "2027-02-06T15:00:00+01:00". */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[zZ]|[+-]\d{2}:?\d{2})$/;
/** A wall-clock date and time without an offset, as a venue's clock (and `<input type="datetime-local">`) shows it. */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?$/;

/** The numbers of a wall-clock input (seconds 0 when left out), or null for another form. */
function wallParts(text: string): [number, number, number, number, number, number] | null {
  const m = LOCAL.exec(text);
  if (!m) return null;
  return [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), m[6] === undefined ? 0 : Number(m[6])];
}

/** Whether `text` is a date and time this service reads: with an offset, or a wall-clock time in the event's zone. */
export function isDateTimeInput(text: string): boolean {
  if (WITH_OFFSET.test(text)) return Number.isFinite(Date.parse(text.replace(" ", "T")));
  const p = wallParts(text);
  if (!p) return false;
  const [y, mo, d, h, mi, s] = p;
  const check = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return check.getUTCMonth() === mo - 1 && check.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
}

/** A `startsAt` (or any time of an event) as a request gives it: checked here, turned into an instant by {@link toInstant}. */
export const dateTimeInputSchema = z
  .string()
  .max(64)
  .refine(isDateTimeInput, "must be a date and time such as 2027-02-06T15:00 (the venue's clock) or 2027-02-06T15:00:00+01:00")
  .openapi({
    type: "string",
    example: "2027-02-06T15:00",
    description: "ISO 8601 date-time. With an offset or Z it is that instant; without one it is read on the clock of the event's time zone",
  });

/** The offset of `zone` from UTC at the instant `ms`, in minutes (east positive). */
export function offsetMinutes(zone: string, ms: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const v = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(v("year"), v("month") - 1, v("day"), v("hour") % 24, v("minute"), v("second"));
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The UTC instant (ISO) of a date-time input: one with an offset is that instant; a wall-clock time
 * is read in `zone`. A time the clocks skip (the spring gap) is read with the offset before the
 * change, so it lands just after it; a time that happens twice (autumn) is the first of the two,
 * as calendars and Temporal's "compatible" choice do.
 */
export function toInstant(text: string, zone: string = DEFAULT_TIME_ZONE): string {
  const p = wallParts(text);
  if (!p) return new Date(text.replace(" ", "T")).toISOString();
  const [y, mo, d, h, mi, s] = p;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const before = offsetMinutes(zone, wall - 86_400_000);
  const after = offsetMinutes(zone, wall + 86_400_000);
  const candidates = [...new Set([before, after])].map((off) => wall - off * 60_000).filter((t) => offsetMinutes(zone, t) * 60_000 === wall - t);
  const chosen = candidates.length > 0 ? Math.min(...candidates) : wall - before * 60_000;
  return new Date(chosen).toISOString();
}

/** "+01:00", "-05:00", "+05:45", "+00:00". */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** The wall-clock parts of an instant in a zone: what a date and a time picker show. */
export function wallClock(iso: string, zone: string = DEFAULT_TIME_ZONE): { date: string; time: string; offset: string } {
  const ms = Date.parse(iso);
  const off = offsetMinutes(zone, ms);
  const local = new Date(Math.floor(ms / 60_000) * 60_000 + off * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16), offset: offsetText(off) };
}

/** The value of an `<input type="datetime-local">` showing the instant on the zone's clock. */
export function localInputValue(iso: string | null | undefined, zone: string = DEFAULT_TIME_ZONE): string {
  if (!iso || !Number.isFinite(Date.parse(iso))) return "";
  const w = wallClock(iso, zone);
  return `${w.date}T${w.time}`;
}

/** An instant as people at the venue read it, with the offset and the zone: "Sat 6 Feb 2027, 15:00 (UTC+01:00, Europe/Berlin)". */
export function zonedText(iso: string, zone: string = DEFAULT_TIME_ZONE): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return iso;
  const w = wallClock(iso, zone);
  const day = new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(ms);
  return `${day.replace(/,/g, "")}, ${w.time} (UTC${w.offset}${zone === "UTC" ? "" : `, ${zone}`})`;
}
