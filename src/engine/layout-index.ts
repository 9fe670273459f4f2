import { indexLayout, type Category, type Layout, type LayoutObject, type Point } from "../charts/layout";
import { readParts } from "./layout-blobs";
import { CORE_PARTS, decodeCore, decodeDict, decodeHints, decodeSeatPart, HINT_PARTS, SEAT_PART, type DecodedCore, type DrawingHints } from "./layout-codec";

export type { DrawingHints } from "./layout-codec";

/** A layout as the engine keeps it: objects by label in drawing order, its categories and focal point. */
export interface LayoutIndex {
  readonly objects: Map<string, LayoutObject>;
  readonly categories: Category[];
  readonly focalPoint: Point | null;
}

/** The index of a layout; null (unpublished) gives an empty index. Its objects carry their drawing hints. */
export function buildIndex(layout: Layout | null): LayoutIndex {
  if (!layout) return { objects: new Map(), categories: [], focalPoint: null };
  return { objects: indexLayout(layout), categories: layout.categories, focalPoint: layout.focalPoint ?? null };
}

/**
 * A layout version read back from its blobs (layout-blobs.ts), decoded piece by piece as reads ask:
 * - `objects` (a hold, a status read): the core parts, seats without drawing hints;
 * - {@link hints} (the full objects read, best available): the hint parts;
 * - {@link seatPartJson} and {@link areas} (the compact objects read): the seat part encoded when
 *   the version was written, and the GA areas, without decoding the 100,000 objects at all.
 * A woken object thus pays for what its first read needs, not for the whole index.
 */
export class StoredLayout implements LayoutIndex {
  private core: DecodedCore | null = null;
  private hintMap: Map<string, DrawingHints> | null = null;
  private areaList: LayoutObject[] | null = null;

  constructor(
    private readonly sql: SqlStorage,
    /** The layout version's key in layout_blobs. */
    readonly key: string,
    readonly categories: Category[],
    readonly focalPoint: Point | null,
  ) {}

  get objects(): Map<string, LayoutObject> {
    return this.decoded().objects;
  }

  /** The drawing hints of every object, by label. */
  hints(): Map<string, DrawingHints> {
    this.hintMap ??= decodeHints(this.decoded(), readParts(this.sql, this.key, HINT_PARTS));
    return this.hintMap;
  }

  /** The compact objects form's seat part (`"categoryKeys":[…],"sections":[…]`), as written with the version. */
  seatPartJson(): string {
    const bytes = readParts(this.sql, this.key, [SEAT_PART]).get(SEAT_PART);
    if (bytes === undefined) throw new Error(`layout ${this.key} has no seat part`);
    return decodeSeatPart(bytes);
  }

  /** The GA areas in drawing order, whole (their drawing hints included): from the small dictionary part while the objects are not decoded. */
  areas(): LayoutObject[] {
    if (this.core) return this.core.dict.areas;
    this.areaList ??= decodeDict(readParts(this.sql, this.key, ["dict"])).areas;
    return this.areaList;
  }

  private decoded(): DecodedCore {
    this.core ??= decodeCore(readParts(this.sql, this.key, CORE_PARTS));
    return this.core;
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
