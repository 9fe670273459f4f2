/**
 * (f) 10,000 holds that expire at the same moment. The holds go in batches of 200, each with the
 * ttl that lands its expiry on one common instant T (fractional ttlSeconds; whole seconds when the
 * service only takes integers, which spreads expiries over one second). Then:
 * - right after the last expiry, one status read must show none of them held (expired = free);
 * - the sweep is observed through `seat.hold_expired` webhooks at a local receiver: time from the
 *   last expiry until every label's event has arrived (this includes queue delivery; compare with
 *   the webhook scenario's delivery rate);
 * - a probe client holds other seats of the same event back to back from before T until 6 s after,
 *   and the worst hold latency during the sweep window is reported (target: under 50 ms).
 */
import { Unavailable } from "../lib/api.mjs";
import { json, newAgent, timedRequest } from "../lib/http.mjs";
import { holdPath, newEvent } from "../lib/scenario.mjs";
import { ms, percentile, ratio } from "../lib/stats.mjs";

export const name = "expiry";
const COUNT = 10_000;
const PROBE_SEATS = 8_000;

/** Runs the scenario and adds its rows to the report. */
export async function run(ctx) {
  const ev = await newEvent(ctx, COUNT + PROBE_SEATS, "expiry");
  const expiring = ev.labels.slice(0, COUNT);
  const probeLabels = ev.labels.slice(COUNT);
  const hookPath = `/hooks/expiry-${ctx.api.runId}`;
  let hook = null;
  try {
    hook = await ctx.api.webhook(ev.keys, ctx.receiver.url(hookPath), ["seat.hold_expired"]);
    ctx.receiver.setSecret(hookPath, hook.secret);
  } catch (err) {
    if (!(err instanceof Unavailable)) throw err;
    ctx.report.note(name, `no sweep observation: ${err.message}`);
  }

  const target = Date.now() + ctx.opts.expiryLeadSeconds * 1000;
  const expiries = await holdAll(ctx, ev, expiring, target);
  const tMin = Math.min(...expiries);
  const tMax = Math.max(...expiries);
  if (Date.now() > tMin - 1500) throw new Unavailable(`placing ${COUNT} holds took past their expiry; raise --expiry-lead`);

  // Probe: one client, back-to-back single-seat holds, from 1.5 s before the first expiry.
  const probe = [];
  const probeDone = (async () => {
    const agent = newAgent(1);
    await sleepUntil(tMin - 1500);
    const path = holdPath(ev.eventKey);
    for (let n = 0; n < probeLabels.length && Date.now() < tMax + 6000; n++) {
      const at = Date.now();
      const r = await timedRequest(ctx.baseUrl, "POST", path, { agent, headers: { "x-api-key": ev.keys.pk }, body: { objectLabels: [probeLabels[n]], holdToken: `probe-${n}-${ctx.api.runId}`, ttlSeconds: 3600 }, keepText: false });
      probe.push({ at, ms: r.ms, status: r.status });
    }
    agent.destroy();
  })();

  // Read right after the last expiry: every expired hold must already read as free.
  await sleepUntil(tMax + 20);
  const read = await timedRequest(ctx.baseUrl, "GET", `/api/v1/events/${encodeURIComponent(ev.eventKey)}/status`, { headers: { "x-api-key": ev.keys.pk } });
  const readAt = Date.now() - tMax;
  const expiringSet = new Set(expiring);
  const stillHeld = (json(read)?.objects ?? []).filter((o) => expiringSet.has(o.objectLabel) && o.status !== "free").length;
  ctx.report.add({
    scenario: name,
    figure: `${COUNT.toLocaleString("en-US")} holds expiring at once: read at expiry`,
    target: "all free on read at expiry",
    result: read.status === 200 ? `${stillHeld} of ${COUNT} still shown held, read ${readAt} ms after the last expiry (expiries spread over ${tMax - tMin} ms)` : `status answered ${read.status}`,
    met: read.status === 200 && stillHeld === 0,
  });

  if (hook) {
    const labelsSeen = (ch) => {
      let n = 0;
      for (const e of ch.byId.values()) if (e.type === "seat.hold_expired" && expiringSet.has(e.objectLabel)) n++;
      return n;
    };
    const bound = Math.max(0, tMax + ctx.opts.sweepWaitSeconds * 1000 - Date.now());
    const all = await ctx.receiver.waitFor(hookPath, (ch) => labelsSeen(ch) >= COUNT, bound);
    const ch = ctx.receiver.channel(hookPath);
    const times = [...ch.byId.values()].filter((e) => e.type === "seat.hold_expired").map((e) => e.at);
    // Receiver times are performance.now(); convert the expiry instant to that clock.
    const offset = Date.now() - performance.now();
    const lastAfter = times.length ? Math.max(...times) + offset - tMax : Number.NaN;
    const firstAfter = times.length ? Math.min(...times) + offset - tMax : Number.NaN;
    ctx.report.add({
      scenario: name,
      figure: "Expiry sweep observed via seat.hold_expired webhooks",
      target: "swept within 5 s",
      result: `${labelsSeen(ch)} of ${COUNT} received; first ${ms(firstAfter)}, last ${ms(lastAfter)} after the last expiry${all ? "" : ` (stopped waiting after ${ctx.opts.sweepWaitSeconds} s)`}; duplicates ${ch.duplicates}, bad signatures ${ch.badSignatures}`,
      met: all && lastAfter <= 5000,
    });
  } else {
    ctx.report.na(name, "Expiry sweep observed via seat.hold_expired webhooks", "swept within 5 s", "webhook registration unavailable");
  }

  await probeDone;
  const before = probe.filter((p) => p.at < tMin).map((p) => p.ms);
  const during = probe.filter((p) => p.at >= tMin && p.at <= tMax + 5000).map((p) => p.ms);
  const badProbe = probe.filter((p) => p.status !== 200).length;
  ctx.report.add({
    scenario: name,
    figure: "Hold latency during the sweep (1 probe client, same event)",
    target: "max < 50 ms",
    result: `max ${ms(Math.max(...during))}, p99 ${ms(percentile(during, 99))}, p50 ${ms(percentile(during, 50))} over ${during.length} holds in [first expiry, last expiry + 5 s]${badProbe ? `; ${badProbe} non-200` : ""}`,
    met: during.length > 0 && Math.max(...during) < 50 && !badProbe,
    baseline: `p50 ${ms(percentile(before, 50))}, max ${ms(Math.max(...before))} (same probe, 1.5 s before expiry)`,
    ratio: `max ${ratio(Math.max(...during), Math.max(...before))}`,
  });
}

