import { fail, ok, type FailedEntry, type Outcome } from "../../domain/outcome";
import type { HeldObject, HoldRequest, HoldResult } from "../../domain/seats";
import { gaStatus } from "../state/ga-counts";
import { rowPrice } from "../state/prices";
import { lockColumns, priced, quotePrice, quoteSeat, seatTicketType, withTotal, type SeatQuote } from "./hold-prices";
import { isLiveHold, parseExtra, rows, SEAT_COLUMNS, seasonTags, seatRow, type SeatRow } from "../state/store";
import { passTaken } from "../state/pass-counts";
import { absoluteGate, openGates, refused, seatGate, type HoldGates } from "../state/policy";
import { isSeatLike } from "../../domain/layout";
import { expireWhole, planTable, retriedTable, seatType, takeTable, type TablePlan } from "./tables";
import { tableForSale, tableOffSale, tableOffSaleBlocker } from "./table-sale";
import { iso, type Tx } from "../state/transaction";

/** Why a seat cannot be held by a token right now, or null when it can (or already is). */
function holdBlocker(row: SeatRow | null, token: string, now: number): string | null {
  if (!row) return null;
  if (row.status === "not_for_sale") return "not_for_sale";
  if (row.status === "booked") return "booked";
  if (!isLiveHold(row, now)) return null;
  return row.token === token ? null : "held";
}

/**
 * Frees a seat whose hold expired, emitting seat.hold_expired (for a seat taken with its table,
 * the whole table, docs/tables.md). Called before a write touches the seat, so a takeover reports
 * the old hold's expiry before the new seat.held.
 */
export function expireSeat(tx: Tx, row: SeatRow): void {
  expireWhole(tx, row);
}

/** The row of a seat with an expired hold purged first; null means free. */
export function liveSeat(tx: Tx, label: string): SeatRow | null {
  const row = seatRow(tx.sql, label);
  if (row && row.status === "held" && !isLiveHold(row, tx.now)) {
    expireSeat(tx, row);
    return null;
  }
  return row;
}

/**
 * The common hold of a rush, one seat that nobody holds, in one statement: free seats have no row,
 * so an INSERT that does nothing on a conflict both checks the seat and takes it. A seat with a
 * row (held, booked, not for sale, an expired hold still to be recorded as expired) makes it do
 * nothing, and null sends the hold down the general path, which reads the row and decides; so
 * does anything else: several labels (atomic over all of them), selection rules (which count what
 * is held before anything is written), a seat outside the hold's channel pools (docs/channels.md; a
 * free seat has no retry to excuse it, so the general path refuses it as not_in_channel), a
 * wheelchair or companion seat held back from this buyer (docs/accessibility.md, refused as accessible_only)
 * or a label that is not a seat that may be held. A season's hold takes its one expiry (docs/seasons.md). Not-for-sale seats (by label or by category) have a
 * row, so they never reach the insert. The answer and the records (history row, outbox row, both
 * in the caller's transaction, as is any Idempotency-Key answer stored around it) are those the
 * general path gives a free seat.
 */
function claimFreeSeat(tx: Tx, gates: HoldGates, req: HoldRequest): Outcome<HoldResult> | null {
  if (req.objectLabels.length !== 1 || gates.passes.kind !== "none" || !onlyCountedRules(gates)) return null;
  const label = req.objectLabels[0]!;
  const obj = tx.holdable(label);
  if (obj === null || !isSeatLike(obj)) return null;
  // A gated seat is refused (not_in_channel, accessible_only) by the general path, and so is one
  // the price refuses (not_priced) or a ticket type its category does not have.
  if (seatGate(gates, obj) !== null) return null;
  const quote = quoteSeat(gates.price, obj, seatTicketType(req.ticketTypes, label));
  if (quote.kind === "not_priced" || quote.kind === "invalid") return null;
  const expiresAt = tx.holdEnd(gates.ttlSeconds);
  const extra = req.extraData ? JSON.stringify(req.extraData) : null;
  const taken = tx.sql.exec(
    "INSERT INTO seats (label, status, token, expires_at, booked_at, extra_id, client, price_amount, price_fee, price_currency, ticket_type, price_channel) VALUES (?, 'held', ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (label) DO NOTHING",
    label,
    req.holdToken,
    expiresAt,
    tx.extraId(extra),
    gates.client,
    ...lockColumns(quote),
  ).rowsWritten;
  if (taken === 0) return null;
  const price = quotePrice(quote);
  tx.change(
    { label, objectType: seatType(tx, label), status: "held", previous: "free", cause: "hold", token: req.holdToken, extra, price },
    { type: "seat.held", holdExpiresAt: expiresAt },
  );
  tx.expiry(expiresAt);
  const object: HeldObject = { objectLabel: label, status: "held", extraData: req.extraData ?? null };
  return ok(
    withTotal({
      chartKey: tx.meta.chartKey,
      eventKey: tx.meta.eventKey,
      holdToken: req.holdToken,
      holdExpiresAt: iso(expiresAt),
      objects: [priced(object, price)],
    }),
  );
}

