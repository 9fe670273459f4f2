import { describe, expect, it } from "vitest";
import {
  api,
  call,
  drainedOutbox,
  expectError,
  expectOk,
  newChart,
  newEvent,
  newWorkspace,
  outboxEvents,
  pauseOutbox,
  smallLayout,
  stubOf,
  type TestKeys,
  token,
} from "./support/fixtures";

type LayoutLike = ReturnType<typeof smallLayout>;

async function setDraft(keys: TestKeys, chartKey: string, layout: unknown) {
  const res = await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skTest, body: { draftVersion: layout } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const publish = (keys: TestKeys, chartKey: string, force = false) =>
  call("POST", `/api/v1/charts/${chartKey}/publish${force ? "?force=true" : ""}`, { key: keys.skLive });

/** smallLayout with some seats dropped, recategorised, or the GA area resized. */
function edited(edit: (l: LayoutLike) => void): LayoutLike {
  const l = smallLayout();
  edit(l);
  return l;
}

describe("publish rules", () => {
  it("rule 1: a publish reaches every event of the chart at once", async () => {
    const f = await newEvent();
    await setDraft(
      f.keys,
      f.chartKey,
      edited((l) => l.sections[0]!.rows[0]!.seats.push({ label: "A-1-11", categoryKey: "stalls", x: 0, y: 0 })),
    );
    // A draft is not what events read: nothing changes before the publish.
    expect((await api.objects(f)).body.objects).toHaveLength(11);
    expect((await api.event(f)).body.chartPublishedVersion).toBe(1);
    expect((await publish(f.keys, f.chartKey)).status).toBe(200);
    expect((await api.objects(f)).body.objects).toHaveLength(12);
    expect((await call("GET", `/api/v1/events/${f.eventKey}`, { key: f.pk })).body.chartPublishedVersion).toBe(2);
    expect((await api.hold(f, { objectLabels: ["A-1-11"], holdToken: token() })).status).toBe(200);
  });

  it("rule 2: refuses removals, retypes, recategorisations and GA shrinks in both environments, listing every label", async () => {
    const sandbox = await newEvent({ environment: "sandbox" });
    const prod = await newEvent({ environment: "production", keys: sandbox.keys, chartKey: sandbox.chartKey });
    const t = token();
    await api.hold(sandbox, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    await api.book(sandbox, { objectLabels: ["A-1-2"], holdToken: t });
    await api.hold(prod, { objectLabels: ["A-1-3"], holdToken: t });
    await api.hold(prod, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 20 });
    const next = edited((l) => {
      const seats = l.sections[0]!.rows[0]!.seats;
      seats.splice(0, 1); // A-1-1 removed
      seats[0]!.categoryKey = "stalls"; // A-1-2 balcony -> stalls
      seats[1]!.label = "X"; // A-1-3 removed
      l.generalAdmission[0]!.capacity = 10; // below 20 held
    });
    await setDraft(sandbox.keys, sandbox.chartKey, next);
    const check = await call("GET", `/api/v1/charts/${sandbox.chartKey}/publish-check`, { key: sandbox.keys.skTest });
    const expected = [
      { eventKey: sandbox.eventKey, environment: "sandbox", objectLabel: "A-1-1", reason: "removed", held: 1, booked: 0 },
      { eventKey: sandbox.eventKey, environment: "sandbox", objectLabel: "A-1-2", reason: "category_changed", held: 0, booked: 1 },
      { eventKey: prod.eventKey, environment: "production", objectLabel: "A-1-3", reason: "removed", held: 1, booked: 0 },
      { eventKey: prod.eventKey, environment: "production", objectLabel: "Floor", reason: "capacity_below_reserved", held: 20, booked: 0 },
    ];
    const sortKey = (e: { eventKey: string; objectLabel: string }) => `${e.eventKey}/${e.objectLabel}`;
    const sorted = <T extends { eventKey: string; objectLabel: string }>(xs: T[]) => [...xs].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
    expect(sorted(check.body.affected)).toEqual(sorted(expected));
    const refused = await publish(sandbox.keys, sandbox.chartKey);
    expectError(refused, 409, "publish_affects_reservations");
    expect(sorted(refused.body.failed)).toEqual(sorted(expected));
    // Nothing changed anywhere: chart version and both events' layouts.
    expect((await call("GET", `/api/v1/charts/${sandbox.chartKey}`, { key: sandbox.keys.skTest })).body.publishedVersion).toBe(1);
    expect((await api.objects(prod)).body.objects.find((o: { objectLabel: string }) => o.objectLabel === "Floor").capacity).toBe(50);
    expect((await api.hold(sandbox, { objectLabels: ["A-1-4"], holdToken: token() })).status).toBe(200);
  });

  it("rule 2: a seat turned into a GA area is object_type_changed", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    await setDraft(
      f.keys,
      f.chartKey,
      edited((l) => {
        l.sections[0]!.rows[0]!.seats.splice(0, 1);
        l.generalAdmission.push({ label: "A-1-1", categoryKey: "stalls", capacity: 5 });
      }),
    );
    const check = await call("GET", `/api/v1/charts/${f.chartKey}/publish-check`, { key: f.keys.skTest });
    expect(check.body.affected).toEqual([
      { eventKey: f.eventKey, environment: "sandbox", objectLabel: "A-1-1", reason: "object_type_changed", held: 1, booked: 0 },
    ]);
  });

  it("rule 3: force=true publishes and keeps holds and bookings", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    await api.book(f, { objectLabels: ["A-1-2"], holdToken: t });
    await setDraft(
      f.keys,
      f.chartKey,
      edited((l) => l.sections[0]!.rows[0]!.seats.splice(0, 2)),
    );
    expect((await publish(f.keys, f.chartKey, true)).status).toBe(200);
    expect((await api.objects(f)).body.objects.map((o: { objectLabel: string }) => o.objectLabel)).not.toContain("A-1-1");
    const status = await api.status(f, "", f.sk);
    expect(status.body.objects.map((o: { objectLabel: string; status: string }) => [o.objectLabel, o.status])).toEqual([
      ["A-1-1", "held"],
      ["A-1-2", "booked"],
    ]);
    // The kept hold can still be booked, and released.
    expect((await api.book(f, { objectLabels: ["A-1-1"], holdToken: t })).status).toBe(200);
    expect((await api.release(f, { holdToken: t })).body.objects).toHaveLength(2);
  });

  it("rule 4: unpublish empties events; publishing again restores them", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expect((await call("POST", `/api/v1/charts/${f.chartKey}/unpublish`, { key: f.keys.skTest })).status).toBe(200);
    expect((await api.objects(f)).body.objects).toEqual([]);
    expect((await publish(f.keys, f.chartKey)).status).toBe(200);
    expect((await api.objects(f)).body.objects).toHaveLength(11);
    expect((await api.status(f)).body.objects).toEqual([expect.objectContaining({ objectLabel: "A-1-1", status: "held" })]);
  });

  it("a hold racing a publish cannot land on a label the publish removes", async () => {
    const f = await newEvent();
    const next = edited((l) => l.sections[0]!.rows[0]!.seats.splice(4, 1)); // drops A-1-5
    const stub = stubOf(f);
    const staged = await stub.stagePublish({ stageId: "s1", version: 2, layout: next as never, force: false });
    expect(staged.ok).toBe(true);
    // Between stage and commit, A-1-5 is refused; untouched seats still hold.
    const refused = await api.hold(f, { objectLabels: ["A-1-5"], holdToken: token() });
    expect(refused.body.failed).toEqual([{ objectLabel: "A-1-5", reason: "unknown_label" }]);
    expect((await api.hold(f, { objectLabels: ["A-1-6"], holdToken: token() })).status).toBe(200);
    // A stage refuses when a reservation conflicts, and an aborted stage guards nothing.
    await stub.abortPublish("s1");
    expect((await api.hold(f, { objectLabels: ["A-1-5"], holdToken: token() })).status).toBe(200);
    const conflict = await stub.stagePublish({ stageId: "s2", version: 2, layout: next as never, force: false });
    expect(conflict.ok).toBe(false);
    // Concurrent publishes through the API: holds racing them never end up on removed labels.
    await api.release(f, { objectLabels: ["A-1-5"] });
    await setDraft(f.keys, f.chartKey, next);
    const [pub, ...holds] = await Promise.all([
      publish(f.keys, f.chartKey),
      ...Array.from({ length: 10 }, () => api.hold(f, { objectLabels: ["A-1-5"], holdToken: token() })),
    ]);
    const objects = (await api.objects(f)).body.objects.map((o: { objectLabel: string }) => o.objectLabel);
    const held = (await api.status(f)).body.objects.map((o: { objectLabel: string }) => o.objectLabel);
    if (pub.status === 200) {
      expect(objects).not.toContain("A-1-5");
      expect(held).not.toContain("A-1-5");
    } else {
      expectError(pub, 409, "publish_affects_reservations");
      expect(holds.some((h) => h.status === 200)).toBe(true);
    }
  });
});

