/**
 * The public full status body as last stored, so that a woken object's first public status read
 * answers from SQLite instead of building 30,000 entries in a cold isolate (issue 19 §3).
 *
 * The body (the exact bytes StatusCache would build) is written by the alarm once the event has
 * been quiet for {@link SNAPSHOT_QUIET_MS}, never during a rush, and only when it is large enough
 * to be worth it ({@link MIN_SNAPSHOT_BYTES}; a small view builds in a few milliseconds anyway).
 * Its stamp (meta "statusSnapshot") says exactly which view it is: the layout version's key, the
 * published flag, the history seq it includes (every change of the view records one), when it was
 * built and the earliest live hold expiry it shows. A read uses it only while all of those still
 * hold, so it can never show a view that is not current; otherwise the read builds as before.
 * Changing the channels (which entries name) drops it in the same transaction; a layout change
 * makes its key differ.
 *
 * Table status_snapshot: the body in chunks of at most 1 MB (SQLite rows in a Durable Object are
 * limited to 2 MB). It is a cache: losing it costs one slow read, never a wrong one.
 */
import { CHUNK_BYTES } from "./layout-blobs";
import { first, getMeta, setMeta } from "./store";

/** Creates the table (idempotent; run on wake and after a wipe). */
export function ensureStatusSnapshotSchema(sql: SqlStorage): void {
  sql.exec("CREATE TABLE IF NOT EXISTS status_snapshot (chunk INTEGER PRIMARY KEY, bytes BLOB NOT NULL)");
}

/** The event has had no change for this long before the alarm stores its view. */
export const SNAPSHOT_QUIET_MS = 5_000;

/** Bodies smaller than this are not stored (about 900 held seats): building them is cheap. */
export const MIN_SNAPSHOT_BYTES = 100_000;

const META_KEY = "statusSnapshot";

/** Which view the stored body is. */
export interface SnapshotStamp {
  layoutKey: string;
  published: boolean;
  /** The latest history seq the view includes. */
  seq: number;
  /** Engine time the view was built at: an earlier clock (tests) cannot use it. */
  builtAt: number;
  /** The earliest live hold expiry the view shows (null: none): from then on it may show a dead hold. */
  validUntil: number | null;
  /** The body's tag (unique to its bytes), or null when the view was considered and not stored (too small). */
  tag: string | null;
}

/** What a read must match to use the stored body. */
export interface SnapshotQuery {
  layoutKey: string;
  published: boolean;
  seq: number;
  now: number;
}

function matches(stamp: SnapshotStamp | null, q: Omit<SnapshotQuery, "now">): stamp is SnapshotStamp {
  return stamp !== null && stamp.layoutKey === q.layoutKey && stamp.published === q.published && stamp.seq === q.seq;
}

/** The stored body and its stamp when it is exactly the current view, else null. */
export function readSnapshot(sql: SqlStorage, q: SnapshotQuery): { stamp: SnapshotStamp; tag: string; bytes: Uint8Array<ArrayBuffer> } | null {
  const stamp = getMeta<SnapshotStamp>(sql, META_KEY);
  if (!matches(stamp, q) || stamp.tag === null || q.now < stamp.builtAt) return null;
  if (stamp.validUntil !== null && q.now >= stamp.validUntil) return null;
  const chunks = [...sql.exec("SELECT bytes FROM status_snapshot ORDER BY chunk").raw<[ArrayBuffer]>()].map(([b]) => new Uint8Array(b));
  const size = chunks.reduce((n, c) => n + c.byteLength, 0);
  if (chunks.length === 0) return null;
  const bytes = chunks.length === 1 ? chunks[0]! : new Uint8Array(size);
  if (chunks.length > 1) {
    let at = 0;
    for (const c of chunks) {
      bytes.set(c, at);
      at += c.byteLength;
    }
  }
  return { stamp, tag: stamp.tag, bytes };
}

/** Stores a view (inside the caller's transaction); a body under MIN_SNAPSHOT_BYTES is only stamped as considered. */
export function writeSnapshot(sql: SqlStorage, stamp: Omit<SnapshotStamp, "tag">, body: { tag: string; bytes: Uint8Array }): void {
  sql.exec("DELETE FROM status_snapshot");
  const stored = body.bytes.byteLength >= MIN_SNAPSHOT_BYTES;
  if (stored) {
    for (let chunk = 0, from = 0; from < body.bytes.byteLength; chunk++, from += CHUNK_BYTES) {
      sql.exec("INSERT INTO status_snapshot (chunk, bytes) VALUES (?, ?)", chunk, body.bytes.subarray(from, from + CHUNK_BYTES));
    }
  }
  setMeta(sql, META_KEY, { ...stamp, tag: stored ? body.tag : null } satisfies SnapshotStamp);
}

/** Forgets the stored view (inside the caller's transaction): for changes no seq records, such as the channels. */
export function dropSnapshot(sql: SqlStorage): void {
  sql.exec("DELETE FROM status_snapshot");
  setMeta(sql, META_KEY, null);
}

/**
 * When the alarm should store the view: SNAPSHOT_QUIET_MS after the latest change, when the stored
 * one is not the current view; null when it is (or nothing was ever recorded).
 */
export function snapshotDueAt(sql: SqlStorage, q: Omit<SnapshotQuery, "now">): number | null {
  if (q.seq === 0 || matches(getMeta<SnapshotStamp>(sql, META_KEY), q)) return null;
  const at = first<{ at: number }>(sql, "SELECT at FROM history ORDER BY seq DESC LIMIT 1")?.at;
  return at === undefined ? null : at + SNAPSHOT_QUIET_MS;
}
