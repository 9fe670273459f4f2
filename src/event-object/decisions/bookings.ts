import { fail, ok, type FailedEntry, type Outcome } from "../../domain/outcome";
import type {
  BookedObject,
  BookRequest,
  BookResult,
  ExtendRequest,
  FreedObject,
  FreedResult,
  HeldObject,
  HoldResult,
  ReleaseRequest,
} from "../../domain/seats";
import { mergeLines, placesPrice } from "../../domain/price-quote";
import type { Price } from "../../domain/pricing";
import { areaStatus, gaRow, gaRows, recordGaChange } from "../state/ga-counts";
import { poolsAfter } from "../state/ga-pools";
import { bookedPrice, bothPlaces, heldPrice, parsePlaces, placesJson, rowPrice } from "../state/prices";
import { priced, withTotal } from "./hold-prices";
import { GA_COLUMNS, isLiveHold, parseExtra, rows, SEAT_COLUMNS, seasonTags, seatRow, type GaRow, type SeatRow } from "../state/store";
import { iso, type Tx } from "../state/transaction";
import { TABLE_REASONS } from "../../domain/tables";
import { bookTable, extendTable, liveTableHold, releaseTable, seatType, tableBooking, tablePriceOf, wholeRows } from "./tables";

/** Whether a label names a GA area (in the layout, or by rows kept after a forced publish removed it). */
function isGa(tx: Tx, label: string): boolean {
  const obj = tx.object(label);
  if (obj) return obj.objectType === "generalAdmission";
  return gaRows(tx.sql, label).length > 0;
}

type BookPlan =
  { kind: "seat"; row: SeatRow } | { kind: "ga"; row: GaRow } | { kind: "table"; table: string; rows: SeatRow[] } | { kind: "done"; entry: BookedObject };

/** What a plan's object costs (docs/prices.md): its locked price (a GA area's held places, or what is booked already). */
function planPrice(plan: BookPlan): Price | undefined {
  if (plan.kind === "seat") return rowPrice(plan.row);
  if (plan.kind === "ga") return heldPrice(plan.row);
  if (plan.kind === "table") return tablePriceOf(plan.rows);
  return plan.entry.price;
}

/**
 * Books what the token holds (docs/events.md#seat-actions): atomic over the batch; seats already booked under the
 * token come back unchanged with their bookedAt and no new event; a GA area books the token's
 * whole held quantity.
 */
