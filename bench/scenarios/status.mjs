/**
 * (d) Status read of a 50,000-seat event with 40,000 non-free objects (30,000 held, 10,000 booked
 * when booking is available, else all 40,000 held). One sequential client times the first read and
 * then warm reads; the wall time on loopback is an upper bound of server time (a `Server-Timing`
 * header is reported when the service sends one). The response size is reported, and the size of
 * the compact form when the engine offers one.
 */
import { Unavailable } from "../lib/api.mjs";
import { json, newAgent, timedRequest } from "../lib/http.mjs";
import { sequential } from "../lib/load.mjs";
import { newEvent } from "../lib/scenario.mjs";
import { bytes, ms, ratio, summarise } from "../lib/stats.mjs";

export const name = "status";
const SEATS = 50_000;
const NON_FREE = 40_000;
const BOOKED = 10_000;
/** Query strings that select a compact status encoding, tried in order. */
const COMPACT_QUERIES = ["format=compact"];

/** Runs the scenario and adds its rows to the report. */
export async function run(ctx) {
  const warm = ctx.opts.statusReads;
  const ev = await newEvent(ctx, SEATS, "status");
  ctx.log(`  holding ${NON_FREE.toLocaleString("en-US")} seats in batches of 200…`);
  const batches = await ctx.api.holdMany(ev.keys, ev.eventKey, ev.labels.slice(0, NON_FREE), { concurrency: 4 });
  let booked = 0;
  try {
    ctx.log(`  booking ${BOOKED.toLocaleString("en-US")} of them…`);
    await ctx.api.bookMany(ev.keys, ev.eventKey, batches.slice(0, BOOKED / 200));
    booked = BOOKED;
  } catch (err) {
    if (!(err instanceof Unavailable)) throw err;
    ctx.report.note(name, `booking unavailable (${err.message}); all ${NON_FREE} objects are held`);
  }
  // The set-up queued 50,000 webhook messages; let the consumer finish before timing reads.
  await ctx.settle();
  const path = `/api/v1/events/${encodeURIComponent(ev.eventKey)}/status`;
  const headers = { "x-api-key": ev.keys.pk };
  const agent = newAgent(1);
  const first = await timedRequest(ctx.baseUrl, "GET", path, { agent, headers });
  if (first.status !== 200) throw new Unavailable(`GET status answered ${first.status}`);
  const entries = countEntries(first.text);
  const reads = [];
  const serverTimings = [];
  for (let n = 0; n < warm; n++) {
    const r = await timedRequest(ctx.baseUrl, "GET", path, { agent, headers, keepText: false });
    reads.push(r.ms);
    if (r.headers["server-timing"]) serverTimings.push(r.headers["server-timing"]);
  }
  agent.destroy();
  const w = summarise(reads);
  // Server time from the service's Server-Timing header (app;dur=ms), when it sends one.
  const durs = serverTimings.map((h) => Number(/app;dur=([\d.]+)/.exec(h)?.[1])).filter((d) => Number.isFinite(d));
  const server = durs.length ? summarise(durs) : null;
  const eventPath = `/api/v1/events/${encodeURIComponent(ev.eventKey)}`;
  const base = await sequential(ctx.baseUrl, 50, () => ({ method: "GET", path: eventPath, headers }));
  ctx.report.add({
    scenario: name,
    figure: `Status of a ${SEATS.toLocaleString("en-US")}-seat event, ${NON_FREE.toLocaleString("en-US")} non-free (${booked.toLocaleString("en-US")} booked): warm read, 1 client`,
    target: "<= 5 ms server time after the first read",
    result: `${server ? `server time (Server-Timing) p50 ${ms(server.p50)}, max ${ms(Math.max(...durs))}; ` : ""}wall time first ${ms(first.ms)}, warm p50 ${ms(w.p50)}, min ${ms(Math.min(...reads))}, p90 ${ms(w.p90)} (${warm} reads); ${bytes(first.bytes)}, ${entries} entries`,
    // Server time when the service reports it; otherwise the wall time, an upper bound of it.
    met: entries === NON_FREE ? (server ? server.p50 : w.p50) <= 5 : false,
    baseline: `${ms(base.latency.p50)} p50 (GET /api/v1/events/{key}, 1 client)`,
    ratio: ratio(w.p50, base.latency.p50),
  });
  if (entries !== NON_FREE) ctx.report.note(name, `status returned ${entries} entries, expected ${NON_FREE}`);
  await revalidation(ctx, path, headers, first);
  await compactForm(ctx, path, headers, first);
  await tokenRead(ctx, path, headers, batches[batches.length - 1].token);
  await liveConnect(ctx, ev);
  await afterChange(ctx, ev, path, headers);
}

