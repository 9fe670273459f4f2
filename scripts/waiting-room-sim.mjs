#!/usr/bin/env node
/**
 * A simulation of a big on-sale through the waiting room's own rules (src/waiting-room/queue-core.ts,
 * imported as is): a million buyers, SHARD_COUNT shards that rank and admit like WaitingRoomShard,
 * a pacer that ticks like WaitingRoomPacer, all in simulated time. It checks what docs/waiting-room.md
 * promises and exits 1 when any check fails:
 *   - the pre-queue's admission order is a uniform permutation of its join order (Spearman's rho
 *     near 0; the first admitted decile drawn evenly from the ten deciles of joiners, chi-square);
 *   - later joiners are admitted after the whole pre-queue, in join order;
 *   - every sliding minute admits at most admitPerMinute + 10% + 2 and, while buyers wait, at least
 *     90% - 2: the sessions reaching the event never come faster than the pace;
 *   - each buyer is admitted exactly once;
 * and reports how far the shards' estimated positions are from the true ones, its time and memory.
 *
 * Usage: node scripts/waiting-room-sim.mjs [buyers=1000000] [admitPerMinute=10000]
 */
import { allocate, globalPosition, INITIAL_PACE, orderKey, paceTick, SHARD_COUNT, shardOf, tickBudget } from "../src/waiting-room/queue-core.ts";

const N = Number(process.argv[2] ?? 1_000_000);
const RATE = Number(process.argv[3] ?? 10_000);
const PRE = Math.floor(N * 0.7);
const OPENS_AT = 3_600_000;
const started = performance.now();
let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
};

// ---- joins: 70% in the hour before opening, the rest over the 30 minutes after, in order --------
const joinedAt = new Float64Array(N);
const keys = new Float64Array(N);
const shardOfBuyer = new Uint8Array(N);
for (let i = 0; i < N; i++) {
  const t = i < PRE ? (i / PRE) * OPENS_AT : OPENS_AT + ((i - PRE) / (N - PRE)) * 1_800_000;
  joinedAt[i] = t;
  keys[i] = orderKey(t, OPENS_AT, Math.random());
  shardOfBuyer[i] = shardOf(`198.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`, SHARD_COUNT);
}

/** A shard: its buyers in rank order (filled at opening, then appended), and how many it admitted. */
const shards = Array.from({ length: SHARD_COUNT }, () => ({ order: [], admitted: 0 }));
const admittedAt = new Float64Array(N).fill(Infinity);
let admittedCount = 0;
let joinedSoFar = 0;

function joinUntil(now) {
  while (joinedSoFar < N && joinedAt[joinedSoFar] <= now) {
    const i = joinedSoFar++;
    shards[shardOfBuyer[i]].order.push(i);
  }
}

// ---- the pre-queue joins, then each shard ranks it by order key at opening ---------------------
joinUntil(OPENS_AT - 1);
for (const s of shards) s.order.sort((a, b) => keys[a] - keys[b]);

// ---- ticks: about a second apart, with jitter, until everyone is admitted ----------------------
const ticks = [];
let pace = INITIAL_PACE;
let now = OPENS_AT;
let positionErrors = 0;
let positionSamples = 0;
while (admittedCount < N) {
  now += 800 + Math.floor(Math.random() * 400);
  joinUntil(now);
  const budget = tickBudget(pace, now, RATE);
  const heads = shards.map((s) => s.order.slice(s.admitted, s.admitted + budget).map((i) => keys[i]));
  const waiting = shards.reduce((sum, s) => sum + s.order.length - s.admitted, 0);
  const step = paceTick(pace, now, RATE, waiting);
  pace = step.state;
  const grants = allocate(heads, step.admit);
  let admitted = 0;
  grants.forEach((g, s) => {
    const shard = shards[s];
    for (let k = 0; k < g; k++) {
      const i = shard.order[shard.admitted + k];
      if (admittedAt[i] !== Infinity) throw new Error(`buyer ${i} admitted twice`);
      admittedAt[i] = now;
    }
    shard.admitted += g;
    admitted += g;
  });
  admittedCount += admitted;
  ticks.push({ at: now, admitted, waiting: waiting - admitted });
  // Every 600th tick: the estimated position of a few waiting buyers against their true place.
  if (ticks.length % 600 === 0 && waiting - admitted > 1000) {
    const truth = shards.flatMap((s) => s.order.slice(s.admitted)).sort((a, b) => keys[a] - keys[b]);
    const rankOf = new Map(truth.map((i, r) => [i, r + 1]));
    for (const s of shards) {
      const local = Math.floor((s.order.length - s.admitted) / 2) + 1;
      const i = s.order[s.admitted + local - 1];
      const estimate = globalPosition(local, s.order.length - s.admitted, waiting - admitted);
      positionErrors += Math.abs(estimate - rankOf.get(i)) / rankOf.get(i);
      positionSamples++;
    }
  }
}