/**
 * Whether one more seat passes the hold's selection rules without their full check: no rules, or
 * only the client's cap (a publishable key's default, docs/security.md) with room for one more. A
 * client at its cap goes down the general path, which names the violation.
 */
function onlyCountedRules(gates: HoldGates): boolean {
  if (gates.rules.kind === "none") return true;
  const checks = gates.rules.checks;
  if (!checks.clientOnly) return false;
  const count = checks.clientHeld();
  return count !== null && count.held + 1 <= count.max;
}

/**
 * The seats of `added` over their channel pass's maxSeats (docs/security.md): each pass counts what is
 * held or booked under it now plus the seats this hold adds from its channel. Empty when none is over.
 */
function passLimited(tx: Tx, gates: HoldGates, added: readonly string[]): string[] {
  if (gates.passes.kind === "none") return [];
  const byPass = new Map<string, { max: number; labels: string[] }>();
  for (const label of added) {
    const pass = gates.passes.seat(label);
    if (pass === null || pass.maxSeats === null) continue;
    let entry = byPass.get(pass.passId);
    if (!entry) byPass.set(pass.passId, (entry = { max: pass.maxSeats, labels: [] }));
    entry.labels.push(label);
  }
  const over: string[] = [];
  for (const [passId, { max, labels }] of byPass) if (passTaken(tx.sql, passId, tx.now) + labels.length > max) over.push(...labels);
  return over;
}

/** The id of the channel pass a seat is held under, or null (no pass, or a seat of no protected channel). */
function passOf(gates: HoldGates, label: string): string | null {
  return gates.passes.kind === "passes" ? (gates.passes.seat(label)?.passId ?? null) : null;
}

/**
 * Holds seats atomically (hold rules 4-6, 8) under the decision's policy: the waiting room first,
 * then every label must be free, expired, or already held by this token, and pass the hold's gates
 * (channels, hold-back) and selling rules; otherwise 409 and nothing changes. A retry keeps its
 * expiry.
 */
