import { describe, expect, it } from "vitest";
import { api, call, expectError, expectOk, newEvent, smallLayout, statusEntry, token } from "./support/fixtures";

describe("status rules", () => {
  it("lists only non-free objects; labels and holdToken narrow and flag but never add", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, extraData: { seat: "x" } });
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token("other") });
    const all = await api.status(f);
    expect(all.body.eventKey).toBe(f.eventKey);
    expect(all.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["A-1-1", "A-1-2", "A-1-3"]);
    // Rule 1 and 4: free labels named in `labels` stay absent.
    const narrowed = await api.status(f, "?labels=A-1-1,A-1-5,A-1-3");
    expect(narrowed.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["A-1-1", "A-1-3"]);
    // mine only for the token's live holds.
    const mine = await api.status(f, `?holdToken=${t}`);
    expect(mine.body.objects.map((o: { mine?: boolean }) => o.mine)).toEqual([true, true, undefined]);
    // Rule 3: a token that matches nothing adds no flags.
    const nobody = await api.status(f, `?holdToken=${token("nobody")}`);
    expect(nobody.body.objects.some((o: object) => "mine" in o)).toBe(false);
    // extraData only for secret keys; tokens never.
    expect(all.body.objects[0]).toEqual({ objectLabel: "A-1-1", objectType: "seat", status: "held", categoryKey: "stalls", holdExpiresAt: expect.any(String) });
    const secret = await api.status(f, "", f.sk);
    expect(secret.body.objects[0].extraData).toEqual({ seat: "x" });
    expect(JSON.stringify(secret.body)).not.toContain(t);
    expect(JSON.stringify(mine.body)).not.toContain(t);
  });

  it("validates its query (holdToken <= 255, labels <= 200)", async () => {
    const f = await newEvent();
    const labels = (n: number) => Array.from({ length: n }, (_, i) => `L${i}`).join(",");
    expectError(await api.status(f, `?holdToken=${"x".repeat(256)}`), 400, "validation_failed");
    expectOk(await api.status(f, `?holdToken=${"x".repeat(255)}`));
    expectError(await api.status(f, `?labels=${labels(201)}`), 400, "validation_failed");
    expectOk(await api.status(f, `?labels=${labels(200)}`));
  });

  it("takes each object's category from the published chart (rule 5), not from the draft", async () => {
    const f = await newEvent();
    expectOk(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() }));
    expect((await statusEntry(f, "A-1-1"))?.categoryKey).toBe("stalls");
    const layout = smallLayout();
    layout.sections[0]!.rows[0]!.seats[0]!.categoryKey = "balcony";
    expectOk(await call("PATCH", `/api/v1/charts/${f.chartKey}`, { key: f.sk, body: { draftVersion: layout } }));
    expect((await statusEntry(f, "A-1-1"))?.categoryKey).toBe("stalls");
    expectOk(await call("POST", `/api/v1/charts/${f.chartKey}/publish?force=true`, { key: f.sk }));
    expect((await statusEntry(f, "A-1-1"))?.categoryKey).toBe("balcony");
  });
});

describe("objects and reports", () => {
  it("lists every object with sections and categories, filtered by labels", async () => {
    const f = await newEvent();
    const res = await api.objects(f);
    expect(res.body.categories).toEqual([
      { key: "stalls", label: "Stalls", color: "#4f7cff" },
      { key: "balcony", label: "Balcony", color: "#ff7c4f" },
    ]);
    expect(res.body.objects).toHaveLength(11);
    expect(res.body.objects[0]).toEqual({
      objectLabel: "A-1-1",
      categoryKey: "stalls",
      objectType: "seat",
      sectionKey: "A",
      sectionLabel: "Section A",
      rowLabel: "1",
      x: 0,
      y: 0,
    });
    expect(res.body.objects[10]).toEqual({
      objectLabel: "Floor",
      categoryKey: "stalls",
      objectType: "generalAdmission",
      capacity: 50,
      label: "Floor",
      remaining: 50,
    });
    const some = await api.objects(f, "?labels=A-1-2,Floor,nope");
    expect(some.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["A-1-2", "Floor"]);
  });

  it("reports counts by status and by category", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: t });
    await api.book(f, { objectLabels: ["A-1-1"], holdToken: t });
    await api.notForSale(f, { objectLabels: ["A-1-10"] });
    const res = await api.reports(f);
    expect(res.body.eventKey).toBe(f.eventKey);
    expect(res.body.byStatus).toEqual({ free: 6 + 50, held: 2, booked: 1, not_for_sale: 1 });
    // Every (status, category) pair with a count; GA places count one by one.
    expect(res.body.byCategory.filter((e: { count: number }) => e.count > 0)).toEqual(
      expect.arrayContaining([
        { status: "booked", categoryKey: "stalls", count: 1 },
        { status: "held", categoryKey: "stalls", count: 1 },
        { status: "held", categoryKey: "balcony", count: 1 },
        { status: "not_for_sale", categoryKey: "balcony", count: 1 },
        { status: "free", categoryKey: "balcony", count: 3 },
        { status: "free", categoryKey: "stalls", count: 3 + 50 },
      ]),
    );
    expect(res.body.byCategory.filter((e: { count: number }) => e.count > 0)).toHaveLength(6);
  });

  it("an unpublished chart gives 200 with empty arrays, and holds are refused as unknown", async () => {
    const f = await newEvent();
    expect((await call("POST", `/api/v1/charts/${f.chartKey}/unpublish`, { key: f.keys.skTest })).status).toBe(200);
    expect((await api.objects(f)).body).toEqual({ eventKey: f.eventKey, categories: [], objects: [] });
    expect((await api.status(f)).body).toEqual({ eventKey: f.eventKey, seq: 0, objects: [] });
    expect((await call("GET", `/api/v1/events/${f.eventKey}`, { key: f.pk })).body.chartPublishedVersion).toBeNull();
    const res = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expectError(res, 409, "seat_unavailable");
    expect(res.body.failed).toEqual([{ objectLabel: "A-1-1", reason: "unknown_label" }]);
  });
});
