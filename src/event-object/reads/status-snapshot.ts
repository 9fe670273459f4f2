/**
 * The public status bodies (full and compact) as last stored, so that a woken object's first
 * status read answers from SQLite instead of building 30,000 entries in a cold isolate (the first
 * buyers of an on-sale meet a woken object); the SDK's read (compact, with its hold token) adds the token's seats to the stored compact
 * body.
 *
 * The bodies (the exact bytes StatusCache would build) are written by the alarm once the event has
 * been quiet for {@link SNAPSHOT_QUIET_MS}, never during a rush, and only when it is large enough
 * to be worth it ({@link MIN_SNAPSHOT_BYTES}; a small view builds in a few milliseconds anyway).
 * Its stamp (meta "statusSnapshot") says exactly which view it is: the layout version's key, the
 * published flag, the history seq it includes (every change of the view records one), when it was
 * built and the earliest live hold expiry it shows. A read uses it only while all of those still
 * hold, so it can never show a view that is not current; otherwise the read builds as before.
 * Changing the channels (which entries name) drops it in the same transaction; a layout change
 * makes its key differ.
 *
 * Table status_snapshot: each format's body in chunks of at most 1 MB (SQLite rows in a Durable Object are
 * limited to 2 MB). It is a cache: losing it costs one slow read, never a wrong one.
 */
import type { StatusFormat } from "../../domain/status";
import { CHUNK_BYTES } from "../state/layout-blobs";
import { first, getMeta, setMeta } from "../state/store";

/** Creates the table (idempotent; run on wake and after a wipe). */
export function ensureStatusSnapshotSchema(sql: SqlStorage): void {
  sql.exec("CREATE TABLE IF NOT EXISTS status_snapshot (format TEXT NOT NULL, chunk INTEGER NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (format, chunk))");
}

/** The event has had no change for this long before the alarm stores its view. */
export const SNAPSHOT_QUIET_MS = 5_000;

/** Views whose full body is smaller than this are not stored (about 900 held seats): building them is cheap. */
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
  /** Each stored body's tag (unique to its bytes); empty when the view was considered and not stored (too small). */
  tags: Partial<Record<StatusFormat, string>>;
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

/** The stamp of the stored view when it is exactly the current one, else null. */
export function currentStamp(sql: SqlStorage, q: SnapshotQuery): SnapshotStamp | null {
  const stamp = getMeta<SnapshotStamp>(sql, META_KEY);
  if (!matches(stamp, q) || q.now < stamp.builtAt) return null;
  if (stamp.validUntil !== null && q.now >= stamp.validUntil) return null;
  return stamp;
}

/** One stored body of the view `stamp` names (see {@link currentStamp}), or null when not stored. */
export function readSnapshot(sql: SqlStorage, stamp: SnapshotStamp, format: StatusFormat): { tag: string; bytes: Uint8Array<ArrayBuffer> } | null {
  const tag = stamp.tags[format];
  if (tag === undefined) return null;
  const chunks = [...sql.exec("SELECT bytes FROM status_snapshot WHERE format = ? ORDER BY chunk", format).raw<[ArrayBuffer]>()].map(
    ([b]) => new Uint8Array(b),
  );
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
  return { tag, bytes };
}

/**
 * Stores a view's bodies (inside the caller's transaction); a view whose full body is under
 * MIN_SNAPSHOT_BYTES is only stamped as considered.
 */
export function writeSnapshot(sql: SqlStorage, stamp: Omit<SnapshotStamp, "tags">, bodies: Record<StatusFormat, { tag: string; bytes: Uint8Array }>): void {
  sql.exec("DELETE FROM status_snapshot");
  const tags: SnapshotStamp["tags"] = {};
  if (bodies.full.bytes.byteLength >= MIN_SNAPSHOT_BYTES) {
    for (const format of ["full", "compact"] as const) {
      const { tag, bytes } = bodies[format];
      for (let chunk = 0, from = 0; from < bytes.byteLength; chunk++, from += CHUNK_BYTES) {
        sql.exec("INSERT INTO status_snapshot (format, chunk, bytes) VALUES (?, ?, ?)", format, chunk, bytes.subarray(from, from + CHUNK_BYTES));
      }
      tags[format] = tag;
    }
  }
  setMeta(sql, META_KEY, { ...stamp, tags } satisfies SnapshotStamp);
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
