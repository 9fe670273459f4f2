/**
 * What a hold costs against the runtime's own floors of a hold (the budgets: at most 1.2x the plain
 * floor, at most 1.15x the floor behind the rate limiter, in every one of three runs), measured so
 * that the machine's other work cancels out: short slices of the
 * same 64-connection load, alternating between
 *   - the floor: a one-line Worker calling a Durable Object that runs one INSERT in
 *     transactionSync (bench/lib/runtime.mjs FLOOR_WORKER, its own wrangler dev, same settings);
 *   - the floor behind the rate limiter: the same, after one call of a Rate Limiting binding, which
 *     docs/selling-rules.md asks of every publishable-key seat action (locally wrangler simulates the binding
 *     with a Durable Object and a SQLite counter; in production it is an in-memory counter);
 *   - our full single-seat hold with a publishable key.
 * Every hold comes from a buyer address of its own (CF-Connecting-IP), on both limited sides: the
 * limiter keys on it, as in a rush of many buyers.
 * Two measures of cost per hold, each the median over the rounds of the two sides' ratio:
 *   - CPU: the CPU seconds the side's own wrangler dev processes (both workerd) used during the
 *     slice, over the holds it served. The load generator is not in it, and other work on the
 *     machine moves it little: this is the judged figure.
 *   - throughput: 1 / holds per second at saturation (load generator and machine included), which
 *     the other work on a shared machine moves by tens of percent from one slice to the next.
 * With --profile, one more slice of our holds runs under a CPU profile of the Worker's isolate
 * (lib/profile.mjs), reported as shares of its busy samples by source module and by function.
 */
import { blast } from "../lib/load.mjs";
import { inspectorUrl, profiledRun, startAllocationProfile, takeHeapSnapshot } from "../lib/profile.mjs";
import { groupCpuSeconds, startFloorWorker } from "../lib/runtime.mjs";
import { buyerAddresses, command, holdPath, newEvent, nonOk, singleSeatHolds } from "../lib/scenario.mjs";
import { perSecond } from "../lib/stats.mjs";

export const name = "holdcost";

const CONNECTIONS = 64;

