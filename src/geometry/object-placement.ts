/**
 * Where each object of an event's map is drawn: seats, section outlines and names, row labels, GA
 * areas and the stage. The browser SDK draws buyers' maps from it and the dashboard draws its
 * previews of a layout from it, so a preview is the map buyers get. Pure functions (no DOM), so
 * they are unit-tested in workerd.
 *
 * When every seat carries x/y (the chart designer's coordinates) those are used as they are, scaled
 * so that the closest neighbours sit about two radii apart, and sections are outlined around their
 * rows: both through seat-plan.ts, the module the designer draws with too. Otherwise seats
 * are laid out from the section/row structure: sections side by side on shelves, rows top to
 * bottom, seats in the order the layout lists them (their physical order, docs/selling-rules.md) with a gap
 * where an aisle follows a seat. GA areas use x/y/width/height when given (scaled like the seats,
 * drawn as rectangles or ellipses), else they form a band above the seats.
 */
import { linePitch, planScale, sectionOutlines, stageBox, type DrawnSeat, type Point } from "./seat-plan";
import type { ObjectEntry } from "../domain/status";

/** One object of the objects read (GET /events/{key}/objects), which is what a map is drawn from. */
type ApiObject = ObjectEntry;
type SeatObject = Extract<ObjectEntry, { objectType: "seat" }>;
type AreaObject = Extract<ObjectEntry, { objectType: "generalAdmission" }>;

