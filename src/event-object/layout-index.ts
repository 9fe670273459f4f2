import { indexLayout, type Category, type Layout, type LayoutObject, type Point } from "../domain/layout";

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

/**
 * The current layout's seats in layout order with what best available and the orphan rule read
 * (section, row, position, coordinates, aisles): read only when a selling rule or best available
 * first needs them, so a plain hold never pays for it.
 */
export function readSeatObjects(sql: SqlStorage): LayoutObject[] {
  const cursor = sql.exec("SELECT label, category, section_key, row_label, row_index, x, y, aisle_after FROM layout_current WHERE type = 'seat' ORDER BY ord");
  type Seat = [string, string, string | null, string | null, number | null, number | null, number | null, number | null];
  const out: LayoutObject[] = [];
  for (const [label, category, sectionKey, rowLabel, rowIndex, x, y, aisleAfter] of cursor.raw<Seat>()) {
    const o: LayoutObject = { label, objectType: "seat", categoryKey: category };
    if (sectionKey !== null) o.sectionKey = sectionKey;
    if (rowLabel !== null) o.rowLabel = rowLabel;
    if (rowIndex !== null) o.rowIndex = rowIndex;
    if (x !== null) o.x = x;
    if (y !== null) o.y = y;
    if (aisleAfter === 1) o.aisleAfter = true;
    out.push(o);
  }
  return out;
}

/** Drawing hints of one object (objects response only; no decision reads them). */
export type DrawingHints = Pick<LayoutObject, "rowLabel" | "rowIndex" | "aisleAfter" | "x" | "y" | "width" | "height" | "shape">;

/**
 * Maps loaded by readLayoutTable, with their drawing hints once read (null until then). A wake's
 * first call (often a hold) loads the index; reading the hint columns there too made that load
 * about half as slow again at 100k seats, so the objects read fetches them on first use instead.
 */
const tableHints = new WeakMap<Map<string, LayoutObject>, Map<string, DrawingHints> | null>();

/**
 * Loads a layout table into memory, in drawing order (without drawing hints: see {@link drawingHints}).
 * Rows are read as arrays (`raw()`), not objects: at 100,000 seats that is about a third less time
 * on the wake's first call.
 */
export function readLayoutTable(sql: SqlStorage, table: LayoutTable): Map<string, LayoutObject> {
  const map = new Map<string, LayoutObject>();
  tableHints.set(map, null);
  const cursor = sql.exec(`SELECT label, type, category, capacity, section_key, section_label FROM ${table} ORDER BY ord`);
  for (const [label, type, category, capacity, sectionKey, sectionLabel] of cursor.raw<
    [string, string, string, number | null, string | null, string | null]
  >()) {
    const o: LayoutObject = { label, objectType: type === "generalAdmission" ? "generalAdmission" : "seat", categoryKey: category };
    if (capacity !== null) o.capacity = capacity;
    if (sectionKey !== null) o.sectionKey = sectionKey;
    if (sectionLabel !== null) o.sectionLabel = sectionLabel;
    map.set(label, o);
  }
  return map;
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
  const cursor = sql.exec(
    "SELECT label, row_label, row_index, aisle_after, x, y, width, height, shape FROM layout_current WHERE row_label IS NOT NULL OR row_index IS NOT NULL OR x IS NOT NULL OR y IS NOT NULL OR width IS NOT NULL OR height IS NOT NULL OR shape IS NOT NULL",
  );
  type Hint = [string, string | null, number | null, number | null, number | null, number | null, number | null, number | null, string | null];
  for (const [label, rowLabel, rowIndex, aisleAfter, x, y, width, height, shape] of cursor.raw<Hint>()) {
    const h: DrawingHints = {};
    if (rowLabel !== null) h.rowLabel = rowLabel;
    if (rowIndex !== null) h.rowIndex = rowIndex;
    if (aisleAfter === 1) h.aisleAfter = true;
    if (x !== null) h.x = x;
    if (y !== null) h.y = y;
    if (width !== null) h.width = width;
    if (height !== null) h.height = height;
    if (shape === "rectangle" || shape === "ellipse") h.shape = shape;
    hints.set(label, h);
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
