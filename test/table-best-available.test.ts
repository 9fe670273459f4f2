import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Layout } from "../src/domain/layout";
import { Occupancy } from "../src/selling/occupancy";
import { sellingIndexOfLayout } from "../src/selling/selling-index";
import { tableBestAvailable } from "../src/selling/table-best-available";
import { api, expectError, newEvent, token } from "./support/fixtures";
import { referenceTableBestAvailable, type TableRefQuery, type TableRefResult } from "./support/table-reference";
import { bestAvailable, gala, putTableBooking, seatsOf } from "./support/tables";

/**
 * Best available for a party at tables (docs/tables.md): the pure search against its brute-force
 * reference (fast-check), then through the API: one table, the fewest tables, whole tables by the
 * smallest sum of seats, the focal point, filters, not enough seats, and the rules of each mode.
 */

/** The pure search's answer in the reference's terms. */
function service(layout: Layout, nonFree: ReadonlySet<string>, q: TableRefQuery): TableRefResult {
  const index = sellingIndexOfLayout(layout);
  const occupancy = Occupancy.fromNonFree(index, nonFree);
  const eligible = q.eligible ? Uint8Array.from(index.labels, (l) => (q.eligible!.has(l) ? 1 : 0)) : null;
  const result = tableBestAvailable(index, occupancy, { ...q, eligible, wholeOnly: (t) => q.wholeOnly.has(index.tables[t]!.label) }, layout.focalPoint ?? null);
  if (!result.ok) return { ok: false };
  return { ok: true, picks: result.picks.map((p) => ({ table: index.tables[p.table]!.label, labels: p.ids.map((id) => index.labels[id]!), whole: p.whole })) };
}

const coord = fc.integer({ min: -50, max: 50 });
const tableArb = fc.record({
  shape: fc.constantFrom("round" as const, "rect" as const),
  seats: fc.integer({ min: 1, max: 8 }),
  at: fc.option(fc.tuple(coord, coord), { nil: undefined }),
  seatCoords: fc.boolean(),
  category: fc.constantFrom("a", "b"),
});

/** Up to 8 tables over two sections, some without a position, with or without a focal point. */
const layoutArb = fc
  .record({
    tables: fc.array(fc.tuple(tableArb, fc.constantFrom("S1", "S2")), { minLength: 1, maxLength: 9 }),
    focal: fc.option(fc.tuple(coord, coord), { nil: undefined }),
  })
  .map(({ tables, focal }): Layout => {
    const sections = ["S1", "S2"].map((key) => ({
      key,
      label: key,
      rows: [] as Layout["sections"][number]["rows"],
      tables: [] as NonNullable<Layout["sections"][number]["tables"]>,
    }));
    tables.forEach(([t, section], i) => {
      const label = `T${i + 1}`;
      sections
        .find((s) => s.key === section)!
        .tables.push({
          label,
          shape: t.shape,
          categoryKey: t.category,
          ...(t.at ? { x: t.at[0], y: t.at[1] } : {}),
          seats: Array.from({ length: t.seats }, (_, k) => ({
            label: `${label}-${k + 1}`,
            categoryKey: k % 3 === 2 ? "b" : t.category,
            ...(t.seatCoords ? { x: (t.at?.[0] ?? 0) + k, y: (t.at?.[1] ?? 0) - k } : {}),
          })),
        });
    });
    const layout: Layout = {
      categories: [
        { key: "a", label: "A", color: "#000" },
        { key: "b", label: "B", color: "#111" },
      ],
      sections,
      generalAdmission: [],
    };
    if (focal) layout.focalPoint = { x: focal[0], y: focal[1] };
    return layout;
  });

const allSeats = (l: Layout) => l.sections.flatMap((s) => (s.tables ?? []).flatMap((t) => t.seats.map((x) => x.label)));
const allTables = (l: Layout) => l.sections.flatMap((s) => (s.tables ?? []).map((t) => t.label));

const caseArb = layoutArb.chain((layout) =>
  fc.record({
    layout: fc.constant(layout),
    // A third of the seats sold at most, so that most cases have an answer to compare.
    sold: fc.subarray(allSeats(layout), { maxLength: Math.ceil(allSeats(layout).length / 3) }),
    whole: fc.subarray(allTables(layout)),
    eligible: fc.option(
      fc.subarray(allSeats(layout)).map((l) => [...l, ...allSeats(layout).filter((_, i) => i % 2 === 0)]),
      { nil: undefined, freq: 4 },
    ),
    quantity: fc.integer({ min: 1, max: 12 }),
    categories: fc.option(fc.subarray(["a", "b"], { minLength: 1 }), { nil: undefined, freq: 4 }),
    sections: fc.option(fc.subarray(["S1", "S2"], { minLength: 1 }), { nil: undefined, freq: 4 }),
    preferWhole: fc.boolean(),
  }),
);

