import { describe, expect, it } from "vitest";
import type { CompactObjects, ObjectEntry } from "../src/domain/status";
import { computeGeometry as computeRowsOnly } from "../src/geometry/object-placement";
import { tableBox, tableSeatPoints } from "../src/geometry/table-placement";
import { addVenue } from "../src/geometry/venue-placement";
import { decodeObjects, needsVenue } from "../src/sdk/objects-compact";
import * as venueDecoder from "../src/sdk/objects-compact-venue";
import { onFloor, zoneBox } from "../src/sdk/venue-controls";
import { addBooth, addFloor, addTable, addZone, labelsOf, removeFloor, removeTables, setSectionFloor } from "../src/designer/venue-actions";
import { assignCategory, moveSections, seatsOfSections, EMPTY_SCENE } from "../src/designer/actions";
import { checkScene } from "../src/designer/validate";
import { api, newEvent } from "./support/fixtures";
import { gala } from "./support/tables";

/**
 * How tables, booths, floors and zones (docs/tables.md) reach a drawing: the SDK's reading of the
 * compact objects form, the map's geometry of tables and booths, the floor and zone helpers, and
 * the designer's actions that draw tables, booths, floors and zones.
 */

/** The map's geometry as the SDK draws a venue with tables and booths: with its venue part's placement. */
const computeGeometry = (objects: ObjectEntry[]) => computeRowsOnly(objects, undefined, undefined, addVenue);

describe("the SDK's reading of the compact form", () => {
  it("gives back exactly the full form's objects, in order, tables, booths, floors and zones included", async () => {
    for (const bareSeats of [false, true]) {
      const f = await newEvent({ layout: gala({ bareSeats }) });
      const full = (await api.objects(f)).body as { objects: ObjectEntry[]; zones: unknown; floors: unknown };
      const compact = (await api.objects(f, "?format=compact")).body as CompactObjects;
      const rows: unknown[] = [];
      // Such a layout is what the SDK loads its venue part for, which reads the tables and booths.
      expect(needsVenue(compact)).toBe(true);
      expect(decodeObjects(compact, rows as never, venueDecoder)).toEqual(full.objects);
      expect(compact.zones).toEqual(full.zones);
      expect(compact.floors).toEqual(full.floors);
      // The rows are the layout's rows only: a table's seats are no row.
      expect(rows).toHaveLength(1);
    }
  });

  it("needs no venue part for rows and standing areas alone, and leaves tables and booths out without one", async () => {
    const rowsOnly = await newEvent();
    expect(needsVenue((await api.objects(rowsOnly, "?format=compact")).body as CompactObjects)).toBe(false);
    const f = await newEvent({ layout: gala() });
    const compact = (await api.objects(f, "?format=compact")).body as CompactObjects;
    const types = new Set(decodeObjects(compact).map((o) => o.objectType));
    expect(types.has("table") || types.has("booth")).toBe(false);
    // Nor are tables drawn without the venue's placement.
    const full = ((await api.objects(f)).body as { objects: ObjectEntry[] }).objects;
    expect(computeRowsOnly(full).tables).toEqual([]);
  });
});

