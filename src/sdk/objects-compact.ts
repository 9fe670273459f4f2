/**
 * Reads the compact objects form (`GET /objects?format=compact`, encoded by the engine's
 * objects-compact.ts) back into the entries of the full form, in the same order. Pure, so it is
 * tested in workerd against the encoder.
 */
import type { ApiObject, CompactObjects, SeatObject } from "./types";

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

type CompactRow = CompactObjects["sections"][number]["rows"][number];
type Coords = NonNullable<CompactRow["x"]>;

function coordAt(coords: Coords | undefined, i: number): number | undefined {
  if (coords === undefined) return undefined;
  if (Array.isArray(coords)) return coords[i] ?? undefined;
  return coords.start + i * coords.step;
}

/** A row's labels in layout order, runs expanded. */
function labelsOf(row: CompactRow): string[] {
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
      for (const seat of seats) out.push(seat);
      rows?.push(seats);
    }
  }
  for (const area of body.areas ?? []) out.push(area);
  return out;
}
