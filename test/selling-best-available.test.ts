import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Layout } from "../src/domain/layout";
import { bestAvailable, type BestAvailableQuery } from "../src/selling/best-available";
import { Occupancy } from "../src/selling/occupancy";
import { sellingIndexOfLayout } from "../src/selling/selling-index";
import { acceptArb, acceptOf, layoutArb, nonFreeOf, queryArb, soldArb } from "./selling-arbitraries";
import { referenceBestAvailable, type RefResult } from "./selling-reference";

/** The service's answer in the reference's terms (labels instead of ids). */
function service(layout: Layout, nonFree: Set<string>, query: BestAvailableQuery, accept?: (labels: readonly string[]) => boolean): RefResult {
  const index = sellingIndexOfLayout(layout);
  const occupancy = Occupancy.fromNonFree(index, nonFree);
  const result = bestAvailable(index, occupancy, query, accept && ((ids) => accept(ids.map((id) => index.labels[id]!))));
  if (result.ok) return { ok: true, labels: result.labels, nextToEachOther: result.nextToEachOther };
  return result.rejected ? { ok: false, reason: result.reason, rejected: result.rejected.labels } : { ok: false, reason: result.reason };
}

/** A row of `seats` seats S0-0-0 … on the x axis, the focal point at `focal` (or none). */
function row(seats: number, opts: { focal?: number; focalY?: number; aisleAfter?: number[]; coordinates?: boolean } = {}): Layout {
  const layout: Layout = {
    categories: [{ key: "c0", label: "c0", color: "#000" }],
    sections: [
      {
        key: "S0",
        label: "S0",
        rows: [
          {
            label: "1",
            seats: Array.from({ length: seats }, (_, i) => ({
              label: `S0-0-${i}`,
              categoryKey: "c0",
              ...(opts.coordinates === false ? {} : { x: i, y: 0 }),
              ...(opts.aisleAfter?.includes(i) ? { aisleAfter: true } : {}),
            })),
          },
        ],
      },
    ],
    generalAdmission: [],
  };
  if (opts.focal !== undefined) layout.focalPoint = { x: opts.focal, y: opts.focalY ?? -1 };
  return layout;
}

const sold = (...seats: number[]) => new Set(seats.map((i) => `S0-0-${i}`));

