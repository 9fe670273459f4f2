/**
 * (g) Webhook delivery to a local receiver. One endpoint subscribed to `seat.held`; N seats are held
 * in batches of 200 (so the hold path is not the bottleneck); the receiver dedupes by envelope id
 * and verifies every signature. Reports events per second end to end (first hold sent to last
 * event received) and over the delivery span, and how many were lost or duplicated.
 */
import { throughputBaseline, newEvent } from "../lib/scenario.mjs";
import { perSecond, ratio } from "../lib/stats.mjs";

export const name = "webhooks";

/** Runs the scenario and adds its rows to the report. */
export async function run(ctx) {
  const count = ctx.opts.webhookEvents;
  const ev = await newEvent(ctx, count, "webhooks");
  const hookPath = `/hooks/delivery-${ctx.api.runId}`;
  const hook = await ctx.api.webhook(ev.keys, ctx.receiver.url(hookPath), ["seat.held"]);
  ctx.receiver.setSecret(hookPath, hook.secret);
  const base = await throughputBaseline(ctx);
  const labels = new Set(ev.labels);
  const seen = (ch) => {
    let n = 0;
    for (const e of ch.byId.values()) if (e.type === "seat.held" && labels.has(e.objectLabel)) n++;
    return n;
  };
  const t0 = performance.now();
  await ctx.api.holdMany(ev.keys, ev.eventKey, ev.labels, { concurrency: 2 });
  const holdsDone = performance.now() - t0;
  const complete = await ctx.receiver.waitFor(hookPath, (ch) => seen(ch) >= count, ctx.opts.webhookWaitSeconds * 1000);
  const ch = ctx.receiver.channel(hookPath);
  const received = seen(ch);
  const endToEnd = ch.lastAt ? (ch.lastAt - t0) / 1000 : Number.NaN;
  const span = ch.firstAt && ch.lastAt > ch.firstAt ? (ch.lastAt - ch.firstAt) / 1000 : Number.NaN;
  ctx.figures.webhookEventsPerSecond = received / endToEnd;
  ctx.report.add({
    scenario: name,
    figure: `Webhook delivery, ${count.toLocaleString("en-US")} seat.held events to a local receiver`,
    target: "events/s reported; none lost",
    result: `${perSecond(received / endToEnd, " events/s")} end to end (${perSecond(received / span, "/s")} over the delivery span; holds placed in ${(holdsDone / 1000).toFixed(1)} s); received ${received}/${count}, lost ${count - received}, duplicates ${ch.duplicates}, HTTP deliveries ${ch.deliveries}, bad signatures ${ch.badSignatures}${complete ? "" : ` (stopped waiting after ${ctx.opts.webhookWaitSeconds} s)`}`,
    met: complete && ch.badSignatures === 0,
    baseline: `${perSecond(base.rps)} (${base.label})`,
    ratio: ratio(received / endToEnd, base.rps),
  });
}
