/**
 * Tables and booths of the compact objects form (docs/tables.md), read back into the full form's
 * entries: the part of objects-compact.ts that only a venue with tables or booths needs, so it
 * travels in the SDK's venue part (venue.ts).
 */
import { tableSeatCoords } from "../geometry/table-placement";
import { coordAt, DIGITS } from "./objects-compact";
import type { ApiObject, CompactObjects, SeatObject } from "./types";
import type { VenueReader } from "./venue-part";

type CompactSection = CompactObjects["sections"][number];
type CompactTable = NonNullable<CompactSection["tables"]>[number];
type CompactBooth = NonNullable<CompactSection["booths"]>[number];
type TableObject = Extract<ApiObject, { objectType: "table" }>;
type BoothObject = Extract<ApiObject, { objectType: "booth" }>;
type Placed = { floorKey?: string; zoneKeys?: string[] };

/**
 * What objects-compact.ts's decodeObjects asks of the venue while it reads `body` into `out`: what
 * gives a section's objects their floor and zones (`placer`), a section's tables and booths after
 * its rows (`section`), and the booths outside sections (`booths`), in the order the full form lists them.
 */
export function venueReader(body: CompactObjects, held: Set<string> | null, out: ApiObject[]): VenueReader {
  const zonesOf = new Map<string, string[]>();
  for (const z of body.zones ?? []) for (const k of z.sectionKeys) zonesOf.set(k, [...(zonesOf.get(k) ?? []), z.key]);
  // Null for a section on no floor and in no zone (most of them): its 100,000 objects are then not
  // each handed to a function that finds nothing to add.
  const placer = (section: CompactSection): ((o: Placed) => void) | null => {
    const floor = section.floorKey;
    const zones = zonesOf.get(section.key);
    if (floor === undefined && !zones) return null;
    return (o) => {
      if (floor !== undefined) o.floorKey = floor;
      if (zones) o.zoneKeys = zones;
    };
  };
  const keys = body.categoryKeys;
  return {
    placer,
    section(section: CompactSection): void {
      const place = placer(section);
      for (const t of section.tables ?? []) decodeTable(t, section, keys, held, out, place);
      for (const b of section.booths ?? []) {
        const booth = boothOf(b, keys, section);
        place?.(booth);
        out.push(booth);
      }
    },
    booths(): void {
      for (const b of body.booths ?? []) {
        const booth = boothOf(b, keys, null);
        if (b.floorKey !== undefined) booth.floorKey = b.floorKey;
        out.push(booth);
      }
    },
  };
}

/**
 * A table's seat labels, runs expanded, as labelsOf reads a row's: with indexed loops, since this
 * runs for 5,000 short lists before the engine optimises it, and a destructuring pattern or a
 * for-of there walks an iterator per run.
 */
function seatLabelsOf(t: CompactTable): string[] {
  const labels: string[] = [];
  const seats = t.seats;
  for (let k = 0; k < seats.length; k++) {
    const item = seats[k]!;
    if (typeof item === "string") {
      labels.push(item);
      continue;
    }
    const prefix = item[0];
    const first = item[1];
    const count = item[2];
    const step = item[3] ?? 1;
    if (typeof prefix !== "string" || typeof first !== "number" || typeof count !== "number" || typeof step !== "number") continue;
    for (let n = 0; n < count; n++) labels.push(prefix + String(first + n * step));
  }
  return labels;
}

/** A table of the compact form: the table's entry, then its seats' in order around it (as the full form lists them). */
function decodeTable(
  t: CompactTable,
  section: CompactSection,
  keys: string[],
  held: Set<string> | null,
  out: ApiObject[],
  place: ((o: Placed) => void) | null,
): void {
  const labels = seatLabelsOf(t);
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
  place?.(table);
  out.push(table);
  // Most tables have no features and their seats around them: no map, and the points of a shared
  // pattern written into one scratch array rather than an object per seat.
  const features = t.features ? new Map(t.features) : null;
  const around =
    t.around && t.x !== undefined && t.y !== undefined
      ? tableSeatCoords({ shape: t.shape, x: t.x, y: t.y, width: t.w, height: t.h }, labels.length, scratch)
      : null;
  const codes = t.sc;
  const { key: sectionKey, label: sectionLabel } = section;
  const tableLabel = t.label;
  for (let i = 0; i < labels.length; i++) {
    const objectLabel = labels[i]!;
    const categoryKey = keys[typeof codes === "string" ? DIGITS.indexOf(codes.charAt(i)) : (codes[i] ?? -1)] ?? "";
    const x = around ? around[2 * i] : coordAt(t.sx, i);
    const y = around ? around[2 * i + 1] : coordAt(t.sy, i);
    // A seat with its point (nearly every one) is built whole: x and y inside the object rather
    // than in a second store added to each of 50,000 seats.
    const seat: SeatObject =
      x !== undefined && y !== undefined
        ? { objectLabel, categoryKey, objectType: "seat", sectionKey, sectionLabel, tableLabel, x, y }
        : { objectLabel, categoryKey, objectType: "seat", sectionKey, sectionLabel, tableLabel };
    if (x !== undefined && y === undefined) seat.x = x;
    if (y !== undefined && x === undefined) seat.y = y;
    const f = features?.get(i);
    if (f !== undefined) seat.features = f;
    if (held?.has(objectLabel)) seat.accessibleOnly = true;
    place?.(seat);
    out.push(seat);
  }
}

/** Seats around one table at a time: reused from table to table. */
const scratch: number[] = [];

function boothOf(b: CompactBooth, keys: string[], section: CompactSection | null): BoothObject {
  const booth: BoothObject = { objectLabel: b.label, categoryKey: keys[b.c] ?? "", objectType: "booth" };
  if (section) {
    booth.sectionKey = section.key;
    booth.sectionLabel = section.label;
  }
  if (b.x !== undefined) booth.x = b.x;
  if (b.y !== undefined) booth.y = b.y;
  if (b.w !== undefined) booth.width = b.w;
  if (b.h !== undefined) booth.height = b.h;
  return booth;
}