export function book(tx: Tx, req: BookRequest): Outcome<BookResult> {
  const failed: FailedEntry[] = [];
  const plans: BookPlan[] = [];
  for (const label of new Set(req.objectLabels)) {
    if (tx.object(label)?.objectType === "table") {
      const plan = tableBooking(tx, label, req.holdToken);
      if (plan.kind === "refused") failed.push({ objectLabel: label, reason: plan.reason });
      else plans.push(plan.kind === "done" ? { kind: "done", entry: plan.entry } : { kind: "table", table: label, rows: plan.rows });
      continue;
    }
    if (isGa(tx, label)) {
      const row = gaRow(tx.sql, label, req.holdToken);
      if (row && row.held > 0 && isLiveHold(row, tx.now)) plans.push({ kind: "ga", row });
      else if (row && row.booked > 0)
        plans.push({
          kind: "done",
          entry: withOrder(
            priced(
              { objectLabel: label, status: "booked" as const, bookedAt: row.booked_at!, extraData: parseExtra(row.extra), quantity: row.booked },
              bookedPrice(row),
            ),
            row.order_id,
          ),
        });
      else failed.push({ objectLabel: label, reason: "not_held_by_token" });
      continue;
    }
    const row = seatRow(tx.sql, label);
    if (!row) failed.push({ objectLabel: label, reason: tx.object(label) ? "not_held_by_token" : "unknown_label" });
    // A seat taken with its table is booked with it (docs/tables.md).
    else if (row.whole_table !== null) failed.push({ objectLabel: label, reason: TABLE_REASONS.bookWholeTable });
    else if (row.status === "not_for_sale") failed.push({ objectLabel: label, reason: "not_for_sale" });
    else if (row.status === "booked") {
      if (row.token === req.holdToken)
        plans.push({
          kind: "done",
          entry: withOrder(
            priced({ objectLabel: label, status: "booked" as const, bookedAt: row.booked_at!, extraData: parseExtra(row.extra) }, rowPrice(row)),
            row.order_id,
          ),
        });
      else failed.push({ objectLabel: label, reason: "booked" });
    } else if (row.token === req.holdToken && isLiveHold(row, tx.now)) plans.push({ kind: "seat", row });
    else failed.push({ objectLabel: label, reason: "not_held_by_token" });
  }
  if (failed.length > 0) return fail("seat_unavailable", "One or more objects are not held by this token; nothing was booked", { failed });
  if (req.expectedTotal !== undefined) {
    // docs/prices.md: what the buyer was shown is what is booked, or nothing is.
    const total = plans.reduce((sum, plan) => {
      const p = planPrice(plan);
      return sum + (p ? p.amount + p.fee : 0);
    }, 0);
    if (total !== req.expectedTotal)
      return fail("price_changed", `The held objects cost ${total} (amount plus fee, in minor units), not ${req.expectedTotal}; nothing was booked`, {
        errors: { expectedTotal: [`the locked total is ${total}`] },
      });
  }

  const bookedAt = iso(tx.now);
  const orderId = req.orderId ?? null;
  const objects: BookedObject[] = plans.map((plan) => {
    if (plan.kind === "done") return plan.entry;
    if (plan.kind === "table") return bookTable(tx, plan.table, plan.rows, bookedAt, orderId);
    if (plan.kind === "seat") {
      const r = plan.row;
      tx.sql.exec("UPDATE seats SET status = 'booked', expires_at = NULL, booked_at = ?, order_id = ? WHERE label = ?", bookedAt, orderId, r.label);
      const price = rowPrice(r);
      tx.change(
        {
          label: r.label,
          objectType: seatType(tx, r.label),
          status: "booked",
          previous: "held",
          cause: "book",
          token: r.token,
          orderId,
          extra: r.extra,
          price,
          revenue: price?.amount,
          ...seasonTags(r),
        },
        { type: "seat.booked" },
      );
      return withOrder(priced({ objectLabel: r.label, status: "booked" as const, bookedAt, extraData: parseExtra(r.extra) }, price), orderId);
    }
    const r = plan.row;
    const at = r.booked_at ?? bookedAt;
    // A later booking of more places under the same token keeps the area's row; its order is the latest.
    const order = orderId ?? r.order_id;
    const previous = areaStatus(tx, r.area);
    const pools = poolsAfter(r, "book");
    // The held places' locked prices join what the token booked before (docs/prices.md).
    const held = parsePlaces(r.held_price);
    const was = parsePlaces(r.booked_price);
    const booked = held === null ? was : { currency: held.currency, lines: mergeLines(was?.lines ?? [], held.lines) };
    tx.sql.exec(
      "UPDATE ga SET booked = booked + held, held = 0, expires_at = NULL, booked_at = ?, updated_at = ?, order_id = ?, channel = ?, pools = ?, held_price = NULL, booked_price = ? WHERE area = ? AND token = ?",
      at,
      tx.now,
      order,
      pools.channel,
      pools.pools,
      placesJson(booked),
      r.area,
      r.token,
    );
    const price = held ? placesPrice(held) : undefined;
    recordGaChange(
      tx,
      r.area,
      previous,
      { cause: "book", quantity: r.held, token: r.token, orderId: order, extra: r.extra, price, revenue: price?.amount, ...seasonTags(r) },
      { type: "seat.booked" },
    );
    const entry = { objectLabel: r.area, status: "booked" as const, bookedAt: at, extraData: parseExtra(r.extra), quantity: r.booked + r.held };
    return withOrder(priced(entry, booked ? placesPrice(booked) : undefined), order);
  });
  return ok(withTotal({ eventKey: tx.meta.eventKey, objects }));
}

/** A booked entry, with its order when it has one. */
function withOrder(entry: BookedObject, orderId: string | null): BookedObject {
  return orderId ? { ...entry, orderId } : entry;
}

/** Labels a column matches (a token's or an order's), seats and GA areas. */
function labelsWhere(tx: Tx, column: "token" | "order_id", value: string): string[] {
  // A seat taken with its table is named by its table (docs/tables.md), once.
  const seats = [
    ...new Set(rows<{ label: string }>(tx.sql, `SELECT COALESCE(whole_table, label) AS label FROM seats WHERE ${column} = ?`, value).map((r) => r.label)),
  ];
  const areas = rows<{ area: string }>(tx.sql, `SELECT DISTINCT area FROM ga WHERE ${column} = ?`, value).map((r) => r.area);
  return [...seats, ...areas];
}

