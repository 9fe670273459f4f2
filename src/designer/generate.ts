/**
 * The section generator of the chart designer (docs/dashboard.md#the-chart-designer): rows of seats from a few numbers.
 * Pure functions from parameters to plain layout data, property-tested in test/designer-*.test.ts.
 *
 * A section is built in its own frame: rows run left to right, the front row (nearest the stage)
 * on top, each row behind it `rowSpacing` lower. A curve bends every row onto an arc around one
 * centre in front of the section (the stage side), keeping `seatSpacing` along each arc; skew
 * shears rows sideways. The block is then centred on (0, 0), turned by the section's rotation and
 * moved to its (x, y). Seats carry their final x/y, so the event engine and the SDK need nothing
 * of this to use or draw them (src/geometry/seat-plan.ts draws from the seats alone).
 */
import type { Row, Section, SectionGenerator, Seat, SeatNumbering } from "../domain/layout";
import type { Point } from "../geometry/seat-plan";

/** The seat label pattern a new section starts with. */
export const DEFAULT_PATTERN = "{section}-{row}-{seat}";

/** A new section's generator: 10 rows of 20, lettered rows, seats numbered left to right. */
export function defaultGenerator(categoryKey: string): SectionGenerator {
  return {
    rows: 10,
    seatsPerRow: 20,
    rowLabels: "letters",
    rowStart: 1,
    rowsReversed: false,
    seatNumbering: "left-to-right",
    seatSpacing: 24,
    rowSpacing: 30,
    curve: 0,
    skew: 0,
    aisles: [],
    labelPattern: DEFAULT_PATTERN,
    categoryKey,
  };
}

/** 1 → A, 26 → Z, 27 → AA, 28 → AB … (spreadsheet columns). */
export function letters(n: number): string {
  let out = "";
  for (let v = Math.max(1, Math.floor(n)); v > 0; v = Math.floor((v - 1) / 26)) out = String.fromCharCode(65 + ((v - 1) % 26)) + out;
  return out;
}

/** The label of row `rowIndex` (0 is the front row). */
export function rowLabelAt(g: Pick<SectionGenerator, "rows" | "rowLabels" | "rowStart" | "rowsReversed">, rowIndex: number): string {
  const k = g.rowsReversed ? g.rows - 1 - rowIndex : rowIndex;
  const v = g.rowStart + k;
  return g.rowLabels === "letters" ? letters(v) : String(v);
}

/** The number of the seat at `position` (0 is the leftmost) of a row of `count` seats. */
export function seatNumberAt(numbering: SeatNumbering, position: number, count: number): number {
  switch (numbering) {
    case "left-to-right":
      return position + 1;
    case "right-to-left":
      return count - position;
    case "odd":
      return 2 * position + 1;
    case "even":
      return 2 * position + 2;
  }
}

/** A seat label from a pattern: {section}, {row} and {seat} are replaced, everything else kept. */
export function formatLabel(pattern: string, parts: { section: string; row: string; seat: number | string }): string {
  return pattern.replace(/\{(section|row|seat)\}/g, (_m, name: "section" | "row" | "seat") => String(parts[name]));
}

/** Offsets along a row of seats, centred on 0: one seat spacing apart, one more after each aisle. */
export function rowOffsets(g: Pick<SectionGenerator, "seatsPerRow" | "seatSpacing" | "aisles">): number[] {
  const aisles = new Set(g.aisles);
  const out: number[] = [];
  let at = 0;
  for (let i = 0; i < g.seatsPerRow; i++) {
    out.push(at);
    at += g.seatSpacing * (aisles.has(i + 1) ? 2 : 1);
  }
  const mid = out[out.length - 1]! / 2;
  return out.map((v) => v - mid);
}