describe("the map's geometry of tables and booths", () => {
  it("draws each table at its place with its seats at theirs, booths at their boxes, all inside the bounds", async () => {
    const f = await newEvent({ layout: gala() });
    const objects = ((await api.objects(f)).body as { objects: ObjectEntry[] }).objects;
    const g = computeGeometry(objects);
    expect(g.tables.map((t) => t.label)).toEqual(["T1", "T2", "T3", "G1", "G2", "G3"]);
    expect(g.booths.map((b) => b.label)).toEqual(["HB1", "B1", "B2"]);
    const seat = new Map(g.seats.map((s) => [s.label, s]));
    // Every seat of every table is drawn, on the same side of its table as in the layout.
    const t1 = g.tables[0]!;
    for (const o of objects.filter((o) => o.objectType === "seat" && o.tableLabel === "T1")) {
      const s = seat.get(o.objectLabel)!;
      expect(Math.sign(Math.round(s.cx - t1.cx)), o.objectLabel).toBe(Math.sign(Math.round((o.x as number) - -120)));
    }
    const inside = (b: { x: number; y: number; width: number; height: number }) =>
      b.x >= g.bounds.x - 0.02 &&
      b.y >= g.bounds.y - 0.02 &&
      b.x + b.width <= g.bounds.x + g.bounds.width + 0.02 &&
      b.y + b.height <= g.bounds.y + g.bounds.height + 0.02;
    for (const b of g.booths) expect(inside(b), `${b.label} ${JSON.stringify(b)} ${JSON.stringify(g.bounds)}`).toBe(true);
    for (const s of g.seats)
      expect(inside({ x: s.cx - s.r, y: s.cy - s.r, width: 2 * s.r, height: 2 * s.r }), `${s.label} ${JSON.stringify(s)} ${JSON.stringify(g.bounds)}`).toBe(
        true,
      );
  });

  it("places seats the layout gives no x/y around their table, in list order", async () => {
    const f = await newEvent({ layout: gala({ bareSeats: true }) });
    const objects = ((await api.objects(f)).body as { objects: ObjectEntry[] }).objects;
    const g = computeGeometry(objects);
    const t1 = g.tables.find((t) => t.label === "T1")!;
    const first = g.seats.find((s) => s.label === "T1-1")!;
    // The first seat sits straight above a round table's centre, the next ones clockwise.
    expect(first.cx).toBeCloseTo(t1.cx, 5);
    expect(first.cy).toBeLessThan(t1.cy);
    const second = g.seats.find((s) => s.label === "T1-2")!;
    expect(second.cx).toBeGreaterThan(t1.cx);
  });

  it("lays out tables and booths without places on a grid under the rows, none overlapping", () => {
    const objects: ObjectEntry[] = [
      { objectLabel: "A-1", categoryKey: "c", objectType: "seat", sectionKey: "A", sectionLabel: "A", rowLabel: "1" },
      ...["T1", "T2"].flatMap((t): ObjectEntry[] => [
        { objectLabel: t, categoryKey: "c", objectType: "table", sectionKey: "T", sectionLabel: "Tables", shape: "round", seatLabels: [`${t}-1`, `${t}-2`] },
        ...[1, 2].map((i): ObjectEntry => ({
          objectLabel: `${t}-${i}`,
          categoryKey: "c",
          objectType: "seat",
          sectionKey: "T",
          sectionLabel: "Tables",
          tableLabel: t,
        })),
      ]),
      { objectLabel: "S1", categoryKey: "c", objectType: "booth" },
    ];
    const g = computeGeometry(objects);
    expect(g.tables).toHaveLength(2);
    expect(g.tables[1]!.cx).toBeGreaterThan(g.tables[0]!.cx + g.tables[0]!.width);
    const row = g.seats.find((s) => s.label === "A-1")!;
    for (const t of g.tables) expect(t.cy).toBeGreaterThan(row.cy);
    expect(g.booths[0]!.x).toBeGreaterThan(g.tables[1]!.cx);
  });
});

describe("floors and zones on the map", () => {
  it("shows a floor's objects and those on no floor; a zone's box holds its sections' objects", async () => {
    const f = await newEvent({ layout: gala() });
    const objects = ((await api.objects(f)).body as { objects: ObjectEntry[] }).objects;
    const ground = objects.filter((o) => onFloor(o, "ground")).map((o) => o.objectLabel);
    expect(ground).toContain("T1");
    expect(ground).toContain("B1");
    expect(ground).not.toContain("G1");
    expect(objects.filter((o) => onFloor(o, undefined))).toHaveLength(objects.length);
    const g = computeGeometry(objects.filter((o) => onFloor(o, "upper")));
    const box = zoneBox(g, new Map(objects.map((o) => [o.objectLabel, o])), new Set(["gallery"]))!;
    for (const t of g.tables) expect(t.cx > box.x && t.cx < box.x + box.width && t.cy > box.y && t.cy < box.y + box.height).toBe(true);
    expect(zoneBox(g, new Map(objects.map((o) => [o.objectLabel, o])), new Set(["nowhere"]))).toBeNull();
  });
});

