import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Layout, SeatFeature } from "../src/domain/layout";
import { advance, api, call, engineNow, expectError, freeze, keyFor, newEvent, newWorkspace, stubOf, token, type EventFixture } from "./support/fixtures";

/**
 * Accessible seating (docs/accessibility.md) through the API: seat features in layouts and objects reads,
 * accessible best available, and the per-event hold-back with each refusal and release condition.
 */

type Spec = (SeatFeature[] | null)[];
const W: SeatFeature[] = ["wheelchair"];
const C: SeatFeature[] = ["companion"];

/** Section A: row 1 W C C then four plain seats, row 2 four plain seats; section B: two plain seats, W, C. */
function venue(): Layout {
  const row = (section: string, r: number, spec: Spec) => ({
    label: String(r),
    seats: spec.map((features, i) => ({ label: `${section}-${r}-${i + 1}`, categoryKey: "std", ...(features ? { features } : {}) })),
  });
  return {
    categories: [{ key: "std", label: "Standard", color: "#123456" }],
    sections: [
      { key: "A", label: "Section A", rows: [row("A", 1, [W, C, C, null, null, null, null]), row("A", 2, [null, null, null, null])] },
      { key: "B", label: "Section B", rows: [row("B", 1, [null, null, W, C])] },
    ],
    generalAdmission: [],
  };
}

const ACCESSIBLE = ["A-1-1", "A-1-2", "A-1-3", "B-1-3", "B-1-4"];
const OTHERS_A = ["A-1-4", "A-1-5", "A-1-6", "A-1-7", "A-2-1", "A-2-2", "A-2-3", "A-2-4"];
const OTHERS_B = ["B-1-1", "B-1-2"];

const setAccess = (f: EventFixture, body: unknown, key = f.sk) => call("PUT", `/api/v1/events/${f.eventKey}/accessibility`, { key, body });
const best = (f: EventFixture, body: Record<string, unknown>, key = f.pk) =>
  call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, { key, body: { holdToken: token(), ...body } });
type SeatObject = { objectLabel: string; features?: string[]; accessibleOnly?: boolean };
const objects = async (f: EventFixture) => (await api.objects(f)).body.objects as SeatObject[];
const accessibleOnly = async (f: EventFixture) =>
  Object.fromEntries((await objects(f)).filter((o) => o.accessibleOnly !== undefined).map((o) => [o.objectLabel, o.accessibleOnly]));
const history = async (f: EventFixture, label: string) =>
  (await call("GET", `/api/v1/events/${f.eventKey}/status-changes?objectLabel=${label}`, { key: f.sk })).body.items as { cause: string; status: string }[];

async function sell(f: EventFixture, labels: string[]): Promise<void> {
  const t = token();
  expect((await api.hold(f, { objectLabels: labels, holdToken: t }, f.sk)).status).toBe(200);
  expect((await api.book(f, { objectLabels: labels, holdToken: t })).status).toBe(200);
}