/**
 * Releases (docs/events.md#releasing, the orders of docs/status-history.md): a public caller frees only live holds
 * under its token; a secret caller frees held and booked rows, under the token or, without one,
 * anybody's; an order id (secret) narrows to what was booked under that order. Labels that have
 * nothing to free are skipped; the result lists what was freed.
 */
export function release(tx: Tx, req: ReleaseRequest): FreedResult {
  const secret = req.caller === "secret";
  const orderId = secret ? req.orderId : undefined;
  const labels = req.objectLabels
    ? [...new Set(req.objectLabels)]
    : req.holdToken !== undefined
      ? labelsWhere(tx, "token", req.holdToken)
      : orderId !== undefined
        ? labelsWhere(tx, "order_id", orderId)
        : [];
  const freed: FreedObject[] = [];
  for (const label of labels) {
    if (tx.object(label)?.objectType === "table" || (tx.object(label) === null && wholeRows(tx, label).length > 0)) {
      const gone = releaseTable(tx, label, req, orderId);
      if (gone !== null) freed.push(gone);
      continue;
    }
    if (isGa(tx, label)) {
      const candidates =
        req.holdToken !== undefined ? [gaRow(tx.sql, label, req.holdToken)].filter((r): r is GaRow => r !== null) : secret ? gaRows(tx.sql, label) : [];
      let total = 0;
      for (const row of candidates) {
        if (orderId !== undefined && row.order_id !== orderId) continue;
        // An order frees what it booked; places the same token holds besides are not part of it.
        const held = orderId === undefined && row.held > 0 && isLiveHold(row, tx.now) ? row.held : 0;
        const booked = secret ? row.booked : 0;
        if (held + booked === 0) continue;
        const previous = areaStatus(tx, label);
        if (row.booked - booked > 0 || row.held - held > 0) {
          // What stays is all held or all booked: its pools are the row's without the part freed.
          const pools = poolsAfter(row, booked > 0 ? "drop-booked" : "drop-held");
          tx.sql.exec(
            "UPDATE ga SET held = held - ?, booked = booked - ?, expires_at = CASE WHEN held - ? > 0 THEN expires_at END, updated_at = ?, channel = ?, pools = ?, held_price = CASE WHEN ? > 0 THEN NULL ELSE held_price END, booked_price = CASE WHEN ? > 0 THEN NULL ELSE booked_price END WHERE area = ? AND token = ?",
            held,
            booked,
            held,
            tx.now,
            pools.channel,
            pools.pools,
            held,
            booked,
            row.area,
            row.token,
          );
        } else tx.sql.exec("DELETE FROM ga WHERE area = ? AND token = ?", row.area, row.token);
        // The price of what was freed (docs/prices.md); a freed booking takes its amount off the revenue.
        const freedBooked = booked > 0 ? parsePlaces(row.booked_price) : null;
        const freed = bothPlaces(held > 0 ? parsePlaces(row.held_price) : null, freedBooked);
        recordGaChange(
          tx,
          label,
          previous,
          {
            cause: "release",
            quantity: held + booked,
            token: row.token,
            orderId: row.order_id,
            extra: row.extra,
            price: freed ? placesPrice(freed) : undefined,
            revenue: freedBooked ? -placesPrice(freedBooked).amount : undefined,
            ...seasonTags(row),
          },
          { type: "seat.released" },
        );
        total += held + booked;
      }
      if (total > 0) freed.push({ objectLabel: label, status: "free", quantity: total });
      continue;
    }
    const row = seatRow(tx.sql, label);
    // A seat taken with its table is freed with it, by the table's label (docs/tables.md).
    if (!row || row.status === "not_for_sale" || row.whole_table !== null) continue;
    if (req.holdToken !== undefined && row.token !== req.holdToken) continue;
    if (orderId !== undefined && (row.status !== "booked" || row.order_id !== orderId)) continue;
    const liveHeld = row.status === "held" && isLiveHold(row, tx.now);
    const canFree = liveHeld ? req.holdToken !== undefined || secret : row.status === "booked" && secret;
    if (!canFree) continue;
    tx.sql.exec("DELETE FROM seats WHERE label = ?", label);
    const price = rowPrice(row);
    tx.change(
      {
        label,
        objectType: seatType(tx, label),
        status: "free",
        previous: row.status,
        cause: "release",
        token: row.token,
        orderId: row.order_id,
        extra: row.extra,
        price,
        revenue: row.status === "booked" && price ? -price.amount : undefined,
        ...seasonTags(row),
      },
      { type: "seat.released" },
    );
    freed.push({ objectLabel: label, status: "free" });
  }
  return { eventKey: tx.meta.eventKey, objects: freed };
}

