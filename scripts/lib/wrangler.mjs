// Running wrangler from scripts: the project's own copy, with the offline settings, on this Node.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** Quiet, offline wrangler: no metrics, no Request.cf lookup, no update check. */
export const OFFLINE_ENV = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_HIDE_BANNER: "true" };

/**
 * The project's wrangler entry point. Run with `process.execPath`, which under `npm run` is the
 * Node 22 of the `node` devDependency, so a machine whose own Node is older still works.
 * @param {string} root project root
 */
export function wranglerBin(root) {
  const bin = path.join(root, "node_modules", "wrangler", "bin", "wrangler.js");
  if (!existsSync(bin)) throw new Error("wrangler is not installed: run `npm install` first");
  return bin;
}

/**
 * Runs a wrangler command to completion with its output visible. Non-interactive (CI=true), so a
 * confirmation prompt never blocks a fresh checkout.
 * @returns {number} exit status
 */
export function runWrangler(root, args) {
  const res = spawnSync(process.execPath, [wranglerBin(root), ...args], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ...OFFLINE_ENV, CI: "true" },
  });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

/**
 * Runs a wrangler command to completion with its output kept, not shown: for a caller that prints
 * only what a person needs (the migrations' final table rather than one per migration).
 * @returns {{ status: number, output: string }}
 */
export function runWranglerCaptured(root, args) {
  const res = spawnSync(process.execPath, [wranglerBin(root), ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    env: { ...process.env, ...OFFLINE_ENV, CI: "true" },
  });
  if (res.error) throw res.error;
  return { status: res.status ?? 1, output: `${res.stdout ?? ""}${res.stderr ?? ""}` };
}

/**
 * Starts a long-running wrangler command in the foreground (output and keyboard shared); with
 * `pipeOutput` its standard output is the child's `stdout` stream, for the caller to pass on.
 */
export function startWrangler(root, args, { pipeOutput = false } = {}) {
  return spawn(process.execPath, [wranglerBin(root), ...args], {
    cwd: root,
    stdio: pipeOutput ? ["inherit", "pipe", "inherit"] : "inherit",
    env: { ...process.env, ...OFFLINE_ENV, ...(pipeOutput && process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}) },
  });
}

/**
 * The Node that runs wrangler: wrangler 4 needs Node ≥ 22. Under `npm run` the `node`
 * devDependency (22) runs every script; from a bare shell with Node 20 it is still found in
 * node_modules/.bin.
 */
export function wranglerNode(root) {
  if (Number(process.versions.node.split(".")[0]) >= 22) return process.execPath;
  const local = path.join(root, "node_modules", ".bin", "node");
  if (!existsSync(local)) throw new Error("wrangler needs Node >= 22: run `npm install` (the node devDependency provides it)");
  return local;
}

/**
 * Environment of a wrangler that nobody watches (tests, the crash test, the bench): offline,
 * non-interactive, no colours, and without the local trace recorder and explorer (they share
 * workerd's thread and halved a trivial Worker's throughput on a small machine).
 */
export function unattendedEnv(root) {
  return {
    ...process.env,
    ...OFFLINE_ENV,
    PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
    CI: "1",
    NO_COLOR: "1",
    X_LOCAL_OBSERVABILITY: "false",
    X_LOCAL_EXPLORER: "false",
  };
}

/**
 * The arguments of a `wrangler dev` on loopback with its own state directory, quiet (warnings only:
 * per-request log lines cost CPU on the cores the Worker runs on) and without the interactive
 * keys, with `vars` passed as `--var NAME:value`.
 * @param {{ port: number, inspectorPort?: number, persistTo: string, vars?: Record<string, string> }} opts
 */
export function devServerArgs({ port, inspectorPort = 0, persistTo, vars = {} }) {
  return [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--persist-to",
    persistTo,
    "--show-interactive-dev-session=false",
    "--log-level",
    "warn",
    ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
  ];
}

export { firstFreePort, portIsFree } from "./ports.mjs";
