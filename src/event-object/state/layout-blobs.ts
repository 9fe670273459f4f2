/**
 * The immutable data of each layout version the object keeps (the current one, and a staged one
 * during a publish), stored as a few blobs instead of one row per object: a woken 100,000-seat
 * event reads back a handful of rows of at most 1 MB each, not 100,000 rows.
 *
 * Table layout_blobs: (layout_key, part, chunk, bytes). `layout_key` names one written layout
 * version (see {@link newLayoutKey}); `part` one encoded column or body (layout-codec.ts); a part
 * larger than {@link CHUNK_BYTES} is split over several chunks, because SQLite rows in a Durable
 * Object are limited to 2 MB. Which key is current lives in meta ("layout"), which key is staged in
 * the stored stage, so writing a version's parts never changes what the object shows: a version
 * becomes visible only when the transaction that names it commits. (store.ts creates the table with
 * the rest of the schema; this module imports nothing from it.)
 */

/** Bytes per chunk: well under the 2 MB row limit. */
export const CHUNK_BYTES = 1_000_000;

export const LAYOUT_BLOBS_TABLE =
  "CREATE TABLE IF NOT EXISTS layout_blobs (layout_key TEXT NOT NULL, part TEXT NOT NULL, chunk INTEGER NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (layout_key, part, chunk))";

/** A fresh key for a layout version about to be written (the chart's version, for whoever reads the table, plus a random tail). */
export function newLayoutKey(version: number | null): string {
  return `${version === null ? "unpublished" : `v${version}`}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Writes one part of a layout version, replacing what the key held for it (inside the caller's transaction). */
export function writePart(sql: SqlStorage, key: string, part: string, bytes: Uint8Array): void {
  sql.exec("DELETE FROM layout_blobs WHERE layout_key = ? AND part = ?", key, part);
  // An empty part is still one row, so a part that exists is told apart from one never written.
  for (let chunk = 0, from = 0; chunk === 0 || from < bytes.byteLength; chunk++, from += CHUNK_BYTES) {
    sql.exec("INSERT INTO layout_blobs (layout_key, part, chunk, bytes) VALUES (?, ?, ?, ?)", key, part, chunk, bytes.subarray(from, from + CHUNK_BYTES));
  }
}

/** The bytes of some parts of a layout version, by part; a part never written is absent. */
export function readParts(sql: SqlStorage, key: string, parts: readonly string[]): Map<string, Uint8Array> {
  const chunks = new Map<string, Uint8Array[]>();
  const cursor = sql.exec(
    `SELECT part, bytes FROM layout_blobs WHERE layout_key = ? AND part IN (${parts.map(() => "?").join(", ")}) ORDER BY part, chunk`,
    key,
    ...parts,
  );
  for (const [part, bytes] of cursor.raw<[string, ArrayBuffer]>()) {
    let list = chunks.get(part);
    if (!list) chunks.set(part, (list = []));
    list.push(new Uint8Array(bytes));
  }
  const out = new Map<string, Uint8Array>();
  for (const [part, list] of chunks) out.set(part, list.length === 1 ? list[0]! : concat(list));
  return out;
}

/** Deletes one layout version (a replaced current, a dropped stage). */
export function deleteLayout(sql: SqlStorage, key: string): void {
  sql.exec("DELETE FROM layout_blobs WHERE layout_key = ?", key);
}

/** Deletes every layout version but those in `keep` (an empty list: every one), such as a write a restart cut short. */
export function deleteLayoutsExcept(sql: SqlStorage, keep: readonly string[]): void {
  if (keep.length === 0) sql.exec("DELETE FROM layout_blobs");
  else sql.exec(`DELETE FROM layout_blobs WHERE layout_key NOT IN (${keep.map(() => "?").join(", ")})`, ...keep);
}

/** The layout versions stored, for tests and checks. */
export function storedLayoutKeys(sql: SqlStorage): string[] {
  return [...sql.exec("SELECT DISTINCT layout_key FROM layout_blobs ORDER BY layout_key").raw<[string]>()].map(([key]) => key);
}

function concat(list: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(list.reduce((n, b) => n + b.byteLength, 0));
  let at = 0;
  for (const b of list) {
    out.set(b, at);
    at += b.byteLength;
  }
  return out;
}
