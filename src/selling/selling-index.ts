import { indexLayout, type Layout, type LayoutObject, type Point } from "../domain/layout";

/**
 * The seats of one layout as best available and the orphan rule see them (docs/selling-rules.md), built once
 * per layout and shared by every call until the layout changes.
 *
 * Seats get dense ids in layout order (section, row, seat), so a row is a range of ids and so is
 * each of its *segments*: the stretches of adjacent seats between aisles (`aisleAfter`) and row
 * ends. Per-seat facts live in typed arrays indexed by id, which keeps 100,000 seats in a few MB
 * and every lookup a single array read.
 */
export interface SellingIndex {
  /** Number of seats; ids are 0..size-1 in layout order. */
  readonly size: number;
  /** Seat label by id. */
  readonly labels: readonly string[];
  /** Seat id by label (GA areas have none). */
  readonly ids: ReadonlyMap<string, number>;
  /** Section keys in layout order; `section[id]` indexes it. */
  readonly sectionKeys: readonly string[];
  /** Category keys in order of first use by a seat; `category[id]` indexes it. */
  readonly categoryKeys: readonly string[];
  readonly section: Uint32Array;
  readonly category: Uint32Array;
  /** Row of each seat: rows are numbered across the whole layout in layout order. */
  readonly row: Uint32Array;
  /** Position of each seat in its row, from 0. */
  readonly position: Uint32Array;
  readonly segment: Uint32Array;
  /** First seat id and number of seats of each row, and its section. */
  readonly rowStart: Uint32Array;
  readonly rowLength: Uint32Array;
  readonly rowSection: Uint32Array;
  /** Seat id range [segmentStart, segmentEnd) and row of each segment. */
  readonly segmentStart: Uint32Array;
  readonly segmentEnd: Uint32Array;
  readonly segmentRow: Uint32Array;
  /**
   * The category ordinals present in each segment: `segmentCategories[segmentCategoryStart[s] ..
   * segmentCategoryStart[s + 1])`, so a category filter skips a segment without reading its seats.
   */
  readonly segmentCategoryStart: Uint32Array;
  readonly segmentCategories: Uint32Array;
  /** Accessible role of each seat (docs/accessibility.md): {@link ROLE_WHEELCHAIR}, {@link ROLE_COMPANION} or 0. */
  readonly role: Uint8Array;
  /** (section, category) pair of each seat, so free seats matching both filters are counted without a scan. */
  readonly group: Uint32Array;
  readonly groupSection: Uint32Array;
  readonly groupCategory: Uint32Array;
  /**
   * Distance of each seat to the focal point: present only when the layout has a focal point and
   * every seat has coordinates. Otherwise best available ranks structurally (section, row, middle).
   */
  readonly distance: Float64Array | null;
  /** Smallest seat distance of each segment: no run of the segment can have a smaller mean. */
  readonly segmentBound: Float64Array | null;
  /** Segment ids by increasing {@link segmentBound} (layout order without distances). */
  readonly segmentsByBound: Uint32Array;
}

/** A wheelchair space (a seat that is both counts as a wheelchair space). */
export const ROLE_WHEELCHAIR = 1;
/** A companion seat for a wheelchair space. */
export const ROLE_COMPANION = 2;

/** Builds the index of a parsed layout (its seats and its focal point). */
export function sellingIndexOfLayout(layout: Layout): SellingIndex {
  return buildSellingIndex(indexLayout(layout).values(), layout.focalPoint);
}

/** True when `o` starts a new row after `prev` (objects in layout order). */
function startsRow(prev: LayoutObject, o: LayoutObject): boolean {
  if (prev.sectionKey !== o.sectionKey) return true;
  // Row labels may repeat (or be empty); the row's position tells rows apart when the caller has it.
  if (prev.rowIndex !== undefined || o.rowIndex !== undefined) return prev.rowIndex !== o.rowIndex;
  return prev.rowLabel !== o.rowLabel;
}

/**
 * Builds the index from the layout's objects in layout order (GA areas are skipped), as the event
 * object keeps them: seats need sectionKey, rowIndex (or a rowLabel that changes between rows),
 * x/y for focal distances and aisleAfter.
 */