describe("best available at tables equals its reference", () => {
  it("on generated tables, sold seats, modes, filters and focal points", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const q: TableRefQuery = {
          quantity: c.quantity,
          wholeOnly: new Set(c.whole),
          preferWhole: c.preferWhole,
          ...(c.eligible ? { eligible: new Set(c.eligible) } : {}),
          ...(c.categories ? { categories: c.categories } : {}),
          ...(c.sections ? { sections: c.sections } : {}),
        };
        const sold = new Set(c.sold);
        expect(service(c.layout, sold, q)).toEqual(referenceTableBestAvailable(c.layout, sold, q));
      }),
      { numRuns: 3000 },
    );
  });

  it("answers the examples by hand: one table, the nearest, the fewest tables, the smallest whole sum", () => {
    const layout = gala({ tables: 3 });
    const none = new Set<string>();
    const q = (quantity: number, more: Partial<TableRefQuery> = {}) => service(layout, none, { quantity, wholeOnly: new Set(), ...more });
    // T2 is at x 0, nearest the stage; a party of 4 fits at one table, around it from its first seat.
    expect(q(4)).toEqual({ ok: true, picks: [{ table: "T2", labels: seatsOf(layout, "T2").slice(0, 4), whole: false }] });
    // Nine seats: no table has them; two tables, the nearest first.
    const nine = q(9);
    expect(nine.ok && nine.picks.map((p) => [p.table, p.labels.length])).toEqual([
      ["T2", 8],
      ["T1", 1],
    ]);
    // Whole tables: 6 fits T3 (6 seats) exactly, better than a table of 8.
    const whole = q(6, { wholeOnly: new Set(["T1", "T2", "T3", "G1", "G2", "G3"]) });
    expect(whole.ok && whole.picks.map((p) => p.table)).toEqual(["T3"]);
    const fourteen = q(14, { wholeOnly: new Set(["T1", "T2", "T3", "G1", "G2", "G3"]) });
    expect(fourteen.ok && fourteen.picks.map((p) => p.table)).toEqual(["T2", "T3"]);
    // A round table's free seats wrap past its last seat.
    const taken = new Set(seatsOf(layout, "T2").slice(2, 6));
    const wrapped = service(layout, taken, { quantity: 4, wholeOnly: new Set(), sections: ["hall"], categories: ["dinner"] });
    expect(wrapped.ok && wrapped.picks[0]!.labels).toEqual(["T2-7", "T2-8", "T2-1", "T2-2"]);
  });
});

describe("hold-best-available with tables over the API", () => {
  it("holds a party at one table, then the fewest tables, and answers 409 when table seats run out", async () => {
    const f = await newEvent({ layout: gala() });
    const party = await bestAvailable(f, { holdToken: token(), quantity: 6, tables: true });
    expect(party.status, JSON.stringify(party.body)).toBe(200);
    expect(party.body.tableLabels).toEqual(["T2"]);
    expect(party.body.nextToEachOther).toBe(true);
    expect(party.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(seatsOf(gala(), "T2").slice(0, 6));
    // Never a row seat or a booth.
    const ten = await bestAvailable(f, { holdToken: token(), quantity: 10, tables: true, sections: ["hall"] });
    expect(ten.status).toBe(200);
    expect(ten.body.tableLabels.length).toBe(2);
    expect(ten.body.objects.every((o: { objectLabel: string }) => /^T\d-\d$/.test(o.objectLabel))).toBe(true);
    expectError(await bestAvailable(f, { holdToken: token(), quantity: 50, tables: true }), 409, "no_best_available");
    expectError(
      await bestAvailable(f, { holdToken: token(), quantity: 2, tables: true, accessible: { wheelchair: 1, companions: 1 } }),
      400,
      "validation_failed",
    );
  });

  it("in by_table mode holds whole tables with the smallest sum of seats, and plain best available skips their seats", async () => {
    const f = await newEvent({ layout: gala() });
    await putTableBooking(f, { mode: "by_table" });
    const party = await bestAvailable(f, { holdToken: token(), quantity: 6, tables: true });
    expect(party.status, JSON.stringify(party.body)).toBe(200);
    expect(party.body.tableLabels).toEqual(["T3"]);
    expect(party.body.objects).toEqual([expect.objectContaining({ objectLabel: "T3", seatLabels: seatsOf(gala(), "T3") })]);
    // Without tables: only the row's seats may be taken one by one.
    const seats = await bestAvailable(f, { holdToken: token(), quantity: 4 });
    expect(seats.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["R-1", "R-2", "R-3", "R-4"]);
    expectError(await bestAvailable(f, { holdToken: token(), quantity: 1 }), 409, "no_best_available");
    // Seats held one by one earlier stop a table from being whole.
    const g = await newEvent({ layout: gala() });
    await putTableBooking(g, { mode: "by_table_or_seat", tables: { T1: "by_table", T2: "by_table", T3: "by_table" } });
    await api.hold(g, { objectLabels: ["G1-1", "G2-1", "G3-1"], holdToken: token() });
    expect((await bestAvailable(g, { holdToken: token(), quantity: 14, tables: true, sections: ["hall"] })).body.tableLabels).toEqual(["T2", "T3"]);
  });
});
