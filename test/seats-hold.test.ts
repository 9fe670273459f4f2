import { describe, expect, it } from "vitest";
import { advance, api, freeze, newEvent, token } from "./support/fixtures";

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
    const status = await api.status(f);
    expect(status.status).toBe(200);
    expect(status.body.objects).toHaveLength(2);
    expect(JSON.stringify(status.body)).not.toContain(t);
  });

  it("refuses a conflicting batch with nothing held", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token("a") });
    const res = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2", "nope"], holdToken: token("b") });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("seat_unavailable");
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
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token("b") })).status).toBe(409);
    await advance(f, 1);
    expect((await api.status(f)).body.objects).toEqual([]);
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token("b") })).status).toBe(200);
  });
});
