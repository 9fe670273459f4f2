/**
 * SQL schema and small typed helpers over the event Durable Object's SQLite storage.
 *
 * Tables:
 * - meta: JSON values by key (the event's metadata, the current layout version's key, the staged
 *   publish).
 * - layout_blobs: the immutable data of each kept layout version (the current one, a staged one)
 *   as a few chunked blobs (layout-blobs.ts). Objects created before it kept one row per object in
 *   layout_current / layout_stage; those are converted on their first wake (layout-store.ts).
 * - seats: one row per non-free seat (lazy initialisation: free seats have no row).
 * - extras: each extraData text once; seats, ga, history and outbox rows name it by `extra_id`
 *   (extras.ts).
 * - ga: one row per (GA area, hold token) with held and booked quantities.
 * - history: one record per change of an object's state, numbered by seq (see status-history.ts),
 *   written by the same transaction as the change; it also names the webhook event the change sends.
 * - outbox: webhook events, filled from the history after commit (and directly for the event's
 *   own chart changes), kept until the webhook consumer confirms it has stored their deliveries
 *   (see outbox.ts).
 */
import { parseJsonObject } from "../../domain/json";
import { LAYOUT_BLOBS_TABLE } from "./layout-blobs";

const SCHEMA = [
  "CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)",
  LAYOUT_BLOBS_TABLE,
  "CREATE TABLE IF NOT EXISTS seats (label TEXT PRIMARY KEY, status TEXT NOT NULL, token TEXT, expires_at INTEGER, booked_at TEXT, extra TEXT)",
  "CREATE INDEX IF NOT EXISTS seats_expiry ON seats (status, expires_at)",
  "CREATE INDEX IF NOT EXISTS seats_token ON seats (token)",
  "CREATE TABLE IF NOT EXISTS ga (area TEXT NOT NULL, token TEXT NOT NULL, held INTEGER NOT NULL DEFAULT 0, booked INTEGER NOT NULL DEFAULT 0, expires_at INTEGER, booked_at TEXT, extra TEXT, updated_at INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (area, token))",
  "CREATE INDEX IF NOT EXISTS ga_expiry ON ga (held, expires_at)",
  "CREATE INDEX IF NOT EXISTS ga_token ON ga (token)",
  "CREATE TABLE IF NOT EXISTS outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL, next_at INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0)",
  // A seq is the largest so far plus one, and pruning never deletes the largest (status-history.ts),
  // so a seq is never reused. Objects created before this kept AUTOINCREMENT, which costs every
  // record a write of sqlite_sequence; both number alike.
  "CREATE TABLE IF NOT EXISTS history (seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, label TEXT NOT NULL, type TEXT NOT NULL, status TEXT NOT NULL, previous TEXT NOT NULL, cause TEXT NOT NULL, quantity INTEGER, held INTEGER, booked INTEGER, token_hash TEXT, order_id TEXT, extra TEXT)",
  "CREATE INDEX IF NOT EXISTS history_label ON history (label, seq)",
  "CREATE INDEX IF NOT EXISTS history_token ON history (token_hash, seq) WHERE token_hash IS NOT NULL",
  "CREATE INDEX IF NOT EXISTS history_order ON history (order_id, seq) WHERE order_id IS NOT NULL",
  // Records are written in time order, so seq order is time order and the oldest come first by seq:
  // a time index would cost every hold one more index write for nothing.
  "DROP INDEX IF EXISTS history_at",
];