/** The SDK's read: the same view with its own holds flagged (`?holdToken=`), 1 client. */
async function tokenRead(ctx, path, headers, holdToken) {
  const agent = newAgent(1);
  const runs = [];
  const p = `${path}?holdToken=${encodeURIComponent(holdToken)}`;
  for (let n = 0; n < ctx.opts.statusReads; n++) runs.push(await timedRequest(ctx.baseUrl, "GET", p, { agent, headers, keepText: n === 0 }));
  agent.destroy();
  const mine = (json(runs[0])?.objects ?? []).filter((o) => o.mine).length;
  const bad = runs.filter((r) => r.status !== 200).length;
  ctx.report.add({
    scenario: name,
    figure: "Status read with holdToken (the SDK's read: its own holds flagged), 1 client",
    target: "(informational)",
    result: `server time p50 ${ms(summarise(runs.map(serverMs).filter(Number.isFinite)).p50)}, wall p50 ${ms(summarise(runs.map((r) => r.ms)).p50)} (${runs.length} reads; ${mine} entries flagged mine)${bad ? `; ${bad} non-200` : ""}`,
    met: null,
  });
}

/** Opening the live WebSocket: time from connect to the snapshot message (40,000 entries), 1 client. */
async function liveConnect(ctx, ev) {
  if (typeof WebSocket !== "function") return ctx.report.na(name, "Live WebSocket connect", "(informational)", "no WebSocket client in this Node");
  const url = `${ctx.baseUrl.replace(/^http/, "ws")}/api/v1/events/${encodeURIComponent(ev.eventKey)}/live?key=${encodeURIComponent(ev.keys.pk)}`;
  const times = [];
  let entries = -1;
  for (let n = 0; n < 10; n++) {
    const start = performance.now();
    const snapshot = await new Promise((resolveSnap) => {
      const ws = new WebSocket(url);
      const timer = setTimeout(() => (ws.close(), resolveSnap(null)), 10_000);
      ws.addEventListener("message", (msg) => {
        clearTimeout(timer);
        ws.close();
        resolveSnap(String(msg.data));
      });
      ws.addEventListener("error", () => (clearTimeout(timer), resolveSnap(null)));
    });
    if (snapshot === null) return ctx.report.na(name, "Live WebSocket connect", "(informational)", "the live socket sent no snapshot");
    times.push(performance.now() - start);
    if (n === 0) entries = JSON.parse(snapshot)?.objects?.length ?? -1;
  }
  const t = summarise(times);
  ctx.report.add({
    scenario: name,
    figure: "Live WebSocket connect: time to the snapshot message, 1 client",
    target: "(informational)",
    result: `p50 ${ms(t.p50)}, max ${ms(Math.max(...times))} (${times.length} connects; snapshot of ${entries} entries)`,
    met: null,
  });
}

/** Server time of a tagged read: the Server-Timing app;dur value, or NaN. */
function serverMs(r) {
  return Number(/app;dur=([\d.]+)/.exec(r.headers["server-timing"] ?? "")?.[1]);
}