export async function run(ctx) {
  const rounds = ctx.opts.quick ? 2 : 9;
  const seconds = ctx.opts.quick ? 1 : 2;
  const floor = await startFloorWorker({ log: ctx.log });
  try {
    // With --via proxy every side is measured through its wrangler dev's public port, as from outside.
    const floorUrl = ctx.opts.via === "proxy" ? floor.proxyUrl : floor.directUrl;
    if (!floorUrl) return ctx.report.note(name, "the floor Worker's own socket was not found; no hold-cost figure");
    const ev = await newEvent(ctx, (rounds + 2) * seconds * 4000 + 2000, "holdcost");
    let offset = 0;
    let floorOffset = 0;
    const ourPid = ctx.runtimePid;
    /** Runs one slice; its holds per second and CPU microseconds per hold (null without a process group). */
    const slice = async (side, duration, amount) => {
      let r;
      const pid = side === "ours" ? ourPid : floor.pid;
      const cpuBefore = pid ? groupCpuSeconds(pid) : null;
      if (side === "ours") {
        r = await blast({
          baseUrl: ctx.baseUrl,
          method: "POST",
          path: holdPath(ev.eventKey),
          headers: { "x-api-key": ev.keys.pk },
          headersFor: buyerAddresses(offset),
          body: singleSeatHolds(ev.labels, offset, "cost"),
          connections: CONNECTIONS,
          duration,
          amount: amount ?? ev.labels.length - offset,
        });
        // Requests in flight when the slice stopped may have held their seats: skip past them.
        offset += r.completed + CONNECTIONS;
      } else {
        const start = floorOffset;
        r = await blast({
          baseUrl: floorUrl,
          method: "POST",
          path: side === "floor" ? "/hold" : "/hold-limited",
          headers: { "content-type": "application/json" },
          headersFor: buyerAddresses(start),
          body: (i) => JSON.stringify({ objectLabels: [`F-${start + i}`], holdToken: `floor-${start + i}-token` }),
          connections: CONNECTIONS,
          duration,
          amount,
        });
        floorOffset += r.completed + CONNECTIONS;
      }
      const cpu = cpuBefore === null ? null : ((groupCpuSeconds(pid) - cpuBefore) * 1e6) / Math.max(1, r.completed);
      const bad = nonOk(r.statuses);
      if (bad) ctx.report.note(name, `${side}: non-200 answers ${bad}`);
      return { rps: r.ok / r.elapsedS, cpu, completed: r.completed };
    };
    // Warm-up: the first holds load the layout index and compile both Workers' hot paths.
    for (const side of ["floor", "limited", "ours"]) await slice(side, 30, 1500);
    const sides = ["floor", "limited", "ours"];
    const got = { floor: [], limited: [], ours: [] };
    for (let i = 0; i < rounds; i++) {
      // Rotate the order, so no side always gets the same moment of the machine's other work.
      const order = sides.map((_, k) => sides[(k + i) % sides.length]);
      for (const side of order) got[side].push(await slice(side, seconds));
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const list = (xs) => xs.map((x) => x.toFixed(2)).join(", ");
    /** Per round: `base`'s cost over ours, by CPU per hold and by throughput. */
    const ratios = (base) => ({
      cpu: got.ours[0].cpu === null ? null : got.ours.map((o, i) => o.cpu / got[base][i].cpu),
      rps: got.ours.map((o, i) => got[base][i].rps / o.rps),
    });
    const cpuUs = (side) => (got[side][0].cpu === null ? "n/a" : `${Math.round(median(got[side].map((x) => x.cpu)))} us`);
    const rpsOf = (side) => perSecond(median(got[side].map((x) => x.rps)));
    for (const [base, label, target] of [
      ["floor", "the runtime floor of a hold: Worker -> Durable Object -> one INSERT", 1.2],
      [
        "limited",
        "the floor of a hold behind one Rate Limiting binding call (the per-client limit on publishable seat actions of docs/selling-rules.md#inventory-protection)",
        1.15,
      ],
    ]) {
      const r = ratios(base);
      const judged = r.cpu ? median(r.cpu) : median(r.rps);
      ctx.report.add({
        scenario: name,
        figure: `Hold cost (publishable key, one seat) vs ${label}; median of ${rounds} rotating rounds of ${seconds} s, ${CONNECTIONS} connections${ctx.opts.via === "proxy" ? ", every side through its wrangler dev proxy" : ""}`,
        target: `<= ${target}x`,
        result:
          `${judged.toFixed(2)}x by CPU per hold (${cpuUs("ours")} ours, ${cpuUs(base)} ${base}; rounds ${r.cpu ? list(r.cpu) : "n/a"}); ` +
          `by throughput ${median(r.rps).toFixed(2)}x, i.e. ours makes ${(1 / median(r.rps)).toFixed(2)} of the ${base} side's holds/s (${rpsOf("ours")} ours, ${rpsOf(base)} ${base}; rounds ${list(r.rps)})`,
        met: judged <= target,
        baseline: `${cpuUs(base)} CPU per hold, ${rpsOf(base)} (${base}, same run)`,
        ratio: `${judged.toFixed(2)}x`,
        command: command(name),
      });
    }
    if (ctx.opts.profile) await profileOurs(ctx, (duration) => slice("ours", duration));
  } finally {
    await floor.stop();
  }
}

/**
 * One more slice of our holds under a CPU profile of the Worker's isolate (Worker, event object and
 * queue consumer alike), reported as notes: where a hold's JavaScript time goes.
 */
async function profileOurs(ctx, slice) {
  const url = ctx.runtimePid ? await inspectorUrl(ctx.runtimePid) : null;
  if (!url) return ctx.report.note(name, "profile: the Worker's inspector was not found");
  // HOLDCOST_ALLOCATIONS=1: where a hold's garbage comes from (bytes allocated per function and caller).
  if (process.env.HOLDCOST_ALLOCATIONS) {
    const sampling = await startAllocationProfile(url);
    const r = await slice(5);
    const { total, heap, top } = await sampling.stop();
    if (heap)
      ctx.report.note(
        name,
        `the isolate's heap after the slice: ${(heap.usedSize / 2 ** 20).toFixed(1)} MiB used of ${(heap.totalSize / 2 ** 20).toFixed(1)} MiB`,
      );
    // HOLDCOST_HEAP_SNAPSHOT=file: what that heap holds, for DevTools' memory panel.
    if (process.env.HOLDCOST_HEAP_SNAPSHOT) await takeHeapSnapshot(url, process.env.HOLDCOST_HEAP_SNAPSHOT);
    const perHold = (b) => `${Math.round(b / r.completed).toLocaleString("en-US")} B`;
    ctx.report.note(
      name,
      `allocations: ${perHold(total)} per hold over ${r.completed} holds; by function < caller: ${top
        .slice(0, 30)
        .map(([k, b]) => `${perHold(b)} ${k}`)
        .join("; ")}`,
    );
  }
  await profiledRun(
    ctx,
    name,
    url,
    (r) => `over a 5 s slice of our holds (${Math.round(r.rps)}/s)`,
    () => slice(5),
  );
}
