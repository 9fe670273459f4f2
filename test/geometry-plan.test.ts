import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultGenerator, generateSection } from "../src/designer/generate";
import { linePitch, planPitch, planScale, ringPath, sectionOutlines, sectionRing, SEAT_PITCH, type DrawnSeat } from "../src/geometry/seat-plan";
import { computeGeometry } from "../src/geometry/object-placement";
import type { ApiObject } from "../src/sdk/types";

// src/geometry/seat-plan.ts: the one module that turns seats into a drawing, for the SDK and the designer.

const generated = (g: Partial<ReturnType<typeof defaultGenerator>>, rotation = 0) =>
  generateSection({ ...defaultGenerator("c"), ...g }, { key: "A", label: "Section A", x: 100, y: 50, rotation });

/** A section as the SDK receives it from the objects endpoint. */
const objectsOf = (section: ReturnType<typeof generated>): ApiObject[] =>
  section.rows.flatMap((r) =>
    r.seats.map((s) => ({
      objectLabel: s.label,
      objectType: "seat" as const,
      categoryKey: "c",
      sectionKey: "A",
      sectionLabel: "Section A",
      rowLabel: r.label,
      x: s.x,
      y: s.y,
    })),
  );

describe("plan pitch and scale", () => {
  it("reads the seat spacing of straight, curved and turned sections (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 12, max: 60 }),
        fc.integer({ min: -90, max: 90 }),
        fc.integer({ min: -180, max: 180 }),
        fc.integer({ min: 2, max: 30 }),
        (spacing, curve, rotation, seats) => {
          const section = generated({ rows: 4, seatsPerRow: seats, seatSpacing: spacing, rowSpacing: spacing * 1.3, curve }, rotation);
          const plan = section.rows.flatMap((r) => r.seats.map((s) => ({ x: s.x!, y: s.y!, section: "A", row: r.label })));
          // The closest two seats of a row: the spacing, or the chord of it on an arc (rounded to 0.01).
          expect(planPitch(plan)).toBeLessThanOrEqual(spacing + 0.03);
          expect(planPitch(plan)).toBeGreaterThan(spacing * 0.9);
        },
      ),
    );
  });

  it("keeps the old reading of layouts whose rows are listed out of order", () => {
    expect(
      linePitch([
        { x: 0, y: 0 },
        { x: 30, y: 0 },
        { x: 10, y: 0 },
      ]),
    ).toBe(10);
    expect(
      planPitch([
        { x: 0, y: 0, section: "A", row: "1" },
        { x: 30, y: 0, section: "A", row: "1" },
        { x: 10, y: 0, section: "A", row: "1" },
      ]),
    ).toBe(10);
    expect(
      planScale([
        { x: 0, y: 0, section: "A", row: "1" },
        { x: 48, y: 0, section: "A", row: "1" },
      ]),
    ).toBe(SEAT_PITCH / 48);
  });
});

describe("section outlines", () => {
  it("rings the front row, the right ends, the back row and the left ends", () => {
    const p = (x: number, y: number) => ({ x, y });
    const ring = sectionRing([
      [p(0, 0), p(1, 0), p(2, 0)],
      [p(0, 1), p(1, 1), p(2, 1)],
      [p(0, 2), p(1, 2), p(2, 2)],
    ]);
    expect(ring).toEqual([p(0, 0), p(1, 0), p(2, 0), p(2, 1), p(2, 2), p(1, 2), p(0, 2), p(0, 1)]);
    expect(sectionRing([[p(0, 0), p(1, 0), p(2, 0)]])).toEqual([p(0, 0), p(1, 0), p(2, 0), p(1, 0)]);
    expect(ringPath([p(0, 0), p(1.0149, 2)])).toBe("M0 0L1.01 2Z");
  });

  it("puts the name in front of the front row and a label before each row", () => {
    const section = generated({ rows: 3, seatsPerRow: 5 });
    const seats: DrawnSeat[] = section.rows.flatMap((r) => r.seats.map((s) => ({ x: s.x!, y: s.y!, section: "A", row: r.label, rowLabel: r.label })));
    const [outline] = sectionOutlines(seats);
    expect(outline!.labelAt.y).toBeLessThan(Math.min(...seats.map((s) => s.y)));
    expect(outline!.rows.map((r) => r.label)).toEqual(["A", "B", "C"]);
    expect(outline!.rows[0]!.x).toBeLessThan(section.rows[0]!.seats[0]!.x!);
  });
});

describe("the SDK draws a designed layout as the designer does", () => {
  it("same scale, same outline ring, same row labels (property over generator settings)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 60 }), fc.integer({ min: -90, max: 90 }), fc.integer({ min: 16, max: 40 }), (curve, rotation, spacing) => {
        const section = generated({ rows: 5, seatsPerRow: 8, curve, seatSpacing: spacing, aisles: [4] }, rotation);
        const geometry = computeGeometry(objectsOf(section));
        // What the designer's renderer computes for the same seats.
        const plan = section.rows.flatMap((r) => r.seats.map((s) => ({ x: s.x!, y: s.y!, section: "A", row: r.label })));
        const k = planScale(plan);
        const drawn: DrawnSeat[] = plan.map((p) => ({ ...p, x: p.x * k, y: p.y * k, rowLabel: p.row }));
        const [designer] = sectionOutlines(drawn);
        geometry.seats.forEach((s, i) => {
          expect(s.cx).toBeCloseTo(drawn[i]!.x, 9);
          expect(s.cy).toBeCloseTo(drawn[i]!.y, 9);
        });
        expect(ringPath(geometry.sections[0]!.outline!)).toBe(ringPath(designer!.ring));
        expect(geometry.sections[0]!.rows.map((r) => r.label)).toEqual(designer!.rows.map((r) => r.label));
      }),
      { numRuns: 60 },
    );
  });

  it("GA areas scale with the seats and keep their shape; the focal point becomes the stage", () => {
    const section = generated({ rows: 2, seatsPerRow: 4, seatSpacing: 12 });
    const area: ApiObject = {
      objectLabel: "Floor",
      objectType: "generalAdmission",
      categoryKey: "c",
      capacity: 300,
      label: "Floor",
      remaining: 300,
      x: 0,
      y: 100,
      width: 50,
      height: 20,
      shape: "ellipse",
    };
    const g = computeGeometry([...objectsOf(section), area], undefined, { x: 10, y: -40 });
    expect(g.areas[0]).toEqual({ label: "Floor", x: 0, y: 200, width: 100, height: 40, ellipse: true });
    expect(g.stage!.x + g.stage!.width / 2).toBeCloseTo(20, 9);
    expect(g.stage!.y + g.stage!.height / 2).toBeCloseTo(-80, 9);
    expect(g.bounds.y).toBeLessThanOrEqual(g.stage!.y);
  });
});
