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
 *   - `kind`: Uint8, 0 a seat, 1 a GA area, 2 a table, 3 a booth (docs/tables.md);
 *   - `table`: Uint32, for a table and each of its seats the table's ordinal ({@link NONE} for
 *     other objects). A table's seats are the objects right after it, so a seat finds its table
 *     and a table its seats without any list; versions written before tables lack the part;
 *   - `category`, `section`: Uint32 indexes into the dictionary's category keys and (key, label)
 *     section pairs ({@link NONE} when the object has no section);
 *   - `dict`: JSON {@link Dictionary}, which also carries each GA area whole (few, and read together);
 *   - `features`: Uint8, a seat's features (docs/accessibility.md) as bits in {@link SEAT_FEATURES} order.
 *     Core, since the accessible hold-back decides on them; versions written before it lack the
 *     part, which reads as no features;
 * - hint parts, read only by the full objects read and best available: `rowLabel` (Uint32 index
 *   into the dictionary's row labels, or NONE), `rowIndex` (Int32, -1 for none), `x`, `y` (Float64,
 *   NaN for none: JSON numbers are never NaN), `aisle` (Uint8, 1 when an aisle follows the seat),
 *   and for tables and booths `w`, `h` (Float64, NaN for none), `shape` (Uint8: 1 round, 2 rect),
 *   `floor` (Uint32 index into the dictionary's floor keys, or NONE). Versions written before
 *   these lack them, which reads as none;
 * - `seats`: the compact objects form's seat part, encoded once when the version is written
 *   (objects-compact.ts), so a woken object answers the compact read without encoding 100,000 seats.
 */
import { SEAT_FEATURES, type Floor, type LayoutObject, type ObjectType, type SeatFeature, type Zone } from "../../domain/layout";

/** "No value" in an index column. */
export const NONE = 0xffffffff;

export const CORE_PARTS = ["labelUnits", "labelEnds", "lookup", "kind", "category", "section", "dict", "features", "table"] as const;
export const HINT_PARTS = ["rowLabel", "rowIndex", "x", "y", "aisle", "w", "h", "shape", "floor"] as const;

/** The `kind` column's value of each object type. */
export const KIND_OF: Record<ObjectType, number> = { seat: 0, generalAdmission: 1, table: 2, booth: 3 };
export const TYPE_OF_KIND: readonly ObjectType[] = ["seat", "generalAdmission", "table", "booth"];
const SHAPES = [undefined, "round", "rect"] as const;
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
  /** The layout's zones and floors (docs/tables.md), and the floor keys the `floor` column indexes; absent in versions written before them. */
  zones?: Zone[];
  floors?: Floor[];
  floorKeys?: string[];
  /** How many tables the layout has (absent: none). */
  tables?: number;
}