/** Seat centres of every row in the section's own frame (before centring and turning), rows front to back. */
export function localRows(g: SectionGenerator): Point[][] {
  const offsets = rowOffsets(g);
  const width = offsets.length > 1 ? offsets[offsets.length - 1]! - offsets[0]! : 0;
  const theta = (g.curve * Math.PI) / 180;
  const shear = Math.tan((g.skew * Math.PI) / 180);
  const rows: Point[][] = [];
  // A curve needs a row with some width; the front row's arc spans `curve` degrees.
  const curved = Math.abs(theta) > 1e-6 && width > 0;
  const r0 = curved ? width / Math.abs(theta) : 0;
  const sign = theta > 0 ? 1 : -1;
  for (let r = 0; r < g.rows; r++) {
    const depth = r * g.rowSpacing;
    const row: Point[] = [];
    if (!curved) {
      for (const s of offsets) row.push({ x: s + depth * shear, y: depth });
    } else {
      // Positive curves wrap around a centre in front (the ends come toward the stage); rows
      // behind have longer radii. Negative curves bow the other way, so rows behind have shorter
      // radii: a radius is never below a seat, nor so short that the row spans more than half a
      // circle, where a deep section's back row would curl round until its end seats met. The
      // row's middle stays `depth` behind the front row's (so a row held at the shortest radius
      // is the one before it moved back, never drawn on top of it).
      const radius = Math.max(g.seatSpacing, width / Math.PI, r0 + sign * depth);
      const cy = depth - sign * radius;
      for (const s of offsets) {
        const phi = s / radius;
        row.push({ x: radius * Math.sin(phi) + depth * shear, y: cy + sign * radius * Math.cos(phi) });
      }
    }
    rows.push(row);
  }
  return rows;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** Points centred on the middle of their box, turned by `rotation` degrees (clockwise on screen) and moved to (x, y). */
export function place(rows: Point[][], at: { x: number; y: number; rotation: number }): Point[][] {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const row of rows)
    for (const p of row) {
      minX = Math.min(minX, p.x);
      maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y);
      maxY = Math.max(maxY, p.y);
    }
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const a = (at.rotation * Math.PI) / 180;
  const [cos, sin] = [Math.cos(a), Math.sin(a)];
  return rows.map((row) =>
    row.map((p) => {
      const x = p.x - cx;
      const y = p.y - cy;
      return { x: round(at.x + x * cos - y * sin), y: round(at.y + x * sin + y * cos) };
    }),
  );
}

/** What a generated section is made from besides its generator. */
export interface SectionPlacement {
  key: string;
  label: string;
  x: number;
  y: number;
  rotation: number;
}

/**
 * A section's rows from its generator and placement. Seats keep the category the seat at the same
 * row and position had in `previous` (a regenerated section keeps what was assigned), else they
 * get the generator's category. Aisles set `aisleAfter` (never on a row's last seat).
 */
export function generateSection(g: SectionGenerator, at: SectionPlacement, previous?: Section): Section {
  const points = place(localRows(g), at);
  const rows: Row[] = points.map((row, r) => {
    const rowLabel = rowLabelAt(g, r);
    const seats: Seat[] = row.map((p, i) => {
      const seat: Seat = {
        label: formatLabel(g.labelPattern, { section: at.key, row: rowLabel, seat: seatNumberAt(g.seatNumbering, i, row.length) }),
        categoryKey: previous?.rows[r]?.seats[i]?.categoryKey ?? g.categoryKey,
        x: p.x,
        y: p.y,
      };
      if (i < row.length - 1 && g.aisles.includes(i + 1)) seat.aisleAfter = true;
      return seat;
    });
    return { label: rowLabel, seats };
  });
  return { key: at.key, label: at.label, rows, x: at.x, y: at.y, rotation: at.rotation, generator: g };
}

/** Where a section stands: its hints, else the middle of its seats' box (sections made elsewhere). */
export function placementOf(section: Section): SectionPlacement {
  if (section.x !== undefined && section.y !== undefined)
    return { key: section.key, label: section.label, x: section.x, y: section.y, rotation: section.rotation ?? 0 };
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const row of section.rows)
    for (const s of row.seats) {
      minX = Math.min(minX, s.x ?? 0);
      maxX = Math.max(maxX, s.x ?? 0);
      minY = Math.min(minY, s.y ?? 0);
      maxY = Math.max(maxY, s.y ?? 0);
    }
  const found = minX <= maxX;
  return { key: section.key, label: section.label, x: found ? (minX + maxX) / 2 : 0, y: found ? (minY + maxY) / 2 : 0, rotation: section.rotation ?? 0 };
}
