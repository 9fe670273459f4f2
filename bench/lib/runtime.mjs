/**
 * Starts and stops the local runtime the benchmark measures: `wrangler dev` (workerd, local D1,
 * SQLite-backed Durable Objects, local queues) on a free loopback port with a fresh temporary
 * persistence directory, so every run starts from empty state and never touches `.wrangler/state`.
 *
 * wrangler dev runs in a frozen copy of the project (a temporary directory with node_modules
 * linked): other people edit src/ on this machine while a run is going, and wrangler's file
 * watcher would otherwise rebuild and reload the Worker (dropping Durable Object memory)
 * mid-measurement, or pick up a half-written file.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { freePort } from "../../scripts/lib/ports.mjs";
import { devServerArgs, unattendedEnv } from "../../scripts/lib/wrangler.mjs";

/** The project root: bench/lib/ is two levels below it. */
export const ROOT = resolve(import.meta.dirname, "..", "..");

/** Environment for every wrangler command: offline, non-interactive, Node 22 first on PATH, no trace recorder. */
export function wranglerEnv() {
  return unattendedEnv(ROOT);
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

/** Copies the working tree's tracked and untracked (not ignored) files that exist right now. */
function copyWorktree(dest) {
  const files = execFileSync("git", ["-C", ROOT, "ls-files", "-z", "-co", "--exclude-standard"], { encoding: "utf8" }).split("\0");
  for (const file of files) {
    if (!file || file.startsWith("bench/results/")) continue;
    const from = join(ROOT, file);
    if (!existsSync(from) || !statSync(from).isFile()) continue;
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    copyFileSync(from, join(dest, file));
  }
}

/**
 * CPU time (user + system, in seconds) used so far by the live processes of a process group: a
 * `wrangler dev` and its two workerd processes. Cost per request measured this way (CPU seconds
 * over requests served) barely moves with the other work on a shared machine, unlike throughput.
 */
export function groupCpuSeconds(groupPid) {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state(0) ppid(1) pgrp(2) … utime(11) stime(12).
      if (Number(fields[2]) === groupPid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks / ticksPerSecond;
}

/** Process group of a pid, from /proc (field 5 of stat), or null. */
export function processGroup(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
  } catch {
    return null;
  }
}

/**
 * The user Worker's own entry socket behind wrangler dev's proxy. wrangler dev runs two workerd
 * processes: a proxy on the public port that forwards every request over loopback HTTP to a second
 * workerd running the Worker. Production has no such hop, so by default the bench measures the
 * Worker's socket directly (the proxy's cost is reported by the breakdown scenario). Found by
 * listing the listening sockets of the workerd processes in our process group (`ss -ltnp`) and
 * keeping the one that answers the service's own 404 envelope.
 */
async function findDirectUrl(groupPid, proxyPort) {
  let listing;
  try {
    listing = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  } catch {
    return null;
  }
  const ports = [];
  for (const line of listing.split("\n")) {
    const m = /127\.0\.0\.1:(\d+)\s.*"workerd",pid=(\d+)/.exec(line);
    if (m && Number(m[1]) !== proxyPort && processGroup(Number(m[2])) === groupPid) ports.push(Number(m[1]));
  }
  for (const port of ports) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/__bench/ready`, { signal: AbortSignal.timeout(2000) });
      const text = await res.text();
      if (res.status === 404 && text.includes('"code":"not_found"')) return `http://127.0.0.1:${port}`;
    } catch {
      // not an HTTP socket of the Worker
    }
  }
  return null;
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
 * The load generator is one loopback address standing for thousands of buyers, each of whom has
 * an address of their own in production: the per-client limit (CLIENT_RATE_LIMITER, README
 * "Inventory protection") would turn nearly every request of a throughput run into a 429. The
 * snapshot's copy of wrangler.toml gets a limit no run reaches, so the limiter is still called on
 * every request (its cost stays in the figures) but never refuses. Commits older than the limiter
 * have no such block and are left as they are.
 */
function raiseClientLimit(cwd, log) {
  const file = join(cwd, "wrangler.toml");
  if (!existsSync(file)) return;
  const toml = readFileSync(file, "utf8");
  const raised = toml.replace(/(name = "CLIENT_RATE_LIMITER"[^[]*?simple = \{ limit = )\d+/, "$11000000000");
  if (raised !== toml) {
    writeFileSync(file, raised);
    log("per-client rate limit raised in the snapshot (one load generator stands for many buyers)");
  }
}

/**
 * Bundles the Worker, applies the D1 migrations to a fresh persistence directory and starts
 * `wrangler dev`. With `clientLimits` the per-client limit of wrangler.toml is left as it is. Returns the public (proxy) URL, the Worker's direct URL when found (else null),
 * the admin token, and `stop()`.
 */
export async function startRuntime({ log = () => {}, snapshot = true, source = "worktree", keep = false, clientLimits = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "seat-bench-"));
  const persist = join(dir, "state");
  const port = await freePort();
  const adminToken = randomBytes(24).toString("hex");
  const publicKeySecret = randomBytes(24).toString("hex");

  // The app is served from a frozen copy: `head` = the last commit (git archive), `worktree` = the
  // tracked and untracked files of the working tree as they are now.
  let cwd = ROOT;
  if (snapshot) {
    cwd = join(dir, "app");
    mkdirSync(cwd);
    // Any other source names a commit: `head`, or a revision served as a same-run baseline.
    const rev = source === "head" ? "HEAD" : source;
    log(`copying ${source === "worktree" ? "the working tree" : `git ${rev}`} to a frozen snapshot…`);
    if (source !== "worktree") await run("sh", ["-c", `git -C "${ROOT}" archive "${rev}" | tar -x -C "${cwd}"`]);
    else copyWorktree(cwd);
    symlinkSync(join(ROOT, "node_modules"), join(cwd, "node_modules"));
    // A run of scenarios that bring their own buyer addresses (the bots) keeps the real limits.
    if (!clientLimits) raiseClientLimit(cwd, log);
    // Generated files (the SDK bundle the /sdk route imports, the dashboard's assets, the guides) are not committed: build them.
    for (const build of ["build-sdk.mjs", "build-dashboard.mjs", "build-docs.mjs"]) {
      if (existsSync(join(cwd, "scripts", build))) await run(process.execPath, [join(cwd, "scripts", build)], { cwd });
    }
  }
  log("applying D1 migrations to a fresh --persist-to directory…");
  await run(join(ROOT, "node_modules", ".bin", "wrangler"), ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], {
    timeoutMs: 180_000,
    cwd,
  });

  const vars = { ADMIN_TOKEN: adminToken, PUBLIC_KEY_SECRET: publicKeySecret, WEBHOOK_ALLOW_PRIVATE_URLS: "true", WEBHOOK_RETRY_BASE_SECONDS: "1" };
  const args = devServerArgs({ port, persistTo: persist, vars });
  const runtime = { ...(await serveDev({ cwd, args, dir, port, log, keep })), adminToken, persist, cwd };
  /**
   * Stops wrangler dev and starts it again on the same --persist-to state (and port): every
   * Durable Object then wakes from SQLite on its next request, as after an eviction in production.
   * Updates this runtime's URLs and pid in place.
   */
  runtime.restart = async () => {
    await runtime.stopKeepingState();
    Object.assign(runtime, await serveDev({ cwd, args, dir, port, log, keep }));
    return runtime;
  };
  return runtime;
}

