// The verdicts of the crash test. Each check is a pure function of the request log (through the
// model), the receiver's deliveries, the final reads and the kill windows, and returns
// { name, ok, summary, details } where details lists every violation found.
import { changeKey, durableBookings, explains, gaOccupancy, seatOccupancy } from "./model.mjs";
import { GA_AREA, SEAT_EVENT_TYPES } from "./provision.mjs";

const MAX_DETAILS = 25;
const check = (name, details, summary) => ({ name, ok: details.length === 0, summary, details });
const fmt = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The delivered changes of this run, keyed like the model's expectations, each with its evt_ ids. */
export function deliveredChanges(deliveries, runId) {
  const byKey = new Map();
  for (const d of deliveries.values()) {
    if (!SEAT_EVENT_TYPES.includes(d.type) || d.object?.extraData?.run !== runId) continue;
    const key = changeKey(d.type, d.object.objectLabel, d.object.extraData.op);
    if (!byKey.has(key)) byKey.set(key, { type: d.type, label: d.object.objectLabel, op: d.object.extraData.op, ids: [], firstAt: d.firstAt });
    const entry = byKey.get(key);
    entry.ids.push(d.id);
    entry.firstAt = Math.min(entry.firstAt, d.firstAt);
  }
  return byKey;
}

/** Whether a request's lifetime overlaps a kill window. */
export const inWindow = (op, windows) => windows.some((w) => op.sentAt <= w.end && op.respAt >= w.start);

/** Acknowledged bookings survive: seats booked with the hold that was booked, GA booked quantity within bounds. */
export function checkBookings(model, final) {
  const { seats, gaMin, gaMax } = durableBookings(model);
  const status = new Map(final.status.objects.map((e) => [e.objectLabel, e]));
  const details = [];
  for (const [label, b] of seats) {
    const e = status.get(label);
    if (!e || e.status !== "booked") details.push(`${label}: booked by ${b.book} (hold ${b.holdOp}), now ${e ? e.status : "free"}`);
    else if (e.extraData?.op !== b.holdOp)
      details.push(`${label}: booked by ${b.book} (hold ${b.holdOp}), now booked with extraData ${JSON.stringify(e.extraData)}`);
  }
  const ga = status.get(GA_AREA);
  const gaBooked = ga?.booked ?? 0;
  if (gaBooked < gaMin || gaBooked > gaMax) details.push(`${GA_AREA}: ${gaBooked} booked, acknowledged bookings say between ${gaMin} and ${gaMax}`);
  return check(
    "no acknowledged booking lost",
    details,
    `${seats.size} seats booked and not released, all still booked by the same hold; ${GA_AREA} booked ${gaBooked} (bounds ${gaMin}..${gaMax})`,
  );
}

/**
 * No seat held or booked by two tokens at once: no acknowledged hold or booking landed while
 * another token certainly occupied the seat, and the final status shows only reservations that
 * some request made and no acknowledged release undid.
 */
export function checkExclusive(model, ops, final) {
  const occupancy = seatOccupancy(model);
  const details = [];
  let compared = 0;
  for (const op of ops) {
    if (op.outcome !== "ack" || (op.kind !== "hold" && op.kind !== "book")) continue;
    for (const o of op.body.objects ?? []) {
      if (o.objectLabel === GA_AREA || (op.kind === "hold" && o.extraData?.op !== op.id)) continue;
      for (const iv of occupancy.get(o.objectLabel) ?? []) {
        if (iv.token === op.token) continue;
        compared++;
        if (op.sentAt >= iv.start && op.respAt <= iv.end) {
          details.push(`${o.objectLabel}: ${op.kind} ${op.id} acknowledged while hold ${iv.holdOp} (another token) certainly had it`);
        }
      }
    }
  }
  for (const e of final.status.objects) {
    if (e.objectType !== "seat" || (e.status !== "held" && e.status !== "booked")) continue;
    const opId = e.extraData?.op;
    const type = e.status === "booked" ? "seat.booked" : "seat.held";
    if (!explains(model, type, e.objectLabel, opId)) {
      details.push(`${e.objectLabel}: finally ${e.status} with extraData ${JSON.stringify(e.extraData)}, which no request explains`);
      continue;
    }
    const s = model.tokens.get(model.opsById.get(opId).token)?.seats.get(e.objectLabel);
    if (s?.release) details.push(`${e.objectLabel}: finally ${e.status} under hold ${opId}, but release ${s.release.id} was acknowledged`);
  }
  return check(
    "no seat held or booked twice",
    details,
    `${compared} acknowledged holds/bookings compared with other tokens' certain occupancy; final status explained`,
  );
}