describe("move-to-new-chart-copy", () => {
  it("gives the event its own chart, emits event.chart_changed, and detaches it from later publishes", async () => {
    const f = await newEvent();
    const other = await newEvent({ keys: f.keys, chartKey: f.chartKey });
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    await api.book(f, { objectLabels: ["A-1-2"], holdToken: t });
    expect(await drainedOutbox(f)).toEqual([]);
    await pauseOutbox(f);
    const moved = await call("POST", `/api/v1/events/${f.eventKey}/actions/move-to-new-chart-copy`, { key: f.sk });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ eventKey: f.eventKey, chartKey: expect.any(String), previousChartKey: f.chartKey });
    const copy = moved.body.chartKey as string;
    expect(copy).not.toBe(f.chartKey);
    expect(await outboxEvents(f)).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        type: "event.chart_changed",
        object: { eventKey: f.eventKey, chartKey: copy, previousChartKey: f.chartKey },
      },
    ]);
    expect((await call("GET", `/api/v1/events/${f.eventKey}`, { key: f.sk })).body).toMatchObject({ chartKey: copy, chartPublishedVersion: 1 });
    // The copy is a published chart whose draft and published layout are the original's published layout.
    const original = (await call("GET", `/api/v1/charts/${f.chartKey}/published`, { key: f.sk })).body;
    expect((await call("GET", `/api/v1/charts/${copy}`, { key: f.sk })).body.publishedVersion).toEqual(expect.any(Number));
    expect((await call("GET", `/api/v1/charts/${copy}/published`, { key: f.sk })).body).toEqual(original);
    expect((await call("GET", `/api/v1/charts/${copy}/draft`, { key: f.sk })).body).toEqual(original);
    // Holds and bookings unchanged; a publish of the old chart that would remove them no longer concerns the event.
    expect((await api.status(f, "", f.sk)).body.objects.map((o: { objectLabel: string; status: string }) => [o.objectLabel, o.status])).toEqual([
      ["A-1-1", "held"],
      ["A-1-2", "booked"],
    ]);
    await setDraft(
      f.keys,
      f.chartKey,
      edited((l) => l.sections[0]!.rows[0]!.seats.splice(0, 3)),
    );
    expect((await call("GET", `/api/v1/charts/${f.chartKey}/publish-check`, { key: f.sk })).body.affected).toEqual([]);
    expect((await publish(f.keys, f.chartKey)).status).toBe(200);
    expect((await api.objects(f)).body.objects).toHaveLength(11);
    expect((await api.objects(other)).body.objects).toHaveLength(8);
    // The copy cannot be deleted while the event is on it; the old chart can once its other event is gone.
    expectError(await call("DELETE", `/api/v1/charts/${copy}`, { key: f.sk }), 409, "chart_has_events");
    expectOk(await call("DELETE", `/api/v1/events/${other.eventKey}`, { key: other.sk }));
    expectOk(await call("DELETE", `/api/v1/charts/${f.chartKey}`, { key: f.sk }));
  });

  it("moves an event of a chart never published, which stays empty", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys, { publish: false, layout: smallLayout(2) });
    const f = await newEvent({ keys, chartKey });
    const res = await call("POST", `/api/v1/events/${f.eventKey}/actions/move-to-new-chart-copy`, { key: f.sk });
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) return expectError(res, res.status);
    expect(res.body).toMatchObject({ eventKey: f.eventKey, previousChartKey: chartKey });
    expect((await api.objects(f)).body.objects).toEqual([]);
  });
});
