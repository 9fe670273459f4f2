/**
 * Events per second averaged over a sliding window (the live figures: messages sent, reads answered),
 * in tenths of a second, so the average moves smoothly: the count of the last `seconds` seconds over
 * `seconds`.
 */
export class RateWindow {
  private readonly slots: number[];
  private readonly stamps: number[];

  constructor(private readonly seconds = 10) {
    this.slots = new Array<number>(seconds * 10).fill(0);
    this.stamps = new Array<number>(seconds * 10).fill(-1);
  }

  /** Counts `n` events at `now` (ms). */
  add(now: number, n = 1): void {
    const tick = Math.floor(now / 100);
    const i = tick % this.slots.length;
    if (this.stamps[i] !== tick) {
      this.stamps[i] = tick;
      this.slots[i] = 0;
    }
    this.slots[i]! += n;
  }

  /** The events of the window ending at `now`, per second. */
  perSecond(now: number): number {
    const tick = Math.floor(now / 100);
    let sum = 0;
    for (let i = 0; i < this.slots.length; i++) {
      const stamp = this.stamps[i]!;
      if (stamp > tick - this.slots.length && stamp <= tick) sum += this.slots[i]!;
    }
    return Math.round((sum / this.seconds) * 10) / 10;
  }
}
