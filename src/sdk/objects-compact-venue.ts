/**
 * Tables and booths of the compact objects form (docs/tables.md), read back into the full form's
 * entries: the part of objects-compact.ts that only a venue with tables or booths needs, so it
 * travels in the SDK's venue part (venue.ts).
 */
import { tableSeatCoords } from "../geometry/table-placement";
import { coordAt, DIGITS, labelsOf } from "./objects-compact";
import type { ApiObject, CompactObjects, SeatObject } from "./types";
import type { VenueReader } from "./venue-part";

type CompactSection = CompactObjects["sections"][number];
type CompactTable = NonNullable<CompactSection["tables"]>[number];
type CompactBooth = NonNullable<CompactSection["booths"]>[number];
type TableObject = Extract<ApiObject, { objectType: "table" }>;
type BoothObject = Extract<ApiObject, { objectType: "booth" }>;
type Placed = { floorKey?: string; zoneKeys?: string[] };

/**
 * What objects-compact.ts's decodeObjects asks of the venue while it reads `body` into `out`: each
 * object's floor and zones (`place`), a section's tables and booths after its rows (`section`), and
 * the booths outside sections (`booths`), in the order the full form lists them.
 */
export function venueReader(body: CompactObjects, held: Set<string> | null, out: ApiObject[]): VenueReader {
  const zonesOf = new Map<string, string[]>();
  for (const z of body.zones ?? []) for (const k of z.sectionKeys) zonesOf.set(k, [...(zonesOf.get(k) ?? []), z.key]);
  const place = (o: Placed, section: CompactSection | null, floorKey?: string) => {
    const floor = section?.floorKey ?? floorKey;
    if (floor !== undefined) o.floorKey = floor;
    const zones = section ? zonesOf.get(section.key) : undefined;
    if (zones) o.zoneKeys = zones;
  };
  const keys = body.categoryKeys;
  return {
    place,
    section(section: CompactSection): void {
      const here = (o: Placed) => place(o, section);
      for (const t of section.tables ?? []) decodeTable(t, section, keys, held, out, here);
      for (const b of section.booths ?? []) out.push(boothOf(b, keys, section, here));
    },
    booths(): void {
      for (const b of body.booths ?? []) out.push(boothOf(b, keys, null, (o) => place(o, null, b.floorKey)));
    },
  };
}

/** A table of the compact form: the table's entry, then its seats' in order around it (as the full form lists them). */
function decodeTable(t: CompactTable, section: CompactSection, keys: string[], held: Set<string> | null, out: ApiObject[], place: (o: Placed) => void): void {
  const labels = labelsOf(t);
  const table: TableObject = {
    objectLabel: t.label,
    categoryKey: keys[t.c] ?? "",
    objectType: "table",
    sectionKey: section.key,
    sectionLabel: section.label,
    shape: t.shape,
    seatLabels: labels,
  };
  if (t.x !== undefined) table.x = t.x;
  if (t.y !== undefined) table.y = t.y;
  if (t.w !== undefined) table.width = t.w;
  if (t.h !== undefined) table.height = t.h;
  place(table);
  out.push(table);
  // Most tables have no features and their seats around them: no map, and the points of a shared
  // pattern written into one scratch array rather than an object per seat.
  const features = t.features ? new Map(t.features) : null;
  const around =
    t.around && t.x !== undefined && t.y !== undefined
      ? tableSeatCoords({ shape: t.shape, x: t.x, y: t.y, width: t.w, height: t.h }, labels.length, scratch)
      : null;
  const codes = t.sc;
  for (let i = 0; i < labels.length; i++) {
    const objectLabel = labels[i]!;
    const index = typeof codes === "string" ? DIGITS.indexOf(codes.charAt(i)) : (codes[i] ?? -1);
    const seat: SeatObject = {
      objectLabel,
      categoryKey: keys[index] ?? "",
      objectType: "seat",
      sectionKey: section.key,
      sectionLabel: section.label,
      tableLabel: t.label,
    };
    const f = features?.get(i);
    if (f !== undefined) seat.features = f;
    if (held?.has(objectLabel)) seat.accessibleOnly = true;
    const x = around ? around[2 * i] : coordAt(t.sx, i);
    const y = around ? around[2 * i + 1] : coordAt(t.sy, i);
    if (x !== undefined) seat.x = x;
    if (y !== undefined) seat.y = y;
    place(seat);
    out.push(seat);
  }
}

/** Seats around one table at a time: reused from table to table. */
const scratch: number[] = [];

function boothOf(b: CompactBooth, keys: string[], section: CompactSection | null, place: (o: Placed) => void): BoothObject {
  const booth: BoothObject = { objectLabel: b.label, categoryKey: keys[b.c] ?? "", objectType: "booth" };
  if (section) {
    booth.sectionKey = section.key;
    booth.sectionLabel = section.label;
  }
  if (b.x !== undefined) booth.x = b.x;
  if (b.y !== undefined) booth.y = b.y;
  if (b.w !== undefined) booth.width = b.w;
  if (b.h !== undefined) booth.height = b.h;
  place(booth);
  return booth;
}
