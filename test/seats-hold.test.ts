import { describe, expect, it } from "vitest";
import { MAX_EXTRA_DATA_BYTES } from "../src/domain/seats";
import { advance, api, expectError, freeze, newEvent, outboxEvents, pauseOutbox, token } from "./support/fixtures";

describe("seat holds", () => {
  it("holds seats atomically and shows them in status", async () => {
    const f = await newEvent();
    const t = token();
    const res = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, extraData: { order: 7 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      chartKey: f.chartKey,
      eventKey: f.eventKey,
      holdToken: t,
      objects: [
        { objectLabel: "A-1-1", status: "held", extraData: { order: 7 } },
        { objectLabel: "A-1-2", status: "held" },
      ],
    });
    // Every object carries extraData, null when the hold gave none.
    for (const o of res.body.objects) expect(o).toHaveProperty("extraData");
    const status = await api.status(f);
    expect(status.status).toBe(200);
    expect(status.body.objects).toHaveLength(2);
    expect(JSON.stringify(status.body)).not.toContain(t);
  });

  it("refuses a conflicting batch with nothing held", async () => {
    const f = await newEvent();
    const a = token("a");
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: a });
    const res = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2", "nope"], holdToken: token("b") });
    expectError(res, 409, "seat_unavailable");
    expect(JSON.stringify(res.body)).not.toContain(a);
    expect(res.body.failed).toEqual([
      { objectLabel: "A-1-2", reason: "held" },
      { objectLabel: "nope", reason: "unknown_label" },
    ]);
    const status = await api.status(f);
    expect(status.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["A-1-2"]);
  });

  it("frees a hold at exactly holdExpiresAt", async () => {
    const f = await newEvent();
    const t0 = await freeze(f);
    const res = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token(), ttlSeconds: 60 });
    expect(res.status).toBe(200);
    expect(res.body.holdExpiresAt).toBe(new Date(t0 + 60_000).toISOString());
    await advance(f, 59_999);
    expectError(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token("b") }), 409, "seat_unavailable");
    await advance(f, 1);
    expect((await api.status(f)).body.objects).toEqual([]);
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token("b") })).status).toBe(200);
  });
});

describe("hold body limits", () => {
  it("refuses extraData larger than the documented limit with 400 and holds nothing", async () => {
    const f = await newEvent();
    const big = { note: "x".repeat(MAX_EXTRA_DATA_BYTES) };
    const res = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token(), extraData: big });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors)).toContain("extraData");
    const status = await api.status(f);
    expect(status.body.objects).toEqual([]);
  });

  it("accepts extraData just under the limit (a secret key's) and carries it into the outbox event", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    const extraData = { note: "y".repeat(MAX_EXTRA_DATA_BYTES - 100) };
    const res = await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token(), extraData }, f.sk);
    expect(res.status).toBe(200);
    const events = await outboxEvents(f);
    expect(events.map((e) => e.type)).toEqual(["seat.held"]);
    expect(events[0]!.object.extraData).toEqual(extraData);
  });
});