export function holdSeats(tx: Tx, req: HoldRequest): Outcome<HoldResult> {
  const gates = openGates(tx.policy);
  if (refused(gates)) return gates;
  const claimed = claimFreeSeat(tx, gates, req);
  if (claimed) return claimed;
  const asked = [...new Set(req.objectLabels)];
  const failed: FailedEntry[] = [];
  const existing = new Map<string, SeatRow | null>();
  const quotes = new Map<string, SeatQuote>();
  const errors: Record<string, string[]> = {};
  // Tables asked for whole (docs/tables.md), by label; their seats asked for as well are covered by them.
  const tables = new Map<string, TablePlan>();
  for (const label of asked) {
    const obj = tx.holdable(label);
    if (obj?.objectType !== "table") continue;
    const plan = planTable(tx, gates, obj, req.holdToken, seatTicketType(req.ticketTypes, label));
    if (plan.kind === "refused") failed.push({ objectLabel: label, reason: plan.reason });
    if (plan.kind === "invalid") errors[`ticketTypes.${label}`] = [plan.message];
    tables.set(label, plan);
  }
  const covered = new Set([...tables.keys()].flatMap((t) => tx.object(t)?.seatLabels ?? []));
  const labels = asked.filter((l) => !covered.has(l));
  for (const label of labels) {
    if (tables.has(label)) continue;
    const obj = tx.holdable(label);
    if (!obj) {
      failed.push({ objectLabel: label, reason: "unknown_label" });
      continue;
    }
    if (obj.objectType === "generalAdmission") {
      return fail("validation_failed", `${label} is a general-admission area: hold it with objectType "generalAdmission" and a quantity`, {
        errors: { objectType: [`${label} is a general-admission area; objectType "generalAdmission" and quantity are required`] },
      });
    }
    const row = seatRow(tx.sql, label);
    const retry = row !== null && row.status === "held" && row.token === req.holdToken && isLiveHold(row, tx.now);
    // A gate does not refuse a seat the token already holds. A seat outside the pools (or of a table
    // booked only whole) is refused as such; a held-back seat is refused as accessible_only only
    // when its row would not refuse it.
    const gate = retry ? null : seatGate(gates, obj);
    // The price (docs/prices.md): a retry keeps the one it locked.
    const quote = retry ? null : quoteSeat(gates.price, obj, seatTicketType(req.ticketTypes, label));
    if (quote?.kind === "invalid") errors[`ticketTypes.${label}`] = [quote.message];
    const blocker = absoluteGate(gate) ? gate : (holdBlocker(row, req.holdToken, tx.now) ?? gate ?? (quote?.kind === "not_priced" ? "not_priced" : null));
    if (blocker) failed.push({ objectLabel: label, reason: blocker });
    else existing.set(label, row);
    if (quote) quotes.set(label, quote);
  }
  if (Object.keys(errors).length > 0)
    return fail("validation_failed", "A ticket type of this hold is not one of its seat's category; nothing was held", { errors });
  if (failed.length > 0) return fail("seat_unavailable", "One or more seats cannot be held; nothing was held", { failed });
  // Only what the hold adds counts: seats the token already holds are a retry; a table counts its seats.
  const added = labels.flatMap((l) => {
    const plan = tables.get(l);
    if (plan !== undefined) return plan.kind === "free" ? plan.seats : [];
    const row = existing.get(l);
    return row && row.status === "held" && isLiveHold(row, tx.now) ? [] : [l];
  });
  const overPass = passLimited(tx, gates, added);
  if (overPass.length > 0)
    return fail("seat_unavailable", "The channel pass allows no more seats; nothing was held", {
      failed: overPass.map((objectLabel) => ({ objectLabel, reason: "pass_limit" })),
    });
  if (gates.rules.kind === "checks") {
    const violations = gates.rules.checks.seats(added);
    if (violations.length > 0)
      return fail("selection_rule_violated", "The hold would break the event's selection rules; nothing was held", { failed: violations });
  }

  const expiresAt = tx.holdEnd(gates.ttlSeconds);
  const extra = req.extraData ? JSON.stringify(req.extraData) : null;
  let earliest = Number.POSITIVE_INFINITY;
  const objects: HeldObject[] = [];
  for (const label of labels) {
    const plan = tables.get(label);
    if (plan?.kind === "retry") {
      earliest = Math.min(earliest, plan.rows[0]!.expires_at!);
      objects.push(retriedTable(label, plan.rows));
      continue;
    }
    if (plan?.kind === "free") {
      objects.push(takeTable(tx, plan, { token: req.holdToken, expiresAt, extra, client: gates.client, pass: (seat) => passOf(gates, seat) }));
      earliest = Math.min(earliest, expiresAt);
      continue;
    }
    const row = existing.get(label) ?? null;
    if (row && row.status === "held" && isLiveHold(row, tx.now)) {
      // Retry by the same token: counts as held, expiry unchanged (hold rule 5).
      earliest = Math.min(earliest, row.expires_at!);
      objects.push(priced({ objectLabel: label, status: "held", extraData: parseExtra(row.extra) }, rowPrice(row)));
      continue;
    }
    if (row) expireSeat(tx, row);
    const quote = quotes.get(label) ?? { kind: "none" };
    tx.sql.exec(
      "INSERT INTO seats (label, status, token, expires_at, booked_at, extra_id, client, pass, price_amount, price_fee, price_currency, ticket_type, price_channel) VALUES (?, 'held', ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?)",
      label,
      req.holdToken,
      expiresAt,
      tx.extraId(extra),
      gates.client,
      passOf(gates, label),
      ...lockColumns(quote),
    );
    const price = quotePrice(quote);
    tx.change(
      { label, objectType: seatType(tx, label), status: "held", previous: "free", cause: "hold", token: req.holdToken, extra, price },
      { type: "seat.held", holdExpiresAt: expiresAt },
    );
    tx.expiry(expiresAt);
    earliest = Math.min(earliest, expiresAt);
    objects.push(priced({ objectLabel: label, status: "held", extraData: req.extraData ?? null }, price));
  }
  return ok(withTotal({ chartKey: tx.meta.chartKey, eventKey: tx.meta.eventKey, holdToken: req.holdToken, holdExpiresAt: iso(earliest), objects }));
}

