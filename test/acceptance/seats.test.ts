/**
 * interface.md "States and transitions" (row by row), hold rules 1-8, GA rules, status rules 1-6,
 * objects and reports responses, and contract §4 (book, extend, release, reset, not-for-sale,
 * failed[] reasons), checked from outside.
 */
import { describe, expect, it } from "vitest";
import { act, call, entryOf, expectError, expectOk, ISO, mkChart, mkEvent, newWorkspace, sleep, smallLayout, tok, world, type World } from "./fixtures";

const near = (iso: string, ms: number, slack = 5000) => Math.abs(Date.parse(iso) - ms) < slack;

function expectHoldShape(w: World, body: Record<string, unknown>, token: string, labels: string[]): void {
  expect(Object.keys(body)).toEqual(expect.arrayContaining(["chartKey", "eventKey", "holdToken", "holdExpiresAt", "objects"]));
  expect(body).toMatchObject({ chartKey: w.chartKey, eventKey: w.eventKey, holdToken: token });
  expect(body.holdExpiresAt).toMatch(ISO);
  const objects = body.objects as Record<string, unknown>[];
  expect(Array.isArray(objects)).toBe(true);
  expect(objects.map((o) => o.objectLabel).sort()).toEqual([...labels].sort());
  for (const o of objects) {
    expect(o).toHaveProperty("objectLabel");
    expect(o.status).toBe("held");
    expect(o, JSON.stringify(o)).toHaveProperty("extraData");
  }
}

async function statusMap(w: World, key = w.sk): Promise<Record<string, Record<string, unknown>>> {
  const res = await act.status(w, "", key);
  expectOk(res);
  return Object.fromEntries((res.body.objects as Record<string, unknown>[]).map((o) => [o.objectLabel as string, o]));
}

