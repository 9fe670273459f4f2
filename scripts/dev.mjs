#!/usr/bin/env node
// `npm run dev [-- <wrangler dev arguments>]`: a working local service from a fresh checkout.
//
// 1. completes .dev.vars (random ADMIN_TOKEN and PUBLIC_KEY_SECRET, private webhook URLs allowed),
// 2. applies the local D1 migrations,
// 3. starts `wrangler dev` in the foreground with every extra argument passed on,
// 4. once it answers, provisions the demo (workspace, keys, published chart, events) once, reusing
//    it on later runs (.wrangler/demo.json), and prints the keys and ready-to-paste curl lines.
// Ctrl-C stops wrangler and this script together.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { request, waitUntilUp } from "./lib/client.mjs";
import { DEMO_EVENT_KEY, ensureDemo } from "./lib/demo.mjs";
import { baseUrlFor, parseDevArgs } from "./lib/dev-args.mjs";
import { dropRepeatedBindings } from "./lib/dev-output.mjs";
import { ensureDevVars } from "./lib/dev-vars.mjs";
import { firstFreePort, runWranglerCaptured, startWrangler } from "./lib/wrangler.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const extra = process.argv.slice(2);
const args = parseDevArgs(extra);
const log = (msg) => console.log(`[dev] ${msg}`);

// 1. Local secrets. A `--var NAME:VALUE` wins over .dev.vars, as it does inside wrangler.
const { vars, added } = ensureDevVars(path.join(root, ".dev.vars"));
if (added.length) log(`wrote ${added.join(", ")} to .dev.vars`);
const adminToken = args.vars.ADMIN_TOKEN ?? vars.ADMIN_TOKEN;

// 2. Local D1 schema. Options that choose the config or the state directory apply here too.
const shared = [];
if (args.config) shared.push("--config", args.config);
if (args.env) shared.push("--env", args.env);
if (args.persistTo) shared.push("--persist-to", args.persistTo);
log("applying local D1 migrations");
const migrations = runWranglerCaptured(root, ["d1", "migrations", "apply", "DB", "--local", ...shared]);
if (migrations.status !== 0) {
  process.stderr.write(migrations.output);
  console.error("[dev] applying the D1 migrations failed");
  process.exit(1);
}
// Wrangler prints the whole table after each migration it applies; the last one says it all.
const table = migrations.output.lastIndexOf("┌");
console.log(table >= 0 ? migrations.output.slice(table).trimEnd() : (migrations.output.trim().split("\n").pop() ?? ""));

// 2b. The browser SDK bundle, the dashboard's assets and the guides the Worker serves, then
// watchers that rebuild them on every change under src/sdk, src/dashboard/client and docs/
// (wrangler dev reloads the Worker when a bundle changes).
for (const [name, what] of [
  ["build-sdk.mjs", "the browser SDK"],
  ["build-dashboard.mjs", "the dashboard's assets"],
  ["build-docs.mjs", "the guides"],
]) {
  const script = path.join(root, "scripts", name);
  if (spawnSync(process.execPath, [script], { cwd: root, stdio: "inherit" }).status !== 0) {
    console.error(`[dev] building ${what} failed`);
    process.exit(1);
  }
  const watcher = spawn(process.execPath, [script, "--watch"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  process.on("exit", () => watcher.kill());
}

// The demo page at / needs the demo's publishable key; from the second run on it is known before
// wrangler starts, so a bare / works. On the first run the banner prints / with ?key=.
const demoState = path.join(root, ".wrangler", "demo.json");
const demoVars = [];
try {
  const known = JSON.parse(fs.readFileSync(demoState, "utf8"));
  if (typeof known.pkTest === "string" && args.vars.DEMO_PUBLIC_KEY === undefined) {
    demoVars.push("--var", `DEMO_PUBLIC_KEY:${known.pkTest}`, "--var", `DEMO_EVENT_KEY:${DEMO_EVENT_KEY}`);
  }
} catch {
  // First run: no demo yet.
}

// 3. wrangler dev. Defaults: loopback only, and the first free port from 8787, so that we know
// where to call it (wrangler would otherwise silently pick a random port when 8787 is taken).
const ip = args.ip ?? "127.0.0.1";
const defaults = [];
if (!args.ip) defaults.push("--ip", ip);
let port = args.port;
if (port === undefined) {
  port = await firstFreePort(8787, ip === "0.0.0.0" ? "127.0.0.1" : ip);
  defaults.push("--port", String(port));
}
const baseUrl = baseUrlFor(ip, port, args.protocol);
const child = startWrangler(root, ["dev", ...defaults, ...demoVars, ...extra], { pipeOutput: true });
dropRepeatedBindings(child.stdout, process.stdout);
let exited = false;
child.on("exit", (code, signal) => {
  exited = true;
  process.exit(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 15) : 1));
});
// Ctrl-C reaches wrangler through the terminal's process group; a signal sent to this process
// alone (kill <pid>) is passed on, and we exit when wrangler does.
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    if (!exited) child.kill(sig);
  });
}

