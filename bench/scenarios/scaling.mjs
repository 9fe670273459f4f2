/**
 * (e) Hold cost against event size and against live holds. Bursts of 1,000 single-seat holds
 * (64 connections) on: a 1,000-seat event (a fresh event per round, since the burst takes every
 * seat), a 100,000-seat event with no other holds, and a 100,000-seat event carrying 50,000 live
 * holds. Rounds are interleaved so that machine noise hits all three alike; the median of the
 * rounds is compared. Cost is 1 / throughput; flat means within +-20%.
 */
import { blast } from "../lib/load.mjs";
import { shuffled } from "../lib/layouts.mjs";
import { holdPath, newEvent, nonOk, throughputBaseline } from "../lib/scenario.mjs";
import { median, ms, perSecond, ratio } from "../lib/stats.mjs";

export const name = "scaling";
const BURST = 1000;
const LIVE = 50_000;

/** One burst of BURST holds over `labels`; returns holds/s and p50. */
async function burst(ctx, ev, labels, tag) {
  const r = await blast({
    baseUrl: ctx.baseUrl,
    method: "POST",
    path: holdPath(ev.eventKey),
    headers: { "x-api-key": ev.keys.pk },
    body: (i) => JSON.stringify({ objectLabels: [labels[i]], holdToken: `${tag}-${i}-${ctx.api.runId}`, ttlSeconds: 900 }),
    connections: 64,
    amount: BURST,
    duration: 60,
  });
  return { rps: r.ok / r.elapsedS, p50: r.latency.p50, bad: nonOk(r.statuses) };
}

/** Runs the scenario and adds its rows to the report. */
export async function run(ctx) {
  const rounds = ctx.opts.rounds;
  const small = await newEvent(ctx, 1000, "scaling-1k");
  const big = await newEvent(ctx, 100_000, "scaling-100k");
  const loaded = { ...big, eventKey: await ctx.api.event(big.keys, big.chartKey) };
  ctx.log(`  placing ${LIVE.toLocaleString("en-US")} live holds…`);
  await ctx.api.holdMany(loaded.keys, loaded.eventKey, big.labels.slice(0, LIVE), { concurrency: 4 });
  const bigOrder = shuffled(big.labels.slice(LIVE), 7);
  // Placing the live holds queued 50,000 webhook messages; let the consumer finish first.
  await ctx.settle();
  // Warm the three paths once so the first round does not pay for JIT and object start-up.
  await burst(ctx, { ...small, eventKey: await ctx.api.event(small.keys, small.chartKey) }, shuffled(small.labels, 1), "w1");
  await burst(ctx, big, bigOrder.slice(rounds * BURST), "w2");
  await burst(ctx, loaded, bigOrder.slice(rounds * BURST + BURST), "w3");
  const results = { small: [], big: [], loaded: [] };
  const bad = [];
  for (let round = 0; round < rounds; round++) {
    ctx.log(`  round ${round + 1}/${rounds}…`);
    const fresh = { ...small, eventKey: await ctx.api.event(small.keys, small.chartKey) };
    const slice = bigOrder.slice(round * BURST, (round + 1) * BURST);
    const s = await burst(ctx, fresh, shuffled(small.labels, round + 1), `s${round}`);
    const b = await burst(ctx, big, slice, `b${round}`);
    // The loaded event uses the seats after the warm-up ones, so the two 100k events never clash.
    const l = await burst(ctx, loaded, bigOrder.slice((rounds + 2 + round) * BURST, (rounds + 3 + round) * BURST), `l${round}`);
    results.small.push(s);
    results.big.push(b);
    results.loaded.push(l);
    for (const x of [s, b, l]) if (x.bad) bad.push(x.bad);
  }
  const base = await throughputBaseline(ctx);
  const m = (list) => median(list.map((x) => x.rps));
  const p = (list) => median(list.map((x) => x.p50));
  const sizeRatio = m(results.small) / m(results.big);
  const liveRatio = m(results.big) / m(results.loaded);
  const badText = bad.length ? `; non-200: ${bad.join("; ")}` : "";
  ctx.report.add({
    scenario: name,
    figure: `Hold cost, 1,000 vs 100,000 seats (bursts of ${BURST}, 64 conn, median of ${rounds})`,
    target: "flat within +-20%",
    result: `1k: ${perSecond(m(results.small))} p50 ${ms(p(results.small))}; 100k: ${perSecond(m(results.big))} p50 ${ms(p(results.big))}; cost 100k/1k ${sizeRatio.toFixed(2)}${badText}`,
    met: Math.abs(sizeRatio - 1) <= 0.2 && !bad.length,
    baseline: `${perSecond(base.rps)} (${base.label})`,
    ratio: `1k ${ratio(m(results.small), base.rps)}, 100k ${ratio(m(results.big), base.rps)}`,
  });
  ctx.report.add({
    scenario: name,
    figure: `Hold cost, 0 vs ${LIVE.toLocaleString("en-US")} live holds on a 100,000-seat event`,
    target: "flat within +-20%",
    result: `0 live: ${perSecond(m(results.big))} p50 ${ms(p(results.big))}; 50k live: ${perSecond(m(results.loaded))} p50 ${ms(p(results.loaded))}; cost 50k/0 ${liveRatio.toFixed(2)}${badText}`,
    met: Math.abs(liveRatio - 1) <= 0.2 && !bad.length,
    baseline: `${perSecond(base.rps)} (${base.label})`,
    ratio: `0 live ${ratio(m(results.big), base.rps)}, 50k live ${ratio(m(results.loaded), base.rps)}`,
  });
}
