/**
 * The chart layout (docs/charts.md#the-layout): what a chart's draftVersion object holds and what events read.
 * Validation lives in layout-schema.ts; this module holds the types and the flat index that the
 * event engine and the publish check work from.
 */
import type { Labels } from "./labels";

export interface Category {
  key: string;
  label: string;
  color: string;
  /** The name in other languages (docs/languages.md), kept as given. */
  labels?: Labels;
}

/**
 * What a seat offers or lacks (docs/accessibility.md): `wheelchair` a wheelchair space, `companion` a seat
 * for a wheelchair user's companion, and four facts a buyer may look for or want to avoid.
 */
export const SEAT_FEATURES = ["wheelchair", "companion", "restrictedView", "stepFree", "hearingLoop", "extraLegroom"] as const;
export type SeatFeature = (typeof SEAT_FEATURES)[number];

/** Whether a feature list marks the accessible inventory a hold-back keeps (docs/accessibility.md): wheelchair spaces and companion seats. */
export function isAccessibleSeat(features: readonly SeatFeature[] | undefined): boolean {
  return features !== undefined && (features.includes("wheelchair") || features.includes("companion"));
}

export interface Seat {
  label: string;
  categoryKey: string;
  x?: number;
  y?: number;
  /** An aisle or gap follows this seat: it is not adjacent to the next seat of its row (docs/selling-rules.md). Kept as given, false included. */
  aisleAfter?: boolean;
  /** A set of seat features (docs/accessibility.md), kept as given. */
  features?: SeatFeature[];
}

export interface Row {
  label: string;
  seats: Seat[];
}

export interface Section {
  key: string;
  label: string;
  /** The name in other languages (docs/languages.md), kept as given. */
  labels?: Labels;
  rows: Row[];
  /** Tables of the section (docs/tables.md): each table and each of its seats is an object. */
  tables?: Table[];
  /** Booths of the section (docs/tables.md): each one object of type `booth`, held and booked whole. */
  booths?: Booth[];
  /** The floor (level) the section is on; its tables and booths are on it too. */
  floorKey?: string;
  /** Designer hint: the point the section was placed at (the centre of its block of seats). */
  x?: number;
  y?: number;
  /** Designer hint: degrees (clockwise) the section is turned by about (x, y). */
  rotation?: number;
  /** Designer hint: how the section's seats were generated, so the designer can change them again. */
  generator?: SectionGenerator;
}

/** Seat numbering across a row, looking from the stage's side of the map (docs/dashboard.md#the-chart-designer). */
export type SeatNumbering = "left-to-right" | "right-to-left" | "odd" | "even";

/**
 * The parameters of a generated section (the chart designer's section generator). The seats stay
 * the truth: these only let the designer regenerate a section after a change of one parameter.
 */
export interface SectionGenerator {
  rows: number;
  seatsPerRow: number;
  /** Row labels A, B, C… (`letters`) or 1, 2, 3… (`numbers`). */
  rowLabels: "letters" | "numbers";
  /** The label the front row starts from: 1 is A or 1. */
  rowStart: number;
  /** True when labels run from the back row to the front (the back row is A). */
  rowsReversed: boolean;
  seatNumbering: SeatNumbering;
  /** Distance between seat centres along a row, in layout units. */
  seatSpacing: number;
  /** Distance between rows, in layout units. */
  rowSpacing: number;
  /** Degrees of arc the front row spans (0: straight; positive bends the ends toward the stage). */
  curve: number;
  /** Degrees each row is sheared sideways by (0: rows straight behind each other). */
  skew: number;
  /** Seat positions (1 = leftmost) after which an aisle follows: the seat gets aisleAfter and a gap follows. */
  aisles: number[];
  /** Seat label pattern with {section}, {row} and {seat}; default {section}-{row}-{seat}. */
  labelPattern: string;
  /** The category new seats of the section get. */
  categoryKey: string;
}

export interface GeneralAdmissionArea {
  label: string;
  categoryKey: string;
  capacity: number;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  /** Drawing hint: a rectangle (the default) or the ellipse inscribed in x/y/width/height. */
  shape?: "rectangle" | "ellipse";
  /** The floor (level) the area is on. */
  floorKey?: string;
}