describe("transition table, row by row", () => {
  it("free -> held: POST seats/hold; expiry = now + ttlSeconds; hold response shape (rule 8)", async () => {
    const w = await world();
    const t = tok();
    const before = Date.now();
    const res = await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: 120 });
    expectOk(res);
    expectHoldShape(w, res.body, t, ["A-1-1"]);
    expect(near(res.body.holdExpiresAt, before + 120_000)).toBe(true);
    const e = await entryOf(w, "A-1-1");
    expect(e).toMatchObject({ objectLabel: "A-1-1", objectType: "seat", status: "held" });
    expect(e!.holdExpiresAt).toBe(res.body.holdExpiresAt);
    // ttlSeconds defaults to 900.
    const d = await act.hold(w, { objectLabels: ["A-1-2"], holdToken: tok() });
    expect(near(d.body.holdExpiresAt, Date.now() + 900_000)).toBe(true);
  });

  it("held by T -> held: retry with the same token, no 409, expiry unchanged (rule 5); mixed retry gives earliest expiry (rule 6)", async () => {
    const w = await world();
    const t = tok();
    const first = await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: 60 });
    await sleep(20);
    const again = await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: 600 });
    expectOk(again);
    expect(again.body.holdExpiresAt).toBe(first.body.holdExpiresAt);
    const mixed = await act.hold(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, ttlSeconds: 600 });
    expectOk(mixed);
    expectHoldShape(w, mixed.body, t, ["A-1-1", "A-1-2"]);
    expect(mixed.body.holdExpiresAt).toBe(first.body.holdExpiresAt);
    const st = await statusMap(w);
    expect(st["A-1-1"]!.holdExpiresAt).toBe(first.body.holdExpiresAt);
    expect(Date.parse(st["A-1-2"]!.holdExpiresAt as string)).toBeGreaterThan(Date.parse(first.body.holdExpiresAt));
  });

  it("held (expired) -> held (new token): takeover once holdExpiresAt has passed; expired counts as free everywhere", async () => {
    const w = await world();
    const t1 = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t1, ttlSeconds: 1 }));
    expectError(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: tok() }), 409, "seat_unavailable", "before expiry");
    await sleep(1200);
    // Free for reads at once (no entry), whether or not a sweep ran.
    expect(await entryOf(w, "A-1-1")).toBeUndefined();
    // The expired token cannot book.
    const b = await act.book(w, { objectLabels: ["A-1-1"], holdToken: t1 });
    expectError(b, 409, "seat_unavailable");
    expect(b.body.failed).toEqual([expect.objectContaining({ objectLabel: "A-1-1", reason: "not_held_by_token" })]);
    const t2 = tok();
    const take = await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t2 });
    expectOk(take);
    expect((await act.status(w, `?holdToken=${t2}`)).body.objects[0]).toMatchObject({ objectLabel: "A-1-1", mine: true });
  });

  it("held -> booked: POST seats/book with the secret key; response { eventKey, objects: [{ objectLabel, status: booked, bookedAt, extraData }] }", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, extraData: { order: 7 } }));
    const res = await act.book(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    expectOk(res);
    expect(res.body.eventKey).toBe(w.eventKey);
    expect(res.body.objects).toHaveLength(2);
    for (const o of res.body.objects) {
      expect(o).toMatchObject({ status: "booked", extraData: { order: 7 } });
      expect(o.bookedAt).toMatch(ISO);
    }
    expect(JSON.stringify(res.body)).not.toContain(t);
    const st = await statusMap(w);
    expect(st["A-1-1"]!.status).toBe("booked");
    expect(st["A-1-2"]!.status).toBe("booked");
  });

  it("booked -> booked: retry returns it unchanged with the same bookedAt; a mix books the held ones and returns all", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
    const b1 = await act.book(w, { objectLabels: ["A-1-1"], holdToken: t });
    await sleep(15);
    const b2 = await act.book(w, { objectLabels: ["A-1-1"], holdToken: t });
    expectOk(b2);
    expect(b2.body.objects[0].bookedAt).toBe(b1.body.objects[0].bookedAt);
    const mix = await act.book(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    expectOk(mix);
    const byLabel = Object.fromEntries(mix.body.objects.map((o: { objectLabel: string }) => [o.objectLabel, o]));
    expect(byLabel["A-1-1"].bookedAt).toBe(b1.body.objects[0].bookedAt);
    expect(byLabel["A-1-2"].status).toBe("booked");
  });

  it("book is atomic: any seat not held by the token -> 409 seat_unavailable, nothing booked, failed[] reasons", async () => {
    const w = await world();
    const t = tok();
    const other = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t }));
    expectOk(await act.hold(w, { objectLabels: ["A-1-2"], holdToken: other }));
    const res = await act.book(w, { objectLabels: ["A-1-1", "A-1-2", "A-1-3", "Z-9"], holdToken: t });
    expectError(res, 409, "seat_unavailable");
    const reasons = Object.fromEntries(res.body.failed.map((f: { objectLabel: string; reason: string }) => [f.objectLabel, f.reason]));
    expect(Object.keys(reasons).sort()).toEqual(["A-1-2", "A-1-3", "Z-9"]);
    expect(reasons["A-1-2"]).toBe("not_held_by_token");
    expect(reasons["A-1-3"]).toBe("not_held_by_token");
    expect(reasons["Z-9"]).toBe("unknown_label");
    expect(JSON.stringify(res.body)).not.toContain(t);
    expect((await entryOf(w, "A-1-1"))!.status).toBe("held");
  });

  it("held -> free: release with the holdToken (public or secret); response { eventKey, objects: [{ objectLabel, status: free }] }", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
    const r = await act.release(w, { objectLabels: ["A-1-1"], holdToken: t }, w.pk);
    expectOk(r);
    expect(r.body).toEqual({ eventKey: w.eventKey, objects: [{ objectLabel: "A-1-1", status: "free" }] });
    expect(await entryOf(w, "A-1-1")).toBeUndefined();
    // Without objectLabels: everything the token holds on the event.
    const r2 = await act.release(w, { holdToken: t }, w.sk);
    expectOk(r2);
    expect(r2.body.objects).toEqual([{ objectLabel: "A-1-2", status: "free" }]);
    expect((await act.status(w, "", w.sk)).body.objects).toEqual([]);
  });

  it("held -> free: release without a holdToken (secret key) frees any held seat", async () => {
    const w = await world();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: tok() }));
    const r = await act.release(w, { objectLabels: ["A-1-1"] }, w.sk);
    expectOk(r);
    expect(r.body.objects).toEqual([{ objectLabel: "A-1-1", status: "free" }]);
    expect(await entryOf(w, "A-1-1")).toBeUndefined();
  });

  it("booked -> free: release by the secret key with the token or without one; the public key never frees booked", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
    expectOk(await act.book(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
    const p = await act.release(w, { objectLabels: ["A-1-1"], holdToken: t }, w.pk);
    expect(p.status).toBeLessThan(500);
    expect((await entryOf(w, "A-1-1"))!.status).toBe("booked");
    expectOk(await act.release(w, { objectLabels: ["A-1-1"], holdToken: t }, w.sk));
    expectOk(await act.release(w, { objectLabels: ["A-1-2"] }, w.sk));
    expect((await act.status(w, "", w.sk)).body.objects).toEqual([]);
  });

  it("held -> free at holdExpiresAt (expiry)", async () => {
    const w = await world();
    const r = await act.hold(w, { objectLabels: ["A-1-1"], holdToken: tok(), ttlSeconds: 1 });
    expectOk(r);
    const wait = Date.parse(r.body.holdExpiresAt) - Date.now() + 150;
    await sleep(Math.max(0, wait));
    expect(await entryOf(w, "A-1-1")).toBeUndefined();
    const objs = await act.objects(w);
    expect(objs.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "A-1-1")).toBeTruthy();
  });

  it("reset: sandbox, secret key -> 200 { eventKey, reset: true }, every object free; production 403 sandbox_only; public 403", async () => {
    const w = await world({ env: "sandbox" });
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
    expectOk(await act.book(w, { objectLabels: ["A-1-1"], holdToken: t }));
    expectOk(await act.nfs(w, { objectLabels: ["A-1-3"] }));
    expectOk(await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 5, holdToken: t }));
    expectError(await act.reset(w, w.pk), 403, "public_key_not_allowed");
    const r = await act.reset(w, w.sk);
    expectOk(r);
    expect(r.body).toEqual({ eventKey: w.eventKey, reset: true });
    expect((await act.status(w, "", w.sk)).body.objects).toEqual([]);
    const floor = (await act.objects(w)).body.objects.find((o: { objectLabel: string }) => o.objectLabel === "Floor");
    expect(floor.remaining).toBe(50);
    const p = await world({ env: "production" });
    expectOk(await act.hold(p, { objectLabels: ["A-1-1"], holdToken: tok() }));
    expectError(await act.reset(p, p.sk), 403, "sandbox_only");
    expect((await entryOf(p, "A-1-1"))!.status).toBe("held");
  });
});

