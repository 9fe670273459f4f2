/**
 * Selling rules (docs/selling-rules.md):
 * (a) best available on a 100,000-seat event with half its seats sold in a scattered pattern:
 *     server time (Server-Timing) of hold-best-available for quantity 2 and 8, each answer
 *     released again (unmeasured) so the sold share stays at one half;
 * (b) a plain hold with all four selection rules set against the same hold with none, on two
 *     events of the same layout in the same runtime: CPU per hold of the runtime's processes
 *     (the judged figure, see holdcost.mjs) and throughput, in alternating slices.
 * (c) channels (docs/channels.md) on the same half-sold 100,000-seat event: the server time of a PUT
 *     that moves 50,000 seats into a channel (and back out, and in again), and best available
 *     restricted to that channel;
 * (d) a plain hold on an event with channels (the hold names its channel) against one without,
 *     as (b).
 */
import { timedRequest } from "../lib/http.mjs";
import { blast } from "../lib/load.mjs";
import { groupCpuSeconds } from "../lib/runtime.mjs";
import { command, nonOk } from "../lib/scenario.mjs";
import { ms, perSecond, summarise } from "../lib/stats.mjs";

export const name = "selling";

/** Sections of 40 rows of 50 seats (an aisle after the 26th) facing a stage, with coordinates. */
function arena(seats) {
  const sections = [];
  const labels = [];
  for (let s = 0; labels.length < seats; s++) {
    const rows = [];
    for (let r = 0; r < 40 && labels.length < seats; r++) {
      const row = [];
      for (let n = 0; n < 50 && labels.length < seats; n++) {
        const label = `S${s}-${r}-${n}`;
        labels.push(label);
        const seat = { label, categoryKey: r < 10 ? "front" : "rear", x: (s % 10) * 600 + n * 10, y: Math.floor(s / 10) * 500 + r * 10 };
        if (n === 25) seat.aisleAfter = true;
        row.push(seat);
      }
      rows.push({ label: String(r + 1), seats: row });
    }
    sections.push({ key: `S${s}`, label: `Section ${s}`, rows });
  }
  const layout = {
    categories: [
      { key: "front", label: "Front", color: "#d9480f" },
      { key: "rear", label: "Rear", color: "#2f6fed" },
    ],
    sections,
    generalAdmission: [],
    focalPoint: { x: 3000, y: -100 },
  };
  return { layout, labels };
}

