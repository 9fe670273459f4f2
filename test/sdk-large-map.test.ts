import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entriesOf } from "../src/sdk/api";
import { fit, keepInside, panBy, toStage, visibleBox, zoomAt } from "../src/sdk/camera";
import { computeGeometry } from "../src/geometry/object-placement";
import { discOffsets, fillRect, pixel, rasterSeats } from "../src/sdk/raster";
import { buildSeatGrid, forEachSeatIn, seatsIn } from "../src/sdk/seat-grid";
import type { SeatObject } from "../src/sdk/types";

// Pure parts of the large-map renderer: the camera, the seat grid, the pixel raster, and the
// compact status read.

const seat = (label: string, sectionKey: string, rowLabel: string): SeatObject => ({
  objectLabel: label,
  objectType: "seat",
  categoryKey: "a",
  sectionKey,
  sectionLabel: `Section ${sectionKey}`,
  rowLabel,
});

/** A stadium-like map: `sections` sections of `rows` x `perRow` seats. */
function stadium(sections: number, rows: number, perRow: number): SeatObject[] {
  const out: SeatObject[] = [];
  for (let s = 0; s < sections; s++) for (let r = 0; r < rows; r++) for (let n = 1; n <= perRow; n++) out.push(seat(`S${s}-${r}-${n}`, `S${s}`, String(r)));
  return out;
}

describe("camera", () => {
  it("fits a box centred in the stage and keeps the point under the cursor fixed while zooming", () => {
    const cam = fit({ x: 100, y: 50, width: 400, height: 200 }, { width: 800, height: 800 });
    expect(cam.scale).toBe(2);
    expect(toStage(cam, 300, 150)).toEqual({ x: 400, y: 400 });
    fc.assert(
      fc.property(fc.double({ min: 0.2, max: 5, noNaN: true }), fc.integer({ min: 0, max: 800 }), fc.integer({ min: 0, max: 800 }), (f, px, py) => {
        const before = { x: (px - cam.tx) / cam.scale, y: (py - cam.ty) / cam.scale };
        const z = zoomAt(cam, f, px, py, 0.01, 100);
        const after = toStage(z, before.x, before.y);
        expect(after.x).toBeCloseTo(px, 6);
        expect(after.y).toBeCloseTo(py, 6);
      }),
    );
    expect(zoomAt(cam, 1000, 0, 0, 0.5, 4).scale).toBe(4);
    const moved = panBy(cam, 10, -20);
    expect(visibleBox(moved, { width: 800, height: 800 }).x).toBeCloseTo(visibleBox(cam, { width: 800, height: 800 }).x - 5);
  });
});

describe("a tap's zoom keeps its section in view", () => {
  const stage = { width: 390, height: 600 };
  it("brings a section that fits wholly into view, and makes one that does not fill the stage", () => {
    // A section of 100 x 80 units at scale 2 (200 x 160 px) drawn from x = -50 px: moved right by 50.
    const small = keepInside({ scale: 2, tx: -50, ty: 10 }, { x: 0, y: 0, width: 100, height: 80 }, stage);
    expect(small).toEqual({ scale: 2, tx: 0, ty: 10 });
    // 400 x 80 units at scale 2 (800 px across) with its left edge 30 px into the stage: moved left by 30.
    expect(keepInside({ scale: 2, tx: 30, ty: 0 }, { x: 0, y: 0, width: 400, height: 80 }, stage).tx).toBe(0);
  });

  it("never moves a point of the section that was on the stage off it (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 4, noNaN: true }),
        fc.integer({ min: -800, max: 800 }),
        fc.integer({ min: 1, max: 600 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (scale, tx, width, at) => {
          const box = { x: 0, y: 0, width, height: 50 };
          const cam = { scale, tx, ty: 0 };
          const x = box.x + box.width * at;
          const before = toStage(cam, x, 0).x;
          if (before < 0 || before > stage.width) return;
          const after = toStage(keepInside(cam, box, stage), x, 0).x;
          expect(after).toBeGreaterThanOrEqual(-1e-6);
          expect(after).toBeLessThanOrEqual(stage.width + 1e-6);
        },
      ),
    );
  });
});