/** How a table is drawn: round (its seats on a circle) or rectangular (its seats along its long sides). */
export const TABLE_SHAPES = ["round", "rect"] as const;
export type TableShape = (typeof TABLE_SHAPES)[number];

/**
 * A table with its seats (docs/tables.md). The table's label and its seats' labels share the chart's
 * label space; the seats are adjacent around the table in list order (a round table's last seat is
 * next to its first). x/y is the table's centre; seats without x/y are drawn around it.
 */
export interface Table {
  label: string;
  shape: TableShape;
  categoryKey: string;
  seats: Seat[];
  x?: number;
  y?: number;
  /** Drawing hints: the table top's size (a round table's diameter is its width). */
  width?: number;
  height?: number;
}

/** A booth (a trade-fair stand, a box): one object held and booked whole. x/y is its top-left corner. */
export interface Booth {
  label: string;
  categoryKey: string;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  /** Top-level booths only: the floor the booth is on (a section's booths take the section's). */
  floorKey?: string;
}

/** A named group of sections (a stand of a stadium) that buyers can be shown and zoomed to. */
export interface Zone {
  key: string;
  label: string;
  sectionKeys: string[];
  labels?: Labels;
}

/** A floor (level) of the venue: the map shows one at a time. */
export interface Floor {
  key: string;
  label: string;
  labels?: Labels;
}

/** A point of the layout's drawing plane, in the seats' x/y units. */
export interface Point {
  x: number;
  y: number;
}

export interface Layout {
  categories: Category[];
  sections: Section[];
  generalAdmission: GeneralAdmissionArea[];
  /** Where buyers want to be near (the stage): best available ranks seats by their distance to it (docs/selling-rules.md). */
  focalPoint?: Point;
  /** Booths outside any section (docs/tables.md). */
  booths?: Booth[];
  zones?: Zone[];
  floors?: Floor[];
}

export type ObjectType = "seat" | "generalAdmission" | "table" | "booth";

/** One object of a layout, as the engine and the publish check see it. */
export interface LayoutObject {
  label: string;
  objectType: ObjectType;
  categoryKey: string;
  /** GA areas only. */
  capacity?: number;
  /** Seats only. */
  sectionKey?: string;
  sectionLabel?: string;
  /** Seats only: the label of the seat's row (drawing hint for the SDK). */
  rowLabel?: string;
  /**
   * Seats only: the row's position in its section, from 0. Row labels may repeat (or be empty), so
   * this is what tells two rows apart when a seat index is built from objects in layout order.
   */
  rowIndex?: number;
  /** Seats only: an aisle or gap follows the seat in its row (set only when the layout says true). */
  aisleAfter?: boolean;
  /** Seats only: the seat's features (docs/accessibility.md), set only when the layout lists at least one. */
  features?: SeatFeature[];
  /** Drawing hints, copied from the layout when given: x/y for seats and GA areas, width/height for GA areas. */
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  /** GA areas only: the drawn shape, copied from the layout when given. */
  shape?: "rectangle" | "ellipse";
  /** Seats at a table: the table's label. */
  tableLabel?: string;
  /** Tables: their seats' labels in list order (around the table). */
  seatLabels?: string[];
  /** Tables: round or rectangular. */
  tableShape?: TableShape;
  /** The floor the object is on (its section's, or a GA area's or top-level booth's own). */
  floorKey?: string;
}

/** Each section's translations (docs/languages.md) by section key, for the sections that have any. */
export type SectionLabels = Record<string, Labels>;

/** The translations of a layout's section names, by section key (empty when no section has any). */
export function sectionLabelsOf(sections: readonly Section[]): SectionLabels {
  const out: SectionLabels = {};
  for (const s of sections) if (s.labels && Object.keys(s.labels).length > 0) out[s.key] = s.labels;
  return out;
}

export const EMPTY_LAYOUT: Layout = { categories: [], sections: [], generalAdmission: [] };

