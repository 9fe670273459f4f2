import { z } from "@hono/zod-openapi";
import { labelsSchema } from "./labels";
import { TABLE_SHAPES, type Layout, type Seat } from "./layout";

/**
 * The layout's venue parts (docs/tables.md): tables with their seats, booths, zones and floors. The
 * shapes are plain zod; {@link checkVenue} runs the cross-object rules (labels in the one label
 * space, categories, floors and sections named) inside the layout schema's single pass, with the
 * path of each offending element.
 */

const key = z.string().min(1).max(128);
const displayLabel = z.string().max(255);
const coordinate = z.number();
const size = z.number().min(0);

/** Most seats one table may have. */
export const MAX_TABLE_SEATS = 100;
/** Most zones and most floors of one layout. */
export const MAX_ZONES = 1_000;
export const MAX_FLOORS = 100;

/** A table of a section; its seats are checked by the layout's seat rules (passed in, so the seat schema stays in one place). */
export function tableSchemaOf(seats: z.ZodType<Seat[]>) {
  return z
    .object({
      label: z.string().min(1, "must not be empty").max(128),
      shape: z.enum(TABLE_SHAPES),
      categoryKey: key,
      seats: seats.refine((list) => list.length >= 1 && list.length <= MAX_TABLE_SEATS, `a table has 1 to ${MAX_TABLE_SEATS} seats`),
      x: coordinate.optional(),
      y: coordinate.optional(),
      width: size.optional(),
      height: size.optional(),
    })
    .openapi("Table", {
      description:
        "A table (docs/tables.md): its label and its seats' labels are objects of the chart. Seats are adjacent around the table in list order (a round table's last seat is next to its first); x/y is the table's centre, and seats without x/y are drawn around it. Tables are held by seat, whole, or either, as the event's table booking says.",
    });
}

export const boothSchema = z
  .object({
    label: z.string().min(1, "must not be empty").max(128),
    categoryKey: key,
    x: coordinate.optional(),
    y: coordinate.optional(),
    width: size.optional(),
    height: size.optional(),
    floorKey: key.optional().openapi({ description: "Top-level booths: the floor the booth is on (a section's booths take the section's floor)" }),
  })
  .openapi("Booth", { description: "A booth (a trade-fair stand, a box): one object of type `booth`, held and booked whole. x/y is its top-left corner." });

export const zoneSchema = z
  .object({ key, label: displayLabel, sectionKeys: z.array(key).max(10_000), labels: labelsSchema.optional() })
  .openapi("Zone", { description: "A named group of sections (a stand of a stadium) that the SDK can show and zoom to; reports count it in byZone" });

export const floorSchema = z
  .object({ key, label: displayLabel, labels: labelsSchema.optional() })
  .openapi("Floor", { description: "A floor (level): sections and GA areas name it with floorKey, and the SDK shows one floor at a time" });

type Issue = { message: string; path: (string | number)[] };
type Report = (issue: Issue) => boolean;

/** What the layout's own pass has collected when it reaches the venue parts. */
export interface SeenSoFar {
  categories: ReadonlySet<string>;
  sectionKeys: ReadonlySet<string>;
  /** Every object label so far; the venue's labels are added to it. */
  labels: Set<string>;
  /** Objects counted so far. */
  objects: number;
}

/**
 * The cross-object rules of tables, booths, zones and floors: unique labels in the chart's label
 * space, every categoryKey a category, every floorKey a floor and every zone's sectionKeys a
 * section of the layout, unique zone and floor keys, and the object limit. Returns the objects
 * counted, or null once `report` asks to stop.
 */
export function checkVenue(layout: Layout, seen: SeenSoFar, maxObjects: number, report: Report): number | null {
  const floors = new Set<string>();
  for (let i = 0; i < (layout.floors ?? []).length; i++) {
    const k = layout.floors![i]!.key;
    if (floors.has(k) && !report({ message: `duplicate floor key "${k}"`, path: ["floors", i, "key"] })) return null;
    floors.add(k);
  }
  let objects = seen.objects;
  const label = (l: string, path: (string | number)[]): boolean => {
    if (seen.labels.has(l) && !report({ message: `duplicate object label "${l}"`, path })) return false;
    seen.labels.add(l);
    return true;
  };
  const category = (k: string, path: (string | number)[]): boolean => seen.categories.has(k) || report({ message: `unknown category "${k}"`, path });
  const floor = (k: string | undefined, path: (string | number)[]): boolean =>
    k === undefined || floors.has(k) || report({ message: `unknown floor "${k}"`, path });
  const booth = (b: { label: string; categoryKey: string }, path: (string | number)[]): boolean =>
    label(b.label, [...path, "label"]) && category(b.categoryKey, [...path, "categoryKey"]);

  for (let s = 0; s < layout.sections.length; s++) {
    const section = layout.sections[s]!;
    if (!floor(section.floorKey, ["sections", s, "floorKey"])) return null;
    for (let t = 0; t < (section.tables ?? []).length; t++) {
      const table = section.tables![t]!;
      const at = ["sections", s, "tables", t];
      objects += 1 + table.seats.length;
      if (objects > maxObjects) {
        report({ message: `a layout holds at most ${maxObjects} objects`, path: at });
        return null;
      }
      if (!label(table.label, [...at, "label"]) || !category(table.categoryKey, [...at, "categoryKey"])) return null;
      for (let i = 0; i < table.seats.length; i++) {
        const seat = table.seats[i]!;
        if (!label(seat.label, [...at, "seats", i, "label"]) || !category(seat.categoryKey, [...at, "seats", i, "categoryKey"])) return null;
      }
    }
    for (let b = 0; b < (section.booths ?? []).length; b++) {
      if (++objects > maxObjects) {
        report({ message: `a layout holds at most ${maxObjects} objects`, path: ["sections", s, "booths", b] });
        return null;
      }
      if (!booth(section.booths![b]!, ["sections", s, "booths", b])) return null;
    }
  }
  for (let b = 0; b < (layout.booths ?? []).length; b++) {
    const top = layout.booths![b]!;
    if (++objects > maxObjects) {
      report({ message: `a layout holds at most ${maxObjects} objects`, path: ["booths", b] });
      return null;
    }
    if (!booth(top, ["booths", b]) || !floor(top.floorKey, ["booths", b, "floorKey"])) return null;
  }
  for (let i = 0; i < layout.generalAdmission.length; i++) {
    if (!floor(layout.generalAdmission[i]!.floorKey, ["generalAdmission", i, "floorKey"])) return null;
  }
  const zones = new Set<string>();
  for (let z = 0; z < (layout.zones ?? []).length; z++) {
    const zone = layout.zones![z]!;
    if (zones.has(zone.key) && !report({ message: `duplicate zone key "${zone.key}"`, path: ["zones", z, "key"] })) return null;
    zones.add(zone.key);
    for (let i = 0; i < zone.sectionKeys.length; i++) {
      const k = zone.sectionKeys[i]!;
      if (!seen.sectionKeys.has(k) && !report({ message: `unknown section "${k}"`, path: ["zones", z, "sectionKeys", i] })) return null;
    }
  }
  return objects;
}
