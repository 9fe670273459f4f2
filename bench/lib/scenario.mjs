/**
 * What every scenario shares: a fresh workspace + published chart + event per scenario (so webhook
 * endpoints and live holds of one scenario never leak into another), the hold request builders,
 * and the same-run baselines that make figures comparable on a shared, noisy machine.
 */
import { seatLayout } from "./layouts.mjs";
import { blast, paced, sequential } from "./load.mjs";

/** The command line that reproduces one scenario's figures. */
export function command(name) {
  return `npm run bench -- --only ${name}`;
}

/** A path the router answers 404 without touching auth, D1 or a Durable Object. */
export const BASELINE_PATH = "/api/v1/__bench_baseline";

/**
 * A fresh workspace (production keys) with one published chart of `seats` seats and one event.
 * Returns `{ keys, chartKey, eventKey, labels }`.
 */
export async function newEvent(ctx, seats, name) {
  const keys = await ctx.api.workspace(`Bench ${name}`);
  const { layout, labels } = seatLayout(seats);
  ctx.log(`  ${name}: chart of ${seats.toLocaleString("en-US")} seats…`);
  const chartKey = await ctx.api.publishedChart(keys, layout, `Bench ${name} ${seats}`);
  const eventKey = await ctx.api.event(keys, chartKey);
  return { keys, chartKey, eventKey, labels };
}

/** The path of the hold route of an event. */
export function holdPath(eventKey) {
  return `/api/v1/events/${encodeURIComponent(eventKey)}/seats/hold`;
}

/**
 * The body builder of single-seat holds: request i holds `labels[offset + i]` under its own token.
 * Labels are consumed in order, so a run never asks for the same seat twice. 900 s stays within a
 * publishable hold's default maximum lifetime (1800 s), so no hold is refused for its ttl.
 */
export function singleSeatHolds(labels, offset, tokenPrefix, ttlSeconds = 900) {
  // Tokens need at least 8 characters.
  return (i) => JSON.stringify({ objectLabels: [labels[(offset + i) % labels.length]], holdToken: `bench-${tokenPrefix}-${offset + i}`, ttlSeconds });
}

/**
 * The headers builder of request i's buyer: its own client address (CF-Connecting-IP), as every
 * buyer of a rush has in production, one of 2^24 (10.0.0.0/8). The per-client limit then counts
 * each buyer apart, and the load generator stands for many buyers instead of one very busy one.
 */
export function buyerAddresses(offset = 0) {
  return (i) => {
    const n = (offset + i) & 0xffffff;
    return { "cf-connecting-ip": `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}` };
  };
}

/**
 * Baseline throughput: the 404 route (router + error envelope only) with 64 connections. Each
 * scenario measures its own, right before its figure, because the load from other work on the
 * machine changes minute by minute.
 */
export async function throughputBaseline(ctx, seconds = ctx.opts.baselineSeconds) {
  const r = await blast({ baseUrl: ctx.baseUrl, path: BASELINE_PATH, connections: 64, duration: seconds });
  return { rps: r.rps, p50: r.latency.p50, label: "404 route, 64 conn" };
}

/** Baseline latency of one sequential client on the 404 route. */
export async function sequentialBaseline(ctx, count = 100) {
  const r = await sequential(ctx.baseUrl, count, () => ({ method: "GET", path: BASELINE_PATH }));
  return { p50: r.latency.p50, mean: r.latency.mean, label: "404 route, 1 client" };
}

/** Baseline latency of the 404 route at a smooth offered rate. */
export async function pacedBaseline(ctx, rate, seconds) {
  const r = await paced({ baseUrl: ctx.baseUrl, method: "GET", path: BASELINE_PATH, rate, duration: seconds });
  return { p50: r.latency.p50, p99: r.latency.p99, label: `404 route at ${rate}/s` };
}

/** Counts of non-200 answers, e.g. "12 x 409, 3 x 500", or "" when every answer was 200. */
export function nonOk(statuses) {
  return Object.entries(statuses)
    .filter(([code]) => code !== "200")
    .map(([code, n]) => `${n} x ${code}`)
    .join(", ");
}
