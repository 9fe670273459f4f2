import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Occupancy } from "../src/selling/occupancy";
import { sellingIndexOfLayout, type SellingIndex } from "../src/selling/selling-index";
import { layoutArb, nonFreeOf, seatLabels, soldArb } from "./selling-arbitraries";

/** Everything an occupancy answers, computed by reading every seat. */
function observe(index: SellingIndex, occupancy: Occupancy, masks: { sections: Uint8Array | null; categories: Uint8Array | null }[]) {
  const segments = [...index.segmentStart].map((start, s) => {
    let longest = 0;
    let current = 0;
    let free = 0;
    for (let id = start; id < index.segmentEnd[s]!; id++) {
      current = occupancy.isFree(id) ? current + 1 : 0;
      longest = Math.max(longest, current);
      if (occupancy.isFree(id)) free++;
    }
    return { free, longest, reported: { free: occupancy.freeIn(s), longest: occupancy.longestRun(s) } };
  });
  const counts = masks.map((m) => {
    let n = 0;
    for (let id = 0; id < index.size; id++)
      if (occupancy.isFree(id) && (!m.sections || m.sections[index.section[id]!] === 1) && (!m.categories || m.categories[index.category[id]!] === 1)) n++;
    return { n, reported: occupancy.countFree(m.sections, m.categories) };
  });
  return { free: [...occupancy.free], segments, counts };
}

const masksArb = fc.array(
  fc.record({
    sections: fc.option(fc.uint8Array({ min: 0, max: 1, minLength: 3, maxLength: 3 }), { nil: null }),
    categories: fc.option(fc.uint8Array({ min: 0, max: 1, minLength: 3, maxLength: 3 }), { nil: null }),
  }),
  { maxLength: 4 },
);

describe("occupancy", () => {
  it("after any sequence of changes equals one rebuilt from the non-free labels, and its summaries match a full read", () => {
    fc.assert(
      fc.property(
        layoutArb,
        soldArb,
        fc.array(fc.record({ seat: fc.integer({ min: 0, max: 200 }), free: fc.boolean() }), { maxLength: 60 }),
        masksArb,
        (layout, sold, changes, masks) => {
          const index = sellingIndexOfLayout(layout);
          const labels = seatLabels(layout);
          const nonFree = nonFreeOf(layout, sold);
          const live = Occupancy.fromNonFree(index, nonFree);
          // Interleave reads so the lazily cached longest runs are exercised between changes.
          changes.forEach((c, i) => {
            const label = c.seat < labels.length ? labels[c.seat]! : "GA";
            expect(live.set(label, c.free)).toBe(label !== "GA");
            if (label !== "GA") c.free ? nonFree.delete(label) : nonFree.add(label);
            if (i % 3 === 0) live.longestRun(index.segment[c.seat % index.size]!);
          });
          const rebuilt = Occupancy.fromNonFree(index, nonFree);
          const a = observe(index, live, masks);
          const b = observe(index, rebuilt, masks);
          expect(a).toEqual(b);
          for (const s of a.segments) expect(s.reported).toEqual({ free: s.free, longest: s.longest });
          for (const c of a.counts) expect(c.reported).toBe(c.n);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("ignores GA areas and unknown labels on wake, and setting a seat twice changes nothing", () => {
    const index = sellingIndexOfLayout({
      categories: [{ key: "c", label: "C", color: "#000" }],
      sections: [
        {
          key: "A",
          label: "A",
          rows: [
            {
              label: "1",
              seats: [
                { label: "s1", categoryKey: "c" },
                { label: "s2", categoryKey: "c" },
              ],
            },
          ],
        },
      ],
      generalAdmission: [{ label: "GA", categoryKey: "c", capacity: 3 }],
    });
    const occupancy = Occupancy.fromNonFree(index, ["GA", "nope", "s2", "s2"]);
    expect([...occupancy.free]).toEqual([1, 0]);
    occupancy.set("s1", false);
    occupancy.set("s1", false);
    expect(occupancy.freeIn(0)).toBe(0);
    expect(occupancy.countFree(null, null)).toBe(0);
    occupancy.setId(1, true);
    expect(occupancy.longestRun(0)).toBe(1);
    expect(occupancy.countFree(null, null)).toBe(1);
  });
});
