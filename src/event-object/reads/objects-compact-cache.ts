/**
 * The compact objects body of an event (objects-compact.ts). The seat part only changes with the
 * layout, so it is encoded once, when a layout version is written, and kept with it (layout-blobs.ts)
 * and in memory per index; the GA areas carry live `remaining` counts and are read on every call.
 * A warm read of a 100,000-seat event then costs a string join instead of building and
 * stringifying 100,000 entries (about 350 ms), and a woken one reads one stored part.
 */
import type { Category, Floor, LayoutObject, Point, SectionLabels, Zone } from "../../domain/layout";
import { StoredLayout, type LayoutIndex } from "../state/layout-index";
import { compactVenueJson, encodeCompactVenue } from "./objects-compact-venue";
import type { ObjectEntry } from "../../domain/status";
import { objectEntry } from "./object-entries";
import { maskedObject, type ChannelMask } from "./channel-mask";
import { accessOf } from "../state/accessibility";

interface Kept {
  /** `"categoryKeys":[…],"sections":[…]` */
  seatsJson: string;
  /** The GA areas, whole: their entries carry live counts, so they are built on every read. */
  areas: LayoutObject[];
}

const kept = new WeakMap<LayoutIndex, Kept>();

/**
 * The compact seat part of objects in drawing order that carry their drawing hints (an index built
 * from a layout, or objectsWithHints of a stored one): written with each layout version.
 */
export function encodeSeatPart(
  categories: Category[],
  objects: Iterable<LayoutObject>,
  extras: { zones?: readonly Zone[]; floors?: readonly Floor[] } = {},
): string {
  // Rows (the row's position tells apart rows that share a label), tables and booths (docs/tables.md).
  return compactVenueJson(encodeCompactVenue(categories, objects, extras));
}

/** Keeps the seat part just encoded for `layout` (when its version was written), so its first compact read does not encode it again. */
export function keepSeatPart(layout: LayoutIndex, seatsJson: string): void {
  if (!(layout instanceof StoredLayout)) kept.set(layout, { seatsJson, areas: areasOf(layout) });
}

function areasOf(layout: LayoutIndex): LayoutObject[] {
  return [...layout.objects.values()].filter((o) => o.objectType === "generalAdmission");
}

/**
 * The compact seat part of `layout`, kept per index (replaced on every publish, init or wake): a
 * stored version reads the part written with it, without decoding its objects; an index built
 * from a layout encodes it once.
 */
function seatPart(layout: LayoutIndex): Kept {
  let part = kept.get(layout);
  if (part === undefined) {
    part =
      layout instanceof StoredLayout
        ? { seatsJson: layout.seatPartJson(), areas: layout.areas() }
        : { seatsJson: encodeSeatPart(layout.categories, layout.objects.values(), { zones: layout.zones, floors: layout.floors }), areas: areasOf(layout) };
    kept.set(layout, part);
  }
  return part;
}

/**
 * The `?format=compact` body: `{ eventKey, format, categories, categoryKeys, sections, areas }`,
 * where `areas` are the GA entries exactly as the full form gives them.
 */
export function compactObjectsBody(sql: SqlStorage, layout: LayoutIndex, now: number, eventKey: string, mask: ChannelMask | null = null): string {
  const part = seatPart(layout);
  const areas = part.areas.map((o) => maskedObject(mask, objectEntry(sql, o, o, now)));
  const focal = layout.focalPoint ? `,"focalPoint":${JSON.stringify(layout.focalPoint)}` : "";
  const only = heldBackLabels(sql, layout);
  const access = only === null ? "" : `,"accessibleOnly":${JSON.stringify(only)}`;
  const names = Object.keys(layout.sectionLabels).length > 0 ? `,"sectionLabels":${JSON.stringify(layout.sectionLabels)}` : "";
  return `{"eventKey":${JSON.stringify(eventKey)},"format":"compact","categories":${JSON.stringify(layout.categories)},${part.seatsJson},"areas":${JSON.stringify(areas)}${access}${focal}${names}}`;
}

/** The seats held back now (docs/accessibility.md), or null when the event holds none back. */
function heldBackLabels(sql: SqlStorage, layout: LayoutIndex): string[] | null {
  const access = accessOf(sql);
  if (access === null || !access.active()) return null;
  const out: string[] = [];
  for (const o of layout.objects.values()) if (access.heldBack(o)) out.push(o.label);
  return out;
}

/** The compact body of some objects (a `labels` read): encoded on each call, nothing kept. */
export function compactObjectsOf(
  eventKey: string,
  categories: Category[],
  objects: ObjectEntry[],
  focalPoint?: Point | null,
  sectionLabels: SectionLabels = {},
): string {
  const venue: LayoutObject[] = [];
  const areas: ObjectEntry[] = [];
  for (const o of objects) {
    if (o.objectType === "generalAdmission") areas.push(o);
    else venue.push(layoutObjectOf(o));
  }
  const { categoryKeys, sections, booths } = encodeCompactVenue(categories, venue);
  // docs/accessibility.md: the listed seats held back now, as the whole-event compact read gives them.
  const seatEntries = objects.filter((o) => o.objectType === "seat");
  const heldBack = seatEntries.some((o) => "accessibleOnly" in o && o.accessibleOnly !== undefined)
    ? seatEntries.filter((o) => "accessibleOnly" in o && o.accessibleOnly === true).map((o) => o.objectLabel)
    : null;
  return JSON.stringify({
    eventKey,
    format: "compact",
    categories,
    categoryKeys,
    sections,
    ...(booths ? { booths } : {}),
    areas,
    ...(heldBack !== null && heldBack.length > 0 ? { accessibleOnly: heldBack } : {}),
    ...(focalPoint ? { focalPoint } : {}),
    ...(Object.keys(sectionLabels).length > 0 ? { sectionLabels } : {}),
  });
}

/** An objects entry (a seat, table or booth) as the compact encoder takes it. */
function layoutObjectOf(o: Exclude<ObjectEntry, { objectType: "generalAdmission" }>): LayoutObject {
  const out: LayoutObject = { label: o.objectLabel, objectType: o.objectType, categoryKey: o.categoryKey };
  if (o.sectionKey !== undefined) out.sectionKey = o.sectionKey;
  if (o.sectionLabel !== undefined) out.sectionLabel = o.sectionLabel;
  if (o.floorKey !== undefined) out.floorKey = o.floorKey;
  if (o.x !== undefined) out.x = o.x;
  if (o.y !== undefined) out.y = o.y;
  if (o.objectType === "seat") {
    if (o.rowLabel !== undefined) out.rowLabel = o.rowLabel;
    if (o.aisleAfter) out.aisleAfter = true;
    if (o.features) out.features = o.features;
    if (o.tableLabel !== undefined) out.tableLabel = o.tableLabel;
  } else {
    if (o.width !== undefined) out.width = o.width;
    if (o.height !== undefined) out.height = o.height;
    if (o.objectType === "table") out.tableShape = o.shape;
  }
  return out;
}
