/**
 * (b) Latency at a fixed offered 1,000 holds/s. Two generators: a smooth open-loop pacer (the
 * figure judged against the target, measured from each request's scheduled send time) and
 * autocannon's `overallRate` (reported alongside: it releases each connection's per-second quota
 * at the start of the second, so it measures a burst of 1,000 every second rather than a steady
 * rate). The baseline is the 404 route paced at the same rate. First, while our service is idle, the
 * runtime's own floor of a hold (a Worker calling a Durable Object that does one INSERT in
 * transactionSync, no code of ours) is paced at the same rate: what this runtime on this machine
 * gives before any of our work.
 */
import { blast, paced } from "../lib/load.mjs";
import { startFloorWorker } from "../lib/runtime.mjs";
import { holdPath, newEvent, nonOk, pacedBaseline, singleSeatHolds } from "../lib/scenario.mjs";
import { ms, ratio } from "../lib/stats.mjs";

const RATE = 1000;
/** A rate well inside what this machine serves, to show the hold's own latency without queueing. */
const LOW_RATE = 100;
export const name = "latency";

/** Runs the scenario and adds its rows to the report. */
export async function run(ctx) {
  const { duration } = ctx.opts;
  await floorAtRate(ctx, duration);
  const perRun = RATE * duration;
  const ev = await newEvent(ctx, perRun * 2 + 2000 + LOW_RATE * duration + 100, "latency");
  const path = holdPath(ev.eventKey);
  const headers = { "x-api-key": ev.keys.pk };
  ctx.log("  warm-up: 1,000 holds…");
  await blast({
    baseUrl: ctx.baseUrl,
    method: "POST",
    path,
    headers,
    body: singleSeatHolds(ev.labels, 0, "warm"),
    connections: 64,
    amount: 1000,
    duration: 30,
  });
  // Below capacity first, before the 1,000/s run leaves a backlog (queued requests, webhook queue).
  ctx.log(`  paced ${LOW_RATE}/s for ${duration} s…`);
  const low = await paced({
    baseUrl: ctx.baseUrl,
    path,
    headers: { ...headers, "content-type": "application/json" },
    body: singleSeatHolds(ev.labels, 2000 + 2 * perRun, "low"),
    rate: LOW_RATE,
    duration,
  });
  const lowBase = await pacedBaseline(ctx, LOW_RATE, Math.min(5, duration));
  ctx.report.add({
    scenario: name,
    figure: `Latency at ${LOW_RATE} holds/s offered (smooth open loop, below capacity)`,
    target: "(informational)",
    result: `p50 ${ms(low.latency.p50)}, p99 ${ms(low.latency.p99)}, max ${ms(low.latency.max)} (${low.completed} holds)${nonOk(low.statuses) ? `; non-200: ${nonOk(low.statuses)}` : ""}`,
    met: null,
    baseline: `p50 ${ms(lowBase.p50)}, p99 ${ms(lowBase.p99)} (${lowBase.label})`,
    ratio: `p50 ${ratio(low.latency.p50, lowBase.p50)}, p99 ${ratio(low.latency.p99, lowBase.p99)}`,
  });
  const base = await pacedBaseline(ctx, RATE, Math.min(5, duration));
  ctx.log(`  paced ${RATE}/s for ${duration} s…`);
  const p = await paced({
    baseUrl: ctx.baseUrl,
    path,
    headers: { ...headers, "content-type": "application/json" },
    body: singleSeatHolds(ev.labels, 2000, "b"),
    rate: RATE,
    duration,
  });
  const bad = nonOk(p.statuses);
  ctx.report.add({
    scenario: name,
    figure: `Latency at ${RATE.toLocaleString("en-US")} holds/s offered (smooth open loop)`,
    target: "p50 <= 5 ms, p99 <= 25 ms",
    result: `p50 ${ms(p.latency.p50)}, p99 ${ms(p.latency.p99)}, max ${ms(p.latency.max)} (${p.completed} holds, achieved ${Math.round(p.rps)}/s)${bad ? `; non-200: ${bad}` : ""}${p.errors ? `; ${p.errors} errors` : ""}`,
    met: p.latency.p50 <= 5 && p.latency.p99 <= 25 && !bad,
    baseline: `p50 ${ms(base.p50)}, p99 ${ms(base.p99)} (${base.label})`,
    ratio: `p50 ${ratio(p.latency.p50, base.p50)}, p99 ${ratio(p.latency.p99, base.p99)}`,
  });
  ctx.log(`  autocannon overallRate ${RATE}/s for ${duration} s…`);
  const a = await blast({
    baseUrl: ctx.baseUrl,
    method: "POST",
    path,
    headers,
    body: singleSeatHolds(ev.labels, 2000 + perRun, "b2"),
    connections: 64,
    overallRate: RATE,
    amount: perRun,
    duration: duration + 5,
  });
  ctx.report.add({
    scenario: name,
    figure: `Latency at ${RATE.toLocaleString("en-US")} holds/s offered (autocannon overallRate, per-second bursts)`,
    target: "(informational)",
    result: `p50 ${ms(a.latency.p50)}, p99 ${ms(a.latency.p99)}, max ${ms(a.latency.max)} (${a.completed} holds, ${Math.round(a.rps)}/s)${nonOk(a.statuses) ? `; non-200: ${nonOk(a.statuses)}` : ""}`,
    met: null,
    baseline: `p50 ${ms(base.p50)} (${base.label})`,
    ratio: `p50 ${ratio(a.latency.p50, base.p50)}`,
  });
}

/** The runtime floor of a hold, paced at RATE (informational; no code of ours runs). */
async function floorAtRate(ctx, duration) {
  let floor = null;
  try {
    floor = await startFloorWorker({ log: ctx.log });
    if (!floor.directUrl) return ctx.report.note(name, "the floor Worker's own socket was not found; no floor row");
    const body = (i) => JSON.stringify({ objectLabels: [`F-${i}`], holdToken: `floor-${i}-token` });
    ctx.log(`  runtime floor of a hold, paced ${RATE}/s for ${duration} s…`);
    await paced({ baseUrl: floor.directUrl, path: "/hold", headers: { "content-type": "application/json" }, body, rate: RATE, duration: 2 });
    const p = await paced({
      baseUrl: floor.directUrl,
      path: "/hold",
      headers: { "content-type": "application/json" },
      body: (i) => body(10_000_000 + i),
      rate: RATE,
      duration,
    });
    ctx.report.add({
      scenario: name,
      figure: `Runtime floor of a hold at ${RATE.toLocaleString("en-US")}/s offered: Worker -> Durable Object RPC -> one INSERT in transactionSync (not our code, same wrangler dev settings)`,
      target: "(profile)",
      result: `p50 ${ms(p.latency.p50)}, p99 ${ms(p.latency.p99)}, max ${ms(p.latency.max)} (${p.completed} requests, achieved ${Math.round(p.rps)}/s)${nonOk(p.statuses) ? `; non-200: ${nonOk(p.statuses)}` : ""}`,
      met: null,
    });
  } catch (err) {
    ctx.report.note(name, `floor Worker did not start: ${String(err.message).slice(0, 200)}`);
  } finally {
    await floor?.stop();
  }
}
