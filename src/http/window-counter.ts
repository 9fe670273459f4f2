/**
 * Counts per key in fixed windows that start at a key's first count, in this isolate's memory: the
 * per-client limits that must cost no storage and no call per request (reads, unknown keys). A key
 * counts afresh once its window has passed. The map is bounded: past `maxKeys` the finished
 * windows are dropped, and if none had finished, all (a flood of new keys resets the counts rather
 * than the isolate's memory).
 */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Counts one for `key`; answers its count in the current window, this one included. */
  add(key: string, now: number): number {
    const entry = this.windows.get(key);
    if (entry !== undefined && entry.start + this.windowMs > now) return ++entry.count;
    if (entry === undefined && this.windows.size >= this.maxKeys) this.prune(now);
    this.windows.set(key, { start: now, count: 1 });
    return 1;
  }

  /** The key's count in its current window (0 once the window has passed). */
  count(key: string, now: number): number {
    const entry = this.windows.get(key);
    return entry !== undefined && entry.start + this.windowMs > now ? entry.count : 0;
  }

  /** Whole seconds (at least 1) until the key's current window ends. */
  retryAfterSeconds(key: string, now: number): number {
    const entry = this.windows.get(key);
    const left = entry === undefined ? 0 : entry.start + this.windowMs - now;
    return Math.max(1, Math.ceil(left / 1000));
  }

  private prune(now: number): void {
    for (const [k, v] of this.windows) if (v.start + this.windowMs <= now) this.windows.delete(k);
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}