/** The GA area never held more than its capacity: certainly-taken quantities over time, and at the end. */
export function checkGaCapacity(model, final, capacity) {
  const intervals = gaOccupancy(model);
  let peak = 0;
  let peakAt = null;
  for (const at of intervals.map((iv) => iv.start)) {
    let sum = 0;
    for (const iv of intervals) if (iv.start <= at && at < iv.end) sum += iv.quantity;
    if (sum > peak) [peak, peakAt] = [sum, at];
  }
  const details = [];
  if (peak > capacity) details.push(`${peak} places certainly held or booked at once (at ${new Date(peakAt).toISOString()}), capacity ${capacity}`);
  const ga = final.status.objects.find((e) => e.objectLabel === GA_AREA);
  const held = ga?.held ?? 0;
  const booked = ga?.booked ?? 0;
  if (held + booked > capacity) details.push(`final status: ${held} held + ${booked} booked > capacity ${capacity}`);
  if (ga && ga.remaining !== Math.max(0, capacity - held - booked))
    details.push(`final status: remaining ${ga.remaining}, expected ${capacity - held - booked}`);
  return check("GA within capacity", details, `peak certainly taken ${peak} of ${capacity}; final ${held} held + ${booked} booked`);
}

/** Status and reports describe the same event. */
export function checkReadsAgree(final, seatCount, capacity) {
  const n = { held: 0, booked: 0, not_for_sale: 0 };
  for (const e of final.status.objects) if (e.objectType === "seat") n[e.status] = (n[e.status] ?? 0) + 1;
  const ga = final.status.objects.find((e) => e.objectLabel === GA_AREA);
  const gaHeld = ga?.held ?? 0;
  const gaBooked = ga?.booked ?? 0;
  const want = {
    free: seatCount - n.held - n.booked - n.not_for_sale + (capacity - gaHeld - gaBooked),
    held: n.held + gaHeld,
    booked: n.booked + gaBooked,
    not_for_sale: n.not_for_sale,
  };
  const got = final.reports.byStatus ?? {};
  const details = Object.keys(want)
    .filter((k) => (got[k] ?? 0) !== want[k])
    .map((k) => `${k}: reports ${got[k] ?? 0}, status implies ${want[k]}`);
  return check("reads agree (status vs reports)", details, `byStatus ${JSON.stringify(got)}`);
}

/**
 * A signed delivery for every acknowledged change. Returns the check and a per-type table.
 * Duplicated evt_ ids count once; the same change under two different evt_ ids is a violation
 * (receivers deduplicate by id, so they would apply it twice).
 */
