/**
 * How a seat plan is drawn: the one module the browser SDK and the dashboard's previews (both
 * through object-placement.ts) and the chart designer (src/designer) draw with, so that what a
 * venue designs is, by construction, what buyers see. Pure functions over plain points: no DOM,
 * unit-tested in workerd.
 *
 * A layout's seats carry their final x/y (the designer's generators put rows on arcs, skew and
 * turn sections before saving), so nothing here needs to know how a section was made. From the
 * seats, in layout order, it derives:
 * - the drawing scale: seats are drawn {@link SEAT_RADIUS} units wide at {@link SEAT_PITCH} units
 *   apart, so a layout's own seat pitch becomes SEAT_PITCH;
 * - each section's outline: a ring through its front row, the right-hand ends of its rows, its
 *   back row and the left-hand ends, drawn with a thick round-joined stroke, so it follows arcs,
 *   skew and rotation without storing a polygon;
 * - where the section's name and each row's label go.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A seat as the plan sees it: its position and the section and row it belongs to. */
export interface PlanSeat extends Point {
  section: string;
  row: string;
}

/** Distance between seat centres in drawn units. */
export const SEAT_PITCH = 24;
/** Radius of a drawn seat. */
export const SEAT_RADIUS = 9;
/** How far a section's outline reaches past the edge of its outer seats. */
export const OUTLINE_PAD = 7;
/** The outline's stroke width: it is centred on the ring through the outer seats' centres. */
export const OUTLINE_STROKE = 2 * (SEAT_RADIUS + OUTLINE_PAD);

/**
 * The seat pitch of a layout, in its own units: the smaller of the closest distance between two
 * consecutive seats of one row (rows list seats in their physical order, docs/selling-rules.md) and the
 * closest gap between seats on one horizontal or vertical line. The first reads arcs and turned
 * sections; the second reads rows listed out of order. 10 when neither finds a gap.
 */
export function planPitch(seats: readonly PlanSeat[]): number {
  let best = Infinity;
  for (let i = 1; i < seats.length; i++) {
    const a = seats[i - 1]!;
    const b = seats[i]!;
    if (a.section !== b.section || a.row !== b.row) continue;
    const d = Math.hypot(b.x - a.x, b.y - a.y);
    if (d > 1e-9 && d < best) best = d;
  }
  const line = linePitch(seats);
  best = Math.min(best, line);
  return best < Infinity ? best : 10;
}

/** Smallest positive gap between neighbours on the same y (or, failing that, the same x). */
export function linePitch(points: readonly Point[]): number {
  for (const axis of ["x", "y"] as const) {
    const other = axis === "x" ? "y" : "x";
    const lines = new Map<number, number[]>();
    for (const p of points) {
      const k = Math.round(p[other] * 100);
      const list = lines.get(k);
      if (list) list.push(p[axis]);
      else lines.set(k, [p[axis]]);
    }
    let best = Infinity;
    for (const values of lines.values()) {
      if (values.length < 2) continue;
      values.sort((a, b) => a - b);
      for (let i = 1; i < values.length; i++) {
        const d = values[i]! - values[i - 1]!;
        if (d > 1e-9 && d < best) best = d;
      }
    }
    if (best < Infinity) return best;
  }
  return Infinity;
}

/** The factor from layout units to drawn units. */
export function planScale(seats: readonly PlanSeat[]): number {
  return SEAT_PITCH / planPitch(seats);
}

/** A row label's place. */
export interface RowMark extends Point {
  label: string;
}

/** How one section is drawn, in drawn units. */
export interface SectionOutline {
  key: string;
  /** The ring through the outer seats' centres (stroke it {@link OUTLINE_STROKE} wide, round joins). */
  ring: Point[];
  /** Where the section's name is written (centred). */
  labelAt: Point;
  /** Each row's label, left of its first seat along the row. */
  rows: RowMark[];
  /** The box the outline covers. */
  box: Box;
}

/** Seats in drawn units with their section and row, in layout order. */
export interface DrawnSeat extends PlanSeat {
  /** The row's display label. */
  rowLabel: string;
}

