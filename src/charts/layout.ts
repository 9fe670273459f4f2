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

export interface Layout {
  categories: Category[];
  sections: Section[];
  generalAdmission: GeneralAdmissionArea[];
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
}

export const EMPTY_LAYOUT: Layout = { categories: [], sections: [], generalAdmission: [] };

/** Every object of a layout keyed by label (labels are unique across seats and GA areas). */
export function indexLayout(layout: Layout): Map<string, LayoutObject> {
  const index = new Map<string, LayoutObject>();
  for (const section of layout.sections) {
    for (const row of section.rows) {
      for (const seat of row.seats) {
        index.set(seat.label, { label: seat.label, objectType: "seat", categoryKey: seat.categoryKey, sectionKey: section.key, sectionLabel: section.label });
      }
    }
  }
  for (const area of layout.generalAdmission) {
    index.set(area.label, { label: area.label, objectType: "generalAdmission", categoryKey: area.categoryKey, capacity: area.capacity });
  }
  return index;
}
