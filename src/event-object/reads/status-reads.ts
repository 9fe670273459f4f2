import type { Reservation } from "../../domain/publish-impact";
import type { GaStatusEntry, SeatStatusEntry, StatusEntry, StatusQuery } from "../../domain/status";
import { areaCounts } from "../state/ga-counts";
import { gaEntry } from "./ga-entry";
import { hiddenFreeSeats, maskedArea, shownChannel, type ChannelMask } from "./channel-mask";
import { channelsOf } from "../state/channels";
import type { LayoutIndex } from "../state/layout-index";
import { extraOf, isLiveHold, parseExtra, rows, type SeatStatus } from "../state/store";
import type { BoothStatusEntry } from "../../domain/tables";
import { hiddenTableSeats, tableEntries, type SeatOfTable } from "./table-status";
import { seatLock, seatPrice, seatsPrice, type SeatLock } from "../state/prices";

/** A non-free seat as the public view takes it: label, status and, while held, the hold's expiry, and the table it was taken with whole (docs/tables.md). */
export type SeatState = readonly [label: string, status: SeatStatus, expiresAt: number | null, wholeTable: string | null];

/** A non-free seat as the reads take it: a row tuple (`raw()`, at 30,000 rows about half the time of row objects). */
export type NonFreeSeat = [
  label: string,
  status: SeatStatus,
  expiresAt: number | null,
  token: string | null,
  extra: string | null,
  orderId: string | null,
  seasonKey: string | null,
  partialSeasonKey: string | null,
  wholeTable: string | null,
];

/**
 * Rows per query of {@link publicSeatStates}: a JSON array of 2,000 rows stays under SQLite's 2 MB
 * value limit even when every label is 128 characters that JSON must escape.
 */
const STATES_PER_QUERY = 2_000;

/**
 * Every non-free seat of the public view (what a woken object's first status read starts from).
 * SQLite writes the rows as JSON arrays, a few thousand per query, and JSON.parse reads them: at
 * 30,000 seats about a third less time than fetching them row by row, which crosses from SQLite to
 * JavaScript once per row (wrangler dev, a woken object, 2026-11-25).
 */
export function publicSeatStates(sql: SqlStorage, now: number): SeatState[] {
  const out: SeatState[] = [];
  for (let after = 0; ;) {
    const [last, count, json] = sql
      .exec(
        `SELECT max(r), count(*), json_group_array(json_array(label, status, expires_at, whole_table)) FROM (SELECT rowid AS r, label, status, expires_at, whole_table FROM seats WHERE rowid > ? AND (status <> 'held' OR expires_at > ?) ORDER BY rowid LIMIT ${STATES_PER_QUERY})`,
        after,
        now,
      )
      .raw<[number | null, number, string]>()
      .next().value ?? [null, 0, "[]"];
    for (const state of JSON.parse(json) as SeatState[]) out.push(state);
    if (count < STATES_PER_QUERY || last === null) return out;
    after = last;
  }
}

/**
 * Seat rows that are not free at `now` (expired holds are free whether or not swept). Token, extra
 * data and order only with `detail`: the public view, read whole on a woken object's first status
 * read, needs none of them.
 */
export function nonFreeSeats(sql: SqlStorage, now: number, labels?: string[], detail = false): NonFreeSeat[] {
  const columns = detail
    ? `label, status, expires_at, token, ${extraOf("seats")}, order_id, season_key, partial_season_key, whole_table`
    : "label, status, expires_at, NULL, NULL, NULL, NULL, NULL, whole_table";
  const where = "(status <> 'held' OR expires_at > ?)";
  if (labels) return labels.flatMap((l) => [...sql.exec(`SELECT ${columns} FROM seats WHERE label = ? AND ${where}`, l, now).raw<NonFreeSeat>()]);
  return [...sql.exec(`SELECT ${columns} FROM seats WHERE ${where}`, now).raw<NonFreeSeat>()];
}

/** `new Date(ms).toISOString()`, remembered per value: holds taken together share their expiry. */
export function isoFormatter(): (ms: number) => string {
  const known = new Map<number, string>();
  return (ms) => {
    let iso = known.get(ms);
    if (iso === undefined) known.set(ms, (iso = new Date(ms).toISOString()));
    return iso;
  };
}

