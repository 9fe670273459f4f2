import type { LayoutObject, Zone } from "../../domain/layout";
import type { ObjectEntry, ReportsResult, Status } from "../../domain/status";
import { TABLE_STATUSES, type TableStatus } from "../../domain/tables";
import type { DrawingHints, LayoutIndex } from "../state/layout-index";
import type { SeatStatus } from "../state/store";
import { derivedTables, type SeatOfTable } from "./table-status";

/**
 * What reads say of tables, booths, zones and floors (docs/tables.md): the objects entries of tables
 * and booths, the floor and zones every object entry carries, and the reports by object type and
 * by zone.
 */

const zonesBySection = new WeakMap<readonly Zone[], Map<string, string[]>>();

/** The zones each section is in, by section key (kept per layout's zone list). */
export function zoneKeysOf(layout: LayoutIndex): Map<string, string[]> {
  let map = zonesBySection.get(layout.zones);
  if (map === undefined) {
    map = new Map();
    for (const zone of layout.zones) for (const key of zone.sectionKeys) map.set(key, [...(map.get(key) ?? []), zone.key]);
    zonesBySection.set(layout.zones, map);
  }
  return map;
}

/** Drawing hints of an objects entry: only those the layout gave. */
type Drawing = Omit<DrawingHints, "rowLabel" | "rowIndex" | "aisleAfter">;

/** Adds the drawing hints the object has to an entry (never undefined-valued keys). */
export function withDrawing<T extends object>(entry: T, o: Pick<DrawingHints, "x" | "y" | "width" | "height" | "shape">): T & Drawing {
  const out: T & Drawing = entry;
  if (o.x !== undefined) out.x = o.x;
  if (o.y !== undefined) out.y = o.y;
  if (o.width !== undefined) out.width = o.width;
  if (o.height !== undefined) out.height = o.height;
  if (o.shape !== undefined) out.shape = o.shape;
  return out;
}

/** Adds the object's floor and zones to an objects entry, only those it has. */
export function withPlace<T extends { floorKey?: string; zoneKeys?: string[] }>(entry: T, o: LayoutObject, h: DrawingHints, zones: Map<string, string[]>): T {
  const floorKey = h.floorKey ?? o.floorKey;
  if (floorKey !== undefined) entry.floorKey = floorKey;
  const zoneKeys = o.sectionKey === undefined ? undefined : zones.get(o.sectionKey);
  if (zoneKeys !== undefined) entry.zoneKeys = zoneKeys;
  return entry;
}

/** The objects entry of a table or a booth, with its drawing hints. */
export function venueObjectEntry(o: LayoutObject, h: DrawingHints, zones: Map<string, string[]>, channelKey: string | null | undefined): ObjectEntry {
  // A table's or booth's box: the drawing hints' where the layout index has them, else the object's own.
  const box = { x: h.x ?? o.x, y: h.y ?? o.y, width: h.width ?? o.width, height: h.height ?? o.height };
  if (o.objectType === "table") {
    const table: ObjectEntry = {
      objectLabel: o.label,
      categoryKey: o.categoryKey,
      objectType: "table",
      sectionKey: o.sectionKey ?? "",
      sectionLabel: o.sectionLabel ?? "",
      shape: h.tableShape ?? o.tableShape ?? "round",
      seatLabels: o.seatLabels ?? [],
    };
    return withPlace(withDrawing(table, box), o, h, zones);
  }
  const booth: ObjectEntry = { objectLabel: o.label, categoryKey: o.categoryKey, objectType: "booth" };
  if (o.sectionKey !== undefined) booth.sectionKey = o.sectionKey;
  if (o.sectionLabel !== undefined) booth.sectionLabel = o.sectionLabel;
  if (channelKey !== undefined) booth.channelKey = channelKey;
  return withPlace(withDrawing(booth, box), o, h, zones);
}

type Counts = Record<TableStatus, number>;
const zero = (): Counts => ({ free: 0, held: 0, booked: 0, not_for_sale: 0, partially_taken: 0 });

/**
 * Reports by object type and by zone. Seats (those at tables included) and booths count 1 each by
 * their status; each table once, by its own status; GA areas in places. A zone counts the seats,
 * booths and places of its sections.
 */
export function venueReports(
  layout: LayoutIndex,
  seats: readonly SeatOfTable[],
  areaCounts: (o: LayoutObject) => Record<Status, number>,
): Pick<ReportsResult, "byObjectType" | "byZone"> {
  const status = new Map(seats.map((s) => [s.label, s.status]));
  const byType = new Map<"seat" | "table" | "booth" | "generalAdmission", Counts>([
    ["seat", zero()],
    ["table", zero()],
    ["booth", zero()],
    ["generalAdmission", zero()],
  ]);
  const zones = zoneKeysOf(layout);
  const byZone = new Map<string, Counts>(layout.zones.map((z) => [z.key, zero()]));
  const tables = derivedTables(layout, seats);
  for (const o of layout.objects.values()) {
    if (o.objectType === "table") {
      const d = tables.get(o.label);
      byType.get("table")![d === undefined ? "free" : d.whole === null ? "partially_taken" : d.whole.status]++;
      continue;
    }
    const counts: Partial<Record<Status, number>> =
      o.objectType === "generalAdmission" ? areaCounts(o) : { [(status.get(o.label) ?? "free") satisfies SeatStatus | "free"]: 1 };
    const type = byType.get(o.objectType)!;
    const inZones = o.sectionKey === undefined ? [] : (zones.get(o.sectionKey) ?? []);
    for (const [s, n] of Object.entries(counts) as [Status, number][]) {
      type[s] += n;
      for (const z of inZones) byZone.get(z)![s] += n;
    }
  }
  const byObjectType = [...byType].flatMap(([objectType, counts]) =>
    TABLE_STATUSES.filter((s) => objectType === "table" || s !== "partially_taken").map((s) => ({ objectType, status: s, count: counts[s] })),
  );
  const statuses = ["free", "held", "booked", "not_for_sale"] as const;
  return {
    byObjectType,
    byZone: [...byZone].flatMap(([zoneKey, counts]) => statuses.map((s) => ({ zoneKey, status: s, count: counts[s] }))),
  };
}
