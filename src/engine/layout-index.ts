import { indexLayout, type Category, type Layout, type LayoutObject } from "../charts/layout";
import { rows } from "./store";

/** Rows per transaction when writing a layout index: keeps each transaction short at 100k seats. */
export const LAYOUT_CHUNK = 5000;

type LayoutTable = "layout_current" | "layout_stage";

/** A layout as the engine keeps it: objects by label in drawing order, plus its categories. */
export interface LayoutIndex {
  objects: Map<string, LayoutObject>;
  categories: Category[];
}

/** The index of a layout; null (unpublished) gives an empty index. */
export function buildIndex(layout: Layout | null): LayoutIndex {
  if (!layout) return { objects: new Map(), categories: [] };
  return { objects: indexLayout(layout), categories: layout.categories };
}

/** Deletes a layout table's rows (one statement; SQLite handles 100k rows in one go). */
export function clearLayoutTable(sql: SqlStorage, table: LayoutTable): void {
  sql.exec(`DELETE FROM ${table}`);
}

/**
 * Writes objects [from, to) of the index into a table. Callers run it once per chunk inside their
 * own transactionSync so no single transaction blocks the object for long.
 */
export function writeLayoutChunk(sql: SqlStorage, table: LayoutTable, objects: LayoutObject[], from: number, to: number): void {
  for (let i = from; i < Math.min(to, objects.length); i++) {
    const o = objects[i]!;
    sql.exec(
      `INSERT OR REPLACE INTO ${table} (label, ord, type, category, capacity, section_key, section_label) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      o.label,
      i,
      o.objectType,
      o.categoryKey,
      o.capacity ?? null,
      o.sectionKey ?? null,
      o.sectionLabel ?? null,
    );
  }
}

interface LayoutRowData {
  label: string;
  type: string;
  category: string;
  capacity: number | null;
  section_key: string | null;
  section_label: string | null;
}

/** Loads a layout table into memory, in drawing order. */
export function readLayoutTable(sql: SqlStorage, table: LayoutTable): Map<string, LayoutObject> {
  const map = new Map<string, LayoutObject>();
  for (const r of rows<LayoutRowData>(sql, `SELECT label, type, category, capacity, section_key, section_label FROM ${table} ORDER BY ord`)) {
    const o: LayoutObject = { label: r.label, objectType: r.type === "generalAdmission" ? "generalAdmission" : "seat", categoryKey: r.category };
    if (r.capacity !== null) o.capacity = r.capacity;
    if (r.section_key !== null) o.sectionKey = r.section_key;
    if (r.section_label !== null) o.sectionLabel = r.section_label;
    map.set(r.label, o);
  }
  return map;
}

/** Moves the staged index into the current one in a single statement pair (inside the caller's transaction). */
export function promoteStage(sql: SqlStorage): void {
  sql.exec("DELETE FROM layout_current");
  sql.exec("INSERT INTO layout_current SELECT * FROM layout_stage");
  sql.exec("DELETE FROM layout_stage");
}