/**
 * Marks free seats not for sale (docs/events.md#seat-actions); anything held or booked fails the whole batch, as
 * do `alsoFailed` (the same call's GA areas, checked first), so a refusal writes nothing.
 */
export function markNotForSale(
  tx: Tx,
  labels: string[],
  alsoFailed: FailedEntry[] = [],
): Outcome<{ objects: { objectLabel: string; status: "not_for_sale" }[] }> {
  const unique = [...new Set(labels)];
  const failed: FailedEntry[] = [...alsoFailed];
  for (const label of unique) {
    const obj = tx.object(label);
    if (obj?.objectType === "table") {
      const reason = tableOffSaleBlocker(tx, obj);
      if (reason !== null) failed.push({ objectLabel: label, reason });
      continue;
    }
    if (!obj || !isSeatLike(obj)) {
      failed.push({ objectLabel: label, reason: "unknown_label" });
      continue;
    }
    const row = seatRow(tx.sql, label);
    if (!row || row.status === "not_for_sale") continue;
    if (row.status === "booked") failed.push({ objectLabel: label, reason: "booked" });
    else if (isLiveHold(row, tx.now)) failed.push({ objectLabel: label, reason: "held" });
  }
  if (failed.length > 0) return fail("seat_unavailable", "Only free seats and places can be marked not for sale; nothing changed", { failed });
  for (const label of unique) {
    const obj = tx.object(label);
    if (obj?.objectType === "table") {
      tableOffSale(tx, obj);
      continue;
    }
    const row = liveSeat(tx, label);
    if (row) continue;
    tx.sql.exec("INSERT INTO seats (label, status, token, expires_at, booked_at, extra) VALUES (?, 'not_for_sale', NULL, NULL, NULL, NULL)", label);
    tx.change({ label, objectType: seatType(tx, label), status: "not_for_sale", previous: "free", cause: "not_for_sale", extra: null });
  }
  return ok({ objects: unique.map((objectLabel) => ({ objectLabel, status: "not_for_sale" as const })) });
}

/** Returns not-for-sale seats to sale; seats in any other state are left as they are. */
export function markForSale(tx: Tx, labels: string[]): { objectLabel: string; status: "free" }[] {
  const freed: { objectLabel: string; status: "free" }[] = [];
  for (const label of new Set(labels)) {
    if (tx.object(label)?.objectType === "table") {
      if (tableForSale(tx, label)) freed.push({ objectLabel: label, status: "free" });
      continue;
    }
    const res = tx.sql.exec("DELETE FROM seats WHERE label = ? AND status = 'not_for_sale'", label);
    if (res.rowsWritten > 0) {
      freed.push({ objectLabel: label, status: "free" });
      tx.change({ label, objectType: seatType(tx, label), status: "free", previous: "not_for_sale", cause: "for_sale", extra: null });
    }
  }
  return freed;
}

/**
 * Frees every object (a sandbox reset): one history record per seat and per GA area that was not
 * free, as the history knew it (a hold past its expiry that no sweep has recorded is still held
 * there). No webhook events: a reset is a test-data wipe.
 */
export function resetAll(tx: Tx): void {
  for (const row of rows<SeatRow>(tx.sql, `SELECT ${SEAT_COLUMNS} FROM seats`)) {
    const price = rowPrice(row);
    tx.change({
      label: row.label,
      objectType: "seat",
      status: "free",
      previous: row.status,
      cause: "reset",
      token: row.token,
      orderId: row.order_id,
      extra: row.extra,
      price,
      revenue: row.status === "booked" && price ? -price.amount : undefined,
    });
  }
  for (const area of rows<{ area: string; held: number; booked: number }>(
    tx.sql,
    "SELECT area, SUM(held) AS held, SUM(booked) AS booked FROM ga GROUP BY area",
  )) {
    if (area.held + area.booked === 0) continue;
    const previous = gaStatus(tx.object(area.area)?.capacity ?? 0, { held: area.held, booked: area.booked });
    tx.change({
      label: area.area,
      objectType: "generalAdmission",
      status: "free",
      previous,
      cause: "reset",
      quantity: area.held + area.booked,
      held: 0,
      booked: 0,
      extra: null,
    });
  }
  tx.sql.exec("DELETE FROM seats");
  tx.sql.exec("DELETE FROM ga");
  tx.sql.exec("DELETE FROM ga_nfs");
}
