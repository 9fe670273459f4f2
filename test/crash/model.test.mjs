// The crash test's judge, judged: hand-written request logs with known answers, so that a verdict
// of the crash run is a fact about the service and not an artefact of the harness. Plain Node
// (`node --test test/crash/`), no bindings: the model is pure.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkBookings, checkDeliveries, checkExclusive, checkServerErrors, deliveredChanges } from "../../scripts/lib/crash/checks.mjs";
import { buildModel, changeKey, explains } from "../../scripts/lib/crash/model.mjs";

const T0 = 1_800_000_000_000;
const iso = (ms) => new Date(ms).toISOString();
let seq = 0;

/** A seat hold answered `outcome` at T0 + at ms, lasting ttl s. */
function hold(token, labels, at, { outcome = "ack", ttl = 30, id = `h${++seq}`, client = 0 } = {}) {
  const body =
    outcome === "ack"
      ? { holdExpiresAt: iso(T0 + at + ttl * 1000), objects: labels.map((l) => ({ objectLabel: l, status: "held", extraData: { op: id, run: "r" } })) }
      : null;
  return {
    id,
    client,
    kind: "hold",
    key: "public",
    token,
    labels,
    sentAt: T0 + at,
    respAt: T0 + at + 10,
    status: outcome === "ack" ? 200 : null,
    body,
    error: null,
    outcome,
  };
}

function gaHold(token, quantity, at, { outcome = "ack", ttl = 30, id = `g${++seq}`, extraOp = id } = {}) {
  const body =
    outcome === "ack"
      ? { holdExpiresAt: iso(T0 + at + ttl * 1000), objects: [{ objectLabel: "Floor", status: "held", quantity, extraData: { op: extraOp, run: "r" } }] }
      : null;
  return {
    id,
    client: 0,
    kind: "gaHold",
    key: "public",
    token,
    labels: ["Floor"],
    quantity,
    sentAt: T0 + at,
    respAt: T0 + at + 10,
    status: 200,
    body,
    error: null,
    outcome,
  };
}

function book(token, labels, holdOp, at, { outcome = "ack", quantity } = {}) {
  const objects = labels.map((l) => ({ objectLabel: l, status: "booked", extraData: { op: holdOp, run: "r" }, ...(quantity ? { quantity } : {}) }));
  return {
    id: `b${++seq}`,
    client: 0,
    kind: "book",
    key: "secret",
    token,
    labels,
    sentAt: T0 + at,
    respAt: T0 + at + 10,
    status: 200,
    body: outcome === "ack" ? { objects } : null,
    error: null,
    outcome,
  };
}

function release(token, labels, freed, at, { outcome = "ack", key = "public" } = {}) {
  const body = outcome === "ack" ? { objects: freed.map((l) => ({ objectLabel: l, status: "free" })) } : null;
  return { id: `r${++seq}`, client: 0, kind: "release", key, token, labels, sentAt: T0 + at, respAt: T0 + at + 10, status: 200, body, error: null, outcome };
}

const types = (model) => [...model.expected.values()].map((e) => `${e.type} ${e.label} ${e.op}`).sort();

test("an acknowledged hold left to expire needs its seat.held and a seat.hold_expired, never a seat.released", () => {
  const h = hold("t1", ["A"], 0, { ttl: 5 });
  const m = buildModel([h], { expiryCutoff: T0 + 60_000 });
  assert.deepEqual(types(m), [`seat.held A ${h.id}`, `seat.hold_expired A ${h.id}`]);
});

test("a hold expiring after the cutoff is not expected to have reported its expiry", () => {
  const h = hold("t1", ["A"], 0, { ttl: 30 });
  assert.deepEqual(types(buildModel([h], { expiryCutoff: T0 + 10_000 })), [`seat.held A ${h.id}`]);
});

test("book and release expect one event per listed label, carrying the hold's operation id", () => {
  const h = hold("t1", ["A", "B"], 0);
  const b = book("t1", ["A"], h.id, 100);
  const r = release("t1", undefined, ["B"], 200);
  const m = buildModel([h, b, r], { expiryCutoff: T0 + 60_000 });
  assert.deepEqual(types(m), [`seat.booked A ${h.id}`, `seat.held A ${h.id}`, `seat.held B ${h.id}`, `seat.released B ${h.id}`].sort());
  assert.equal(m.expected.get(changeKey("seat.booked", "A", h.id)).byOp, b.id);
});

test("an unknown outcome creates no expectation but explains what it may have caused", () => {
  const h = hold("t1", ["A"], 0, { ttl: 5 });
  const b = book("t1", ["A"], h.id, 100, { outcome: "unknown" });
  const m = buildModel([h, b], { expiryCutoff: T0 + 60_000 });
  // Neither seat.booked nor seat.hold_expired: the booking may or may not have happened.
  assert.deepEqual(types(m), [`seat.held A ${h.id}`]);
  assert.equal(explains(m, "seat.booked", "A", h.id), true);
  assert.equal(explains(m, "seat.hold_expired", "A", h.id), true);
  assert.equal(explains(m, "seat.released", "A", h.id), false);
  assert.equal(explains(m, "seat.booked", "B", h.id), false);
});

