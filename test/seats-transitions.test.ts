import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { advance, api, expectError, expectOk, freeze, ISO, newEvent, outboxEvents, pauseOutbox, statusEntry, stubOf, token } from "./support/fixtures";

/** Every row of the table of seat states and transitions, with the webhook events each one commits. */
describe("transition table", () => {
  it("free → held: expiry now + ttl, seat.held with holdExpiresAt and no token", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    const t0 = await freeze(f);
    const t = token();
    const res = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: 120, extraData: { n: 1 } });
    expect(res.body.holdExpiresAt).toBe(new Date(t0 + 120_000).toISOString());
    const events = await outboxEvents(f);
    expect(events).toEqual([
      {
        // The one form of docs/webhooks.md#the-envelope (domain/event-ids.ts).
        id: expect.stringMatching(/^evt_[0-9A-Za-z]{24}$/),
        type: "seat.held",
        object: {
          eventKey: f.eventKey,
          objectLabel: "A-1-1",
          objectType: "seat",
          status: "held",
          categoryKey: "stalls",
          extraData: { n: 1 },
          holdExpiresAt: new Date(t0 + 120_000).toISOString(),
          seq: 1,
        },
      },
    ]);
    expect(JSON.stringify(events)).not.toContain(t);
  });

  it("held by T → retry with T: still held, expiry unchanged, no 409, no event", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    await freeze(f);
    const t = token();
    const first = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    await advance(f, 5000);
    // A retry with another ttl does not move the expiry either (hold rule 5).
    const same = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t, ttlSeconds: 60 });
    expectOk(same);
    expect(same.body.holdExpiresAt).toBe(first.body.holdExpiresAt);
    const retry = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    expectOk(retry);
    // holdExpiresAt is the earliest expiry among the requested seats (hold rule 6).
    expect(retry.body.holdExpiresAt).toBe(first.body.holdExpiresAt);
    const status = await api.status(f, `?holdToken=${t}`);
    const a1 = status.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "A-1-1");
    const a2 = status.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "A-1-2");
    expect(a1.holdExpiresAt).toBe(first.body.holdExpiresAt);
    expect(Date.parse(a2.holdExpiresAt)).toBeGreaterThan(Date.parse(first.body.holdExpiresAt));
    expect((await outboxEvents(f)).map((e) => e.type)).toEqual(["seat.held", "seat.held"]);
  });

  it("held (expired) → hold by another buyer: seat.hold_expired then seat.held", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    const t0 = await freeze(f);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token("a"), ttlSeconds: 10 });
    await advance(f, 10_000);
    const res = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token("b") });
    expect(res.status).toBe(200);
    const events = await outboxEvents(f);
    expect(events.map((e) => e.type)).toEqual(["seat.held", "seat.hold_expired", "seat.held"]);
    expect(events[1]!.object).toMatchObject({ objectLabel: "A-1-1", status: "free", holdExpiresAt: new Date(t0 + 10_000).toISOString() });
  });

  it("held → book (secret): booked, one seat.booked per seat, extraData carried, the booked row keeps the token", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: t, extraData: { order: 7 } });
    const res = await api.book(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    expectOk(res);
    expect(res.body).toEqual({
      eventKey: f.eventKey,
      objects: [
        expect.objectContaining({ objectLabel: "A-1-1", status: "booked", bookedAt: expect.stringMatching(ISO), extraData: null }),
        expect.objectContaining({ objectLabel: "A-1-2", status: "booked", bookedAt: expect.stringMatching(ISO), extraData: { order: 7 } }),
      ],
    });
    expect(JSON.stringify(res.body)).not.toContain(t);
    expect((await statusEntry(f, "A-1-2"))?.status).toBe("booked");
    expect((await outboxEvents(f)).filter((e) => e.type === "seat.booked").map((e) => e.object.status)).toEqual(["booked", "booked"]);
    // The token still owns the booking: a secret release with it frees the seat.
    expect((await api.release(f, { holdToken: t })).body.objects).toHaveLength(2);
  });

  it("booked → book again: unchanged, same bookedAt, no event; a mix books the held ones", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    const first = await api.book(f, { objectLabels: ["A-1-1"], holdToken: t });
    const again = await api.book(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    expect(again.status).toBe(200);
    expect(again.body.objects[0]).toEqual(first.body.objects[0]);
    expect(again.body.objects[1]).toMatchObject({ objectLabel: "A-1-2", status: "booked" });
    expect((await outboxEvents(f)).filter((e) => e.type === "seat.booked")).toHaveLength(2);
  });

  it("held → release with the token: free, seat.released", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    const res = await api.release(f, { objectLabels: ["A-1-1"], holdToken: t }, f.pk);
    expect(res.body).toEqual({ eventKey: f.eventKey, objects: [{ objectLabel: "A-1-1", status: "free" }] });
    expect((await outboxEvents(f)).map((e) => [e.type, e.object.status])).toEqual([
      ["seat.held", "held"],
      ["seat.released", "free"],
    ]);
  });

  it("held → release without a token (secret): free", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expect((await api.release(f, { objectLabels: ["A-1-1"] })).body.objects).toEqual([{ objectLabel: "A-1-1", status: "free" }]);
    expect((await api.status(f)).body.objects).toEqual([]);
  });

  it("booked → release (secret) with or without the token: free", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    await api.book(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    expect((await api.release(f, { objectLabels: ["A-1-1"], holdToken: t })).body.objects).toHaveLength(1);
    expect((await api.release(f, { objectLabels: ["A-1-2"] })).body.objects).toHaveLength(1);
    expect((await api.status(f)).body.objects).toEqual([]);
  });

  it("held → expiry sweep: free at holdExpiresAt (reads) and seat.hold_expired from the sweep", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    await freeze(f);
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token(), ttlSeconds: 30 });
    await advance(f, 30_000);
    expect((await api.status(f)).body.objects).toEqual([]);
    expect(await runDurableObjectAlarm(stubOf(f))).toBe(true);
    expect((await outboxEvents(f)).map((e) => e.type)).toEqual(["seat.held", "seat.hold_expired"]);
  });

  it("any → reset (sandbox, secret): every object free; production gives 403 sandbox_only", async () => {
    const f = await newEvent();
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t });
    await api.book(f, { objectLabels: ["A-1-1"], holdToken: t });
    await api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 3 });
    expectOk(await api.notForSale(f, { objectLabels: ["A-1-5"] }));
    const res = await api.reset(f);
    expect(res.body).toEqual({ eventKey: f.eventKey, reset: true });
    expect((await api.status(f)).body.objects).toEqual([]);
    expect((await api.objects(f)).body.objects.find((o: { objectLabel: string }) => o.objectLabel === "Floor").remaining).toBe(50);
    const prod = await newEvent({ environment: "production" });
    expectError(await api.reset(prod), 403, "sandbox_only");
  });
});
