/**
 * The Durable Object's notion of "now". Every decision reads time through one Clock so tests can
 * move time forward (runInDurableObject(stub, (o) => o.clock.advance(ms))) and check expiry at
 * exactly holdExpiresAt instead of sleeping.
 */
export class Clock {
  /** Added to the wall clock; only tests change it. */
  offsetMs = 0;
  /** When set, time stands still at this instant (tests only), so expiry can be hit to the millisecond. */
  frozenAt: number | null = null;

  /** Milliseconds since the epoch, as the engine sees them. */
  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  /** Stops engine time at its current value (tests only). */
  freeze(): void {
    this.frozenAt = this.now();
  }

  /** Moves engine time forward (tests only). */
  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    this.offsetMs += ms;
  }

  /** Converts an engine timestamp to wall-clock time, for setAlarm. */
  toWall(ms: number): number {
    return this.frozenAt !== null ? Date.now() + (ms - this.frozenAt) : ms - this.offsetMs;
  }
}
