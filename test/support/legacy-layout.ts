/**
 * Turns an event object's storage back into the layout format objects had before layout versions
 * were kept as blobs: one row per object in layout_current (and a staged publish's in layout_stage),
 * no layout_blobs rows, no meta "layout", a stored stage without its key. The table definitions are
 * those the engine created then (with or without the drawing-hint columns, which came later).
 */
import type { LayoutObject } from "../../src/domain/layout";
import { StoredLayout, objectsWithHints } from "../../src/event-object/state/layout-index";

const BASE_COLUMNS =
  "label TEXT PRIMARY KEY, ord INTEGER NOT NULL, type TEXT NOT NULL, category TEXT NOT NULL, capacity INTEGER, section_key TEXT, section_label TEXT";
const HINT_COLUMNS = ", row_label TEXT, x REAL, y REAL, width REAL, height REAL, row_index INTEGER, aisle_after INTEGER, shape TEXT";

function meta<T>(sql: SqlStorage, key: string): T | null {
  const row = sql.exec("SELECT v FROM meta WHERE k = ?", key).toArray()[0];
  return row ? (JSON.parse(String(row.v)) as T) : null;
}

function writeRows(sql: SqlStorage, table: string, objects: LayoutObject[], hints: boolean): void {
  for (const [ord, o] of objects.entries()) {
    const base = [o.label, ord, o.objectType, o.categoryKey, o.capacity ?? null, o.sectionKey ?? null, o.sectionLabel ?? null];
    if (!hints) {
      sql.exec(`INSERT INTO ${table} (label, ord, type, category, capacity, section_key, section_label) VALUES (?, ?, ?, ?, ?, ?, ?)`, ...base);
      continue;
    }
    sql.exec(
      `INSERT INTO ${table} (label, ord, type, category, capacity, section_key, section_label, row_label, x, y, width, height, row_index, aisle_after, shape) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ...base,
      o.rowLabel ?? null,
      o.x ?? null,
      o.y ?? null,
      o.width ?? null,
      o.height ?? null,
      o.rowIndex ?? null,
      o.aisleAfter ? 1 : null,
      o.shape ?? null,
    );
  }
}

/** Rewrites the object's current layout (and staged one, if any) as legacy rows; `hintColumns: false` gives the oldest table shape. */
export function rewriteAsLegacyRows(state: DurableObjectState, { hintColumns }: { hintColumns: boolean }): void {
  const sql = state.storage.sql;
  state.storage.transactionSync(() => {
    const columns = BASE_COLUMNS + (hintColumns ? HINT_COLUMNS : "");
    sql.exec(`CREATE TABLE layout_current (${columns})`);
    sql.exec(`CREATE TABLE layout_stage (${columns})`);
    const current = meta<string>(sql, "layout");
    if (current === null) throw new Error("the object has no current layout version");
    writeRows(sql, "layout_current", objectsWithHints(new StoredLayout(sql, current, [], null)), hintColumns);
    const stage = meta<{ layoutKey: string } & Record<string, unknown>>(sql, "stage");
    if (stage !== null) {
      writeRows(sql, "layout_stage", objectsWithHints(new StoredLayout(sql, stage.layoutKey, [], null)), hintColumns);
      const { layoutKey: _, ...legacy } = stage;
      sql.exec("UPDATE meta SET v = ? WHERE k = 'stage'", JSON.stringify(legacy));
    }
    sql.exec("DELETE FROM layout_blobs");
    sql.exec("DELETE FROM meta WHERE k = 'layout'");
  });
}
