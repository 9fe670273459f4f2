import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeGeometry, naturalCompare, rowKeyOf, rowsOf, seatPitch } from "../src/geometry/object-placement";
import { checkLimit, roomFor, type Holding } from "../src/sdk/limits";
import { checkBestAvailable, checkCounts, orphanLeftBy, roomUnderRules, seatPlaces } from "../src/sdk/selection-rules-precheck";
import type { AreaObject, SeatObject } from "../src/sdk/types";

// Pure parts of the browser SDK: where seats are drawn and how maxSelectedObjects counts.

const seat = (label: string, sectionKey = "A", extra: Partial<SeatObject> = {}): SeatObject => ({
  objectLabel: label,
  objectType: "seat",
  categoryKey: "stalls",
  sectionKey,
  sectionLabel: `Section ${sectionKey}`,
  ...extra,
});
const ga = (label: string, capacity = 50): AreaObject => ({
  objectLabel: label,
  objectType: "generalAdmission",
  categoryKey: "stalls",
  capacity,
  remaining: capacity,
  label,
});

describe("geometry", () => {
  it("orders labels naturally and derives rows from labels", () => {
    expect(["A-1-10", "A-1-2", "A-1-1"].sort(naturalCompare)).toEqual(["A-1-1", "A-1-2", "A-1-10"]);
    expect(rowKeyOf(seat("A-1-3"))).toBe("A-1");
    expect(rowKeyOf(seat("X", "A", { rowLabel: "R" }))).toBe("R");
    expect(rowKeyOf(seat("plain"))).toBe("");
  });

  it("lays out seats by section and row, in the layout's (physical) order, when there are no coordinates", () => {
    const objects = [seat("A-1-2"), seat("A-1-1"), seat("A-2-1"), seat("B-1-1", "B"), ga("Floor")];
    const g = computeGeometry(objects);
    expect(g.seats.map((s) => s.label).sort()).toEqual(["A-1-1", "A-1-2", "A-2-1", "B-1-1"]);
    const at = (l: string) => g.seats.find((s) => s.label === l)!;
    // docs/selling-rules.md: a row's seats are listed in their physical order, whatever their labels say.
    expect(at("A-1-2").cx).toBeLessThan(at("A-1-1").cx);
    expect(at("A-1-1").cy).toBe(at("A-1-2").cy);
    expect(at("A-2-1").cy).toBeGreaterThan(at("A-1-1").cy);
    expect(g.sections.map((s) => s.key)).toEqual(["A", "B"]);
    expect(g.areas).toHaveLength(1);
    // The GA band sits above the seats and inside the bounds.
    expect(g.areas[0].y + g.areas[0].height).toBeLessThanOrEqual(Math.min(...g.seats.map((s) => s.cy)));
    expect(g.bounds.y).toBeLessThanOrEqual(g.areas[0].y);
  });

  it("draws an aisle as a gap of one seat and keeps rows that share a label apart", () => {
    const front = [seat("A-1", "A", { rowLabel: "A" }), seat("A-2", "A", { rowLabel: "A", aisleAfter: true }), seat("A-3", "A", { rowLabel: "A" })];
    const back = [seat("A-4", "A", { rowLabel: "A" }), seat("A-5", "A", { rowLabel: "A" })];
    const g = computeGeometry([...front, ...back], [front, back]);
    const at = (l: string) => g.seats.find((s) => s.label === l)!;
    const pitch = at("A-2").cx - at("A-1").cx;
    expect(at("A-3").cx - at("A-2").cx).toBe(2 * pitch);
    expect(at("A-4").cy).toBeGreaterThan(at("A-1").cy);
    // Without the rows, seats of one section and row label are one row.
    expect(rowsOf([...front, ...back])).toHaveLength(1);
  });

  it("uses x/y when every seat has them, scaled to the seat pitch", () => {
    expect(
      seatPitch([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 30, y: 0 },
      ]),
    ).toBe(10);
    const g = computeGeometry([seat("A-1-1", "A", { x: 0, y: 0 }), seat("A-1-2", "A", { x: 10, y: 0 }), seat("A-2-1", "A", { x: 0, y: 10 })]);
    const [a, b, c] = ["A-1-1", "A-1-2", "A-2-1"].map((l) => g.seats.find((s) => s.label === l)!);
    expect(b.cx - a.cx).toBeCloseTo(c.cy - a.cy);
    expect(b.cx - a.cx).toBeGreaterThan(2 * a.r);
  });

  it("never puts two seats on the same spot, whatever the labels (property)", () => {
    const label = fc
      .tuple(fc.constantFrom("A", "B", "C"), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 60 }))
      .map(([s, r, n]) => `${s}-${r}-${n}`);
    fc.assert(
      fc.property(fc.uniqueArray(label, { minLength: 1, maxLength: 300 }), (labels) => {
        const g = computeGeometry(labels.map((l) => seat(l, l[0])));
        expect(g.seats).toHaveLength(labels.length);
        expect(new Set(g.seats.map((s) => `${s.cx},${s.cy}`)).size).toBe(labels.length);
        for (const s of g.seats) {
          expect(s.cx).toBeGreaterThanOrEqual(g.bounds.x);
          expect(s.cy).toBeLessThanOrEqual(g.bounds.y + g.bounds.height);
        }
      }),
      { numRuns: 50 },
    );
  });

  it("handles 100,000 seats without blowing the stack", () => {
    const objects = Array.from({ length: 100_000 }, (_, i) => seat(`S${i}`, `S${i % 20}`, { rowLabel: String(Math.floor(i / 20) % 50) }));
    const g = computeGeometry(objects);
    expect(g.seats).toHaveLength(100_000);
    expect(Number.isFinite(g.bounds.width)).toBe(true);
  });
});

