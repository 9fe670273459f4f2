import { fail, ok, type Outcome } from "../../domain/outcome";
import type { Price } from "../../domain/pricing";
import type { HoldRequest, HoldResult } from "../../domain/seats";
import { areaCounts, areaStatus, gaRow, gaStatus, recordGaChange } from "../state/ga-counts";
import { poolPlaces, poolsAfter, poolUsage, storedPools, tokenPools, type Pool, type PoolPlaces } from "../state/ga-pools";
import type { ChannelPass } from "../../domain/channel-passes";
import { passTaken } from "../state/pass-counts";
import { openGates, refused, type HoldGates } from "../state/policy";
import { heldPrice, parsePlaces, placesJson } from "../state/prices";
import { isLiveHold, parseExtra, seasonTags, type GaRow } from "../state/store";
import { iso, type Tx } from "../state/transaction";
import { openPool, priced, quotePlaces, withTotal } from "./hold-prices";

/** Drops an expired held quantity of one row, emitting seat.hold_expired for it. */
export function expireGaRow(tx: Tx, row: GaRow): void {
  if (row.held <= 0 || isLiveHold(row, tx.now)) return;
  // Until this record the history still counts the expired places as held.
  const before = areaCounts(tx.sql, row.area, tx.now);
  const previous = gaStatus(tx.object(row.area)?.capacity ?? 0, { held: before.held + row.held, booked: before.booked });
  if (row.booked > 0) {
    const kept = poolsAfter(row, "drop-held");
    tx.sql.exec(
      "UPDATE ga SET held = 0, expires_at = NULL, channel = ?, pools = ?, held_price = NULL WHERE area = ? AND token = ?",
      kept.channel,
      kept.pools,
      row.area,
      row.token,
    );
  } else tx.sql.exec("DELETE FROM ga WHERE area = ? AND token = ?", row.area, row.token);
  recordGaChange(
    tx,
    row.area,
    previous,
    { cause: "expire", quantity: row.held, token: row.token, extra: row.extra, price: heldPrice(row), ...seasonTags(row) },
    { type: "seat.hold_expired", holdExpiresAt: row.expires_at },
  );
}

/**
 * A GA hold (hold rules 1-3, 7) under the decision's policy: quantity is the token's total held
 * quantity in the area. The same quantity again is a no-op that keeps the expiry; a new one
 * resizes (with a fresh expiry) or is refused, keeping the previous quantity. The places come from
 * the pools the hold may take from (docs/channels.md), from several when no one pool has them all.
 *
 * Which refusal: when the hold may take from every pool of the area (an event without channels,
 * an area with no channel places, a secret key's ignoreChannels, or every pool named) the area's
 * remaining capacity is what it did not fit, and the 409 `ga_capacity_exceeded` of docs/events.md#general-admission says
 * so; when its pools are only some of the area's, the pools limit it: 409 `seat_unavailable` with
 * reason `insufficient_capacity` (docs/channels.md), even when the area is also full.
 */
