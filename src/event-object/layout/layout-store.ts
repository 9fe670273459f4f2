/**
 * Writing layout versions into layout_blobs (layout-blobs.ts, in the byte form of layout-codec.ts),
 * and the one-time conversion of objects that still keep their layout as rows.
 */
import type { Category, LayoutObject, Point, SectionLabels } from "../../domain/layout";
import type { EventMeta } from "../../domain/events";
import { newLayoutKey, writePart } from "../state/layout-blobs";
import { encodeLayout } from "../state/layout-codec";
import { readLegacyTable, tableExists } from "../state/layout-legacy";
import { objectsWithHints, type LayoutIndex } from "../state/layout-index";
import { encodeSeatPart, keepSeatPart } from "../reads/objects-compact-cache";
import { getMeta, setMeta } from "../state/store";

/** The persisted part of a stage (meta key "stage", written by staging.ts); the staged objects are the layout version `layoutKey` (layout-blobs.ts). */
export interface StoredStage {
  stageId: string;
  layoutKey: string;
  /** The chart the stage publishes, and its version: D1's word on both decides whether it is committed. */
  chartId: string;
  version: number | null;
  force: boolean;
  expiresAt: number;
  categories: Category[];
  focalPoint?: Point | null;
  /** The section names' translations (docs/languages.md); absent on a stage written before they existed. */
  sectionLabels?: SectionLabels;
}

/** Writes the parts of a layout version from its objects in drawing order, drawing hints included (inside the caller's transaction). */
function writeParts(sql: SqlStorage, key: string, objects: LayoutObject[], categories: Category[]): string {
  const seatsJson = encodeSeatPart(categories, objects);
  for (const [part, bytes] of encodeLayout(objects, seatsJson)) writePart(sql, key, part, bytes);
  return seatsJson;
}

/**
 * Writes `index` as the layout version `key` (inside the caller's transaction; nothing points at
 * the key until the caller names it in meta). The compact seat part encoded for it is kept with
 * the in-memory index too, so its first compact read costs no encoding.
 */
export function writeLayoutVersion(sql: SqlStorage, key: string, index: LayoutIndex): void {
  keepSeatPart(index, writeParts(sql, key, objectsWithHints(index), index.categories));
}

/** A stage as objects stored it before the blob format: its objects in layout_stage, no key. */
type LegacyStage = Omit<StoredStage, "layoutKey"> & { layoutKey?: string };

/**
 * Converts an object created before layout versions were blobs, once, on wake: the current layout
 * (layout_current) and a staged one (layout_stage) are written as versions and named in meta, and
 * the row tables dropped, in one transaction, so an object either still has its rows or has both
 * versions. Objects without the legacy tables (every object created since) pay one catalogue read.
 */
export function migrateLegacyLayout(storage: DurableObjectStorage): void {
  const sql = storage.sql;
  if (!tableExists(sql, "layout_current")) return;
  storage.transactionSync(() => {
    const event = getMeta<EventMeta>(sql, "event");
    // No event: a set-up a restart cut short, which the next init starts again from empty storage.
    if (event !== null && getMeta<string>(sql, "layout") === null) {
      const key = newLayoutKey(event.layoutVersion);
      writeParts(sql, key, readLegacyTable(sql, "layout_current"), getMeta<Category[]>(sql, "categories") ?? []);
      setMeta(sql, "layout", key);
    }
    const stage = getMeta<LegacyStage>(sql, "stage");
    if (stage !== null && stage.layoutKey === undefined) {
      if (tableExists(sql, "layout_stage")) {
        const key = newLayoutKey(stage.version);
        writeParts(sql, key, readLegacyTable(sql, "layout_stage"), stage.categories);
        setMeta(sql, "stage", { ...stage, layoutKey: key } satisfies StoredStage);
      } else {
        // A stage without its objects cannot be promoted: dropped, the settle check (meta "settle",
        // set with every stage) converges on D1 instead.
        setMeta(sql, "stage", null);
      }
    }
    sql.exec("DROP TABLE IF EXISTS layout_current");
    sql.exec("DROP TABLE IF EXISTS layout_stage");
  });
}
