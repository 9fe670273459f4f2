/**
 * A CPU profile of the Worker's own JavaScript in a running `wrangler dev`, taken through the V8
 * inspector that workerd opens for it: the Worker, its Durable Objects and its queue consumer run
 * in one isolate, so one profile covers a hold's whole path through our code. (`perf` sees workerd
 * as native frames only; `node --cpu-prof` does not apply to workerd.)
 *
 * The inspector is found like the Worker's socket (runtime.mjs): among the listening sockets of the
 * workerd processes of the run's process group, the one whose /json lists a `core:user:` target.
 * Its first connection sometimes gets no answer, so a connection that does not answer in time is
 * replaced. Samples are summed per function and, with the bundle wrangler built (its
 * `// src/…` and `// node_modules/…` comments), per source module.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { processGroup } from "./runtime.mjs";

/** The WebSocket URL of the user Worker's inspector target in a process group, or null. */
export async function inspectorUrl(groupPid) {
  let listing;
  try {
    listing = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" });
  } catch {
    return null;
  }
  for (const line of listing.split("\n")) {
    const m = /127\.0\.0\.1:(\d+)\s.*"workerd",pid=(\d+)/.exec(line);
    if (!m || processGroup(Number(m[2])) !== groupPid) continue;
    try {
      const res = await fetch(`http://127.0.0.1:${m[1]}/json`, { signal: AbortSignal.timeout(1000) });
      const targets = await res.json();
      const user = Array.isArray(targets) ? targets.find((t) => typeof t.id === "string" && t.id.startsWith("core:user:")) : undefined;
      if (user) return `ws://127.0.0.1:${m[1]}/${user.id}`;
    } catch {
      // not the inspector
    }
  }
  return null;
}

/** One inspector session: `send(method, params)` resolves with the result or rejects after `ms`. */
async function session(url) {
  // Node 20 has no WebSocket without a flag; the ws package (wrangler's own) stands in for it.
  const Socket = globalThis.WebSocket ?? (await import("ws")).WebSocket;
  const ws = new Socket(url);
  let id = 0;
  const pending = new Map();
  const listeners = [];
  ws.onmessage = (m) => {
    const d = JSON.parse(String(m.data));
    if (d.method) for (const l of listeners) l(d.method, d.params);
    const p = pending.get(d.id);
    if (!p) return;
    pending.delete(d.id);
    if (d.error) p.reject(new Error(JSON.stringify(d.error)));
    else p.resolve(d.result);
  };
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`inspector connection to ${url} failed`));
  });
  const send = (method, params = {}, ms = 3000) =>
    new Promise((resolve, reject) => {
      const n = ++id;
      pending.set(n, { resolve, reject });
      ws.send(JSON.stringify({ id: n, method, params }));
      setTimeout(() => {
        if (pending.delete(n)) reject(new Error(`inspector: no answer to ${method} in ${ms} ms`));
      }, ms);
    });
  return { send, onEvent: (l) => listeners.push(l), close: () => ws.close() };
}

/** A session whose first command (`enable`) was answered: a connection that does not answer is replaced. */
async function answeringSession(url, enable) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const candidate = await session(url);
      try {
        await candidate.send(enable);
        return candidate;
      } catch {
        candidate.close();
      }
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error("the Worker's inspector did not answer");
}

/**
 * Starts sampling the isolate every `intervalUs` microseconds. Resolves with `stop()`, which ends
 * the profile and resolves with it (the Chrome DevTools .cpuprofile shape).
 */
export async function startProfile(url, intervalUs = 100) {
  const s = await answeringSession(url, "Profiler.enable");
  await s.send("Profiler.setSamplingInterval", { interval: intervalUs });
  await s.send("Profiler.start");
  return {
    async stop() {
      try {
        return (await s.send("Profiler.stop", {}, 60_000)).profile;
      } finally {
        s.close();
      }
    },
  };
}

/**
 * Starts V8's sampling heap profiler on the isolate (a sample about every `intervalBytes` allocated).
 * Resolves with `stop()`, which resolves with the bytes allocated per function (self, the
 * function that allocated them), largest first: where the garbage collector's work comes from.
 */
