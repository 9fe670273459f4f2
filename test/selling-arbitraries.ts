import fc from "fast-check";
import type { Layout } from "../src/domain/layout";

/**
 * Small layouts and sold states for the selling property tests: up to 3 sections of up to 4 rows
 * of up to 9 seats, aisles, up to 3 categories, coordinates on a grid (so that exact and
 * near-exact distance ties are common), on random points, partly missing or absent, with or
 * without a focal point. Row labels repeat on purpose: rows are told apart by position.
 */

const CATEGORIES = ["c0", "c1", "c2"];

const seatArb = fc.record({ category: fc.integer({ min: 0, max: 2 }), aisleAfter: fc.oneof(fc.constant(undefined), fc.constant(false), fc.constant(true)) });
const rowArb = fc.array(seatArb, { minLength: 1, maxLength: 9 });
const sectionArb = fc.array(rowArb, { minLength: 1, maxLength: 4 });

export const layoutArb: fc.Arbitrary<Layout> = fc
  .record({
    sections: fc.array(sectionArb, { minLength: 1, maxLength: 3 }),
    categories: fc.integer({ min: 1, max: 3 }),
    coordinates: fc.constantFrom("grid", "random", "some", "none"),
    focal: fc.option(fc.record({ x: fc.integer({ min: -2, max: 10 }), y: fc.integer({ min: -3, max: 12 }) }), { nil: undefined }),
    randomPoints: fc.array(fc.record({ x: fc.integer({ min: -5, max: 5 }), y: fc.integer({ min: -5, max: 5 }) }), { minLength: 108, maxLength: 108 }),
    repeatRowLabels: fc.boolean(),
  })
  .map(({ sections, categories, coordinates, focal, randomPoints, repeatRowLabels }) => {
    let n = 0;
    const layout: Layout = {
      categories: CATEGORIES.slice(0, categories).map((key) => ({ key, label: key, color: "#000" })),
      sections: sections.map((rows, s) => ({
        key: `S${s}`,
        label: `S${s}`,
        rows: rows.map((seats, r) => ({
          label: repeatRowLabels ? "" : `${r}`,
          seats: seats.map((seat, i) => {
            const point = randomPoints[n++]!;
            const out: Layout["sections"][0]["rows"][0]["seats"][0] = { label: `S${s}-${r}-${i}`, categoryKey: CATEGORIES[seat.category % categories]! };
            if (seat.aisleAfter !== undefined) out.aisleAfter = seat.aisleAfter;
            if (coordinates === "grid" || (coordinates === "some" && n % 7 !== 0)) Object.assign(out, { x: i, y: r + 5 * s });
            if (coordinates === "random") Object.assign(out, point);
            return out;
          }),
        })),
      })),
      generalAdmission: [{ label: "GA", categoryKey: "c0", capacity: 10 }],
    };
    if (focal) layout.focalPoint = focal;
    return layout;
  });

/** Every seat label of a layout, in layout order. */
export function seatLabels(layout: Layout): string[] {
  return layout.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((seat) => seat.label)));
}

/** A sold state: per seat a number 0..99, sold when below `density` (0..100). */
export const soldArb = fc.record({
  bits: fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 108, maxLength: 108 }),
  density: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 100 })),
});

export function nonFreeOf(layout: Layout, sold: { bits: number[]; density: number }): Set<string> {
  return new Set(seatLabels(layout).filter((_, i) => sold.bits[i]! < sold.density));
}

/** A filter list, absent half of the time. */
const filterArb = (keys: string[]) => fc.oneof(fc.constant(undefined), fc.subarray(keys, { minLength: 1 }));

export const queryArb = fc.record({
  quantity: fc.integer({ min: 1, max: 5 }),
  categories: filterArb(["c0", "c1", "c2", "nope"]),
  sections: filterArb(["S0", "S1", "S2"]),
  together: fc.option(fc.boolean(), { nil: undefined }),
});

/**
 * A selection-rule stand-in for the `accept` predicate: none, a set of seats it never gives, or a
 * cap on category c0 (both judge partial answers as whole ones, like the real rules).
 */
export type AcceptSpec = undefined | { kind: "banned"; banned: number[] } | { kind: "cap"; cap: number };

export const acceptArb: fc.Arbitrary<AcceptSpec> = fc.oneof(
  fc.constant(undefined),
  fc.array(fc.integer({ min: 0, max: 107 }), { maxLength: 20 }).map((banned) => ({ kind: "banned" as const, banned })),
  fc.integer({ min: 0, max: 3 }).map((cap) => ({ kind: "cap" as const, cap })),
);

/** The predicate over labels that an {@link acceptArb} value stands for. */
export function acceptOf(layout: Layout, spec: AcceptSpec): ((labels: readonly string[]) => boolean) | undefined {
  if (spec === undefined) return undefined;
  const labels = seatLabels(layout);
  if (spec.kind === "banned") {
    const banned = new Set(spec.banned.map((i) => labels[i]));
    return (chosen: readonly string[]) => !chosen.some((l) => banned.has(l));
  }
  const category = new Map(layout.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((seat) => [seat.label, seat.categoryKey] as const))));
  return (chosen: readonly string[]) => chosen.filter((l) => category.get(l) === "c0").length <= spec.cap;
}
