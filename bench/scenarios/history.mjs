/**
 * The status history's price and speed:
 * (a) a hold records its change in the same transaction: holds/s now against the commit before the
 *     history existed, served by a second `wrangler dev` started in the same run, in alternating
 *     rounds so both see the same machine;
 * (b) reading one seat's and one order's history on an event with 200,000 records, by the
 *     Server-Timing of the answer;
 * (c) the bytes one record costs in the event object's SQLite file (table and indexes).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { Api } from "../lib/api.mjs";
import { timedRequest } from "../lib/http.mjs";
import { blast } from "../lib/load.mjs";
import { startRuntime } from "../lib/runtime.mjs";
import { command, holdPath, newEvent, nonOk, singleSeatHolds } from "../lib/scenario.mjs";
import { ms, perSecond, ratio, summarise } from "../lib/stats.mjs";

export const name = "history";

/** The last commit before the status history: the same-run baseline of (a). */
export const BEFORE_HISTORY = "8e1e64e";

/**
 * The commit that added the history (its only parent is BEFORE_HISTORY): the pair isolates what
 * recording costs. Later work on the same path (the per-client rate limit of docs/selling-rules.md, the hold
 * fast lane) is priced by the holdcost scenario against the runtime's floors instead.
 */
export const WITH_HISTORY = "1486810";

/** Records for (b) and (c). */
const RECORDS = 200_000;

export async function run(ctx) {
  await holdCost(ctx);
  await reads(ctx);
}

/**
 * (a): holds/s with and without the history on two runtimes, in many short alternating slices.
 * Each pair of neighbouring slices sees nearly the same machine, so the median of the pairs'
 * ratios holds still while the other work on the machine comes and goes.
 */
async function holdCost(ctx) {
  const slices = ctx.opts.quick ? 2 : 12;
  const seconds = ctx.opts.quick ? 1 : 2;
  const before = await startRuntime({ log: ctx.log, source: BEFORE_HISTORY });
  const after = await startRuntime({ log: ctx.log, source: WITH_HISTORY }).catch(async (err) => {
    await before.stop();
    throw err;
  });
  try {
    const on = (runtime) => {
      const url = runtime.directUrl ?? runtime.proxyUrl;
      return { ...ctx, baseUrl: url, api: new Api(url, runtime.adminToken) };
    };
    const sides = [
      { label: `with history (${WITH_HISTORY})`, ctx: on(after) },
      { label: `before (${BEFORE_HISTORY})`, ctx: on(before) },
    ];
    const seats = slices * seconds * 6000 + 4000;
    for (const side of sides) side.ev = await newEvent(side.ctx, seats, `history-${side === sides[0] ? "now" : "before"}`);
    const slice = async (side, amount, duration, tag) => {
      const r = await blast({
        baseUrl: side.ctx.baseUrl,
        method: "POST",
        path: holdPath(side.ev.eventKey),
        headers: { "x-api-key": side.ev.keys.pk },
        body: singleSeatHolds(side.ev.labels, side.offset, tag),
        connections: 64,
        amount,
        duration,
      });
      // Requests still in flight when the slice stopped may have held their seats: skip past them.
      side.offset += r.completed + 64;
      const bad = nonOk(r.statuses);
      if (bad) ctx.report.note(name, `${side.label} slice ${tag}: non-200 answers ${bad}`);
      return r.ok / r.elapsedS;
    };
    // Warm-up: the first holds load the layout index.
    for (const side of sides) {
      side.offset = 0;
      await slice(side, 1000, 30, "warm");
    }
    const ratios = [];
    const rps = sides.map(() => []);
    for (let i = 0; i < slices; i++) {
      // Alternate which side goes first, so neither always gets the quieter half of a pair.
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      const got = [];
      for (const k of order) got[k] = await slice(sides[k], sides[k].ev.labels.length - sides[k].offset, seconds, `s${i}`);
      rps[0].push(got[0]);
      rps[1].push(got[1]);
      ratios.push(got[1] / got[0]);
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Cost per hold is the inverse of throughput: the history's share is before / now - 1.
    const cost = median(ratios);
    ctx.report.add({
      scenario: name,
      figure: `Hold cost with the status history recorded in the same transaction (${WITH_HISTORY}), vs the commit before it (${BEFORE_HISTORY}); 64 connections, median of ${slices} alternating pairs of ${seconds} s`,
      target: "<= 1.10x the cost before",
      result: `cost ${cost.toFixed(2)}x (pair ratios ${ratios.map((x) => x.toFixed(2)).join(", ")}); medians ${perSecond(median(rps[0]))} now, ${perSecond(median(rps[1]))} before`,
      met: cost <= 1.1,
      baseline: `${perSecond(median(rps[1]))} (${sides[1].label}, same run)`,
      ratio: ratio(median(rps[0]), median(rps[1])),
      command: command(name),
    });
  } finally {
    await Promise.all([before.stop(), after.stop()]);
  }
}

/** The event object's SQLite files and their sizes (file name → bytes). */
function objectFiles(persist) {
  const sizes = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.sqlite(-wal)?$/.test(entry.name) && dir.includes("EventObject")) sizes.set(p, statSync(p).size);
    }
  };
  try {
    walk(join(persist, "v3", "do"));
  } catch {
    // No object storage yet.
  }
  return sizes;
}