export function buildSellingIndex(objects: Iterable<LayoutObject>, focalPoint?: Point | null): SellingIndex {
  const seats: LayoutObject[] = [];
  for (const o of objects) if (o.objectType === "seat") seats.push(o);
  const n = seats.length;
  const labels = new Array<string>(n);
  const ids = new Map<string, number>();
  const section = new Uint32Array(n);
  const category = new Uint32Array(n);
  const row = new Uint32Array(n);
  const position = new Uint32Array(n);
  const segment = new Uint32Array(n);
  const group = new Uint32Array(n);
  const role = new Uint8Array(n);
  const sectionKeys: string[] = [];
  const categoryKeys: string[] = [];
  const categoryOf = new Map<string, number>();
  const groupOf = new Map<number, number>();
  const groupSection: number[] = [];
  const groupCategory: number[] = [];
  const rowStart: number[] = [];
  const segmentStart: number[] = [];
  const segmentRow: number[] = [];
  let withCoordinates = 0;

  for (let id = 0; id < n; id++) {
    const o = seats[id]!;
    labels[id] = o.label;
    ids.set(o.label, id);
    const prev = id > 0 ? seats[id - 1]! : null;
    if (prev === null || prev.sectionKey !== o.sectionKey) sectionKeys.push(o.sectionKey ?? "");
    const newRow = prev === null || startsRow(prev, o);
    if (newRow) rowStart.push(id);
    if (newRow || prev!.aisleAfter === true) {
      segmentStart.push(id);
      segmentRow.push(rowStart.length - 1);
    }
    section[id] = sectionKeys.length - 1;
    row[id] = rowStart.length - 1;
    position[id] = id - rowStart[rowStart.length - 1]!;
    segment[id] = segmentStart.length - 1;
    // Neighbouring seats mostly share category and section: reuse the previous seat's lookups.
    let c: number | undefined = prev !== null && prev.categoryKey === o.categoryKey ? category[id - 1]! : categoryOf.get(o.categoryKey);
    if (c === undefined) {
      c = categoryKeys.length;
      categoryKeys.push(o.categoryKey);
      categoryOf.set(o.categoryKey, c);
    }
    category[id] = c;
    let g: number | undefined = id > 0 && c === category[id - 1] && section[id] === section[id - 1] ? group[id - 1]! : undefined;
    const pair = section[id]! * (n + 1) + c; // unique: c <= n
    g ??= groupOf.get(pair);
    if (g === undefined) {
      g = groupSection.length;
      groupSection.push(section[id]!);
      groupCategory.push(c);
      groupOf.set(pair, g);
    }
    group[id] = g;
    if (Number.isFinite(o.x) && Number.isFinite(o.y)) withCoordinates++;
    if (o.features !== undefined) role[id] = o.features.includes("wheelchair") ? ROLE_WHEELCHAIR : o.features.includes("companion") ? ROLE_COMPANION : 0;
  }

  const rows = rowStart.length;
  const rowLength = new Uint32Array(rows);
  const rowSection = new Uint32Array(rows);
  for (let r = 0; r < rows; r++) {
    rowLength[r] = (r + 1 < rows ? rowStart[r + 1]! : n) - rowStart[r]!;
    rowSection[r] = section[rowStart[r]!]!;
  }
  const segments = segmentStart.length;
  const segmentEnd = new Uint32Array(segments);
  for (let s = 0; s < segments; s++) segmentEnd[s] = s + 1 < segments ? segmentStart[s + 1]! : n;

  // Distinct categories per segment, for the category filter.
  const segmentCategoryStart = new Uint32Array(segments + 1);
  const flat: number[] = [];
  for (let s = 0; s < segments; s++) {
    segmentCategoryStart[s] = flat.length;
    const from = flat.length;
    for (let id = segmentStart[s]!; id < segmentEnd[s]!; id++) {
      const c = category[id]!;
      let seen = false;
      for (let k = from; k < flat.length && !seen; k++) seen = flat[k] === c;
      if (!seen) flat.push(c);
    }
  }
  segmentCategoryStart[segments] = flat.length;

  let distance: Float64Array | null = null;
  let segmentBound: Float64Array | null = null;
  let segmentsByBound = new Uint32Array(segments);
  for (let s = 0; s < segments; s++) segmentsByBound[s] = s;
  if (focalPoint && n > 0 && withCoordinates === n) {
    distance = new Float64Array(n);
    for (let id = 0; id < n; id++) distance[id] = focalDistance(seats[id]!.x!, seats[id]!.y!, focalPoint);
    segmentBound = new Float64Array(segments);
    for (let s = 0; s < segments; s++) {
      let min = Infinity;
      for (let id = segmentStart[s]!; id < segmentEnd[s]!; id++) if (distance[id]! < min) min = distance[id]!;
      segmentBound[s] = min;
    }
    const bound = segmentBound;
    segmentsByBound = Uint32Array.from([...segmentsByBound].sort((a, b) => bound[a]! - bound[b]! || a - b));
  }

  return {
    size: n,
    labels,
    ids,
    sectionKeys,
    categoryKeys,
    section,
    category,
    row,
    position,
    segment,
    rowStart: Uint32Array.from(rowStart),
    rowLength,
    rowSection,
    segmentStart: Uint32Array.from(segmentStart),
    segmentEnd,
    segmentRow: Uint32Array.from(segmentRow),
    segmentCategoryStart,
    segmentCategories: Uint32Array.from(flat),
    role,
    group,
    groupSection: Uint32Array.from(groupSection),
    groupCategory: Uint32Array.from(groupCategory),
    distance,
    segmentBound,
    segmentsByBound,
  };
}

/**
 * Euclidean distance of a seat to the focal point. Written out rather than Math.hypot, which is
 * several times slower in V8; the reference implementation of the tests uses the same formula.
 */
export function focalDistance(x: number, y: number, focal: Point): number {
  const dx = x - focal.x;
  const dy = y - focal.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/** True when seats `a` and `a + 1` are adjacent (same segment). */
export function adjacentToNext(index: SellingIndex, a: number): boolean {
  return a + 1 < index.size && index.segment[a] === index.segment[a + 1];
}
