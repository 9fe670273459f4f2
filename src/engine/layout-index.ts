import { indexLayout, type Category, type Layout, type LayoutObject, type Point } from "../charts/layout";
import { rows } from "./store";

/** Rows per transaction when writing a layout index: keeps each transaction short at 100k seats. */
export const LAYOUT_CHUNK = 5000;

type LayoutTable = "layout_current" | "layout_stage";

/** The layout tables' columns, named so that a table that gained columns by ALTER still lines up. */
const COLUMNS = "label, ord, type, category, capacity, section_key, section_label, row_label, x, y, width, height, row_index, aisle_after, shape";

/** A layout as the engine keeps it: objects by label in drawing order, its categories and focal point. */
export interface LayoutIndex {
  objects: Map<string, LayoutObject>;
  categories: Category[];
  focalPoint: Point | null;
}

/** The index of a layout; null (unpublished) gives an empty index. */
export function buildIndex(layout: Layout | null): LayoutIndex {
  if (!layout) return { objects: new Map(), categories: [], focalPoint: null };
  return { objects: indexLayout(layout), categories: layout.categories, focalPoint: layout.focalPoint ?? null };
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
      `INSERT OR REPLACE INTO ${table} (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      o.label,
      i,
      o.objectType,
      o.categoryKey,
      o.capacity ?? null,
      o.sectionKey ?? null,
      o.sectionLabel ?? null,
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

interface SeatRowData {
  label: string;
  category: string;
  section_key: string | null;
  row_label: string | null;
  row_index: number | null;
  x: number | null;
  y: number | null;
  aisle_after: number | null;
}

/**
 * The current layout's seats in layout order with what best available and the orphan rule read
 * (section, row, position, coordinates, aisles): read only when a selling rule or best available
 * first needs them, so a plain hold never pays for it.
 */
export function readSeatObjects(sql: SqlStorage): LayoutObject[] {
  return rows<SeatRowData>(
    sql,
    "SELECT label, category, section_key, row_label, row_index, x, y, aisle_after FROM layout_current WHERE type = 'seat' ORDER BY ord",
  ).map((r) => {
    const o: LayoutObject = { label: r.label, objectType: "seat", categoryKey: r.category };
    if (r.section_key !== null) o.sectionKey = r.section_key;
    if (r.row_label !== null) o.rowLabel = r.row_label;
    if (r.row_index !== null) o.rowIndex = r.row_index;
    if (r.x !== null) o.x = r.x;
    if (r.y !== null) o.y = r.y;
    if (r.aisle_after === 1) o.aisleAfter = true;
    return o;
  });
}

interface LayoutRowData {
  label: string;
  type: string;
  category: string;
  capacity: number | null;
  section_key: string | null;
  section_label: string | null;
}

/** Drawing hints of one object (objects response only; no decision reads them). */
export type DrawingHints = Pick<LayoutObject, "rowLabel" | "rowIndex" | "aisleAfter" | "x" | "y" | "width" | "height" | "shape">;

/**
 * Maps loaded by readLayoutTable, with their drawing hints once read (null until then). A wake's
 * first call (often a hold) loads the index; reading the hint columns there too made that load
 * about half as slow again at 100k seats, so the objects read fetches them on first use instead.
 */
const tableHints = new WeakMap<Map<string, LayoutObject>, Map<string, DrawingHints> | null>();

/** Loads a layout table into memory, in drawing order (without drawing hints: see {@link drawingHints}). */
export function readLayoutTable(sql: SqlStorage, table: LayoutTable): Map<string, LayoutObject> {
  const map = new Map<string, LayoutObject>();
  tableHints.set(map, null);
  for (const r of rows<LayoutRowData>(sql, `SELECT label, type, category, capacity, section_key, section_label FROM ${table} ORDER BY ord`)) {
    const o: LayoutObject = { label: r.label, objectType: r.type === "generalAdmission" ? "generalAdmission" : "seat", categoryKey: r.category };
    if (r.capacity !== null) o.capacity = r.capacity;
    if (r.section_key !== null) o.sectionKey = r.section_key;
    if (r.section_label !== null) o.sectionLabel = r.section_label;
    map.set(r.label, o);
  }
  return map;
}

interface HintRow {
  label: string;
  row_label: string | null;
  row_index: number | null;
  aisle_after: number | null;
  x: number | null;
  y: number | null;
  width: number | null;
  height: number | null;
  shape: string | null;
}

/**
 * The drawing hints of the current index `objects`: null when its objects carry them (an index
 * built from a layout), else read from layout_current once and kept with the map. A staged map
 * only becomes current once promoted, so layout_current then holds exactly its rows.
 */
export function drawingHints(sql: SqlStorage, objects: Map<string, LayoutObject>): Map<string, DrawingHints> | null {
  const known = tableHints.get(objects);
  if (known === undefined) return null;
  if (known !== null) return known;
  const hints = new Map<string, DrawingHints>();
  for (const r of rows<HintRow>(
    sql,
    "SELECT label, row_label, row_index, aisle_after, x, y, width, height, shape FROM layout_current WHERE row_label IS NOT NULL OR row_index IS NOT NULL OR x IS NOT NULL OR y IS NOT NULL OR width IS NOT NULL OR height IS NOT NULL OR shape IS NOT NULL",
  )) {
    const h: DrawingHints = {};
    if (r.row_label !== null) h.rowLabel = r.row_label;
    if (r.row_index !== null) h.rowIndex = r.row_index;
    if (r.aisle_after === 1) h.aisleAfter = true;
    if (r.x !== null) h.x = r.x;
    if (r.y !== null) h.y = r.y;
    if (r.width !== null) h.width = r.width;
    if (r.height !== null) h.height = r.height;
    if (r.shape === "rectangle" || r.shape === "ellipse") h.shape = r.shape;
    hints.set(r.label, h);
  }
  tableHints.set(objects, hints);
  return hints;
}

/** Moves the staged index into the current one in a single statement pair (inside the caller's transaction). */
export function promoteStage(sql: SqlStorage): void {
  sql.exec("DELETE FROM layout_current");
  sql.exec(`INSERT INTO layout_current (${COLUMNS}) SELECT ${COLUMNS} FROM layout_stage`);
  sql.exec("DELETE FROM layout_stage");
}
