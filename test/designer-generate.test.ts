import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SectionGenerator } from "../src/domain/layout";
import { parseLayout } from "../src/domain/layout-schema";
import { defaultGenerator, formatLabel, generateSection, letters, localRows, rowLabelAt, rowOffsets, seatNumberAt } from "../src/designer/generate";

// The designer's section generator (docs/dashboard.md#the-chart-designer): pure functions, unit- and property-tested.

const generatorArb: fc.Arbitrary<SectionGenerator> = fc
  .record({
    rows: fc.integer({ min: 1, max: 12 }),
    seatsPerRow: fc.integer({ min: 1, max: 30 }),
    rowLabels: fc.constantFrom("letters" as const, "numbers" as const),
    rowStart: fc.integer({ min: 1, max: 60 }),
    rowsReversed: fc.boolean(),
    seatNumbering: fc.constantFrom("left-to-right" as const, "right-to-left" as const, "odd" as const, "even" as const),
    seatSpacing: fc.integer({ min: 10, max: 60 }),
    rowSpacing: fc.integer({ min: 10, max: 80 }),
    curve: fc.integer({ min: -120, max: 120 }),
    skew: fc.integer({ min: -40, max: 40 }),
    aisleSeeds: fc.array(fc.integer({ min: 1, max: 29 }), { maxLength: 3 }),
  })
  .map(({ aisleSeeds, ...g }) => ({
    ...g,
    aisles: [...new Set(aisleSeeds.filter((a) => a < g.seatsPerRow))].sort((a, b) => a - b),
    labelPattern: "{section}-{row}-{seat}",
    categoryKey: "std",
  }));

const placementArb = fc.record({
  key: fc.constantFrom("A", "B", "Stalls"),
  label: fc.constant("Section"),
  x: fc.integer({ min: -2000, max: 2000 }),
  y: fc.integer({ min: -2000, max: 2000 }),
  rotation: fc.integer({ min: -180, max: 180 }),
});