describe("hold rules", () => {
  it("rule 4: any seat not holdable -> 409 seat_unavailable, nothing held; failed[] reasons held/booked/not_for_sale/unknown_label", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
    expectOk(await act.book(w, { objectLabels: ["A-1-2"], holdToken: t }));
    expectOk(await act.nfs(w, { objectLabels: ["A-1-3"] }));
    const mine = tok();
    const res = await act.hold(w, { objectLabels: ["A-1-1", "A-1-2", "A-1-3", "A-1-4", "NOPE"], holdToken: mine });
    expectError(res, 409, "seat_unavailable");
    const reasons = Object.fromEntries(res.body.failed.map((f: { objectLabel: string; reason: string }) => [f.objectLabel, f.reason]));
    expect(reasons).toEqual({ "A-1-1": "held", "A-1-2": "booked", "A-1-3": "not_for_sale", NOPE: "unknown_label" });
    expect(await entryOf(w, "A-1-4")).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(t);
  });

  it("rule 4: concurrent holds on one seat never double-book", async () => {
    const w = await world();
    const results = await Promise.all(Array.from({ length: 12 }, () => act.hold(w, { objectLabels: ["A-1-5"], holdToken: tok() })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409, "seat_unavailable");
    // Overlapping batches: all-or-nothing.
    const [x, y] = await Promise.all([
      act.hold(w, { objectLabels: ["A-1-6", "A-1-7"], holdToken: tok() }),
      act.hold(w, { objectLabels: ["A-1-7", "A-1-8"], holdToken: tok() }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const st = await statusMap(w);
    const loser = x.status === 409 ? "A-1-6" : "A-1-8";
    expect(st[loser]).toBeUndefined();
  });

  it("objectLabels 1 to 200; holdToken at least 8 characters; ttlSeconds > 0; extraData an object (400 validation_failed)", async () => {
    const w = await world({ layout: smallLayout(201) });
    const bad: [string, unknown][] = [
      ["no labels", { holdToken: tok() }],
      ["empty labels", { objectLabels: [], holdToken: tok() }],
      ["201 labels", { objectLabels: Array.from({ length: 201 }, (_, i) => `A-1-${i + 1}`), holdToken: tok() }],
      ["labels not array", { objectLabels: "A-1-1", holdToken: tok() }],
      ["7-char token", { objectLabels: ["A-1-1"], holdToken: "1234567" }],
      ["numeric token", { objectLabels: ["A-1-1"], holdToken: 12345678 }],
      ["ttl 0", { objectLabels: ["A-1-1"], holdToken: tok(), ttlSeconds: 0 }],
      ["ttl negative", { objectLabels: ["A-1-1"], holdToken: tok(), ttlSeconds: -5 }],
      ["ttl string", { objectLabels: ["A-1-1"], holdToken: tok(), ttlSeconds: "60" }],
      ["extraData string", { objectLabels: ["A-1-1"], holdToken: tok(), extraData: "x" }],
      ["extraData array", { objectLabels: ["A-1-1"], holdToken: tok(), extraData: [1] }],
    ];
    for (const [what, body] of bad) expectError(await act.hold(w, body), 400, "validation_failed", what);
    expect((await act.status(w, "", w.sk)).body.objects).toEqual([]);
    const t = tok();
    const ok200 = await act.hold(w, { objectLabels: Array.from({ length: 200 }, (_, i) => `A-1-${i + 1}`), holdToken: t });
    expectOk(ok200, 200, "200 labels");
    expect(ok200.body.objects).toHaveLength(200);
    expectOk(await act.hold(w, { objectLabels: ["A-1-201"], holdToken: "12345678" }), 200, "8-char token");
  });

  it("rules 1-3: GA fields only on one label; GA area needs objectType and quantity >= 1; quantity above capacity 400", async () => {
    const w = await world();
    const bad: [string, unknown][] = [
      ["GA area without objectType", { objectLabels: ["Floor"], holdToken: tok() }],
      ["GA area with quantity but no objectType", { objectLabels: ["Floor"], holdToken: tok(), quantity: 2 }],
      ["objectType without quantity", { objectLabels: ["Floor"], objectType: "generalAdmission", holdToken: tok() }],
      ["quantity 0", { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 0, holdToken: tok() }],
      ["quantity -1", { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: -1, holdToken: tok() }],
      ["quantity 1.5", { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 1.5, holdToken: tok() }],
      ["quantity above capacity", { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 51, holdToken: tok() }],
      ["two labels with objectType", { objectLabels: ["Floor", "A-1-1"], objectType: "generalAdmission", quantity: 1, holdToken: tok() }],
      ["two labels with quantity", { objectLabels: ["A-1-2", "A-1-1"], quantity: 1, holdToken: tok() }],
      ["two labels with categoryKey", { objectLabels: ["A-1-2", "A-1-1"], categoryKey: "stalls", holdToken: tok() }],
      ["quantity on a seat", { objectLabels: ["A-1-1"], quantity: 1, holdToken: tok() }],
    ];
    for (const [what, body] of bad) expectError(await act.hold(w, body), 400, "validation_failed", what);
    expect((await act.status(w, "", w.sk)).body.objects).toEqual([]);
    // Exactly the capacity is fine.
    expectOk(await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 50, holdToken: tok() }));
  });

  it("rule 7: GA quantity is the token's total: repeat is a no-op, resize up/down, 409 ga_capacity_exceeded keeps the previous quantity", async () => {
    const w = await world();
    const a = tok();
    const b = tok();
    const ga = (holdToken: string, quantity: number) => act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity, holdToken });
    const h1 = await ga(a, 30);
    expectOk(h1);
    expectHoldShape(w, h1.body, a, ["Floor"]);
    await sleep(15);
    const h2 = await ga(a, 30);
    expectOk(h2);
    expect(h2.body.holdExpiresAt).toBe(h1.body.holdExpiresAt);
    expectError(await ga(b, 25), 409, "ga_capacity_exceeded", "does not fit");
    expectOk(await ga(b, 20));
    expectError(await ga(a, 35), 409, "ga_capacity_exceeded", "resize above remaining");
    let st = await act.status(w, `?holdToken=${a}`, w.sk);
    let floor = st.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "Floor");
    expect(floor).toMatchObject({ held: 50, booked: 0, remaining: 0, mineQuantity: 30, capacity: 50 });
    expectOk(await ga(a, 10));
    st = await act.status(w, `?holdToken=${a}`, w.sk);
    floor = st.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "Floor");
    expect(floor).toMatchObject({ held: 30, remaining: 20, mineQuantity: 10 });
    expectOk(await ga(a, 30), 200, "resize up into the freed room");
  });

  it("GA with a categoryKey matching the area is accepted (narrowing); a mismatch is refused (NOTE: code not fixed by the spec)", async () => {
    const w = await world();
    expectOk(await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 2, categoryKey: "stalls", holdToken: tok() }));
    const res = await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 2, categoryKey: "balcony", holdToken: tok() });
    expect([400, 409]).toContain(res.status);
    expectError(res, res.status);
  });

  it("GA concurrency: parallel holds never exceed capacity", async () => {
    const w = await world();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 10, holdToken: tok() })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 409, "ga_capacity_exceeded");
  });
});

