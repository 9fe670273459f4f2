import type { LayoutObject } from "../domain/layout";
import { fail, ok, type Outcome } from "../domain/outcome";
import type { HoldRequest, HoldResult } from "../domain/seats";
import type { GaStatusEntry, Status } from "../domain/status";
import type { Change } from "./status-history";
import { first, GA_COLUMNS, isLiveHold, parseExtra, rows, type GaRow } from "./store";
import { iso, type Tx } from "./transaction";
import { NO_CHANNEL } from "../domain/channels";
import { channelsOf, poolOf, poolPlaces, poolUsage, remainingByPool } from "./channels";

/** Live counts of a GA area: expired holds count as zero whether or not the sweep has run. */
export interface AreaCounts {
  held: number;
  booked: number;
  /** Places not for sale (contract §12); absent or 0 when none. */
  nfs?: number;
}

export function areaCounts(sql: SqlStorage, area: string, now: number): AreaCounts {
  const row = first<{ held: number | null; booked: number | null; nfs: number | null }>(
    sql,
    "SELECT SUM(CASE WHEN expires_at > ? THEN held ELSE 0 END) AS held, SUM(booked) AS booked, (SELECT places FROM ga_nfs WHERE area = ?) AS nfs FROM ga WHERE area = ?",
    now,
    area,
    area,
  );
  return { held: row?.held ?? 0, booked: row?.booked ?? 0, nfs: row?.nfs ?? 0 };
}

/** Free places of an area: capacity less held, booked and not-for-sale places. */
export function areaRemaining(capacity: number, counts: AreaCounts): number {
  return Math.max(0, capacity - counts.held - counts.booked - (counts.nfs ?? 0));
}

/**
 * Derived GA status: free while anything remains, booked when bookings fill what is for sale,
 * held while holds fill the rest, else (only not-for-sale places left) not_for_sale.
 */
export function gaStatus(capacity: number, counts: AreaCounts): Status {
  const nfs = counts.nfs ?? 0;
  if (capacity - counts.held - counts.booked - nfs > 0) return "free";
  if (nfs === 0) return counts.booked >= capacity ? "booked" : "held";
  if (counts.booked > 0 && counts.booked >= capacity - nfs) return "booked";
  return counts.held > 0 ? "held" : "not_for_sale";
}

/** A GA row of (area, token), or null. */
export function gaRow(sql: SqlStorage, area: string, token: string): GaRow | null {
  return first<GaRow>(sql, `SELECT ${GA_COLUMNS} FROM ga WHERE area = ? AND token = ?`, area, token);
}

/** Every GA row of an area. */
export function gaRows(sql: SqlStorage, area: string): GaRow[] {
  return rows<GaRow>(sql, `SELECT ${GA_COLUMNS} FROM ga WHERE area = ?`, area);
}

/** The area's derived status now (before a change, or after it). */
export function areaStatus(tx: Tx, area: string): Status {
  return gaStatus(tx.object(area)?.capacity ?? 0, areaCounts(tx.sql, area, tx.now));
}

/** What a GA change records beyond the area's status and totals, which are read after the write. */
type GaChange = Pick<Change, "cause" | "quantity" | "token" | "orderId" | "extra">;

/** Records a change of a GA area (and its webhook event): the area's derived status and totals after it. */
export function recordGaChange(tx: Tx, area: string, previous: Status, c: GaChange, event?: Parameters<Tx["change"]>[1]): void {
  const counts = areaCounts(tx.sql, area, tx.now);
  const status = gaStatus(tx.object(area)?.capacity ?? 0, counts);
  tx.change({ label: area, objectType: "generalAdmission", status, previous, held: counts.held, booked: counts.booked, ...c }, event);
}

