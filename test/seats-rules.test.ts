import { describe, expect, it } from "vitest";
import { advance, api, call, expectError, expectOk, freeze, newEvent, smallLayout, statusEntry, token } from "./support/fixtures";

const at = (ms: number) => new Date(ms).toISOString();

describe("hold rules", () => {
  it("validates the body (400 validation_failed)", async () => {
    const f = await newEvent();
    const t = token();
    const bad: Record<string, unknown>[] = [
      { holdToken: t },
      { objectLabels: "A-1-1", holdToken: t },
      { objectLabels: [], holdToken: t },
      { objectLabels: Array.from({ length: 201 }, (_, i) => `A-1-${i}`), holdToken: t },
      { objectLabels: ["A-1-1"] },
      { objectLabels: ["A-1-1"], holdToken: "short" },
      { objectLabels: ["A-1-1"], holdToken: "1234567" },
      { objectLabels: ["A-1-1"], holdToken: 12345678 },
      { objectLabels: ["A-1-1"], holdToken: "x".repeat(256) },
      { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: 0 },
      { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: -5 },
      { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: 86_401 },
      { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: "60" },
      { objectLabels: ["A-1-1"], holdToken: t, extraData: "x" },
      { objectLabels: ["A-1-1"], holdToken: t, extraData: [1] },
      // Rule 1: GA fields only on a one-element array.
      { objectLabels: ["Floor", "A-1-1"], holdToken: t, objectType: "generalAdmission", quantity: 1 },
      { objectLabels: ["A-1-2", "A-1-1"], holdToken: t, quantity: 1 },
      { objectLabels: ["A-1-2", "A-1-1"], holdToken: t, categoryKey: "stalls" },
      // Rule 2: a GA area without objectType, and a GA hold without a non-zero quantity.
      { objectLabels: ["Floor"], holdToken: t },
      { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission" },
      { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 0 },
      { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: -1 },
      { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 1.5 },
      { objectLabels: ["Floor"], holdToken: t, quantity: 2 },
      // Rule 3: above the total capacity (50).
      { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 51 },
      // objectType generalAdmission on a seat.
      { objectLabels: ["A-1-1"], holdToken: t, objectType: "generalAdmission", quantity: 1 },
      { objectLabels: ["A-1-1"], holdToken: t, objectType: "table" },
      { objectLabels: ["A-1-1"], holdToken: t, quantity: 1 },
    ];
    for (const body of bad) expectError(await api.hold(f, body), 400, "validation_failed");
    expectError(
      await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, { key: f.pk, rawBody: "{nope", headers: { "Content-Type": "application/json" } }),
      400,
      "validation_failed",
    );
    expect((await api.status(f)).body.objects).toEqual([]);
  });

  it("accepts the limits themselves: 200 labels, an 8-character token, a GA quantity of the whole capacity", async () => {
    const f = await newEvent({ layout: smallLayout(201) });
    const two00 = await api.hold(f, { objectLabels: Array.from({ length: 200 }, (_, i) => `A-1-${i + 1}`), holdToken: token() });
    expectOk(two00);
    expect(two00.body.objects).toHaveLength(200);
    expectOk(await api.hold(f, { objectLabels: ["A-1-201"], holdToken: "12345678" }));
    expectOk(await api.hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 50, holdToken: token() }));
  });

  it("defaults ttlSeconds to 900", async () => {
    const f = await newEvent();
    const t0 = await freeze(f);
    const res = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expect(res.body.holdExpiresAt).toBe(new Date(t0 + 900_000).toISOString());
  });

  it("refuses not-for-sale and booked seats with their reasons (rule 4)", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    await api.book(f, { objectLabels: ["A-1-1"], holdToken: t });
    await api.notForSale(f, { objectLabels: ["A-1-2"] });
    const res = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: token() });
    expectError(res, 409, "seat_unavailable");
    expect(JSON.stringify(res.body)).not.toContain(t);
    expect(await statusEntry(f, "A-1-3")).toBeUndefined();
    expect(res.body.failed).toEqual([
      { objectLabel: "A-1-1", reason: "booked" },
      { objectLabel: "A-1-2", reason: "not_for_sale" },
    ]);
    // The booking token holding its own booked seat again is not a retry either.
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t })).body.failed).toEqual([{ objectLabel: "A-1-1", reason: "booked" }]);
  });
});

