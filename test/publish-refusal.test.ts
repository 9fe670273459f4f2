import { describe, expect, it } from "vitest";
import { api, call, type EventFixture, expectError, expectOk, newChart, newEvent, newWorkspace, smallLayout, token } from "./support/fixtures";

/**
 * Publish rules 2 and 3 against reservations of both environments, GA areas with held and booked
 * places included: publish-check lists what a draft would break, a publish without force refuses
 * with the same list and changes nothing, `force=true` publishes and keeps every reservation.
 */

/** A chart with a production and a sandbox event. Production: A-1-1 booked, A-1-2 held, Floor 3 booked + 5 held. Sandbox: A-1-3 held. */
async function reserved() {
  const keys = await newWorkspace();
  const chartKey = await newChart(keys);
  const prod = await newEvent({ keys, chartKey, environment: "production" });
  const sand = await newEvent({ keys, chartKey, environment: "sandbox" });
  const t = token();
  expectOk(await api.hold(prod, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
  expectOk(await api.book(prod, { objectLabels: ["A-1-1"], holdToken: t }));
  const floor = token();
  expectOk(await api.hold(prod, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 3, holdToken: floor }));
  expectOk(await api.book(prod, { objectLabels: ["Floor"], holdToken: floor }));
  expectOk(await api.hold(prod, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 5, holdToken: token() }));
  expectOk(await api.hold(sand, { objectLabels: ["A-1-3"], holdToken: token() }));
  return { keys, chartKey, prod, sand };
}

const entry = (f: EventFixture, objectLabel: string, reason: string, booked: number, held: number) => ({
  eventKey: f.eventKey,
  environment: f.environment,
  objectLabel,
  reason,
  booked,
  held,
});

const setDraft = async (r: Awaited<ReturnType<typeof reserved>>, draftVersion: unknown) =>
  expectOk(await call("PATCH", `/api/v1/charts/${r.chartKey}`, { key: r.keys.skLive, body: { draftVersion } }));

/** publish-check lists exactly `expected`; a publish without force is refused with the same list. */
async function expectRefused(r: Awaited<ReturnType<typeof reserved>>, expected: ReturnType<typeof entry>[]) {
  const check = await call("GET", `/api/v1/charts/${r.chartKey}/publish-check`, { key: r.keys.skTest });
  expectOk(check);
  expect(check.body.chartKey).toBe(r.chartKey);
  expect(check.body.affected).toHaveLength(expected.length);
  expect(check.body.affected).toEqual(expect.arrayContaining(expected));
  const pub = await call("POST", `/api/v1/charts/${r.chartKey}/publish`, { key: r.keys.skLive });
  expectError(pub, 409, "publish_affects_reservations");
  expect(pub.body.failed).toHaveLength(expected.length);
  expect(pub.body.failed).toEqual(expect.arrayContaining(expected));
}

describe("publish-check and refusal", () => {
  it("lists removed seats and GA areas with their booked and held counts, in both environments; the refusal changes nothing", async () => {
    const r = await reserved();
    await setDraft(r, { categories: smallLayout().categories, sections: [], generalAdmission: [] });
    await expectRefused(r, [
      entry(r.prod, "A-1-1", "removed", 1, 0),
      entry(r.prod, "A-1-2", "removed", 0, 1),
      entry(r.prod, "Floor", "removed", 3, 5),
      entry(r.sand, "A-1-3", "removed", 0, 1),
    ]);
    expect((await call("GET", `/api/v1/charts/${r.chartKey}`, { key: r.keys.skLive })).body.publishedVersion).toBe(1);
    expect((await api.objects(r.prod)).body.objects).toHaveLength(11);
  });

  it("gives the reasons object_type_changed, category_changed and capacity_below_reserved (booked and held together)", async () => {
    const r = await reserved();
    const base = smallLayout();
    const seats = base.sections[0]!.rows[0]!.seats.filter((s) => !["A-1-1", "A-1-3"].includes(s.label));
    const a12 = seats.find((s) => s.label === "A-1-2")!;
    a12.categoryKey = a12.categoryKey === "stalls" ? "balcony" : "stalls";
    await setDraft(r, {
      categories: base.categories,
      sections: [{ ...base.sections[0], rows: [{ label: "1", seats }] }],
      generalAdmission: [
        // 7 places for 3 booked + 5 held.
        { label: "Floor", categoryKey: "stalls", capacity: 7 },
        { label: "A-1-1", categoryKey: "stalls", capacity: 10 },
        { label: "A-1-3", categoryKey: "stalls", capacity: 10 },
      ],
    });
    await expectRefused(r, [
      entry(r.prod, "A-1-1", "object_type_changed", 1, 0),
      entry(r.prod, "A-1-2", "category_changed", 0, 1),
      entry(r.prod, "Floor", "capacity_below_reserved", 3, 5),
      entry(r.sand, "A-1-3", "object_type_changed", 0, 1),
    ]);
  });

  it("finds nothing in a safe draft, a GA area shrunk to exactly its booked and held places included, which publishes", async () => {
    const r = await reserved();
    await setDraft(r, smallLayout(12, 8));
    expect((await call("GET", `/api/v1/charts/${r.chartKey}/publish-check`, { key: r.keys.skLive })).body).toEqual({ chartKey: r.chartKey, affected: [] });
    expectOk(await call("POST", `/api/v1/charts/${r.chartKey}/publish`, { key: r.keys.skLive }));
  });

  it("leaves out events of other charts and other workspaces", async () => {
    const r = await reserved();
    const stranger = await newEvent({ environment: "production" });
    expectOk(await api.hold(stranger, { objectLabels: ["A-1-5"], holdToken: token() }));
    await setDraft(r, smallLayout(4));
    expect((await call("GET", `/api/v1/charts/${r.chartKey}/publish-check`, { key: r.keys.skLive })).body.affected).toEqual([]);
  });
});

describe("force and concurrency", () => {
  it("force=true publishes anyway and keeps holds and bookings, GA places included", async () => {
    const r = await reserved();
    await setDraft(r, { categories: smallLayout().categories, sections: [], generalAdmission: [] });
    const pub = await call("POST", `/api/v1/charts/${r.chartKey}/publish?force=true`, { key: r.keys.skLive });
    expectOk(pub);
    expect(pub.body.publishedVersion).toBe(2);
    // Publishing the original layout again shows the reservations where they were.
    await setDraft(r, smallLayout());
    expectOk(await call("POST", `/api/v1/charts/${r.chartKey}/publish?force=true`, { key: r.keys.skLive }));
    const byLabel = Object.fromEntries((await api.status(r.prod, "", r.prod.sk)).body.objects.map((o: { objectLabel: string }) => [o.objectLabel, o]));
    expect(byLabel["A-1-1"]?.status).toBe("booked");
    expect(byLabel["A-1-2"]?.status).toBe("held");
    expect(byLabel["Floor"]).toMatchObject({ held: 5, booked: 3 });
    expect((await api.status(r.sand, "", r.sand.sk)).body.objects).toEqual([expect.objectContaining({ objectLabel: "A-1-3", status: "held" })]);
  });

  it("concurrent publishes of one chart never answer 500, and one of them publishes", async () => {
    const r = await reserved();
    await setDraft(r, smallLayout(12));
    const results = await Promise.all([1, 2, 3, 4].map(() => call("POST", `/api/v1/charts/${r.chartKey}/publish`, { key: r.keys.skLive })));
    for (const res of results) {
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      if (res.status !== 200) expectError(res, res.status);
    }
    expect(results.some((x) => x.status === 200)).toBe(true);
  });
});