export function holdGa(tx: Tx, req: HoldRequest): Outcome<HoldResult> {
  const gates = openGates(tx.policy);
  if (refused(gates)) return gates;
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
  const mix = areaMix(req, area);
  let row = gaRow(tx.sql, area, req.holdToken);
  const ownLive = row && row.held > 0 && isLiveHold(row, tx.now) ? row.held : 0;
  if (row && ownLive === quantity && (mix === undefined || sameMix(row, mix))) {
    // Repeat of the same total (and ticket types): a no-op, the expiry and the locked price are kept.
    return ok(holdResult(tx, req, area, quantity, row.expires_at!, row.extra, heldPrice(row)));
  }
  // A ticket type the category does not have is the request's fault, whatever the places (400 before any 409).
  const typeCheck = quotePlaces(gates.price, obj, openPool(quantity), mix);
  if (typeCheck.kind === "invalid")
    return fail("validation_failed", `${typeCheck.message}; nothing was held`, { errors: { [`ticketTypes.${area}`]: [typeCheck.message] } });
  const counts = areaCounts(tx.sql, area, tx.now);
  const nfs = counts.nfs ?? 0;
  const places = poolPlaces(gates.channels.defs, area, capacity, nfs);
  const everyPool = reachesEveryPool(gates, places);
  if (everyPool && counts.held - ownLive + counts.booked + nfs + quantity > capacity) {
    return fail("ga_capacity_exceeded", `Only ${capacity - counts.held - counts.booked - nfs + ownLive} places remain in ${area}`, {
      failed: [{ objectLabel: area, reason: "ga_capacity_exceeded" }],
    });
  }
  const taken = choosePools(tx, gates, places, area, row, ownLive, quantity);
  if (taken === undefined) {
    // A protected channel named without its pass is a pool this buyer may not use (docs/security.md).
    if (gates.channels.locked.length > 0)
      return fail("seat_unavailable", `${area}: the hold has no channel pass for ${gates.channels.locked.join(", ")}`, {
        failed: [{ objectLabel: area, reason: "not_in_channel" }],
      });
    if (everyPool)
      return fail("ga_capacity_exceeded", `Not ${quantity} places remain in ${area}`, { failed: [{ objectLabel: area, reason: "ga_capacity_exceeded" }] });
    return fail("seat_unavailable", `Not ${quantity} free places in ${area} in the channels this hold may take from`, {
      failed: [{ objectLabel: area, reason: "insufficient_capacity" }],
    });
  }
  const quote = quotePlaces(gates.price, obj, taken, mix);
  if (quote.kind === "not_priced" || quote.kind === "invalid")
    return fail("seat_unavailable", `${area} has no price for this hold; nothing was held`, { failed: [{ objectLabel: area, reason: "not_priced" }] });
  const pass = passOf(gates, taken);
  if (pass?.maxSeats != null && passTaken(tx.sql, pass.passId, tx.now, { area, token: req.holdToken }) + quantity + (row?.booked ?? 0) > pass.maxSeats)
    return fail("seat_unavailable", `The channel pass allows at most ${pass.maxSeats} seats and places; nothing changed`, {
      failed: [{ objectLabel: area, reason: "pass_limit" }],
    });
  if (gates.rules.kind === "checks") {
    const violations = gates.rules.checks.ga({ label: area, categoryKey: obj.categoryKey, previous: ownLive, quantity });
    if (violations.length > 0)
      return fail("selection_rule_violated", "The hold would break the event's selection rules; nothing changed", { failed: violations });
  }
  if (row && row.held > 0 && ownLive === 0) {
    expireGaRow(tx, row);
    row = gaRow(tx.sql, area, req.holdToken);
  }
  const expiresAt = tx.holdEnd(gates.ttlSeconds);
  const extra = req.extraData ? JSON.stringify(req.extraData) : (row?.extra ?? null);
  const stored = storedPools({ held: taken, booked: row ? tokenPools(gates.channels.defs, row).booked : new Map() });
  const previous = areaStatus(tx, area);
  const locked = quote.kind === "lock" ? quote.places : null;
  tx.sql.exec(
    `INSERT INTO ga (area, token, held, booked, expires_at, extra_id, extra, updated_at, client, channel, pools, held_price, pass) VALUES (?, ?, ?, 0, ?, ?, NULL, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (area, token) DO UPDATE SET held = excluded.held, expires_at = excluded.expires_at, extra_id = excluded.extra_id, extra = NULL, updated_at = excluded.updated_at, client = excluded.client, channel = excluded.channel, pools = excluded.pools, held_price = excluded.held_price, pass = excluded.pass`,
    area,
    req.holdToken,
    quantity,
    expiresAt,
    tx.extraId(extra),
    tx.now,
    gates.client,
    stored.channel,
    stored.pools,
    placesJson(locked),
    pass?.passId ?? null,
  );
  tx.expiry(expiresAt);
  const price = heldPrice({ held_price: placesJson(locked) });
  recordGaChange(tx, area, previous, { cause: "hold", quantity, token: req.holdToken, extra, price }, { type: "seat.held", holdExpiresAt: expiresAt });
  return ok(holdResult(tx, req, area, quantity, expiresAt, extra, price));
}

