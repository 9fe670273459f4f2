/**
 * (f) 10,000 holds that expire at the same moment. The holds go in batches of 200, each with the
 * ttl that lands its expiry on one common instant T (fractional ttlSeconds; whole seconds when the
 * service only takes integers, which spreads expiries over one second). Then:
 * - right after the last expiry, one status read must show none of them held (expired = free);
 * - the sweep itself is observed on the event's live WebSocket (GET …/live), where the Durable
 *   Object broadcasts every committed change: time from the last expiry until every label has been
 *   reported free by the sweep (no queue in between);
 * - the `seat.hold_expired` webhooks are counted too: that adds the queue and delivery, whose rate
 *   the webhook scenario measures;
 * - a probe client holds other seats of the same event back to back from before T until 6 s after,
 *   and the worst hold latency during the sweep window is reported (target: under 50 ms).
 *
 * It runs twice. First with no webhook endpoint: the read, sweep and probe figures then show the
 * Durable Object's own work (the alarm). Then with an endpoint for seat.hold_expired: the 10,000
 * deliveries are counted, and the probe is reported again as information, since locally the queue
 * consumer shares the one workerd thread with the object (in production it runs elsewhere).
 */
import { Unavailable } from "../lib/api.mjs";
import { json, newAgent, timedRequest } from "../lib/http.mjs";
import { holdPath, newEvent } from "../lib/scenario.mjs";
import { ms, percentile, ratio } from "../lib/stats.mjs";

export const name = "expiry";
const COUNT = 10_000;
const PROBE_SEATS = 8_000;

/** Runs the scenario (both passes) and adds its rows to the report. */
export async function run(ctx) {
  await pass(ctx, false);
  await ctx.settle();
  await pass(ctx, true);
}

async function pass(ctx, withHooks) {
  const ev = await newEvent(ctx, COUNT + PROBE_SEATS, withHooks ? "expiry-webhooks" : "expiry");
  const expiring = ev.labels.slice(0, COUNT);
  const probeLabels = ev.labels.slice(COUNT);
  const hookPath = `/hooks/expiry-${ctx.api.runId}`;
  let hook = null;
  if (withHooks) {
    try {
      hook = await ctx.api.webhook(ev.keys, ctx.receiver.url(hookPath), ["seat.hold_expired"]);
      ctx.receiver.setSecret(hookPath, hook.secret);
    } catch (err) {
      if (!(err instanceof Unavailable)) throw err;
      ctx.report.note(name, `no webhook observation: ${err.message}`);
    }
  }

  const expiringSet = new Set(expiring);
  const live = await openLive(ctx, ev, expiringSet);
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
      const r = await timedRequest(ctx.baseUrl, "POST", path, {
        agent,
        headers: { "x-api-key": ev.keys.pk },
        body: { objectLabels: [probeLabels[n]], holdToken: `probe-${n}-${ctx.api.runId}`, ttlSeconds: 900 },
        keepText: false,
      });
      probe.push({ at, ms: r.ms, status: r.status });
    }
    agent.destroy();
  })();

  // Read right after the last expiry: every expired hold must already read as free.
  await sleepUntil(tMax + 20);
  if (withHooks) return finishWithHooks(ctx, { ev, hook, hookPath, expiringSet, live, tMin, tMax, probe, probeDone });
  const readStart = Date.now();
  const readAt = readStart - tMax;
  const read = await timedRequest(ctx.baseUrl, "GET", `/api/v1/events/${encodeURIComponent(ev.eventKey)}/status`, { headers: { "x-api-key": ev.keys.pk } });
  const stillHeld = (json(read)?.objects ?? []).filter((o) => expiringSet.has(o.objectLabel) && o.status !== "free").length;
  ctx.report.add({
    scenario: name,
    figure: `${COUNT.toLocaleString("en-US")} holds expiring at once: read at expiry`,
    target: "all free on read at expiry",
    result:
      read.status === 200
        ? `${stillHeld} of ${COUNT} still shown held, read sent ${readAt} ms after the last expiry, answered in ${ms(read.ms)} (expiries spread over ${tMax - tMin} ms)`
        : `status answered ${read.status}`,
    met: read.status === 200 && stillHeld === 0,
  });

  if (live) {
    const bound = Math.max(0, tMax + ctx.opts.sweepWaitSeconds * 1000 - Date.now());
    const all = await live.waitAll(bound);
    const last = live.lastFreedAt - tMax;
    ctx.report.add({
      scenario: name,
      figure: "Expiry sweep, observed on the event's live WebSocket",
      target: "swept within 5 s",
      result: `${live.freed.size} of ${COUNT} reported free by the sweep; first ${ms(live.firstFreedAt - tMax)}, last ${ms(last)} after the last expiry${all ? "" : ` (stopped waiting after ${ctx.opts.sweepWaitSeconds} s)`}`,
      met: all && last <= 5000,
    });
  } else {
    ctx.report.na(name, "Expiry sweep, observed on the event's live WebSocket", "swept within 5 s", "live WebSocket unavailable");
  }

  live?.close();
  await probeDone;
  const spans = [{ name: "status read at expiry", from: readStart, to: readStart + read.ms }];
  if (live?.firstFreedAt) spans.unshift({ name: "sweep", from: live.firstFreedAt, to: live.lastFreedAt });
  addProbe(ctx, probe, tMin, tMax, "Hold latency during the sweep (1 probe client, same event)", "max < 50 ms", true, spans);
}

