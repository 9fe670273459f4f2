import { describe, expect, it } from "vitest";
import { MAX_EXTRA_DATA_BYTES } from "../src/domain/seats";
import { api, newEvent, outboxEvents, pauseOutbox, token } from "./support/fixtures";

describe("hold body limits", () => {
  it("refuses extraData larger than the documented limit with 400 and holds nothing", async () => {
    const f = await newEvent();
    const big = { note: "x".repeat(MAX_EXTRA_DATA_BYTES) };
    const res = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token(), extraData: big });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation_failed" });
    expect(Object.keys(res.body.errors)).toContain("extraData");
    const status = await api.status(f);
    expect(status.body.objects).toEqual([]);
  });

  it("accepts extraData just under the limit and carries it into the outbox event", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    const extraData = { note: "y".repeat(MAX_EXTRA_DATA_BYTES - 100) };
    const res = await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token(), extraData });
    expect(res.status).toBe(200);
    const events = await outboxEvents(f);
    expect(events.map((e) => e.type)).toEqual(["seat.held"]);
    expect(events[0]!.object.extraData).toEqual(extraData);
  });
});