export async function startAllocationProfile(url, intervalBytes = 8192) {
  const s = await answeringSession(url, "HeapProfiler.enable");
  // Objects the collector already freed are what a hot path's garbage is: keep them in the samples.
  await s.send("HeapProfiler.startSampling", {
    samplingInterval: intervalBytes,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    async stop() {
      try {
        const heap = await s.send("Runtime.getHeapUsage").catch(() => null);
        const { profile } = await s.send("HeapProfiler.stopSampling", {}, 60_000);
        const bytes = new Map();
        let total = 0;
        const walk = (node, path) => {
          const f = node.callFrame;
          const name = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/(src|node_modules)\//, "$1/")}:${f.lineNumber + 1}`;
          const key = `${name} < ${path}`;
          if (node.selfSize > 0) {
            bytes.set(key, (bytes.get(key) ?? 0) + node.selfSize);
            total += node.selfSize;
          }
          // The allocating function with its three nearest callers.
          const chain = [name.split(" ")[0], ...path.split(" < ")].filter(Boolean).slice(0, 3).join(" < ");
          for (const c of node.children ?? []) walk(c, chain);
        };
        walk(profile.head, "");
        return { total, heap, top: [...bytes.entries()].sort((a, b) => b[1] - a[1]) };
      } finally {
        s.close();
      }
    },
  };
}

/** Writes a heap snapshot of the isolate to `file` (DevTools' .heapsnapshot): what its live heap holds. */
export async function takeHeapSnapshot(url, file) {
  const { createWriteStream } = await import("node:fs");
  const s = await answeringSession(url, "HeapProfiler.enable");
  const out = createWriteStream(file);
  s.onEvent((method, params) => {
    if (method === "HeapProfiler.addHeapSnapshotChunk") out.write(params.chunk);
  });
  try {
    await s.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false }, 120_000);
  } finally {
    await new Promise((resolve) => out.end(resolve));
    s.close();
  }
}

/**
 * Runs `run` under a CPU profile of the Worker's isolate at `url` and reports where its time went
 * as notes of `scenario` (by source module, self and inclusive time by function; `what` says what
 * ran). BENCH_PROFILE_OUT=dir keeps the raw `<scenario>.cpuprofile` and the bundle it samples, for a
 * line-level look in DevTools. Resolves with what `run` resolved with.
 */
export async function profiledRun(ctx, scenario, url, what, run) {
  const profiling = await startProfile(url);
  const result = await run();
  const profile = await profiling.stop();
  const bundle = ctx.runtimeCwd ? devBundle(ctx.runtimeCwd) : null;
  const s = summarise(profile, bundle ? readFileSync(bundle, "utf8") : null);
  const out = process.env.BENCH_PROFILE_OUT;
  if (out) {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `${scenario}.cpuprofile`), JSON.stringify(profile));
    if (bundle) copyFileSync(bundle, join(out, "bundle.js"));
    ctx.report.note(scenario, `profile written to ${out}/${scenario}.cpuprofile (bundle beside it)`);
  }
  ctx.report.note(
    scenario,
    `profile of the Worker's isolate, ${s.busy} busy samples of ${s.samples} ${what(result)}; self time by source module: ${shares(s.modules, 16)}`,
  );
  ctx.report.note(scenario, `profile, self time by function: ${shares(s.self, 20)}`);
  ctx.report.note(scenario, `profile, inclusive time by function: ${shares(s.inclusive, 30)}`);
  return result;
}

/** The newest bundle wrangler dev wrote under `cwd` (.wrangler/tmp/*\/index.js), or null. */
export function devBundle(cwd) {
  const tmp = join(cwd, ".wrangler", "tmp");
  if (!existsSync(tmp)) return null;
  let best = null;
  for (const dir of readdirSync(tmp)) {
    const file = join(tmp, dir, "index.js");
    if (existsSync(file) && (!best || statSync(file).mtimeMs > statSync(best).mtimeMs)) best = file;
  }
  return best;
}