/** The layout-wide parts a version keeps besides its objects. */
export interface LayoutExtras {
  zones?: readonly Zone[];
  floors?: readonly Floor[];
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
export function encodeLayout(objects: readonly LayoutObject[], seatPartJson: string, extras: LayoutExtras = {}): Map<string, Uint8Array> {
  const n = objects.length;
  const labels = objects.map((o) => o.label);
  const dict: Dictionary = { categories: [], sections: [], rowLabels: [], areas: [], wellFormed: !labels.some((l) => LONE_SURROGATE.test(l)) };
  if (extras.zones && extras.zones.length > 0) dict.zones = [...extras.zones];
  if (extras.floors && extras.floors.length > 0) dict.floors = [...extras.floors];
  const floorKeys: string[] = [];
  const floor = interner(floorKeys, (k) => k);
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
  const tables = new Uint32Array(n).fill(NONE);
  const widths = new Float64Array(n).fill(Number.NaN);
  const heights = new Float64Array(n).fill(Number.NaN);
  const shapes = new Uint8Array(n);
  const floors = new Uint32Array(n).fill(NONE);
  let table = NONE;
  let tableCount = 0;
  for (let i = 0; i < n; i++) {
    const o = objects[i]!;
    categories[i] = category(o.categoryKey);
    sections[i] = o.sectionKey === undefined && o.sectionLabel === undefined ? NONE : section([o.sectionKey ?? null, o.sectionLabel ?? null]);
    kind[i] = KIND_OF[o.objectType];
    if (o.objectType === "generalAdmission") {
      dict.areas.push(o);
      continue;
    }
    if (o.objectType === "table") {
      table = i;
      tableCount++;
    }
    // A table's seats follow it: the run ends at the first object that is not one of them.
    if (o.objectType === "table" || (table !== NONE && o.tableLabel === labels[table])) tables[i] = table;
    else table = NONE;
    if (o.width !== undefined) widths[i] = o.width;
    if (o.height !== undefined) heights[i] = o.height;
    if (o.tableShape !== undefined) shapes[i] = SHAPES.indexOf(o.tableShape);
    if (o.floorKey !== undefined) floors[i] = floor(o.floorKey);
    if (o.rowLabel !== undefined) rowLabels[i] = rowLabel(o.rowLabel);
    if (o.rowIndex !== undefined) rowIndexes[i] = o.rowIndex;
    if (o.x !== undefined) xs[i] = o.x;
    if (o.y !== undefined) ys[i] = o.y;
    if (o.aisleAfter) aisles[i] = 1;
    if (o.features) features[i] = featureBits(o.features);
  }
  if (floorKeys.length > 0) dict.floorKeys = floorKeys;
  if (tableCount > 0) dict.tables = tableCount;
  return new Map([
    ...labelParts(labels),
    ["kind", kind],
    ["category", bytesOf(categories)],
    ["section", bytesOf(sections)],
    ["dict", utf8.encode(JSON.stringify(dict))],
    ["features", features],
    ["table", bytesOf(tables)],
    ["rowLabel", bytesOf(rowLabels)],
    ["rowIndex", bytesOf(rowIndexes)],
    ["x", bytesOf(xs)],
    ["y", bytesOf(ys)],
    ["aisle", aisles],
    ["w", bytesOf(widths)],
    ["h", bytesOf(heights)],
    ["shape", shapes],
    ["floor", bytesOf(floors)],
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

/** A typed view of a part that versions written before it lack (null then). */
export function optionalView<T>(
  parts: Map<string, Uint8Array>,
  name: string,
  size: number,
  make: (b: ArrayBuffer, offset: number, length: number) => T,
): T | null {
  const bytes = parts.get(name);
  return bytes === undefined ? null : view(bytes, size, make);
}

/** The dictionary part alone (the GA areas, for the compact objects read, come from it). */
export function decodeDict(parts: Map<string, Uint8Array>): Dictionary {
  return JSON.parse(fromUtf8.decode(part(parts, "dict"))) as Dictionary;
}

/** Drawing hints of one object (objects response and best available; no decision reads them). */
export type DrawingHints = Pick<LayoutObject, "rowLabel" | "rowIndex" | "aisleAfter" | "x" | "y" | "width" | "height" | "shape" | "tableShape" | "floorKey">;

/** The drawing hints of every object by label, from the labels in drawing order (GA areas' from the dictionary). */
export function decodeHints(labels: readonly string[], dict: Dictionary, parts: Map<string, Uint8Array>): Map<string, DrawingHints> {
  const rowLabel = view(part(parts, "rowLabel"), 4, (b, o, l) => new Uint32Array(b, o, l));
  const rowIndex = view(part(parts, "rowIndex"), 4, (b, o, l) => new Int32Array(b, o, l));
  const x = view(part(parts, "x"), 8, (b, o, l) => new Float64Array(b, o, l));
  const y = view(part(parts, "y"), 8, (b, o, l) => new Float64Array(b, o, l));
  const aisle = part(parts, "aisle");
  // Tables, booths and floors (docs/tables.md): absent from versions written before them.
  const w = optionalView(parts, "w", 8, (b, o, l) => new Float64Array(b, o, l));
  const h = optionalView(parts, "h", 8, (b, o, l) => new Float64Array(b, o, l));
  const shape = parts.get("shape") ?? null;
  const floor = optionalView(parts, "floor", 4, (b, o, l) => new Uint32Array(b, o, l));
  const hints = new Map<string, DrawingHints>();
  for (let i = 0; i < labels.length; i++) {
    const hint: DrawingHints = {};
    if (rowLabel[i] !== NONE) hint.rowLabel = dict.rowLabels[rowLabel[i]!]!;
    if (rowIndex[i] !== -1) hint.rowIndex = rowIndex[i]!;
    if (aisle[i] === 1) hint.aisleAfter = true;
    if (!Number.isNaN(x[i]!)) hint.x = x[i]!;
    if (!Number.isNaN(y[i]!)) hint.y = y[i]!;
    if (w !== null && !Number.isNaN(w[i]!)) hint.width = w[i]!;
    if (h !== null && !Number.isNaN(h[i]!)) hint.height = h[i]!;
    const s = shape === null ? undefined : SHAPES[shape[i]!];
    if (s !== undefined) hint.tableShape = s;
    if (floor !== null && floor[i] !== NONE && dict.floorKeys) hint.floorKey = dict.floorKeys[floor[i]!]!;
    hints.set(labels[i]!, hint);
  }
  for (const a of dict.areas) {
    const h: DrawingHints = {};
    if (a.x !== undefined) h.x = a.x;
    if (a.y !== undefined) h.y = a.y;
    if (a.width !== undefined) h.width = a.width;
    if (a.height !== undefined) h.height = a.height;
    if (a.shape !== undefined) h.shape = a.shape;
    if (a.floorKey !== undefined) h.floorKey = a.floorKey;
    hints.set(a.label, h);
  }
  return hints;
}

/** The compact seat part's JSON (`"categoryKeys":[…],"sections":[…]`). */
export function decodeSeatPart(bytes: Uint8Array): string {
  return fromUtf8.decode(bytes);
}
