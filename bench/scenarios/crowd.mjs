/**
 * A crowd watching one event during a rush of holds: 1,000 live sockets open on the event (each
 * from an address of its own, as 1,000 seat maps are) and 500 publishable status reads a second,
 * while 32 connections take single-seat holds as fast as they are answered. Measured against a
 * same-run baseline, the same rush with no crowd:
 *   - every socket receives each change within 1 s at p99: per socket and message, the time from
 *     the commit of the oldest change it carries (its `at` in the status history, on the same
 *     machine's clock) to its arrival (so it includes the coalescing interval); and no socket
 *     misses one or gets one out of order. The time from each hold's request being sent is shown
 *     beside it: that one also holds the hold's own wait in the rush's queue;
 *   - the event object sends at most relays x 10 messages a second, and answers at most 10 of the
 *     reads a second (GET live/stats, averaged over the last 10 s, read at the end of the rush);
 *   - holds/s with the crowd / without it, and CPU per hold: the runtime's whole process group
 *     (Worker, relays, hub and event object), and the event object's own: its share of a CPU
 *     profile's busy samples of the isolate (a frame of src/event-object/ on the stack) times that.
 * The sockets, the reads and the holds are all driven from this one process, on the same two cores
 * as the runtime: the delivery times include this process's own lag in reading 1,000 sockets.
 *
 * The reads ask for the body as a browser does (`Accept-Encoding: gzip, deflate, br, zstd`): a seat
 * map's reload is a browser's read, and the service answers it with the copy's bytes compressed
 * once per copy. Until 1.21.0 the reads sent no Accept-Encoding and so pulled the whole uncompressed
 * body (740 KB at 6,000 holds) 500 times a second, which no browser does; reading those bodies kept
 * this process's event loop busy for seconds, and the runtime copying them out too, so the sockets'
 * messages waited behind them. CROWD_READ_ENCODING=identity measures the old way, for comparison
 * (BENCHMARKS.md has both figures).
 */
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import WebSocket from "ws";
import { json, timedRequest } from "../lib/http.mjs";
import { blast, paced } from "../lib/load.mjs";
import { writeFileSync } from "node:fs";
import { devBundle, inspectorUrl, shares, stackTime, startProfile, summarise } from "../lib/profile.mjs";
import { groupCpuSeconds } from "../lib/runtime.mjs";
import { buyerAddresses, command, holdPath, newEvent, nonOk } from "../lib/scenario.mjs";
import { ms, percentile, perSecond } from "../lib/stats.mjs";

export const name = "crowd";

const CONNECTIONS = 32;
const READS_PER_SECOND = 500;
/** What the readers accept: a browser's Accept-Encoding, or with CROWD_READ_ENCODING=identity none (the old measurement). */
const READ_ENCODING = process.env.CROWD_READ_ENCODING === "identity" ? null : "gzip, deflate, br, zstd";

