import { describe, expect, it } from "vitest";
import { advance, api, expectError, expectOk, freeze, ISO, newEvent, outboxEvents, pauseOutbox, statusEntry, token } from "./support/fixtures";

const ga = (holdToken: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  objectLabels: ["Floor"],
  holdToken,
  objectType: "generalAdmission",
  quantity,
  ...extra,
});

describe("general admission", () => {
  it("quantity is the token's total: repeat is a no-op, a new value resizes", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    await freeze(f);
    const t = token();
    const first = await api.hold(f, ga(t, 5));
    expect(first.status).toBe(200);
    expect(first.body.objects).toEqual([{ objectLabel: "Floor", status: "held", extraData: null, quantity: 5 }]);
    await advance(f, 1000);
    const repeat = await api.hold(f, ga(t, 5));
    expect(repeat.body.holdExpiresAt).toBe(first.body.holdExpiresAt);
    expect((await outboxEvents(f)).filter((e) => e.type === "seat.held")).toHaveLength(1);
    const resized = await api.hold(f, ga(t, 3));
    expect(resized.body.objects[0].quantity).toBe(3);
    const status = await api.status(f, `?holdToken=${t}`);
    expect(status.body.objects).toEqual([
      {
        objectLabel: "Floor",
        objectType: "generalAdmission",
        status: "free",
        categoryKey: "stalls",
        capacity: 50,
        held: 3,
        booked: 0,
        remaining: 47,
        mineQuantity: 3,
      },
    ]);
  });

  it("a resize that does not fit is 409 ga_capacity_exceeded and keeps the previous quantity", async () => {
    const f = await newEvent();
    const a = token("a");
    const b = token("b");
    await api.hold(f, ga(a, 30));
    await api.hold(f, ga(b, 10));
    expectError(await api.hold(f, ga(b, 25)), 409, "ga_capacity_exceeded");
    expect((await api.status(f, `?holdToken=${b}`)).body.objects[0]).toMatchObject({ held: 40, remaining: 10, mineQuantity: 10 });
    expect((await api.hold(f, ga(b, 20))).status).toBe(200);
    expect((await api.status(f)).body.objects[0]).toMatchObject({ status: "held", held: 50, remaining: 0 });
  });

  it("categoryKey narrows: a mismatching category is 400", async () => {
    const f = await newEvent();
    expect((await api.hold(f, ga(token(), 1, { categoryKey: "stalls" }))).status).toBe(200);
    const res = await api.hold(f, ga(token(), 1, { categoryKey: "balcony" }));
    expectError(res, 400, "validation_failed");
    expect(res.body.errors.categoryKey).toBeDefined();
  });

  it("books the token's whole held quantity; status becomes booked when bookings fill the area", async () => {
    const f = await newEvent({
      layout: {
        categories: [{ key: "ga", label: "GA", color: "#000000" }],
        sections: [],
        generalAdmission: [{ label: "Floor", categoryKey: "ga", capacity: 4 }],
      },
    });
    const t = token();
    await api.hold(f, ga(t, 4, { extraData: { order: 1 } }));
    const booked = await api.book(f, { objectLabels: ["Floor"], holdToken: t });
    expect(booked.body.objects).toEqual([{ objectLabel: "Floor", status: "booked", bookedAt: expect.any(String), extraData: { order: 1 }, quantity: 4 }]);
    const again = await api.book(f, { objectLabels: ["Floor"], holdToken: t });
    expect(again.body).toEqual(booked.body);
    expect((await api.status(f, "", f.sk)).body.objects).toEqual([
      {
        objectLabel: "Floor",
        objectType: "generalAdmission",
        status: "booked",
        categoryKey: "ga",
        capacity: 4,
        held: 0,
        booked: 4,
        remaining: 0,
        extraData: { order: 1 },
      },
    ]);
    expectError(await api.hold(f, ga(token(), 1)), 409, "ga_capacity_exceeded");
    const objects = await api.objects(f);
    expect(objects.body.objects).toEqual([
      { objectLabel: "Floor", categoryKey: "ga", objectType: "generalAdmission", capacity: 4, label: "Floor", remaining: 0 },
    ]);
  });

  it("expired GA holds free their places at holdExpiresAt", async () => {
    const f = await newEvent();
    await freeze(f);
    await api.hold(f, ga(token(), 50, { ttlSeconds: 10 }));
    expectError(await api.hold(f, ga(token(), 1)), 409, "ga_capacity_exceeded");
    await advance(f, 10_000);
    expect((await api.status(f)).body.objects).toEqual([]);
    expect((await api.hold(f, ga(token(), 50))).status).toBe(200);
  });

  it("shows no entry until something is held, and reports count places", async () => {
    const f = await newEvent();
    expect((await api.status(f)).body.objects).toEqual([]);
    await api.hold(f, ga(token(), 7));
    const report = await api.reports(f);
    expect(report.body.byStatus).toEqual({ free: 10 + 43, held: 7, booked: 0, not_for_sale: 0 });
    expect(report.body.byCategory).toContainEqual({ status: "held", categoryKey: "stalls", count: 7 });
    expect(report.body.byCategory).toContainEqual({ status: "free", categoryKey: "stalls", count: 5 + 43 });
  });

  it("shows mineQuantity only with the holding token and extraData only to secret keys; a public release with the token removes the entry", async () => {
    const f = await newEvent();
    const t = token();
    expectOk(await api.hold(f, ga(t, 4, { extraData: { who: "me" } })));
    const pub = (await api.status(f)).body.objects[0];
    expect(pub).not.toHaveProperty("mineQuantity");
    expect(pub).not.toHaveProperty("extraData");
    expect((await api.status(f, `?holdToken=${t}`)).body.objects[0].mineQuantity).toBe(4);
    expect((await api.status(f, "", f.sk)).body.objects[0].extraData).toEqual({ who: "me" });
    expectOk(await api.release(f, { holdToken: t }, f.pk));
    expect(await statusEntry(f, "Floor")).toBeUndefined();
  });

  it("derives the status: free while places remain, held when holds fill it, booked when bookings do; a secret release frees a token's booked places", async () => {
    const f = await newEvent();
    const t1 = token("one");
    const t2 = token("two");
    expectOk(await api.hold(f, ga(t1, 20)));
    expect(await statusEntry(f, "Floor")).toMatchObject({
      objectLabel: "Floor",
      objectType: "generalAdmission",
      status: "free",
      categoryKey: "stalls",
      capacity: 50,
      held: 20,
      booked: 0,
      remaining: 30,
    });
    expectOk(await api.hold(f, ga(t2, 30)));
    expect(await statusEntry(f, "Floor")).toMatchObject({ status: "held", held: 50, remaining: 0 });
    const booked = await api.book(f, { objectLabels: ["Floor"], holdToken: t1 });
    expectOk(booked);
    expect(booked.body.objects).toEqual([
      expect.objectContaining({ objectLabel: "Floor", status: "booked", quantity: 20, bookedAt: expect.stringMatching(ISO) }),
    ]);
    expect(await statusEntry(f, "Floor")).toMatchObject({ status: "held", held: 30, booked: 20, remaining: 0 });
    expectOk(await api.book(f, { objectLabels: ["Floor"], holdToken: t2 }));
    expect(await statusEntry(f, "Floor")).toMatchObject({ status: "booked", held: 0, booked: 50, remaining: 0 });
    const released = await api.release(f, { objectLabels: ["Floor"], holdToken: t1 });
    expectOk(released);
    expect(released.body.objects).toEqual([expect.objectContaining({ objectLabel: "Floor", status: "free" })]);
    expect(await statusEntry(f, "Floor")).toMatchObject({ status: "free", booked: 30, remaining: 20 });
  });

  it("refuses to book for a token that holds nothing there (409, not_held_by_token)", async () => {
    const f = await newEvent();
    const res = await api.book(f, { objectLabels: ["Floor"], holdToken: token() });
    expectError(res, 409, "seat_unavailable");
    expect(res.body.failed).toEqual([expect.objectContaining({ objectLabel: "Floor", reason: "not_held_by_token" })]);
  });
});