describe("GA status, book and release", () => {
  it("status derived: free while remaining > 0; held when full with holds; booked when bookings fill it", async () => {
    const w = await world();
    const t1 = tok();
    const t2 = tok();
    expectOk(await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 20, holdToken: t1 }));
    let e = await entryOf(w, "Floor");
    expect(e).toMatchObject({
      objectLabel: "Floor",
      objectType: "generalAdmission",
      status: "free",
      categoryKey: "stalls",
      capacity: 50,
      held: 20,
      booked: 0,
      remaining: 30,
    });
    expectOk(await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 30, holdToken: t2 }));
    e = await entryOf(w, "Floor");
    expect(e).toMatchObject({ status: "held", held: 50, remaining: 0 });
    // GA book: books the token's whole held quantity; the entry carries quantity.
    const b = await act.book(w, { objectLabels: ["Floor"], holdToken: t1 });
    expectOk(b);
    expect(b.body.objects).toEqual([expect.objectContaining({ objectLabel: "Floor", status: "booked", quantity: 20, bookedAt: expect.stringMatching(ISO) })]);
    e = await entryOf(w, "Floor");
    expect(e).toMatchObject({ status: "held", held: 30, booked: 20, remaining: 0 });
    expectOk(await act.book(w, { objectLabels: ["Floor"], holdToken: t2 }));
    e = await entryOf(w, "Floor");
    expect(e).toMatchObject({ status: "booked", held: 0, booked: 50, remaining: 0 });
    // Release by the secret key with a token frees that token's booked quantity.
    const r = await act.release(w, { objectLabels: ["Floor"], holdToken: t1 }, w.sk);
    expectOk(r);
    expect(r.body.objects).toEqual([expect.objectContaining({ objectLabel: "Floor", status: "free" })]);
    e = await entryOf(w, "Floor");
    expect(e).toMatchObject({ booked: 30, remaining: 20, status: "free" });
  });

  it("GA entry is emitted only once anything is held or booked; mineQuantity only with a matching holdToken; extraData only for secret keys", async () => {
    const w = await world();
    expect(await entryOf(w, "Floor")).toBeUndefined();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 4, holdToken: t, extraData: { who: "me" } }));
    const pub = (await act.status(w, "", w.pk)).body.objects[0];
    expect(pub).not.toHaveProperty("mineQuantity");
    expect(pub).not.toHaveProperty("extraData");
    const mine = (await act.status(w, `?holdToken=${t}`, w.pk)).body.objects[0];
    expect(mine.mineQuantity).toBe(4);
    const sec = (await act.status(w, "", w.sk)).body.objects[0];
    expect(sec.extraData).toEqual({ who: "me" });
    // Release by the public key with the token.
    expectOk(await act.release(w, { holdToken: t }, w.pk));
    expect(await entryOf(w, "Floor")).toBeUndefined();
  });

  it("GA book by a token holding nothing there: 409 seat_unavailable with not_held_by_token", async () => {
    const w = await world();
    const res = await act.book(w, { objectLabels: ["Floor"], holdToken: tok() });
    expectError(res, 409, "seat_unavailable");
    expect(res.body.failed).toEqual([expect.objectContaining({ objectLabel: "Floor", reason: "not_held_by_token" })]);
  });
});