/** (b) and (c): 200,000 records from holds, bookings under orders and releases; then reads. */
async function reads(ctx) {
  const ev = await newEvent(ctx, 2_000, "history-reads");
  const api = ctx.api;
  const before = ctx.persistDir ? objectFiles(ctx.persistDir) : new Map();
  const BLOCK = 200;
  let records = 0;
  let cycle = 0;
  const call = (path, body, key = ev.keys.sk) => api.call("POST", `/api/v1/events/${encodeURIComponent(ev.eventKey)}/seats/${path}`, { key, body });
  ctx.log(`  writing ${RECORDS.toLocaleString("en-US")} history records…`);
  while (records < RECORDS) {
    // Ten blocks of 200 seats take turns, so each seat gathers about a hundred records.
    const labels = ev.labels.slice((cycle % 10) * BLOCK, ((cycle % 10) + 1) * BLOCK);
    const holdToken = `hist-${api.runId}-${cycle}`;
    await call("hold", { objectLabels: labels, holdToken, ttlSeconds: 900 }, ev.keys.pk);
    // A group booking of 196 seats and a typical order of 4, each released as a whole.
    await call("book", { objectLabels: labels.slice(0, BLOCK - 4), holdToken, orderId: `group-${cycle}` });
    await call("book", { objectLabels: labels.slice(BLOCK - 4), holdToken, orderId: `order-${cycle}` });
    await call("release", { orderId: `group-${cycle}` });
    await call("release", { orderId: `order-${cycle}` });
    records += 3 * BLOCK;
    cycle++;
  }
  const grew = [...(ctx.persistDir ? objectFiles(ctx.persistDir) : new Map())]
    .map(([file, size]) => size - (before.get(file) ?? 0))
    .reduce((a, b) => Math.max(a, b), 0);
  const readPath = (query) => `/api/v1/events/${encodeURIComponent(ev.eventKey)}/status-changes?${query}`;
  const READS = ctx.opts.quick ? 20 : 200;
  const timeOf = async (query) => {
    const durs = [];
    let items = 0;
    // A few unmeasured reads first (the first after 200,000 writes may meet a checkpoint), then
    // enough reads for the p99 to be more than the single worst one.
    for (let i = 0; i < 5; i++) await timedRequest(ctx.baseUrl, "GET", readPath(query), { agent: api.agent, headers: { "x-api-key": ev.keys.sk } });
    for (let i = 0; i < READS; i++) {
      const res = await timedRequest(ctx.baseUrl, "GET", readPath(query), { agent: api.agent, headers: { "x-api-key": ev.keys.sk } });
      if (res.status !== 200) throw new Error(`status-changes answered ${res.status}`);
      items = JSON.parse(res.text).items.length;
      durs.push(Number(/app;dur=([\d.]+)/.exec(res.headers["server-timing"] ?? "")?.[1]));
    }
    return { s: summarise(durs.filter(Number.isFinite)), items };
  };
  const seat = await timeOf(`objectLabel=${encodeURIComponent(ev.labels[0])}&limit=100`);
  const order = await timeOf(`orderId=order-${Math.floor(cycle / 2)}&limit=1000`);
  const group = await timeOf(`orderId=group-${Math.floor(cycle / 2)}&limit=1000`);
  for (const [what, r, judged] of [
    ["one seat", seat, true],
    ["one order of 4 seats", order, true],
    ["one group order of 196 seats", group, false],
  ]) {
    ctx.report.add({
      scenario: name,
      figure: `Status history of ${what} on an event with ${records.toLocaleString("en-US")} records (server time)`,
      target: judged ? "<= 5 ms" : "reported",
      result: `p50 ${ms(r.s.p50)}, p99 ${ms(r.s.p99)} (${r.items} records per answer, ${READS} reads)`,
      met: judged ? r.s.p99 <= 5 : null,
      baseline: "",
      ratio: "",
      command: command(name),
    });
  }
  ctx.report.add({
    scenario: name,
    figure: "Bytes stored per history record (the event object's SQLite file: table and its four indexes)",
    target: "reported",
    result:
      grew > 0
        ? `${(grew / records).toFixed(0)} bytes (${(grew / 1048576).toFixed(1)} MiB for ${records.toLocaleString("en-US")} records, with their seat and outbox writes)`
        : "n/a: the object's SQLite file was not found",
    met: null,
    baseline: "",
    ratio: "",
    command: command(name),
  });
}