/** A client that kept the body revalidates with If-None-Match: 304 and no body while nothing changed. */
async function revalidation(ctx, path, headers, first) {
  const etag = first.headers.etag;
  if (!etag) return ctx.report.na(name, "Status revalidation (If-None-Match)", "(informational)", "no ETag on the status answer");
  const agent = newAgent(1);
  const runs = [];
  for (let n = 0; n < ctx.opts.statusReads; n++)
    runs.push(await timedRequest(ctx.baseUrl, "GET", path, { agent, headers: { ...headers, "if-none-match": etag }, keepText: false }));
  agent.destroy();
  const notModified = runs.filter((r) => r.status === 304).length;
  const wall = summarise(runs.map((r) => r.ms));
  ctx.report.add({
    scenario: name,
    figure: "Status revalidation with If-None-Match (unchanged event), 1 client",
    target: "(informational)",
    result: `${notModified} of ${runs.length} answered 304, ${runs.reduce((a, r) => a + r.bytes, 0)} body bytes; wall p50 ${ms(wall.p50)}, server time p50 ${ms(summarise(runs.map(serverMs).filter(Number.isFinite)).p50)}`,
    met: null,
  });
}

/**
 * The price of a change: one hold, then a full read and a compact read. During a rush every read
 * comes after some commit, so this (the view patched with the changed rows and encoded again), not
 * the warm read, is what polling browsers cost the event's object.
 */
async function afterChange(ctx, ev, path, headers) {
  const agent = newAgent(1);
  const full = [];
  const compact = [];
  const labels = ev.labels.slice(NON_FREE, NON_FREE + ctx.opts.statusReads);
  for (const [i, label] of labels.entries()) {
    const hold = await ctx.api.hold(ev.keys, ev.eventKey, [label], `status-change-${i}`, 600);
    if (hold.status !== 200) throw new Unavailable(`POST seats/hold answered ${hold.status}`);
    full.push(await timedRequest(ctx.baseUrl, "GET", path, { agent, headers, keepText: false }));
    compact.push(await timedRequest(ctx.baseUrl, "GET", `${path}?format=compact`, { agent, headers, keepText: false }));
  }
  agent.destroy();
  const describeRuns = (runs) =>
    `server time p50 ${ms(summarise(runs.map(serverMs).filter(Number.isFinite)).p50)}, wall p50 ${ms(summarise(runs.map((r) => r.ms)).p50)}`;
  ctx.report.add({
    scenario: name,
    figure: "Status read right after a change (one hold: the view is patched and encoded again), 1 client",
    target: "(informational)",
    result: `full: ${describeRuns(full)}; compact: ${describeRuns(compact)} (${labels.length} changes)`,
    met: null,
  });
}

/** Reports the compact encoding's size and read time, or n/a when none of the queries selects one. */
async function compactForm(ctx, path, headers, full) {
  for (const query of COMPACT_QUERIES) {
    const p = `${path}?${query}`;
    const r = await sequential(ctx.baseUrl, ctx.opts.statusReads, () => ({ method: "GET", path: p, headers }));
    if ((r.statuses[200] ?? 0) === ctx.opts.statusReads && r.bytes > 0 && r.bytes < full.bytes * 0.9) {
      ctx.report.add({
        scenario: name,
        figure: `Status, compact form (?${query}) for the SDK`,
        target: "size reported",
        result: `${bytes(r.bytes)} (full form ${bytes(full.bytes)}, ${ratio(r.bytes, full.bytes)}); warm p50 ${ms(r.latency.p50)}`,
        met: true,
      });
      return;
    }
  }
  ctx.report.na(name, "Status, compact form for the SDK", "size reported", `no compact form found (tried ?${COMPACT_QUERIES.join(", ?")})`);
}

/** Number of entries in a status response body. */
function countEntries(text) {
  try {
    const body = JSON.parse(text);
    return Array.isArray(body?.objects) ? body.objects.length : -1;
  } catch {
    return -1;
  }
}
