import type { Price } from "../../domain/pricing";
import type { Cause, StatusChange, StatusChangesQuery, StatusChangesResult } from "../../domain/status-changes";
import type { SalesPoint, SalesTimeline } from "../../domain/sales-timeline";
import type { Status } from "../../domain/status";
import type { WebhookEventType } from "../../domain/webhook-messages";
import type { ObjectType } from "../../domain/layout";
import { internExtra } from "./extras";
import { extraOf, parseExtra, rows, first, latestHistorySeq, historyQueuedThrough } from "./store";

/**
 * The event's status history (docs/status-history.md), kept in its own SQLite next to the seats: a record is
 * written by the same transaction as the change it describes, so there is never a change without
 * its record or a record without its change, and `seq` rises by exactly one per committed record
 * across eviction, restart and pruning (the latest record is never pruned). A record also names
 * the webhook event its change sends, which is how that event survives a crash before it reaches
 * the outbox (outbox.ts). Reads use the indexes by label, by token hash, by order id and by seq;
 * none scans the whole history.
 */

/** One change as a decision describes it. */
export interface Change {
  label: string;
  objectType: ObjectType;
  status: Status;
  previous: Status;
  cause: Cause;
  /** GA areas: the places the change concerns, and the area's totals after it. */
  quantity?: number;
  held?: number;
  booked?: number;
  /** The hold token the change was made under (stored only as a hash, to filter by). */
  token?: string | null;
  orderId?: string | null;
  /** docs/seasons.md: the season (and partial season) the change was made for. */
  seasonKey?: string | null;
  partialSeasonKey?: string | null;
  /** extraData as JSON text (kept once per text: extras.ts). */
  extra: string | null;
  /** A table taken whole (docs/tables.md): the seats it was taken with. */
  seatLabels?: readonly string[];
  /** docs/prices.md: the locked price of the objects the change concerns (a GA change: its places). */
  price?: Price;
  /** What the change did to the booked amount: + a booking's amount, - a released booking's. */
  revenue?: number;
}

/** The webhook event a change sends, as recorded with it: filled into the outbox after commit. */
export interface ChangeHook {
  type: WebhookEventType;
  holdExpiresAt: number | null;
  categoryKey: string | null;
  channelKey: string | null;
}

/**
 * A 64-bit hash of a hold token: what the history keeps so it can be filtered by token without
 * keeping the token for a year. It runs inside the decision's transaction, so it must be
 * synchronous (Web Crypto digests are not): two FNV-1a passes with different offsets. It is not a
 * secret-protecting hash; it need not be, since only secret keys can filter the history, and a
 * 64-bit digest of a random token cannot be turned back into it.
 */
