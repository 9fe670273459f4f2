/**
 * The event object's notion of "now". Every decision reads time through one Clock, so that a test
 * build of the object can move time forward and hit an expiry to the millisecond instead of
 * sleeping (see test/support/worker.ts).
 */
export interface Clock {
  /** Milliseconds since the epoch, as decisions see them. */
  now(): number;
  /** The wall-clock time of an engine timestamp, for setAlarm. */
  toWall(ms: number): number;
}

/** Real time: what production runs on. */
export const systemClock: Clock = {
  now: () => Date.now(),
  toWall: (ms) => ms,
};
