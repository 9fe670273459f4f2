/**
 * The chart layout (contract §2): what a chart's draftVersion object holds and what events read.
 * Validation lives in layout-schema.ts; this module holds the types and the flat index that the
 * event engine and the publish check work from.
 */

export interface Category {
  key: string;
  label: string;
  color: string;
}

export interface Seat {
  label: string;
  categoryKey: string;
  x?: number;
  y?: number;
  /** An aisle or gap follows this seat: it is not adjacent to the next seat of its row (contract §8). Kept as given, false included. */
  aisleAfter?: boolean;
}

export interface Row {
  label: string;
  seats: Seat[];
}

export interface Section {
  key: string;
  label: string;
  rows: Row[];
}

export interface GeneralAdmissionArea {
  label: string;
  categoryKey: string;
  capacity: number;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
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
  /** Where buyers want to be near (the stage): best available ranks seats by their distance to it (contract §8). */
  focalPoint?: Point;
}

export type ObjectType = "seat" | "generalAdmission";

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
  /** Drawing hints, copied from the layout when given: x/y for seats and GA areas, width/height for GA areas. */
  x?: number;
  y?: number;
  width?: number;
  height?: number;
}

export const EMPTY_LAYOUT: Layout = { categories: [], sections: [], generalAdmission: [] };

/** Every object of a layout keyed by label (labels are unique across seats and GA areas). */
export function indexLayout(layout: Layout): Map<string, LayoutObject> {
  const index = new Map<string, LayoutObject>();
  for (const section of layout.sections) {
    for (let r = 0; r < section.rows.length; r++) {
      const row = section.rows[r]!;
      for (const seat of row.seats) {
        const o: LayoutObject = {
          label: seat.label,
          objectType: "seat",
          categoryKey: seat.categoryKey,
          sectionKey: section.key,
          sectionLabel: section.label,
          rowLabel: row.label,
          rowIndex: r,
        };
        if (seat.x !== undefined) o.x = seat.x;
        if (seat.y !== undefined) o.y = seat.y;
        if (seat.aisleAfter === true) o.aisleAfter = true;
        index.set(seat.label, o);
      }
    }
  }
  for (const area of layout.generalAdmission) {
    const o: LayoutObject = { label: area.label, objectType: "generalAdmission", categoryKey: area.categoryKey, capacity: area.capacity };
    if (area.x !== undefined) o.x = area.x;
    if (area.y !== undefined) o.y = area.y;
    if (area.width !== undefined) o.width = area.width;
    if (area.height !== undefined) o.height = area.height;
    index.set(area.label, o);
  }
  return index;
}