/** A small deterministic PRNG (mulberry32), so every run sells the same seats. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seatsPath = (eventKey, action) => `/api/v1/events/${encodeURIComponent(eventKey)}/seats/${action}`;
const serverMs = (res) => Number(/app;dur=([\d.]+)/.exec(res.headers["server-timing"] ?? "")?.[1]);

export async function run(ctx) {
  await bestAvailable(ctx);
  await rulesCost(ctx);
  await channelsCost(ctx);
}

async function bestAvailable(ctx) {
  const seats = ctx.opts.quick ? 10_000 : 100_000;
  const calls = ctx.opts.quick ? 20 : 300;
  const api = ctx.api;
  const keys = await api.workspace("Bench selling");
  const { layout, labels } = arena(seats);
  ctx.log(`  selling: chart of ${seats.toLocaleString("en-US")} seats with a focal point and aisles…`);
  const chartKey = await api.publishedChart(keys, layout, "Bench best available");
  const eventKey = await api.event(keys, chartKey);
  // Half the seats, scattered, booked in blocks of 200 (hold then book under one token).
  const next = random(7);
  const sold = labels.filter(() => next() < 0.5);
  ctx.log(`  selling: booking ${sold.length.toLocaleString("en-US")} scattered seats…`);
  for (let i = 0; i < sold.length; i += 200) {
    const holdToken = `sold-${api.runId}-${i}`;
    const objectLabels = sold.slice(i, i + 200);
    await api.call("POST", seatsPath(eventKey, "hold"), { key: keys.sk, body: { objectLabels, holdToken, ttlSeconds: 900 } });
    await api.call("POST", seatsPath(eventKey, "book"), { key: keys.sk, body: { objectLabels, holdToken } });
  }
  // The first call builds the seat index and occupancy from the tables (once per wake): not measured.
  await api.call("POST", seatsPath(eventKey, "hold-best-available"), { key: keys.pk, body: { holdToken: `warm-${api.runId}`, quantity: 2 } });
  await api.call("POST", seatsPath(eventKey, "release"), { key: keys.sk, body: { holdToken: `warm-${api.runId}` } });
  await bestAvailableCalls(ctx, { keys, eventKey, seats, calls, quantities: [2, 8] });
  await channelPut(ctx, { keys, eventKey, labels, seats, calls });
}

/** Best available on the half-sold event, `calls` times per quantity, each answer released again. */
async function bestAvailableCalls(ctx, { keys, eventKey, seats, calls, quantities, channelKeys }) {
  const api = ctx.api;
  for (const quantity of quantities) {
    const server = [];
    const wall = [];
    let together = 0;
    for (let n = 0; n < calls; n++) {
      const holdToken = `best-${channelKeys ? "ch-" : ""}${quantity}-${api.runId}-${n}`;
      const res = await timedRequest(api.baseUrl, "POST", seatsPath(eventKey, "hold-best-available"), {
        agent: api.agent,
        headers: { "x-api-key": keys.pk },
        body: channelKeys ? { holdToken, quantity, channelKeys } : { holdToken, quantity },
      });
      if (res.status !== 200) throw new Error(`hold-best-available answered ${res.status}: ${String(res.text).slice(0, 200)}`);
      server.push(serverMs(res));
      wall.push(res.ms);
      if (JSON.parse(res.text).nextToEachOther) together++;
      await api.call("POST", seatsPath(eventKey, "release"), { key: keys.sk, body: { holdToken } });
    }
    const s = summarise(server.filter(Number.isFinite));
    const w = summarise(wall);
    ctx.report.add({
      scenario: name,
      figure: `Best available${channelKeys ? " restricted to a channel of half the seats" : ""}, quantity ${quantity}, ${seats.toLocaleString("en-US")} seats half sold (scattered), focal point and aisles: server time (Server-Timing)`,
      target: "p50 <= 5 ms, p99 <= 20 ms",
      result: `p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)} (${calls} calls; ${together} answers next to each other); wall p50 ${ms(w.p50)}, p99 ${ms(w.p99)}`,
      met: s.p50 <= 5 && s.p99 <= 20,
      command: command(name),
    });
  }
}

/**
 * (c): PUT channels moving half the seats (every other section) into "presale", then out to another
 * channel and back, each timed by Server-Timing; then best available restricted to "presale".
 */
async function channelPut(ctx, { keys, eventKey, labels, seats, calls }) {
  const api = ctx.api;
  const half = labels.filter((l) => Number(/^S(\d+)-/.exec(l)[1]) % 2 === 0);
  const rest = labels.filter((l) => Number(/^S(\d+)-/.exec(l)[1]) % 2 === 1);
  const put = async (channels) => {
    const res = await timedRequest(api.baseUrl, "PUT", `/api/v1/events/${encodeURIComponent(eventKey)}/channels`, {
      agent: api.agent,
      headers: { "x-api-key": keys.sk },
      body: { channels },
    });
    if (res.status !== 200) throw new Error(`PUT channels answered ${res.status}: ${String(res.text).slice(0, 200)}`);
    return serverMs(res);
  };
  ctx.log(`  selling: PUT channels moving ${half.length.toLocaleString("en-US")} seats…`);
  const times = [];
  times.push(await put([{ key: "presale", name: "Presale", objectLabels: half }]));
  times.push(
    await put([
      { key: "sponsor", name: "Sponsor", objectLabels: half },
      { key: "presale", name: "Presale", objectLabels: rest.slice(0, 1000) },
    ]),
  );
  times.push(await put([{ key: "presale", name: "Presale", objectLabels: half }]));
  ctx.report.add({
    scenario: name,
    figure: `PUT channels moving ${half.length.toLocaleString("en-US")} seats between channels on a ${seats.toLocaleString("en-US")}-seat event: server time (Server-Timing)`,
    target: "<= 1 s",
    result: `${times.map((t) => ms(t)).join(", ")} (in, across, back)`,
    met: Math.max(...times) <= 1000,
    command: command(name),
  });
  // The first restricted call builds the channel's mask of the seat index: not measured.
  await api.call("POST", seatsPath(eventKey, "hold-best-available"), {
    key: keys.pk,
    body: { holdToken: `warm-ch-${api.runId}`, quantity: 2, channelKeys: ["presale"] },
  });
  await api.call("POST", seatsPath(eventKey, "release"), { key: keys.sk, body: { holdToken: `warm-ch-${api.runId}` } });
  await bestAvailableCalls(ctx, { keys, eventKey, seats, calls, quantities: [2, 8], channelKeys: ["presale"] });
}

