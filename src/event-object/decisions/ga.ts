import { fail, ok, type Outcome } from "../../domain/outcome";
import type { HoldRequest, HoldResult } from "../../domain/seats";
import { areaCounts, areaStatus, gaRow, gaStatus, recordGaChange } from "../state/ga-counts";
import { first, isLiveHold, parseExtra, type GaRow } from "../state/store";
import { iso, type Tx } from "../state/transaction";
import { NO_CHANNEL } from "../../domain/channels";
import { poolOf, poolPlaces, poolUsage } from "../state/channels";

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