describe("status rules 1-6 and entry fields", () => {
  it("seat entry fields; mine only when holdToken matches a live hold; extraData only for secret keys; tokens never returned", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t, extraData: { a: 1 } }));
    expectOk(await act.hold(w, { objectLabels: ["A-1-2"], holdToken: t }));
    expectOk(await act.book(w, { objectLabels: ["A-1-2"], holdToken: t }));
    const pub = await act.status(w, "", w.pk);
    expectOk(pub);
    expect(pub.body.eventKey).toBe(w.eventKey);
    const p1 = pub.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "A-1-1");
    expect(p1).toMatchObject({ objectLabel: "A-1-1", objectType: "seat", status: "held", categoryKey: "stalls" });
    expect(p1.holdExpiresAt).toMatch(ISO);
    expect(p1).not.toHaveProperty("mine");
    expect(p1).not.toHaveProperty("extraData");
    const sec = await act.status(w, "", w.sk);
    const s1 = sec.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "A-1-1");
    expect(s1.extraData).toEqual({ a: 1 });
    const mine = await act.status(w, `?holdToken=${t}`, w.pk);
    const m1 = mine.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "A-1-1");
    expect(m1.mine).toBe(true);
    // Rule 3: a token that matches nothing adds no flags.
    const none = await act.status(w, `?holdToken=${tok()}`, w.pk);
    for (const o of none.body.objects) {
      expect(o).not.toHaveProperty("mine");
      expect(o).not.toHaveProperty("mineQuantity");
    }
    // Rule 2: tokens are never returned.
    for (const res of [pub, sec, mine, none]) expect(JSON.stringify(res.body)).not.toContain(t);
    // Booked seat under the token: not a live hold, no `mine`.
    const m2 = mine.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "A-1-2");
    expect(m2.status).toBe("booked");
  });

  it("rules 1 and 4: labels narrows; free objects omitted even when named; the query never adds entries", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
    const res = await act.status(w, `?labels=A-1-1,A-1-3,Floor,NOPE&holdToken=${t}`);
    expectOk(res);
    expect(res.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["A-1-1"]);
    const all = await act.status(w, `?holdToken=${t}`);
    expect(all.body.objects).toHaveLength(2);
  });

  it("labels at most 200; holdToken at most 255 in the query (400 validation_failed)", async () => {
    const w = await world();
    const labels201 = Array.from({ length: 201 }, (_, i) => `L${i}`).join(",");
    expectError(await act.status(w, `?labels=${labels201}`), 400, "validation_failed", "201 labels");
    const labels200 = Array.from({ length: 200 }, (_, i) => `L${i}`).join(",");
    expectOk(await act.status(w, `?labels=${labels200}`), 200, "200 labels");
    expectError(await act.status(w, `?holdToken=${"x".repeat(256)}`), 400, "validation_failed", "256-char token");
    expectOk(await act.status(w, `?holdToken=${"x".repeat(255)}`), 200, "255-char token");
  });

  it("rule 5: categoryKey comes from the published chart (after a forced recategorising publish)", async () => {
    const w = await world();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: tok() }));
    expect((await entryOf(w, "A-1-1"))!.categoryKey).toBe("stalls");
    const layout = smallLayout();
    layout.sections[0]!.rows[0]!.seats[0]!.categoryKey = "balcony";
    expectOk(await call("PATCH", `/api/v1/charts/${w.chartKey}`, { key: w.sk, body: { draftVersion: layout } }));
    expect((await entryOf(w, "A-1-1"))!.categoryKey).toBe("stalls");
    expectOk(await call("POST", `/api/v1/charts/${w.chartKey}/publish?force=true`, { key: w.sk }));
    expect((await entryOf(w, "A-1-1"))!.categoryKey).toBe("balcony");
  });
});