describe("best available equals the reference (docs/selling-rules.md)", () => {
  it("on generated layouts, sold states, filters, together and rule predicates", () => {
    fc.assert(
      fc.property(layoutArb, soldArb, queryArb, acceptArb, (layout, soldState, query, acceptSpec) => {
        const nonFree = nonFreeOf(layout, soldState);
        const accept = acceptOf(layout, acceptSpec);
        expect(service(layout, nonFree, query, accept)).toEqual(referenceBestAvailable(layout, nonFree, query, accept));
      }),
      { numRuns: 3000 },
    );
  });

  it("answers a run whenever one is allowed, and only seats that are free and match", () => {
    fc.assert(
      fc.property(layoutArb, soldArb, queryArb, (layout, soldState, query) => {
        const nonFree = nonFreeOf(layout, soldState);
        const answer = service(layout, nonFree, query);
        if (!answer.ok) return;
        expect(answer.labels).toHaveLength(query.quantity);
        for (const label of answer.labels) expect(nonFree.has(label)).toBe(false);
        if (query.together) expect(answer.nextToEachOther).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("best available, worked examples", () => {
  it("prefers the run nearest the focal point, mirror-image ties go to layout order", () => {
    expect(service(row(10, { focal: 4.5 }), sold(), { quantity: 2 })).toMatchObject({ labels: ["S0-0-4", "S0-0-5"] });
    // Free 1-2 and 7-8 at equal distance from 4.5 with orphan-free neighbours both sides.
    expect(service(row(10, { focal: 4.5 }), sold(0, 3, 4, 5, 6, 9), { quantity: 2 })).toMatchObject({ labels: ["S0-0-1", "S0-0-2"] });
  });

  it("mirror-image runs whose float means differ in the last bit tie, and layout order decides", () => {
    // Focal point (4.5, -4): the means of 1-2-3 and 6-7-8 come out one unit in the last place apart, 1-2-3 the larger.
    const layout = row(10, { focal: 4.5, focalY: -4 });
    const mean = (from: number) => [0, 1, 2].reduce((sum, i) => sum + Math.sqrt((from + i - 4.5) * (from + i - 4.5) + 16), 0) / 3;
    expect(mean(1)).toBeGreaterThan(mean(6));
    expect(service(layout, sold(0, 4, 5, 9), { quantity: 3 })).toMatchObject({ labels: ["S0-0-1", "S0-0-2", "S0-0-3"] });
  });

  it("a run that leaves no orphan beats a nearer one that does", () => {
    // Free 0..4: the nearest pairs 1-2 and 2-3 strand seat 0 or seat 4; 0-1 and 3-4 tie, layout order decides.
    expect(service(row(6, { focal: 2 }), sold(5), { quantity: 2 })).toMatchObject({ labels: ["S0-0-0", "S0-0-1"] });
    // Free 0..2 only: every run of 2 strands a seat, so the nearest orphan-leaving run is taken.
    expect(service(row(4, { focal: 3 }), sold(3), { quantity: 2 })).toMatchObject({ labels: ["S0-0-1", "S0-0-2"] });
  });

  it("an aisle splits runs and counts as an edge for orphans", () => {
    expect(service(row(6, { focal: 2.5, aisleAfter: [2] }), sold(), { quantity: 4 })).toMatchObject({ ok: true, nextToEachOther: false });
    expect(service(row(6, { focal: 2.5, aisleAfter: [2] }), sold(), { quantity: 4, together: true })).toEqual({ ok: false, reason: "no_run" });
    // Seats 0-2 | 3-5 with 0 sold: 1-2 fills its segment; 3-4 and 4-5 would each strand a seat against the aisle or the row's end.
    expect(service(row(6, { focal: 2.5, aisleAfter: [2] }), sold(0), { quantity: 2 })).toMatchObject({ labels: ["S0-0-1", "S0-0-2"] });
  });

  it("without coordinates: the run nearest the middle of the earliest row", () => {
    expect(service(row(9, { coordinates: false, focal: 0 }), sold(), { quantity: 3 })).toMatchObject({ labels: ["S0-0-3", "S0-0-4", "S0-0-5"] });
    expect(service(row(8, { coordinates: false }), sold(), { quantity: 3 })).toMatchObject({ labels: ["S0-0-2", "S0-0-3", "S0-0-4"] });
  });

  it("splits to the nearest free seats when no run exists, and says none when too few match", () => {
    expect(service(row(7, { focal: 3 }), sold(1, 3, 5), { quantity: 2 })).toEqual({ ok: true, labels: ["S0-0-2", "S0-0-4"], nextToEachOther: false });
    expect(service(row(3), sold(1), { quantity: 3 })).toEqual({ ok: false, reason: "not_enough_seats" });
    expect(service(row(3), sold(), { quantity: 1, categories: ["other"] })).toEqual({ ok: false, reason: "not_enough_seats" });
  });

  it("skips candidates the rules refuse and names the refused best when nothing is allowed", () => {
    // Orphan-free pairs 0-1 and 3-4 tie; the rules refuse seat 0, so 3-4.
    const noSeat0 = (labels: readonly string[]) => !labels.includes("S0-0-0");
    expect(service(row(5, { focal: 2 }), sold(), { quantity: 2 })).toMatchObject({ labels: ["S0-0-0", "S0-0-1"] });
    expect(service(row(5, { focal: 2 }), sold(), { quantity: 2 }, noSeat0)).toMatchObject({ labels: ["S0-0-3", "S0-0-4"] });
    expect(service(row(2), sold(), { quantity: 2 }, () => false)).toEqual({ ok: false, reason: "rejected", rejected: ["S0-0-0", "S0-0-1"] });
  });

  it("refuses a quantity outside 1..50", () => {
    const index = sellingIndexOfLayout(row(3));
    expect(() => bestAvailable(index, new Occupancy(index), { quantity: 0 })).toThrow(RangeError);
    expect(() => bestAvailable(index, new Occupancy(index), { quantity: 51 })).toThrow(RangeError);
  });
});
