import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Layout } from "../src/domain/layout";
import type { RuleViolation, SelectionRules } from "../src/domain/selling";
import { chooseBestAvailable } from "../src/selling/choose";
import { Occupancy } from "../src/selling/occupancy";
import { checkSeatHold, type RuleContext } from "../src/selling/rule-checks";
import { sellingIndexOfLayout } from "../src/selling/selling-index";
import { layoutArb, nonFreeOf, queryArb, soldArb } from "./selling-arbitraries";
import { referenceBestAvailable } from "./selling-reference";

/**
 * The selection rules of docs/selling-rules.md restated over the layout tree, and best available under them
 * checked against the reference: the object's decision equals "the reference's choice, skipping
 * whatever these rules refuse".
 */

interface Situation {
  rules: SelectionRules;
  token: Record<string, number>;
  client?: number;
}

function referenceViolations(layout: Layout, nonFree: ReadonlySet<string>, s: Situation, hold: readonly string[]): RuleViolation[] {
  if (hold.length === 0) return [];
  const seats = layout.sections.flatMap((sec) => sec.rows.flatMap((row) => row.seats.map((seat, i) => ({ ...seat, row: row.seats, i }))));
  const categoryOf = new Map(seats.map((seat) => [seat.label, seat.categoryKey]));
  const out: RuleViolation[] = [];
  const tokenTotal = Object.values(s.token).reduce((a, b) => a + b, 0);
  if (s.rules.maxSeatsPerToken !== undefined && tokenTotal + hold.length > s.rules.maxSeatsPerToken)
    for (const l of hold) out.push({ objectLabel: l, reason: "max_seats_per_token" });
  const caps = s.rules.maxSeatsPerCategory ?? {};
  const adds = (c: string) => hold.filter((l) => categoryOf.get(l) === c).length;
  for (const l of hold) {
    const c = categoryOf.get(l)!;
    if (caps[c] !== undefined && (s.token[c] ?? 0) + adds(c) > caps[c]) out.push({ objectLabel: l, reason: "max_seats_per_category" });
  }
  if (s.rules.maxHeldSeatsPerClient !== undefined && s.client !== undefined && s.client + hold.length > s.rules.maxHeldSeatsPerClient)
    for (const l of hold) out.push({ objectLabel: l, reason: "client_hold_limit" });
  if (s.rules.noOrphanSeats) {
    const freeBefore = (seat: (typeof seats)[0] | undefined) => seat !== undefined && !nonFree.has(seat.label);
    const freeAfter = (seat: (typeof seats)[0] | undefined) => freeBefore(seat) && !hold.includes(seat!.label);
    for (const seat of seats) {
      if (!freeAfter(seat)) continue;
      const l = seat.i > 0 && seat.row[seat.i - 1]!.aisleAfter !== true ? seats.find((x) => x.label === seat.row[seat.i - 1]!.label) : undefined;
      const r = seat.aisleAfter !== true && seat.i + 1 < seat.row.length ? seats.find((x) => x.label === seat.row[seat.i + 1]!.label) : undefined;
      if ((freeBefore(l) || freeBefore(r)) && !freeAfter(l) && !freeAfter(r)) out.push({ objectLabel: seat.label, reason: "orphan_seat" });
    }
  }
  return out;
}

const limit = fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined });
const situationArb: fc.Arbitrary<Situation> = fc.record({
  rules: fc.record(
    {
      maxSeatsPerToken: limit,
      maxSeatsPerCategory: fc.dictionary(fc.constantFrom("c0", "c1", "c2"), fc.integer({ min: 1, max: 4 })),
      noOrphanSeats: fc.boolean(),
      maxHeldSeatsPerClient: limit,
    },
    { requiredKeys: [] },
  ),
  token: fc.dictionary(fc.constantFrom("c0", "c1", "c2", "gone"), fc.integer({ min: 0, max: 3 })),
  client: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
});

