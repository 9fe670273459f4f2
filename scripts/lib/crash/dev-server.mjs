// The dev server under test: `wrangler dev` on its own state directory, in its own process group
// (so a signal reaches wrangler, both workerd processes and esbuild at once, as a crash of the
// machine or an OOM kill would), restartable on the same state and ports.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { devServerArgs, unattendedEnv, wranglerBin, wranglerNode } from "../wrangler.mjs";

/** Runs a wrangler command to completion; rejects with its output when it fails. */
export function runWranglerCommand(root, args, { timeoutMs = 120_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(wranglerNode(root), [wranglerBin(root), ...args], { cwd: root, env: unattendedEnv(root), stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`wrangler ${args.join(" ")} exited ${code}:\n${out.slice(-3000)}`));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Whether any process of the group still runs. Zombies do not count: they hold no socket and no
 * file, and on some machines init reaps orphans only every couple of seconds. Reads /proc where
 * there is one, else probes with signal 0 (which also sees zombies).
 */
function groupAlive(pgid) {
  if (existsSync("/proc/self/stat")) {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        // Fields after the command name: state, ppid, pgrp.
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        if (Number(pgrp) === pgid && state !== "Z") return true;
      } catch {
        // Exited while we looked.
      }
    }
    return false;
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

export class DevServer {
  /**
   * @param {{ root: string, persistTo: string, port: number, inspectorPort: number, vars: Record<string, string>, logFile: string }} opts
   */
  constructor(opts) {
    this.opts = opts;
    this.baseUrl = `http://127.0.0.1:${opts.port}`;
    /** @type {import("node:child_process").ChildProcess | null} */
    this.child = null;
    this.pgid = null;
    this.starts = 0;
    this.log = createWriteStream(opts.logFile, { flags: "a" });
  }

  /** Applies the D1 migrations to the state directory (before the first start). */
  migrate() {
    return runWranglerCommand(this.opts.root, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", this.opts.persistTo]);
  }

  /** Spawns `wrangler dev` detached (a new process group whose id is the child's pid). */
  start() {
    const { root, port, inspectorPort, persistTo, vars } = this.opts;
    const args = [wranglerBin(root), ...devServerArgs({ port, inspectorPort, persistTo, vars })];
    this.starts++;
    this.log.write(`\n===== start #${this.starts} at ${new Date().toISOString()} =====\n`);
    const child = spawn(wranglerNode(root), args, { cwd: root, env: unattendedEnv(root), stdio: ["ignore", "pipe", "pipe"], detached: true });
    child.stdout.on("data", (d) => this.log.write(d));
    child.stderr.on("data", (d) => this.log.write(d));
    this.child = child;
    this.pgid = child.pid;
    return Date.now();
  }

  /** Whether the wrangler process we started is still running. */
  running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Sends `signal` to the whole process group and waits until every member is gone. A SIGTERM
   * that is not obeyed within `graceMs` is followed by SIGKILL (reported in the result).
   * @returns {Promise<{ signalAt: number, goneAt: number, escalated: boolean }>}
   */
  async signal(signal, graceMs = 15_000) {
    const pgid = this.pgid;
    const signalAt = Date.now();
    if (pgid === null) return { signalAt, goneAt: signalAt, escalated: false };
    this.log.write(`\n===== ${signal} to process group ${pgid} at ${new Date(signalAt).toISOString()} =====\n`);
    try {
      process.kill(-pgid, signal);
    } catch {
      // Already gone.
    }
    let escalated = false;
    const deadline = signalAt + graceMs;
    while (groupAlive(pgid) || this.running()) {
      if (Date.now() > deadline && !escalated) {
        escalated = true;
        try {
          process.kill(-pgid, "SIGKILL");
        } catch {
          // Gone meanwhile.
        }
      }
      await sleep(25);
    }
    this.pgid = null;
    return { signalAt, goneAt: Date.now(), escalated };
  }

  /** Polls `probe()` until it resolves true. Throws when wrangler exits or the time is up. */
  async waitReady(probe, timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running()) throw new Error(`wrangler dev exited (code ${this.child?.exitCode}, signal ${this.child?.signalCode}); see ${this.opts.logFile}`);
      if (await probe().catch(() => false)) return Date.now();
      await sleep(100);
    }
    throw new Error(`wrangler dev did not answer within ${timeoutMs / 1000} s; see ${this.opts.logFile}`);
  }

  /** Synchronous last-resort cleanup (process exit handlers cannot await). */
  killNow() {
    if (this.pgid === null) return;
    try {
      process.kill(-this.pgid, "SIGKILL");
    } catch {
      // Already gone.
    }
    this.pgid = null;
  }

  /** Stops the server and closes its log. */
  async stop() {
    if (this.pgid !== null) await this.signal("SIGKILL");
    await new Promise((r) => this.log.end(r));
  }
}