describe("objects and reports responses", () => {
  it("objects: eventKey, categories[{key,label,color}], seats {objectLabel,categoryKey,objectType,sectionKey,sectionLabel}, GA {objectLabel,categoryKey,objectType,capacity,label,remaining}", async () => {
    const w = await world({ layout: smallLayout(3, 40) });
    expectOk(await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 15, holdToken: tok() }));
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: tok() }));
    const res = await act.objects(w);
    expectOk(res);
    expect(res.body.eventKey).toBe(w.eventKey);
    expect(res.body.categories).toEqual([
      { key: "stalls", label: "Stalls", color: "#4f7cff" },
      { key: "balcony", label: "Balcony", color: "#ff7c4f" },
    ]);
    expect(res.body.objects).toHaveLength(4);
    const seat = res.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "A-1-1");
    expect(seat).toMatchObject({ objectLabel: "A-1-1", categoryKey: "stalls", objectType: "seat", sectionKey: "A", sectionLabel: "Section A" });
    const ga = res.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "Floor");
    expect(ga).toMatchObject({ objectLabel: "Floor", categoryKey: "stalls", objectType: "generalAdmission", capacity: 40, remaining: 25 });
    expect(typeof ga.label).toBe("string");
    const narrowed = await act.objects(w, "?labels=A-1-2,Floor");
    expect(narrowed.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["A-1-2", "Floor"]);
  });

  it("objects on an event of a never-published chart: 200 with empty arrays (status rule 6)", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys, { publish: false });
    const ek = await mkEvent(keys, chartKey, "production");
    const res = await call("GET", `/api/v1/events/${ek}/objects`, { key: keys.pkLive });
    expectOk(res);
    expect(res.body).toEqual({ eventKey: ek, categories: [], objects: [] });
    const st = await call("GET", `/api/v1/events/${ek}/status`, { key: keys.pkLive });
    expect(st.body).toEqual({ eventKey: ek, seq: 0, objects: [] });
  });

  it("reports: eventKey, byStatus (status -> count), byCategory[{status, categoryKey, count}] with exact seat counts", async () => {
    const layout = {
      categories: [
        { key: "a", label: "A", color: "#000" },
        { key: "b", label: "B", color: "#fff" },
      ],
      sections: [
        {
          key: "S",
          label: "S",
          rows: [
            {
              label: "1",
              seats: [
                { label: "s1", categoryKey: "a" },
                { label: "s2", categoryKey: "a" },
                { label: "s3", categoryKey: "b" },
                { label: "s4", categoryKey: "b" },
                { label: "s5", categoryKey: "b" },
              ],
            },
          ],
        },
      ],
      generalAdmission: [],
    };
    const w = await world({ layout });
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["s1", "s3"], holdToken: t }));
    expectOk(await act.book(w, { objectLabels: ["s3"], holdToken: t }));
    expectOk(await act.nfs(w, { objectLabels: ["s4"] }));
    const res = await act.reports(w);
    expectOk(res);
    expect(res.body.eventKey).toBe(w.eventKey);
    expect(res.body.byStatus).toMatchObject({ free: 2, held: 1, booked: 1, not_for_sale: 1 });
    for (const [k, v] of Object.entries(res.body.byStatus)) if (!["free", "held", "booked", "not_for_sale"].includes(k)) expect(v).toBe(0);
    const nonZero = res.body.byCategory.filter((e: { count: number }) => e.count > 0);
    expect(nonZero).toEqual(
      expect.arrayContaining([
        { status: "free", categoryKey: "a", count: 1 },
        { status: "held", categoryKey: "a", count: 1 },
        { status: "booked", categoryKey: "b", count: 1 },
        { status: "not_for_sale", categoryKey: "b", count: 1 },
        { status: "free", categoryKey: "b", count: 1 },
      ]),
    );
    expect(nonZero).toHaveLength(5);
  });
});

