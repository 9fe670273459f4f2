/**
 * (a) Holds per second on one event: 64 connections, the full path (router, key auth with the
 * production publishable key a browser would use, the event's Durable Object). Every request holds
 * a different seat under its own token, so every answer should be a 200.
 */
import { blast } from "../lib/load.mjs";
import { holdPath, newEvent, nonOk, singleSeatHolds, throughputBaseline } from "../lib/scenario.mjs";
import { ms, perSecond, ratio } from "../lib/stats.mjs";

const FIGURE = "Holds/s on one event, full path, 64 connections";
const TARGET = ">= 2,000 holds/s";

export const name = "holds";

/** Runs the scenario and adds its rows to the report. */
export async function run(ctx) {
  const { duration } = ctx.opts;
  // Enough seats for a 6,000 holds/s run plus the warm-up, so no request ever finds its seat taken.
  const seats = Math.max(20_000, Math.ceil(duration * 6000) + 2000);
  const ev = await newEvent(ctx, seats, "holds");
  const base = await throughputBaseline(ctx);
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
  ctx.log(`  measuring ${duration} s…`);
  const r = await blast({
    baseUrl: ctx.baseUrl,
    method: "POST",
    path,
    headers,
    body: singleSeatHolds(ev.labels, 1000, "a"),
    connections: 64,
    amount: ev.labels.length - 1000,
    duration,
  });
  const bad = nonOk(r.statuses);
  ctx.figures.holdsPerSecond = r.ok / r.elapsedS;
  ctx.report.add({
    scenario: name,
    figure: FIGURE,
    target: TARGET,
    result: `${perSecond(r.ok / r.elapsedS)} (${r.ok.toLocaleString("en-US")} holds in ${r.elapsedS.toFixed(1)} s; p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)})${bad ? `; non-200: ${bad}` : ""}`,
    met: r.ok / r.elapsedS >= 2000 && !bad,
    baseline: `${perSecond(base.rps)} (${base.label})`,
    ratio: ratio(r.ok / r.elapsedS, base.rps),
  });
}
