import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, newEvent, stubOf, token } from "./support/fixtures";
import { gala, putTableBooking, seatsOf } from "./support/tables";

/**
 * What reads say of tables, booths, zones and floors (docs/tables.md): the objects read (full and
 * compact, through a restart) with each table, its seats' table, every object's floor and zones,
 * the layout's zones and floors; reports by object type and by zone.
 */

const layout = gala();
type Entry = Record<string, unknown> & { objectLabel: string };

describe("objects reads", () => {
  it("list tables with their seats, seats with their table, booths, floors and zones, the same after a restart", async () => {
    const f = await newEvent({ layout });
    for (const restart of [false, true]) {
      if (restart) await evictDurableObject(stubOf(f));
      const body = (await api.objects(f)).body;
      const by = new Map((body.objects as Entry[]).map((o) => [o.objectLabel, o]));
      expect(by.get("T1")).toEqual({
        objectLabel: "T1",
        categoryKey: "vip",
        objectType: "table",
        sectionKey: "hall",
        sectionLabel: "Hall",
        shape: "round",
        seatLabels: seatsOf(layout, "T1"),
        x: -120,
        y: 150,
        floorKey: "ground",
        zoneKeys: ["front", "all"],
      });
      expect(by.get("T3")).toMatchObject({ objectType: "table", shape: "rect" });
      expect(by.get("T1-1")).toMatchObject({ objectType: "seat", tableLabel: "T1", sectionKey: "hall", floorKey: "ground", zoneKeys: ["front", "all"] });
      expect(by.get("T1-1")!.rowLabel).toBeUndefined();
      expect(by.get("G2-1")).toMatchObject({ tableLabel: "G2", floorKey: "upper", zoneKeys: ["all"] });
      expect(by.get("R-1")).toMatchObject({ rowLabel: "R", floorKey: "ground" });
      expect(by.get("R-1")!.tableLabel).toBeUndefined();
      expect(by.get("HB1")).toEqual({
        objectLabel: "HB1",
        categoryKey: "expo",
        objectType: "booth",
        sectionKey: "hall",
        sectionLabel: "Hall",
        x: 400,
        y: 150,
        width: 60,
        height: 40,
        floorKey: "ground",
        zoneKeys: ["front", "all"],
      });
      expect(by.get("B1")).toEqual({ objectLabel: "B1", categoryKey: "expo", objectType: "booth", x: -500, y: 300, width: 60, height: 40, floorKey: "ground" });
      expect(by.get("Bar")).toMatchObject({ objectType: "generalAdmission", floorKey: "ground" });
      expect(body.zones).toEqual(layout.zones);
      expect(body.floors).toEqual(layout.floors);
      // One object per label: tables, their seats, booths, rows and the GA area.
      expect(body.objects).toHaveLength(4 + 2 * (8 + 8 + 6) + 6 + 1 + 2 + 1);
      // A narrowed read gives the same entries.
      expect((await api.objects(f, "?labels=T1,HB1")).body.objects).toEqual([by.get("T1"), by.get("HB1")]);
    }
  });

  it("the compact form carries each section's tables and booths, its floor, and the layout's zones, floors and top-level booths", async () => {
    const f = await newEvent({ layout });
    for (const restart of [false, true]) {
      if (restart) await evictDurableObject(stubOf(f));
      const body = (await api.objects(f, "?format=compact")).body;
      const [hall, gallery] = body.sections;
      expect(hall).toMatchObject({ key: "hall", label: "Hall", floorKey: "ground" });
      expect(hall.rows).toHaveLength(1);
      expect(hall.tables.map((t: { label: string }) => t.label)).toEqual(["T1", "T2", "T3"]);
      expect(hall.tables[0]).toMatchObject({ label: "T1", shape: "round", x: -120, y: 150, seats: [["T1-", 1, 8]] });
      expect(body.categoryKeys[hall.tables[0].c]).toBe("vip");
      expect(hall.booths).toEqual([{ label: "HB1", c: body.categoryKeys.indexOf("expo"), x: 400, y: 150, w: 60, h: 40 }]);
      expect(gallery).toMatchObject({ key: "gallery", floorKey: "upper", rows: [] });
      expect(body.booths.map((b: { label: string; floorKey: string }) => `${b.label}@${b.floorKey}`)).toEqual(["B1@ground", "B2@ground"]);
      expect(body.zones).toEqual(layout.zones);
      expect(body.floors).toEqual(layout.floors);
      expect(body.areas.map((a: Entry) => a.floorKey)).toEqual(["ground"]);
    }
  });
});

describe("the buyer's status read", () => {
  it("names the SDK's venue part in Map-Parts for a layout with tables, floors or zones, and nothing for rows only", async () => {
    const f = await newEvent({ layout });
    const res = await api.status(f, `?holdToken=${token()}&format=compact`);
    expect(res.status).toBe(200);
    expect(res.headers.get("map-parts")).toBe("venue");
    // A page on another origin may read it.
    expect(res.headers.get("access-control-expose-headers")?.split(",")).toContain("Map-Parts");
    const rows = await newEvent({});
    const plain = await api.status(rows, `?holdToken=${token()}&format=compact`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("map-parts")).toBeNull();
  });
});

describe("reports", () => {
  it("count each object type by status (a table once, by its own status) and each zone's seats and booths", async () => {
    const f = await newEvent({ layout });
    await putTableBooking(f, { mode: "by_table_or_seat" });
    const t = token();
    await api.hold(f, { objectLabels: ["T1", "T2-1", "HB1", "G1"], holdToken: t });
    await api.book(f, { objectLabels: ["T1", "HB1"], holdToken: t });
    const r = (await api.reports(f)).body;
    const count = (rows: Entry[], where: Record<string, string>) => rows.find((row) => Object.entries(where).every(([k, v]) => row[k] === v))?.count;
    const byType = r.byObjectType as Entry[];
    expect(count(byType, { objectType: "table", status: "booked" })).toBe(1);
    expect(count(byType, { objectType: "table", status: "held" })).toBe(1);
    expect(count(byType, { objectType: "table", status: "partially_taken" })).toBe(1);
    expect(count(byType, { objectType: "table", status: "free" })).toBe(3);
    expect(count(byType, { objectType: "seat", status: "booked" })).toBe(8);
    expect(count(byType, { objectType: "seat", status: "held" })).toBe(9);
    expect(count(byType, { objectType: "booth", status: "booked" })).toBe(1);
    expect(count(byType, { objectType: "booth", status: "free" })).toBe(2);
    expect(count(byType, { objectType: "generalAdmission", status: "free" })).toBe(40);
    expect(byType.some((row) => row.objectType !== "table" && row.status === "partially_taken")).toBe(false);
    const byZone = r.byZone as Entry[];
    expect(count(byZone, { zoneKey: "front", status: "booked" })).toBe(9);
    expect(count(byZone, { zoneKey: "front", status: "held" })).toBe(1);
    expect(count(byZone, { zoneKey: "all", status: "held" })).toBe(9);
    expect(count(byZone, { zoneKey: "front", status: "free" })).toBe(4 + 8 + 8 + 6 + 1 - 9 - 1);
    // The totals count seats and booths, never a table on top of its seats.
    expect(r.byStatus).toEqual({ free: 4 + 44 + 3 + 40 - 17 - 1, held: 9, booked: 9, not_for_sale: 0 });
  });
});
