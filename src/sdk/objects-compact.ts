/**
 * Reads the compact objects form (`GET /objects?format=compact`, encoded by the engine's
 * objects-compact.ts) back into the entries of the full form, in the same order. Pure, so it is
 * tested in workerd against the encoder.
 */
import type { ApiObject, CompactObjects, SeatObject } from "./types";
import type { VenuePart } from "./venue-part";

export const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

type CompactSection = CompactObjects["sections"][number];
type CompactRow = CompactSection["rows"][number];
type Coords = NonNullable<CompactRow["x"]>;

export function coordAt(coords: Coords | undefined, i: number): number | undefined {
  if (coords === undefined) return undefined;
  if (Array.isArray(coords)) return coords[i] ?? undefined;
  return coords.start + i * coords.step;
}

/** A row's labels in layout order, runs expanded. */
export function labelsOf(row: Pick<CompactRow, "seats">): string[] {
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
 * Whether the layout has tables, booths, floors or zones (docs/tables.md): what the SDK's venue
 * part draws, names and lists, which a map of rows and standing areas alone never loads.
 */
export function needsVenue(body: CompactObjects): boolean {
  // The engine writes each of these only when the layout has some (objects-compact-venue.ts there).
  return !!(body.floors || body.zones || body.booths || body.sections?.some((s) => s.tables || s.booths));
}

/**
 * Every object of a compact body, seats in layout order then GA areas, as the full form lists them.
 * `rows`, when given, receives the layout's rows (each in physical order): the compact form keeps
 * rows apart even where two share a label, which the full form cannot show. Tables, booths, floors
 * and zones are read by `venue` (objects-compact-venue.ts, in the SDK's venue part), given when
 * {@link needsVenue}; without it they are left out.
 */
export function decodeObjects(body: CompactObjects, rows?: SeatObject[][], venue?: Pick<VenuePart, "venueReader">): ApiObject[] {
  const out: ApiObject[] = [];
  const held = body.accessibleOnly ? new Set(body.accessibleOnly) : null;
  const venueReader = venue?.venueReader(body, held, out);
  for (const section of body.sections ?? []) {
    const place = venueReader?.placer(section);
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
        place?.(seat);
        out.push(seat);
      }
      rows?.push(seats);
    }
    venueReader?.section(section);
  }
  venueReader?.booths();
  for (const area of body.areas ?? []) out.push(area);
  return out;
}