/** The ticket-type mix a GA hold asks for its area (`{ ticketTypeKey: quantity }`), or undefined. */
function areaMix(req: HoldRequest, area: string): Record<string, number> | undefined {
  const t = req.ticketTypes?.[area];
  return t === undefined || typeof t === "string" ? undefined : t;
}

/** Whether the token's held places already have this ticket-type mix. */
function sameMix(row: GaRow, mix: Record<string, number>): boolean {
  const have = new Map<string, number>();
  for (const l of parsePlaces(row.held_price)?.lines ?? []) if (l.ticketType !== null) have.set(l.ticketType, (have.get(l.ticketType) ?? 0) + l.quantity);
  const want = Object.entries(mix);
  return want.length === have.size && want.every(([k, n]) => have.get(k) === n);
}

/** The channel pass the places are held under: that of the first protected pool they come from, or null (docs/security.md). */
function passOf(gates: HoldGates, taken: PoolPlaces): ChannelPass | null {
  if (gates.passes.kind === "none") return null;
  for (const pool of taken.keys()) {
    const pass = pool === null ? undefined : gates.passes.byChannel.get(pool);
    if (pass) return pass;
  }
  return null;
}

/** Whether the hold may take from every pool that has places in the area. */
function reachesEveryPool(gates: HoldGates, places: PoolPlaces): boolean {
  if (gates.channels.kind === "any") return true;
  const named = new Set(gates.channels.pools);
  for (const [pool, n] of places) if (n > 0 && !named.has(pool)) return false;
  return true;
}

/**
 * Where a GA hold of `quantity` places takes them from (docs/channels.md), or undefined when its pools
 * have too few free places together. The pools are tried in the request's order (any pool: the
 * open pool first), the pools the token already holds in first: one pool with room for all of
 * them when there is one, else as many as each pool has free, in that order. The token's booked
 * places stay where they are and count against their pools.
 */
function choosePools(tx: Tx, gates: HoldGates, places: PoolPlaces, area: string, row: GaRow | null, ownLive: number, quantity: number): PoolPlaces | undefined {
  const { defs } = gates.channels;
  const usage = defs.length === 0 ? new Map<Pool, number>() : poolUsage(tx.sql, defs, area, tx.now, row?.token ?? null);
  const own = row ? tokenPools(defs, row) : null;
  for (const [pool, n] of own?.booked ?? []) usage.set(pool, (usage.get(pool) ?? 0) + n);
  let candidates: Pool[] = gates.channels.kind === "any" ? [null, ...defs.map((d) => d.key)] : [...gates.channels.pools];
  if (own && ownLive > 0) {
    const mine = [...own.held.keys()].filter((p) => candidates.includes(p));
    candidates = [...mine, ...candidates.filter((c) => !mine.includes(c))];
  }
  const free = (pool: Pool) => Math.max(0, (places.get(pool) ?? 0) - (usage.get(pool) ?? 0));
  const whole = candidates.find((c) => free(c) >= quantity);
  if (whole !== undefined) return new Map([[whole, quantity]]);
  const taken: PoolPlaces = new Map();
  let left = quantity;
  for (const c of candidates) {
    const n = Math.min(free(c), left);
    if (n > 0) taken.set(c, n);
    left -= n;
    if (left === 0) return taken;
  }
  return undefined;
}

function holdResult(tx: Tx, req: HoldRequest, area: string, quantity: number, expiresAt: number, extra: string | null, price: Price | undefined): HoldResult {
  return withTotal({
    chartKey: tx.meta.chartKey,
    eventKey: tx.meta.eventKey,
    holdToken: req.holdToken,
    holdExpiresAt: iso(expiresAt),
    objects: [priced({ objectLabel: area, status: "held" as const, extraData: parseExtra(extra), quantity }, price)],
  });
}
