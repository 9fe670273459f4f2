/**
 * A/B of the hold's cost between revisions: `node bench/ab.mjs <rev> <rev> …` (the first is the
 * baseline). Each revision is served by its own `wrangler dev` from a frozen `git archive` copy
 * (bench/lib/runtime.mjs), gets an event of its own, and takes single-seat holds with a production
 * publishable key at 64 connections in 2 s slices, each hold from a buyer address of its own
 * (CF-Connecting-IP), the order rotating each round. Printed per
 * revision: the median CPU per hold of its process group and the median of the per-round ratios to
 * the baseline (the machine's other work moves both sides of a round alike).
 *
 * This is how an idea for the hold path is priced before it is built: commit the variant (even a
 * crude one, e.g. a write left out) on a branch and compare it with main, e.g.
 *   TMPDIR=/dev/shm node bench/ab.mjs main my-variant
 * The pseudo-revision `limited` is the runtime's floor of a hold behind one Rate Limiting call
 * (holdcost's limited side), so `node bench/ab.mjs limited main my-variant` states each revision
 * against the floor its budget is set by. `ROUNDS=20` in the environment runs more rounds.
 *
 * A revision written `<rev>:priced` is that revision with prices on its event (docs/prices.md: every
 * hold then prices its seat and locks the price), so `node bench/ab.mjs HEAD HEAD:priced` prices a
 * priced hold against an unpriced one of the same code.
 */
import { Api } from "./lib/api.mjs";
import { blast } from "./lib/load.mjs";
import { groupCpuSeconds, startFloorWorker, startRuntime } from "./lib/runtime.mjs";
import { buyerAddresses, holdPath, newEvent, singleSeatHolds } from "./lib/scenario.mjs";

const revs = process.argv.slice(2);
if (revs.length < 2) {
  console.error("usage: node bench/ab.mjs <baseline rev> <rev> [<rev> …]");
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 8);
/** The prices of a `:priced` side: one category by amount, the other by ticket types, a percent and a fixed fee. */
const PRICING = {
  currency: "EUR",
  categories: {
    a: { amount: 4500 },
    b: {
      ticketTypes: [
        { key: "adult", label: "Adult", amount: 3000 },
        { key: "child", label: "Child", amount: 1500 },
      ],
    },
  },
  fee: { percent: 2.5, fixed: 50 },
};
const SECONDS = 2;
const CONNECTIONS = 64;
const log = (m) => console.error(m);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const sides = [];
try {
  for (const rev of revs) {
    const [source, variant] = rev.split(":");
    const runtime = rev === "limited" ? await startFloorWorker({ log }) : await startRuntime({ log, source });
    const url = runtime.directUrl ?? runtime.proxyUrl;
    const side = { rev, runtime, url, offset: 0, cpu: [], rps: [] };
    sides.push(side);
    if (rev !== "limited") {
      const api = new Api(url, runtime.adminToken);
      side.ev = await newEvent({ api, log }, (ROUNDS + 1) * SECONDS * 4000 + 3000, `ab-${rev.replace(":", "-")}`);
      if (variant === "priced")
        await api.call("PUT", `/api/v1/events/${encodeURIComponent(side.ev.eventKey)}/pricing`, { key: side.ev.keys.sk, body: PRICING });
    }
  }
  /** One slice of holds on a side: CPU microseconds per hold and holds per second. */
  const slice = async (side, duration, amount) => {
    const before = groupCpuSeconds(side.runtime.pid);
    const start = side.offset;
    const r = await blast({
      baseUrl: side.url,
      method: "POST",
      headersFor: buyerAddresses(side.offset),
      connections: CONNECTIONS,
      duration,
      ...(side.ev
        ? {
            path: holdPath(side.ev.eventKey),
            headers: { "x-api-key": side.ev.keys.pk },
            body: singleSeatHolds(side.ev.labels, side.offset, "ab"),
            amount: amount ?? side.ev.labels.length - side.offset,
          }
        : {
            path: "/hold-limited",
            headers: { "content-type": "application/json" },
            body: (i) => JSON.stringify({ objectLabels: [`F-${start + i}`], holdToken: `floor-${start + i}-token` }),
            amount,
          }),
    });
    // Requests in flight when the slice stopped may have held their seats: skip past them.
    side.offset += r.completed + CONNECTIONS;
    const other = Object.entries(r.statuses).filter(([code]) => code !== "200");
    if (other.length > 0) log(`${side.rev}: answers other than 200: ${JSON.stringify(Object.fromEntries(other))}`);
    return { cpu: ((groupCpuSeconds(side.runtime.pid) - before) * 1e6) / Math.max(1, r.completed), rps: r.ok / r.elapsedS };
  };
  // Warm-up: the first holds load the layout index and compile the hot paths.
  for (const side of sides) await slice(side, 30, 1500);
  for (let i = 0; i < ROUNDS; i++) {
    for (const side of sides.map((_, k) => sides[(k + i) % sides.length])) {
      const got = await slice(side, SECONDS);
      side.cpu.push(got.cpu);
      side.rps.push(got.rps);
    }
  }
  for (const side of sides) {
    const ratios = side.cpu.map((c, i) => c / sides[0].cpu[i]);
    console.log(
      `${side.rev}: CPU per hold ${Math.round(median(side.cpu))} us, ${median(ratios).toFixed(3)}x ${sides[0].rev} ` +
        `(rounds ${ratios.map((x) => x.toFixed(2)).join(" ")}); ${Math.round(median(side.rps))} holds/s`,
    );
  }
} finally {
  for (const side of sides) await side.runtime.stop();
}
