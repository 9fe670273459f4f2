/**
 * The layout tables of objects created before layout versions were kept as blobs: one row per
 * object in layout_current (and a staged publish's in layout_stage), with the drawing-hint columns
 * when the object is recent enough to have them. Read once, on the first wake after the blob format
 * shipped, to write the blobs (see migrateLegacyLayout in layout-store.ts); nothing else reads them.
 */
import type { LayoutObject } from "../../domain/layout";
import { rows } from "./store";

export type LegacyTable = "layout_current" | "layout_stage";

/** Columns of the legacy tables after the label, in the order read; the hint columns may be missing. */
const COLUMNS = ["type", "category", "capacity", "section_key", "section_label", "row_label", "row_index", "aisle_after", "x", "y", "width", "height", "shape"];

/** Whether a table exists (objects created after the blob format never have the legacy ones). */
export function tableExists(sql: SqlStorage, table: string): boolean {
  return rows(sql, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", table).length > 0;
}

type Value = string | number | null;

/** Every object of a legacy table in drawing order, with the drawing hints its row has. */
export function readLegacyTable(sql: SqlStorage, table: LegacyTable): LayoutObject[] {
  const have = new Set(rows<{ name: string }>(sql, `PRAGMA table_info(${table})`).map((r) => r.name));
  // A column an old table lacks reads as NULL, which is what a missing hint is.
  const select = COLUMNS.map((c) => (have.has(c) ? c : `NULL AS ${c}`)).join(", ");
  const out: LayoutObject[] = [];
  for (const [label, ...v] of sql.exec(`SELECT label, ${select} FROM ${table} ORDER BY ord`).raw<[string, ...Value[]]>()) {
    const [type, category, capacity, sectionKey, sectionLabel, rowLabel, rowIndex, aisleAfter, x, y, width, height, shape] = v;
    const o: LayoutObject = { label, objectType: type === "generalAdmission" ? "generalAdmission" : "seat", categoryKey: String(category) };
    if (typeof capacity === "number") o.capacity = capacity;
    if (typeof sectionKey === "string") o.sectionKey = sectionKey;
    if (typeof sectionLabel === "string") o.sectionLabel = sectionLabel;
    if (typeof rowLabel === "string") o.rowLabel = rowLabel;
    if (typeof rowIndex === "number") o.rowIndex = rowIndex;
    if (aisleAfter === 1) o.aisleAfter = true;
    if (typeof x === "number") o.x = x;
    if (typeof y === "number") o.y = y;
    if (typeof width === "number") o.width = width;
    if (typeof height === "number") o.height = height;
    if (shape === "rectangle" || shape === "ellipse") o.shape = shape;
    out.push(o);
  }
  return out;
}