describe("labels and numbers", () => {
  it("letters run A…Z, AA, AB … like spreadsheet columns", () => {
    expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map(letters)).toEqual(["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
  });

  it("row labels go A, B, C … or 1, 2, 3 …, front to back or back to front", () => {
    const g = { rows: 3, rowLabels: "letters" as const, rowStart: 1, rowsReversed: false };
    expect([0, 1, 2].map((r) => rowLabelAt(g, r))).toEqual(["A", "B", "C"]);
    expect([0, 1, 2].map((r) => rowLabelAt({ ...g, rowsReversed: true }, r))).toEqual(["C", "B", "A"]);
    expect([0, 1, 2].map((r) => rowLabelAt({ ...g, rowLabels: "numbers", rowStart: 5 }, r))).toEqual(["5", "6", "7"]);
  });

  it("seat numbers: left to right, right to left, odd, even", () => {
    const at = (n: Parameters<typeof seatNumberAt>[0]) => [0, 1, 2, 3].map((i) => seatNumberAt(n, i, 4));
    expect(at("left-to-right")).toEqual([1, 2, 3, 4]);
    expect(at("right-to-left")).toEqual([4, 3, 2, 1]);
    expect(at("odd")).toEqual([1, 3, 5, 7]);
    expect(at("even")).toEqual([2, 4, 6, 8]);
  });

  it("a pattern replaces {section}, {row} and {seat} and keeps the rest", () => {
    expect(formatLabel("{section}-{row}-{seat}", { section: "A", row: "C", seat: 7 })).toBe("A-C-7");
    expect(formatLabel("Row {row} seat {seat} ({section}) {other}", { section: "S", row: "1", seat: 2 })).toBe("Row 1 seat 2 (S) {other}");
  });

  it("an aisle adds one seat spacing after its seat; offsets are centred", () => {
    expect(rowOffsets({ seatsPerRow: 4, seatSpacing: 10, aisles: [2] })).toEqual([-20, -10, 10, 20]);
    expect(rowOffsets({ seatsPerRow: 1, seatSpacing: 10, aisles: [] })).toEqual([0]);
  });
});

describe("generateSection", () => {
  it("makes rows × seats per row seats with unique labels the API accepts (property)", () => {
    fc.assert(
      fc.property(generatorArb, placementArb, (g, at) => {
        const section = generateSection(g, at);
        const seats = section.rows.flatMap((r) => r.seats);
        expect(section.rows).toHaveLength(g.rows);
        expect(seats).toHaveLength(g.rows * g.seatsPerRow);
        expect(new Set(seats.map((s) => s.label)).size).toBe(seats.length);
        const layout = parseLayout({ categories: [{ key: "std", label: "Standard", color: "#123456" }], sections: [section] });
        expect(layout.sections[0]).toEqual(section);
      }),
      { numRuns: 150 },
    );
  });

  it("keeps the seat spacing along every row, on arcs and turned (property)", () => {
    fc.assert(
      fc.property(generatorArb, placementArb, (g, at) => {
        const section = generateSection({ ...g, skew: 0 }, at);
        for (const row of section.rows)
          for (let i = 1; i < row.seats.length; i++) {
            const [a, b] = [row.seats[i - 1]!, row.seats[i]!];
            const along = Math.hypot(b.x! - a.x!, b.y! - a.y!);
            const gap = a.aisleAfter ? 2 * g.seatSpacing : g.seatSpacing;
            // An arc's chord is a little shorter than its arc (at the tightest radius the generator
            // allows, one seat spacing, 2·sin(1)/2 of an aisle's gap); rounding to 0.01 adds at most 0.03.
            expect(along).toBeLessThanOrEqual(gap + 0.03);
            expect(along).toBeGreaterThan(gap * 0.8);
          }
      }),
      { numRuns: 150 },
    );
  });

  it("puts aisleAfter exactly on the seats the aisles name, never on a row's last seat (property)", () => {
    fc.assert(
      fc.property(generatorArb, (g) => {
        const section = generateSection(g, { key: "A", label: "A", x: 0, y: 0, rotation: 0 });
        for (const row of section.rows) expect(row.seats.flatMap((s, i) => (s.aisleAfter ? [i + 1] : []))).toEqual(g.aisles);
      }),
    );
  });

  it("turning a section moves no seat relative to another (property)", () => {
    fc.assert(
      fc.property(generatorArb, fc.integer({ min: -180, max: 180 }), (g, rotation) => {
        const flat = generateSection(g, { key: "A", label: "A", x: 0, y: 0, rotation: 0 }).rows.flatMap((r) => r.seats);
        const turned = generateSection(g, { key: "A", label: "A", x: 0, y: 0, rotation }).rows.flatMap((r) => r.seats);
        const d = (s: typeof flat, i: number, j: number) => Math.hypot(s[i]!.x! - s[j]!.x!, s[i]!.y! - s[j]!.y!);
        for (let i = 1; i < flat.length; i += Math.max(1, Math.floor(flat.length / 12))) expect(d(turned, 0, i)).toBeCloseTo(d(flat, 0, i), 1);
      }),
    );
  });

  it("a positive curve brings a row's ends toward the stage (smaller y) and keeps it symmetric", () => {
    const [front] = localRows({ ...defaultGenerator("c"), rows: 1, seatsPerRow: 11, curve: 60 });
    expect(front![0]!.y).toBeLessThan(front![5]!.y);
    expect(front![0]!.y).toBeCloseTo(front![10]!.y, 9);
    expect(front![0]!.x).toBeCloseTo(-front![10]!.x, 9);
    const [back] = localRows({ ...defaultGenerator("c"), rows: 1, seatsPerRow: 11, curve: -60 });
    expect(back![0]!.y).toBeGreaterThan(back![5]!.y);
  });

  it("skew shears rows sideways by tan(skew) per unit of depth", () => {
    const rows = localRows({ ...defaultGenerator("c"), rows: 2, seatsPerRow: 1, rowSpacing: 10, skew: 45 });
    expect(rows[1]![0]!.x - rows[0]![0]!.x).toBeCloseTo(10, 9);
  });

  it("regenerating keeps each seat's category by row and position", () => {
    const g = { ...defaultGenerator("std"), rows: 2, seatsPerRow: 3 };
    const first = generateSection(g, { key: "A", label: "A", x: 0, y: 0, rotation: 0 });
    first.rows[1]!.seats[2]!.categoryKey = "vip";
    const wider = generateSection({ ...g, seatsPerRow: 4, curve: 20 }, { key: "A", label: "A", x: 0, y: 0, rotation: 0 }, first);
    expect(wider.rows[1]!.seats.map((s) => s.categoryKey)).toEqual(["std", "std", "vip", "std"]);
  });

  it("a pattern without {seat} gives duplicate labels, which the API's schema refuses", () => {
    const section = generateSection({ ...defaultGenerator("std"), labelPattern: "{section}-{row}" }, { key: "A", label: "A", x: 0, y: 0, rotation: 0 });
    expect(() => parseLayout({ categories: [{ key: "std", label: "S", color: "#000" }], sections: [section] })).toThrow(/duplicate object label/);
  });
});