/** Maps a bundle line to its source module, from esbuild's `// path` comments. */
function moduleIndex(bundleText) {
  const starts = [];
  bundleText.split("\n").forEach((line, i) => {
    const m = /^\/\/ (\S+\.(?:[cm]?js|tsx?|json))$/.exec(line);
    if (!m) return;
    // node_modules/hono/dist/… -> hono; src/engine/tx.ts stays as it is.
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(m[1]);
    starts.push([i, nm ? nm[1] : m[1].replace(/^.*?(src\/)/, "$1")]);
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = "(bundle)";
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid][0] <= line) {
        found = starts[mid][1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/**
 * Shares of the busy samples (idle left out): `self` per function, `inclusive` per function
 * (each function counted once per sample, wherever it is on the stack), and `modules` per source
 * module of the bundle (self time; runtime internals under their own names).
 */
export function summarise(profile, bundleText = null) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const counts = new Map();
  for (const s of profile.samples) counts.set(s, (counts.get(s) ?? 0) + 1);
  const moduleOf = bundleText ? moduleIndex(bundleText) : null;
  const isBundle = (url) => /(^|\/)index\.js$/.test(url);
  const fnKey = (f) =>
    `${f.functionName || "(anonymous)"}${f.url ? ` ${isBundle(f.url) && moduleOf ? moduleOf(f.lineNumber) : f.url.split("/").pop()}:${f.lineNumber + 1}` : ""}`;
  const self = new Map();
  const inclusive = new Map();
  const modules = new Map();
  let busy = 0;
  for (const [nodeId, n] of counts) {
    const node = byId.get(nodeId);
    if (node.callFrame.functionName === "(idle)") continue;
    busy += n;
    const f = node.callFrame;
    self.set(fnKey(f), (self.get(fnKey(f)) ?? 0) + n);
    const mod = f.url ? (isBundle(f.url) && moduleOf ? moduleOf(f.lineNumber) : f.url.split("/").pop()) : f.functionName;
    modules.set(mod, (modules.get(mod) ?? 0) + n);
    const seen = new Set();
    for (let cur = nodeId; cur !== undefined; cur = parent.get(cur)) {
      const k = fnKey(byId.get(cur).callFrame);
      if (seen.has(k) || k === "(root)") continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + n);
    }
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, c]) => ({ name, share: c / Math.max(1, busy) }));
  return { samples: profile.samples.length, busy, self: top(self, 25), inclusive: top(inclusive, 40), modules: top(modules, 25) };
}

/**
 * The time the samples spent with a frame of a module matching `moduleTest` anywhere on the stack
 * (what that code ran, and what it called), in seconds, and the busy time, in seconds: e.g. the
 * event object's own CPU, apart from the Worker and the relays sharing its isolate.
 */
export function stackTime(profile, bundleText, moduleTest) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const moduleOf = moduleIndex(bundleText);
  const isBundle = (url) => /(^|\/)index\.js$/.test(url);
  const memo = new Map();
  const matches = (nodeId) => {
    if (memo.has(nodeId)) return memo.get(nodeId);
    const f = byId.get(nodeId).callFrame;
    const own = f.url && isBundle(f.url) ? moduleTest(moduleOf(f.lineNumber)) : false;
    const up = parent.get(nodeId);
    const hit = own || (up !== undefined && matches(up));
    memo.set(nodeId, hit);
    return hit;
  };
  const sampleUs = (profile.endTime - profile.startTime) / Math.max(1, profile.samples.length);
  let busy = 0;
  let matched = 0;
  for (const id of profile.samples) {
    if (byId.get(id).callFrame.functionName === "(idle)") continue;
    busy++;
    if (matches(id)) matched++;
  }
  return { busyS: (busy * sampleUs) / 1e6, matchedS: (matched * sampleUs) / 1e6 };
}

/** "12.3% name; 4.5% name; …" */
export function shares(list, n = list.length) {
  return list
    .slice(0, n)
    .map((x) => `${(100 * x.share).toFixed(1)}% ${x.name}`)
    .join("; ");
}