// 4. The demo.
if (!(await waitUntilUp(baseUrl, { stillRunning: () => !exited }))) {
  if (!exited) log(`${baseUrl} did not answer; the demo was not provisioned`);
} else if (!adminToken) {
  log("ADMIN_TOKEN is empty, so the operator API is off and no demo can be provisioned");
} else {
  try {
    const demo = await ensureDemo({ baseUrl, adminToken, stateFile: demoState, log });
    printBanner(demo, await dashboardLink(demo.workspaceKey));
  } catch (err) {
    log(`provisioning the demo failed: ${err instanceof Error ? err.message : err}`);
    log("wrangler dev keeps running; fix the cause and restart `npm run dev` to retry");
  }
}

/** A fresh one-time sign-in link to the demo workspace's dashboard (null, with the reason logged, when the server refuses). */
async function dashboardLink(workspaceKey) {
  try {
    const reply = await request(baseUrl, "POST", `/admin/v1/workspaces/${encodeURIComponent(workspaceKey)}/dashboard-links`, { adminToken });
    if (reply.status === 201) return reply.body;
    log(`no dashboard link: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
  } catch (err) {
    log(`no dashboard link: ${err instanceof Error ? err.message : err}`);
  }
  return null;
}

function printBanner(demo, link) {
  // The CLI defaults to 127.0.0.1:8787 and the token in .dev.vars: name whatever differs.
  let cliFlags = baseUrl === "http://127.0.0.1:8787" ? "" : `--url ${baseUrl} `;
  if (args.vars.ADMIN_TOKEN !== undefined && args.vars.ADMIN_TOKEN !== vars.ADMIN_TOKEN) cliFlags += `--token ${adminToken} `;
  const token = "demo-hold-token-1";
  const ev = `${baseUrl}/api/v1/events/${DEMO_EVENT_KEY}`;
  const json = "-H 'Content-Type: application/json'";
  const lines = [
    "",
    "================ seat reservation service: local demo ================",
    `  API             ${baseUrl}/api/v1`,
    `  Demo page       ${baseUrl}/?key=${demo.pkTest}&event=${DEMO_EVENT_KEY}`,
    `  API reference   ${baseUrl}/docs   (OpenAPI: ${baseUrl}/openapi.json)`,
    `  Dashboard       ${link ? link.url : "(no sign-in link, see above)"}`,
    `                  one-time sign-in link, valid 15 minutes; another: npm run admin -- ${cliFlags}dashboard-link ${demo.workspaceKey}`,
    "",
    `  ADMIN_TOKEN     ${adminToken}`,
    `  workspace       ${demo.workspaceKey}`,
    `  pk_test         ${demo.pkTest}`,
    `  sk_test         ${demo.skTest}`,
    `  pk_live         ${demo.pkLive}`,
    `  sk_live         ${demo.skLive}`,
    `  chart           ${demo.chartKey}`,
    `  event           ${demo.eventsIn.length ? `${DEMO_EVENT_KEY} (${demo.eventsIn.join(" and ")})` : "none yet (see the warning below)"}`,
    "",
    "  Try it (sandbox keys):",
    "  # hold two seats with the publishable key (what the browser does)",
    `  curl -s -X POST ${ev}/seats/hold -H 'X-Api-Key: ${demo.pkTest}' ${json} -d '{"objectLabels":["A-1-1","A-1-2"],"holdToken":"${token}"}'`,
    "  # live status: every non-free seat; `mine` flags the ones this token holds",
    `  curl -s '${ev}/status?holdToken=${token}' -H 'X-Api-Key: ${demo.pkTest}'`,
    "  # book them with the secret key (what your server does)",
    `  curl -s -X POST ${ev}/seats/book -H 'X-Api-Key: ${demo.skTest}' ${json} -d '{"objectLabels":["A-1-1","A-1-2"],"holdToken":"${token}"}'`,
    "  # release them again",
    `  curl -s -X POST ${ev}/seats/release -H 'X-Api-Key: ${demo.skTest}' ${json} -d '{"objectLabels":["A-1-1","A-1-2"],"holdToken":"${token}"}'`,
    "",
    `  Operator CLI:   npm run admin -- ${cliFlags}help`,
    "  Stop:           Ctrl-C",
    "======================================================================",
    "",
  ];
  for (const w of demo.warnings) lines.splice(lines.length - 2, 0, `  WARNING: ${w}`);
  console.log(lines.join("\n"));
}
