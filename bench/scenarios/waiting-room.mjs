/**
 * The waiting room (docs/waiting-room.md) under load, against the same run's floor:
 *   - joins per second (each request a new client address, so a new ticket on one of the room's
 *     shards) and ticket polls per second, 64 connections, next to a one-line Worker answering a
 *     constant under its own wrangler dev (bench/lib/runtime.mjs FLOOR_WORKER, GET any path);
 *   - the hold path with the admission check: CPU per hold of a publishable single-seat hold that
 *     carries X-Admission on an event whose room is open, over the same hold on an event without a
 *     room, in rotating rounds (the judged budget: at most 1.05x).
 * Locally `wrangler dev` sets no CF-Connecting-IP, so the holds' client is the empty address the
 * admission was signed for, and the per-client limit does not apply (as in the holdcost scenario).
 */
import { json, pool, timedRequest } from "../lib/http.mjs";
import { blast } from "../lib/load.mjs";
import { groupCpuSeconds, startFloorWorker } from "../lib/runtime.mjs";
import { command, holdPath, newEvent, nonOk, singleSeatHolds } from "../lib/scenario.mjs";
import { perSecond } from "../lib/stats.mjs";

export const name = "waiting-room";

const CONNECTIONS = 64;
const SHARDS = 8;

const roomPath = (eventKey) => `/api/v1/events/${encodeURIComponent(eventKey)}/waiting-room`;
const ipOf = (n) => `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

async function putRoom(ctx, ev, opensAt, admitPerMinute) {
  await ctx.api.call("PUT", roomPath(ev.eventKey), {
    key: ev.keys.sk,
    body: { enabled: true, opensAt: new Date(opensAt).toISOString(), admitPerMinute, sessionMinutes: 60 },
  });
}

export async function run(ctx) {
  const seconds = ctx.opts.quick ? 2 : 5;
  const holdSeconds = ctx.opts.quick ? 1 : 2;
  const holdRounds = ctx.opts.quick ? 2 : 11;
  const floor = await startFloorWorker({ log: ctx.log });
  try {
    if (!floor.directUrl) return ctx.report.note(name, "the floor Worker's own socket was not found; no figures");
    // ---- joins and polls: a room opening in an hour (the pre-queue) ---------------------------
    const queued = await newEvent(ctx, 10, "waiting-room-queue");
    await putRoom(ctx, queued, Date.now() + 3_600_000, 1000);
    const floorRun = () => blast({ baseUrl: floor.directUrl, path: "/constant", connections: CONNECTIONS, duration: seconds });
    let n = 0;
    const joinRun = () =>
      blast({
        baseUrl: ctx.baseUrl,
        method: "POST",
        path: `${roomPath(queued.eventKey)}/join`,
        headers: { "x-api-key": queued.keys.pk },
        headersFor: () => ({ "cf-connecting-ip": ipOf(n++) }),
        connections: CONNECTIONS,
        duration: seconds,
      });
    // Warm-up, then tickets to poll.
    await joinRun();
    const tickets = (
      await pool(512, 16, (i) =>
        timedRequest(ctx.baseUrl, "POST", `${roomPath(queued.eventKey)}/join`, { headers: { "x-api-key": queued.keys.pk, "cf-connecting-ip": ipOf(n + i) } }),
      )
    ).map((r) => json(r)?.ticket);
    n += 512;
    const pollRun = () =>
      blast({
        baseUrl: ctx.baseUrl,
        path: (i) => `${roomPath(queued.eventKey)}/tickets/${tickets[i % tickets.length]}`,
        headers: { "x-api-key": queued.keys.pk },
        connections: CONNECTIONS,
        duration: seconds,
      });
    const floorA = await floorRun();
    const joins = await joinRun();
    const floorB = await floorRun();
    const polls = await pollRun();
    const floorC = await floorRun();
    const floorRps = (floorA.rps + floorB.rps + floorC.rps) / 3;
    for (const [what, r, okStatus] of [
      ["joins", joins, "201"],
      ["polls", polls, "200"],
    ]) {
      const bad = Object.entries(r.statuses)
        .filter(([code]) => code !== okStatus)
        .map(([code, k]) => `${k} x ${code}`)
        .join(", ");
      if (bad) ctx.report.note(name, `${what}: other answers ${bad}`);
      const okRps = (r.statuses[okStatus] ?? 0) / r.elapsedS;
      ctx.report.add({
        scenario: name,
        figure: `Waiting room ${what} per second (${SHARDS} queue shards, ${CONNECTIONS} connections, ${seconds} s; p50 ${r.latency.p50.toFixed(1)} ms)`,
        target: "reported",
        result: `${perSecond(okRps)} = ${(okRps / floorRps).toFixed(2)}x the floor`,
        met: true,
        baseline: `${perSecond(floorRps)} (a Worker answering a constant, same run: ${[floorA, floorB, floorC].map((f) => perSecond(f.rps)).join(", ")})`,
        ratio: `${(okRps / floorRps).toFixed(2)}x`,
        command: command(name),
      });
    }

    // ---- the hold path: with an admission on an open room vs no room -------------------------
    // Enough seats for every slice at about 3,000 holds a second (labels are never asked twice).
    const seats = holdRounds * holdSeconds * 3000 + 6000;
    const roomed = await newEvent(ctx, seats, "waiting-room-holds");
    const plain = await newEvent(ctx, seats, "waiting-room-plain");
    await putRoom(ctx, roomed, Date.now() - 1000, 100_000);
    const joined = json(await timedRequest(ctx.baseUrl, "POST", `${roomPath(roomed.eventKey)}/join`, { headers: { "x-api-key": roomed.keys.pk } }));
    let admission = null;
    for (let i = 0; i < 30 && !admission; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      admission =
        json(await timedRequest(ctx.baseUrl, "GET", `${roomPath(roomed.eventKey)}/tickets/${joined.ticket}`, { headers: { "x-api-key": roomed.keys.pk } }))
          ?.admission ?? null;
    }
    if (!admission) return ctx.report.note(name, "the bench's ticket was not admitted within 30 s; no hold figure");
    const offsets = { with: 0, without: 0 };
    const slice = async (side, duration, amount) => {
      const ev = side === "with" ? roomed : plain;
      const cpuBefore = ctx.runtimePid ? groupCpuSeconds(ctx.runtimePid) : null;
      const r = await blast({
        baseUrl: ctx.baseUrl,
        method: "POST",
        path: holdPath(ev.eventKey),
        headers: side === "with" ? { "x-api-key": ev.keys.pk, "x-admission": admission } : { "x-api-key": ev.keys.pk },
        body: singleSeatHolds(ev.labels, offsets[side], `wr-${side}`),
        connections: CONNECTIONS,
        duration,
        amount: amount ?? ev.labels.length - offsets[side],
      });
      offsets[side] += r.completed + CONNECTIONS;
      const bad = nonOk(r.statuses);
      if (bad) ctx.report.note(name, `holds ${side} admission: non-200 answers ${bad}`);
      const cpu = cpuBefore === null ? null : ((groupCpuSeconds(ctx.runtimePid) - cpuBefore) * 1e6) / Math.max(1, r.completed);
      return { rps: r.ok / r.elapsedS, cpu };
    };
    for (const side of ["without", "with"]) await slice(side, 30, 1000);
    const got = { with: [], without: [] };
    for (let i = 0; i < holdRounds; i++) {
      for (const side of i % 2 === 0 ? ["with", "without"] : ["without", "with"]) got[side].push(await slice(side, holdSeconds));
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const byCpu = got.with[0].cpu === null ? null : got.with.map((w, i) => w.cpu / got.without[i].cpu);
    const byRps = got.with.map((w, i) => got.without[i].rps / w.rps);
    const judged = byCpu ? median(byCpu) : median(byRps);
    const us = (side) => (got[side][0].cpu === null ? "n/a" : `${Math.round(median(got[side].map((x) => x.cpu)))} us`);
    ctx.report.add({
      scenario: name,
      figure: `Hold with X-Admission on an open waiting room vs the same hold on an event without one (publishable key, one seat); median of ${holdRounds} alternating rounds of ${holdSeconds} s`,
      target: "<= 1.05x",
      result:
        `${judged.toFixed(2)}x by CPU per hold (${us("with")} with, ${us("without")} without; rounds ${byCpu ? byCpu.map((x) => x.toFixed(2)).join(", ") : "n/a"}); ` +
        `by throughput ${median(byRps).toFixed(2)}x (${perSecond(median(got.with.map((x) => x.rps)))} with, ${perSecond(median(got.without.map((x) => x.rps)))} without)`,
      met: judged <= 1.05,
      baseline: `${us("without")} CPU per hold without a room (same run)`,
      ratio: `${judged.toFixed(2)}x`,
      command: command(name),
    });
  } finally {
    await floor.stop();
  }
}