describe("the designer's tables, booths, floors and zones", () => {
  const withCategory = { ...EMPTY_SCENE, categories: [{ key: "gala", label: "Gala", color: "#123456" }] };

  it("adds a round table of 8 with its seats around it, then a second table beside it in the same section", () => {
    const one = addTable(withCategory, { shape: "round", seats: 8, categoryKey: "gala", x: 100, y: 100 });
    expect(one.label).toBe("T1");
    const table = one.scene.sections[0]!.tables![0]!;
    expect(table.seats.map((s) => s.label)).toEqual(["T1-1", "T1-2", "T1-3", "T1-4", "T1-5", "T1-6", "T1-7", "T1-8"]);
    expect(table.seats.map((s) => ({ x: s.x, y: s.y }))).toEqual(tableSeatPoints({ shape: "round", x: 100, y: 100 }, 8));
    const two = addTable(one.scene, { sectionKey: one.sectionKey, shape: "rect", seats: 6, categoryKey: "gala", x: 100, y: 100 });
    expect(two.label).toBe("T2");
    const [a, b] = two.scene.sections[0]!.tables!;
    const boxA = tableBox({ shape: a!.shape, x: a!.x!, y: a!.y! }, 8);
    const boxB = tableBox({ shape: b!.shape, x: b!.x!, y: b!.y! }, 6);
    expect(boxB.x).toBeGreaterThanOrEqual(boxA.x + boxA.width);
    expect(checkScene(two.scene).ok).toBe(true);
    expect(labelsOf(two.scene).size).toBe(2 + 8 + 6);
    expect(removeTables(two.scene, new Set(["T1"])).sections[0]!.tables!.map((t) => t.label)).toEqual(["T2"]);
  });

  it("gives a category to a table's seats, and to the table when all its seats take it", () => {
    const scene = { ...withCategory, categories: [...withCategory.categories, { key: "vip", label: "VIP", color: "#654321" }] };
    const one = addTable(scene, { shape: "round", seats: 4, categoryKey: "gala", x: 0, y: 0 });
    const some = assignCategory(one.scene, new Set(["T1-1"]), "vip").sections[0]!.tables![0]!;
    expect(some.seats.map((s) => s.categoryKey)).toEqual(["vip", "gala", "gala", "gala"]);
    expect(some.categoryKey).toBe("gala");
    const all = assignCategory(one.scene, new Set(seatsOfSections(one.scene, new Set([one.sectionKey]))), "vip").sections[0]!.tables![0]!;
    expect(all.categoryKey).toBe("vip");
  });

  it("moves a section's tables with it", () => {
    const one = addTable(withCategory, { shape: "round", seats: 4, categoryKey: "gala", x: 0, y: 0 });
    const moved = moveSections(one.scene, new Set([one.sectionKey]), 10, -5).sections[0]!.tables![0]!;
    expect([moved.x, moved.y]).toEqual([10, -5]);
    expect(moved.seats[0]).toMatchObject({ x: one.scene.sections[0]!.tables![0]!.seats[0]!.x! + 10 });
  });

  it("never puts a new booth on a table or a booth, nor a new table on a booth: it goes to the right", () => {
    const table = addTable(withCategory, { shape: "round", seats: 8, categoryKey: "gala", x: 0, y: 0 });
    const top = table.scene.sections[0]!.tables![0]!;
    const tableRight = tableBox({ shape: "round", x: top.x!, y: top.y! }, 8);
    // Asked for right on the table: it stands beside it.
    const booth = addBooth(table.scene, { categoryKey: "gala", x: -30, y: -20, width: 60, height: 40 });
    const b = booth.scene.booths![0]!;
    expect(b.x).toBeGreaterThanOrEqual(tableRight.x + tableRight.width);
    expect(b.y).toBe(-20);
    // A second booth at the same spot goes past both.
    const second = addBooth(booth.scene, { categoryKey: "gala", x: -30, y: -20, width: 60, height: 40 }).scene.booths![1]!;
    expect(second.x).toBeGreaterThanOrEqual(b.x! + 60);
    // A table asked for on a booth stands beside the booth.
    const onBooth = addBooth(withCategory, { categoryKey: "gala", x: -30, y: -20, width: 60, height: 40 });
    const t = addTable(onBooth.scene, { shape: "round", seats: 4, categoryKey: "gala", x: 0, y: 0 });
    const placed = t.scene.sections[0]!.tables![0]!;
    expect(tableBox({ shape: "round", x: placed.x!, y: placed.y! }, 4).x).toBeGreaterThanOrEqual(30);
    // Free ground is used as asked.
    expect(addBooth(withCategory, { categoryKey: "gala", x: 500, y: 500, width: 60, height: 40 }).scene.booths![0]).toMatchObject({ x: 500, y: 500 });
  });

  it("adds floors, puts a section and a booth on them, groups sections in a zone, and removes a floor from what named it", () => {
    const table = addTable(withCategory, { shape: "round", seats: 4, categoryKey: "gala", x: 0, y: 0 });
    const ground = addFloor(table.scene, "Ground floor");
    const balcony = addFloor(ground.scene, "Balcony");
    expect([ground.key, balcony.key]).toEqual(["ground-floor", "balcony"]);
    let scene = setSectionFloor(balcony.scene, new Set([table.sectionKey]), "ground-floor");
    scene = addBooth(scene, { categoryKey: "gala", x: 0, y: 200, width: 60, height: 40, floorKey: "balcony" }).scene;
    scene = addZone(scene, "North stand", [table.sectionKey]).scene;
    expect(checkScene(scene).ok).toBe(true);
    expect(scene.booths![0]!.label).toBe("Booth 1");
    expect(scene.zones).toEqual([{ key: "north-stand", label: "North stand", sectionKeys: [table.sectionKey] }]);
    const without = removeFloor(scene, "balcony");
    expect(without.booths![0]!.floorKey).toBeUndefined();
    expect(without.sections[0]!.floorKey).toBe("ground-floor");
    expect(checkScene(without).ok).toBe(true);
    // A zone naming a section that is not there is refused, as the API refuses it.
    expect(checkScene(addZone(scene, "Ghost", ["nope"]).scene).ok).toBe(false);
  });
});