/** (d): as (b), one event with channels (holds name their channel), one without. */
async function channelsCost(ctx) {
  const rounds = ctx.opts.quick ? 2 : 9;
  const seconds = ctx.opts.quick ? 1 : 2;
  const api = ctx.api;
  const keys = await api.workspace("Bench selling channels");
  const seats = (rounds + 1) * seconds * 3000 + 4000;
  const { layout, labels } = arena(seats);
  ctx.log(`  selling: two events of ${seats.toLocaleString("en-US")} seats, with and without channels…`);
  const chartKey = await api.publishedChart(keys, layout, "Bench selling channels");
  const arms = [
    { label: "no channels", eventKey: await api.event(keys, chartKey), offset: 0, got: [], body: {} },
    { label: "channels", eventKey: await api.event(keys, chartKey), offset: 0, got: [], body: { channelKeys: ["presale"] } },
  ];
  // Every seat in "presale" except a few, and two more channels, so each hold looks its seats up.
  await api.call("PUT", `/api/v1/events/${encodeURIComponent(arms[1].eventKey)}/channels`, {
    key: keys.sk,
    body: {
      channels: [
        { key: "presale", name: "Presale", objectLabels: labels.slice(0, labels.length - 100) },
        { key: "sponsor", name: "Sponsor", objectLabels: labels.slice(labels.length - 100, labels.length - 50) },
        { key: "box", name: "Box office", objectLabels: labels.slice(labels.length - 50) },
      ],
    },
  });
  const pairs = [];
  for (let i = 0; i + 1 < labels.length - 100; i += 2) pairs.push([labels[i], labels[i + 1]]);
  const pid = ctx.runtimePid;
  const slice = async (arm, duration, amount) => {
    const start = arm.offset;
    const cpuBefore = pid ? groupCpuSeconds(pid) : null;
    const r = await blast({
      baseUrl: ctx.baseUrl,
      method: "POST",
      path: seatsPath(arm.eventKey, "hold"),
      headers: { "x-api-key": keys.pk },
      body: (i) => JSON.stringify({ objectLabels: pairs[(start + i) % pairs.length], holdToken: `chan-${api.runId}-${start + i}`, ttlSeconds: 5, ...arm.body }),
      connections: 64,
      duration,
      amount: amount ?? pairs.length - start,
    });
    arm.offset += r.completed + 64;
    const bad = nonOk(r.statuses);
    if (bad) ctx.report.note(name, `${arm.label}: non-200 answers ${bad}`);
    return { rps: r.ok / r.elapsedS, cpu: cpuBefore === null ? null : ((groupCpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, r.completed) };
  };
  for (const arm of arms) await slice(arm, 30, 1000);
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? arms : [...arms].reverse();
    for (const arm of order) arm.got.push(await slice(arm, seconds));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [none, chan] = arms;
  const byCpu = pid ? median(chan.got.map((g, i) => g.cpu / none.got[i].cpu)) : null;
  const byRps = median(chan.got.map((g, i) => none.got[i].rps / g.rps));
  const judged = byCpu ?? byRps;
  const cpuOf = (arm) => (pid ? `${Math.round(median(arm.got.map((g) => g.cpu)))} us` : "n/a");
  ctx.report.add({
    scenario: name,
    figure: `Plain hold (2 seats) on an event with channels (the hold names its channel) vs one without, same run (median of ${rounds} alternating rounds of ${seconds} s, 64 connections)`,
    target: "<= 1.05x",
    result: `${judged.toFixed(2)}x by CPU per hold (${cpuOf(chan)} with channels, ${cpuOf(none)} without); by throughput ${byRps.toFixed(2)}x (${perSecond(median(chan.got.map((g) => g.rps)))} with, ${perSecond(median(none.got.map((g) => g.rps)))} without)`,
    met: judged <= 1.05,
    baseline: `${cpuOf(none)} CPU per hold, ${perSecond(median(none.got.map((g) => g.rps)))} (no channels, same run)`,
    ratio: `${judged.toFixed(2)}x`,
    command: command(name),
  });
}

/** (b): one event with all four rules, one with none; pair holds so no hold ever strands a seat. */
async function rulesCost(ctx) {
  const rounds = ctx.opts.quick ? 2 : 9;
  const seconds = ctx.opts.quick ? 1 : 2;
  const api = ctx.api;
  const keys = await api.workspace("Bench selling rules");
  const seats = (rounds + 1) * seconds * 3000 + 4000;
  const { layout, labels } = arena(seats);
  ctx.log(`  selling: two events of ${seats.toLocaleString("en-US")} seats, with and without rules…`);
  const chartKey = await api.publishedChart(keys, layout, "Bench selling rules");
  const arms = [
    { label: "no rules", eventKey: await api.event(keys, chartKey), offset: 0, got: [] },
    { label: "all four rules", eventKey: await api.event(keys, chartKey), offset: 0, got: [] },
  ];
  // Limits no hold of the run reaches, so the price of checking them is what is measured. The load
  // generator stands for many buyers, each with an address of its own (CF-Connecting-IP, which
  // Cloudflare sets and wrangler dev keeps), as in a real rush: the per-client cap then counts one
  // buyer's few live holds, not every hold of the run.
  const rules = { maxSeatsPerToken: 6, maxSeatsPerCategory: { front: 4, rear: 6 }, noOrphanSeats: true, maxHeldSeatsPerClient: 10 };
  const buyer = (n) => ({ "cf-connecting-ip": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
  await api.call("PUT", `/api/v1/events/${encodeURIComponent(arms[1].eventKey)}/selection-rules`, { key: keys.sk, body: rules });
  // Seats 2k and 2k+1 of a row are held together (rows are 50 seats, the aisle after the 26th
  // falls between two pairs), so a hold never leaves a single free seat.
  const pairs = [];
  for (let i = 0; i + 1 < labels.length; i += 2) pairs.push([labels[i], labels[i + 1]]);
  const pid = ctx.runtimePid;
  const slice = async (arm, duration, amount) => {
    const start = arm.offset;
    const cpuBefore = pid ? groupCpuSeconds(pid) : null;
    const r = await blast({
      baseUrl: ctx.baseUrl,
      method: "POST",
      path: seatsPath(arm.eventKey, "hold"),
      headers: { "x-api-key": keys.pk },
      headersFor: (i) => buyer((start + i) % 4096),
      body: (i) => JSON.stringify({ objectLabels: pairs[(start + i) % pairs.length], holdToken: `rules-${api.runId}-${start + i}`, ttlSeconds: 5 }),
      connections: 64,
      duration,
      amount: amount ?? pairs.length - start,
    });
    arm.offset += r.completed + 64;
    const bad = nonOk(r.statuses);
    if (bad) ctx.report.note(name, `${arm.label}: non-200 answers ${bad}`);
    return { rps: r.ok / r.elapsedS, cpu: cpuBefore === null ? null : ((groupCpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, r.completed) };
  };
  for (const arm of arms) await slice(arm, 30, 1000);
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? arms : [...arms].reverse();
    for (const arm of order) arm.got.push(await slice(arm, seconds));
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [none, all] = arms;
  const byCpu = pid ? median(all.got.map((g, i) => g.cpu / none.got[i].cpu)) : null;
  const byRps = median(all.got.map((g, i) => none.got[i].rps / g.rps));
  const judged = byCpu ?? byRps;
  const cpuOf = (arm) => (pid ? `${Math.round(median(arm.got.map((g) => g.cpu)))} us` : "n/a");
  ctx.report.add({
    scenario: name,
    figure: `Plain hold (2 seats) with all four selection rules vs none, same run (median of ${rounds} alternating rounds of ${seconds} s, 64 connections)`,
    target: "<= 1.10x",
    result: `${judged.toFixed(2)}x by CPU per hold (${cpuOf(all)} with rules, ${cpuOf(none)} without); by throughput ${byRps.toFixed(2)}x (${perSecond(median(all.got.map((g) => g.rps)))} with, ${perSecond(median(none.got.map((g) => g.rps)))} without)`,
    met: judged <= 1.1,
    baseline: `${cpuOf(none)} CPU per hold, ${perSecond(median(none.got.map((g) => g.rps)))} (no rules, same run)`,
    ratio: `${judged.toFixed(2)}x`,
    command: command(name),
  });
}