const unit = (dx: number, dy: number, fallback: Point): Point => {
  const len = Math.hypot(dx, dy);
  return len > 1e-9 ? { x: dx / len, y: dy / len } : fallback;
};

/** The ring around rows of seats (each row in physical order): front row, right ends, back row reversed, left ends. */
export function sectionRing(rows: readonly (readonly Point[])[]): Point[] {
  const live = rows.filter((r) => r.length > 0);
  if (live.length === 0) return [];
  const front = live[0]!;
  // One row: along it and back (the closing segment returns to its first seat).
  if (live.length === 1) return [...front, ...[...front].reverse().slice(1, -1)];
  const back = live[live.length - 1]!;
  const ring: Point[] = [...front];
  for (let i = 1; i < live.length - 1; i++) ring.push(live[i]![live[i]!.length - 1]!);
  ring.push(...[...back].reverse());
  for (let i = live.length - 2; i >= 1; i--) ring.push(live[i]![0]!);
  return ring;
}

/** The outline, name place and row marks of every section, sections and rows in order of first appearance. */
export function sectionOutlines(seats: readonly DrawnSeat[]): SectionOutline[] {
  const sections = new Map<string, Map<string, DrawnSeat[]>>();
  for (const s of seats) {
    let rows = sections.get(s.section);
    if (!rows) sections.set(s.section, (rows = new Map()));
    const row = rows.get(s.row);
    if (row) row.push(s);
    else rows.set(s.row, [s]);
  }
  const out: SectionOutline[] = [];
  for (const [key, rowMap] of sections) {
    const rows = [...rowMap.values()];
    const ring = sectionRing(rows);
    let [minX, minY, maxX, maxY, sx, sy] = [Infinity, Infinity, -Infinity, -Infinity, 0, 0];
    for (const p of ring) {
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
      sx += p.x;
      sy += p.y;
    }
    const reach = OUTLINE_STROKE / 2;
    const centre = { x: sx / ring.length, y: sy / ring.length };
    // The name goes in front of the middle of the front row, on the side away from the section's centre.
    const front = rows[0]!;
    const mid = front.length % 2 === 1 ? front[(front.length - 1) / 2]! : midpoint(front[front.length / 2 - 1]!, front[front.length / 2]!);
    const away = unit(mid.x - centre.x, mid.y - centre.y, { x: 0, y: -1 });
    const labelAt = { x: mid.x + away.x * (reach + 12), y: mid.y + away.y * (reach + 12) + 4 };
    const marks: RowMark[] = rows.map((r) => {
      const first = r[0]!;
      const along = r.length > 1 ? unit(r[1]!.x - first.x, r[1]!.y - first.y, { x: 1, y: 0 }) : { x: 1, y: 0 };
      // Centred clear of the outline's edge: half of an 11 px label's width (about 3.5 per character) beyond it.
      const off = reach + 5 + 3.5 * first.rowLabel.length;
      return { label: first.rowLabel, x: first.x - along.x * off, y: first.y - along.y * off };
    });
    out.push({ key, ring, labelAt, rows: marks, box: { x: minX - reach, y: minY - reach, width: maxX - minX + 2 * reach, height: maxY - minY + 2 * reach } });
  }
  return out;
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** An SVG path for a ring (closed), with coordinates rounded to 0.01. */
export function ringPath(ring: readonly Point[]): string {
  if (ring.length === 0) return "";
  const r = (v: number) => Math.round(v * 100) / 100;
  return `M${ring.map((p) => `${r(p.x)} ${r(p.y)}`).join("L")}Z`;
}

/** A GA area's drawn form: a rectangle (the default) or the ellipse inscribed in its box. */
export type AreaShapeKind = "rectangle" | "ellipse";

/** Where the stage (the layout's focal point) is marked: a box centred on it. */
export function stageBox(focal: Point, scale: number): Box {
  const w = SEAT_PITCH * 6;
  const h = SEAT_PITCH * 1.6;
  return { x: focal.x * scale - w / 2, y: focal.y * scale - h / 2, width: w, height: h };
}
