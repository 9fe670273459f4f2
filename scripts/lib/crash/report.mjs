// The printed report of a crash run: what was done, what came back, and one line per verdict.
import { inWindow, lossTiming } from "./checks.mjs";

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
/** The q-quantile (0..1) of a list of numbers, 0 for an empty list. */
const quantile = (xs, q) => {
  if (xs.length === 0) return 0;
  const v = [...xs].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.floor(q * (v.length - 1)))];
};
const median = (xs) => quantile(xs, 0.5);

/** Requests by kind and outcome, and the codes of the rejected ones. */
export function requestSummary(ops, windows) {
  const kinds = {};
  const codes = {};
  let fivexxInside = 0;
  for (const op of ops) {
    kinds[op.kind] ??= { ack: 0, rejected: 0, unknown: 0, refused: 0 };
    kinds[op.kind][op.outcome]++;
    if (op.outcome === "rejected") {
      const code = `${op.status} ${op.body?.code ?? ""}`.trim();
      codes[code] = (codes[code] ?? 0) + 1;
    }
    if (op.status !== null && op.status >= 500 && inWindow(op, windows)) fivexxInside++;
  }
  return { total: ops.length, kinds, codes, fivexxInside };
}

/**
 * Prints the report.
 * @param {object} r everything main() gathered (see scripts/crash-test.mjs)
 */
export function printReport(r) {
  const out = [];
  const line = (t = "") => out.push(t);
  line("");
  line("================================ crash test report ================================");
  line(
    `${r.options.clients} clients, ${r.options.duration} s rush, ${r.restarts.filter((x) => x.signal === "SIGKILL").length} SIGKILL + ${r.restarts.filter((x) => x.signal === "SIGTERM").length} SIGTERM, ${r.options.seats} seats + GA ${r.options.gaCapacity}`,
  );
  line("");
  line("Restarts (signal to the whole process group, restart on the same state):");
  for (const [i, x] of r.restarts.entries()) {
    line(
      `  #${i + 1} ${x.signal.padEnd(7)} at +${s(x.signalAt - r.rushStart).padStart(7)}  group gone ${String(x.goneAt - x.signalAt).padStart(5)} ms  boot ${s(x.readyAt - x.spawnAt)}  API back ${s(x.readyAt - x.signalAt)} after the signal${x.escalated ? "  (SIGTERM not obeyed: SIGKILL)" : ""}`,
    );
  }
  if (r.restarts.length) {
    const rec = r.restarts.map((x) => x.readyAt - x.signalAt);
    line(`  recovery: median ${s(median(rec))}, max ${s(Math.max(...rec))}`);
  }
  line("");
  const q = r.requests;
  line(`Requests: ${q.total} (${(q.total / r.options.duration).toFixed(0)}/s)`);
  for (const [kind, c] of Object.entries(q.kinds)) {
    line(
      `  ${kind.padEnd(8)} acknowledged ${String(c.ack).padStart(6)}  rejected ${String(c.rejected).padStart(6)}  unknown ${String(c.unknown).padStart(4)}  refused ${String(c.refused).padStart(5)}`,
    );
  }
  line(
    `  rejections: ${
      Object.entries(q.codes)
        .map(([k, v]) => `${k} ×${v}`)
        .join(", ") || "none"
    }; 5xx inside kill windows: ${q.fivexxInside}`,
  );
  line("");
  const st = r.receiver;
  line(
    `Deliveries: ${st.posts} POSTs, ${r.uniqueEvents} distinct evt_ ids (${st.posts - r.uniqueEvents} repeats); signatures: ${st.posts - st.badSignatures} verified, ${st.badSignatures} bad; Stripe's verifier: ${st.stripeAvailable ? `${st.stripeChecked - st.stripeRejected} of ${st.stripeChecked} accepted` : "not installed (optional)"}`,
  );
  line(`Settle: ${r.settle.complete ? "every acknowledged change delivered" : "gave up"} after ${s(r.settle.waited)} (limit ${r.options.settle} s)`);
  if (!r.settle.complete) {
    const quiet = r.settle.waited - r.settle.lastProgress;
    line(
      quiet >= 10_000
        ? `  no missing change arrived in the last ${s(quiet)} of the wait: what is missing is lost, not late`
        : `  missing changes were still arriving ${s(quiet)} before the wait ended: a longer --settle may turn losses into late deliveries`,
    );
  }
  line("");
  line("Acknowledged changes and their deliveries:");
  line(`  ${"type".padEnd(18)} ${"acknowledged".padStart(12)} ${"delivered".padStart(10)} ${"lost".padStart(6)}   delivery latency p50 / p95 / max`);
  for (const row of r.table) {
    const lat = row.latencies.length ? `${s(quantile(row.latencies, 0.5))} / ${s(quantile(row.latencies, 0.95))} / ${s(Math.max(...row.latencies))}` : "-";
    line(`  ${row.type.padEnd(18)} ${String(row.expected).padStart(12)} ${String(row.delivered).padStart(10)} ${String(row.lost.length).padStart(6)}   ${lat}`);
  }
  line("  (seat.hold_expired: holds acknowledged and left to expire before the rush ended; latency from the expiry)");
  const lost = r.table.flatMap((row) => row.lost);
  if (lost.length) {
    line(
      `  lost, by commit time: ${Object.entries(lossTiming(lost, r.restarts))
        .map(([k, v]) => `${k}: ${v}`)
        .join(", ")}`,
    );
  }
  line("");
  line("Checks:");
  for (const c of r.checks) {
    line(`  ${c.ok ? "PASS" : "FAIL"}  ${c.name}: ${c.summary}`);
    for (const d of c.details) line(`          ${d}`);
  }
  line("");
  line(
    `Wall time ${s(r.wall)}. RESULT: ${r.checks.every((c) => c.ok) ? "PASS" : `FAIL (${r.checks.filter((c) => !c.ok).length} of ${r.checks.length} checks failed)`}`,
  );
  line("===================================================================================");
  console.log(out.join("\n"));
}
