/**
 * The compact objects body of an event (objects-compact.ts), kept per layout index. The seat part
 * only changes with the layout, so it is encoded once per index (the index object is replaced on
 * every publish, init or wake, which is what drops the old encoding); the GA areas carry live
 * `remaining` counts and are read on every call. A warm read of a 100,000-seat event then costs a
 * string join instead of building and stringifying 100,000 entries (about 350 ms).
 */
import type { Category, LayoutObject, Point } from "../domain/layout";
import { drawingHints, type LayoutIndex } from "./layout-index";
import { encodeSeats, type SeatInput } from "./objects-compact";
import type { ObjectEntry } from "../domain/status";
import { objectsOf } from "./status-reads";

interface Kept {
  /** `"categoryKeys":[…],"sections":[…]` */
  seatsJson: string;
  areaLabels: string[];
}

const kept = new WeakMap<Map<string, LayoutObject>, Kept>();

/** The compact seat part of `layout`, encoded on first use. */
function seatPart(sql: SqlStorage, layout: LayoutIndex): Kept {
  const known = kept.get(layout.objects);
  if (known) return known;
  const { seats, areaLabels } = seatInputs(sql, layout);
  const { categoryKeys, sections } = encodeSeats(layout.categories, seats);
  const part: Kept = { seatsJson: `"categoryKeys":${JSON.stringify(categoryKeys)},"sections":${JSON.stringify(sections)}`, areaLabels };
  kept.set(layout.objects, part);
  return part;
}

/**
 * The seats of `layout` as the encoder takes them (the full form's fields plus the row's position,
 * which tells apart rows that share a label), and the GA areas' labels.
 */
function seatInputs(sql: SqlStorage, layout: LayoutIndex): { seats: SeatInput[]; areaLabels: string[] } {
  const hints = drawingHints(sql, layout.objects);
  const seats: SeatInput[] = [];
  const areaLabels: string[] = [];
  for (const o of layout.objects.values()) {
    if (o.objectType !== "seat") {
      areaLabels.push(o.label);
      continue;
    }
    const h = hints ? (hints.get(o.label) ?? {}) : o;
    const seat: SeatInput = { objectLabel: o.label, categoryKey: o.categoryKey, sectionKey: o.sectionKey ?? "", sectionLabel: o.sectionLabel ?? "" };
    if (h.rowLabel !== undefined) seat.rowLabel = h.rowLabel;
    if (h.rowIndex !== undefined) seat.rowIndex = h.rowIndex;
    if (h.aisleAfter) seat.aisleAfter = true;
    if (h.x !== undefined) seat.x = h.x;
    if (h.y !== undefined) seat.y = h.y;
    seats.push(seat);
  }
  return { seats, areaLabels };
}

/**
 * The `?format=compact` body: `{ eventKey, format, categories, categoryKeys, sections, areas }`,
 * where `areas` are the GA entries exactly as the full form gives them.
 */
export function compactObjectsBody(sql: SqlStorage, layout: LayoutIndex, now: number, eventKey: string): string {
  const part = seatPart(sql, layout);
  const areas = part.areaLabels.length > 0 ? objectsOf(sql, layout, now, part.areaLabels).objects : [];
  const focal = layout.focalPoint ? `,"focalPoint":${JSON.stringify(layout.focalPoint)}` : "";
  return `{"eventKey":${JSON.stringify(eventKey)},"format":"compact","categories":${JSON.stringify(layout.categories)},${part.seatsJson},"areas":${JSON.stringify(areas)}${focal}}`;
}

/** The compact body of some objects (a `labels` read): encoded on each call, nothing kept. */
export function compactObjectsOf(eventKey: string, categories: Category[], objects: ObjectEntry[], focalPoint?: Point | null): string {
  const seats: SeatInput[] = [];
  const areas: ObjectEntry[] = [];
  for (const o of objects) {
    if (o.objectType === "seat") seats.push(o);
    else areas.push(o);
  }
  const { categoryKeys, sections } = encodeSeats(categories, seats);
  return JSON.stringify(
    focalPoint
      ? { eventKey, format: "compact", categories, categoryKeys, sections, areas, focalPoint }
      : { eventKey, format: "compact", categories, categoryKeys, sections, areas },
  );
}