/**
 * Holds `labels` in batches of 200 so that each expires at `target`; returns the expiry instants
 * (ms) the service reported. Falls back to whole-second ttls when fractions are refused.
 */
async function holdAll(ctx, ev, labels, target) {
  const expiries = [];
  let integer = false;
  let next = 0;
  const batches = [];
  for (let i = 0; i < labels.length; i += 200) batches.push(labels.slice(i, i + 200));
  const worker = async () => {
    while (next < batches.length) {
      const i = next++;
      let ttl = (target - Date.now()) / 1000;
      let res = await ctx.api.hold(ev.keys, ev.eventKey, batches[i], `exp-${i}-${ctx.api.runId}`, integer ? Math.ceil(ttl) : Number(ttl.toFixed(3)));
      if (res.status === 400 && !integer) {
        integer = true;
        ctx.report.note(name, "fractional ttlSeconds refused; whole seconds used, expiries spread over up to 1 s");
        ttl = (target - Date.now()) / 1000;
        res = await ctx.api.hold(ev.keys, ev.eventKey, batches[i], `exp-${i}-${ctx.api.runId}`, Math.ceil(ttl));
      }
      if (res.status !== 200) throw new Unavailable(`POST seats/hold answered ${res.status}`);
      const at = Date.parse(json(res)?.holdExpiresAt ?? "");
      expiries.push(Number.isFinite(at) ? at : target);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return expiries;
}

function sleepUntil(t) {
  return new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));
}