/**
 * Moves the expiry of the token's live holds (all, or those named) to now + ttlSeconds. A named
 * label that is not live under the token fails the whole call, as does a token with nothing live.
 */
export function extend(tx: Tx, req: ExtendRequest): Outcome<HoldResult> {
  const seatTargets = new Map<string, SeatRow>();
  const gaTargets = new Map<string, GaRow>();
  const tableTargets = new Map<string, SeatRow[]>();
  if (req.objectLabels) {
    const failed: FailedEntry[] = [];
    for (const label of new Set(req.objectLabels)) {
      if (tx.object(label)?.objectType === "table") {
        const held = liveTableHold(tx, label, req.holdToken);
        if (held !== null) tableTargets.set(label, held);
        else failed.push({ objectLabel: label, reason: "not_held_by_token" });
        continue;
      }
      const ga = gaRow(tx.sql, label, req.holdToken);
      const seat = ga ? null : seatRow(tx.sql, label);
      if (ga && ga.held > 0 && isLiveHold(ga, tx.now)) gaTargets.set(label, ga);
      else if (seat && seat.whole_table === null && seat.status === "held" && seat.token === req.holdToken && isLiveHold(seat, tx.now))
        seatTargets.set(label, seat);
      else failed.push({ objectLabel: label, reason: tx.object(label) ? "not_held_by_token" : "unknown_label" });
    }
    if (failed.length > 0) return fail("seat_unavailable", "One or more objects are not held by this token; nothing was extended", { failed });
  } else {
    for (const r of rows<SeatRow>(
      tx.sql,
      `SELECT ${SEAT_COLUMNS} FROM seats INDEXED BY seats_token WHERE token = ? AND status = 'held' AND expires_at > ?`,
      req.holdToken,
      tx.now,
    )) {
      if (r.whole_table === null) seatTargets.set(r.label, r);
      else tableTargets.set(r.whole_table, [...(tableTargets.get(r.whole_table) ?? []), r]);
    }
    for (const r of rows<GaRow>(tx.sql, `SELECT ${GA_COLUMNS} FROM ga WHERE token = ? AND held > 0 AND expires_at > ?`, req.holdToken, tx.now))
      gaTargets.set(r.area, r);
  }
  if (seatTargets.size + gaTargets.size + tableTargets.size === 0) return fail("seat_unavailable", "Nothing is held under this token", { failed: [] });

  const expiresAt = tx.holdEnd(req.ttlSeconds);
  const objects: HeldObject[] = [];
  for (const [label, row] of seatTargets) {
    tx.sql.exec("UPDATE seats SET expires_at = ? WHERE label = ?", expiresAt, label);
    // The locked price stays (docs/prices.md).
    const price = rowPrice(row);
    tx.change({
      label,
      objectType: seatType(tx, label),
      status: "held",
      previous: "held",
      cause: "extend",
      token: req.holdToken,
      extra: row.extra,
      price,
      ...seasonTags(row),
    });
    objects.push(priced({ objectLabel: label, status: "held" as const, extraData: parseExtra(row.extra) }, price));
  }
  for (const [table, seats] of tableTargets) objects.push(extendTable(tx, table, seats, expiresAt));
  for (const [label, row] of gaTargets) {
    tx.sql.exec("UPDATE ga SET expires_at = ? WHERE area = ? AND token = ?", expiresAt, label, req.holdToken);
    const status = areaStatus(tx, label);
    const price = heldPrice(row);
    recordGaChange(tx, label, status, { cause: "extend", quantity: row.held, token: req.holdToken, extra: row.extra, price, ...seasonTags(row) });
    objects.push(priced({ objectLabel: label, status: "held" as const, extraData: parseExtra(row.extra), quantity: row.held }, price));
  }
  tx.expiry(expiresAt);
  return ok(withTotal({ chartKey: tx.meta.chartKey, eventKey: tx.meta.eventKey, holdToken: req.holdToken, holdExpiresAt: iso(expiresAt), objects }));
}