describe("book rules", () => {
  it("is atomic: one seat not held by the token fails the batch and books nothing", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token("other") });
    const res = await api.book(f, { objectLabels: ["A-1-1", "A-1-2", "A-1-3", "zzz"], holdToken: t });
    expectError(res, 409, "seat_unavailable");
    expect(JSON.stringify(res.body)).not.toContain(t);
    expect(res.body.failed).toEqual([
      { objectLabel: "A-1-2", reason: "not_held_by_token" },
      { objectLabel: "A-1-3", reason: "not_held_by_token" },
      { objectLabel: "zzz", reason: "unknown_label" },
    ]);
    const status = await api.status(f, "", f.sk);
    expect(status.body.objects.every((o: { status: string }) => o.status === "held")).toBe(true);
  });

  it("refuses an expired hold", async () => {
    const f = await newEvent();
    await freeze(f);
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: 5 });
    await advance(f, 5000);
    const res = await api.book(f, { objectLabels: ["A-1-1"], holdToken: t });
    expectError(res, 409, "seat_unavailable");
    expect(res.body.failed).toEqual([{ objectLabel: "A-1-1", reason: "not_held_by_token" }]);
  });

  it("is secret-only", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    expectError(await api.book(f, { objectLabels: ["A-1-1"], holdToken: t }, f.pk), 403, "public_key_not_allowed");
  });
});

describe("release rules", () => {
  it("a public key needs the token and frees only held rows under it", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token("other") });
    await api.book(f, { objectLabels: ["A-1-2"], holdToken: t });
    expectError(await api.release(f, { objectLabels: ["A-1-1"] }, f.pk), 400, "validation_failed");
    expectError(await api.release(f, {}, f.pk), 400, "validation_failed");
    // Someone else's hold alone: nothing to free (whether that is 200 or 409), and it stays held.
    const foreign = await api.release(f, { objectLabels: ["A-1-3"], holdToken: t }, f.pk);
    expect([200, 409]).toContain(foreign.status);
    if (foreign.status === 409) expectError(foreign, 409);
    const res = await api.release(f, { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: t }, f.pk);
    expect(res.body.objects).toEqual([{ objectLabel: "A-1-1", status: "free" }]);
    const status = await api.status(f);
    expect(status.body.objects.map((o: { objectLabel: string; status: string }) => [o.objectLabel, o.status])).toEqual([
      ["A-1-2", "booked"],
      ["A-1-3", "held"],
    ]);
  });

  it("without labels releases everything the token holds; a secret key frees booked rows too", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    await api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 4 });
    await api.book(f, { objectLabels: ["A-1-2"], holdToken: t });
    const pub = await api.release(f, { holdToken: t }, f.pk);
    expect(pub.body.objects).toEqual([
      { objectLabel: "A-1-1", status: "free" },
      { objectLabel: "Floor", status: "free", quantity: 4 },
    ]);
    expect((await api.release(f, { holdToken: t })).body.objects).toEqual([{ objectLabel: "A-1-2", status: "free" }]);
    expectError(await api.release(f, {}), 400, "validation_failed");
  });

  it("a secret key releases named labels without a token and lists what it freed", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: t });
    const res = await api.release(f, { objectLabels: ["A-1-1", "A-1-2"] });
    expectOk(res);
    expect(res.body).toEqual({
      eventKey: f.eventKey,
      objects: [
        { objectLabel: "A-1-1", status: "free" },
        { objectLabel: "A-1-2", status: "free" },
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain(t);
    expect((await statusEntry(f, "A-1-3"))?.status).toBe("held");
  });
});