/**
 * Runs `wrangler dev` with `args` in `cwd` (logging to `dir`), waits until it answers, and finds
 * the Worker's own socket. `stop()` ends wrangler and workerd and, unless `keep`, removes `dir`.
 */
async function serveDev({ cwd, args, dir, port, log, keep }) {
  const logFile = join(dir, "wrangler-dev.log");
  const fd = openSync(logFile, "a");
  log(`starting wrangler dev on 127.0.0.1:${port}…`);
  // detached: the child leads its own process group, so stop() ends wrangler and workerd together.
  const child = spawn(join(ROOT, "node_modules", ".bin", "wrangler"), args, { cwd, env: wranglerEnv(), stdio: ["ignore", fd, fd], detached: true });
  closeSync(fd);
  const baseUrl = `http://127.0.0.1:${port}`;

  let stopped = false;
  /** Ends wrangler and workerd and waits for them; the state directory stays. */
  const stopKeepingState = async () => {
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
  };
  const stop = async () => {
    await stopKeepingState();
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
  const directUrl = await findDirectUrl(child.pid, port);
  return { baseUrl, proxyUrl: baseUrl, directUrl, dir, pid: child.pid, stop, stopKeepingState };
}

/**
 * The floors of the local runtime, not our code, under their own `wrangler dev` with the same
 * settings: a one-line Worker that answers our 404 envelope (GET any path), and the smallest
 * hold-shaped request (POST /hold): the Worker calls one SQLite-backed Durable Object over RPC,
 * which inserts one row in a transactionSync and answers. No Worker on this runtime and machine can
 * serve more requests per second than the first, nor hold seats faster than the second.
 * POST /hold-limited is the same hold behind one call of a Workers Rate Limiting binding, as
 * docs/selling-rules.md asks of every publishable-key seat action, keyed like ours by the buyer's address
 * (CF-Connecting-IP) and the event: the floor of a hold a buyer's browser sends (locally the
 * binding is simulated by a Durable Object with a SQLite counter; in production it is an
 * in-memory counter in the colo).
 */
const FLOOR_WORKER = `import { DurableObject } from "cloudflare:workers";
export class Floor extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS held (label TEXT PRIMARY KEY, token TEXT)");
  }
  hold(label, token) {
    this.ctx.storage.transactionSync(() => this.ctx.storage.sql.exec("INSERT OR REPLACE INTO held (label, token) VALUES (?, ?)", label, token));
    return { ok: true, label };
  }
}
export default {
  async fetch(request, env) {
    if (request.method === "POST") {
      const body = await request.json();
      if (new URL(request.url).pathname === "/hold-limited") {
        const { success } = await env.LIMIT.limit({ key: (request.headers.get("cf-connecting-ip") ?? "") + "|event" });
        if (!success) return new Response('{"code":"rate_limited"}', { status: 429 });
      }
      return Response.json(await env.FLOOR.get(env.FLOOR.idFromName("event")).hold(body.objectLabels[0], body.holdToken));
    }
    return new Response('{"error":{"code":"not_found","message":"No such route"}}', { status: 404, headers: { "content-type": "application/json" } });
  },
};
`;

export async function startFloorWorker({ log = () => {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "seat-bench-floor-"));
  writeFileSync(join(dir, "index.js"), FLOOR_WORKER);
  writeFileSync(
    join(dir, "wrangler.toml"),
    [
      'name = "floor"',
      'main = "index.js"',
      'compatibility_date = "2026-11-01"',
      "",
      "[[durable_objects.bindings]]",
      'name = "FLOOR"',
      'class_name = "Floor"',
      "",
      "[[migrations]]",
      'tag = "v1"',
      'new_sqlite_classes = ["Floor"]',
      "",
      "[[ratelimits]]",
      'name = "LIMIT"',
      'namespace_id = "1"',
      "simple = { limit = 1000000000, period = 10 }",
      "",
    ].join("\n"),
  );
  const port = await freePort();
  const args = devServerArgs({ port, persistTo: join(dir, "state") });
  return serveDev({ cwd: dir, args, dir, port, log, keep: false });
}

export { freePort };
