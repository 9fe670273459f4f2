/**
 * Starts the service for end-to-end tests the way a developer runs it: `wrangler dev` on a free
 * port, local D1 migrated with `wrangler d1 migrations apply`, state in a fresh temp directory, and
 * the operator API switched on with throwaway secrets passed as --var.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../scripts/lib/ports.mjs";
import { devServerArgs, unattendedEnv, wranglerBin, wranglerNode } from "../../scripts/lib/wrangler.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WRANGLER = wranglerBin(ROOT);
const ENV = unattendedEnv(ROOT);

function run(args, { timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(wranglerNode(ROOT), [WRANGLER, ...args], { cwd: ROOT, env: ENV, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`wrangler ${args.join(" ")} exited ${code}:\n${out}`));
    });
  });
}

/**
 * Starts the dev server and resolves once it answers. Returns its base URL, the secrets it runs
 * with, and `stop()`.
 */
export async function startDevServer() {
  const persistTo = await mkdtemp(path.join(tmpdir(), "seating-e2e-"));
  const adminToken = randomBytes(16).toString("hex");
  const publicKeySecret = randomBytes(32).toString("hex");
  await run(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo]);
  const port = await freePort();
  const inspectorPort = await freePort();
  const vars = { ADMIN_TOKEN: adminToken, PUBLIC_KEY_SECRET: publicKeySecret, WEBHOOK_ALLOW_PRIVATE_URLS: "true" };
  const args = [WRANGLER, ...devServerArgs({ port, inspectorPort, persistTo, vars })];
  // Own process group, so stop() ends workerd with it.
  const child = spawn(wranglerNode(ROOT), args, { cwd: ROOT, env: ENV, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // Already gone.
      }
      await new Promise((r) => setTimeout(r, 500));
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    await rm(persistTo, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/sdk/latest/seating.js`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not answer within 150 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseUrl, adminToken, stop, log: () => log };
}

export { freePort };
