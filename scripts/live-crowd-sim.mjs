#!/usr/bin/env node
/**
 * A simulation of a stadium's on-sale watched by a growing crowd, through the service's own code
 * for the crowd (bundled from src/ as is): the hub's placement of viewers on relays
 * (src/live-relays/placement.ts), the relay tree (feederOf in src/domain/live-relays.ts) and the
 * hub's copy of the public reads (src/live-relays/read-copies.ts). For 1,000, 10,000 and 100,000
 * viewers and 50,000 buyers it checks, and exits 1 when a check fails:
 *   - no relay holds more than its share of viewers, and the crowd needs no more relays than that;
 *   - the messages the event's object sends a second stay flat as viewers grow (at most
 *     16 relays x 10 messages a second, whatever the crowd);
 *   - the reads of the event's object stay at most 10 a second however many readers there are;
 * and prints each case's load per relay (sockets written to, relays fed) against what the event's
 * object alone would have sent. Placement runs in simulated time (viewers arrive over ten minutes,
 * a fifth of them reload); the reads run the real copy in real time for two seconds per case, with
 * the readers' rate of that many open maps (each reloads every 30 s) and the buyers' changes.
 *
 * Usage: node scripts/live-crowd-sim.mjs [buyers=50000] [saleMinutes=10]
 */
import { build } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = resolve(import.meta.dirname, "..");
const BUYERS = Number(process.argv[2] ?? 50_000);
const SALE_MINUTES = Number(process.argv[3] ?? 10);
const CROWDS = [1_000, 10_000, 100_000];
const MESSAGES_PER_SECOND = 10;
const READ_SECONDS = 2;

// ---- the service's code, bundled for node ---------------------------------------------------------
const dir = mkdtempSync(join(tmpdir(), "live-crowd-sim-"));
const out = join(dir, "crowd.mjs");
await build({
  stdin: {
    contents: [
      'export { Placement } from "./src/live-relays/placement.ts";',
      'export { ReadCopies } from "./src/live-relays/read-copies.ts";',
      'export { DEFAULT_VIEWERS_PER_RELAY, RELAY_FANOUT, feederOf } from "./src/domain/live-relays.ts";',
    ].join("\n"),
    resolveDir: ROOT,
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "node",
  outfile: out,
  logLevel: "error",
});
const { Placement, ReadCopies, DEFAULT_VIEWERS_PER_RELAY, RELAY_FANOUT, feederOf } = await import(pathToFileURL(out).href);
rmSync(dir, { recursive: true, force: true });

let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures++;
};

/** Viewers arrive over the sale and a fifth of them reload (leave, come back), in simulated time: the relays' counts. */
function place(viewers) {
  const placement = new Placement();
  const counts = new Map();
  let number = 0;
  const report = (index) => placement.count(index, counts.get(index) ?? 0, {}, ++number);
  const where = new Int32Array(viewers);
  const span = SALE_MINUTES * 60_000;
  const join = (v, now) => {
    const p = placement.place(`viewer-${v}`, DEFAULT_VIEWERS_PER_RELAY, new Set(), now);
    if (p === null) throw new Error(`viewer ${v} refused`);
    placement.cancel(p.reservation);
    counts.set(p.index, (counts.get(p.index) ?? 0) + 1);
    where[v] = p.index;
    report(p.index);
  };
  for (let v = 0; v < viewers; v++) {
    const now = (v / viewers) * span;
    join(v, now);
    // A fifth of those already here reload: their socket closes, and opens again where the hub says.
    if (v % 5 === 4) {
      const r = Math.floor(Math.random() * v);
      counts.set(where[r], counts.get(where[r]) - 1);
      report(where[r]);
      join(r, now);
    }
  }
  return { placement, counts };
}

/** The relays fed by each relay (and by the event's object, as -1). */
function tree(relays) {
  const feeds = new Map();
  let depth = 0;
  for (const index of relays) {
    const feeder = feederOf(index) ?? -1;
    feeds.set(feeder, (feeds.get(feeder) ?? 0) + 1);
    let d = 1;
    for (let f = feederOf(index); f !== null; f = feederOf(f)) d++;
    depth = Math.max(depth, d);
  }
  return { feeds, depth };
}

