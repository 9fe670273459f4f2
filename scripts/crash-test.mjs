#!/usr/bin/env node
// `npm run test:crash [-- options]`: the crash test of the local sandbox. Starts `wrangler dev` on its own
// fresh state, provisions a 2,000-seat event with a webhook endpoint on a loopback receiver, drives a
// mixed rush of concurrent clients while the dev server's whole process group is SIGKILLed several
// times and SIGTERMed once (restarted on the same state each time), then waits for the deliveries
// and checks that nothing acknowledged was lost. Loopback only; bounded in time; cleans up after
// itself. Exit status 0 = every check passed, 1 = a check failed, 2 = usage or start-up problem.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runChaos, signalPlan } from "./lib/crash/chaos.mjs";
import {
  checkAnswers,
  checkBookings,
  checkDeliveries,
  checkExclusive,
  checkGaCapacity,
  checkReadsAgree,
  checkRejections,
  checkServerErrors,
  deliveredChanges,
} from "./lib/crash/checks.mjs";
import { DevServer } from "./lib/crash/dev-server.mjs";
import { exchange } from "./lib/crash/http.mjs";
import { buildModel } from "./lib/crash/model.mjs";
import { HELP, parseOptions } from "./lib/crash/options.mjs";
import { provision } from "./lib/crash/provision.mjs";
import { startReceiver } from "./lib/crash/receiver.mjs";
import { printReport, requestSummary } from "./lib/crash/report.mjs";
import { runRush } from "./lib/crash/rush.mjs";
import { checkSeasonAtomic, provisionSeason, runSeasonRush } from "./lib/crash/season-rush.mjs";
import { freePort } from "./lib/ports.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const started = Date.now();
const log = (m) => console.log(`[crash +${((Date.now() - started) / 1000).toFixed(1)}s] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A request that ends while a restarted server may still be warming up belongs to its window. */
const WINDOW_GRACE_MS = 2000;

let options;
try {
  options = parseOptions(process.argv.slice(2));
} catch (err) {
  console.error(`error: ${err.message}\n\n${HELP}`);
  process.exit(2);
}
if (options.help) {
  console.log(HELP);
  process.exit(0);
}

// ---- cleanup, also on Ctrl-C and on failure --------------------------------------------------
const dir = mkdtempSync(path.join(tmpdir(), "seat-crash-"));
let server = null;
process.on("exit", () => {
  server?.killNow();
  if (!options.keep) rmSync(dir, { recursive: true, force: true });
});
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    console.error(`\n[crash] ${sig}: stopping the dev server and removing ${dir}`);
    process.exit(130);
  });
}

async function main() {
  const runId = randomBytes(3).toString("hex");
  const receiver = await startReceiver();
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const adminToken = randomBytes(24).toString("hex");
  server = new DevServer({
    root,
    persistTo: path.join(dir, "state"),
    port,
    inspectorPort,
    logFile: path.join(dir, "wrangler.log"),
    vars: {
      ADMIN_TOKEN: adminToken,
      PUBLIC_KEY_SECRET: randomBytes(24).toString("hex"),
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_RETRY_BASE_SECONDS: "1",
    },
  });
  const baseUrl = server.baseUrl;
  log(`state ${dir}; server ${baseUrl}; receiver ${receiver.url}`);

  log("applying the D1 migrations to the fresh state directory");
  await server.migrate();
  const bootTimeoutMs = options.bootTimeout * 1000;
  const spawnAt = server.start();
  // Any HTTP answer at all means the Worker is up (the operator API needs nothing provisioned).
  const anyAnswer = async () => (await exchange(baseUrl, "GET", "/admin/v1/workspaces/ws_none", { adminToken, timeoutMs: 2000 })).status !== null;
  await server.waitReady(anyAnswer, bootTimeoutMs);
  log(`wrangler dev answers after ${((Date.now() - spawnAt) / 1000).toFixed(1)} s; provisioning`);

  const world = await provision({ baseUrl, adminToken, seats: options.seats, gaCapacity: options.gaCapacity, receiverUrl: receiver.url, runId });
  receiver.setSecret(world.webhookSecret);
  // The API is back when the event's status answers: that goes through key lookup (D1) and the
  // event's Durable Object, which must load its state again after a restart.
  const probeLabel = world.labels[world.labels.length - 1];
  const apiAnswers = async () =>
    (await exchange(baseUrl, "GET", `/api/v1/events/${world.eventKey}/status?labels=${probeLabel}`, { apiKey: world.pk, timeoutMs: 2000 })).status === 200;
  await server.waitReady(apiAnswers, bootTimeoutMs);
  log(`event ${world.eventKey}: ${world.labels.length} seats + GA; webhook ${world.webhookId} → receiver`);
  const season = await provisionSeason({ baseUrl, sk: world.sk, chartKey: world.chartKey, runId, labels: world.labels });
  log(`season ${season.seasonKey}: ${season.eventKeys.length} events, ${season.labels.length} contested seats`);

  // ---- the rush, with the signals ----------------------------------------------------------
  const ops = [];
  const rushStart = Date.now();
  const stopAt = rushStart + options.duration * 1000;
  const plan = signalPlan(options.kills, options.terms);
  log(`rush: ${options.clients} clients for ${options.duration} s; signals ${plan.join(" ") || "none"}`);
  const [restarts, , seasonStats] = await Promise.all([
    runChaos({ server, plan, start: rushStart, stopAt, probe: apiAnswers, bootTimeoutMs, log }),
    runRush(
      { baseUrl, pk: world.pk, sk: world.sk, eventKey: world.eventKey, labels: world.labels, runId, thinkMs: options.think, stopAt, ops },
      options.clients,
    ),
    runSeasonRush({ baseUrl, pk: world.pk, sk: world.sk, season, stopAt }),
  ]);
  const rushEnd = Date.now();
  log(`rush over: ${ops.length} requests`);
  // docs/seasons.md: within 10 s of the service being up again, no seat is taken for a season in some events only.
  const seasonCheck = await checkSeasonAtomic({ baseUrl, sk: world.sk, season, stats: seasonStats });
  log(`season check: ${seasonCheck.summary}`);
  const windows = restarts.map((r) => ({ start: r.signalAt, end: r.readyAt + WINDOW_GRACE_MS }));

  // ---- settle: wait for deliveries, ending early once every acknowledged change arrived ----
  const model = buildModel(ops, { expiryCutoff: rushEnd });
  const missing = () => {
    const delivered = deliveredChanges(receiver.deliveries, runId);
    let n = 0;
    for (const key of model.expected.keys()) if (!delivered.has(key)) n++;
    return n;
  };
  const settleStart = Date.now();
  let lastNote = settleStart;
  let left = missing();
  // When the last missing change arrived: progress late in the wait means slowness, not loss.
  let lastProgressAt = settleStart;
  while (left > 0 && Date.now() - settleStart < options.settle * 1000) {
    await sleep(500);
    const count = missing();
    if (count < left) lastProgressAt = Date.now();
    left = count;
    if (Date.now() - lastNote >= 10_000) {
      lastNote = Date.now();
      log(`settling: ${left} of ${model.expected.size} acknowledged changes not delivered yet`);
    }
  }
  const settle = { complete: left === 0, waited: Date.now() - settleStart, lastProgress: lastProgressAt - settleStart };
  log(`settle ${settle.complete ? "complete" : "gave up"} after ${(settle.waited / 1000).toFixed(1)} s`);

  // ---- final reads: status and reports taken together while nothing expires in between ----
  const final = await finalReads(baseUrl, world);

  const delivered = deliveredChanges(receiver.deliveries, runId);
  const deliveries = checkDeliveries(model, delivered, { ...receiver.stats });
  const checks = [
    checkBookings(model, final),
    checkExclusive(model, ops, final),
    checkGaCapacity(model, final, options.gaCapacity),
    checkReadsAgree(final, world.labels.length, options.gaCapacity),
    deliveries.check,
    checkServerErrors(ops, windows),
    checkRejections(ops),
    checkAnswers(model),
    seasonCheck,
  ];
  const result = {
    options,
    runId,
    rushStart,
    restarts,
    requests: requestSummary(ops, windows),
    receiver: { ...receiver.stats, stripeAvailable: receiver.stripeAvailable },
    uniqueEvents: receiver.deliveries.size,
    settle,
    table: deliveries.table,
    checks,
    wall: Date.now() - started,
  };
  printReport(result);
  if (options.report) {
    writeFileSync(options.report, `${JSON.stringify({ ...result, ops }, null, 1)}\n`);
    log(`full result written to ${options.report}`);
  }
  if (options.keep) log(`kept ${dir} (state and wrangler.log)`);
  await receiver.close();
  await server.stop();
  return checks.every((c) => c.ok) ? 0 : 1;
}

/**
 * Status (secret key, so extraData shows which hold each seat belongs to) and reports, read until
 * two status reads around the report agree: a hold expiring between them would skew the comparison.
 */
async function finalReads(baseUrl, world) {
  const get = async (p) => {
    const x = await exchange(baseUrl, "GET", `/api/v1/events/${world.eventKey}/${p}`, { apiKey: world.sk, timeoutMs: 30_000 });
    if (x.status !== 200) throw new Error(`final read ${p} answered ${x.status ?? x.error}`);
    return x.body;
  };
  const digest = (st) =>
    JSON.stringify(st.objects.map((e) => [e.objectLabel, e.status, e.held ?? null, e.booked ?? null]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
  for (let attempt = 1; ; attempt++) {
    const before = await get("status");
    const reports = await get("reports");
    const after = await get("status");
    if (digest(before) === digest(after) || attempt === 5) return { status: after, reports };
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`[crash] ${err instanceof Error ? (err.stack ?? err.message) : err}`);
    const logFile = path.join(dir, "wrangler.log");
    if (existsSync(logFile)) {
      const tail = readFileSync(logFile, "utf8").split("\n").slice(-40).join("\n");
      console.error(`[crash] last lines of the wrangler log:\n${tail}`);
    }
    process.exit(2);
  },
);
