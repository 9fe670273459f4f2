import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { publishImpact, type Reservation } from "../src/domain/publish-impact";
import { indexLayout, type Layout } from "../src/domain/layout";
import { parseLayout } from "../src/domain/layout-schema";
import { smallLayout } from "./support/fixtures";

const base = () => parseLayout(smallLayout(4, 50));
const seat = (objectLabel: string, categoryKey: string, held: number, booked: number): Reservation => ({
  objectLabel,
  objectType: "seat",
  categoryKey,
  held,
  booked,
});
const ga = (objectLabel: string, categoryKey: string, held: number, booked: number): Reservation => ({
  objectLabel,
  objectType: "generalAdmission",
  categoryKey,
  held,
  booked,
});

describe("publishImpact", () => {
  const reserved = [seat("A-1-1", "stalls", 1, 0), seat("A-1-2", "balcony", 0, 1), ga("Floor", "stalls", 10, 20)];

  it("finds nothing when the layout is unchanged", () => {
    expect(publishImpact(indexLayout(base()), reserved)).toEqual([]);
  });

  it("reports a removed seat and a removed GA area", () => {
    const next = base();
    next.sections[0]!.rows[0]!.seats.shift();
    next.generalAdmission = [];
    expect(publishImpact(indexLayout(next), reserved)).toEqual([
      { objectLabel: "A-1-1", reason: "removed", held: 1, booked: 0 },
      { objectLabel: "Floor", reason: "removed", held: 10, booked: 20 },
    ]);
  });

  it("reports every reserved object as removed on unpublish (null layout)", () => {
    expect(publishImpact(null, reserved).map((e) => e.reason)).toEqual(["removed", "removed", "removed"]);
  });

  it("reports a seat turned into a GA area and a GA area turned into a seat", () => {
    const next = base();
    next.sections[0]!.rows[0]!.seats = next.sections[0]!.rows[0]!.seats.filter((s) => s.label !== "A-1-2");
    next.generalAdmission = [{ label: "A-1-2", categoryKey: "balcony", capacity: 5 }];
    next.sections[0]!.rows[0]!.seats.push({ label: "Floor", categoryKey: "stalls" });
    expect(publishImpact(indexLayout(next), reserved)).toEqual([
      { objectLabel: "A-1-2", reason: "object_type_changed", held: 0, booked: 1 },
      { objectLabel: "Floor", reason: "object_type_changed", held: 10, booked: 20 },
    ]);
  });

  it("reports a category change of a seat and of a GA area", () => {
    const next = base();
    next.sections[0]!.rows[0]!.seats[0]!.categoryKey = "balcony";
    next.generalAdmission[0]!.categoryKey = "balcony";
    expect(publishImpact(indexLayout(next), reserved)).toEqual([
      { objectLabel: "A-1-1", reason: "category_changed", held: 1, booked: 0 },
      { objectLabel: "Floor", reason: "category_changed", held: 10, booked: 20 },
    ]);
  });

  it.each([
    [29, [{ objectLabel: "Floor", reason: "capacity_below_reserved", held: 10, booked: 20 }]],
    [30, []],
    [31, []],
  ])("GA capacity %i against 30 reserved", (capacity, expected) => {
    const next = base();
    next.generalAdmission[0]!.capacity = capacity;
    expect(publishImpact(indexLayout(next), reserved)).toEqual(expected);
  });

  it("ignores objects with nothing held or booked", () => {
    expect(publishImpact(null, [seat("A-1-1", "stalls", 0, 0), ga("Floor", "stalls", 0, 0)])).toEqual([]);
  });

  it("ignores changes to coordinates, labels of sections and unreserved objects", () => {
    const next = base();
    next.sections[0]!.label = "Renamed";
    next.sections[0]!.rows[0]!.seats[0]!.x = 999;
    next.sections[0]!.rows[0]!.seats.pop();
    expect(publishImpact(indexLayout(next), [seat("A-1-1", "stalls", 1, 0)])).toEqual([]);
  });
});

/** Arbitrary valid layouts: unique labels, categories from a fixed set. */
const layoutArb: fc.Arbitrary<Layout> = fc
  .record({
    seats: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 30 }),
    ga: fc.array(fc.integer({ min: 1, max: 100 }), { maxLength: 4 }),
    cats: fc.array(fc.constantFrom("a", "b", "c"), { minLength: 34, maxLength: 34 }),
  })
  .map(({ seats, ga, cats }) => ({
    categories: ["a", "b", "c"].map((key) => ({ key, label: key, color: "#000" })),
    sections: [
      { key: "S", label: "S", rows: [{ label: "1", seats: seats.map((label, i) => ({ label: `s:${label}`, categoryKey: cats[i % cats.length]! })) }] },
    ],
    generalAdmission: ga.map((capacity, i) => ({ label: `ga:${i}`, categoryKey: cats[i]!, capacity })),
  }));

describe("publishImpact properties", () => {
  it("an unchanged layout never has impact, whatever is reserved within capacity", () => {
    fc.assert(
      fc.property(layoutArb, fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat())), (layout, picks) => {
        const index = indexLayout(parseLayout(layout));
        const objects = [...index.values()];
        const reserved: Reservation[] =
          objects.length === 0
            ? []
            : picks.map(([i, h, b]) => {
                const o = objects[i % objects.length]!;
                const cap = o.objectType === "seat" ? 1 : o.capacity!;
                const held = h % (cap + 1);
                const booked = o.objectType === "seat" ? (held ? 0 : b % 2) : b % (cap - held + 1);
                return { objectLabel: o.label, objectType: o.objectType, categoryKey: o.categoryKey, held, booked };
              });
        expect(publishImpact(index, reserved)).toEqual([]);
      }),
    );
  });

  it("every reserved object is reported exactly when the next layout lacks it or changes it", () => {
    fc.assert(
      fc.property(layoutArb, layoutArb, (current, next) => {
        const now = indexLayout(current);
        const after = indexLayout(next);
        const reserved = [...now.values()].map((o) => ({ objectLabel: o.label, objectType: o.objectType, categoryKey: o.categoryKey, held: 1, booked: 0 }));
        const reported = new Set(publishImpact(after, reserved).map((e) => e.objectLabel));
        for (const r of reserved) {
          const o = after.get(r.objectLabel);
          const affected = !o || o.objectType !== r.objectType || o.categoryKey !== r.categoryKey || (o.objectType === "generalAdmission" && o.capacity! < 1);
          expect(reported.has(r.objectLabel)).toBe(affected);
        }
      }),
    );
  });
});
