/**
 * The compact form of GET /events/{key}/objects (`?format=compact`): the same objects as the full
 * form, grouped the way a layout is written (sections, rows) with each column stored once per row
 * instead of once per seat. A 100,000-seat event is 15 MB as the full form and about 0.1 MB here,
 * which is what lets a browser open a stadium in a second. Pure functions: the SDK's decoder
 * (src/sdk/objects-compact.ts) is tested against this encoder.
 *
 * Per row:
 * - `seats`: the labels in layout order. A label is a string, or a run `[prefix, first, count]`
 *   (`[prefix, first, count, -1]` when numbers go down) standing for `prefix + first`,
 *   `prefix + (first ± 1)`, … — how seat numbers are usually written.
 * - `c`: the category of each seat, one character per seat indexing `categoryKeys` in
 *   {@link CATEGORY_DIGITS} (an array of indexes when there are more keys than digits).
 * - `x`, `y`: the layout's drawing hints when any seat of the row has them: `{ start, step }` when
 *   seat i is at `start + i * step`, else one value per seat (null where a seat has none).
 * - `aisles`: positions of the seats an aisle follows (docs/selling-rules.md `aisleAfter`), when any.
 * - `features`: `[position, features]` of the seats that have features (docs/accessibility.md), when any.
 *
 * A compact row is one row of the layout: seats given with their row's position in the section
 * (`rowIndex`) are grouped by it, so two rows that share a label stay two rows.
 */
import type { Category, SeatFeature } from "../../domain/layout";

/** The 62 characters that index `categoryKeys` in a row's `c` string. */
export const CATEGORY_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A run of numbered labels: prefix, first number, count, and -1 when numbers go down. */
export type LabelRun = [prefix: string, first: number, count: number] | [prefix: string, first: number, count: number, step: -1];

export type CompactCoords = { start: number; step: number } | (number | null)[];

export interface CompactRow {
  /** The row's label in the layout; absent when its seats carry none. */
  label?: string;
  seats: (string | LabelRun)[];
  c: string | number[];
  x?: CompactCoords;
  y?: CompactCoords;
  aisles?: number[];
  features?: [position: number, features: SeatFeature[]][];
}

export interface CompactSection {
  key: string;
  label: string;
  rows: CompactRow[];
}

/** A seat as the full objects form lists it (the fields the compact form carries). */
export interface SeatInput {
  objectLabel: string;
  categoryKey: string;
  sectionKey: string;
  sectionLabel: string;
  rowLabel?: string;
  /** The row's position in its section; objects read back from the full form have none (rows then follow the label). */
  rowIndex?: number;
  aisleAfter?: true;
  features?: SeatFeature[];
  x?: number;
  y?: number;
}

/** The seat part of the compact body: category keys and sections; GA areas travel as full entries. */
export interface CompactSeats {
  categoryKeys: string[];
  sections: CompactSection[];
}

const NUMBERED = /^(.*?)(\d{1,15})$/;

/** A label's prefix and number when the number round-trips (no leading zeros), else null. */
function numbered(label: string): { prefix: string; n: number } | null {
  const m = NUMBERED.exec(label);
  if (!m) return null;
  const n = Number(m[2]);
  return String(n) === m[2] ? { prefix: m[1]!, n } : null;
}

/** Labels as strings and runs of at least three consecutive numbers (see the module comment). */
export function encodeLabels(labels: string[]): (string | LabelRun)[] {
  const out: (string | LabelRun)[] = [];
  let i = 0;
  while (i < labels.length) {
    const a = numbered(labels[i]!);
    const b = i + 1 < labels.length ? numbered(labels[i + 1]!) : null;
    const step = a && b && a.prefix === b.prefix && Math.abs(b.n - a.n) === 1 ? b.n - a.n : 0;
    let count = 1;
    if (a && step !== 0) {
      while (i + count < labels.length) {
        const next = numbered(labels[i + count]!);
        if (!next || next.prefix !== a.prefix || next.n !== a.n + count * step) break;
        count++;
      }
    }
    if (a && count >= 3) {
      out.push(step === 1 ? [a.prefix, a.n, count] : [a.prefix, a.n, count, -1]);
      i += count;
    } else {
      out.push(labels[i]!);
      i++;
    }
  }
  return out;
}

/** One row's coordinates: absent, linear, or listed. */
export function encodeCoords(values: (number | undefined)[]): CompactCoords | undefined {
  if (values.every((v) => v === undefined)) return undefined;
  if (values.every((v): v is number => v !== undefined) && values.length >= 2) {
    const start = values[0]!;
    const step = values[1]! - start;
    if (values.every((v, i) => start + i * step === v)) return { start, step };
  }
  return values.map((v) => (v === undefined ? null : v));
}

/** The seat part of the compact form, seats in the order given (layout order). */
export function encodeSeats(categories: Category[], seats: Iterable<SeatInput>): CompactSeats {
  const categoryKeys = categories.map((c) => c.key);
  const keyIndex = new Map(categoryKeys.map((k, i) => [k, i]));
  const indexOf = (key: string) => {
    let i = keyIndex.get(key);
    if (i === undefined) {
      i = categoryKeys.push(key) - 1;
      keyIndex.set(key, i);
    }
    return i;
  };
  // Rows are runs of consecutive seats of one section and row label.
  const groups: { sectionKey: string; sectionLabel: string; rowLabel: string | undefined; rowIndex: number | undefined; seats: SeatInput[] }[] = [];
  for (const s of seats) {
    const g = groups[groups.length - 1];
    if (g && g.sectionKey === s.sectionKey && g.sectionLabel === s.sectionLabel && g.rowLabel === s.rowLabel && g.rowIndex === s.rowIndex) g.seats.push(s);
    else groups.push({ sectionKey: s.sectionKey, sectionLabel: s.sectionLabel, rowLabel: s.rowLabel, rowIndex: s.rowIndex, seats: [s] });
  }
  const rows = groups.map((g) => ({ g, cats: g.seats.map((s) => indexOf(s.categoryKey)) }));
  const asDigits = categoryKeys.length <= CATEGORY_DIGITS.length;
  const sections: CompactSection[] = [];
  for (const { g, cats } of rows) {
    const row: CompactRow = {
      seats: encodeLabels(g.seats.map((s) => s.objectLabel)),
      c: asDigits ? cats.map((i) => CATEGORY_DIGITS[i]).join("") : cats,
    };
    if (g.rowLabel !== undefined) row.label = g.rowLabel;
    const x = encodeCoords(g.seats.map((s) => s.x));
    const y = encodeCoords(g.seats.map((s) => s.y));
    if (x !== undefined) row.x = x;
    if (y !== undefined) row.y = y;
    const aisles = g.seats.flatMap((s, i) => (s.aisleAfter ? [i] : []));
    if (aisles.length > 0) row.aisles = aisles;
    const features = g.seats.flatMap((s, i): [number, SeatFeature[]][] => (s.features && s.features.length > 0 ? [[i, s.features]] : []));
    if (features.length > 0) row.features = features;
    const last = sections[sections.length - 1];
    if (last && last.key === g.sectionKey && last.label === g.sectionLabel) last.rows.push(row);
    else sections.push({ key: g.sectionKey, label: g.sectionLabel, rows: [row] });
  }
  return { categoryKeys, sections };
}