describe("seat features (docs/accessibility.md, docs/charts.md#the-layout)", () => {
  it("are kept by the draft and published reads and shown by the objects reads, full and compact", async () => {
    const f = await newEvent({ layout: venue() });
    const draft = await call("GET", `/api/v1/charts/${f.chartKey}/draft`, { key: f.sk });
    expect(draft.body.sections[0].rows[0].seats[0]).toEqual({ label: "A-1-1", categoryKey: "std", features: ["wheelchair"] });
    const published = await call("GET", `/api/v1/charts/${f.chartKey}/published`, { key: f.sk });
    expect(published.body.sections[1].rows[0].seats[3].features).toEqual(["companion"]);
    const all = await objects(f);
    expect(all.find((o) => o.objectLabel === "A-1-1")!.features).toEqual(["wheelchair"]);
    expect(all.find((o) => o.objectLabel === "A-1-4")!.features).toBeUndefined();
    const compact = await api.objects(f, "?format=compact");
    expect(compact.body.sections[0].rows[0].features).toEqual([
      [0, ["wheelchair"]],
      [1, ["companion"]],
      [2, ["companion"]],
    ]);
    expect(compact.body.sections[0].rows[1].features).toBeUndefined();
  });

  it("takes every feature, refuses unknown and repeated ones with the path named", async () => {
    const layout = venue();
    layout.sections[0]!.rows[1]!.seats[0]!.features = ["restrictedView", "stepFree", "hearingLoop", "extraLegroom", "wheelchair", "companion"];
    const f = await newEvent({ layout });
    expect((await objects(f)).find((o) => o.objectLabel === "A-2-1")!.features).toEqual([
      "wheelchair",
      "companion",
      "restrictedView",
      "stepFree",
      "hearingLoop",
      "extraLegroom",
    ]);
    for (const features of [["jetpack"], ["wheelchair", "wheelchair"], "wheelchair", [1]]) {
      const bad = venue() as unknown as { sections: { rows: { seats: Record<string, unknown>[] }[] }[] };
      bad.sections[0]!.rows[0]!.seats[2]!.features = features;
      const res = await call("POST", "/api/v1/charts", { key: f.sk, body: { name: "bad", draftVersion: bad } });
      expectError(res, 400, "validation_failed");
      expect(JSON.stringify(res.body.errors)).toContain("draftVersion.sections.0.rows.0.seats.2.features");
    }
  });

  it("changing them has no publish impact on a booked seat", async () => {
    const f = await newEvent({ layout: venue() });
    await sell(f, ["A-1-1", "A-1-4"]);
    const next = venue();
    next.sections[0]!.rows[0]!.seats[0]!.features = ["stepFree"];
    next.sections[0]!.rows[0]!.seats[3]!.features = ["wheelchair"];
    expect((await call("PATCH", `/api/v1/charts/${f.chartKey}`, { key: f.sk, body: { draftVersion: next } })).status).toBe(200);
    const check = await call("GET", `/api/v1/charts/${f.chartKey}/publish-check`, { key: f.sk });
    expect(check.body.affected).toEqual([]);
    expect((await call("POST", `/api/v1/charts/${f.chartKey}/publish`, { key: f.sk })).status).toBe(200);
    expect((await objects(f)).find((o) => o.objectLabel === "A-1-4")!.features).toEqual(["wheelchair"]);
  });
});