/** Columns added to the reservation tables after they first shipped; objects created before get them on wake. */
const RESERVATION_COLUMNS: Record<string, readonly (readonly [string, string])[]> = {
  // client: the address a publishable-key hold came from, for the per-client hold cap.
  seats: [
    ["order_id", "TEXT"],
    ["client", "TEXT"],
    // docs/seasons.md: the season (and partial season) a seat was taken for.
    ["season_key", "TEXT"],
    ["partial_season_key", "TEXT"],
    // docs/tables.md: the table a seat was taken with, when its table was taken whole (null: the seat alone).
    ["whole_table", "TEXT"],
    // docs/prices.md: the price locked with the hold (state/prices.ts), null for an unpriced seat.
    ["price_amount", "INTEGER"],
    ["price_fee", "INTEGER"],
    ["price_currency", "TEXT"],
    ["ticket_type", "TEXT"],
    ["price_channel", "TEXT"],
  ],
  // docs/seasons.md: the season a change was made for.
  history: [
    ["season_key", "TEXT"],
    ["partial_season_key", "TEXT"],
    // The webhook event a change sends (its type, or null for none) and what the event tells that
    // the record does not: the hold's expiry, the seat's category and channel at the change. The
    // outbox is filled from these records after commit (outbox.ts).
    ["hook", "TEXT"],
    ["hook_expires_at", "INTEGER"],
    ["category", "TEXT"],
    ["channel", "TEXT"],
    // docs/tables.md: a table's record names the seats it was taken with (JSON array), null otherwise.
    ["seat_labels", "TEXT"],
    // docs/prices.md: the locked price of the objects the change concerns (JSON), and what the change
    // did to the booked amount (+ a booking, - a booking released), for revenue over time.
    ["price", "TEXT"],
    ["revenue", "INTEGER"],
  ],
  ga: [
    ["order_id", "TEXT"],
    ["client", "TEXT"],
    // docs/seasons.md: the season (and partial season) a token's places were taken for.
    ["season_key", "TEXT"],
    ["partial_season_key", "TEXT"],
    // docs/channels.md: places spread over several pools (state/ga-pools.ts); null when all are in `channel`.
    ["pools", "TEXT"],
    // docs/prices.md: the locked prices of the held and of the booked places (state/prices.ts), JSON.
    ["held_price", "TEXT"],
    ["booked_price", "TEXT"],
  ],
};

/** Indexes on columns that older objects get on wake (after their columns). */
const LATE_INDEXES = [
  "CREATE INDEX IF NOT EXISTS seats_client ON seats (client) WHERE client IS NOT NULL",
  "CREATE INDEX IF NOT EXISTS ga_client ON ga (client) WHERE client IS NOT NULL",
  "CREATE INDEX IF NOT EXISTS seats_whole_table ON seats (whole_table) WHERE whole_table IS NOT NULL",
];

/** Creates every table if missing and adds columns that older objects lack; safe on every wake. */
export function ensureSchema(sql: SqlStorage): void {
  for (const statement of SCHEMA) sql.exec(statement);
  for (const [table, columns] of Object.entries(RESERVATION_COLUMNS)) {
    const added = addMissingColumns(sql, table, columns);
    // Records written before the outbox was filled from the history had their outbox rows written
    // with them: the filling starts after the last of them (a new object: after 0).
    if (table === "history" && added.includes("hook")) markHistoryQueued(sql, latestHistorySeq(sql));
  }
  for (const statement of LATE_INDEXES) sql.exec(statement);
}

/** ALTER TABLE … ADD COLUMN for each column the table lacks (an object created before it); returns the added names. */
function addMissingColumns(sql: SqlStorage, table: string, columns: readonly (readonly [string, string])[]): string[] {
  const have = new Set(rows<{ name: string }>(sql, `PRAGMA table_info(${table})`).map((r) => r.name));
  const added: string[] = [];
  for (const [name, type] of columns) {
    if (have.has(name)) continue;
    sql.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
    added.push(name);
  }
  return added;
}

/**
 * The latest history seq (0 before the first record). The largest row is never pruned; an object
 * whose AUTOINCREMENT table was emptied before that rule existed still knows its last seq from
 * sqlite_sequence.
 */
export function latestHistorySeq(sql: SqlStorage): number {
  const max = first<{ seq: number | null }>(sql, "SELECT MAX(seq) AS seq FROM history")?.seq ?? null;
  if (max !== null) return max;
  const counted = rows<{ name: string }>(sql, "SELECT name FROM sqlite_master WHERE name = 'sqlite_sequence'").length > 0;
  return counted ? (first<{ seq: number }>(sql, "SELECT seq FROM sqlite_sequence WHERE name = 'history'")?.seq ?? 0) : 0;
}

/** The last history seq whose webhook event is in the outbox (outbox.ts). */
export function historyQueuedThrough(sql: SqlStorage): number {
  return getMeta<number>(sql, "outbox_through") ?? 0;
}

export function markHistoryQueued(sql: SqlStorage, seq: number): void {
  setMeta(sql, "outbox_through", seq);
}

/** Status of a seat row; free seats have no row. */
export type SeatStatus = "held" | "booked" | "not_for_sale";

