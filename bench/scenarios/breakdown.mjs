/**
 * Where the time of a hold goes, measured from outside (workerd cannot be profiled with
 * `node --cpu-prof`): the same 64-connection load on routes that stop at successive stages of the
 * hold path. The cost per request at saturation (1 / throughput, both cores, load generator
 * included) of each stage minus the previous one is the price of that stage:
 *   runtime floor (a one-line Worker) -> 404 route -> auth + validation (hold with an invalid body) -> event read -> idempotent hold
 *   retry (Durable Object round trip, no new state) -> full hold -> full hold with a secret key
 *   (not cached: a D1 lookup per request).
 * With --profile, a system-wide `perf record` during the full-hold run splits CPU by process.
 */
import { spawn } from "node:child_process";
import { blast } from "../lib/load.mjs";
import { BASELINE_PATH, holdPath, newEvent } from "../lib/scenario.mjs";
import { ms, perSecond } from "../lib/stats.mjs";
import { run as runCmd, startFloorWorker } from "../lib/runtime.mjs";

export const name = "breakdown";

/** Runs the scenario and adds its rows to the report. */
export async function run(ctx) {
  const seconds = ctx.opts.breakdownSeconds;
  const ev = await newEvent(ctx, Math.max(30_000, seconds * 2 * 8000), "breakdown");
  const hold = holdPath(ev.eventKey);
  let offset = 0;
  const fresh = (key, tag) => {
    const start = offset;
    offset += 8000 * seconds;
    // amount bounds the run to the seats reserved for this stage, so no request finds its seat taken.
    return {
      method: "POST",
      path: hold,
      amount: 8000 * seconds,
      headers: { "x-api-key": key },
      body: (i) =>
        JSON.stringify({ objectLabels: [ev.labels[(start + i) % ev.labels.length]], holdToken: `${tag}-${start + i}-${ctx.api.runId}`, ttlSeconds: 900 }),
    };
  };
  // The retry stage re-holds one seat under its own token: the answer is a 200 with no state change.
  await ctx.api.hold(ev.keys, ev.eventKey, [ev.labels.at(-1)], `retry-${ctx.api.runId}`);
  const stages = [
    { label: "404 route (router + error envelope)", req: { method: "GET", path: BASELINE_PATH }, expect: 404 },
    {
      label: "hold with invalid body (auth, cached pk + validation; 400)",
      req: { method: "POST", path: hold, headers: { "x-api-key": ev.keys.pk }, body: () => JSON.stringify({ objectLabels: [], holdToken: "x" }) },
      expect: 400,
    },
    {
      label: "GET /api/v1/events/{key} (auth + event lookup)",
      req: { method: "GET", path: `/api/v1/events/${encodeURIComponent(ev.eventKey)}`, headers: { "x-api-key": ev.keys.pk } },
      expect: 200,
    },
    {
      label: "hold retry, same seat + token (DO round trip, no write)",
      req: {
        method: "POST",
        path: hold,
        headers: { "x-api-key": ev.keys.pk },
        body: () => JSON.stringify({ objectLabels: [ev.labels.at(-1)], holdToken: `retry-${ctx.api.runId}`, ttlSeconds: 900 }),
      },
      expect: 200,
    },
    { label: "full hold, publishable key", req: fresh(ev.keys.pk, "pk"), expect: 200, profile: true },
    { label: "full hold, secret key (uncached auth)", req: fresh(ev.keys.sk, "sk"), expect: 200 },
  ];
  if (ctx.proxyUrl && ctx.proxyUrl !== ctx.baseUrl) {
    // The wrangler dev proxy hop (a second workerd forwarding over loopback HTTP): not in
    // production, and not in the other figures, which measure the Worker's own socket.
    stages.unshift({
      label: "404 route through the wrangler dev proxy (not in other figures)",
      url: ctx.proxyUrl,
      req: { method: "GET", path: BASELINE_PATH },
      expect: 404,
      noDelta: true,
    });
  }
  // The runtime's floor: a one-line Worker under its own wrangler dev, measured while ours idles.
  let floor = null;
  try {
    floor = await startFloorWorker({ log: ctx.log });
    if (floor.directUrl) {
      const floorHold = {
        method: "POST",
        path: "/hold",
        headers: { "content-type": "application/json" },
        body: (i) => JSON.stringify({ objectLabels: [`F-${i}`], holdToken: `floor-${i}-token` }),
      };
      stages.unshift(
        {
          label: "runtime floor: a one-line Worker, same wrangler dev settings (not our code)",
          url: floor.directUrl,
          req: { method: "GET", path: BASELINE_PATH },
          expect: 404,
          noDelta: true,
        },
        {
          label: "runtime floor of a hold: Worker -> Durable Object RPC -> one INSERT in transactionSync (not our code)",
          url: floor.directUrl,
          req: floorHold,
          expect: 200,
          noDelta: true,
        },
      );
    } else ctx.report.note(name, "the floor Worker's own socket was not found; no floor stage");
  } catch (err) {
    ctx.report.note(name, `floor Worker did not start: ${String(err.message).slice(0, 200)}`);
  }
  try {
    await runStages(ctx, stages, seconds);
  } finally {
    await floor?.stop();
  }
}

