/**
 * The byte form of a layout index (see layout-blobs.ts for where it is kept). Columns, one entry
 * per object in drawing order, so that reading a version back is a few typed-array views, never
 * 100,000 row reads:
 *
 * - core parts (layout-columns.ts decodes them):
 *   - `labelUnits`: every label's UTF-16 code units, one after the other (exact, lone surrogates
 *     included), and `labelEnds` (Uint32) where each label ends;
 *   - `lookup`: an open-addressing hash table of the labels ({@link labelHash}, linear probing,
 *     at most half full), Uint32 slots holding ordinal + 1 (0 empty): one object is found by its
 *     label without turning 100,000 labels into strings, which is what a woken object's first
 *     hold or status read needs;
 *   - `kind`: Uint8, 0 a seat, 1 a GA area;
 *   - `category`, `section`: Uint32 indexes into the dictionary's category keys and (key, label)
 *     section pairs ({@link NONE} when the object has no section);
 *   - `dict`: JSON {@link Dictionary}, which also carries each GA area whole (few, and read together);
 *   - `features`: Uint8, a seat's features (docs/accessibility.md) as bits in {@link SEAT_FEATURES} order.
 *     Core, since the accessible hold-back decides on them; versions written before it lack the
 *     part, which reads as no features;
 * - hint parts, read only by the full objects read and best available: `rowLabel` (Uint32 index
 *   into the dictionary's row labels, or NONE), `rowIndex` (Int32, -1 for none), `x`, `y` (Float64,
 *   NaN for none: JSON numbers are never NaN), `aisle` (Uint8, 1 when an aisle follows the seat);
 * - `seats`: the compact objects form's seat part, encoded once when the version is written
 *   (objects-compact.ts), so a woken object answers the compact read without encoding 100,000 seats.
 */
import { SEAT_FEATURES, type LayoutObject, type SeatFeature } from "../../domain/layout";

/** "No value" in an index column. */
export const NONE = 0xffffffff;

export const CORE_PARTS = ["labelUnits", "labelEnds", "lookup", "kind", "category", "section", "dict", "features"] as const;
export const HINT_PARTS = ["rowLabel", "rowIndex", "x", "y", "aisle"] as const;
export const SEAT_PART = "seats";

/** The small JSON part: the values the index columns point at. */
export interface Dictionary {
  categories: string[];
  sections: [key: string | null, label: string | null][];
  rowLabels: string[];
  /** The GA areas in drawing order, whole (drawing hints included). */
  areas: LayoutObject[];
  /** Whether every label is well-formed UTF-16 (no lone surrogate), so the code units decode in one call. */
  wellFormed: boolean;
}

const utf8 = new TextEncoder();
/** A surrogate code unit without its pair: in `u` mode a pair is one code point, a lone one is category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;
const fromUtf8 = new TextDecoder();

/** Interns values into a dictionary array, by a string key. */
function interner<T>(list: T[], keyOf: (v: T) => string): (v: T) => number {
  const known = new Map<string, number>();
  return (v) => {
    const k = keyOf(v);
    let i = known.get(k);
    if (i === undefined) {
      i = list.push(v) - 1;
      known.set(k, i);
    }
    return i;
  };
}

/**
 * The parts of a layout index, from its objects in drawing order with their drawing hints (an
 * index built from a layout carries them on its objects) and the compact seat part's JSON.
 */
export function encodeLayout(objects: readonly LayoutObject[], seatPartJson: string): Map<string, Uint8Array> {
  const n = objects.length;
  const labels = objects.map((o) => o.label);
  const dict: Dictionary = { categories: [], sections: [], rowLabels: [], areas: [], wellFormed: !labels.some((l) => LONE_SURROGATE.test(l)) };
  const category = interner(dict.categories, (k) => k);
  const section = interner(dict.sections, (s) => JSON.stringify(s));
  const rowLabel = interner(dict.rowLabels, (k) => k);
  const kind = new Uint8Array(n);
  const categories = new Uint32Array(n);
  const sections = new Uint32Array(n);
  const rowLabels = new Uint32Array(n).fill(NONE);
  const rowIndexes = new Int32Array(n).fill(-1);
  const xs = new Float64Array(n).fill(Number.NaN);
  const ys = new Float64Array(n).fill(Number.NaN);
  const aisles = new Uint8Array(n);
  const features = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const o = objects[i]!;
    categories[i] = category(o.categoryKey);
    sections[i] = o.sectionKey === undefined && o.sectionLabel === undefined ? NONE : section([o.sectionKey ?? null, o.sectionLabel ?? null]);
    if (o.objectType === "generalAdmission") {
      kind[i] = 1;
      dict.areas.push(o);
      continue;
    }
    if (o.rowLabel !== undefined) rowLabels[i] = rowLabel(o.rowLabel);
    if (o.rowIndex !== undefined) rowIndexes[i] = o.rowIndex;
    if (o.x !== undefined) xs[i] = o.x;
    if (o.y !== undefined) ys[i] = o.y;
    if (o.aisleAfter) aisles[i] = 1;
    if (o.features) features[i] = featureBits(o.features);
  }
  return new Map([
    ...labelParts(labels),
    ["kind", kind],
    ["category", bytesOf(categories)],
    ["section", bytesOf(sections)],
    ["dict", utf8.encode(JSON.stringify(dict))],
    ["features", features],
    ["rowLabel", bytesOf(rowLabels)],
    ["rowIndex", bytesOf(rowIndexes)],
    ["x", bytesOf(xs)],
    ["y", bytesOf(ys)],
    ["aisle", aisles],
    [SEAT_PART, utf8.encode(seatPartJson)],
  ]);
}

