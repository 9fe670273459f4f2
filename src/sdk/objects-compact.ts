/**
 * Reads the compact objects form (`GET /objects?format=compact`, encoded by the engine's
 * objects-compact.ts) back into the entries of the full form, in the same order. Pure, so it is
 * tested in workerd against the encoder.
 */
import type { ApiCategory, ApiObject } from "./types";

const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

type Coords = { start: number; step: number } | (number | null)[];

/** The compact body as the API sends it. */
export interface CompactObjectsBody {
  eventKey: string;
  format: "compact";
  categories: ApiCategory[];
  categoryKeys: string[];
  sections: {
    key: string;
    label: string;
    rows: { label?: string; seats: (string | (string | number)[])[]; c: string | number[]; x?: Coords; y?: Coords }[];
  }[];
  areas: ApiObject[];
  /** The layout's focal point (the stage), when it has one. */
  focalPoint?: { x: number; y: number };
}

function coordAt(coords: Coords | undefined, i: number): number | undefined {
  if (coords === undefined) return undefined;
  if (Array.isArray(coords)) return coords[i] ?? undefined;
  return coords.start + i * coords.step;
}

/** Every object of a compact body, seats in layout order then GA areas, as the full form lists them. */
export function decodeObjects(body: CompactObjectsBody): ApiObject[] {
  const out: ApiObject[] = [];
  for (const section of body.sections ?? []) {
    for (const row of section.rows) {
      const labels: string[] = [];
      for (const item of row.seats) {
        if (typeof item === "string") {
          labels.push(item);
          continue;
        }
        const [prefix, first, count, step = 1] = item as [string, number, number, number?];
        for (let n = 0; n < count; n++) labels.push(prefix + String(first + n * step));
      }
      labels.forEach((objectLabel, i) => {
        const index = typeof row.c === "string" ? DIGITS.indexOf(row.c.charAt(i)) : (row.c[i] ?? -1);
        const seat: ApiObject = {
          objectLabel,
          categoryKey: body.categoryKeys[index] ?? "",
          objectType: "seat",
          sectionKey: section.key,
          sectionLabel: section.label,
        };
        if (row.label !== undefined) seat.rowLabel = row.label;
        const x = coordAt(row.x, i);
        const y = coordAt(row.y, i);
        if (x !== undefined) seat.x = x;
        if (y !== undefined) seat.y = y;
        out.push(seat);
      });
    }
  }
  for (const area of body.areas ?? []) out.push(area);
  return out;
}
