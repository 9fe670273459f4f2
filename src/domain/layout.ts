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
  /** Seats only: the seat's features (docs/accessibility.md), set only when the layout lists at least one. */
  features?: SeatFeature[];
  /** Drawing hints, copied from the layout when given: x/y for seats and GA areas, width/height for GA areas. */
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  /** GA areas only: the drawn shape, copied from the layout when given. */
  shape?: "rectangle" | "ellipse";
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
        // In the feature list's order, as the stored columns give them back.
        if (seat.features !== undefined && seat.features.length > 0) o.features = SEAT_FEATURES.filter((f) => seat.features!.includes(f));
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
    if (area.shape !== undefined) o.shape = area.shape;
    index.set(area.label, o);
  }
  return index;
}