/** A feature set as bits, in {@link SEAT_FEATURES} order. */
export function featureBits(features: readonly SeatFeature[]): number {
  let bits = 0;
  for (const f of features) bits |= 1 << SEAT_FEATURES.indexOf(f);
  return bits;
}

/** The features of some bits, in {@link SEAT_FEATURES} order (a layout's own order is not kept by the columns). */
export function featuresOfBits(bits: number): SeatFeature[] {
  return SEAT_FEATURES.filter((_, i) => (bits & (1 << i)) !== 0);
}

/**
 * FNV-1a over a label's UTF-16 code units: the hash of the `lookup` table, computed the same way
 * when the table is written and when a label is looked up.
 */
export function labelHash(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The `labelUnits`, `labelEnds` and `lookup` parts of the labels in drawing order. */
function labelParts(labels: string[]): [string, Uint8Array][] {
  const ends = new Uint32Array(labels.length);
  let total = 0;
  for (let i = 0; i < labels.length; i++) ends[i] = total += labels[i]!.length;
  const units = new Uint16Array(total);
  for (let i = 0, at = 0; i < labels.length; i++) {
    const label = labels[i]!;
    for (let k = 0; k < label.length; k++) units[at++] = label.charCodeAt(k);
  }
  // A power of two at least twice the labels: probes stay short.
  let size = 2;
  while (size < labels.length * 2) size *= 2;
  const table = new Uint32Array(size);
  for (let i = 0; i < labels.length; i++) {
    let slot = labelHash(labels[i]!) & (size - 1);
    while (table[slot] !== 0) slot = (slot + 1) & (size - 1);
    table[slot] = i + 1;
  }
  return [
    ["labelUnits", bytesOf(units)],
    ["labelEnds", bytesOf(ends)],
    ["lookup", bytesOf(table)],
  ];
}

function bytesOf(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

/** A part that must exist: a stored version always has all of them (written in one transaction). */
export function part(parts: Map<string, Uint8Array>, name: string): Uint8Array {
  const p = parts.get(name);
  if (p === undefined) throw new Error(`layout part ${name} is missing`);
  return p;
}

/** A typed view of a part's bytes (copied when the bytes do not start on an element boundary). */
export function view<T>(bytes: Uint8Array, size: number, make: (b: ArrayBuffer, offset: number, length: number) => T): T {
  const b = bytes.byteOffset % size === 0 ? bytes : bytes.slice();
  return make(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength / size);
}

/** The dictionary part alone (the GA areas, for the compact objects read, come from it). */
export function decodeDict(parts: Map<string, Uint8Array>): Dictionary {
  return JSON.parse(fromUtf8.decode(part(parts, "dict"))) as Dictionary;
}

/** Drawing hints of one object (objects response and best available; no decision reads them). */
export type DrawingHints = Pick<LayoutObject, "rowLabel" | "rowIndex" | "aisleAfter" | "x" | "y" | "width" | "height" | "shape">;

/** The drawing hints of every object by label, from the labels in drawing order (GA areas' from the dictionary). */
export function decodeHints(labels: readonly string[], dict: Dictionary, parts: Map<string, Uint8Array>): Map<string, DrawingHints> {
  const rowLabel = view(part(parts, "rowLabel"), 4, (b, o, l) => new Uint32Array(b, o, l));
  const rowIndex = view(part(parts, "rowIndex"), 4, (b, o, l) => new Int32Array(b, o, l));
  const x = view(part(parts, "x"), 8, (b, o, l) => new Float64Array(b, o, l));
  const y = view(part(parts, "y"), 8, (b, o, l) => new Float64Array(b, o, l));
  const aisle = part(parts, "aisle");
  const hints = new Map<string, DrawingHints>();
  for (let i = 0; i < labels.length; i++) {
    const h: DrawingHints = {};
    if (rowLabel[i] !== NONE) h.rowLabel = dict.rowLabels[rowLabel[i]!]!;
    if (rowIndex[i] !== -1) h.rowIndex = rowIndex[i]!;
    if (aisle[i] === 1) h.aisleAfter = true;
    if (!Number.isNaN(x[i]!)) h.x = x[i]!;
    if (!Number.isNaN(y[i]!)) h.y = y[i]!;
    hints.set(labels[i]!, h);
  }
  for (const a of dict.areas) {
    const h: DrawingHints = {};
    if (a.x !== undefined) h.x = a.x;
    if (a.y !== undefined) h.y = a.y;
    if (a.width !== undefined) h.width = a.width;
    if (a.height !== undefined) h.height = a.height;
    if (a.shape !== undefined) h.shape = a.shape;
    hints.set(a.label, h);
  }
  return hints;
}

/** The compact seat part's JSON (`"categoryKeys":[…],"sections":[…]`). */
export function decodeSeatPart(bytes: Uint8Array): string {
  return fromUtf8.decode(bytes);
}