describe("selection rules in the map", () => {
  const held = (label: string, categoryKey: string, quantity = 1): Holding => ({ objectLabel: label, categoryKey, quantity });

  it("counts seats and GA places per token, per category and per client at the boundary", () => {
    const current = [held("A-1", "vip"), held("Floor", "floor", 3)];
    expect(checkCounts({ maxSeatsPerToken: 5 }, current, held("A-2", "vip"))).toBeNull();
    expect(checkCounts({ maxSeatsPerToken: 4 }, current, held("A-2", "vip"))).toMatchObject({ reason: "max_seats_per_token", objectLabel: "A-2" });
    expect(checkCounts({ maxSeatsPerCategory: { vip: 2 } }, current, held("A-2", "vip"))).toBeNull();
    expect(checkCounts({ maxSeatsPerCategory: { vip: 1 } }, current, held("A-2", "vip"))).toMatchObject({ reason: "max_seats_per_category" });
    expect(checkCounts({ maxHeldSeatsPerClient: 4 }, current, held("A-2", "vip"))).toMatchObject({ reason: "client_hold_limit" });
    // A GA resize replaces the area's old quantity.
    expect(checkCounts({ maxSeatsPerToken: 5 }, current, held("Floor", "floor", 4))).toBeNull();
    expect(roomUnderRules({ maxSeatsPerToken: 5, maxSeatsPerCategory: { floor: 3 } }, current, "Floor", "floor")).toBe(3);
    // No rules: the per-client cap still applies with its default of 20 (the map's 1 seat leaves 19 places).
    expect(roomUnderRules({}, current, "Floor", "floor")).toBe(19);
    expect(checkCounts({}, [held("Floor", "floor", 20)], held("A-2", "vip"))).toMatchObject({ reason: "client_hold_limit" });
    expect(checkBestAvailable({ maxSeatsPerToken: 6 }, current, 3)).toMatchObject({ reason: "max_seats_per_token" });
    expect(checkBestAvailable({ maxSeatsPerCategory: { vip: 2 } }, current, 2)).toBeNull();
    expect(checkBestAvailable({ maxSeatsPerCategory: { vip: 2 } }, current, 2, ["vip"])).toMatchObject({ reason: "max_seats_per_category" });
  });

  it("finds the seat a hold would strand, across aisles and row ends", () => {
    // Row: 1 2 | 3 4 5 (an aisle after 2).
    const row = [seat("1"), seat("2", "A", { aisleAfter: true }), seat("3"), seat("4"), seat("5")];
    const places = seatPlaces([row]);
    const free = (taken: string[]) => (l: string) => !taken.includes(l);
    expect(orphanLeftBy(places, ["1"], free([]))).toBe("2"); // 2 has the aisle on its other side
    expect(orphanLeftBy(places, ["3"], free([]))).toBeNull();
    expect(orphanLeftBy(places, ["4"], free([]))).toBe("3");
    expect(orphanLeftBy(places, ["3", "4"], free([]))).toBe("5");
    expect(orphanLeftBy(places, ["4"], free(["5"]))).toBe("3");
    expect(orphanLeftBy(places, ["4"], free(["3"]))).toBe("5");
    // Seat 3 is already alone (4 taken, an aisle on its other side): holding 5 strands nobody new.
    expect(orphanLeftBy(places, ["5"], free(["4"]))).toBeNull();
    expect(orphanLeftBy(places, ["1", "2"], free([]))).toBeNull();
  });
});

describe("maxSelectedObjects", () => {
  const held = (label: string, categoryKey: string, quantity = 1): Holding => ({ objectLabel: label, categoryKey, quantity });

  it("a number caps the total", () => {
    const current = [held("A-1", "stalls"), held("A-2", "vip")];
    expect(checkLimit(2, current, held("A-3", "stalls"))).toEqual({ reason: "max_total", limit: 2 });
    expect(checkLimit(3, current, held("A-3", "stalls"))).toBeNull();
    expect(checkLimit(undefined, current, held("A-3", "stalls"))).toBeNull();
  });

  it("perCategory caps one category and leaves others free", () => {
    const max = { perCategory: { vip: 1 } };
    expect(checkLimit(max, [held("V-1", "vip")], held("V-2", "vip"))).toMatchObject({ reason: "max_per_category", categoryKey: "vip" });
    expect(checkLimit(max, [held("V-1", "vip")], held("S-1", "stalls"))).toBeNull();
    expect(checkLimit({ total: 4, perCategory: { vip: 2 } }, [held("a", "x"), held("b", "x"), held("c", "x")], held("d", "vip", 2))).toMatchObject({
      reason: "max_total",
    });
  });

  it("GA places count one each and a resize replaces the old quantity", () => {
    expect(checkLimit(4, [held("Floor", "stalls", 3)], held("Floor", "stalls", 4))).toBeNull();
    expect(checkLimit(4, [held("Floor", "stalls", 3), held("A-1", "stalls")], held("Floor", "stalls", 4))).toMatchObject({ reason: "max_total" });
    expect(roomFor(4, [held("A-1", "stalls")], "Floor", "stalls")).toBe(3);
    expect(roomFor({ total: 10, perCategory: { stalls: 2 } }, [held("A-1", "stalls")], "Floor", "stalls")).toBe(1);
    expect(roomFor(undefined, [], "Floor", "stalls")).toBe(Infinity);
  });
});
