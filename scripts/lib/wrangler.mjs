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

/** Starts a long-running wrangler command in the foreground (output and keyboard shared). */
export function startWrangler(root, args) {
  return spawn(process.execPath, [wranglerBin(root), ...args], { cwd: root, stdio: "inherit", env: { ...process.env, ...OFFLINE_ENV } });
}

export { firstFreePort, portIsFree } from "./ports.mjs";