export interface SeatRow {
  label: string;
  status: SeatStatus;
  token: string | null;
  expires_at: number | null;
  booked_at: string | null;
  extra: string | null;
  order_id: string | null;
  /** docs/seasons.md: the season (and partial season) the seat was taken for, null when none. */
  season_key: string | null;
  partial_season_key: string | null;
  /** docs/tables.md: the table this seat was taken with when its table was taken whole, else null. */
  whole_table: string | null;
  /** docs/prices.md: the price locked with the hold (all null for an unpriced seat). */
  price_amount: number | null;
  price_fee: number | null;
  price_currency: string | null;
  ticket_type: string | null;
  /** The channel the seat was taken from (null: the open pool), for the sales report. */
  price_channel: string | null;
}

/**
 * The SQL expression of a row's extraData text in `table` (unaliased in its FROM): the shared row it
 * names (state/extras.ts), or the text a row written before extraData was kept once carries itself.
 */
export function extraOf(table: "seats" | "ga" | "history"): string {
  return `COALESCE((SELECT body FROM extras WHERE id = ${table}.extra_id), ${table}.extra)`;
}

/** The columns of a SeatRow, for SELECTs (`extra` is the text, wherever it is kept). */
export const SEAT_COLUMNS = `label, status, token, expires_at, booked_at, ${extraOf("seats")} AS extra, order_id, season_key, partial_season_key, whole_table, price_amount, price_fee, price_currency, ticket_type, price_channel`;

/**
 * The season tags of a change made to a seat or a token's GA places outside a season action (a hold
 * expiring, an event route's book, release or extend with the season's token): the records still
 * name the season they were taken for (docs/seasons.md).
 */
export function seasonTags(row: { season_key: string | null; partial_season_key: string | null }): { seasonKey?: string; partialSeasonKey?: string } {
  if (row.season_key === null) return {};
  return row.partial_season_key === null ? { seasonKey: row.season_key } : { seasonKey: row.season_key, partialSeasonKey: row.partial_season_key };
}

export interface GaRow {
  area: string;
  token: string;
  held: number;
  booked: number;
  expires_at: number | null;
  booked_at: string | null;
  extra: string | null;
  updated_at: number;
  order_id: string | null;
  /** docs/seasons.md: the season (and partial season) the places were taken for, null when none. */
  season_key: string | null;
  partial_season_key: string | null;
  /** docs/channels.md: the pool of every place (a channel key, null for the open pool), unless `pools` spreads them. */
  channel: string | null;
  /** Places spread over several pools (state/ga-pools.ts), or null. */
  pools: string | null;
  /** The client address of a publishable-key hold (the per-client cap). */
  client: string | null;
  /** docs/prices.md: the locked prices of the held and of the booked places (state/prices.ts), or null. */
  held_price: string | null;
  booked_price: string | null;
}

/** The columns of a GaRow, for SELECTs. */
export const GA_COLUMNS = `area, token, held, booked, expires_at, booked_at, ${extraOf("ga")} AS extra, updated_at, order_id, season_key, partial_season_key, channel, pools, client, held_price, booked_price`;

/** Runs a query and returns its rows typed as T (the caller names the columns it selected). */
export function rows<T>(sql: SqlStorage, query: string, ...params: SqlStorageValue[]): T[] {
  return sql.exec(query, ...params).toArray() as unknown as T[];
}

/** The first row of a query, or null. */
export function first<T>(sql: SqlStorage, query: string, ...params: SqlStorageValue[]): T | null {
  const all = sql.exec(query, ...params).toArray();
  return all.length > 0 ? (all[0] as unknown as T) : null;
}

/** Reads a JSON meta value. */
export function getMeta<T>(sql: SqlStorage, key: string): T | null {
  const row = first<{ v: string }>(sql, "SELECT v FROM meta WHERE k = ?", key);
  return row ? (JSON.parse(row.v) as T) : null;
}

/** Writes (or with null, deletes) a JSON meta value. */
export function setMeta(sql: SqlStorage, key: string, value: unknown): void {
  if (value === null) sql.exec("DELETE FROM meta WHERE k = ?", key);
  else sql.exec("INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v", key, JSON.stringify(value));
}

/** The seat row of a label, or null when the seat is free and has never been touched. */
export function seatRow(sql: SqlStorage, label: string): SeatRow | null {
  return first<SeatRow>(sql, `SELECT ${SEAT_COLUMNS} FROM seats WHERE label = ?`, label);
}

/** A hold row counts only while its expiry is in the future: at exactly holdExpiresAt it is free. */
export function isLiveHold(row: { status?: string; expires_at: number | null }, now: number): boolean {
  return row.expires_at !== null && row.expires_at > now;
}

/** Parses stored extraData; null when none. */
export const parseExtra = parseJsonObject;