function setUp(layout: Layout, nonFree: Set<string>, s: Situation) {
  const index = sellingIndexOfLayout(layout);
  const occupancy = Occupancy.fromNonFree(index, nonFree);
  const ctx: RuleContext = { rules: s.rules, token: new Map(Object.entries(s.token)), ...(s.client !== undefined ? { client: s.client } : {}) };
  return { index, occupancy, ctx };
}

describe("selection rules against their restatement", () => {
  it("checkSeatHold finds exactly the violations of any hold of free seats", () => {
    fc.assert(
      fc.property(layoutArb, soldArb, situationArb, fc.array(fc.integer({ min: 0, max: 107 }), { maxLength: 6 }), (layout, sold, s, picks) => {
        const nonFree = nonFreeOf(layout, sold);
        const { index, occupancy, ctx } = setUp(layout, nonFree, s);
        const free = index.labels.filter((l) => !nonFree.has(l));
        const hold = [...new Set(picks.filter((p) => p < free.length).map((p) => free[p]!))].sort((a, b) => index.ids.get(a)! - index.ids.get(b)!);
        const got = checkSeatHold(
          ctx,
          index,
          occupancy,
          hold.map((l) => index.ids.get(l)!),
        );
        const sortKey = (v: RuleViolation) => `${v.reason}:${String(index.ids.get(v.objectLabel)).padStart(4, "0")}`;
        expect(got.map(sortKey).sort()).toEqual(referenceViolations(layout, nonFree, s, hold).map(sortKey).sort());
      }),
      { numRuns: 1500 },
    );
  });
});

describe("best available under the rules", () => {
  it("is the reference's choice skipping what the rules refuse; a refusal names the unruled choice's violations", () => {
    fc.assert(
      fc.property(layoutArb, soldArb, situationArb, queryArb, (layout, sold, s, query) => {
        const nonFree = nonFreeOf(layout, sold);
        const { index, occupancy, ctx } = setUp(layout, nonFree, s);
        const ok = (labels: readonly string[]) => referenceViolations(layout, nonFree, s, labels).length === 0;
        const ref = referenceBestAvailable(layout, nonFree, query, ok);
        const got = chooseBestAvailable(index, occupancy, query, ctx);
        if (ref.ok) expect(got).toEqual({ ok: true, ids: ref.labels.map((l) => index.ids.get(l)), labels: ref.labels, nextToEachOther: ref.nextToEachOther });
        else if (ref.reason === "rejected")
          expect(got).toEqual({
            ok: false,
            code: "selection_rule_violated",
            failed: checkSeatHold(
              ctx,
              index,
              occupancy,
              ref.rejected!.map((l) => index.ids.get(l)!),
            ),
          });
        else expect(got).toEqual({ ok: false, code: "no_best_available" });
        if (got.ok) expect(referenceViolations(layout, nonFree, s, got.labels)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it("without rules it is plain best available", () => {
    const layout: Layout = {
      categories: [{ key: "c", label: "C", color: "#000" }],
      sections: [{ key: "A", label: "A", rows: [{ label: "1", seats: [0, 1, 2].map((i) => ({ label: `s${i}`, categoryKey: "c" })) }] }],
      generalAdmission: [],
    };
    const index = sellingIndexOfLayout(layout);
    expect(chooseBestAvailable(index, new Occupancy(index), { quantity: 2 }, null)).toEqual({
      ok: true,
      ids: [0, 1],
      labels: ["s0", "s1"],
      nextToEachOther: true,
    });
    expect(chooseBestAvailable(index, new Occupancy(index), { quantity: 4 }, null)).toEqual({ ok: false, code: "no_best_available" });
    const ctx: RuleContext = { rules: { maxSeatsPerToken: 1 }, token: new Map() };
    expect(chooseBestAvailable(index, new Occupancy(index), { quantity: 2 }, ctx)).toEqual({
      ok: false,
      code: "selection_rule_violated",
      failed: [
        { objectLabel: "s0", reason: "max_seats_per_token" },
        { objectLabel: "s1", reason: "max_seats_per_token" },
      ],
    });
  });
});
