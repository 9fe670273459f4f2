/**
 * The client addresses that sent this isolate a change (any request other than a read) in the last
 * moments. The crowd's reads of an event may be answered from this isolate's copy without asking
 * the hub (routes/events/status-copies.ts), but never to a client that has just changed something:
 * a buyer, a box office or a test that holds and then reads sees its own change, as it did when
 * every read asked the hub. Kept in memory for a second, which is longer than any copy is trusted.
 */

/** How long a change is remembered: longer than an isolate trusts a copy without asking the hub. */
const REMEMBER_MS = 1_000;
const MAX_ENTRIES = 10_000;

const writers = new Map<string, number>();

/** Notes that `client` sent a change at `now`. */
export function noteWrite(client: string, now = Date.now()): void {
  if (writers.size >= MAX_ENTRIES && !writers.has(client)) {
    for (const [k, at] of writers) if (at + REMEMBER_MS <= now) writers.delete(k);
    // A flood of distinct writers: forget them all rather than grow. The reads of the next second
    // may then be up to a copy's age old for them, which is still within the second promised.
    if (writers.size >= MAX_ENTRIES) writers.clear();
  }
  writers.set(client, now);
}

/** Whether `client` sent a change at or after `since`. */
export function wroteSince(client: string, since: number): boolean {
  const at = writers.get(client);
  return at !== undefined && at >= since;
}
