import type { Reservation } from "../../domain/publish-impact";
import type { Category, Floor, LayoutObject, Point, SectionLabels, Zone } from "../../domain/layout";
import {
  STATUSES,
  type GaStatusEntry,
  type ObjectEntry,
  type ReportsResult,
  type SeatStatusEntry,
  type Status,
  type StatusEntry,
  type StatusQuery,
} from "../../domain/status";
import { areaCounts, areaRemaining } from "../state/ga-counts";
import { gaEntry } from "./ga-entry";
import { hiddenFreeSeats, maskedArea, maskedObject, shownChannel, type ChannelMask } from "./channel-mask";
import { channelsOf } from "../state/channels";
import { poolCounts, poolPlaces, remainingByPool } from "../state/ga-pools";
import { accessOf } from "../state/accessibility";
import { drawingHints, type DrawingHints, type LayoutIndex } from "../state/layout-index";
import { extraOf, isLiveHold, parseExtra, rows, type SeatStatus } from "../state/store";
import type { BoothStatusEntry } from "../../domain/tables";
import { hiddenTableSeats, tableEntries, type SeatOfTable } from "./table-status";
import { venueObjectEntry, venueReports, withPlace, zoneKeysOf } from "./venue-reads";
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
function seatOfTable([label, status, expiresAt, token, extra, orderId, seasonKey, partialSeasonKey, whole]: NonFreeSeat): SeatOfTable {
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

/** Drawing hints of an objects entry: only those the layout gave. */
type Drawing = Omit<DrawingHints, "rowLabel" | "rowIndex" | "aisleAfter">;

/** Adds the drawing hints the object has to an entry (never undefined-valued keys). */
function withDrawing<T extends object>(entry: T, o: DrawingHints): T & Drawing {
  const out: T & Drawing = entry;
  if (o.x !== undefined) out.x = o.x;
  if (o.y !== undefined) out.y = o.y;
  if (o.width !== undefined) out.width = o.width;
  if (o.height !== undefined) out.height = o.height;
  if (o.shape !== undefined) out.shape = o.shape;
  return out;
}

/** The objects entry of `o` with the drawing hints `h` (for an index built from a layout, `o` itself); a GA area with its live `remaining`. */
export function objectEntry(sql: SqlStorage, o: LayoutObject, h: DrawingHints, now: number, zones: Map<string, string[]> = NO_ZONES): ObjectEntry {
  const channels = channelsOf(sql);
  const defs = channels?.defs() ?? [];
  if (o.objectType === "table" || o.objectType === "booth") {
    const channelKey = o.objectType === "booth" && defs.length > 0 ? (channels?.channelOf(o.label) ?? null) : undefined;
    return venueObjectEntry(o, h, zones, channelKey);
  }
  if (o.objectType === "seat") {
    const seat: ObjectEntry = {
      objectLabel: o.label,
      categoryKey: o.categoryKey,
      objectType: "seat",
      sectionKey: o.sectionKey ?? "",
      sectionLabel: o.sectionLabel ?? "",
    };
    // With channels every seat names its pool (null: open); an event without channels has only the open pool.
    if (defs.length > 0) seat.channelKey = channels?.channelOf(o.label) ?? null;
    // Indexes written before row labels were stored have none: the entry then simply lacks it.
    if (h.rowLabel !== undefined) seat.rowLabel = h.rowLabel;
    if (h.aisleAfter) seat.aisleAfter = true;
    if (o.features) seat.features = o.features;
    const only = accessOf(sql)?.accessibleOnly(o);
    if (only !== undefined) seat.accessibleOnly = only;
    if (o.tableLabel !== undefined) seat.tableLabel = o.tableLabel;
    return withPlace(withDrawing(seat, h), o, h, zones);
  }
  const counts = areaCounts(sql, o.label, now);
  const capacity = o.capacity ?? 0;
  const area: ObjectEntry = {
    objectLabel: o.label,
    categoryKey: o.categoryKey,
    objectType: "generalAdmission",
    capacity,
    label: o.label,
    remaining: areaRemaining(capacity, counts),
  };
  const places = Object.fromEntries(defs.flatMap((d) => (d.areaPlaces?.[o.label] ? [[d.key, d.areaPlaces[o.label]!]] : [])));
  if (Object.keys(places).length > 0) area.channelPlaces = places;
  const byPool = remainingByPool(sql, defs, o.label, capacity, counts.nfs ?? 0, now);
  if (byPool) area.remainingByChannel = byPool;
  const floorKey = h.floorKey ?? o.floorKey;
  if (floorKey !== undefined) area.floorKey = floorKey;
  return withDrawing(area, h);
}

const NO_ZONES = new Map<string, string[]>();

/** The objects response body (free seats included; GA areas with `remaining`; the focal point when the layout has one). */
export function objectsOf(
  sql: SqlStorage,
  layout: LayoutIndex,
  now: number,
  labels?: string[],
  mask: ChannelMask | null = null,
): { categories: Category[]; objects: ObjectEntry[]; focalPoint?: Point; sectionLabels?: SectionLabels; zones?: Zone[]; floors?: Floor[] } {
  const source = labels ? [...new Set(labels)].map((l) => layout.object(l)).filter((o): o is LayoutObject => o !== undefined) : layout.objects.values();
  const objects: ObjectEntry[] = [];
  const hints = drawingHints(layout);
  const zones = zoneKeysOf(layout);
  for (const o of source) objects.push(maskedObject(mask, objectEntry(sql, o, hints ? (hints.get(o.label) ?? {}) : o, now, zones)));
  const out: { categories: Category[]; objects: ObjectEntry[]; focalPoint?: Point; sectionLabels?: SectionLabels; zones?: Zone[]; floors?: Floor[] } = {
    categories: layout.categories,
    objects,
  };
  if (layout.focalPoint) out.focalPoint = layout.focalPoint;
  if (Object.keys(layout.sectionLabels).length > 0) out.sectionLabels = layout.sectionLabels;
  // docs/tables.md: the layout's zones and floors, as the layout gives them.
  if (layout.zones.length > 0) out.zones = [...layout.zones];
  if (layout.floors.length > 0) out.floors = [...layout.floors];
  return out;
}

/**
 * Counts by status, by (status, category) and by (section, status) over the current layout. A seat counts 1; a GA area
 * counts in places: its held quantity as held, booked as booked, the remainder as free.
 * Reservations on labels the layout no longer has are not counted.
 */
export function reportOf(sql: SqlStorage, layout: LayoutIndex, now: number): Omit<ReportsResult, "eventKey"> {
  const zero = (): Record<Status, number> => ({ free: 0, held: 0, booked: 0, not_for_sale: 0 });
  const byStatus = zero();
  const byCat = new Map<string, Record<Status, number>>(layout.categories.map((c) => [c.key, zero()]));
  // Sections in layout order; GA areas count under the null section.
  const bySec = new Map<string | null, Record<Status, number>>();
  const add = (cat: string, section: string | null, status: Status, n: number) => {
    let s = bySec.get(section);
    if (!s) bySec.set(section, (s = zero()));
    if (n === 0) return;
    byStatus[status] += n;
    let c = byCat.get(cat);
    if (!c) byCat.set(cat, (c = zero()));
    c[status] += n;
    s[status] += n;
  };
  // Pools: the open pool (null) first, then the channels in their order (docs/channels.md).
  const channels = channelsOf(sql);
  const defs = channels?.defs() ?? [];
  const byPool = new Map<string | null, Record<Status, number>>([[null, zero()], ...defs.map((d) => [d.key, zero()] as const)]);
  const addPool = (pool: string | null, status: Status, n: number) => {
    const p = byPool.get(pool) ?? byPool.get(null)!;
    p[status] += n;
  };
  const nonFree = nonFreeSeats(sql, now);
  const seatStatus = new Map(nonFree.map(([label, status]) => [label, status]));
  // Tables count by their seats (docs/tables.md), and once by their own status in byObjectType.
  for (const o of layout.objects.values()) {
    if (o.objectType === "table") continue;
    if (o.objectType === "seat" || o.objectType === "booth") {
      const status = seatStatus.get(o.label) ?? "free";
      add(o.categoryKey, o.sectionKey ?? "", status, 1);
      addPool(defs.length > 0 ? (channels?.channelOf(o.label) ?? null) : null, status, 1);
    } else {
      const counts = areaCounts(sql, o.label, now);
      const capacity = o.capacity ?? 0;
      add(o.categoryKey, null, "held", counts.held);
      add(o.categoryKey, null, "booked", counts.booked);
      add(o.categoryKey, null, "not_for_sale", counts.nfs ?? 0);
      add(o.categoryKey, null, "free", areaRemaining(capacity, counts));
      areaPools(sql, defs, o.label, capacity, counts.nfs ?? 0, now, addPool);
    }
  }
  const byCategory = [...byCat].flatMap(([categoryKey, counts]) => STATUSES.map((status) => ({ status, categoryKey, count: counts[status] })));
  const bySection = [...bySec].flatMap(([sectionKey, counts]) => STATUSES.map((status) => ({ sectionKey, status, count: counts[status] })));
  const byChannel = [...byPool].flatMap(([channelKey, counts]) => STATUSES.map((status) => ({ channelKey, status, count: counts[status] })));
  const venue = venueReports(layout, nonFree.map(seatOfTable), (o) => {
    const counts = areaCounts(sql, o.label, now);
    return { held: counts.held, booked: counts.booked, not_for_sale: counts.nfs ?? 0, free: areaRemaining(o.capacity ?? 0, counts) };
  });
  return { byStatus, byCategory, bySection, byChannel, ...venue };
}

/** A GA area's places per pool and status: held and booked by the rows' pools, not-for-sale in the open pool, the rest free. */
function areaPools(
  sql: SqlStorage,
  defs: ReturnType<NonNullable<ReturnType<typeof channelsOf>>["defs"]>,
  area: string,
  capacity: number,
  nfs: number,
  now: number,
  addPool: (pool: string | null, status: Status, n: number) => void,
): void {
  const places = poolPlaces(defs, area, capacity, nfs);
  const used = new Map<string | null, number>();
  const counts = poolCounts(sql, defs, area, now, null);
  for (const [status, byPool] of [["held", counts.held] as const, ["booked", counts.booked] as const]) {
    for (const [pool, n] of byPool) {
      addPool(pool, status, n);
      used.set(pool, (used.get(pool) ?? 0) + n);
    }
  }
  addPool(null, "not_for_sale", nfs);
  for (const [pool, n] of places) addPool(pool, "free", Math.max(0, n - (used.get(pool) ?? 0)));
}

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
