/**
 * The compact objects form with tables, booths, zones and floors (docs/tables.md): rows of seats as
 * objects-compact.ts encodes them, and beside each section's rows its `tables` (each with its seats
 * in their order around it) and `booths`, its `floorKey`; booths outside sections, the zones and
 * the floors at the top. Pure: the SDK's decoder (src/sdk/objects-compact.ts) reads it back.
 *
 * A table: `{ label, shape, c, seats, sc, x?, y?, w?, h?, sx?, sy?, features? }` where `c` indexes
 * `categoryKeys` for the table, `seats` are its seats' labels (runs as in a row), `sc` their
 * categories (as a row's `c`), `sx`/`sy` their coordinates (as a row's `x`/`y`), or `around: true`
 * when the seats sit exactly where domain/table-placement.ts puts them around the table (as the
 * designer places them): the reader computes them, and a gala of 5,000 tables is not 100,000
 * numbers longer. A booth:
 * `{ label, c, x?, y?, w?, h?, floorKey? }` (floorKey only outside sections).
 */
import type { Category, Floor, LayoutObject, SeatFeature, Zone } from "../../domain/layout";
import { seatsAroundTable } from "../../domain/table-placement";
import {
  CATEGORY_DIGITS,
  encodeCoords,
  encodeLabels,
  encodeSeats,
  type CompactCoords,
  type CompactSection,
  type LabelRun,
  type SeatInput,
} from "./objects-compact";

export interface CompactTable {
  label: string;
  shape: "round" | "rect";
  c: number;
  seats: (string | LabelRun)[];
  sc: string | number[];
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  sx?: CompactCoords;
  sy?: CompactCoords;
  around?: true;
  features?: [position: number, features: SeatFeature[]][];
}

export interface CompactBooth {
  label: string;
  c: number;
  x?: number;
  y?: number;
  w?: number;
  h?: number;
  floorKey?: string;
}

export interface CompactVenueSection extends CompactSection {
  floorKey?: string;
  tables?: CompactTable[];
  booths?: CompactBooth[];
}

export interface CompactVenue {
  categoryKeys: string[];
  sections: CompactVenueSection[];
  booths?: CompactBooth[];
  zones?: Zone[];
  floors?: Floor[];
}

/** A section's parts gathered in drawing order. */
interface Bucket {
  key: string;
  label: string;
  floorKey?: string;
  rows: SeatInput[];
  tables: { table: LayoutObject; seats: LayoutObject[] }[];
  booths: LayoutObject[];
}

function seatInput(o: LayoutObject): SeatInput {
  const seat: SeatInput = { objectLabel: o.label, categoryKey: o.categoryKey, sectionKey: o.sectionKey ?? "", sectionLabel: o.sectionLabel ?? "" };
  if (o.rowLabel !== undefined) seat.rowLabel = o.rowLabel;
  if (o.rowIndex !== undefined) seat.rowIndex = o.rowIndex;
  if (o.aisleAfter) seat.aisleAfter = true;
  if (o.features) seat.features = o.features;
  if (o.x !== undefined) seat.x = o.x;
  if (o.y !== undefined) seat.y = o.y;
  return seat;
}

/**
 * The compact seat part of objects in drawing order carrying their drawing hints: sections with
 * rows, tables and booths, then top-level booths, zones and floors (GA areas travel as entries).
 */