describe("accessible best available (docs/accessibility.md, docs/selling-rules.md)", () => {
  it("holds a wheelchair space and its companions in one run; quantity may be omitted or must be the sum", async () => {
    const f = await newEvent({ layout: venue() });
    const res = await best(f, { accessible: { wheelchair: 1, companions: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["A-1-1", "A-1-2", "A-1-3"]);
    expect(res.body.nextToEachOther).toBe(true);
    const next = await best(f, { quantity: 2, accessible: { wheelchair: 1, companions: 1 } });
    expect(next.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["B-1-3", "B-1-4"]);
    expectError(await best(f, { accessible: { wheelchair: 1, companions: 1 } }), 409, "no_best_available");
    expectError(await best(f, { quantity: 3, accessible: { wheelchair: 1, companions: 1 } }), 400, "validation_failed");
  });

  it("validates accessible", async () => {
    const f = await newEvent({ layout: venue() });
    for (const accessible of [{ wheelchair: 0 }, { wheelchair: 11 }, { wheelchair: 1, companions: 4 }, { wheelchair: 1.5 }, { companions: 1 }, true]) {
      expectError(await best(f, { accessible }), 400, "validation_failed");
    }
    expectError(await best(f, {}), 400, "validation_failed");
  });

  it("no run of the right mix is 409 no_best_available, even when the spaces exist apart", async () => {
    const f = await newEvent({ layout: venue() });
    expectError(await best(f, { accessible: { wheelchair: 2, companions: 0 } }), 409, "no_best_available");
    expectError(await best(f, { accessible: { wheelchair: 1, companions: 3 } }), 409, "no_best_available");
  });
});

describe("accessible inventory held back (docs/accessibility.md)", () => {
  it("GET answers the default, PUT replaces it; secret keys only; bodies validated", async () => {
    const f = await newEvent({ layout: venue() });
    expect((await call("GET", `/api/v1/events/${f.eventKey}/accessibility`, { key: f.sk })).body).toEqual({ holdBack: false, releaseWhen: "event_sold_out" });
    const body = { holdBack: true, releaseWhen: "section_sold_out" };
    expect((await setAccess(f, body)).body).toEqual(body);
    expect((await call("GET", `/api/v1/events/${f.eventKey}/accessibility`, { key: f.sk })).body).toEqual(body);
    const at = { holdBack: true, releaseWhen: { at: "2030-01-01T00:00:00Z" } };
    expect((await setAccess(f, at)).body).toEqual(at);
    expectError(await setAccess(f, body, f.pk), 403, "public_key_not_allowed");
    expectError(await call("GET", `/api/v1/events/${f.eventKey}/accessibility`, { key: f.pk }), 403, "public_key_not_allowed");
    for (const bad of [
      {},
      { holdBack: true },
      { holdBack: "yes", releaseWhen: "event_sold_out" },
      { holdBack: true, releaseWhen: "never" },
      { holdBack: true, releaseWhen: { at: "soon" } },
    ]) {
      expectError(await setAccess(f, bad), 400, "validation_failed");
    }
    expectError(await call("PUT", `/api/v1/events/nope/accessibility`, { key: f.sk, body }), 404, "event_not_found");
  });

  it("is scoped: another workspace's key is refused (403), the other environment's key does not find the event", async () => {
    const f = await newEvent({ layout: venue() });
    const other = await newWorkspace();
    const body = { holdBack: true, releaseWhen: "event_sold_out" };
    expectError(await setAccess(f, body, keyFor(other, "secret", "sandbox")), 403, "forbidden");
    expectError(await setAccess(f, body, keyFor(f.keys, "secret", "production")), 404, "event_not_found");
    expectError(await setAccess(f, body, "sk_test_nope"), 401);
    expect((await call("GET", `/api/v1/events/${f.eventKey}/accessibility`, { key: f.sk })).body.holdBack).toBe(false);
  });

  it("a time already past when set releases at once", async () => {
    const f = await newEvent({ layout: venue() });
    await setAccess(f, { holdBack: true, releaseWhen: { at: "2020-01-01T00:00:00Z" } });
    expect(await accessibleOnly(f)).toEqual(Object.fromEntries(ACCESSIBLE.map((l) => [l, false])));
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() })).status).toBe(200);
  });

  it("refuses wheelchair and companion seats to buyers who do not state the need, and nothing changes", async () => {
    const f = await newEvent({ layout: venue() });
    await setAccess(f, { holdBack: true, releaseWhen: "event_sold_out" });
    const res = await api.hold(f, { objectLabels: ["A-1-4", "A-1-2"], holdToken: token() });
    expectError(res, 409, "seat_unavailable");
    expect(res.body.failed).toEqual([{ objectLabel: "A-1-2", reason: "accessible_only" }]);
    expect((await api.status(f)).body.objects).toEqual([]);
    // Stating the need, or a secret key, may hold them.
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token(), accessible: true })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() }, f.sk)).status).toBe(200);
    // Best available without `accessible` never picks them; with it, it does.
    const plain = await best(f, { quantity: 2, sections: ["B"] });
    expect(plain.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["B-1-1", "B-1-2"]);
    expectError(await best(f, { quantity: 1, sections: ["B"] }), 409, "no_best_available");
    expect((await best(f, { accessible: { wheelchair: 1, companions: 1 } })).status).toBe(200);
    expect(await accessibleOnly(f)).toEqual(Object.fromEntries(ACCESSIBLE.map((l) => [l, true])));
    const compact = await api.objects(f, "?format=compact");
    expect(compact.body.accessibleOnly).toEqual(ACCESSIBLE);
    // A read of some labels lists those of them held back.
    const some = await api.objects(f, "?format=compact&labels=A-1-1,A-1-4,B-1-3");
    expect(some.body.accessibleOnly).toEqual(["A-1-1", "B-1-3"]);
  });

  it("section_sold_out releases a section once every other seat of it is booked, recorded with cause for_sale", async () => {
    const f = await newEvent({ layout: venue() });
    await setAccess(f, { holdBack: true, releaseWhen: "section_sold_out" });
    await sell(f, OTHERS_B.slice(0, 1));
    expectError(await api.hold(f, { objectLabels: ["B-1-3"], holdToken: token() }), 409, "seat_unavailable");
    // Held is not sold.
    expect((await api.hold(f, { objectLabels: ["B-1-2"], holdToken: token() }, f.sk)).status).toBe(200);
    expectError(await api.hold(f, { objectLabels: ["B-1-3"], holdToken: token() }), 409, "seat_unavailable");
    await call("POST", `/api/v1/events/${f.eventKey}/seats/release`, { key: f.sk, body: { objectLabels: ["B-1-2"] } });
    await sell(f, ["B-1-2"]);
    expect(await accessibleOnly(f)).toMatchObject({ "B-1-3": false, "B-1-4": false, "A-1-1": true });
    expect(await history(f, "B-1-3")).toMatchObject([{ cause: "for_sale", status: "free" }]);
    expect((await api.hold(f, { objectLabels: ["B-1-3"], holdToken: token() })).status).toBe(200);
    expectError(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() }), 409, "seat_unavailable");
  });

  it("event_sold_out waits for every other seat of the event", async () => {
    const f = await newEvent({ layout: venue() });
    await setAccess(f, { holdBack: true, releaseWhen: "event_sold_out" });
    await sell(f, OTHERS_B);
    expect((await accessibleOnly(f))["B-1-3"]).toBe(true);
    await sell(f, OTHERS_A);
    expect(await accessibleOnly(f)).toEqual(Object.fromEntries(ACCESSIBLE.map((l) => [l, false])));
    for (const l of ACCESSIBLE) expect(await history(f, l)).toMatchObject([{ cause: "for_sale" }]);
    expect((await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() })).status).toBe(200);
  });

  it("a condition already met when set releases at once", async () => {
    const f = await newEvent({ layout: venue() });
    await sell(f, OTHERS_B);
    await setAccess(f, { holdBack: true, releaseWhen: "section_sold_out" });
    expect(await accessibleOnly(f)).toMatchObject({ "B-1-3": false, "A-1-1": true });
  });

  it("at: the object's alarm releases at that time, without a request", async () => {
    const f = await newEvent({ layout: venue() });
    const now = await freeze(f);
    await setAccess(f, { holdBack: true, releaseWhen: { at: new Date(now + 60_000).toISOString() } });
    expectError(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() }), 409, "seat_unavailable");
    await advance(f, 60_000);
    expect(await engineNow(f)).toBeGreaterThanOrEqual(now + 60_000);
    expect(await runDurableObjectAlarm(stubOf(f))).toBe(true);
    expect(await history(f, "A-1-1")).toMatchObject([{ cause: "for_sale", status: "free" }]);
    expect(await accessibleOnly(f)).toEqual(Object.fromEntries(ACCESSIBLE.map((l) => [l, false])));
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() })).status).toBe(200);
  });

  it("at: a hold after the time releases first even when the alarm has not run", async () => {
    const f = await newEvent({ layout: venue() });
    const now = await freeze(f);
    await setAccess(f, { holdBack: true, releaseWhen: { at: new Date(now + 1_000).toISOString() } });
    await advance(f, 1_000);
    expect((await api.hold(f, { objectLabels: ["B-1-4"], holdToken: token() })).status).toBe(200);
    expect((await history(f, "B-1-4")).map((r) => r.cause)).toEqual(["for_sale", "hold"]);
  });

  it("a companion seat held with a wheelchair space is released with it", async () => {
    const f = await newEvent({ layout: venue() });
    await setAccess(f, { holdBack: true, releaseWhen: "event_sold_out" });
    const t = token();
    const held = await best(f, { holdToken: t, accessible: { wheelchair: 1, companions: 2 } });
    expect(held.status).toBe(200);
    const other = token();
    expect((await api.hold(f, { objectLabels: ["A-1-4"], holdToken: t })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["B-1-4"], holdToken: other, accessible: true })).status).toBe(200);
    const res = await api.release(f, { objectLabels: ["A-1-1"], holdToken: t }, f.pk);
    expect(res.status).toBe(200);
    expect(res.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["A-1-1", "A-1-2", "A-1-3"]);
    const left = ((await api.status(f)).body.objects as { objectLabel: string }[]).map((o) => o.objectLabel).sort();
    expect(left).toEqual(["A-1-4", "B-1-4"]);
  });

  it("holdBack false holds nothing back and shows no accessibleOnly", async () => {
    const f = await newEvent({ layout: venue() });
    await setAccess(f, { holdBack: false, releaseWhen: "event_sold_out" });
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() })).status).toBe(200);
    expect(await accessibleOnly(f)).toEqual({});
  });
});
