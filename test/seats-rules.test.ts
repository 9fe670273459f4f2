import { describe, expect, it } from "vitest";
import { advance, api, call, expectError, freeze, newEvent, token } from "./support/fixtures";

describe("hold rules", () => {
  it("validates the body (400 validation_failed)", async () => {
    const f = await newEvent();
    const t = token();
    const bad: Record<string, unknown>[] = [
      { objectLabels: [], holdToken: t },
      { objectLabels: Array.from({ length: 201 }, (_, i) => `A-1-${i}`), holdToken: t },
      { objectLabels: ["A-1-1"] },
      { objectLabels: ["A-1-1"], holdToken: "short" },
      { objectLabels: ["A-1-1"], holdToken: "x".repeat(256) },
      { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: 0 },
      { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: -5 },
      { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: 86_401 },
      // Rule 1: GA fields only on a one-element array.
      { objectLabels: ["Floor", "A-1-1"], holdToken: t, objectType: "generalAdmission", quantity: 1 },
      // Rule 2: a GA area without objectType, and a GA hold without a non-zero quantity.
      { objectLabels: ["Floor"], holdToken: t },
      { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission" },
      { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 0 },
      { objectLabels: ["Floor"], holdToken: t, quantity: 2 },
      // Rule 3: above the total capacity (50).
      { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 51 },
      // objectType generalAdmission on a seat.
      { objectLabels: ["A-1-1"], holdToken: t, objectType: "generalAdmission", quantity: 1 },
      { objectLabels: ["A-1-1"], holdToken: t, objectType: "table" },
    ];
    for (const body of bad) {
      const res = await api.hold(f, body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body.code).toBe("validation_failed");
    }
    expect(
      (await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, { key: f.pk, rawBody: "{nope", headers: { "Content-Type": "application/json" } })).status,
    ).toBe(400);
    expect((await api.status(f)).body.objects).toEqual([]);
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
    await call("POST", `/api/v1/events/${f.eventKey}/seats/not-for-sale`, { key: f.sk, body: { objectLabels: ["A-1-2"] } });
    const res = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: token() });
    expect(res.status).toBe(409);
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
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("seat_unavailable");
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
    expect((await api.book(f, { objectLabels: ["A-1-1"], holdToken: t })).body.failed).toEqual([{ objectLabel: "A-1-1", reason: "not_held_by_token" }]);
  });

  it("is secret-only", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    const res = await api.book(f, { objectLabels: ["A-1-1"], holdToken: t }, f.pk);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("public_key_not_allowed");
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
    expect([200, 409]).toContain((await api.release(f, { objectLabels: ["A-1-3"], holdToken: t }, f.pk)).status);
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
    expect((await api.release(f, {})).status).toBe(400);
  });
});

describe("extend (contract §4)", () => {
  it("moves live holds of the token to now + ttl; nothing live is 409", async () => {
    const f = await newEvent();
    const t0 = await freeze(f);
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, ttlSeconds: 60 });
    await advance(f, 30_000);
    const res = await api.extend(f, { holdToken: t, ttlSeconds: 600 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eventKey: f.eventKey, chartKey: f.chartKey, holdToken: t, holdExpiresAt: new Date(t0 + 30_000 + 600_000).toISOString() });
    expect(res.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["A-1-1", "A-1-2"]);
    await advance(f, 60_000);
    expect((await api.status(f)).body.objects).toHaveLength(2);
    const named = await api.extend(f, { holdToken: t, objectLabels: ["A-1-1", "A-1-3"] });
    expect(named.status).toBe(409);
    expect(named.body.failed).toEqual([{ objectLabel: "A-1-3", reason: "not_held_by_token" }]);
    const none = await api.extend(f, { holdToken: token("nobody") });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe("seat_unavailable");
  });
});

describe("not for sale", () => {
  it("marks only free seats and returns them to sale", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    const refused = await call("POST", `/api/v1/events/${f.eventKey}/seats/not-for-sale`, { key: f.sk, body: { objectLabels: ["A-1-1", "A-1-2"] } });
    expect(refused.status).toBe(409);
    expect(refused.body.failed).toEqual([{ objectLabel: "A-1-1", reason: "held" }]);
    const ok = await call("POST", `/api/v1/events/${f.eventKey}/seats/not-for-sale`, { key: f.sk, body: { objectLabels: ["A-1-2"] } });
    expect(ok.body).toEqual({ eventKey: f.eventKey, objects: [{ objectLabel: "A-1-2", status: "not_for_sale" }] });
    expect((await api.status(f)).body.objects).toContainEqual({ objectLabel: "A-1-2", objectType: "seat", status: "not_for_sale", categoryKey: "balcony" });
    expect((await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() })).body.failed).toEqual([{ objectLabel: "A-1-2", reason: "not_for_sale" }]);
    // A public release never frees a not-for-sale seat; for-sale does.
    const back = await call("POST", `/api/v1/events/${f.eventKey}/seats/for-sale`, { key: f.sk, body: { objectLabels: ["A-1-2"] } });
    expect(back.body.objects).toEqual([{ objectLabel: "A-1-2", status: "free" }]);
    expect((await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() })).status).toBe(200);
  });
});
