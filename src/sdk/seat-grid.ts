/**
 * The seats of a large map as columns (typed arrays) plus a uniform grid, so that "which seats are
 * inside this box" costs the cells the box touches rather than a walk over 100,000 objects, and a
 * frame can be drawn from numbers without touching an object per seat. Pure (no DOM): unit-tested
 * in workerd.
 */
import type { Box, MapGeometry, SectionShape } from "../geometry/object-placement";

/**
 * A map's seats for drawing and hit-testing by position. Named apart from src/selling's seat index,
 * which holds the layout's rows and segments for best available and knows nothing of drawing.
 */
export interface SeatGrid {
  count: number;
  labels: string[];
  cx: Float32Array;
  cy: Float32Array;
  /** Seat radius in map units (the largest of the map's seats). */
  r: number;
  /** Index into `sections` of each seat's section, -1 for none. */
  section: Int32Array;
  sections: SectionShape[];
  byLabel: Map<string, number>;
  /** The uniform grid: cell c's seats are items[start[c]] … items[start[c + 1] - 1]. */
  cells: { x0: number; y0: number; cell: number; cols: number; rows: number; start: Int32Array; items: Int32Array };
}

/**
 * Builds the grid of `geometry`'s seats. `sectionOf(label)` names each seat's section key; seats
 * are kept in geometry order (section by section, row by row), which is the keyboard order.
 */
export function buildSeatGrid(geometry: MapGeometry, sectionOf: (label: string) => string | undefined): SeatGrid {
  const seats = geometry.seats;
  const count = seats.length;
  const cx = new Float32Array(count);
  const cy = new Float32Array(count);
  const section = new Int32Array(count);
  const labels: string[] = new Array(count);
  const byLabel = new Map<string, number>();
  const sectionIndex = new Map(geometry.sections.map((s, i) => [s.key, i]));
  let r = 0;
  for (let i = 0; i < count; i++) {
    const s = seats[i]!;
    cx[i] = s.cx;
    cy[i] = s.cy;
    labels[i] = s.label;
    byLabel.set(s.label, i);
    section[i] = sectionIndex.get(sectionOf(s.label) ?? "") ?? -1;
    if (s.r > r) r = s.r;
  }
  const b = geometry.bounds;
  // About 64 seats per cell on a regular layout.
  const cell = Math.max(1, Math.sqrt((Math.max(b.width, 1) * Math.max(b.height, 1)) / Math.max(1, count / 64)));
  const cols = Math.max(1, Math.ceil(b.width / cell) + 1);
  const rows = Math.max(1, Math.ceil(b.height / cell) + 1);
  const cellOf = (i: number) => {
    const c = Math.min(cols - 1, Math.max(0, Math.floor((cx[i]! - b.x) / cell)));
    const rr = Math.min(rows - 1, Math.max(0, Math.floor((cy[i]! - b.y) / cell)));
    return rr * cols + c;
  };
  // Counting sort of seats by cell: start[c]..start[c+1] are cell c's seats, in seat order.
  const start = new Int32Array(cols * rows + 1);
  for (let i = 0; i < count; i++) start[cellOf(i) + 1]++;
  for (let c = 0; c < cols * rows; c++) start[c + 1] += start[c]!;
  const fillAt = start.slice(0, cols * rows);
  const items = new Int32Array(count);
  for (let i = 0; i < count; i++) items[fillAt[cellOf(i)]++] = i;
  return { count, labels, cx, cy, r, section, sections: geometry.sections, byLabel, cells: { x0: b.x, y0: b.y, cell, cols, rows, start, items } };
}

/** Calls `fn` for every seat whose centre lies inside `box` (grid order, not seat order). */
export function forEachSeatIn(grid: SeatGrid, box: Box, fn: (i: number) => void): void {
  const { x0, y0, cell, cols, rows, start, items } = grid.cells;
  const c0 = Math.max(0, Math.floor((box.x - x0) / cell));
  const c1 = Math.min(cols - 1, Math.floor((box.x + box.width - x0) / cell));
  const r0 = Math.max(0, Math.floor((box.y - y0) / cell));
  const r1 = Math.min(rows - 1, Math.floor((box.y + box.height - y0) / cell));
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  for (let rr = r0; rr <= r1; rr++) {
    for (let c = c0; c <= c1; c++) {
      const cellIndex = rr * cols + c;
      for (let k = start[cellIndex]!; k < start[cellIndex + 1]!; k++) {
        const i = items[k]!;
        const x = grid.cx[i]!;
        const y = grid.cy[i]!;
        if (x >= box.x && x <= right && y >= box.y && y <= bottom) fn(i);
      }
    }
  }
}

/** The seats inside `box` in seat (keyboard) order. */
export function seatsIn(grid: SeatGrid, box: Box): Int32Array {
  const found: number[] = [];
  forEachSeatIn(grid, box, (i) => found.push(i));
  return Int32Array.from(found).sort();
}