export async function run(ctx) {
  // --quick (a 3 s duration) is a smoke run of the scenario: fewer viewers, a shorter rush.
  const quick = ctx.opts.duration <= 3;
  const seconds = quick ? 5 : 15;
  const viewers = quick ? 200 : 1000;
  const ev = await newEvent(ctx, 60_000, "crowd");
  const key = encodeURIComponent(ev.eventKey);
  const inspector = ctx.runtimePid ? await inspectorUrl(ctx.runtimePid) : null;
  const bundlePath = ctx.runtimeCwd ? devBundle(ctx.runtimeCwd) : null;
  const bundle = bundlePath ? readFileSync(bundlePath, "utf8") : null;
  if (!inspector || !bundle) ctx.report.note(name, "the Worker's inspector or bundle was not found: no profile of the event object's own CPU");

  /** When each seat's hold was sent (wall clock), for the delivery times. */
  const sentAt = new Map();
  let offset = 0;
  const rush = async (duration, amount) => {
    const start = offset;
    const r = await blast({
      baseUrl: ctx.baseUrl,
      method: "POST",
      path: holdPath(ev.eventKey),
      headers: { "x-api-key": ev.keys.pk },
      headersFor: buyerAddresses(start),
      body: (i) => {
        const label = ev.labels[(start + i) % ev.labels.length];
        sentAt.set(label, Date.now());
        return JSON.stringify({ objectLabels: [label], holdToken: `bench-crowd-${start + i}`, ttlSeconds: 900 });
      },
      connections: CONNECTIONS,
      duration,
      amount: amount ?? ev.labels.length - start,
    });
    offset += r.completed + CONNECTIONS;
    const bad = nonOk(r.statuses);
    if (bad) ctx.report.note(name, `holds: non-200 answers ${bad}`);
    return r;
  };
  /** One measured rush: holds/s, the process group's CPU per hold and the event object's own (profile). */
  const measured = async () => {
    const cpuBefore = ctx.runtimePid ? groupCpuSeconds(ctx.runtimePid) : null;
    const profiling = inspector && bundle ? await startProfile(inspector, 250) : null;
    const r = await rush(seconds);
    const profile = await profiling?.stop();
    const eventCpu = profile ? stackTime(profile, bundle, (m) => m.startsWith("src/event-object/")) : null;
    // CROWD_PROFILE_OUT=file keeps the rush's profile (the last one taken) and notes where the isolate's time went.
    if (profile && process.env.CROWD_PROFILE_OUT) {
      writeFileSync(process.env.CROWD_PROFILE_OUT, JSON.stringify(profile));
      const s = summarise(profile, bundle);
      ctx.report.note(name, `profile: self time by module: ${shares(s.modules, 14)}; by function: ${shares(s.self, 16)}`);
    }
    const groupUs = cpuBefore === null ? null : ((groupCpuSeconds(ctx.runtimePid) - cpuBefore) * 1e6) / Math.max(1, r.completed);
    // The profile's samples tell where the isolate's time went, not how much CPU it had: on a loaded
    // machine a sample stands for time the thread also waited for a core. The event object's CPU per
    // hold is its share of the busy samples times the runtime's measured CPU per hold.
    const share = eventCpu && eventCpu.busyS > 0 ? eventCpu.matchedS / eventCpu.busyS : null;
    return { rps: r.ok / r.elapsedS, groupUs, share, eventUs: share !== null && groupUs !== null ? share * groupUs : null };
  };

  // Warm-up, then the baseline: the same rush with nobody watching.
  await rush(10, 1500);
  const alone = await measured();
  ctx.log(`  crowd: ${Math.round(alone.rps)} holds/s alone; opening ${viewers} live sockets…`);

  const crowd = await openCrowd(ctx, ev, key, viewers);
  const stats = () => timedRequest(ctx.baseUrl, "GET", `/api/v1/events/${key}/live/stats`, { headers: { "x-api-key": ev.keys.sk } }).then((res) => json(res));
  const before = await stats();
  // This process's own event loop: a socket's message waits in it behind the reads' answers and the holds.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const stalls = watchStalls();
  crowd.measuring = true;
  // Each read from a reader of its own (the per-client read limit would count one address as a bot).
  const reads = paced({
    baseUrl: ctx.baseUrl,
    method: "GET",
    path: `/api/v1/events/${key}/status`,
    headers: { "x-api-key": ev.keys.pk, ...(READ_ENCODING ? { "accept-encoding": READ_ENCODING } : {}) },
    headersFor: (n) => ({ "cf-connecting-ip": `192.168.${(n >> 8) & 255}.${n & 255}` }),
    rate: READS_PER_SECOND,
    duration: seconds + 3,
    // Enough connections that the reads are offered at the rate, not held back by answers still on their way.
    sockets: 256,
  });
  const watched = await measured();
  const during = await stats();
  const read = await reads;
  await new Promise((r) => setTimeout(r, 2000));
  crowd.measuring = false;
  loopDelay.disable();
  stalls.stop();
  crowd.close();
  const committed = await commitTimes(ctx, ev, key);
  const fromCommit = [];
  const fromSend = [];
  for (const [seq, at] of crowd.arrivals) {
    const labels = crowd.labelsOf.get(seq) ?? [];
    let commit = Infinity;
    let sent = Infinity;
    for (const label of labels) {
      commit = Math.min(commit, committed.get(label) ?? Infinity);
      sent = Math.min(sent, sentAt.get(label) ?? Infinity);
    }
    if (commit !== Infinity) fromCommit.push(at - commit);
    if (sent !== Infinity) fromSend.push(at - sent);
  }
  crowd.latencies = fromCommit;
  ctx.report.note(name, worstBatches(crowd, committed, loopDelay, stalls.list));

  const p = (q) => percentile(crowd.latencies, q);
  const most = Math.max(0, ...crowd.sockets.map((s) => s.labels));
  const short = crowd.sockets.filter((s) => s.labels < most).length;
  ctx.report.add({
    scenario: name,
    figure: `Live delivery: hold sent -> its change on each of ${crowd.open} sockets (${during.relays} relays), p99 over every socket's messages, during ${seconds} s of holds and ${READS_PER_SECOND} reads/s (${READ_ENCODING ? "accepting gzip, as browsers" : "asking for no encoding: the old measurement"})`,
    target: "<= 1 s at p99, no socket missing a change",
    result: `p99 ${ms(p(99))}, p50 ${ms(p(50))}, max ${ms(p(100))} from the commit over ${crowd.latencies.length.toLocaleString("en-US")} socket-messages (from the hold's request being sent: p99 ${ms(percentile(fromSend, 99))}, p50 ${ms(percentile(fromSend, 50))}); ${short} sockets short of the ${most.toLocaleString("en-US")} changes the others received; ${crowd.outOfOrder} messages out of seq order; ${crowd.failed} sockets failed to open`,
    met: p(99) <= 1000 && short === 0 && crowd.outOfOrder === 0 && crowd.failed === 0,
    command: command(name),
  });
  ctx.report.add({
    scenario: name,
    figure: "Messages the event object sends a second (GET live/stats, last 10 s) vs relays x 10",
    target: `<= ${during.relays * 10}/s (${during.relays} relays)`,
    result: `${during.eventMessagesPerSecond.toFixed(1)}/s to ${during.relays} relays for ${during.viewers} viewers`,
    met: during.eventMessagesPerSecond <= during.relays * 10,
    baseline: `${before.eventMessagesPerSecond.toFixed(1)}/s before the rush`,
    command: command(name),
  });
  ctx.report.add({
    scenario: name,
    figure: `Public status reads reaching the event object a second, with ${READS_PER_SECOND} reads/s offered (GET live/stats, last 10 s)`,
    target: "<= 10/s",
    result: `${during.readsReachingEventPerSecond.toFixed(1)}/s of ${during.readsPerSecond.toFixed(1)} reads/s counted; the reads: ${perSecond(read.rps)} answered, p99 ${ms(read.latency.p99)}, non-200 ${nonOk(read.statuses) || "none"}, errors ${read.errors}`,
    met: during.readsReachingEventPerSecond <= 10,
    command: command(name),
  });
  const ratio = watched.rps / alone.rps;
  const us = (x) => (x === null ? "n/a" : `${Math.round(x)} us`);
  const pct = (x) => (x === null ? "n/a" : `${(100 * x).toFixed(0)}%`);
  ctx.report.add({
    scenario: name,
    figure: `Holds/s of the rush (${CONNECTIONS} connections, one seat each) with the crowd / without it, and CPU per hold`,
    target: "reported",
    result: `${perSecond(watched.rps)} with the crowd (${ratio.toFixed(2)}x); CPU per hold: event object ${us(watched.eventUs)} (${pct(watched.share)} of the isolate's busy samples), whole runtime ${us(watched.groupUs)}`,
    baseline: `${perSecond(alone.rps)} without; event object ${us(alone.eventUs)} (${pct(alone.share)}), whole runtime ${us(alone.groupUs)}`,
    ratio: `${ratio.toFixed(2)}x holds/s; ${watched.eventUs && alone.eventUs ? (watched.eventUs / alone.eventUs).toFixed(2) : "n/a"}x event CPU per hold`,
    command: command(name),
  });
}