/** Every object of a layout keyed by label (labels are unique across seats, tables, booths and GA areas), in drawing order. */
export function indexLayout(layout: Layout): Map<string, LayoutObject> {
  const index = new Map<string, LayoutObject>();
  for (const section of layout.sections) {
    const where = { sectionKey: section.key, sectionLabel: section.label, floorKey: section.floorKey };
    for (let r = 0; r < section.rows.length; r++) {
      const row = section.rows[r]!;
      for (const seat of row.seats) {
        index.set(seat.label, seatObject(seat, where, row.label, r));
      }
    }
    // A table comes before its seats, which follow it in list order: a table's seats are the objects after it.
    for (const table of section.tables ?? []) {
      const t: LayoutObject = { label: table.label, objectType: "table", categoryKey: table.categoryKey, ...placed(where) };
      t.seatLabels = table.seats.map((s) => s.label);
      t.tableShape = table.shape;
      drawing(t, table);
      index.set(table.label, t);
      for (const seat of table.seats) {
        const o = seatObject(seat, where);
        o.tableLabel = table.label;
        index.set(seat.label, o);
      }
    }
    for (const booth of section.booths ?? []) index.set(booth.label, boothObject(booth, where));
  }
  for (const booth of layout.booths ?? []) index.set(booth.label, boothObject(booth, { floorKey: booth.floorKey }));
  for (const area of layout.generalAdmission) {
    const o: LayoutObject = { label: area.label, objectType: "generalAdmission", categoryKey: area.categoryKey, capacity: area.capacity };
    drawing(o, area);
    if (area.shape !== undefined) o.shape = area.shape;
    if (area.floorKey !== undefined) o.floorKey = area.floorKey;
    index.set(area.label, o);
  }
  return index;
}

interface Placement {
  sectionKey?: string;
  sectionLabel?: string;
  floorKey?: string | undefined;
}

/** The section and floor fields of an object, only those given. */
function placed(where: Placement): Pick<LayoutObject, "sectionKey" | "sectionLabel" | "floorKey"> {
  const out: Pick<LayoutObject, "sectionKey" | "sectionLabel" | "floorKey"> = {};
  if (where.sectionKey !== undefined) out.sectionKey = where.sectionKey;
  if (where.sectionLabel !== undefined) out.sectionLabel = where.sectionLabel;
  if (where.floorKey !== undefined) out.floorKey = where.floorKey;
  return out;
}

/** Copies the drawing hints a layout element gives (never undefined-valued keys). */
function drawing(o: LayoutObject, from: { x?: number; y?: number; width?: number; height?: number }): void {
  if (from.x !== undefined) o.x = from.x;
  if (from.y !== undefined) o.y = from.y;
  if (from.width !== undefined) o.width = from.width;
  if (from.height !== undefined) o.height = from.height;
}

/** A seat's object; a row's seat with its row's label and position (a table's seat has neither). */
function seatObject(seat: Seat, where: Placement, rowLabel?: string, rowIndex?: number): LayoutObject {
  const o: LayoutObject = {
    label: seat.label,
    objectType: "seat",
    categoryKey: seat.categoryKey,
    sectionKey: where.sectionKey,
    sectionLabel: where.sectionLabel,
  };
  if (rowLabel !== undefined) o.rowLabel = rowLabel;
  if (rowIndex !== undefined) o.rowIndex = rowIndex;
  if (seat.x !== undefined) o.x = seat.x;
  if (seat.y !== undefined) o.y = seat.y;
  if (seat.aisleAfter === true && rowIndex !== undefined) o.aisleAfter = true;
  // In the feature list's order, as the stored columns give them back.
  if (seat.features !== undefined && seat.features.length > 0) o.features = SEAT_FEATURES.filter((f) => seat.features!.includes(f));
  if (where.floorKey !== undefined) o.floorKey = where.floorKey;
  return o;
}

function boothObject(booth: Booth, where: Placement): LayoutObject {
  const o: LayoutObject = { label: booth.label, objectType: "booth", categoryKey: booth.categoryKey, ...placed(where) };
  drawing(o, booth);
  return o;
}

/** Whether an object is held and booked as one seat row (a seat or a booth), as opposed to a table or a GA area. */
export function isSeatLike(o: { objectType: ObjectType }): boolean {
  return o.objectType === "seat" || o.objectType === "booth";
}
