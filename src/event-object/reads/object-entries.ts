import type { Category, Floor, LayoutObject, Point, SectionLabels, Zone } from "../../domain/layout";
import type { ObjectEntry } from "../../domain/status";
import { areaCounts, areaRemaining } from "../state/ga-counts";
import { maskedObject, type ChannelMask } from "./channel-mask";
import { channelsOf } from "../state/channels";
import { remainingByPool } from "../state/ga-pools";
import { accessOf } from "../state/accessibility";
import { drawingHints, type DrawingHints, type LayoutIndex } from "../state/layout-index";
import { venueObjectEntry, withDrawing, withPlace, zoneKeysOf } from "./venue-reads";

/**
 * The objects read (docs/events.md): every object of the layout as its entry, with the drawing
 * hints the layout gave, each seat's pool when the event has channels, and each GA area's live
 * `remaining`.
 */

/** The objects entry of `o` with the drawing hints `h` (for an index built from a layout, `o` itself); a GA area with its live `remaining`. */
export function objectEntry(sql: SqlStorage, o: LayoutObject, h: DrawingHints, now: number, zones: Map<string, string[]> = NO_ZONES): ObjectEntry {
  const channels = channelsOf(sql);
  const defs = channels?.defs() ?? [];
  if (o.objectType === "table" || o.objectType === "booth") {
    const channelKey = o.objectType === "booth" && defs.length > 0 ? (channels?.channelOf(o.label) ?? null) : undefined;
    return venueObjectEntry(o, h, zones, channelKey);
  }
  if (o.objectType === "seat") {
    const seat: ObjectEntry = {
      objectLabel: o.label,
      categoryKey: o.categoryKey,
      objectType: "seat",
      sectionKey: o.sectionKey ?? "",
      sectionLabel: o.sectionLabel ?? "",
    };
    // With channels every seat names its pool (null: open); an event without channels has only the open pool.
    if (defs.length > 0) seat.channelKey = channels?.channelOf(o.label) ?? null;
    // Indexes written before row labels were stored have none: the entry then simply lacks it.
    if (h.rowLabel !== undefined) seat.rowLabel = h.rowLabel;
    if (h.aisleAfter) seat.aisleAfter = true;
    if (o.features) seat.features = o.features;
    const only = accessOf(sql)?.accessibleOnly(o);
    if (only !== undefined) seat.accessibleOnly = only;
    if (o.tableLabel !== undefined) seat.tableLabel = o.tableLabel;
    return withPlace(withDrawing(seat, h), o, h, zones);
  }
  const counts = areaCounts(sql, o.label, now);
  const capacity = o.capacity ?? 0;
  const area: ObjectEntry = {
    objectLabel: o.label,
    categoryKey: o.categoryKey,
    objectType: "generalAdmission",
    capacity,
    label: o.label,
    remaining: areaRemaining(capacity, counts),
  };
  const places = Object.fromEntries(defs.flatMap((d) => (d.areaPlaces?.[o.label] ? [[d.key, d.areaPlaces[o.label]!]] : [])));
  if (Object.keys(places).length > 0) area.channelPlaces = places;
  const byPool = remainingByPool(sql, defs, o.label, capacity, counts.nfs ?? 0, now);
  if (byPool) area.remainingByChannel = byPool;
  const floorKey = h.floorKey ?? o.floorKey;
  if (floorKey !== undefined) area.floorKey = floorKey;
  return withDrawing(area, h);
}

const NO_ZONES = new Map<string, string[]>();

/** The objects response body (free seats included; GA areas with `remaining`; the focal point when the layout has one). */
export function objectsOf(
  sql: SqlStorage,
  layout: LayoutIndex,
  now: number,
  labels?: string[],
  mask: ChannelMask | null = null,
): { categories: Category[]; objects: ObjectEntry[]; focalPoint?: Point; sectionLabels?: SectionLabels; zones?: Zone[]; floors?: Floor[] } {
  const source = labels ? [...new Set(labels)].map((l) => layout.object(l)).filter((o): o is LayoutObject => o !== undefined) : layout.objects.values();
  const objects: ObjectEntry[] = [];
  const hints = drawingHints(layout);
  const zones = zoneKeysOf(layout);
  for (const o of source) objects.push(maskedObject(mask, objectEntry(sql, o, hints ? (hints.get(o.label) ?? {}) : o, now, zones)));
  const out: { categories: Category[]; objects: ObjectEntry[]; focalPoint?: Point; sectionLabels?: SectionLabels; zones?: Zone[]; floors?: Floor[] } = {
    categories: layout.categories,
    objects,
  };
  if (layout.focalPoint) out.focalPoint = layout.focalPoint;
  if (Object.keys(layout.sectionLabels).length > 0) out.sectionLabels = layout.sectionLabels;
  // docs/tables.md: the layout's zones and floors, as the layout gives them.
  if (layout.zones.length > 0) out.zones = [...layout.zones];
  if (layout.floors.length > 0) out.floors = [...layout.floors];
  return out;
}
