import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Layout, SeatFeature } from "../src/domain/layout";
import { accessibleBestAvailable } from "../src/selling/accessible-best-available";
import { Occupancy } from "../src/selling/occupancy";
import { sellingIndexOfLayout } from "../src/selling/selling-index";
import { acceptArb, acceptOf, layoutArb, nonFreeOf, seatLabels, soldArb } from "./selling-arbitraries";
import { referenceBestAvailable } from "./selling-reference";

/**
 * Accessible best available (docs/accessibility.md) against the brute-force reference of docs/selling-rules.md: the
 * reference lists every run of the asked length, ranks them as docs/selling-rules.md says, and takes the first whose
 * seats are exactly the wheelchair spaces and companion seats asked for (and the rules allow).
 */

/** Per seat 0..9: 0-2 wheelchair, 3-5 companion, 6 both, else none. */
const featureArb = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 108, maxLength: 108 });

function withFeatures(layout: Layout, bits: number[]): Layout {
  let n = 0;
  for (const section of layout.sections)
    for (const row of section.rows)
      for (const seat of row.seats) {
        const b = bits[n++]!;
        const f: SeatFeature[] = b <= 2 ? ["wheelchair"] : b <= 5 ? ["companion"] : b === 6 ? ["wheelchair", "companion"] : [];
        if (f.length > 0) seat.features = f;
      }
  return layout;
}

/** The role a seat plays in a run: a seat with both features is a wheelchair space. */
function roleOf(layout: Layout): Map<string, "w" | "c" | null> {
  const out = new Map<string, "w" | "c" | null>();
  for (const s of layout.sections)
    for (const r of s.rows)
      for (const seat of r.seats) out.set(seat.label, seat.features?.includes("wheelchair") ? "w" : seat.features?.includes("companion") ? "c" : null);
  return out;
}

const accessibleArb = fc.record({ wheelchair: fc.integer({ min: 1, max: 2 }), companions: fc.integer({ min: 0, max: 3 }) });
const filterArb = (keys: string[]) => fc.oneof(fc.constant(undefined), fc.subarray(keys, { minLength: 1 }));

describe("accessible best available equals the reference (docs/accessibility.md)", () => {
  it("on generated layouts with features, sold states, filters and rule predicates", () => {
    fc.assert(
      fc.property(
        layoutArb,
        featureArb,
        soldArb,
        accessibleArb,
        filterArb(["c0", "c1", "c2"]),
        filterArb(["S0", "S1", "S2"]),
        acceptArb,
        (base, bits, sold, accessible, categories, sections, acceptSpec) => {
          const layout = withFeatures(base, bits);
          const nonFree = nonFreeOf(layout, sold);
          const accept = acceptOf(layout, acceptSpec);
          const roles = roleOf(layout);
          const q = accessible.wheelchair * (1 + accessible.companions);
          const mixOk = (labels: readonly string[]) =>
            labels.filter((l) => roles.get(l) === "w").length === accessible.wheelchair &&
            labels.filter((l) => roles.get(l) === "c").length === accessible.wheelchair * accessible.companions;
          const ref = referenceBestAvailable(
            layout,
            nonFree,
            { quantity: q, categories, sections, together: true },
            (labels) => mixOk(labels) && (accept?.(labels) ?? true),
          );

          const index = sellingIndexOfLayout(layout);
          const occupancy = Occupancy.fromNonFree(index, nonFree);
          const got = accessibleBestAvailable(
            index,
            occupancy,
            { accessible, categories, sections },
            accept && ((ids) => accept(ids.map((id) => index.labels[id]!))),
          );
          if (ref.ok) {
            expect(got.ok).toBe(true);
            if (got.ok) {
              expect(got.labels).toEqual(ref.labels);
              expect(got.nextToEachOther).toBe(true);
            }
          } else expect(got.ok).toBe(false);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("a row W C C takes the space and both companions; mixes it lacks are refused", () => {
    const layout: Layout = {
      categories: [{ key: "c0", label: "c0", color: "#000" }],
      sections: [
        {
          key: "S0",
          label: "S0",
          rows: [
            {
              label: "1",
              seats: [
                { label: "a", categoryKey: "c0" },
                { label: "w", categoryKey: "c0", features: ["wheelchair"] },
                { label: "c1", categoryKey: "c0", features: ["companion"] },
                { label: "c2", categoryKey: "c0", features: ["companion", "stepFree"] },
              ],
            },
          ],
        },
      ],
      generalAdmission: [],
    };
    const index = sellingIndexOfLayout(layout);
    const occ = Occupancy.fromNonFree(index, new Set());
    const r = accessibleBestAvailable(index, occ, { accessible: { wheelchair: 1, companions: 2 } });
    expect(r.ok && r.labels).toEqual(["w", "c1", "c2"]);
    expect(accessibleBestAvailable(index, occ, { accessible: { wheelchair: 1, companions: 3 } }).ok).toBe(false);
    expect(seatLabels(layout)).toHaveLength(4);
  });
});