export function encodeCompactVenue(
  categories: Category[],
  objects: Iterable<LayoutObject>,
  extras: { zones?: readonly Zone[]; floors?: readonly Floor[] } = {},
): CompactVenue {
  const buckets: Bucket[] = [];
  const byKey = new Map<string, Bucket>();
  const topBooths: LayoutObject[] = [];
  let table: { table: LayoutObject; seats: LayoutObject[] } | null = null;
  for (const o of objects) {
    if (o.objectType === "generalAdmission") continue;
    if (o.objectType === "booth" && o.sectionKey === undefined) {
      topBooths.push(o);
      continue;
    }
    const id = JSON.stringify([o.sectionKey ?? "", o.sectionLabel ?? ""]);
    let bucket = byKey.get(id);
    if (bucket === undefined) {
      bucket = { key: o.sectionKey ?? "", label: o.sectionLabel ?? "", rows: [], tables: [], booths: [] };
      buckets.push(bucket);
      byKey.set(id, bucket);
    }
    if (bucket.floorKey === undefined && o.floorKey !== undefined) bucket.floorKey = o.floorKey;
    if (o.objectType === "table") bucket.tables.push((table = { table: o, seats: [] }));
    else if (o.objectType === "booth") bucket.booths.push(o);
    else if (o.tableLabel !== undefined && table?.table.label === o.tableLabel) table.seats.push(o);
    else bucket.rows.push(seatInput(o));
  }
  const rowSeats = buckets.flatMap((b) => b.rows);
  const { categoryKeys, sections: rowSections } = encodeSeats(categories, rowSeats);
  const keyIndex = new Map(categoryKeys.map((k, i) => [k, i]));
  const indexOf = (key: string): number => {
    let i = keyIndex.get(key);
    if (i === undefined) {
      i = categoryKeys.push(key) - 1;
      keyIndex.set(key, i);
    }
    return i;
  };
  const rowsOf = new Map(rowSections.map((s) => [JSON.stringify([s.key, s.label]), s.rows]));
  const sections = buckets.map((b): CompactVenueSection => {
    const section: CompactVenueSection = { key: b.key, label: b.label, rows: rowsOf.get(JSON.stringify([b.key, b.label])) ?? [] };
    if (b.floorKey !== undefined) section.floorKey = b.floorKey;
    if (b.tables.length > 0) section.tables = b.tables.map((t) => compactTable(t.table, t.seats, indexOf));
    if (b.booths.length > 0) section.booths = b.booths.map((o) => compactBooth(o, indexOf));
    return section;
  });
  const venue: CompactVenue = { categoryKeys, sections };
  // Digits index at most 62 keys: a table's seat categories use the row's form, decided once every key is known.
  const digits = categoryKeys.length <= CATEGORY_DIGITS.length;
  for (const s of sections) for (const t of s.tables ?? []) if (!digits && typeof t.sc === "string") t.sc = [...t.sc].map((d) => CATEGORY_DIGITS.indexOf(d));
  if (topBooths.length > 0) venue.booths = topBooths.map((o) => compactBooth(o, indexOf, true));
  if (extras.zones && extras.zones.length > 0) venue.zones = [...extras.zones];
  if (extras.floors && extras.floors.length > 0) venue.floors = [...extras.floors];
  return venue;
}

function compactTable(table: LayoutObject, seats: LayoutObject[], indexOf: (key: string) => number): CompactTable {
  const cats = seats.map((s) => indexOf(s.categoryKey));
  const out: CompactTable = {
    label: table.label,
    shape: table.tableShape ?? "round",
    c: indexOf(table.categoryKey),
    seats: encodeLabels(seats.map((s) => s.label)),
    sc: cats.every((i) => i < CATEGORY_DIGITS.length) ? cats.map((i) => CATEGORY_DIGITS[i]).join("") : cats,
  };
  if (table.x !== undefined) out.x = table.x;
  if (table.y !== undefined) out.y = table.y;
  if (table.width !== undefined) out.w = table.width;
  if (table.height !== undefined) out.h = table.height;
  const top = table.x !== undefined && table.y !== undefined ? { shape: out.shape, x: table.x, y: table.y, width: table.width, height: table.height } : null;
  if (top && seats.length > 0 && seatsAroundTable(top, seats)) out.around = true;
  else {
    const sx = encodeCoords(seats.map((s) => s.x));
    const sy = encodeCoords(seats.map((s) => s.y));
    if (sx !== undefined) out.sx = sx;
    if (sy !== undefined) out.sy = sy;
  }
  const features = seats.flatMap((s, i): [number, SeatFeature[]][] => (s.features && s.features.length > 0 ? [[i, s.features]] : []));
  if (features.length > 0) out.features = features;
  return out;
}

function compactBooth(o: LayoutObject, indexOf: (key: string) => number, top = false): CompactBooth {
  const out: CompactBooth = { label: o.label, c: indexOf(o.categoryKey) };
  if (o.x !== undefined) out.x = o.x;
  if (o.y !== undefined) out.y = o.y;
  if (o.width !== undefined) out.w = o.width;
  if (o.height !== undefined) out.h = o.height;
  if (top && o.floorKey !== undefined) out.floorKey = o.floorKey;
  return out;
}

/** The venue's JSON members of the compact body: `"categoryKeys":…,"sections":…` and the optional top-level ones. */
export function compactVenueJson(venue: CompactVenue): string {
  const json = JSON.stringify(venue);
  // The members without the object's braces, so the body can place them among its own.
  return json.slice(1, -1);
}