async function runStages(ctx, stages, seconds) {
  let previous = null;
  for (const stage of stages) {
    ctx.log(`  ${stage.label}…`);
    const perf = stage.profile && ctx.opts.profile ? startPerf(seconds) : null;
    const r = await blast({ baseUrl: stage.url ?? ctx.baseUrl, ...stage.req, connections: 64, duration: seconds });
    const perRequestUs = 1e6 / r.rps;
    const bad = Object.entries(r.statuses)
      .filter(([c]) => Number(c) !== stage.expect)
      .map(([c, n]) => `${n} x ${c}`)
      .join(", ");
    ctx.report.add({
      scenario: name,
      figure: `Breakdown: ${stage.label}`,
      target: "(profile)",
      result: `${perSecond(r.rps)}, p50 ${ms(r.latency.p50)}; ${Math.round(perRequestUs)} us/request at saturation${previous ? ` (${perRequestUs - previous >= 0 ? "+" : ""}${Math.round(perRequestUs - previous)} us vs previous stage)` : ""}${bad ? `; unexpected: ${bad}` : ""}`,
      met: null,
    });
    if (!stage.noDelta) previous = perRequestUs;
    if (perf) ctx.report.note(name, `perf (system-wide, during the full-hold stage), CPU samples by process: ${await perf}`);
  }
}

/** Samples all CPUs for `seconds` with perf and resolves a "process share%" summary, or a reason. */
function startPerf(seconds) {
  return new Promise((resolvePerf) => {
    const out = `/tmp/seat-bench-perf-${process.pid}.data`;
    const child = spawn("perf", ["record", "-a", "-F", "199", "-o", out, "--", "sleep", String(Math.max(1, seconds - 1))], { stdio: "ignore" });
    child.on("error", () => resolvePerf("perf not available"));
    child.on("close", async (code) => {
      if (code !== 0) return resolvePerf(`perf record exited ${code} (perf_event_paranoid?)`);
      try {
        const report = await runCmd("perf", ["report", "-i", out, "--stdio", "--sort", "comm", "--percent-limit", "2"], { timeoutMs: 60_000 });
        const rows = report
          .split("\n")
          .filter((l) => /^\s+[\d.]+%/.test(l))
          .map((l) => l.trim().replace(/\s+/g, " "));
        resolvePerf(rows.join("; ") || "no samples");
      } catch (err) {
        resolvePerf(`perf report failed: ${String(err.message).slice(0, 120)}`);
      } finally {
        await runCmd("rm", ["-f", out]).catch(() => {});
      }
    });
  });
}
