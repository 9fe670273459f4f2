import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SeasonApiClient } from "../src/sdk/season-api";
import { call, expectOk, newChart, newWorkspace, token, uniqueKey } from "./support/fixtures";

/** The SDK's season client (`new SeatingChart({ season })`): merged status, holds through the season routes. */
describe("SDK season client", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a seat free only if free in every event, and holds and releases it in all of them", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const seasonKey = uniqueKey("season");
    const eventKeys = [`${seasonKey}-a`, `${seasonKey}-b`];
    expectOk(await call("POST", "/api/v1/seasons", { key: keys.skTest, body: { seasonKey, chartKey, eventKeys } }), 201);
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) => exports.default.fetch(new Request(input, init)));
    const api = new SeasonApiClient("http://service.test", keys.pkTest, seasonKey);
    expect((await api.objects()).objects.length).toBeGreaterThan(0);

    expectOk(await call("POST", `/api/v1/events/${eventKeys[1]}/seats/hold`, { key: keys.pkTest, body: { objectLabels: ["A-1-3"], holdToken: token("one") } }));
    const t = token("season");
    const seen = await api.status(t);
    expect(seen.entries.find((e) => e.objectLabel === "A-1-3")).toMatchObject({ status: "held" });
    expect(seen.entries.find((e) => e.objectLabel === "A-1-3")?.mine).toBeUndefined();

    const held = await api.hold({ objectLabels: ["A-1-4"], holdToken: t });
    expect(held.objects).toEqual([{ objectLabel: "A-1-4", status: "held", extraData: null }]);
    expect((await api.status(t)).entries.find((e) => e.objectLabel === "A-1-4")).toMatchObject({ status: "held", mine: true });
    await expect(api.hold({ objectLabels: ["A-1-3"], holdToken: t })).rejects.toMatchObject({ detail: { code: "seat_unavailable" } });

    const freed = await api.release({ objectLabels: ["A-1-4"], holdToken: t });
    expect(freed.objects).toEqual([{ objectLabel: "A-1-4", status: "free" }]);
    expect((await api.status(t)).entries.find((e) => e.objectLabel === "A-1-4")).toBeUndefined();
  });
});