/** The status entry of a non-free seat as a publishable key without a hold token sees it. */
export function publicSeatEntry(
  label: string,
  status: SeatStatus,
  expiresAt: number | null,
  categoryKey: string | null,
  iso: (ms: number) => string,
  channelKey: string | null = null,
  objectType: "seat" | "booth" = "seat",
): SeatStatusEntry | BoothStatusEntry {
  const entry: SeatStatusEntry | BoothStatusEntry = { objectLabel: label, objectType, status, categoryKey };
  // A seat in a channel names it (docs/channels.md); the open pool adds nothing.
  if (channelKey !== null) entry.channelKey = channelKey;
  if (status === "held") entry.holdExpiresAt = iso(expiresAt!);
  return entry;
}

/**
 * {@link publicSeatEntry} as JSON, written directly: the same bytes as JSON.stringify of the entry
 * (the tests hold it to that) at a fraction of its cost over 30,000 seats.
 */
export function publicSeatJson(
  label: string,
  status: SeatStatus,
  expiresAt: number | null,
  categoryJson: string,
  iso: (ms: number) => string,
  channelKey: string | null = null,
  objectType: "seat" | "booth" = "seat",
): string {
  const channel = channelKey === null ? "" : `,"channelKey":${JSON.stringify(channelKey)}`;
  const head = `{"objectLabel":${JSON.stringify(label)},"objectType":"${objectType}","status":"${status}","categoryKey":${categoryJson}${channel}`;
  return status === "held" ? `${head},"holdExpiresAt":"${iso(expiresAt!)}"}` : `${head}}`;
}

/** GA areas with any reservation row, or places not for sale. */
function reservedAreas(sql: SqlStorage, labels?: string[]): string[] {
  const all = rows<{ area: string }>(sql, "SELECT area FROM ga UNION SELECT area FROM ga_nfs").map((r) => r.area);
  return labels ? all.filter((a) => labels.includes(a)) : all;
}

/** The status entries of the GA areas with live reservations (`labels` narrows; see {@link statusEntries}). */
export function gaStatusEntries(sql: SqlStorage, layout: LayoutIndex, now: number, q: StatusQuery): GaStatusEntry[] {
  const out: GaStatusEntry[] = [];
  for (const area of reservedAreas(sql, q.labels)) {
    const obj = layout.object(area);
    const entry = gaEntry(sql, obj ?? { label: area, objectType: "generalAdmission", categoryKey: "", capacity: 0 }, now, q.holdToken, q.caller === "secret");
    if (entry) out.push(obj ? entry : { ...entry, categoryKey: null });
  }
  return out;
}

/**
 * Status entries (status rules 1-6): only non-free objects; `labels` narrows and `holdToken` flags
 * (`mine`, `mineQuantity`) without adding entries; extraData only for secret callers; never a token.
 * An unpublished chart shows nothing.
 */
export function statusEntries(
  sql: SqlStorage,
  layout: LayoutIndex,
  published: boolean,
  now: number,
  q: StatusQuery,
  mask: ChannelMask | null = null,
): StatusEntry[] {
  if (!published) return [];
  const secret = q.caller === "secret";
  const labels = q.labels ? [...new Set(q.labels)] : undefined;
  // A table's entry comes from its seats' rows (docs/tables.md): a table asked for reads them.
  const seatLabels = labels && layout.hasTables ? [...new Set(labels.flatMap((l) => [l, ...(tableSeats(layout, l) ?? [])]))] : labels;
  const asked = labels ? new Set(labels) : null;
  const out: StatusEntry[] = [];
  const iso = isoFormatter();
  const channels = channelsOf(sql);
  const locks = secret ? lockedSeats(sql, seatLabels) : null;
  const seats = nonFreeSeats(sql, now, seatLabels, secret || q.holdToken !== undefined);
  for (const [label, status, expiresAt, token, extra, orderId, seasonKey, partialSeasonKey] of seats) {
    if (asked !== null && !asked.has(label)) continue;
    const type = layout.objectTypeOf(label) === "booth" ? "booth" : "seat";
    const channel = shownChannel(mask, channels?.channelOf(label) ?? null);
    const entry = publicSeatEntry(label, status, expiresAt, layout.categoryOf(label) ?? null, iso, channel, type);
    if (status === "held" && q.holdToken !== undefined && token === q.holdToken && isLiveHold({ expires_at: expiresAt }, now)) entry.mine = true;
    if (secret) {
      entry.extraData = parseExtra(extra);
      if (orderId !== null) entry.orderId = orderId;
      const price = seatPrice(locks?.get(label));
      if (price !== undefined && status !== "not_for_sale") entry.price = price;
    }
    if (seasonKey !== null) entry.seasonKey = seasonKey;
    if (partialSeasonKey !== null) entry.partialSeasonKey = partialSeasonKey;
    out.push(entry);
  }
  // docs/security.md: the free seats of a protected channel this reader has no pass for read as not
  // for sale, and so do their tables.
  const hidden: string[] = [];
  if (mask !== null) {
    const taken = new Set(seats.map(([label]) => label));
    const isSeat = (l: string) => layout.object(l)?.objectType === "seat";
    for (const label of hiddenFreeSeats(mask, (l) => taken.has(l), isSeat, seatLabels ? new Set(seatLabels) : undefined)) {
      hidden.push(label);
      if (asked === null || asked.has(label))
        out.push({ objectLabel: label, objectType: "seat", status: "not_for_sale", categoryKey: layout.categoryOf(label) ?? null });
    }
  }
  const view = { secret, holdToken: q.holdToken, now, iso };
  const derived = [...seats.map(seatOfTable), ...hiddenTableSeats(layout, hidden)];
  for (const table of tableEntries(layout, derived, view)) {
    if (asked !== null && !asked.has(table.objectLabel)) continue;
    // A table taken whole costs its seats' locked prices together (docs/prices.md).
    const price =
      locks && table.status !== "partially_taken" && table.status !== "not_for_sale" ? seatsPrice(table.seatLabels.map((l) => locks.get(l))) : undefined;
    out.push(price ? { ...table, price } : table);
  }
  for (const area of gaStatusEntries(sql, layout, now, { ...q, labels })) out.push(maskedArea(mask, area));
  return out;
}