test("a refused or rejected hold explains nothing", () => {
  const h = { ...hold("t1", ["A"], 0, { outcome: "refused" }) };
  const m = buildModel([h], { expiryCutoff: T0 + 60_000 });
  assert.equal(m.expected.size, 0);
  assert.equal(explains(m, "seat.held", "A", h.id), false);
});

test("a hold answered with an older hold's extraData (a retry) sends no event", () => {
  const h = hold("t1", ["A"], 0);
  const retry = hold("t1", ["A"], 100);
  retry.body.objects[0].extraData = { op: h.id, run: "r" };
  const m = buildModel([h, retry], { expiryCutoff: T0 });
  assert.deepEqual(types(m), [`seat.held A ${h.id}`]);
});

test("GA: a resize after the previous hold expired reports that expiry; a repeat of the same quantity is silent", () => {
  const g1 = gaHold("t1", 3, 0, { ttl: 5 });
  const g2 = gaHold("t1", 4, 10_000, { ttl: 30 });
  const g3 = gaHold("t1", 4, 11_000, { extraOp: g2.id });
  const m = buildModel([g1, g2, g3], { expiryCutoff: T0 + 20_000 });
  assert.deepEqual(types(m), [`seat.held Floor ${g1.id}`, `seat.held Floor ${g2.id}`, `seat.hold_expired Floor ${g1.id}`].sort());
});

test("GA: a live resize replaces the hold; only the last one can expire", () => {
  const g1 = gaHold("t1", 3, 0, { ttl: 5 });
  const g2 = gaHold("t1", 5, 1000, { ttl: 5 });
  const m = buildModel([g1, g2], { expiryCutoff: T0 + 60_000 });
  assert.deepEqual(types(m), [`seat.held Floor ${g1.id}`, `seat.held Floor ${g2.id}`, `seat.hold_expired Floor ${g2.id}`].sort());
});

test("a public release after a booking does not undo it; a secret one does", () => {
  const h = hold("t1", ["A"], 0);
  const b = book("t1", ["A"], h.id, 100);
  const pub = release("t1", undefined, [], 200);
  const status = (st) => ({
    status: { objects: st ? [{ objectLabel: "A", objectType: "seat", status: st, extraData: { op: h.id, run: "r" } }] : [] },
    reports: {},
  });
  const m1 = buildModel([h, b, pub], { expiryCutoff: T0 });
  assert.equal(checkBookings(m1, status("booked")).ok, true);
  assert.equal(checkBookings(m1, status(null)).ok, false, "a lost booking is caught");
  const sec = release("t1", ["A"], ["A"], 300, { key: "secret" });
  const m2 = buildModel([h, b, sec], { expiryCutoff: T0 });
  assert.equal(checkBookings(m2, status(null)).ok, true);
  const ex = checkExclusive(m2, [h, b, sec], status("booked"));
  assert.equal(ex.ok, false, "a seat still booked after an acknowledged release is caught");
});

test("a takeover after expiry is fine; a hold inside another token's certain occupancy is a double hold", () => {
  const a = hold("t1", ["A"], 0, { ttl: 5, client: 0 });
  const later = hold("t2", ["A"], 8000, { client: 1 });
  const empty = { status: { objects: [] }, reports: {} };
  assert.equal(checkExclusive(buildModel([a, later], { expiryCutoff: T0 }), [a, later], empty).ok, true);
  const clash = hold("t3", ["A"], 2000, { client: 2 });
  const res = checkExclusive(buildModel([a, clash], { expiryCutoff: T0 }), [a, clash], empty);
  assert.equal(res.ok, false);
  assert.match(res.details[0], /certainly had it/);
});

test("deliveries: a repeated evt_ id counts once, loss is listed, one change under two ids is flagged", () => {
  const h = hold("t1", ["A", "B"], 0);
  const m = buildModel([h], { expiryCutoff: T0 });
  const d = (id, label) => [id, { id, type: "seat.held", object: { objectLabel: label, extraData: { op: h.id, run: "r" } }, firstAt: T0 + 500, copies: 2 }];
  const stats = { badSignatures: 0, badSignatureSamples: [], stripeRejected: 0, unparsable: 0 };
  let res = checkDeliveries(m, deliveredChanges(new Map([d("evt_1", "A")]), "r"), stats);
  assert.equal(res.check.ok, false);
  assert.deepEqual(
    res.table.find((r) => r.type === "seat.held"),
    { type: "seat.held", expected: 2, delivered: 1, lost: [m.expected.get(changeKey("seat.held", "B", h.id))], latencies: [490] },
  );
  res = checkDeliveries(m, deliveredChanges(new Map([d("evt_1", "A"), d("evt_2", "B")]), "r"), stats);
  assert.equal(res.check.ok, true);
  res = checkDeliveries(m, deliveredChanges(new Map([d("evt_1", "A"), d("evt_2", "B"), d("evt_3", "B")]), "r"), stats);
  assert.equal(res.check.ok, false);
  assert.match(res.check.details.join("\n"), /2 different evt_ ids/);
});

test("cut connections count against the service only outside the kill windows", () => {
  const h = hold("t1", ["A"], 0, { outcome: "unknown" });
  assert.equal(checkServerErrors([h], [{ start: T0 - 100, end: T0 + 50 }]).ok, true);
  assert.equal(checkServerErrors([h], [{ start: T0 + 1000, end: T0 + 2000 }]).ok, false);
});
