import { describe, expect, it } from "vitest";
import { api, expectError, newEvent, statusEntry, token } from "./support/fixtures";
import { hall, putChannels } from "./support/channels";

/**
 * Not for sale by category and by GA places (docs/channels.md, extending docs/events.md#seat-actions): all or nothing, no daily
 * cap, and a GA area's not-for-sale places counted in status and reports.
 */

const count = (body: { byCategory: { status: string; categoryKey: string; count: number }[] }, cat: string, status: string) =>
  body.byCategory.find((r) => r.categoryKey === cat && r.status === status)?.count;

describe("not for sale by category and area places", () => {
  it("categories: every free seat of them leaves sale (held and booked ones stay), and comes back", async () => {
    const f = await newEvent({ layout: hall() });
    const t = token();
    await api.hold(f, { objectLabels: ["R1-1"], holdToken: t });
    const off = await api.notForSale(f, { categories: ["vip"] });
    expect(off.status).toBe(200);
    expect(off.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["R1-2", "R1-3", "R1-4", "R1-5", "R1-6"]);
    expect((await statusEntry(f, "R1-1"))?.status).toBe("held");
    expect((await statusEntry(f, "R1-2"))?.status).toBe("not_for_sale");
    expect(count((await api.reports(f)).body, "vip", "not_for_sale")).toBe(5);
    const back = await api.forSale(f, { categories: ["vip"] });
    expect(back.body.objects).toHaveLength(5);
    expect(count((await api.reports(f)).body, "vip", "not_for_sale")).toBe(0);
  });

  it("areaPlaces: that many free places leave sale, counted in status and reports; too many is 409 insufficient_capacity and nothing changes", async () => {
    const f = await newEvent({ layout: hall() });
    await api.hold(f, { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: 30 });
    const off = await api.notForSale(f, { areaPlaces: { Floor: 60 } });
    expect(off.status).toBe(200);
    expect(off.body.objects).toEqual([{ objectLabel: "Floor", status: "not_for_sale", quantity: 60 }]);
    expect(await statusEntry(f, "Floor")).toMatchObject({ held: 30, remaining: 10, notForSale: 60, status: "free" });
    const reports = (await api.reports(f)).body;
    expect([count(reports, "std", "not_for_sale"), count(reports, "std", "free"), reports.byStatus.not_for_sale]).toEqual([60, 6 + 10, 60]);
    // All or nothing across the body.
    const tooMany = await api.notForSale(f, { objectLabels: ["R2-1"], areaPlaces: { Floor: 11 } });
    expectError(tooMany, 409, "seat_unavailable");
    expect(tooMany.body.failed).toEqual([{ objectLabel: "Floor", reason: "insufficient_capacity" }]);
    expect(await statusEntry(f, "R2-1")).toBeUndefined();
    // A hold cannot take not-for-sale places.
    expectError(await api.hold(f, { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: 11 }), 409, "ga_capacity_exceeded");
    // Back to sale; asking for more than is off sale is 409.
    expectError(await api.forSale(f, { areaPlaces: { Floor: 61 } }), 409, "seat_unavailable");
    expect((await api.forSale(f, { areaPlaces: { Floor: 60 } })).body.objects).toEqual([{ objectLabel: "Floor", status: "free", quantity: 60 }]);
    expect(await statusEntry(f, "Floor")).not.toHaveProperty("notForSale");
  });

  it("a fully not-for-sale area shows not_for_sale; the places come from the open pool, not a channel's", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [{ key: "presale", name: "Presale", objectLabels: [], areaPlaces: { Floor: 40 } }]);
    expectError(await api.notForSale(f, { areaPlaces: { Floor: 61 } }), 409, "seat_unavailable");
    expect((await api.notForSale(f, { areaPlaces: { Floor: 60 } })).status).toBe(200);
    expect((await statusEntry(f, "Floor"))?.status).toBe("free");
    expect(
      (await api.hold(f, { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: 40, channelKeys: ["presale"] })).status,
    ).toBe(200);
    expect((await statusEntry(f, "Floor"))?.status).toBe("held");
    await putChannels(f, []);
    const f2 = await newEvent({ layout: hall() });
    await api.notForSale(f2, { areaPlaces: { Floor: 100 } });
    expect((await statusEntry(f2, "Floor"))?.status).toBe("not_for_sale");
  });

  it("needs one of objectLabels, categories, areaPlaces; unknown areas are refused; no daily cap", async () => {
    const f = await newEvent({ layout: hall() });
    expectError(await api.notForSale(f, {}), 400, "validation_failed");
    expectError(await api.notForSale(f, { areaPlaces: { Floor: 0 } }), 400, "validation_failed");
    expectError(await api.notForSale(f, { areaPlaces: { "R1-1": 1 } }), 409, "seat_unavailable");
    for (let i = 0; i < 30; i++) {
      expect((await api.notForSale(f, { areaPlaces: { Floor: 1 } })).status).toBe(200);
      expect((await api.forSale(f, { areaPlaces: { Floor: 1 } })).status).toBe(200);
    }
  });
});