export function tokenHash(token: string): string {
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

/**
 * Writes a record (with the webhook event it sends, if any) inside the caller's transaction and
 * returns its seq. Its extraData is named by the id of its shared text (extras.ts), found or made
 * unless the caller already has it.
 */
export function recordChange(
  sql: SqlStorage,
  change: Change,
  now: number,
  hook: ChangeHook | null,
  extraId: number | null = change.extra === null ? null : internExtra(sql, change.extra),
): number {
  return sql
    .exec<{ seq: number }>(
      "INSERT INTO history (at, label, type, status, previous, cause, quantity, held, booked, token_hash, order_id, extra_id, season_key, partial_season_key, hook, hook_expires_at, category, channel, seat_labels, price, revenue) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq",
      now,
      change.label,
      change.objectType,
      change.status,
      change.previous,
      change.cause,
      change.quantity ?? null,
      change.held ?? null,
      change.booked ?? null,
      change.token ? tokenHash(change.token) : null,
      change.orderId ?? null,
      extraId,
      change.seasonKey ?? null,
      change.partialSeasonKey ?? null,
      hook?.type ?? null,
      hook?.holdExpiresAt ?? null,
      hook?.categoryKey ?? null,
      hook?.channelKey ?? null,
      change.seatLabels ? JSON.stringify(change.seatLabels) : null,
      change.price ? JSON.stringify(change.price) : null,
      change.revenue ?? null,
    )
    .one().seq;
}

interface HistoryRow {
  seq: number;
  at: number;
  label: string;
  type: ObjectType;
  status: Status;
  previous: Status;
  cause: Cause;
  quantity: number | null;
  held: number | null;
  booked: number | null;
  order_id: string | null;
  extra: string | null;
  season_key: string | null;
  partial_season_key: string | null;
  seat_labels: string | null;
  price: string | null;
}

function toRecord(r: HistoryRow): StatusChange {
  const record: StatusChange = {
    seq: r.seq,
    at: new Date(r.at).toISOString(),
    objectLabel: r.label,
    objectType: r.type,
    status: r.status,
    previousStatus: r.previous,
    cause: r.cause,
    extraData: parseExtra(r.extra),
  };
  if (r.quantity !== null) record.quantity = r.quantity;
  if (r.held !== null) record.held = r.held;
  if (r.booked !== null) record.booked = r.booked;
  if (r.order_id !== null) record.orderId = r.order_id;
  if (r.season_key !== null) record.seasonKey = r.season_key;
  if (r.partial_season_key !== null) record.partialSeasonKey = r.partial_season_key;
  if (r.seat_labels !== null) record.seatLabels = JSON.parse(r.seat_labels) as string[];
  if (r.price !== null) record.price = JSON.parse(r.price) as Price;
  return record;
}

/**
 * A page of records in ascending seq, narrowed by the query's filters. Each filter has an index
 * that starts at (key, seq), so SQLite reads exactly the page, whatever the history's size.
 */
export function readChanges(sql: SqlStorage, q: StatusChangesQuery): StatusChangesResult {
  const where: string[] = ["seq > ?"];
  const params: SqlStorageValue[] = [q.after ?? 0];
  if (q.objectLabel !== undefined) {
    where.push("label = ?");
    params.push(q.objectLabel);
  }
  if (q.holdToken !== undefined) {
    where.push("token_hash = ?");
    params.push(tokenHash(q.holdToken));
  }
  if (q.orderId !== undefined) {
    where.push("order_id = ?");
    params.push(q.orderId);
  }
  const found = rows<HistoryRow>(
    sql,
    `SELECT seq, at, label, type, status, previous, cause, quantity, held, booked, order_id, ${extraOf("history")} AS extra, season_key, partial_season_key, seat_labels, price FROM history WHERE ${where.join(" AND ")} ORDER BY seq LIMIT ?`,
    ...params,
    q.limit + 1,
  );
  const page = found.slice(0, q.limit);
  return { items: page.map(toRecord), nextCursor: found.length > q.limit ? String(page.at(-1)!.seq) : null };
}

/**
 * When the oldest record that pruning may delete was written (engine time), or null when there is
 * none: the latest record and those whose webhook event is not in the outbox yet stay (see
 * pruneHistory), so an event whose only old record is its latest does not wake its alarm for it.
 * Records are written in time order, so the oldest is the first by seq.
 */
export function oldestRecordAt(sql: SqlStorage): number | null {
  return first<{ at: number }>(sql, "SELECT at FROM history WHERE seq < ? ORDER BY seq LIMIT 1", prunableBelow(sql))?.at ?? null;
}

/** Records with a seq below this may be pruned: never the latest, never one whose event is still to be filled in. */
function prunableBelow(sql: SqlStorage): number {
  return Math.min(latestHistorySeq(sql), historyQueuedThrough(sql) + 1);
}

/**
 * Deletes up to `limit` of the oldest records written before `before`; returns how many went.
 * Records are written in time order, so the oldest are the first by seq: the candidates are the
 * first `limit` by seq. Whatever their age, the latest record stays (the next seq is the largest
 * plus one, so it must never go), and so does every record whose webhook event is not in the
 * outbox yet.
 */
export function pruneHistory(sql: SqlStorage, before: number, limit: number): number {
  const keepFrom = prunableBelow(sql);
  return sql.exec(
    "DELETE FROM history WHERE seq IN (SELECT seq FROM (SELECT seq, at FROM history ORDER BY seq LIMIT ?) WHERE at < ? AND seq < ?)",
    limit,
    before,
    keepFrom,
  ).rowsWritten;
}

/**
 * Booked and held places (seats count one, a table taken whole its seats, GA areas their places) at the end of each of up to
 * `spans` equal spans between the first and the last record, with the booked amount so far (the
 * records' revenue: + a booking at its locked price, - a booking released). Seats change by their status and
 * previous status; GA records carry the area's totals after the change, so an area changes by the
 * difference to its previous record. One aggregate over the history, grouped in SQL: the answer is
 * `spans` rows however long the history is. Read-only.
 */
export function salesTimeline(sql: SqlStorage, spans: number): SalesTimeline {
  const range = first<{ lo: number | null; hi: number | null }>(sql, "SELECT MIN(at) AS lo, MAX(at) AS hi FROM history");
  if (!range || range.lo === null || range.hi === null) return { from: null, spanMs: 0, points: [] };
  const lo = range.lo;
  const spanMs = Math.max(1000, Math.ceil((range.hi - lo + 1) / Math.max(1, spans)));
  const sums = rows<{ b: number; db: number; dh: number; dr: number }>(
    sql,
    `WITH d AS (
       SELECT at,
         CASE WHEN type = 'generalAdmission' THEN COALESCE(booked, 0) - COALESCE(LAG(booked) OVER w, 0) ELSE ((status = 'booked') - (previous = 'booked')) * COALESCE(json_array_length(seat_labels), 1) END AS db,
         CASE WHEN type = 'generalAdmission' THEN COALESCE(held, 0) - COALESCE(LAG(held) OVER w, 0) ELSE ((status = 'held') - (previous = 'held')) * COALESCE(json_array_length(seat_labels), 1) END AS dh,
         COALESCE(revenue, 0) AS dr
       FROM history WINDOW w AS (PARTITION BY label ORDER BY seq))
     SELECT CAST((at - ?) / ? AS INTEGER) AS b, SUM(db) AS db, SUM(dh) AS dh, SUM(dr) AS dr FROM d GROUP BY b ORDER BY b`,
    lo,
    spanMs,
  );
  const last = sums.at(-1)?.b ?? 0;
  const points: SalesPoint[] = [];
  let booked = 0;
  let held = 0;
  let revenue = 0;
  let i = 0;
  for (let b = 0; b <= last; b++) {
    if (sums[i]?.b === b) {
      booked += sums[i]!.db;
      held += sums[i]!.dh;
      revenue += sums[i]!.dr;
      i++;
    }
    points.push({ at: new Date(Math.min(lo + (b + 1) * spanMs, range.hi)).toISOString(), booked, held, revenue });
  }
  return { from: new Date(lo).toISOString(), spanMs, points };
}