/**
 * Opens `count` live sockets on the event, 50 at a time, each from an address of its own. Each
 * changes message counts, once measuring starts: when it arrived, its seq against the socket's last
 * one, and the changes it carries. A message's labels are parsed once per seq, as every relay
 * sends the same text.
 */
async function openCrowd(ctx, ev, key, count) {
  const url = `${ctx.baseUrl.replace(/^http/, "ws")}/api/v1/events/${key}/live?key=${encodeURIComponent(ev.keys.pk)}`;
  const bySeq = new Map();
  const crowd = {
    measuring: false,
    /** [seq, wall-clock ms] of every changes message on every socket while measuring. */
    arrivals: [],
    labelsOf: new Map(),
    latencies: [],
    outOfOrder: 0,
    failed: 0,
    open: 0,
    sockets: [],
    close: () => {},
  };
  const changesIn = (text, seq) => {
    let labels = crowd.labelsOf.get(seq);
    if (!labels) {
      labels = (JSON.parse(text).objects ?? []).map((o) => o.objectLabel);
      crowd.labelsOf.set(seq, labels);
    }
    return labels.length;
  };
  const all = [];
  for (let i = 0; i < count; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(count, i + 50); j++) {
      const state = { labels: 0, last: -1 };
      const ws = new WebSocket(url, { headers: { "cf-connecting-ip": `172.16.${j >> 8}.${j & 255}` }, perMessageDeflate: false });
      ws.on("message", (data) => {
        const text = data.toString();
        const m = /"seq":(\d+)/.exec(text);
        if (!m || !text.startsWith('{"type":"changes"')) return;
        const seq = Number(m[1]);
        if (!crowd.measuring) return void (state.last = seq);
        if (seq <= state.last) crowd.outOfOrder++;
        state.last = seq;
        state.labels += changesIn(text, seq);
        crowd.arrivals.push([seq, Date.now()]);
      });
      batch.push(
        new Promise((resolve) => {
          ws.once("open", () => resolve(true));
          ws.once("error", () => resolve(false));
          ws.once("unexpected-response", () => resolve(false));
        }).then((ok) => {
          if (!ok) return void crowd.failed++;
          crowd.open++;
          crowd.sockets.push(state);
          all.push(ws);
        }),
      );
    }
    await Promise.all(batch);
  }
  crowd.close = () => all.forEach((ws) => ws.terminate());
  ctx.log(`  crowd: ${crowd.open} sockets open, ${crowd.failed} failed`);
  await new Promise((r) => setTimeout(r, 3000));
  return crowd;
}