/** Drops an expired held quantity of one row, emitting seat.hold_expired for it. */
export function expireGaRow(tx: Tx, row: GaRow): void {
  if (row.held <= 0 || isLiveHold(row, tx.now)) return;
  // Until this record the history still counts the expired places as held.
  const before = areaCounts(tx.sql, row.area, tx.now);
  const previous = gaStatus(tx.object(row.area)?.capacity ?? 0, { held: before.held + row.held, booked: before.booked });
  if (row.booked > 0) tx.sql.exec("UPDATE ga SET held = 0, expires_at = NULL WHERE area = ? AND token = ?", row.area, row.token);
  else tx.sql.exec("DELETE FROM ga WHERE area = ? AND token = ?", row.area, row.token);
  recordGaChange(
    tx,
    row.area,
    previous,
    { cause: "expire", quantity: row.held, token: row.token, extra: row.extra },
    { type: "seat.hold_expired", holdExpiresAt: row.expires_at },
  );
}

/**
 * A GA hold (hold rules 1-3, 7): quantity is the token's total held quantity in the area. The same
 * quantity again is a no-op that keeps the expiry; a new one resizes (with a fresh expiry) or fails
 * 409 ga_capacity_exceeded, keeping the previous quantity.
 */
export function holdGa(tx: Tx, req: HoldRequest): Outcome<HoldResult> {
  const area = req.objectLabels[0]!;
  const quantity = req.quantity!;
  const obj = tx.holdable(area);
  if (!obj) return fail("seat_unavailable", `${area} cannot be held`, { failed: [{ objectLabel: area, reason: "unknown_label" }] });
  if (obj.objectType !== "generalAdmission") {
    return fail("validation_failed", `${area} is a seat, not a general-admission area`, {
      errors: { objectType: [`${area} is not a general-admission area`] },
    });
  }
  if (req.categoryKey !== undefined && req.categoryKey !== obj.categoryKey) {
    return fail("validation_failed", `${area} is not in category ${req.categoryKey}`, { errors: { categoryKey: [`${area} has category ${obj.categoryKey}`] } });
  }
  const capacity = obj.capacity ?? 0;
  if (quantity > capacity) {
    return fail("validation_failed", `quantity ${quantity} exceeds the capacity ${capacity} of ${area}`, {
      errors: { quantity: [`must not exceed the area capacity ${capacity}`] },
    });
  }
  let row = gaRow(tx.sql, area, req.holdToken);
  const ownLive = row && row.held > 0 && isLiveHold(row, tx.now) ? row.held : 0;
  if (row && ownLive === quantity) {
    // Repeat of the same total: a no-op, the expiry is kept.
    return ok(holdResult(tx, req, area, quantity, row.expires_at!, row.extra));
  }
  const counts = areaCounts(tx.sql, area, tx.now);
  const nfs = counts.nfs ?? 0;
  if (counts.held - ownLive + counts.booked + nfs + quantity > capacity) {
    return fail("ga_capacity_exceeded", `Only ${capacity - counts.held - counts.booked - nfs + ownLive} places remain in ${area}`, {
      failed: [{ objectLabel: area, reason: "ga_capacity_exceeded" }],
    });
  }
  const pool = choosePool(tx, area, capacity, nfs, row, ownLive, quantity);
  if (pool === undefined) {
    return fail("seat_unavailable", `Not ${quantity} free places in ${area} in the channels this hold may take from`, {
      failed: [{ objectLabel: area, reason: "insufficient_capacity" }],
    });
  }
  const violations = tx.rules?.ga({ label: area, categoryKey: obj.categoryKey, previous: ownLive, quantity }) ?? [];
  if (violations.length > 0)
    return fail("selection_rule_violated", "The hold would break the event's selection rules; nothing changed", { failed: violations });
  if (row && row.held > 0 && ownLive === 0) {
    expireGaRow(tx, row);
    row = gaRow(tx.sql, area, req.holdToken);
  }
  const expiresAt = tx.now + req.ttlSeconds * 1000;
  const extra = req.extraData ? JSON.stringify(req.extraData) : (row?.extra ?? null);
  const previous = areaStatus(tx, area);
  tx.sql.exec(
    `INSERT INTO ga (area, token, held, booked, expires_at, extra, updated_at, client, channel) VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?)
     ON CONFLICT (area, token) DO UPDATE SET held = excluded.held, expires_at = excluded.expires_at, extra = excluded.extra, updated_at = excluded.updated_at, client = excluded.client, channel = excluded.channel`,
    area,
    req.holdToken,
    quantity,
    expiresAt,
    extra,
    tx.now,
    tx.client,
    pool,
  );
  tx.expiry(expiresAt);
  recordGaChange(tx, area, previous, { cause: "hold", quantity, token: req.holdToken, extra }, { type: "seat.held", holdExpiresAt: expiresAt });
  return ok(holdResult(tx, req, area, quantity, expiresAt, extra));
}