describe("extend", () => {
  it("moves live holds of the token to now + ttl; nothing live is 409", async () => {
    const f = await newEvent();
    const t0 = await freeze(f);
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, ttlSeconds: 60 });
    await advance(f, 30_000);
    const res = await api.extend(f, { holdToken: t, ttlSeconds: 600 });
    expectOk(res);
    expect(res.body).toMatchObject({ eventKey: f.eventKey, chartKey: f.chartKey, holdToken: t, holdExpiresAt: at(t0 + 30_000 + 600_000) });
    expect(res.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["A-1-1", "A-1-2"]);
    await advance(f, 60_000);
    expect((await api.status(f)).body.objects).toHaveLength(2);
    const named = await api.extend(f, { holdToken: t, objectLabels: ["A-1-1", "A-1-3"] });
    expectError(named, 409, "seat_unavailable");
    expect(named.body.failed).toEqual([{ objectLabel: "A-1-3", reason: "not_held_by_token" }]);
    expectError(await api.extend(f, { holdToken: token("nobody") }), 409, "seat_unavailable");
  });

  it("extends GA holds too, only the named labels when given, 900 s by default; booked seats are not live holds", async () => {
    const f = await newEvent();
    const t0 = await freeze(f);
    const t = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, ttlSeconds: 30 }));
    expectOk(await api.hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 3, holdToken: t, ttlSeconds: 30 }));
    const all = await api.extend(f, { holdToken: t, ttlSeconds: 300 });
    expectOk(all);
    expect(all.body).toMatchObject({ chartKey: f.chartKey, eventKey: f.eventKey, holdToken: t, holdExpiresAt: at(t0 + 300_000) });
    expect(all.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["A-1-1", "A-1-2", "Floor"]);
    for (const o of all.body.objects) expect(o).toMatchObject({ status: "held", extraData: null });
    expect((await statusEntry(f, "A-1-1"))?.holdExpiresAt).toBe(at(t0 + 300_000));
    const named = await api.extend(f, { holdToken: t, objectLabels: ["A-1-1"] });
    expectOk(named);
    expect(named.body).toMatchObject({ holdExpiresAt: at(t0 + 900_000), objects: [expect.objectContaining({ objectLabel: "A-1-1", status: "held" })] });
    expect(named.body.objects).toHaveLength(1);
    expect((await statusEntry(f, "A-1-2"))?.holdExpiresAt).toBe(at(t0 + 300_000));
    expectError(await api.extend(f, { holdToken: t, ttlSeconds: 0 }), 400, "validation_failed");
    expectError(await api.extend(f, {}), 400, "validation_failed");
    expectOk(await api.book(f, { objectLabels: ["A-1-1", "A-1-2", "Floor"], holdToken: t }));
    expectError(await api.extend(f, { holdToken: t }), 409, "seat_unavailable");
  });
});

describe("not for sale", () => {
  it("marks only free seats, all or nothing, and returns them to sale", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    const refused = await api.notForSale(f, { objectLabels: ["A-1-1", "A-1-2"] });
    expectError(refused, 409, "seat_unavailable");
    expect(refused.body.failed).toEqual([{ objectLabel: "A-1-1", reason: "held" }]);
    expect(await statusEntry(f, "A-1-2")).toBeUndefined();
    const ok = await api.notForSale(f, { objectLabels: ["A-1-2"] });
    expect(ok.body).toEqual({ eventKey: f.eventKey, objects: [{ objectLabel: "A-1-2", status: "not_for_sale" }] });
    expect((await api.status(f)).body.objects).toContainEqual({ objectLabel: "A-1-2", objectType: "seat", status: "not_for_sale", categoryKey: "balcony" });
    const held = await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() });
    expectError(held, 409, "seat_unavailable");
    expect(held.body.failed).toEqual([{ objectLabel: "A-1-2", reason: "not_for_sale" }]);
    expectError(await api.book(f, { objectLabels: ["A-1-2"], holdToken: token() }), 409, "seat_unavailable");
    // for-sale returns it to sale.
    const back = await api.forSale(f, { objectLabels: ["A-1-2"] });
    expect(back.body.objects).toEqual([{ objectLabel: "A-1-2", status: "free" }]);
    expect(await statusEntry(f, "A-1-2")).toBeUndefined();
    expectOk(await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() }));
  });

  it.each([
    ["no labels", {}],
    ["empty labels", { objectLabels: [] }],
  ])("refuses %s with 400", async (_what, body) => {
    const f = await newEvent();
    expectError(await api.notForSale(f, body), 400, "validation_failed");
  });
});