export function checkDeliveries(model, delivered, receiverStats) {
  const table = new Map(SEAT_EVENT_TYPES.map((t) => [t, { type: t, expected: 0, delivered: 0, lost: [], latencies: [] }]));
  for (const [key, e] of model.expected) {
    const row = table.get(e.type);
    row.expected++;
    const d = delivered.get(key);
    if (!d) row.lost.push(e);
    else {
      row.delivered++;
      // From the acknowledgement (for an expiry: the expiry time) to the first delivery.
      row.latencies.push(Math.max(0, d.firstAt - e.at));
    }
  }
  const details = [];
  for (const row of table.values()) {
    for (const e of row.lost.slice(0, MAX_DETAILS)) details.push(`lost ${e.type} ${e.label} (hold ${e.op}, acknowledged by ${e.byOp})`);
  }
  const lost = [...table.values()].reduce((a, r) => a + r.lost.length, 0);
  if (lost > MAX_DETAILS * table.size) details.push(`… ${lost} lost in all`);
  const unexplained = [...delivered.values()].filter((d) => !explains(model, d.type, d.label, d.op));
  for (const d of unexplained.slice(0, MAX_DETAILS)) details.push(`delivered ${d.type} ${d.label} (hold ${d.op}), which no request explains`);
  const doubled = [...delivered.values()].filter((d) => d.ids.length > 1);
  for (const d of doubled.slice(0, MAX_DETAILS)) details.push(`${d.type} ${d.label} (hold ${d.op}) delivered under ${d.ids.length} different evt_ ids`);
  if (receiverStats.badSignatures > 0)
    details.push(`${receiverStats.badSignatures} deliveries failed signature verification (${receiverStats.badSignatureSamples.join("; ")})`);
  if (receiverStats.stripeRejected > 0) details.push(`${receiverStats.stripeRejected} deliveries rejected by Stripe's verifier`);
  if (receiverStats.unparsable > 0) details.push(`${receiverStats.unparsable} deliveries were not a JSON envelope`);
  const ok = [...table.values()].reduce((a, r) => a + r.delivered, 0);
  const expected = [...table.values()].reduce((a, r) => a + r.expected, 0);
  return {
    check: check("a signed delivery for every acknowledged change", details, `${ok} of ${expected} acknowledged changes delivered, ${lost} lost`),
    table: [...table.values()],
  };
}

/** No 5xx and no cut connection outside the kill windows. */
export function checkServerErrors(ops, windows) {
  const details = [];
  let inside = 0;
  for (const op of ops) {
    if (op.outcome !== "unknown") continue;
    if (inWindow(op, windows)) {
      inside++;
      continue;
    }
    const what = op.status !== null ? `HTTP ${op.status} ${JSON.stringify(op.body).slice(0, 120)}` : op.error;
    details.push(`${op.kind} ${op.id} at ${new Date(op.sentAt).toISOString()}: ${what}`);
  }
  return check("no 5xx or cut connection outside the kill windows", details.slice(0, MAX_DETAILS), `${inside} unknown outcomes inside the kill windows`);
}

/**
 * The only refusals the rush can provoke are contention: 409 seat_unavailable and
 * ga_capacity_exceeded. Anything else (a 401 or 404 while the restarted server warms up, say)
 * is a wrong answer, and the model would wrongly treat it as "nothing changed".
 */
export function checkRejections(ops) {
  const expected = new Set(["409 seat_unavailable", "409 ga_capacity_exceeded"]);
  const details = [];
  for (const op of ops) {
    if (op.outcome !== "rejected") continue;
    const code = `${op.status} ${op.body?.code ?? ""}`.trim();
    if (!expected.has(code))
      details.push(`${op.kind} ${op.id} at ${new Date(op.sentAt).toISOString()}: ${code} ${JSON.stringify(op.body?.message ?? op.body).slice(0, 120)}`);
  }
  const n = ops.filter((op) => op.outcome === "rejected").length;
  return check("only contention refused (409)", details.slice(0, MAX_DETAILS), `${n} refusals, ${details.length} of another kind`);
}

/** The service's answers are consistent with themselves (e.g. a booking returns the held extraData). */
export function checkAnswers(model) {
  return check("answers consistent with the requests", model.anomalies.slice(0, MAX_DETAILS), `${model.anomalies.length} inconsistencies`);
}

/**
 * How close each lost change committed to the next signal: the losses once found were all within 1 s
 * before a kill, which is what an in-memory queue lost at the kill looks like.
 */
export function lossTiming(lost, restarts) {
  const buckets = { "≤1 s before a signal": 0, "1-5 s before a signal": 0, "more than 5 s before a signal": 0, "after the last signal": 0 };
  for (const e of lost) {
    const next = restarts.find((r) => r.signalAt >= e.at);
    if (!next) buckets["after the last signal"]++;
    else if (next.signalAt - e.at <= 1000) buckets["≤1 s before a signal"]++;
    else if (next.signalAt - e.at <= 5000) buckets["1-5 s before a signal"]++;
    else buckets["more than 5 s before a signal"]++;
  }
  return buckets;
}

export { fmt };