/**
 * The pool a GA hold takes its places from (contract §12): the first pool named (in the request's
 * order) with `quantity` free places, the token's own pool first when it already holds there; any
 * pool for the box office (open first). A token's places live in one pool per area; once some are
 * booked, more may come only from that pool. Undefined when no named pool has room.
 */
function choosePool(tx: Tx, area: string, capacity: number, nfs: number, row: GaRow | null, ownLive: number, quantity: number): string | null | undefined {
  const defs = tx.channelDefs;
  const gate = tx.channels;
  if (defs.length === 0) return gate === null || gate.pools.has(NO_CHANNEL) ? null : undefined;
  const places = poolPlaces(defs, area, capacity, nfs);
  const usage = poolUsage(tx.sql, defs, area, tx.now, row?.token ?? null);
  const own = row
    ? poolOf(defs, first<{ channel: string | null }>(tx.sql, "SELECT channel FROM ga WHERE area = ? AND token = ?", area, row.token)?.channel ?? null)
    : null;
  if (row && row.booked > 0) usage.set(own, (usage.get(own) ?? 0) + row.booked);
  let candidates: (string | null)[] = gate ? [...gate.pools].map((k) => (k === NO_CHANNEL ? null : k)) : [null, ...defs.map((d) => d.key)];
  if (row && row.booked > 0) candidates = candidates.filter((c) => c === own);
  else if (ownLive > 0 && candidates.includes(own)) candidates = [own, ...candidates.filter((c) => c !== own)];
  for (const c of candidates) {
    const total = places.get(c);
    if (total !== undefined && total - (usage.get(c) ?? 0) >= quantity) return c;
  }
  return undefined;
}

function holdResult(tx: Tx, req: HoldRequest, area: string, quantity: number, expiresAt: number, extra: string | null): HoldResult {
  return {
    chartKey: tx.meta.chartKey,
    eventKey: tx.meta.eventKey,
    holdToken: req.holdToken,
    holdExpiresAt: iso(expiresAt),
    objects: [{ objectLabel: area, status: "held", extraData: parseExtra(extra), quantity }],
  };
}

/**
 * The status entry of a GA area, or null while nothing in it is held or booked.
 * extraData (secret callers) is that of the most recently changed reservation.
 */
export function gaEntry(sql: SqlStorage, obj: LayoutObject, now: number, token: string | undefined, withExtra: boolean): GaStatusEntry | null {
  const live = gaRows(sql, obj.label).filter((r) => r.booked > 0 || (r.held > 0 && isLiveHold(r, now)));
  const counts = areaCounts(sql, obj.label, now);
  if (live.length === 0 && !counts.nfs) return null;
  const capacity = obj.capacity ?? 0;
  const entry: GaStatusEntry = {
    objectLabel: obj.label,
    objectType: "generalAdmission",
    status: gaStatus(capacity, counts),
    categoryKey: obj.categoryKey,
    capacity,
    held: counts.held,
    booked: counts.booked,
    remaining: areaRemaining(capacity, counts),
  };
  if (counts.nfs) entry.notForSale = counts.nfs;
  const byPool = remainingByPool(sql, channelsOf(sql)?.defs() ?? [], obj.label, capacity, counts.nfs ?? 0, now);
  if (byPool) entry.remainingByChannel = byPool;
  const mine = token !== undefined ? live.find((r) => r.token === token && r.held > 0 && isLiveHold(r, now)) : undefined;
  if (mine) entry.mineQuantity = mine.held;
  if (withExtra && live.length > 0) {
    const latest = live.reduce((a, b) => (b.updated_at > a.updated_at ? b : a));
    entry.extraData = parseExtra(latest.extra);
  }
  return entry;
}