/** Records this process's event loop stalls (a 10 ms timer firing late by over 50 ms): [when it should have fired, how late]. */
function watchStalls() {
  const list = [];
  let expected = Date.now() + 10;
  const timer = setInterval(() => {
    const now = Date.now();
    if (now - expected > 50) list.push([expected, now - expected]);
    expected = now + 10;
  }, 10);
  return { list, stop: () => clearInterval(timer) };
}

/**
 * Where the worst batches' time went: per message (seq), from the commit of its oldest change to
 * its first socket's arrival and on to its last socket's, beside this process's event loop delay
 * (a late first arrival with a stall of this process at the time is the load generator's own lag).
 */
function worstBatches(crowd, committed, loopDelay, stalls) {
  const bySeq = new Map();
  for (const [seq, at] of crowd.arrivals) {
    const b = bySeq.get(seq) ?? { first: Infinity, last: -Infinity, n: 0 };
    b.first = Math.min(b.first, at);
    b.last = Math.max(b.last, at);
    b.n++;
    bySeq.set(seq, b);
  }
  const rows = [];
  for (const [seq, b] of bySeq) {
    let commit = Infinity;
    for (const label of crowd.labelsOf.get(seq) ?? []) commit = Math.min(commit, committed.get(label) ?? Infinity);
    if (commit !== Infinity) rows.push({ seq, toFirst: b.first - commit, spread: b.last - b.first, first: b.first, last: b.last });
  }
  rows.sort((a, b) => b.toFirst + b.spread - (a.toFirst + a.spread));
  // CROWD_DELIVERY_OUT=file keeps every message's row and the stalls, to lay beside the runtime's own log.
  if (process.env.CROWD_DELIVERY_OUT) writeFileSync(process.env.CROWD_DELIVERY_OUT, JSON.stringify({ rows, stalls }));
  const stallIn = (from, to) => stalls.filter(([at, late]) => at < to && at + late > from).reduce((m, [, late]) => Math.max(m, late), 0);
  const worst = rows
    .slice(0, 3)
    .map(
      (r) =>
        `seq ${r.seq}: commit -> first socket ${Math.round(r.toFirst)} ms, first -> last ${Math.round(r.spread)} ms (this process stalled up to ${stallIn(r.first - r.toFirst, r.last)} ms meanwhile)`,
    )
    .join("; ");
  const med = (xs) => percentile(xs, 50);
  return `delivery by message (${rows.length} messages): median commit -> first socket ${Math.round(med(rows.map((r) => r.toFirst)))} ms, first -> last ${Math.round(med(rows.map((r) => r.spread)))} ms; worst: ${worst}; this process's event loop delay p99 ${Math.round(loopDelay.percentile(99) / 1e6)} ms, max ${Math.round(loopDelay.max / 1e6)} ms, ${stalls.length} stalls over 50 ms`;
}

/** When each seat's change committed (`at` in the status history, ms). */
async function commitTimes(ctx, ev, key) {
  const at = new Map();
  // From the start: a message at seq S carries changes from before S, and the whole history is a few pages.
  let after = 0;
  for (;;) {
    const res = await timedRequest(ctx.baseUrl, "GET", `/api/v1/events/${key}/status-changes?after=${after}&limit=1000`, {
      headers: { "x-api-key": ev.keys.sk },
    });
    const page = json(res);
    if (res.status !== 200 || !page) {
      ctx.report.note(name, `status-changes answered ${res.status}: no commit times`);
      return at;
    }
    for (const item of page.items) if (!at.has(item.objectLabel)) at.set(item.objectLabel, Date.parse(item.at));
    if (page.nextCursor === null || page.nextCursor === undefined) return at;
    after = page.nextCursor;
  }
}