/** A table's seats, or undefined when the label is not a table. */
function tableSeats(layout: LayoutIndex, label: string): string[] | undefined {
  return layout.objectTypeOf(label) === "table" ? layout.object(label)?.seatLabels : undefined;
}

/** A non-free seat row as the table derivation reads it. */
export function seatOfTable([label, status, expiresAt, token, extra, orderId, seasonKey, partialSeasonKey, whole]: NonFreeSeat): SeatOfTable {
  return { label, status, expiresAt, whole, token, extra, orderId, seasonKey, partialSeasonKey };
}

/** The prices locked on seat rows (docs/prices.md), by label: what a secret key's status entries show. */
function lockedSeats(sql: SqlStorage, labels?: string[]): Map<string, SeatLock> {
  const out = new Map<string, SeatLock>();
  const query = "SELECT label, price_amount, price_fee, price_currency, ticket_type, price_channel FROM seats WHERE price_amount IS NOT NULL";
  const found = labels ? labels.flatMap((l) => rows<SeatLockRow>(sql, `${query} AND label = ?`, l)) : rows<SeatLockRow>(sql, query);
  for (const r of found) {
    const lock = seatLock(r);
    if (lock) out.set(r.label, lock);
  }
  return out;
}

type SeatLockRow = { label: string } & Parameters<typeof seatLock>[0];

/** Every held or booked object with its quantities, for the publish check. */
export function reservedObjects(sql: SqlStorage, layout: LayoutIndex, now: number): Reservation[] {
  const out: Reservation[] = [];
  // A table taken whole is one reservation with the seats it was taken with (docs/tables.md).
  const tables = new Map<string, Reservation & { seatLabels: string[] }>();
  for (const [label, status, , , , , , , whole] of nonFreeSeats(sql, now)) {
    if (status === "not_for_sale") continue;
    const held = status === "held" ? 1 : 0;
    const booked = status === "booked" ? 1 : 0;
    if (whole !== null) {
      const t = tables.get(whole);
      if (t) t.seatLabels.push(label);
      else {
        const r = { objectLabel: whole, objectType: "table" as const, categoryKey: layout.categoryOf(whole) ?? null, held, booked, seatLabels: [label] };
        tables.set(whole, r);
        out.push(r);
      }
      continue;
    }
    out.push({
      objectLabel: label,
      objectType: layout.objectTypeOf(label) === "booth" ? "booth" : "seat",
      categoryKey: layout.categoryOf(label) ?? null,
      held,
      booked,
    });
  }
  for (const area of reservedAreas(sql)) {
    const counts = areaCounts(sql, area, now);
    if (counts.held + counts.booked === 0) continue;
    out.push({
      objectLabel: area,
      objectType: "generalAdmission",
      categoryKey: layout.categoryOf(area) ?? null,
      held: counts.held,
      booked: counts.booked,
    });
  }
  return out;
}
