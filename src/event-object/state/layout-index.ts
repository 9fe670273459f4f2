import {
  indexLayout,
  sectionLabelsOf,
  type Category,
  type Floor,
  type Layout,
  type LayoutObject,
  type ObjectType,
  type Point,
  type SectionLabels,
  type Zone,
} from "../../domain/layout";
import { readParts } from "./layout-blobs";
import { CORE_PARTS, decodeDict, decodeHints, decodeSeatPart, HINT_PARTS, SEAT_PART, type Dictionary, type DrawingHints } from "./layout-codec";
import { LayoutColumns } from "./layout-columns";

export type { DrawingHints } from "./layout-codec";

/** A layout as the engine keeps it: objects by label in drawing order, its categories and focal point. */
export interface LayoutIndex {
  /** Every object by label, in drawing order: for reads that go through them all. */
  readonly objects: Map<string, LayoutObject>;
  readonly categories: Category[];
  readonly focalPoint: Point | null;
  /** The section names' translations by section key (docs/languages.md), given back by the objects reads. */
  readonly sectionLabels: SectionLabels;
  /** One object by label: what a decision needs. */
  object(label: string): LayoutObject | undefined;
  /** One object's category by label (a status entry's): like `object(label)?.categoryKey`, without building the object. */
  categoryOf(label: string): string | undefined;
  /** One object's type by label: like `object(label)?.objectType`, without building the object. */
  objectTypeOf(label: string): ObjectType | undefined;
  /** The table a seat is at (docs/tables.md), or undefined: like `object(label)?.tableLabel`, without building the object. */
  tableOf(label: string): string | undefined;
  /** The layout's zones and floors (docs/tables.md), empty when it has none. */
  readonly zones: readonly Zone[];
  readonly floors: readonly Floor[];
  /** Whether the layout has tables: reads that derive a table's status skip the work without. */
  readonly hasTables: boolean;
}

/** The index of a layout; null (unpublished) gives an empty index. Its objects carry their drawing hints. */
export function buildIndex(layout: Layout | null): LayoutIndex {
  const objects = layout ? indexLayout(layout) : new Map<string, LayoutObject>();
  return {
    objects,
    categories: layout?.categories ?? [],
    focalPoint: layout?.focalPoint ?? null,
    sectionLabels: sectionLabelsOf(layout?.sections ?? []),
    object: (label) => objects.get(label),
    categoryOf: (label) => objects.get(label)?.categoryKey,
    objectTypeOf: (label) => objects.get(label)?.objectType,
    tableOf: (label) => objects.get(label)?.tableLabel,
    zones: layout?.zones ?? [],
    floors: layout?.floors ?? [],
    hasTables: layout?.sections.some((s) => (s.tables ?? []).length > 0) ?? false,
  };
}

/**
 * A layout version read back from its blobs (layout-blobs.ts), decoded piece by piece as reads ask:
 * - {@link object} (a hold, a status read): the core columns, one object found by its label
 *   through the stored hash table, nothing decoded for the others;
 * - `objects` (the full objects read, reports, best available, a publish check): every object;
 * - {@link hints} (the full objects read, best available): the hint parts;
 * - {@link seatPartJson} and {@link areas} (the compact objects read): the seat part encoded when
 *   the version was written, and the GA areas, without the core at all.
 * A woken object thus pays for what its first read needs, not for the whole index.
 */
export class StoredLayout implements LayoutIndex {
  private columns: LayoutColumns | null = null;
  private all: { objects: Map<string, LayoutObject>; labels: string[] } | null = null;
  private hintMap: Map<string, DrawingHints> | null = null;
  private dict: Dictionary | null = null;

  constructor(
    private readonly sql: SqlStorage,
    /** The layout version's key in layout_blobs. */
    readonly key: string,
    readonly categories: Category[],
    readonly focalPoint: Point | null,
    readonly sectionLabels: SectionLabels = {},
  ) {}

  get objects(): Map<string, LayoutObject> {
    return this.every().objects;
  }

  object(label: string): LayoutObject | undefined {
    return this.all ? this.all.objects.get(label) : this.core().object(label);
  }

  categoryOf(label: string): string | undefined {
    return this.all ? this.all.objects.get(label)?.categoryKey : this.core().categoryOf(label);
  }

  objectTypeOf(label: string): ObjectType | undefined {
    return this.all ? this.all.objects.get(label)?.objectType : this.core().objectTypeOf(label);
  }

  tableOf(label: string): string | undefined {
    if (!this.hasTables) return undefined;
    return this.all ? this.all.objects.get(label)?.tableLabel : this.core().tableOf(label);
  }

  get zones(): readonly Zone[] {
    return this.dictionary().zones ?? [];
  }

  get floors(): readonly Floor[] {
    return this.dictionary().floors ?? [];
  }

  get hasTables(): boolean {
    return (this.dictionary().tables ?? 0) > 0;
  }

  /** The drawing hints of every object, by label. */
  hints(): Map<string, DrawingHints> {
    if (this.hintMap === null) {
      const { labels } = this.every();
      this.hintMap = decodeHints(labels, this.core().dict, readParts(this.sql, this.key, HINT_PARTS));
    }
    return this.hintMap;
  }

  /** The compact objects form's seat part (`"categoryKeys":[…],"sections":[…]`), as written with the version. */
  seatPartJson(): string {
    const bytes = readParts(this.sql, this.key, [SEAT_PART]).get(SEAT_PART);
    if (bytes === undefined) throw new Error(`layout ${this.key} has no seat part`);
    return decodeSeatPart(bytes);
  }

  /** The GA areas in drawing order, whole (their drawing hints included): from the small dictionary part while the core is not read. */
  areas(): LayoutObject[] {
    return this.dictionary().areas;
  }

  /** The dictionary part: the core's when it is read, else the small part alone. */
  private dictionary(): Dictionary {
    if (this.columns) return this.columns.dict;
    this.dict ??= decodeDict(readParts(this.sql, this.key, ["dict"]));
    return this.dict;
  }

  private core(): LayoutColumns {
    this.columns ??= new LayoutColumns(readParts(this.sql, this.key, CORE_PARTS));
    return this.columns;
  }

  private every(): { objects: Map<string, LayoutObject>; labels: string[] } {
    this.all ??= this.core().objects();
    return this.all;
  }
}

/** The drawing hints of a layout's objects by label, or null when its objects carry them (an index built from a layout). */
export function drawingHints(layout: LayoutIndex): Map<string, DrawingHints> | null {
  return layout instanceof StoredLayout ? layout.hints() : null;
}

/**
 * Every object of the layout in drawing order with its drawing hints (what the layout said of it):
 * what best available and the orphan rule index, and what a layout version is written from.
 */
export function objectsWithHints(layout: LayoutIndex): LayoutObject[] {
  const hints = drawingHints(layout);
  const out: LayoutObject[] = [];
  for (const o of layout.objects.values()) {
    const h = hints?.get(o.label);
    out.push(h === undefined || o.objectType === "generalAdmission" ? o : { ...o, ...h });
  }
  return out;
}
