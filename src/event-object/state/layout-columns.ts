/**
 * A layout version's core parts (layout-codec.ts) as typed-array views: reading them back costs a
 * few blob reads and no per-object work. One object is then found by its label through the stored
 * hash table ({@link LayoutColumns.object}); every object, as the Map the engine iterates, only when
 * a read goes through them all ({@link LayoutColumns.objects}).
 */
import type { LayoutObject, ObjectType } from "../../domain/layout";
import { decodeDict, featuresOfBits, labelHash, NONE, optionalView, part, TYPE_OF_KIND, view, type Dictionary } from "./layout-codec";

const u32 = (b: ArrayBuffer, o: number, l: number) => new Uint32Array(b, o, l);

export class LayoutColumns {
  private readonly units: Uint16Array;
  private readonly ends: Uint32Array;
  private readonly table: Uint32Array;
  private readonly kind: Uint8Array;
  private readonly category: Uint32Array;
  private readonly section: Uint32Array;
  /** Feature bits per object, or null for a version written before features existed. */
  private readonly features: Uint8Array | null;
  /** The table ordinal of each table and of each of its seats (NONE otherwise), or null for a version written before tables. */
  private readonly tableColumn: Uint32Array | null;
  readonly dict: Dictionary;
  /** The GA areas by label. */
  private readonly areas: Map<string, LayoutObject>;

  constructor(parts: Map<string, Uint8Array>) {
    this.units = view(part(parts, "labelUnits"), 2, (b, o, l) => new Uint16Array(b, o, l));
    this.ends = view(part(parts, "labelEnds"), 4, u32);
    this.table = view(part(parts, "lookup"), 4, u32);
    this.kind = part(parts, "kind");
    this.category = view(part(parts, "category"), 4, u32);
    this.section = view(part(parts, "section"), 4, u32);
    this.features = parts.get("features") ?? null;
    this.tableColumn = optionalView(parts, "table", 4, u32);
    this.dict = decodeDict(parts);
    this.areas = new Map(this.dict.areas.map((a) => [a.label, a]));
  }

  /** Number of objects. */
  get size(): number {
    return this.ends.length;
  }

  /** The object of a label, or undefined when the layout has none: a hash probe, no decoding. */
  object(label: string): LayoutObject | undefined {
    const i = this.ordinalOf(label);
    return i < 0 ? undefined : this.objectAt(i, label);
  }

  /** The category of a label's object, or undefined: a status entry's lookup, with no object built. */
  categoryOf(label: string): string | undefined {
    const i = this.ordinalOf(label);
    if (i < 0) return undefined;
    return this.kind[i] === 1 ? this.areas.get(label)?.categoryKey : this.dict.categories[this.category[i]!];
  }

  /** The type of a label's object, or undefined: read from the kind column, with no object built. */
  objectTypeOf(label: string): ObjectType | undefined {
    const i = this.ordinalOf(label);
    return i < 0 ? undefined : TYPE_OF_KIND[this.kind[i]!];
  }

  /** The table a seat is at, or undefined: read from the table column, with no object built. */
  tableOf(label: string): string | undefined {
    const i = this.ordinalOf(label);
    const t = i < 0 ? NONE : (this.tableColumn?.[i] ?? NONE);
    return t === NONE || t === i ? undefined : this.labelAt(t);
  }

  /** Every object by label in drawing order: each label turned into a string, for reads that go through them all. */
  objects(): { objects: Map<string, LayoutObject>; labels: string[] } {
    const labels = this.labels();
    const objects = new Map<string, LayoutObject>();
    for (let i = 0; i < labels.length; i++) objects.set(labels[i]!, this.objectAt(i, labels[i]!));
    return { objects, labels };
  }

  /** The ordinal of a label, or -1. */
  private ordinalOf(label: string): number {
    const mask = this.table.length - 1;
    for (let slot = labelHash(label) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot]!;
      if (entry === 0) return -1;
      if (this.labelIs(entry - 1, label)) return entry - 1;
    }
  }

  /** Whether object `i`'s label is `label`, compared code unit by code unit. */
  private labelIs(i: number, label: string): boolean {
    const start = i === 0 ? 0 : this.ends[i - 1]!;
    if (this.ends[i]! - start !== label.length) return false;
    for (let k = 0; k < label.length; k++) if (this.units[start + k] !== label.charCodeAt(k)) return false;
    return true;
  }

  /** Object `i` (whose label is `label`): a GA area whole, a seat with what decisions read (hints: decodeHints). */
  private objectAt(i: number, label: string): LayoutObject {
    if (this.kind[i] === 1) {
      const area = this.areas.get(label);
      if (area === undefined) throw new Error(`layout dictionary lacks the GA area ${label}`);
      return area;
    }
    const objectType = TYPE_OF_KIND[this.kind[i]!] ?? "seat";
    const o: LayoutObject = { label, objectType, categoryKey: this.dict.categories[this.category[i]!]! };
    const s = this.section[i]!;
    if (s !== NONE) {
      const [key, sectionLabel] = this.dict.sections[s]!;
      if (key !== null) o.sectionKey = key;
      if (sectionLabel !== null) o.sectionLabel = sectionLabel;
    }
    const bits = this.features?.[i] ?? 0;
    if (bits !== 0) o.features = featuresOfBits(bits);
    const table = this.tableColumn?.[i] ?? NONE;
    if (table !== NONE && objectType === "table") o.seatLabels = this.seatsOf(i);
    else if (table !== NONE) o.tableLabel = this.labelAt(table);
    return o;
  }

  /** The labels of table `t`'s seats: the objects right after it that name it. */
  private seatsOf(t: number): string[] {
    const out: string[] = [];
    for (let i = t + 1; i < this.ends.length && this.tableColumn![i] === t; i++) out.push(this.labelAt(i));
    return out;
  }

  /** The label of object `i`. */
  private labelAt(i: number): string {
    const start = i === 0 ? 0 : this.ends[i - 1]!;
    let label = "";
    for (let at = start; at < this.ends[i]!; at += 8192) label += String.fromCharCode(...this.units.subarray(at, Math.min(at + 8192, this.ends[i]!)));
    return label;
  }

  /** Every label in drawing order. */
  private labels(): string[] {
    const all = this.allUnits();
    const labels = new Array<string>(this.ends.length);
    for (let i = 0, start = 0; i < labels.length; i++) {
      const end = this.ends[i]!;
      labels[i] = all.substring(start, end);
      start = end;
    }
    return labels;
  }

  /** The code units of every label as one string (lone surrogates kept: TextDecoder would replace them). */
  private allUnits(): string {
    // ignoreBOM: a label may start with U+FEFF, which must stay.
    if (this.dict.wellFormed) return new TextDecoder("utf-16le", { ignoreBOM: true }).decode(this.units);
    let all = "";
    for (let at = 0; at < this.units.length; at += 8192) all += String.fromCharCode(...this.units.subarray(at, at + 8192));
    return all;
  }
}