export interface SeatShape {
  label: string;
  cx: number;
  cy: number;
  r: number;
}
export interface AreaShape {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Drawn as the ellipse inscribed in the box (the layout's GA `shape`); a rectangle otherwise. */
  ellipse?: boolean;
}
export interface RowMark {
  label: string;
  x: number;
  y: number;
}
export interface SectionShape {
  key: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rows: RowMark[];
  /** Designed sections: the ring the outline is stroked along (plan.ts), and where the name goes (centred). */
  outline?: Point[];
  labelAt?: Point;
}
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A table as drawn: its top's centre and size in map units. */
export interface TableDrawn {
  label: string;
  shape: "round" | "rect";
  cx: number;
  cy: number;
  width: number;
  height: number;
}

/** A booth as drawn: its box in map units. */
export interface BoothDrawn {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How tables, the seats around them and booths (docs/tables.md) are added to the rows' `part`:
 * venue-placement.ts's addVenue, which {@link computeGeometry} is given when a map has them.
 * `objects`: the tables, booths and seats at tables; `coordinates`: the layout's x/y are used.
 */
export type VenuePlacer = (part: SeatPart, objects: ApiObject[], coordinates: boolean) => { tables: TableDrawn[]; booths: BoothDrawn[] };

export interface MapGeometry {
  seats: SeatShape[];
  areas: AreaShape[];
  sections: SectionShape[];
  bounds: Box;
  /** The stage: a box centred on the layout's focal point, when the event gives one. */
  stage?: Box;
  /** Tables (their seats are among `seats`) and booths (docs/tables.md). */
  tables: TableDrawn[];
  booths: BoothDrawn[];
}

const PITCH = 24; // distance between seat centres in generated layouts
/** Every seat's radius in map units. */
export const RADIUS = 9;
const GA_WIDTH = 200;
const GA_HEIGHT = 110;
const GAP = 40;

// One collator for every comparison: localeCompare with options builds one per call, which made
// sorting a 100,000-seat map take a few hundred milliseconds.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** Compares labels so that "A-2" sorts before "A-10". */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Whether `a` surely sorts before `b` naturally, decided without the collator in the common case of
 * labels that differ only in a trailing number ("S12-4-9" < "S12-4-10"); undefined when unsure.
 */
function quickOrder(a: string, b: string): boolean | undefined {
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  let start = i;
  while (start > 0 && isDigit(a.charCodeAt(start - 1))) start--;
  const ra = a.slice(start);
  const rb = b.slice(start);
  if (ra.length === 0 || rb.length === 0 || ra.length > 15 || rb.length > 15) return undefined;
  for (const r of [ra, rb]) for (let k = 0; k < r.length; k++) if (!isDigit(r.charCodeAt(k))) return undefined;
  return Number(ra) < Number(rb);
}

/** Seats in natural label order; layouts are usually written in that order already, so check first. */
function byLabel(seats: SeatObject[]): SeatObject[] {
  for (let i = 1; i < seats.length; i++) {
    const a = seats[i - 1]!.objectLabel;
    const b = seats[i]!.objectLabel;
    if ((quickOrder(a, b) ?? naturalCompare(a, b) <= 0) === false) return [...seats].sort((x, y) => naturalCompare(x.objectLabel, y.objectLabel));
  }
  return seats;
}

/** The row a seat belongs to: its rowLabel, else the label minus its last `-`/`_`/`.`/space part. */
export function rowKeyOf(seat: SeatObject): string {
  if (seat.rowLabel) return seat.rowLabel; // an empty row label names no row: fall back to the label
  const m = /^(.*)[-_. :]([^-_. :]+)$/.exec(seat.objectLabel);
  return m ? m[1] : "";
}

function rowDisplay(rowKey: string, sectionKey: string): string {
  // "A-1" inside section "A" reads as row "1".
  const m = /[-_. :]([^-_. :]+)$/.exec(rowKey);
  if (m) return m[1];
  return rowKey === sectionKey ? "" : rowKey;
}

// Loops rather than Math.max(...xs): spreading 100,000 arguments overflows the stack.
function maxOf(values: number[]): number {
  let m = -Infinity;
  for (const v of values) if (v > m) m = v;
  return m;
}

function minOf(values: number[]): number {
  let m = Infinity;
  for (const v of values) if (v < m) m = v;
  return m;
}

/**
 * The rows of `seats`, each in the order given: seats of one section and row key, rows in order of
 * first appearance. A reader of the compact objects form knows the layout's rows exactly and passes
 * them to {@link computeGeometry} instead (two rows may share a label).
 */
export function rowsOf(seats: SeatObject[]): SeatObject[][] {
  const rows: SeatObject[][] = [];
  const sections = new Map<string, Map<string, SeatObject[]>>();
  for (const seat of seats) {
    let section = sections.get(seat.sectionKey);
    if (!section) sections.set(seat.sectionKey, (section = new Map()));
    const key = rowKeyOf(seat);
    const row = section.get(key);
    if (row) row.push(seat);
    else {
      const fresh = [seat];
      section.set(key, fresh);
      rows.push(fresh);
    }
  }
  return rows;
}

export const hasXY = (o: ApiObject) => typeof o.x === "number" && typeof o.y === "number" && Number.isFinite(o.x) && Number.isFinite(o.y);

/**
 * Computes the drawing of an event's objects; `rows` are the layout's rows when known (else
 * {@link rowsOf}), and the layout's focal point, when given, is drawn as the stage. Tables and
 * booths (docs/tables.md) are drawn by `venue` (venue-placement.ts's placeVenue), which a map
 * of rows alone does without: without it they are left out.
 */
export function computeGeometry(objects: ApiObject[], rows?: SeatObject[][], focalPoint?: Point | null, venue?: VenuePlacer): MapGeometry {
  // One pass: a 100,000-object map is sorted into its kinds without a copy per kind; tables, booths
  // and the seats at tables go to the venue placement.
  const seats: SeatObject[] = [];
  const areas: AreaObject[] = [];
  const atVenue: ApiObject[] = [];
  for (const o of objects) {
    if (o.objectType === "seat" && o.tableLabel === undefined) seats.push(o);
    else if (o.objectType === "generalAdmission") areas.push(o);
    else atVenue.push(o);
  }
  const coordinates = seats.length > 0 ? seats.every(hasXY) : atVenue.length > 0;
  const seatPart =
    seats.length > 0 && coordinates ? fromCoordinates(seats) : fromStructure(rows?.filter((r) => r[0]?.tableLabel === undefined) ?? rowsOf(seats));
  const placed = venue && atVenue.length > 0 ? venue(seatPart, atVenue, coordinates) : { tables: [], booths: [] };
  const placedAreas = placeAreas(areas, seatPart.bounds, seatPart.scale);
  const stage = focalPoint && Number.isFinite(focalPoint.x) && Number.isFinite(focalPoint.y) ? stageBox(focalPoint, seatPart.scale) : undefined;
  const all = [seatPart.bounds, ...placedAreas.map((a) => ({ x: a.x, y: a.y, width: a.width, height: a.height })), ...(stage ? [stage] : [])].filter(
    (b) => b.width > 0 || b.height > 0,
  );
  const out: MapGeometry = {
    seats: seatPart.seats,
    sections: seatPart.sections,
    areas: placedAreas,
    bounds: union(all),
    tables: placed.tables,
    booths: placed.booths,
  };
  if (stage) out.stage = stage;
  return out;
}

/** The rows' seats and sections as placed, which the venue placement adds its tables and booths to. */
export interface SeatPart {
  seats: SeatShape[];
  sections: SectionShape[];
  bounds: Box;
  /** Layout units to drawn units (1 for seats laid out from structure). */
  scale: number;
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

function fromStructure(allRows: SeatObject[][]): SeatPart {
  const out: SeatShape[] = [];
  const sections: SectionShape[] = [];
  const bySection = groupBy(
    allRows.filter((r) => r.length > 0),
    (r) => r[0]!.sectionKey,
  );
  const seatCount = allRows.reduce((n, r) => n + r.length, 0);
  // Sections go on shelves whose width grows with the square root of the seat count.
  const shelfWidth = Math.max(600, Math.sqrt(seatCount) * PITCH * 2.2);
  let cursorX = 0;
  let shelfY = 0;
  let shelfHeight = 0;
  for (const [sectionKey, sectionRows] of bySection) {
    let rows = sectionRows.map((seats) => ({ key: rowKeyOf(seats[0]!), seats }));
    // One long unstructured row wraps into a block, so a section of 500 labels is not 12,000 px wide.
    if (rows.length === 1 && rows[0]!.seats.length > 40 && !rows[0]!.seats[0]!.rowLabel) {
      const sorted = byLabel(rows[0]!.seats);
      const perLine = Math.ceil(Math.sqrt(sorted.length * 2));
      rows = [];
      for (let i = 0; i < sorted.length; i += perLine) rows.push({ key: `${Math.floor(i / perLine) + 1}`, seats: sorted.slice(i, i + perLine) });
    }
    // A row's width counts its aisles: each is one seat pitch of empty space.
    const widthOf = (seats: SeatObject[]) => seats.length + seats.reduce((n, s, i) => n + (s.aisleAfter && i < seats.length - 1 ? 1 : 0), 0);
    const widest = maxOf(rows.map((r) => widthOf(r.seats)));
    const width = widest * PITCH + PITCH * 2; // a column on the left for the row label
    const height = rows.length * PITCH + PITCH * 2; // a band on top for the section label, a margin below
    if (cursorX > 0 && cursorX + width > shelfWidth) {
      cursorX = 0;
      shelfY += shelfHeight + GAP;
      shelfHeight = 0;
    }
    const marks: RowMark[] = [];
    rows.forEach(({ key, seats }, rowIndex) => {
      const cy = shelfY + PITCH * 1.5 + rowIndex * PITCH + PITCH / 2;
      // Centre short rows under the widest one, as in a real hall.
      const offset = ((widest - widthOf(seats)) * PITCH) / 2;
      let slot = 0;
      for (const seat of seats) {
        out.push({ label: seat.objectLabel, cx: cursorX + PITCH * 1.5 + offset + slot * PITCH + PITCH / 2, cy, r: RADIUS });
        slot += seat.aisleAfter ? 2 : 1;
      }
      marks.push({ label: rowDisplay(key, sectionKey), x: cursorX + PITCH * 0.75, y: cy });
    });
    sections.push({ key: sectionKey, label: sectionRows[0]![0]!.sectionLabel ?? sectionKey, x: cursorX, y: shelfY, width, height, rows: marks });
    cursorX += width + GAP;
    shelfHeight = Math.max(shelfHeight, height);
  }
  return { seats: out, sections, bounds: union(sections), scale: 1 };
}

/** Smallest positive gap between neighbours on the same y (or x); 10 when there is none. */
export function seatPitch(points: { x: number; y: number }[]): number {
  const pitch = linePitch(points);
  return pitch < Infinity ? pitch : 10;
}

/**
 * Seats at the layout's coordinates, scaled and outlined by the plan module the designer uses
 * (seat-plan.ts): the same scale, rings, names and row marks as in the designer.
 */
function fromCoordinates(seats: SeatObject[]): SeatPart {
  const plan: DrawnSeat[] = seats.map((s) => ({ x: s.x as number, y: s.y as number, section: s.sectionKey, row: rowKeyOf(s), rowLabel: "" }));
  const scale = planScale(plan);
  const out: SeatShape[] = seats.map((s) => ({ label: s.objectLabel, cx: (s.x as number) * scale, cy: (s.y as number) * scale, r: RADIUS }));
  const firstOf = new Map<string, SeatObject>();
  plan.forEach((p, i) => {
    p.x = out[i].cx;
    p.y = out[i].cy;
    // A row label from the layout is shown as it is (the designer shows it so); one derived from labels is shortened.
    p.rowLabel = seats[i].rowLabel ? seats[i].rowLabel! : rowDisplay(p.row, p.section);
    if (!firstOf.has(p.section)) firstOf.set(p.section, seats[i]);
  });
  const sections: SectionShape[] = sectionOutlines(plan).map((o) => ({
    key: o.key,
    label: firstOf.get(o.key)?.sectionLabel ?? o.key,
    ...o.box,
    rows: o.rows,
    outline: o.ring,
    labelAt: o.labelAt,
  }));
  // The bounds hold each outline and each name (about 120 by 20 units around its centre).
  const names = sections.map((s) => ({ x: s.labelAt!.x - 60, y: s.labelAt!.y - 16, width: 120, height: 20 }));
  return { seats: out, sections, bounds: union([...sections, ...names]), scale };
}

function placeAreas(areas: AreaObject[], seatBounds: Box, scale: number): AreaShape[] {
  const drawn = areas.filter((a) => hasXY(a) && typeof a.width === "number" && typeof a.height === "number");
  if (drawn.length === areas.length)
    return areas.map((a) => {
      const shape: AreaShape = {
        label: a.objectLabel,
        x: (a.x as number) * scale,
        y: (a.y as number) * scale,
        width: (a.width as number) * scale,
        height: (a.height as number) * scale,
      };
      if (a.shape === "ellipse") shape.ellipse = true;
      return shape;
    });
  // A band of equal blocks centred above the seats, scaled with a wide map so that an area stays
  // readable when a stadium is shown whole (a fixed 200 units became a 22 px box at 100,000 seats).
  const k = Math.max(1, seatBounds.width / 2000);
  const [width, height, gap] = [GA_WIDTH * k, GA_HEIGHT * k, GAP * k];
  const total = areas.length * width + (areas.length - 1) * gap;
  const startX = seatBounds.x + (seatBounds.width - total) / 2;
  const y = seatBounds.y - height - gap;
  return areas.map((a, i) => ({ label: a.objectLabel, x: startX + i * (width + gap), y, width, height }));
}

/** The smallest box holding all boxes (an empty box at the origin for none). */
export function union(boxes: Box[]): Box {
  if (boxes.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const x = minOf(boxes.map((b) => b.x));
  const y = minOf(boxes.map((b) => b.y));
  const right = maxOf(boxes.map((b) => b.x + b.width));
  const bottom = maxOf(boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}
