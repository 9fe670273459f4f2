/**
 * Reads the compact objects form (`GET /objects?format=compact`, encoded by the engine's
 * objects-compact.ts) back into the entries of the full form, in the same order. Pure, so it is
 * tested in workerd against the encoder.
 */
import type { ApiObject, CompactObjects, SeatObject } from "./types";
import { tableSeatPoints } from "../geometry/table-placement";

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

type CompactSection = CompactObjects["sections"][number];
type CompactRow = CompactSection["rows"][number];
type CompactTable = NonNullable<CompactSection["tables"]>[number];
type CompactBooth = NonNullable<CompactSection["booths"]>[number];
type TableObject = Extract<ApiObject, { objectType: "table" }>;
type BoothObject = Extract<ApiObject, { objectType: "booth" }>;
type Coords = NonNullable<CompactRow["x"]>;

function coordAt(coords: Coords | undefined, i: number): number | undefined {
  if (coords === undefined) return undefined;
  if (Array.isArray(coords)) return coords[i] ?? undefined;
  return coords.start + i * coords.step;
}

/** A row's labels in layout order, runs expanded. */
function labelsOf(row: Pick<CompactRow, "seats">): string[] {
  const labels: string[] = [];
  for (const item of row.seats) {
    if (typeof item === "string") {
      labels.push(item);
      continue;
    }
    const [prefix, first, count, step = 1] = item;
    if (typeof prefix !== "string" || typeof first !== "number" || typeof count !== "number" || typeof step !== "number") continue;
    for (let n = 0; n < count; n++) labels.push(prefix + String(first + n * step));
  }
  return labels;
}

/**
 * Every object of a compact body, seats in layout order then GA areas, as the full form lists them.
 * `rows`, when given, receives the layout's rows (each in physical order): the compact form keeps
 * rows apart even where two share a label, which the full form cannot show.
 */
export function decodeObjects(body: CompactObjects, rows?: SeatObject[][]): ApiObject[] {
  const out: ApiObject[] = [];
  const held = body.accessibleOnly ? new Set(body.accessibleOnly) : null;
  const zonesOf = new Map<string, string[]>();
  for (const z of body.zones ?? []) for (const k of z.sectionKeys) zonesOf.set(k, [...(zonesOf.get(k) ?? []), z.key]);
  const place = (o: { floorKey?: string; zoneKeys?: string[] }, section: CompactSection | null, floorKey?: string) => {
    const floor = section?.floorKey ?? floorKey;
    if (floor !== undefined) o.floorKey = floor;
    const zones = section ? zonesOf.get(section.key) : undefined;
    if (zones) o.zoneKeys = zones;
  };
  for (const section of body.sections ?? []) {
    for (const row of section.rows) {
      const aisles = new Set(row.aisles ?? []);
      const features = new Map(row.features ?? []);
      const seats: SeatObject[] = labelsOf(row).map((objectLabel, i) => {
        const index = typeof row.c === "string" ? DIGITS.indexOf(row.c.charAt(i)) : (row.c[i] ?? -1);
        const seat: SeatObject = {
          objectLabel,
          categoryKey: body.categoryKeys[index] ?? "",
          objectType: "seat",
          sectionKey: section.key,
          sectionLabel: section.label,
        };
        if (row.label !== undefined) seat.rowLabel = row.label;
        if (aisles.has(i)) seat.aisleAfter = true;
        const f = features.get(i);
        if (f !== undefined) seat.features = f;
        if (held?.has(objectLabel)) seat.accessibleOnly = true;
        const x = coordAt(row.x, i);
        const y = coordAt(row.y, i);
        if (x !== undefined) seat.x = x;
        if (y !== undefined) seat.y = y;
        return seat;
      });
      for (const seat of seats) {
        place(seat, section);
        out.push(seat);
      }
      rows?.push(seats);
    }
    for (const t of section.tables ?? []) decodeTable(t, section, body.categoryKeys, held, out, (o) => place(o, section));
    for (const b of section.booths ?? []) out.push(boothOf(b, body.categoryKeys, section, (o) => place(o, section)));
  }
  for (const b of body.booths ?? []) out.push(boothOf(b, body.categoryKeys, null, (o) => place(o, null, b.floorKey)));
  for (const area of body.areas ?? []) out.push(area);
  return out;
}

/** A table of the compact form: the table's entry, then its seats' in order around it (as the full form lists them). */
function decodeTable(
  t: CompactTable,
  section: CompactSection,
  keys: string[],
  held: Set<string> | null,
  out: ApiObject[],
  place: (o: { floorKey?: string; zoneKeys?: string[] }) => void,
): void {
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
  const features = new Map(t.features ?? []);
  const around =
    t.around && t.x !== undefined && t.y !== undefined ? tableSeatPoints({ shape: t.shape, x: t.x, y: t.y, width: t.w, height: t.h }, labels.length) : null;
  labels.forEach((objectLabel, i) => {
    const index = typeof t.sc === "string" ? DIGITS.indexOf(t.sc.charAt(i)) : (t.sc[i] ?? -1);
    const seat: SeatObject = {
      objectLabel,
      categoryKey: keys[index] ?? "",
      objectType: "seat",
      sectionKey: section.key,
      sectionLabel: section.label,
      tableLabel: t.label,
    };
    const f = features.get(i);
    if (f !== undefined) seat.features = f;
    if (held?.has(objectLabel)) seat.accessibleOnly = true;
    const x = around ? around[i]!.x : coordAt(t.sx, i);
    const y = around ? around[i]!.y : coordAt(t.sy, i);
    if (x !== undefined) seat.x = x;
    if (y !== undefined) seat.y = y;
    place(seat);
    out.push(seat);
  });
}

function boothOf(b: CompactBooth, keys: string[], section: CompactSection | null, place: (o: { floorKey?: string; zoneKeys?: string[] }) => void): BoothObject {
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
