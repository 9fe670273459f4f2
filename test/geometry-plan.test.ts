import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Layout } from "../src/domain/layout";
import { LayoutDrawing, previewGeometry } from "../src/dashboard/pages/drawing";
import { defaultGenerator, generateSection } from "../src/designer/generate";
import { linePitch, planPitch, planScale, ringPath, sectionOutlines, sectionRing, SEAT_PITCH, stageBox, type DrawnSeat } from "../src/geometry/seat-plan";
import { computeGeometry } from "../src/geometry/object-placement";
import type { ApiObject } from "../src/sdk/types";

// src/geometry/seat-plan.ts: the one module that turns seats into a drawing, for the SDK, the
// designer and the dashboard's previews.

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

describe("the dashboard's preview draws a layout as the SDK and the designer do", () => {
  /** Two designed sections (one on arcs and turned), a GA ellipse and the stage. */
  const layoutOf = (curve: number, rotation: number, spacing: number): Layout => {
    const a = generated({ rows: 4, seatsPerRow: 7, curve, seatSpacing: spacing, aisles: [3] }, rotation);
    const b = generateSection(
      { ...defaultGenerator("c"), rows: 3, seatsPerRow: 5, seatSpacing: spacing },
      { key: "B", label: "Balcony", x: 600, y: 400, rotation: 0 },
    );
    return {
      categories: [{ key: "c", label: "Stalls", color: "#1d70b8" }],
      sections: [a, b],
      generalAdmission: [{ label: "Floor", categoryKey: "c", capacity: 100, x: -300, y: 500, width: 200, height: 80, shape: "ellipse" }],
      focalPoint: { x: 100, y: -200 },
    };
  };
  const round = (n: number) => Math.round(n * 10) / 10;
  const num = (v: string) => Number(v);

  it("seat centres, section outlines and names, row labels and the stage are plan geometry's (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 60 }), fc.integer({ min: -120, max: 120 }), fc.integer({ min: 16, max: 40 }), (curve, rotation, spacing) => {
        const layout = layoutOf(curve, rotation, spacing);
        const svg = String(LayoutDrawing({ id: "draft", title: "Draft layout", layout }));
        // What the designer's renderer and the SDK compute for the same seats (seat-plan.ts).
        const plan = layout.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((seat) => ({ x: seat.x!, y: seat.y!, section: s.key, row: r.label }))));
        const k = planScale(plan);
        const drawn: DrawnSeat[] = plan.map((p) => ({ ...p, x: p.x * k, y: p.y * k, rowLabel: p.row }));
        const outlines = sectionOutlines(drawn);

        // Seats: each is "M<cx - r> <cy>a…" in its category's path.
        const centres = [...svg.matchAll(/M(-?[\d.]+) (-?[\d.]+)a([\d.]+) /g)].map((m) => [round(num(m[1]!) + num(m[3]!)), num(m[2]!)]);
        expect(centres).toHaveLength(drawn.length);
        centres.forEach(([x, y], i) => {
          expect(Math.abs(x! - drawn[i]!.x)).toBeLessThanOrEqual(0.11);
          expect(Math.abs(y! - drawn[i]!.y)).toBeLessThanOrEqual(0.051);
        });

        // Sections: the ring along the rows' arcs (no box), the name where the plan puts it.
        expect(svg).not.toContain("section-box");
        const rings = [...svg.matchAll(/class="section-fill" d="([^"]+)"/g)].map((m) => m[1]);
        expect(rings).toEqual(outlines.map((o) => ringPath(o.ring)));
        const names = [...svg.matchAll(/<text class="section-name" x="([-\d.]+)" y="([-\d.]+)" text-anchor="middle">([^<]*)<\/text>/g)];
        expect(names.map((m) => m[3])).toEqual(["Section A", "Balcony"]);
        names.forEach((m, i) => {
          expect(num(m[1]!)).toBeCloseTo(outlines[i]!.labelAt.x, 1);
          expect(num(m[2]!)).toBeCloseTo(outlines[i]!.labelAt.y, 1);
        });
        const rowLabels = [...svg.matchAll(/<text class="row-label" x="([-\d.]+)" y="([-\d.]+)">([^<]*)<\/text>/g)];
        expect(rowLabels.map((m) => m[3])).toEqual(outlines.flatMap((o) => o.rows.map((r) => r.label)));

        // The stage and the GA ellipse, scaled like the seats.
        const stage = stageBox(layout.focalPoint!, k);
        expect(svg).toContain(`<g class="stage"><rect x="${round(stage.x)}" y="${round(stage.y)}"`);
        expect(svg).toContain(`<ellipse class="ga-area" cx="${round((-300 + 100) * k)}" cy="${round((500 + 40) * k)}"`);
        // The preview's geometry is the buyers' map's, object for object.
        expect(previewGeometry(layout).seats.map((s) => [s.cx, s.cy])).toEqual(drawn.map((d) => [d.x, d.y]));
      }),
      { numRuns: 40 },
    );
  });

  it("a layout without coordinates is laid out as the SDK lays it out, names in the band above each section's rows", () => {
    const layout: Layout = {
      categories: [{ key: "c", label: "Stalls", color: "#1d70b8" }],
      sections: [
        {
          key: "A",
          label: "Stalls",
          rows: [1, 2].map((r) => ({ label: String(r), seats: [1, 2, 3].map((n) => ({ label: `A-${r}-${n}`, categoryKey: "c" })) })),
        },
      ],
      generalAdmission: [],
    };
    const svg = String(LayoutDrawing({ id: "draft", title: "Draft layout", layout }));
    const g = previewGeometry(layout);
    const s = g.sections[0]!;
    expect(svg).toContain(`<text class="section-name" x="${round(s.x + 10)}" y="${round(s.y + 18)}">Stalls</text>`);
    expect(Math.min(...g.seats.map((seat) => seat.cy - seat.r))).toBeGreaterThan(s.y + 18);
  });
});