describe("extend, release, not-for-sale (contract §4)", () => {
  it("extend: moves the token's live holds to now + ttlSeconds; hold response shape; default 900; only named labels; nothing live 409", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, ttlSeconds: 30 }));
    expectOk(await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 3, holdToken: t, ttlSeconds: 30 }));
    const e1 = await act.extend(w, { holdToken: t, ttlSeconds: 300 });
    expectOk(e1);
    expectHoldShape(w, e1.body, t, ["A-1-1", "A-1-2", "Floor"]);
    expect(near(e1.body.holdExpiresAt, Date.now() + 300_000)).toBe(true);
    const st = await statusMap(w);
    expect(near(st["A-1-1"]!.holdExpiresAt as string, Date.now() + 300_000)).toBe(true);
    const e2 = await act.extend(w, { holdToken: t, objectLabels: ["A-1-1"] });
    expectOk(e2);
    expectHoldShape(w, e2.body, t, ["A-1-1"]);
    expect(near(e2.body.holdExpiresAt, Date.now() + 900_000)).toBe(true);
    const st2 = await statusMap(w);
    expect(near(st2["A-1-2"]!.holdExpiresAt as string, Date.now() + 300_000)).toBe(true);
    expectError(await act.extend(w, { holdToken: tok() }), 409, "seat_unavailable", "nothing live");
    expectError(await act.extend(w, { holdToken: t, ttlSeconds: 0 }), 400, "validation_failed", "ttl 0");
    expectError(await act.extend(w, {}), 400, "validation_failed", "no token");
    // Booked seats are not live holds.
    expectOk(await act.book(w, { objectLabels: ["A-1-1", "A-1-2", "Floor"], holdToken: t }));
    expectError(await act.extend(w, { holdToken: t }), 409, "seat_unavailable", "only booked");
  });

  it("release: at least one of objectLabels and holdToken (400 otherwise); lists what was freed", async () => {
    const w = await world();
    expectError(await act.release(w, {}, w.sk), 400, "validation_failed", "secret, empty body");
    expectError(await act.release(w, {}, w.pk), 400, "validation_failed", "public, empty body");
    expectError(await act.release(w, { objectLabels: ["A-1-1"] }, w.pk), 400, "validation_failed", "public, no token");
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: t }));
    const r = await act.release(w, { objectLabels: ["A-1-1", "A-1-2"] }, w.sk);
    expectOk(r);
    expect(r.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["A-1-1", "A-1-2"]);
    for (const o of r.body.objects) expect(o.status).toBe("free");
    expect(JSON.stringify(r.body)).not.toContain(t);
  });

  it("not-for-sale / for-sale: only free seats become not_for_sale (else 409 seat_unavailable); a not_for_sale seat cannot be held (409, reason not_for_sale)", async () => {
    const w = await world();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: tok() }));
    const refused = await act.nfs(w, { objectLabels: ["A-1-1", "A-1-2"] });
    expectError(refused, 409, "seat_unavailable");
    expect(refused.body.failed).toEqual([expect.objectContaining({ objectLabel: "A-1-1", reason: "held" })]);
    expect(await entryOf(w, "A-1-2")).toBeUndefined();
    expectOk(await act.nfs(w, { objectLabels: ["A-1-2"] }));
    expect(await entryOf(w, "A-1-2")).toMatchObject({ objectLabel: "A-1-2", objectType: "seat", status: "not_for_sale" });
    const h = await act.hold(w, { objectLabels: ["A-1-2"], holdToken: tok() });
    expectError(h, 409, "seat_unavailable");
    expect(h.body.failed).toEqual([expect.objectContaining({ objectLabel: "A-1-2", reason: "not_for_sale" })]);
    const b = await act.book(w, { objectLabels: ["A-1-2"], holdToken: tok() });
    expectError(b, 409, "seat_unavailable");
    expectOk(await act.forSale(w, { objectLabels: ["A-1-2"] }));
    expect(await entryOf(w, "A-1-2")).toBeUndefined();
    expectOk(await act.hold(w, { objectLabels: ["A-1-2"], holdToken: tok() }));
    expectError(await act.nfs(w, {}), 400, "validation_failed", "no labels");
    expectError(await act.nfs(w, { objectLabels: [] }), 400, "validation_failed", "empty labels");
  });
});