/** The pass with a webhook endpoint: deliveries counted, and the probe again as information. */
async function finishWithHooks(ctx, { hook, hookPath, expiringSet, live, tMin, tMax, probe, probeDone }) {
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
      figure: "Expiry sweep + queue + delivery: seat.hold_expired webhooks received",
      target: "(informational: includes the webhook queue)",
      result: `${labelsSeen(ch)} of ${COUNT} received; first ${ms(firstAfter)}, last ${ms(lastAfter)} after the last expiry${all ? "" : ` (stopped waiting after ${ctx.opts.sweepWaitSeconds} s)`}; duplicates ${ch.duplicates}, bad signatures ${ch.badSignatures}`,
      met: null,
    });
  } else {
    ctx.report.na(name, "Expiry sweep + queue + delivery: seat.hold_expired webhooks received", "", "webhook registration unavailable");
  }

  live?.close();
  await probeDone;
  addProbe(ctx, probe, tMin, tMax, "Hold latency during the sweep while the 10,000 webhooks are delivered (same thread locally)", "(informational)", false);
}

/**
 * Reports the probe's latencies in [first expiry, last expiry + 5 s]. With `spans` (the sweep as seen
 * on the live socket, the status read sent at expiry), it also says what the worst probe hold
 * overlapped, and the judged figure is the worst hold that overlapped the sweep: a hold in flight
 * while the alarm ran. The window's overall max is reported beside it.
 */
function addProbe(ctx, probe, tMin, tMax, figure, target, judged, spans = []) {
  const before = probe.filter((p) => p.at < tMin).map((p) => p.ms);
  const window = probe.filter((p) => p.at >= tMin && p.at <= tMax + 5000);
  const during = window.map((p) => p.ms);
  const badProbe = probe.filter((p) => p.status !== 200).length;
  const overlaps = (p, span) => p.at <= span.to && p.at + p.ms >= span.from;
  const worst = window.reduce((a, p) => (a === null || p.ms > a.ms ? p : a), null);
  const sweep = spans.find((x) => x.name === "sweep");
  const inSweep = sweep ? window.filter((p) => overlaps(p, sweep)).map((p) => p.ms) : [];
  const attribution =
    worst && spans.length
      ? `; worst at ${ms(worst.at - tMax)} after the last expiry, overlapping ${
          spans
            .filter((x) => overlaps(worst, x))
            .map((x) => x.name)
            .join(" and ") || "neither the sweep nor the status read"
        }${sweep ? `; holds in flight during the sweep (${ms(sweep.from - tMax)} to ${ms(sweep.to - tMax)}): ${inSweep.length}${inSweep.length ? `, max ${ms(Math.max(...inSweep))}` : ""}` : ""}`
      : "";
  if (worst) ctx.log(`  worst probe hold: sent ${new Date(worst.at).toISOString()}, ${ms(worst.ms)}`);
  const judgedMax = sweep ? Math.max(0, ...inSweep) : Math.max(...during);
  ctx.report.add({
    scenario: name,
    figure,
    target,
    result: `max ${ms(Math.max(...during))}, p99 ${ms(percentile(during, 99))}, p50 ${ms(percentile(during, 50))} over ${during.length} holds in [first expiry, last expiry + 5 s]${attribution}${badProbe ? `; ${badProbe} non-200` : ""}`,
    met: judged ? during.length > 0 && judgedMax < 50 && !badProbe : null,
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

/**
 * Connects to the event's live WebSocket and records when each expiring label is first reported
 * free in a `changes` message. Null when the endpoint is missing.
 */
async function openLive(ctx, ev, expiringSet) {
  if (typeof WebSocket !== "function") return null;
  const url = `${ctx.baseUrl.replace(/^http/, "ws")}/api/v1/events/${encodeURIComponent(ev.eventKey)}/live?key=${encodeURIComponent(ev.keys.pk)}`;
  const ws = new WebSocket(url);
  const state = { freed: new Set(), firstFreedAt: Number.NaN, lastFreedAt: Number.NaN, waiters: new Set() };
  const opened = await new Promise((resolveOpen) => {
    const timer = setTimeout(() => resolveOpen(false), 10_000);
    ws.addEventListener("open", () => (clearTimeout(timer), resolveOpen(true)));
    ws.addEventListener("error", () => (clearTimeout(timer), resolveOpen(false)));
  });
  if (!opened) {
    ctx.report.note(name, "live WebSocket did not open; sweep observed through webhooks only");
    return null;
  }
  ws.addEventListener("message", (msg) => {
    let body;
    try {
      body = JSON.parse(String(msg.data));
    } catch {
      return;
    }
    if (body?.type !== "changes" || !Array.isArray(body.objects)) return;
    const now = Date.now();
    for (const o of body.objects) {
      if (o.status === "free" && expiringSet.has(o.objectLabel) && !state.freed.has(o.objectLabel)) {
        state.freed.add(o.objectLabel);
        if (Number.isNaN(state.firstFreedAt)) state.firstFreedAt = now;
        state.lastFreedAt = now;
      }
    }
    for (const w of state.waiters) w();
  });
  return {
    get freed() {
      return state.freed;
    },
    get firstFreedAt() {
      return state.firstFreedAt;
    },
    get lastFreedAt() {
      return state.lastFreedAt;
    },
    waitAll(timeoutMs) {
      return new Promise((resolveAll) => {
        if (state.freed.size >= expiringSet.size) return resolveAll(true);
        const check = () => state.freed.size >= expiringSet.size && done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        const done = (v) => {
          clearTimeout(timer);
          state.waiters.delete(check);
          resolveAll(v);
        };
        state.waiters.add(check);
      });
    },
    close: () => ws.close(),
  };
}

function sleepUntil(t) {
  return new Promise((r) => setTimeout(r, Math.max(0, t - Date.now())));
}
