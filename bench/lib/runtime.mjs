/**
 * Starts and stops the local runtime the benchmark measures: `wrangler dev` (workerd, local D1,
 * SQLite-backed Durable Objects, local queues) on a free loopback port with a fresh temporary
 * persistence directory, so every run starts from empty state and never touches `.wrangler/state`.
 *
 * The Worker is bundled once up front (`wrangler deploy --dry-run --outdir`) and served with
 * `--no-bundle`: other people edit src/ on this machine while a run is going, and wrangler's file
 * watcher would otherwise reload the Worker (and drop Durable Object memory) mid-measurement.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";

/** The project root: bench/lib/ is two levels below it. */
export const ROOT = resolve(import.meta.dirname, "..", "..");

/** Environment for every wrangler command: offline hygiene, non-interactive, Node 22 first on PATH. */
export function wranglerEnv() {
  return {
    ...process.env,
    PATH: `${join(ROOT, "node_modules", ".bin")}${delimiter}${process.env.PATH ?? ""}`,
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_HIDE_BANNER: "true",
    CI: "true",
    NO_COLOR: "1",
  };
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Runs a command to completion with a time bound; rejects with its output on failure. */
export function run(cmd, args, { timeoutMs = 120_000, cwd = ROOT, env = wranglerEnv() } = {}) {
  return new Promise((resolveRun, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolveRun(out);
      else reject(new Error(`${cmd} ${args.join(" ")} exited ${code}:\n${out.slice(-4000)}`));
    });
  });
}

/** Polls until the server answers any HTTP response, or the deadline passes. */
async function waitUntilServing(baseUrl, deadlineMs, child) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/__bench/ready`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(`wrangler dev did not answer within ${deadlineMs} ms`);
}

/**
 * Bundles the Worker, applies the D1 migrations to a fresh persistence directory and starts
 * `wrangler dev`. Returns the base URL, the admin token, and `stop()`.
 */
export async function startRuntime({ log = () => {}, snapshot = true, source = "worktree", keep = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "seat-bench-"));
  const persist = join(dir, "state");
  const port = await freePort();
  const adminToken = randomBytes(24).toString("hex");
  const publicKeySecret = randomBytes(24).toString("hex");

  const args = ["dev"];
  if (snapshot) {
    let cwd = ROOT;
    if (source === "head") {
      // The last commit only: other people's uncommitted work in the tree cannot break the bundle.
      cwd = join(dir, "head");
      mkdirSync(cwd);
      await run("sh", ["-c", `git -C "${ROOT}" archive HEAD | tar -x -C "${cwd}"`]);
      symlinkSync(join(ROOT, "node_modules"), join(cwd, "node_modules"));
    }
    log(`bundling the Worker from ${source === "head" ? "git HEAD" : "the working tree"} (wrangler deploy --dry-run)…`);
    await run(join(ROOT, "node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--outdir", join(dir, "bundle")], { timeoutMs: 180_000, cwd });
    args.push(join(dir, "bundle", "index.js"), "--no-bundle");
  }
  log("applying D1 migrations to a fresh --persist-to directory…");
  await run(join(ROOT, "node_modules", ".bin", "wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { timeoutMs: 180_000 });

  args.push(
    "--ip", "127.0.0.1",
    "--port", String(port),
    "--inspector-port", "0",
    "--persist-to", persist,
    "--var", `ADMIN_TOKEN:${adminToken}`,
    "--var", `PUBLIC_KEY_SECRET:${publicKeySecret}`,
    "--var", "WEBHOOK_ALLOW_PRIVATE_URLS:true",
    "--var", "WEBHOOK_RETRY_BASE_SECONDS:1",
    // Per-request log lines cost CPU on the same two cores as the Worker: keep only warnings.
    "--log-level", "warn",
    "--show-interactive-dev-session=false",
  );
  const logFile = join(dir, "wrangler-dev.log");
  const fd = openSync(logFile, "a");
  log(`starting wrangler dev on 127.0.0.1:${port}…`);
  // detached: the child leads its own process group, so stop() ends wrangler and workerd together.
  const child = spawn(join(ROOT, "node_modules", ".bin", "wrangler"), args, { cwd: ROOT, env: wranglerEnv(), stdio: ["ignore", fd, fd], detached: true });
  closeSync(fd);
  const baseUrl = `http://127.0.0.1:${port}`;

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      const exited = new Promise((r) => child.once("exit", r));
      const timeout = new Promise((r) => setTimeout(r, 5000, "timeout"));
      if ((await Promise.race([exited, timeout])) === "timeout") {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
    if (!keep) rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(baseUrl, 120_000, child);
  } catch (err) {
    let tail = "";
    try {
      tail = readFileSync(logFile, "utf8").slice(-3000);
    } catch {
      // no log
    }
    await stop();
    throw new Error(`${err.message}\n${tail}`);
  }
  return { baseUrl, adminToken, dir, pid: child.pid, stop };
}