describe("seat grid", () => {
  const objects = stadium(6, 20, 40);
  const geometry = computeGeometry(objects);
  const bySeat = new Map(objects.map((o) => [o.objectLabel, o.sectionKey]));
  const grid = buildSeatGrid(geometry, (l) => bySeat.get(l));

  it("keeps every seat once, in geometry order, with its section", () => {
    expect(grid.count).toBe(objects.length);
    expect(grid.labels).toEqual(geometry.seats.map((s) => s.label));
    expect(new Set(grid.cells.items).size).toBe(objects.length);
    const i = grid.byLabel.get("S3-5-7")!;
    expect(grid.sections[grid.section[i]!]!.key).toBe("S3");
  });

  it("finds exactly the seats inside a box, in seat order (property)", () => {
    const b = geometry.bounds;
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 0.6, noNaN: true }),
        (fx, fy, fs) => {
          const box = { x: b.x + fx * b.width, y: b.y + fy * b.height, width: fs * b.width, height: fs * b.height };
          const expected: number[] = [];
          for (let i = 0; i < grid.count; i++) {
            if (grid.cx[i]! >= box.x && grid.cx[i]! <= box.x + box.width && grid.cy[i]! >= box.y && grid.cy[i]! <= box.y + box.height) expected.push(i);
          }
          expect([...seatsIn(grid, box)]).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
    let n = 0;
    forEachSeatIn(grid, { x: b.x - 10, y: b.y - 10, width: b.width + 20, height: b.height + 20 }, () => n++);
    expect(n).toBe(grid.count);
  });
});

describe("raster", () => {
  it("packs colours as little-endian RGBA and fills clipped rectangles", () => {
    expect(pixel("#ff0000")).toBe(0xff0000ff);
    expect(pixel("#00f")).toBe(0xffff0000);
    expect(pixel("not a colour")).toBe(pixel("#7a8499"));
    const px = { data: new Uint32Array(16), width: 4, height: 4 };
    fillRect(px, -3, 1, 2, 9, 7);
    expect([...px.data].filter((v) => v === 7)).toHaveLength(2 * 3);
  });

  it("draws discs of about the requested size, squares when tiny", () => {
    expect(discOffsets(1)).toHaveLength(2);
    expect(discOffsets(2)).toHaveLength(8);
    const d7 = discOffsets(7).length / 2;
    expect(d7).toBeGreaterThan(Math.PI * 3.5 * 3.5 * 0.8);
    expect(d7).toBeLessThan(49);
  });

  it("gives every seat of a full view its own colour on the canvas", () => {
    const objects = stadium(2, 10, 20);
    const geometry = computeGeometry(objects);
    const grid = buildSeatGrid(geometry, () => undefined);
    const colors = new Uint32Array(grid.count).map((_, i) => (i % 2 === 0 ? 1 : 2));
    const stage = { width: 300, height: 200 };
    const cam = fit(geometry.bounds, stage);
    const px = { data: new Uint32Array(stage.width * stage.height), width: stage.width, height: stage.height };
    rasterSeats(px, grid, colors, cam, 2);
    const ones = [...px.data].filter((v) => v === 1).length;
    const twos = [...px.data].filter((v) => v === 2).length;
    expect(ones).toBeGreaterThanOrEqual(grid.count / 2);
    expect(twos).toBeGreaterThanOrEqual(grid.count / 2);
  });
});

describe("compact status read", () => {
  it("turns the compact form back into status entries with the token's own flagged", () => {
    const entries = entriesOf({
      statuses: { held: ["A-1", "A-2"], booked: ["A-3"], not_for_sale: [] },
      ga: [{ objectLabel: "Floor", status: "free", capacity: 10, held: 2, booked: 0, remaining: 8, mineQuantity: 2 }],
      mine: ["A-2"],
    });
    expect(entries).toEqual([
      { objectLabel: "A-1", objectType: "seat", status: "held" },
      { objectLabel: "A-2", objectType: "seat", status: "held", mine: true },
      { objectLabel: "A-3", objectType: "seat", status: "booked" },
      { objectLabel: "Floor", objectType: "generalAdmission", status: "free", capacity: 10, held: 2, booked: 0, remaining: 8, mineQuantity: 2 },
    ]);
  });
});
