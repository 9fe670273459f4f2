#!/usr/bin/env node
/**
 * `npm run bench`: the performance harness. Starts the local runtime (wrangler dev on a
 * free port, fresh temporary state), provisions through the HTTP APIs, runs the scenarios, and
 * prints one table with every figure, its target, a same-run baseline and the command that
 * reproduces it. See BENCHMARKS.md for what each figure means and the latest results.
 *
 *   npm run bench                          every scenario
 *   npm run bench -- --only holds,race     some scenarios
 *   npm run bench -- --quick               short durations (a smoke run of the harness)
 *   npm run bench -- --base-url http://127.0.0.1:8787 --admin-token T   against a running server
 *
 * A scenario whose endpoint is missing prints "n/a: reason" and the run continues.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Api, Unavailable } from "./lib/api.mjs";
import { startReceiver } from "./lib/receiver.mjs";
import { createSentinel, settle } from "./lib/settle.mjs";
import { Report } from "./lib/report.mjs";
import { ROOT, startRuntime } from "./lib/runtime.mjs";
import * as bots from "./scenarios/bots.mjs";
import * as breakdown from "./scenarios/breakdown.mjs";
import * as crowd from "./scenarios/crowd.mjs";
import * as expiry from "./scenarios/expiry.mjs";
import * as history from "./scenarios/history.mjs";
import * as holdcost from "./scenarios/holdcost.mjs";
import * as holds from "./scenarios/holds.mjs";
import * as latency from "./scenarios/latency.mjs";
import * as postgres from "./scenarios/postgres.mjs";
import * as race from "./scenarios/race.mjs";
import * as scaling from "./scenarios/scaling.mjs";
import * as seasons from "./scenarios/seasons.mjs";
import * as sdk from "./scenarios/sdk.mjs";
import * as selling from "./scenarios/selling.mjs";
import * as status from "./scenarios/status.mjs";
import * as wake from "./scenarios/wake.mjs";
import * as waitingRoom from "./scenarios/waiting-room.mjs";
import * as webhooks from "./scenarios/webhooks.mjs";

/**
 * Run order: webhook delivery first, while the queue is empty; postgres last, once the service is
 * idle, so the two never share the CPUs. The queue is drained between scenarios (lib/settle.mjs).
 */
const SCENARIOS = [
  webhooks,
  breakdown,
  holdcost,
  holds,
  latency,
  race,
  scaling,
  status,
  expiry,
  history,
  selling,
  seasons,
  sdk,
  wake,
  waitingRoom,
  bots,
  crowd,
  postgres,
];
const NEEDS_SERVICE = new Set(SCENARIOS.filter((s) => s !== postgres).map((s) => s.name));

