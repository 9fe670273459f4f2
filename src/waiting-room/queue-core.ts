/**
 * The waiting room's rules as pure functions (docs/waiting-room.md), shared by the Durable Objects
 * (waiting-room-shard.ts, waiting-room-pacer.ts) and the in-process simulation of a million buyers
 * (scripts/waiting-room-sim.mjs runs this very module).
 *
 * States of a ticket: waiting -> admitted (once, never back). Order: an order key drawn at join.
 *   - joined before opensAt: a uniform random number in [0, 1). Sorting the pre-queue by it is a
 *     uniformly random permutation, and a retry gets the same ticket, so the same key.
 *   - joined at or after opensAt: the join time in milliseconds (>= 1), so later joiners follow
 *     every pre-queue buyer, in join order.
 * Pace: the pacer runs one tick a second; each tick adds admitPerMinute/60 per elapsed second of
 * credit, admits the whole part of it (never more than are waiting), and, when the queue runs dry,
 * keeps less than one buyer of credit so that no burst is saved up for later.
 */

/** How often the pacer admits. */
export const TICK_MS = 1000;
/** The longest gap a tick credits: after an outage the pacer resumes at its pace, not with a burst. */
export const MAX_CREDITED_GAP_MS = 5 * TICK_MS;
/** How many queue shards an event's room has: joins and polls spread over them by client. */
export const SHARD_COUNT = 8;

/** The pacer's running state between ticks. */
export interface PaceState {
  /** Admissions earned and not yet given (fractional). */
  credit: number;
  /** When the last tick ran (epoch ms), or null before the first. */
  lastTickAt: number | null;
}

export const INITIAL_PACE: PaceState = { credit: 0, lastTickAt: null };

/**
 * One tick: how many of `waiting` to admit at `now`, and the state after. Over any 60 s the
 * admissions are at most admitPerMinute plus one tick's share plus one, and while buyers wait at
 * least admitPerMinute less one tick's share less one (see the module comment).
 */
export function paceTick(state: PaceState, now: number, admitPerMinute: number, waiting: number): { admit: number; state: PaceState } {
  const gap = state.lastTickAt === null ? TICK_MS : Math.min(Math.max(0, now - state.lastTickAt), MAX_CREDITED_GAP_MS);
  let credit = state.credit + (admitPerMinute * gap) / 60_000;
  const admit = Math.min(Math.floor(credit), Math.max(0, waiting));
  credit -= admit;
  // Nobody left waiting: the credit they did not use is not kept for a later crowd.
  if (admit === waiting) credit = Math.min(credit, credit - Math.floor(credit));
  return { admit, state: { credit, lastTickAt: now } };
}

/** The most a tick at `now` can admit, so shards need show the pacer no more keys than that. */
export function tickBudget(state: PaceState, now: number, admitPerMinute: number): number {
  const gap = state.lastTickAt === null ? TICK_MS : Math.min(Math.max(0, now - state.lastTickAt), MAX_CREDITED_GAP_MS);
  return Math.floor(state.credit + (admitPerMinute * gap) / 60_000);
}

/**
 * Shares `admit` admissions among shards so that, across all of them, the buyers with the smallest
 * order keys go first: a merge of each shard's smallest keys (each list sorted ascending, each at
 * least as long as the shard's share can be). Answers how many each shard admits.
 */
export function allocate(heads: readonly (readonly number[])[], admit: number): number[] {
  const grants = heads.map(() => 0);
  const at = heads.map(() => 0);
  for (let n = 0; n < admit; n++) {
    let best = -1;
    let bestKey = Infinity;
    for (let s = 0; s < heads.length; s++) {
      const key = heads[s][at[s]];
      if (key !== undefined && key < bestKey) {
        best = s;
        bestKey = key;
      }
    }
    if (best < 0) break;
    grants[best]++;
    at[best]++;
  }
  return grants;
}

/** The order key of a buyer joining at `now` (see the module comment); `random` is uniform in [0, 1). */
export function orderKey(now: number, opensAt: number, random: number): number {
  return now < opensAt ? random : Math.max(1, now);
}

/**
 * A waiting buyer's place in the whole queue (1 is next), estimated from its place in its shard:
 * shards are chosen by a hash of the client and keys do not depend on the shard, so a shard is a
 * uniform sample of the queue and the local rank scales by total/local.
 */
export function globalPosition(localPosition: number, shardWaiting: number, totalWaiting: number): number {
  if (shardWaiting <= 0) return localPosition;
  const scale = Math.max(totalWaiting, shardWaiting) / shardWaiting;
  return 1 + Math.floor((localPosition - 1) * scale + (scale - 1) / 2);
}

/** Seconds until a buyer at `position` is admitted at the configured pace (plus the wait until opening). */
export function estimatedWaitSeconds(position: number | null, totalWaiting: number, admitPerMinute: number, now: number, opensAt: number): number {
  const untilOpen = Math.max(0, Math.ceil((opensAt - now) / 1000));
  // Before opening a buyer's place is not drawn yet: on average half the pre-queue is ahead.
  const ahead = position === null ? Math.ceil(totalWaiting / 2) : position;
  return untilOpen + Math.ceil((ahead * 60) / admitPerMinute);
}

/**
 * When a waiting buyer should ask again: soon when admission is near, rarely when it is far, so that
 * polls scale with the queue's movement rather than its size.
 */
export function retryAfterSeconds(estimatedWait: number, now: number, opensAt: number): number {
  if (now < opensAt) return clamp(Math.ceil((opensAt - now) / 1000), 1, 30);
  return clamp(Math.ceil(estimatedWait / 4), 2, 30);
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** The shard of a client: FNV-1a of its address, so the same address always lands on the same shard. */
export function shardOf(client: string, shards = SHARD_COUNT): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < client.length; i++) {
    h ^= client.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % shards;
}

/** A ticket names its shard first, so a poll goes straight to it: `<shard>.<random>`. */
export function ticketShard(ticket: string, shards = SHARD_COUNT): number | null {
  const m = /^(\d{1,3})\.[A-Za-z0-9_-]{16,64}$/.exec(ticket);
  if (!m) return null;
  const s = Number(m[1]);
  return s < shards ? s : null;
}
