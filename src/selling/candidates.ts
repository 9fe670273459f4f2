import type { Occupancy } from "./occupancy";
import { CandidateHeap, inPreferenceOrder, type Candidate } from "./preference";
import type { SellingIndex } from "./selling-index";

/**
 * The candidates of one best-available call, each stream lazily in the preference order of
 * docs/selling-rules.md, so a call reads only the part of the layout its answer comes from.
 *
 * With distances, segments are opened by increasing lower bound (their nearest seat, fixed per
 * layout) and a candidate is released once no unopened segment can beat it: near the stage a call
 * opens a handful of segments. Without distances, rows are read in layout order and the first row
 * holding a candidate ends the search. Segments whose longest free stretch is shorter than the
 * quantity are skipped without reading their seats.
 */

/** What a call asks for: the quantity and the filters as masks by section and category ordinal (null: all). */
export interface Filter {
  quantity: number;
  sections: Uint8Array | null;
  categories: Uint8Array | null;
  /** Seats by id that may be taken at all (a hold's channels, docs/channels.md); null: all. */
  eligible: Uint8Array | null;
}

/**
 * Lower bounds are shrunk by this relative margin: a mean of q equal distances can round a few
 * units in the last place below the distance itself, and the bound must never exceed a mean.
 */
const BOUND_MARGIN = 1e-12;

function matches(index: SellingIndex, f: Filter, id: number): boolean {
  if (f.eligible !== null && f.eligible[id] !== 1) return false;
  return (f.sections === null || f.sections[index.section[id]!] === 1) && (f.categories === null || f.categories[index.category[id]!] === 1);
}

/** Whether a segment can hold any matching seat at all (section and categories). */
function segmentMatches(index: SellingIndex, f: Filter, s: number): boolean {
  if (f.sections !== null && f.sections[index.rowSection[index.segmentRow[s]!]!] !== 1) return false;
  if (f.categories === null) return true;
  for (let k = index.segmentCategoryStart[s]!; k < index.segmentCategoryStart[s + 1]!; k++) if (f.categories[index.segmentCategories[k]!] === 1) return true;
  return false;
}

/**
 * True when the run of `q` seats from `start` would leave an orphan: a single free seat between
 * the run and a non-free seat, an aisle or the row's end. Free seats outside the filters count as
 * free: another buyer could take them, and the run would strand them just the same.
 */
export function leavesOrphan(index: SellingIndex, occupancy: Occupancy, start: number, q: number): boolean {
  const s = index.segmentStart[index.segment[start]!]!;
  const e = index.segmentEnd[index.segment[start]!]!;
  const free = occupancy.free;
  if (start - 1 >= s && free[start - 1] === 1 && (start - 2 < s || free[start - 2] === 0)) return true;
  const end = start + q;
  return end < e && free[end] === 1 && (end + 1 >= e || free[end + 1] === 0);
}

/** Calls `emit` with the start of every run of segment `s` whose orphan flag equals `orphan`. */
function runsOf(index: SellingIndex, occupancy: Occupancy, f: Filter, s: number, orphan: boolean, emit: (start: number) => void): void {
  const q = f.quantity;
  const e = index.segmentEnd[s]!;
  let stretch = -1;
  for (let id = index.segmentStart[s]!; id <= e; id++) {
    if (id < e && occupancy.free[id] === 1 && matches(index, f, id)) {
      if (stretch < 0) stretch = id;
    } else if (stretch >= 0) {
      for (let start = stretch; start + q <= id; start++) if (leavesOrphan(index, occupancy, start, q) === orphan) emit(start);
      stretch = -1;
    }
  }
}

/** Mean focal distance of the run of `q` seats from `start`, summed in layout order. */
export function meanDistance(distance: Float64Array, start: number, q: number): number {
  let sum = 0;
  for (let id = start; id < start + q; id++) sum += distance[id]!;
  return sum / q;
}

/** Candidates by increasing key, opening segments (those `open` accepts) by increasing lower bound. */
function* byDistance(
  index: SellingIndex,
  bound: Float64Array,
  open: (s: number) => boolean,
  fill: (s: number, heap: CandidateHeap) => void,
): Generator<Candidate> {
  const heap = new CandidateHeap();
  const order = index.segmentsByBound;
  let k = 0;
  for (;;) {
    const nextBound = k < order.length ? bound[order[k]!]! * (1 - BOUND_MARGIN) : Infinity;
    const top = heap.peek();
    if (top !== undefined && top.key <= nextBound) {
      yield heap.pop()!;
      continue;
    }
    if (k >= order.length) return;
    const s = order[k++]!;
    if (open(s)) fill(s, heap);
  }
}

/** The runs (orphan-free ones, or orphan-leaving ones) in the preference order of docs/selling-rules.md. */
export function runs(index: SellingIndex, occupancy: Occupancy, f: Filter, orphan: boolean): Iterable<Candidate> {
  const q = f.quantity;
  const open = (s: number) => occupancy.longestRun(s) >= q && segmentMatches(index, f, s);
  const distance = index.distance;
  if (distance !== null && index.segmentBound !== null) {
    const fill = (s: number, heap: CandidateHeap) =>
      runsOf(index, occupancy, f, s, orphan, (start) => heap.push({ start, key: meanDistance(distance, start, q) }));
    return inPreferenceOrder(byDistance(index, index.segmentBound, open, fill));
  }
  return byRow(index, f, open, (s, out) => runsOf(index, occupancy, f, s, orphan, (start) => out.push(start)));
}

/**
 * Without distances: rows in layout order (so earliest section, then earliest row), and within a
 * row the run nearest its middle, then layout order. Distance to the middle is measured in seat
 * positions, doubled to stay an integer: |2·position + q − rowLength|.
 */
function* byRow(index: SellingIndex, f: Filter, open: (s: number) => boolean, collect: (s: number, out: number[]) => void): Generator<Candidate> {
  const rows = index.rowStart.length;
  for (let r = 0; r < rows; r++) {
    if (f.sections !== null && f.sections[index.rowSection[r]!] !== 1) continue;
    const starts: number[] = [];
    const first = index.rowStart[r]!;
    const last = first + index.rowLength[r]! - 1;
    for (let s = index.segment[first]!; s <= index.segment[last]!; s++) if (open(s)) collect(s, starts);
    const length = index.rowLength[r]!;
    const found = starts.map((start) => ({ start, key: Math.abs(2 * index.position[start]! + f.quantity - length) }));
    found.sort((a, b) => a.key - b.key || a.start - b.start);
    yield* found;
  }
}

/** Matching free seats one by one, nearest the focal point first (or in layout order without distances). */
export function seats(index: SellingIndex, occupancy: Occupancy, f: Filter): Iterable<Candidate> {
  const open = (s: number) => occupancy.freeIn(s) > 0 && segmentMatches(index, f, s);
  const each = (s: number, emit: (id: number) => void) => {
    for (let id = index.segmentStart[s]!; id < index.segmentEnd[s]!; id++) if (occupancy.free[id] === 1 && matches(index, f, id)) emit(id);
  };
  const distance = index.distance;
  if (distance !== null && index.segmentBound !== null) {
    const fill = (s: number, heap: CandidateHeap) => each(s, (id) => heap.push({ start: id, key: distance[id]! }));
    return inPreferenceOrder(byDistance(index, index.segmentBound, open, fill));
  }
  return (function* () {
    for (let s = 0; s < index.segmentStart.length; s++) {
      if (!open(s)) continue;
      const found: Candidate[] = [];
      each(s, (id) => found.push({ start: id, key: 0 }));
      yield* found;
    }
  })();
}
