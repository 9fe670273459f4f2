/**
 * The sales plot's scales: round steps for the count of places and for time, so the axes read
 * "0, 2, 4, 6" and "20:00, 20:15, 20:30" rather than two timestamps at the ends.
 */
import { offsetMinutes } from "../../domain/time-zones";

/** A round upper bound and step for a count axis of at most about five ticks. */
export function countTicks(max: number): { top: number; ticks: number[] } {
  const target = Math.max(1, max);
  const raw = target / 4;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p);
  const top = Math.ceil(target / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return { top, ticks };
}

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** Time steps a person reads easily. */
const TIME_STEPS = [MIN, 5 * MIN, 15 * MIN, 30 * MIN, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY];

/**
 * Ticks on whole steps between t0 and t1 (ms), at most about six, with labels on the clock of
 * `zone` (the event's time zone; UTC by default): whole hours and days of that clock.
 */
export function timeTicks(t0: number, t1: number, zone = "UTC"): { at: number; label: string }[] {
  const span = Math.max(1, t1 - t0);
  const step = TIME_STEPS.find((s) => span / s <= 6) ?? 30 * DAY;
  // Steps are laid on the zone's clock: shifted by its offset at the start, then read back.
  const shift = offsetMinutes(zone, t0) * MIN;
  const ticks: { at: number; label: string }[] = [];
  for (let local = Math.ceil((t0 + shift) / step) * step; local - shift <= t1; local += step) {
    const at = local - shift;
    const iso = new Date(at + offsetMinutes(zone, at) * MIN).toISOString();
    const label = step >= DAY ? iso.slice(5, 10) : span > DAY ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}` : iso.slice(11, 16);
    ticks.push({ at, label });
  }
  return ticks;
}