/** The real copy in real time: `rate` reads a second for READ_SECONDS while buyers change the view; the event's object reads per second. */
async function reads(rate, changesPerSecond) {
  let version = 0;
  let seq = 0;
  const calls = [];
  const copies = new ReadCopies(async (requests) => {
    calls.push(performance.now());
    await new Promise((r) => setTimeout(r, 5));
    const answer = {};
    for (const { form } of requests) answer[form] = { tag: `t${seq}`, seq, body: new Uint8Array(8), validUntil: null, version };
    return answer;
  });
  const started = performance.now();
  const pending = [];
  let offered = 0;
  let changed = 0;
  while (performance.now() - started < READ_SECONDS * 1000) {
    const elapsed = (performance.now() - started) / 1000;
    while (offered < elapsed * rate) {
      pending.push(copies.read(offered % 3 === 0 ? "status-compact" : "objects-compact"));
      offered++;
    }
    while (changed < elapsed * changesPerSecond) {
      seq++;
      copies.stale(++version);
      changed++;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  // Calls per second between the first and the last (n calls span n - 1 gaps).
  const reaching = calls.length < 2 ? calls.length : ((calls.length - 1) * 1000) / (calls.at(-1) - calls[0]);
  return { offered: offered / seconds, reaching };
}

const holdsPerSecond = BUYERS / (SALE_MINUTES * 60);
console.log(
  `${BUYERS.toLocaleString("en-US")} buyers over ${SALE_MINUTES} minutes (${holdsPerSecond.toFixed(0)} holds/s), ${DEFAULT_VIEWERS_PER_RELAY} viewers per relay, ${RELAY_FANOUT} relays fed per feeder`,
);
const rows = [];
for (const viewers of CROWDS) {
  const { placement, counts } = place(viewers);
  const relays = placement.indexes();
  const most = Math.max(...counts.values());
  check(most <= DEFAULT_VIEWERS_PER_RELAY, `${viewers.toLocaleString("en-US")} viewers: no relay over ${DEFAULT_VIEWERS_PER_RELAY} (most ${most})`);
  check(
    relays.length <= Math.ceil(viewers / DEFAULT_VIEWERS_PER_RELAY) + 1 && placement.viewers === viewers,
    `${viewers.toLocaleString("en-US")} viewers on ${relays.length} relays (at least ${Math.ceil(viewers / DEFAULT_VIEWERS_PER_RELAY)} needed), all counted`,
  );
  const { feeds, depth } = tree(relays);
  // During the rush a change happens in every 100 ms interval: each feeder sends one message a interval to each relay it feeds.
  const eventMessages = (feeds.get(-1) ?? 0) * MESSAGES_PER_SECOND;
  const fedMost = Math.max(0, ...[...feeds].filter(([k]) => k >= 0).map(([, n]) => n));
  const relaySends = most * MESSAGES_PER_SECOND + fedMost * MESSAGES_PER_SECOND;
  const read = await reads(viewers / 30 + viewers / (SALE_MINUTES * 60), holdsPerSecond);
  rows.push({ viewers, relays: relays.length, depth, eventMessages, alone: viewers * MESSAGES_PER_SECOND, relaySends, ...read });
  check(
    eventMessages <= RELAY_FANOUT * MESSAGES_PER_SECOND,
    `${viewers.toLocaleString("en-US")} viewers: the event sends ${eventMessages}/s (at most ${RELAY_FANOUT * MESSAGES_PER_SECOND})`,
  );
  check(
    read.reaching <= 10,
    `${viewers.toLocaleString("en-US")} viewers: ${read.offered.toFixed(0)} reads/s, ${read.reaching.toFixed(1)} reaching the event's object (at most 10)`,
  );
}

console.log(
  "\n| Viewers | Relays | Tree depth | Event's messages/s | Without relays | Busiest relay's sends/s | Public reads/s | Reads reaching the event/s |",
);
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  const f = (n) => Math.round(n).toLocaleString("en-US");
  console.log(
    `| ${f(r.viewers)} | ${f(r.relays)} | ${r.depth} | ${f(r.eventMessages)} | ${f(r.alone)} | ${f(r.relaySends)} | ${f(r.offered)} | ${r.reaching.toFixed(1)} |`,
  );
}
const flat = rows.filter((r) => r.relays >= RELAY_FANOUT).map((r) => r.eventMessages);
check(
  flat.every((m) => m === flat[0]),
  `past ${RELAY_FANOUT} relays the event's messages per second do not grow with the crowd (${flat.join(", ")})`,
);
process.exit(failures ? 1 : 0);
