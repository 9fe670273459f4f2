import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indexLayout, type Layout } from "../src/domain/layout";
import { buildSellingIndex, sellingIndexOfLayout } from "../src/selling/selling-index";
import { layoutArb, seatLabels } from "./selling-arbitraries";

const cat = [{ key: "c", label: "C", color: "#000" }];
const seat = (label: string, extra: Record<string, unknown> = {}) => ({ label, categoryKey: "c", ...extra });

describe("selling index", () => {
  it("numbers seats in layout order, splits rows into segments at aisles, and maps labels both ways", () => {
    const layout: Layout = {
      categories: cat,
      sections: [
        { key: "A", label: "A", rows: [{ label: "1", seats: [seat("a1"), seat("a2", { aisleAfter: true }), seat("a3"), seat("a4", { aisleAfter: true })] }] },
        { key: "B", label: "B", rows: [{ label: "1", seats: [seat("b1", { aisleAfter: false }), seat("b2")] }] },
      ],
      generalAdmission: [{ label: "GA", categoryKey: "c", capacity: 5 }],
    };
    const index = sellingIndexOfLayout(layout);
    expect(index.size).toBe(6);
    expect(index.labels).toEqual(["a1", "a2", "a3", "a4", "b1", "b2"]);
    expect(index.ids.get("b1")).toBe(4);
    expect(index.ids.has("GA")).toBe(false);
    expect([...index.segment]).toEqual([0, 0, 1, 1, 2, 2]);
    expect([...index.row]).toEqual([0, 0, 0, 0, 1, 1]);
    expect([...index.position]).toEqual([0, 1, 2, 3, 0, 1]);
    expect([...index.section]).toEqual([0, 0, 0, 0, 1, 1]);
    expect(index.sectionKeys).toEqual(["A", "B"]);
    expect(index.distance).toBeNull();
  });

  it("tells apart rows that share a label, from the layout or from objects that carry rowIndex", () => {
    const layout: Layout = {
      categories: cat,
      sections: [
        {
          key: "A",
          label: "A",
          rows: [
            { label: "", seats: [seat("x")] },
            { label: "", seats: [seat("y"), seat("z")] },
          ],
        },
      ],
      generalAdmission: [],
    };
    expect([...sellingIndexOfLayout(layout).row]).toEqual([0, 1, 1]);
    // Objects read back without rowIndex fall back to the label: rows of one label merge.
    const bare = [...indexLayout(layout).values()].map(({ rowIndex: _drop, ...o }) => o);
    expect([...buildSellingIndex(bare).row]).toEqual([0, 0, 0]);
  });

  it("keeps distances only when the layout has a focal point and every seat has coordinates", () => {
    const base: Layout = {
      categories: cat,
      sections: [{ key: "A", label: "A", rows: [{ label: "1", seats: [seat("p", { x: 3, y: 4 }), seat("q", { x: 0, y: 1 })] }] }],
      generalAdmission: [],
    };
    expect(sellingIndexOfLayout(base).distance).toBeNull();
    const focal = sellingIndexOfLayout({ ...base, focalPoint: { x: 0, y: 0 } });
    expect([...focal.distance!]).toEqual([5, 1]);
    expect([...focal.segmentBound!]).toEqual([1]);
    const partial = structuredClone(base);
    delete partial.sections[0]!.rows[0]!.seats[1]!.y;
    expect(sellingIndexOfLayout({ ...partial, focalPoint: { x: 0, y: 0 } }).distance).toBeNull();
  });

  it("agrees with the layout tree on generated layouts", () => {
    fc.assert(
      fc.property(layoutArb, (layout) => {
        const index = sellingIndexOfLayout(layout);
        expect(index.labels).toEqual(seatLabels(layout));
        let id = 0;
        layout.sections.forEach((section) =>
          section.rows.forEach((row) =>
            row.seats.forEach((s, i) => {
              expect(index.categoryKeys[index.category[id]!]).toBe(s.categoryKey);
              expect(index.sectionKeys[index.section[id]!]).toBe(section.key);
              expect(index.position[id]).toBe(i);
              expect(index.rowLength[index.row[id]!]).toBe(row.seats.length);
              const adjacentToNext = i + 1 < row.seats.length && s.aisleAfter !== true;
              expect(index.segment[id] === index.segment[id + 1]).toBe(adjacentToNext);
              expect(index.ids.get(s.label)).toBe(id);
              id++;
            }),
          ),
        );
        // Segments come out by nondecreasing bound, every segment once.
        expect([...index.segmentsByBound].sort((a, b) => a - b)).toEqual([...index.segmentStart].map((_, s) => s));
        if (index.segmentBound)
          for (let k = 1; k < index.segmentsByBound.length; k++)
            expect(index.segmentBound[index.segmentsByBound[k]!]).toBeGreaterThanOrEqual(index.segmentBound[index.segmentsByBound[k - 1]!]!);
      }),
      { numRuns: 300 },
    );
  });
});