// ---- checks -----------------------------------------------------------------------------------
check(
  admittedAt.every((t) => t !== Infinity),
  `all ${N.toLocaleString("en")} buyers admitted exactly once`,
);

function averageRanks(values) {
  const idx = Array.from(values.keys()).sort((a, b) => values[a] - values[b]);
  const ranks = new Float64Array(values.length);
  for (let a = 0; a < idx.length;) {
    let b = a;
    while (b + 1 < idx.length && values[idx[b + 1]] === values[idx[a]]) b++;
    for (let k = a; k <= b; k++) ranks[idx[k]] = (a + b) / 2;
    a = b + 1;
  }
  return ranks;
}
const pre = admittedAt.subarray(0, PRE);
const ry = averageRanks(pre);
let num = 0;
let dx = 0;
let dy = 0;
const mean = (PRE - 1) / 2;
for (let i = 0; i < PRE; i++) {
  num += (i - mean) * (ry[i] - mean);
  dx += (i - mean) ** 2;
  dy += (ry[i] - mean) ** 2;
}
const rho = num / Math.sqrt(dx * dy);
check(
  Math.abs(rho) < 3.3 / Math.sqrt(PRE),
  `pre-queue rank correlation with join order: rho = ${rho.toFixed(5)} (|rho| < ${(3.3 / Math.sqrt(PRE)).toFixed(5)})`,
);

const firstDecile = Array.from(pre.keys())
  .sort((a, b) => pre[a] - pre[b] || a - b)
  .slice(0, Math.floor(PRE / 10));
const bins = new Array(10).fill(0);
for (const i of firstDecile) bins[Math.floor((i * 10) / PRE)]++;
const expected = firstDecile.length / 10;
const chi2 = bins.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
check(chi2 < 27.88, `first admitted decile by join decile: chi-square = ${chi2.toFixed(2)} (9 df, < 27.88 at p = 0.001)`);

const lastPre = pre.reduce((m, t) => Math.max(m, t), 0);
let fifo = true;
for (let i = PRE; i < N; i++) if (admittedAt[i] < lastPre || (i > PRE && admittedAt[i] < admittedAt[i - 1])) fifo = false;
check(fifo, "later joiners admitted after the whole pre-queue, in join order");

let maxWindow = 0;
let minBusyWindow = Infinity;
for (let a = 0, b = 0, sum = 0; a < ticks.length; a++) {
  while (b < ticks.length && ticks[b].at < ticks[a].at + 60_000) sum += ticks[b++].admitted;
  if (b === ticks.length) break;
  maxWindow = Math.max(maxWindow, sum);
  if (ticks[b - 1].waiting > 0) minBusyWindow = Math.min(minBusyWindow, sum);
  sum -= ticks[a].admitted;
}
check(
  maxWindow <= Math.floor(RATE * 1.1) + 2,
  `most admitted in any sliding minute: ${maxWindow} (pace ${RATE}, limit ${Math.floor(RATE * 1.1) + 2}): the event never sees sessions faster`,
);
check(
  minBusyWindow >= Math.ceil(RATE * 0.9) - 2,
  `fewest admitted in a sliding minute while buyers waited: ${minBusyWindow} (floor ${Math.ceil(RATE * 0.9) - 2})`,
);

const seconds = (performance.now() - started) / 1000;
const mem = process.memoryUsage();
console.log(
  `positions: mean relative error of the shards' estimate ${((positionErrors / Math.max(1, positionSamples)) * 100).toFixed(2)}% over ${positionSamples} samples`,
);
console.log(
  `${N.toLocaleString("en")} buyers, ${SHARD_COUNT} shards, ${RATE}/min: ${ticks.length} ticks (${((now - OPENS_AT) / 60_000).toFixed(1)} simulated minutes) in ${seconds.toFixed(1)} s; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`,
);
process.exit(failures === 0 ? 0 : 1);