const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    skip: { type: "string" },
    quick: { type: "boolean", default: false },
    duration: { type: "string" },
    rounds: { type: "string" },
    "base-url": { type: "string" },
    "admin-token": { type: "string" },
    "no-snapshot": { type: "boolean", default: false },
    source: { type: "string", default: "worktree" },
    via: { type: "string", default: "direct" },
    keep: { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    "sdk-sizes": { type: "string" },
    out: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (args.help) {
  console.log(`usage: npm run bench -- [--only ${SCENARIOS.map((s) => s.name).join(",")}] [--skip …] [--quick]
  [--duration s] [--rounds n] [--profile] [--sdk-sizes 1000,100000] [--base-url URL --admin-token T] [--source worktree|head] [--no-snapshot] [--keep] [--out dir]
  --source head serves the last commit (git archive HEAD) instead of the working tree.
  --via proxy measures through wrangler dev's proxy instead of the Worker's own socket.`);
  process.exit(0);
}

const list = (s) =>
  s
    ? s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
const only = list(args.only);
const skip = new Set(list(args.skip));
const unknown = [...only, ...skip].filter((n) => !SCENARIOS.some((s) => s.name === n));
if (unknown.length) {
  console.error(`unknown scenario(s): ${unknown.join(", ")}; known: ${SCENARIOS.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const selected = SCENARIOS.filter((s) => (only.length ? only.includes(s.name) : true) && !skip.has(s.name));

const quick = args.quick;
const opts = {
  duration: Number(args.duration ?? (quick ? 3 : 10)),
  rounds: Number(args.rounds ?? (quick ? 1 : 3)),
  baselineSeconds: quick ? 1 : 3,
  breakdownSeconds: quick ? 2 : 4,
  raceRounds: quick ? 3 : 10,
  statusReads: quick ? 5 : 20,
  expiryLeadSeconds: 25,
  sweepWaitSeconds: quick ? 20 : 60,
  webhookEvents: quick ? 400 : 2000,
  webhookWaitSeconds: quick ? 30 : 90,
  settleSeconds: quick ? 30 : 180,
  profile: args.profile,
  /** "direct" (the Worker's own socket) or "proxy" (wrangler dev's public port, as `npm run dev` serves it). */
  via: args.via,
  sdkRounds: quick ? 1 : 3,
  sdkSizes: args["sdk-sizes"] ? list(args["sdk-sizes"]).map(Number) : undefined,
};

const log = (msg) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);
const report = new Report();
let runtime = null;
let receiver = null;

async function cleanup() {
  await receiver?.close().catch(() => {});
  await runtime?.stop().catch(() => {});
}
// A load generator's socket reset by the server (workerd closing a kept-alive connection while a
// run winds down) can surface with no listener attached: count it instead of losing the whole run.
let straySocketErrors = 0;
process.on("uncaughtException", (err) => {
  if (err?.code === "ECONNRESET" || err?.code === "EPIPE") {
    straySocketErrors++;
    log(`stray socket error ignored: ${err.code}`);
    return;
  }
  console.error(err);
  cleanup().finally(() => process.exit(1));
});
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    log(`${sig}: stopping`);
    cleanup().finally(() => process.exit(130));
  });
}

try {
  let baseUrl = args["base-url"];
  /** Whether the runtime keeps wrangler.toml's per-client limit (only scenarios that bring their own addresses ask for it). */
  let clientLimits = false;
  let adminToken = args["admin-token"];
  if (selected.some((s) => NEEDS_SERVICE.has(s.name)) && !baseUrl) {
    // Scenarios that give every simulated client an address of its own run against the real per-client limits.
    clientLimits = selected.every((s) => s.clientLimits === true);
    runtime = await startRuntime({ log, snapshot: !args["no-snapshot"], source: args.source, keep: args.keep, clientLimits });
    baseUrl = runtime.proxyUrl;
    if (args.via === "direct") {
      if (runtime.directUrl) baseUrl = runtime.directUrl;
      else report.note("runtime", "the Worker's own socket behind the wrangler dev proxy was not found; measuring through the proxy");
    }
    log(`measuring ${baseUrl}${baseUrl === runtime.directUrl ? " (the Worker's socket, past the wrangler dev proxy)" : " (wrangler dev proxy)"}`);
    adminToken = runtime.adminToken;
  }
  receiver = await startReceiver();
  const ctx = {
    baseUrl,
    proxyUrl: runtime?.proxyUrl ?? null,
    persistDir: runtime?.persist ?? null,
    /** The process group of our wrangler dev (its workerd processes), for CPU-time figures; null against --base-url. */
    runtimePid: runtime?.pid ?? null,
    /** Where that wrangler dev runs (its bundle is under .wrangler/tmp), for profiles; null against --base-url. */
    runtimeCwd: runtime?.cwd ?? null,
    api: baseUrl ? new Api(baseUrl, adminToken) : null,
    opts,
    clientLimits: runtime ? clientLimits : true,
    log,
    report,
    receiver,
    figures: {},
  };
  /**
   * Restarts the runtime on the same state (every Durable Object wakes from SQLite on its next
   * request) and points the context at it; null when measuring a server the bench did not start.
   */
  ctx.restartRuntime = runtime
    ? async () => {
        await runtime.restart();
        ctx.baseUrl = args.via === "direct" && runtime.directUrl ? runtime.directUrl : runtime.proxyUrl;
        ctx.proxyUrl = runtime.proxyUrl;
        ctx.runtimePid = runtime.pid;
        ctx.api.retarget(ctx.baseUrl);
        return ctx.baseUrl;
      }
    : null;
  const started = Date.now();
  const sentinel = ctx.api ? await createSentinel(ctx) : null;
  /** Lets a scenario wait for the queue to drain after its own set-up, before it measures. */
  ctx.settle = async () => {
    const waited = await settle(ctx, sentinel, opts.settleSeconds);
    log(waited === null ? "  webhook queue not drained; measuring anyway" : `  webhook queue drained after set-up (${waited.toFixed(1)} s)`);
    return waited;
  };
  for (const scenario of selected) {
    if (sentinel && NEEDS_SERVICE.has(scenario.name)) {
      const waited = await settle(ctx, sentinel, opts.settleSeconds);
      log(waited === null ? `webhook queue not drained within ${opts.settleSeconds} s; going on` : `webhook queue drained (${waited.toFixed(1)} s)`);
      if (waited === null)
        report.note(
          scenario.name,
          `the webhook queue was still draining the previous scenarios' events (waited ${opts.settleSeconds} s); figures share the CPUs with that work`,
        );
    }
    log(`scenario ${scenario.name}`);
    const t = Date.now();
    try {
      await scenario.run(ctx);
    } catch (err) {
      const reason = err instanceof Unavailable ? err.message : `error: ${String(err?.message ?? err).slice(-400)}`;
      if (!(err instanceof Unavailable)) console.error(err);
      log(`  n/a: ${reason}`);
      report.na(scenario.name, `${scenario.name} (scenario did not complete)`, "", reason);
    }
    log(`  done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  const header = [
    `Seat reservation service benchmark, ${new Date().toISOString()}`,
    `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), load average at end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; shared with other work, so compare ratios to the same-run baselines.`,
    `Runtime: ${runtime ? `wrangler dev (local workerd), fresh --persist-to state, frozen copy of ${args.source === "head" ? "git HEAD" : "the working tree"}, measured ${ctx.baseUrl === runtime.directUrl ? "at the Worker's own socket (past the dev proxy)" : "through the wrangler dev proxy"}` : baseUrl ? `existing server ${baseUrl}` : "none"}; options ${JSON.stringify({ ...opts, quick })}; total ${((Date.now() - started) / 1000).toFixed(0)} s.`,
    "",
  ].join("\n");
  if (straySocketErrors) report.note("runtime", `${straySocketErrors} stray socket error(s) (ECONNRESET/EPIPE) outside any request were ignored`);
  const markdown = `${header}\n${report.toMarkdown()}\n`;
  console.log(`\n${markdown}`);
  const outDir = args.out ?? join(ROOT, "bench", "results");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "latest.md"), markdown);
  writeFileSync(join(outDir, "latest.json"), JSON.stringify({ date: new Date().toISOString(), opts, ...report.toJSON() }, null, 2));
  log(`results written to ${join(outDir, "latest.md")} and latest.json`);
} finally {
  await cleanup();
}
