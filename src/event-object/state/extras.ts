import { first, getMeta, rows, setMeta } from "./store";

/**
 * extraData kept once per request (docs/security.md). A hold's extraData is one JSON text however many
 * seats it holds, so it is stored once, in `extras`, and every row that carries it (the seats and
 * GA rows, the history records, the outbox rows) names it by id in `extra_id`. Equal texts share a
 * row: a 200-seat hold stores its 1 KiB once, not 200 times in the seats, 200 in the history and
 * 200 in the outbox, and booking, releasing or expiring those seats later adds no copy either.
 *
 * The rows read it back through `extraOf` (store.ts), which also reads the `extra` text column that rows
 * written before this layout carried. Those are moved to `extras` once ({@link ensureExtras} on
 * wake for the seats and GA rows, {@link migrateHistoryExtras} from the alarm, in bounded chunks,
 * for a history of any length). An `extras` row no row names any more (its history pruned after a
 * year) is deleted by the alarm ({@link pruneExtras}).
 */

const SCHEMA = [
  "CREATE TABLE IF NOT EXISTS extras (id INTEGER PRIMARY KEY, hash INTEGER NOT NULL, body TEXT NOT NULL)",
  "CREATE INDEX IF NOT EXISTS extras_hash ON extras (hash)",
];

/** The tables whose rows name an extras row. */
const USERS = ["seats", "ga", "history", "outbox"] as const;

/** The meta key set once an object's rows all name their extraData by id (the wake's part of the move is done). */
const MOVED = "extras_moved";
/** The meta key of the history's move: the last seq moved, while the move is under way. */
const HISTORY_CURSOR = "extras_history_through";

/**
 * A 32-bit FNV-1a hash of a text: how an equal text is found. It runs inside a decision's
 * transaction, which must not wait, so it is synchronous (Web Crypto digests are not); a
 * collision only costs a comparison of the texts.
 */
export function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** The id of the extras row of `json`, inserted when no row has that text yet (inside the caller's transaction). */
export function internExtra(sql: SqlStorage, json: string): number {
  const hash = textHash(json);
  const found = first<{ id: number }>(sql, "SELECT id FROM extras WHERE hash = ? AND body = ?", hash, json);
  if (found) return found.id;
  return sql.exec<{ id: number }>("INSERT INTO extras (hash, body) VALUES (?, ?) RETURNING id", hash, json).one().id;
}

/**
 * Creates the table, the `extra_id` columns and their indexes (after ensureSchema), and on the
 * first wake of an object written before this layout moves its seats' and GA rows' extraData into
 * `extras` and starts the history's move. Idempotent: a row already moved has no text of its own.
 */
export function ensureExtras(sql: SqlStorage): void {
  for (const statement of SCHEMA) sql.exec(statement);
  for (const table of USERS) {
    const have = new Set(rows<{ name: string }>(sql, `PRAGMA table_info(${table})`).map((r) => r.name));
    if (!have.has("extra_id")) sql.exec(`ALTER TABLE ${table} ADD COLUMN extra_id INTEGER`);
    sql.exec(`CREATE INDEX IF NOT EXISTS ${table}_extra ON ${table} (extra_id) WHERE extra_id IS NOT NULL`);
  }
  if (getMeta<boolean>(sql, MOVED) === true) return;
  for (const table of ["seats", "ga"] as const)
    moveRows(sql, table, rows<{ r: number; extra: string }>(sql, `SELECT rowid AS r, extra FROM ${table} WHERE extra IS NOT NULL`));
  // The history may be a year long: the alarm moves it in chunks from here (an empty one has nothing to move).
  if (first(sql, "SELECT 1 AS x FROM history LIMIT 1") !== null) setMeta(sql, HISTORY_CURSOR, 0);
  setMeta(sql, MOVED, true);
}

/** Points each row at the shared text of its extraData and drops its own copy. */
function moveRows(sql: SqlStorage, table: (typeof USERS)[number], found: { r: number; extra: string }[]): void {
  const ids = new Map<string, number>();
  for (const { r, extra } of found) {
    let id = ids.get(extra);
    if (id === undefined) ids.set(extra, (id = internExtra(sql, extra)));
    sql.exec(`UPDATE ${table} SET extra_id = ?, extra = NULL WHERE rowid = ?`, id, r);
  }
}

/** Whether history records written before this layout still carry their own extraData text. */
export function historyMovePending(sql: SqlStorage): boolean {
  return getMeta<number>(sql, HISTORY_CURSOR) !== null;
}

/**
 * Moves the extraData of up to `limit` history records (in seq order, from where the last chunk
 * ended) into `extras`; answers how many records it looked at (fewer than `limit`: the move is done).
 */
export function migrateHistoryExtras(sql: SqlStorage, limit: number): number {
  const through = getMeta<number>(sql, HISTORY_CURSOR);
  if (through === null) return 0;
  const chunk = rows<{ r: number; extra: string | null }>(sql, "SELECT seq AS r, extra FROM history WHERE seq > ? ORDER BY seq LIMIT ?", through, limit);
  moveRows(
    sql,
    "history",
    chunk.filter((c): c is { r: number; extra: string } => c.extra !== null),
  );
  setMeta(sql, HISTORY_CURSOR, chunk.length < limit ? null : chunk.at(-1)!.r);
  return chunk.length;
}

/** Deletes up to `limit` extras rows that no row names any more; answers how many went. */
export function pruneExtras(sql: SqlStorage, limit: number): number {
  const unused = USERS.map((t) => `NOT EXISTS (SELECT 1 FROM ${t} WHERE extra_id = e.id)`).join(" AND ");
  return sql.exec(`DELETE FROM extras WHERE id IN (SELECT id FROM extras e WHERE ${unused} LIMIT ?)`, limit).rowsWritten;
}
