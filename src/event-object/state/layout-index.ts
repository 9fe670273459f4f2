import { indexLayout, sectionLabelsOf, type Category, type Layout, type LayoutObject, type Point, type SectionLabels } from "../../domain/layout";
import { readParts } from "./layout-blobs";
import { CORE_PARTS, decodeDict, decodeHints, decodeSeatPart, HINT_PARTS, SEAT_PART, type DrawingHints } from "./layout-codec";
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
  private areaList: LayoutObject[] | null = null;

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
    if (this.columns) return this.columns.dict.areas;
    this.areaList ??= decodeDict(readParts(this.sql, this.key, ["dict"])).areas;
    return this.areaList;
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
    out.push(h === undefined || o.objectType !== "seat" ? o : { ...o, ...h });
  }
  return out;
}
