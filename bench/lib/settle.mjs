/**
 * Waits for the webhook queue to drain between scenarios. Every seat change of every workspace
 * becomes a queue message, so a scenario that places 40,000 holds leaves a backlog the consumer
 * keeps working through, on the same two cores, while the next scenario measures. A sentinel
 * workspace with an endpoint at the local receiver holds one seat and waits for its `seat.held`
 * delivery: once it arrives, what was queued before it has been handled too (the queue is FIFO
 * locally). Bounded in time; on timeout the run goes on with a note.
 */
import { seatLayout } from "./layouts.mjs";

const SEATS = 500;

/** Creates the sentinel; returns null (and settling becomes a no-op) when webhooks are unavailable. */
export async function createSentinel(ctx) {
  try {
    const keys = await ctx.api.workspace("Bench sentinel");
    const { layout, labels } = seatLayout(SEATS);
    const chartKey = await ctx.api.publishedChart(keys, layout, "Bench sentinel");
    const eventKey = await ctx.api.event(keys, chartKey);
    const path = `/hooks/sentinel-${ctx.api.runId}`;
    const hook = await ctx.api.webhook(keys, ctx.receiver.url(path), ["seat.held"]);
    ctx.receiver.setSecret(path, hook.secret);
    return { keys, eventKey, labels, path, next: 0 };
  } catch (err) {
    ctx.log(`  (no queue settling: ${err.message})`);
    return null;
  }
}

/** Holds the next sentinel seat and waits (at most `boundS`) for its webhook; resolves seconds or null. */
export async function settle(ctx, sentinel, boundS = 120) {
  if (!sentinel || sentinel.next >= sentinel.labels.length) return null;
  const label = sentinel.labels[sentinel.next++];
  const t0 = performance.now();
  const res = await ctx.api.hold(sentinel.keys, sentinel.eventKey, [label], `sentinel-${label}-${ctx.api.runId}`);
  if (res.status !== 200) return null;
  const arrived = await ctx.receiver.waitFor(sentinel.path, (ch) => [...ch.byId.values()].some((e) => e.objectLabel === label), boundS * 1000);
  return arrived ? (performance.now() - t0) / 1000 : null;
}
