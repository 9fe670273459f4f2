import type { LayoutObject } from "../../domain/layout";
import type { BookedObject, FreedObject, HeldObject, ReleaseRequest } from "../../domain/seats";
import { TABLE_REASONS } from "../../domain/tables";
import type { Cause } from "../../domain/status-changes";
import type { Status } from "../../domain/status";
import type { Price } from "../../domain/pricing";
import { absoluteGate, seatGate, type HoldGates } from "../state/policy";
import { rowPrice, seatLock, seatsPrice } from "../state/prices";
import { isLiveHold, parseExtra, rows, SEAT_COLUMNS, seasonTags, seatRow, type SeatRow } from "../state/store";
import type { Tx } from "../state/transaction";
import { lockColumns, priced, quoteSeat, type SeatQuote } from "./hold-prices";

/**
 * A table taken whole (docs/tables.md). Its seats are ordinary seat rows, each naming the table in
 * `whole_table`, so every read of a seat, every count of the selection rules and best available's
 * occupancy see them taken like any seat; the history and the webhooks see one change of the table
 * (`objectType: "table"` with `seatLabels`), and the seats' own views follow without records of
 * their own (Tx.followSeat). A table's status is derived from its seats' rows (table-status.ts).
 * Its price (docs/prices.md) is each seat's, locked on the seat's row as a seat's is, and shown
 * for the table as their sum with lines by ticket type and channel.
 */

/** How a table hold can go: refused with a reason, a ticket type its seats do not have, a retry of this token's own hold, or free to take. */
export type TablePlan =
  | { kind: "refused"; reason: string }
  | { kind: "invalid"; message: string }
  | { kind: "retry"; rows: SeatRow[] }
  | { kind: "free"; table: LayoutObject; seats: string[]; expired: SeatRow[]; quotes: SeatQuote[] };

/** The seat rows taken with a table whole. */
export function wholeRows(tx: Tx, table: string): SeatRow[] {
  return rows<SeatRow>(tx.sql, `SELECT ${SEAT_COLUMNS} FROM seats WHERE whole_table = ? ORDER BY rowid`, table);
}

/**
 * Whether `token` may hold `table` whole now: its mode allows it (not by_seat), and every seat is
 * free (an expired hold counts as free), passes the hold's gates and is priced (each seat by its
 * category, with `ticketType` when the hold names one for the table); or the token already holds
 * it whole (a retry). Reads only.
 */
export function planTable(tx: Tx, gates: HoldGates, table: LayoutObject, token: string, ticketType?: string): TablePlan {
  if (gates.tables.mode(table.label) === "by_seat") return { kind: "refused", reason: TABLE_REASONS.bookBySeat };
  const seats = table.seatLabels ?? [];
  const expired: SeatRow[] = [];
  const quotes: SeatQuote[] = [];
  let mine = 0;
  for (const label of seats) {
    const obj = tx.holdable(label);
    if (!obj || obj.objectType !== "seat") return { kind: "refused", reason: "unknown_label" };
    const row = seatRow(tx.sql, label);
    if (row && row.status === "held" && !isLiveHold(row, tx.now)) expired.push(row);
    else if (row) {
      if (row.whole_table !== table.label) return { kind: "refused", reason: TABLE_REASONS.partiallyTaken };
      if (row.status === "held" && row.token === token) {
        mine++;
        continue;
      }
      return { kind: "refused", reason: row.status };
    }
    const gate = seatGate(gates, obj, true);
    if (gate !== null && (absoluteGate(gate) || !row)) return { kind: "refused", reason: gate };
    const quote = quoteSeat(gates.price, obj, ticketType);
    if (quote.kind === "invalid") return { kind: "invalid", message: quote.message };
    if (quote.kind === "not_priced") return { kind: "refused", reason: "not_priced" };
    quotes.push(quote);
  }
  if (mine === seats.length && seats.length > 0) return { kind: "retry", rows: wholeRows(tx, table.label) };
  if (mine > 0) return { kind: "refused", reason: TABLE_REASONS.partiallyTaken };
  return { kind: "free", table, seats, expired, quotes };
}

/** Takes a free table whole under the token (inside the hold's transaction): its seats' rows and one record of the table. */
export function takeTable(
  tx: Tx,
  plan: Extract<TablePlan, { kind: "free" }>,
  hold: { token: string; expiresAt: number; extra: string | null; client: string | null; pass(label: string): string | null },
): HeldObject {
  for (const row of plan.expired) expireWhole(tx, row);
  plan.seats.forEach((label, i) => {
    tx.sql.exec(
      "INSERT INTO seats (label, status, token, expires_at, booked_at, extra_id, client, pass, whole_table, price_amount, price_fee, price_currency, ticket_type, price_channel) VALUES (?, 'held', ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      label,
      hold.token,
      hold.expiresAt,
      tx.extraId(hold.extra),
      hold.client,
      hold.pass(label),
      plan.table.label,
      ...lockColumns(plan.quotes[i] ?? { kind: "none" }),
    );
    tx.followSeat(label, "held", "free");
  });
  const price = seatsPrice(plan.quotes.map((q) => (q.kind === "lock" ? q.lock : undefined)));
  tx.change(
    {
      label: plan.table.label,
      objectType: "table",
      status: "held",
      previous: "free",
      cause: "hold",
      token: hold.token,
      extra: hold.extra,
      seatLabels: plan.seats,
      price,
    },
    { type: "seat.held", holdExpiresAt: hold.expiresAt },
  );
  tx.expiry(hold.expiresAt);
  return priced({ objectLabel: plan.table.label, status: "held" as const, extraData: parseExtra(hold.extra), seatLabels: plan.seats }, price);
}

/** A retry of the token's hold of a table whole: as held, with the price its seats locked. */
export function retriedTable(table: string, seats: readonly SeatRow[]): HeldObject {
  const entry = { objectLabel: table, status: "held" as const, extraData: parseExtra(seats[0]!.extra), seatLabels: seats.map((r) => r.label) };
  return priced(entry, tablePriceOf(seats));
}

/** The price of a table taken whole, from its seats' rows (undefined when none is priced). */
export function tablePriceOf(seats: readonly SeatRow[]): Price | undefined {
  return seatsPrice(seats.map(seatLock));
}

/**
 * Frees a seat row whose hold expired: a seat alone (its own record), or, when it was taken with
 * its table, the whole table at once (one record of the table), as the sweep and a takeover do.
 * A row already gone (its table expired a moment ago in the same sweep) is left alone.
 */
export function expireWhole(tx: Tx, row: SeatRow): void {
  if (row.whole_table === null) {
    tx.sql.exec("DELETE FROM seats WHERE label = ? AND status = 'held'", row.label);
    tx.change(
      {
        label: row.label,
        objectType: seatType(tx, row.label),
        status: "free",
        previous: "held",
        cause: "expire",
        token: row.token,
        extra: row.extra,
        price: rowPrice(row),
        ...seasonTags(row),
      },
      { type: "seat.hold_expired", holdExpiresAt: row.expires_at },
    );
    return;
  }
  const seats = wholeRows(tx, row.whole_table).filter((r) => r.status === "held" && r.token === row.token);
  if (seats.length === 0) return;
  freeTable(tx, row.whole_table, seats, "expire", { type: "seat.hold_expired", holdExpiresAt: row.expires_at });
}

/** A seat row's object type: a booth's row is a booth's (docs/tables.md). */
export function seatType(tx: Tx, label: string): "seat" | "booth" {
  return tx.object(label)?.objectType === "booth" ? "booth" : "seat";
}

/** Deletes a table's rows and records one change of the table: an expiry, a release, a season's undo. */
export function freeTable(
  tx: Tx,
  table: string,
  seats: readonly SeatRow[],
  cause: Cause,
  event: { type: "seat.released" | "seat.hold_expired"; holdExpiresAt?: number | null },
): FreedObject {
  const first = seats[0]!;
  const previous: Status = first.status;
  const price = tablePriceOf(seats);
  for (const r of seats) {
    tx.sql.exec("DELETE FROM seats WHERE label = ?", r.label);
    tx.followSeat(r.label, "free", r.status);
  }
  tx.change(
    {
      label: table,
      objectType: "table",
      status: "free",
      previous,
      cause,
      token: first.token,
      orderId: first.order_id,
      extra: first.extra,
      seatLabels: seats.map((r) => r.label),
      price,
      // A booking freed takes its amount off the revenue (docs/prices.md).
      revenue: previous === "booked" && price ? -price.amount : undefined,
      ...seasonTags(first),
    },
    event,
  );
  return { objectLabel: table, status: "free" };
}

/** Books a table the token holds whole: every seat row booked, one record of the table. */
export function bookTable(tx: Tx, table: string, seats: readonly SeatRow[], bookedAt: string, orderId: string | null): BookedObject {
  const first = seats[0]!;
  const price = tablePriceOf(seats);
  for (const r of seats) {
    tx.sql.exec("UPDATE seats SET status = 'booked', expires_at = NULL, booked_at = ?, order_id = ? WHERE label = ?", bookedAt, orderId, r.label);
    tx.followSeat(r.label, "booked", "held");
  }
  tx.change(
    {
      label: table,
      objectType: "table",
      status: "booked",
      previous: "held",
      cause: "book",
      token: first.token,
      orderId,
      extra: first.extra,
      seatLabels: seats.map((r) => r.label),
      price,
      revenue: price?.amount,
      ...seasonTags(first),
    },
    { type: "seat.booked" },
  );
  const entry: BookedObject = priced(
    { objectLabel: table, status: "booked" as const, bookedAt, extraData: parseExtra(first.extra), seatLabels: seats.map((r) => r.label) },
    price,
  );
  return orderId ? { ...entry, orderId } : entry;
}

/** Moves the expiry of a table the token holds whole: every seat row, one record of the table. */
export function extendTable(tx: Tx, table: string, seats: readonly SeatRow[], expiresAt: number): HeldObject {
  const first = seats[0]!;
  // The locked price stays (docs/prices.md).
  const price = tablePriceOf(seats);
  for (const r of seats) {
    tx.sql.exec("UPDATE seats SET expires_at = ? WHERE label = ?", expiresAt, r.label);
    tx.followSeat(r.label, "held", "held");
  }
  tx.change({
    label: table,
    objectType: "table",
    status: "held",
    previous: "held",
    cause: "extend",
    token: first.token,
    extra: first.extra,
    seatLabels: seats.map((r) => r.label),
    price,
    ...seasonTags(first),
  });
  return priced({ objectLabel: table, status: "held" as const, extraData: parseExtra(first.extra), seatLabels: seats.map((r) => r.label) }, price);
}

/** The live hold of a table by a token: its rows when the token holds it whole and the hold is live, else null. */
export function liveTableHold(tx: Tx, table: string, token: string): SeatRow[] | null {
  const seats = wholeRows(tx, table);
  if (seats.length === 0 || !seats.every((r) => r.status === "held" && r.token === token && isLiveHold(r, tx.now))) return null;
  return seats;
}

/** How a table label books under a token: its live hold of the table whole, a retry of its booking, or a refusal. */
export function tableBooking(
  tx: Tx,
  table: string,
  token: string,
): { kind: "hold"; rows: SeatRow[] } | { kind: "done"; entry: BookedObject } | { kind: "refused"; reason: string } {
  const seats = wholeRows(tx, table);
  if (seats.length > 0 && seats.every((r) => r.status === "booked" && r.token === token)) {
    const first = seats[0]!;
    const entry: BookedObject = priced(
      { objectLabel: table, status: "booked" as const, bookedAt: first.booked_at!, extraData: parseExtra(first.extra), seatLabels: seats.map((r) => r.label) },
      tablePriceOf(seats),
    );
    return { kind: "done", entry: first.order_id ? { ...entry, orderId: first.order_id } : entry };
  }
  const held = liveTableHold(tx, table, token);
  if (held !== null) return { kind: "hold", rows: held };
  return { kind: "refused", reason: seats.length > 0 && seats[0]!.status === "booked" ? "booked" : "not_held_by_token" };
}

/**
 * Frees a table taken whole as a release of its label may, by the rules of a seat's release: a
 * live hold under the token (or any with a secret key), a booking with a secret key, an order's
 * booking by its id. Null when there is nothing to free.
 */
export function releaseTable(tx: Tx, table: string, req: ReleaseRequest, orderId: string | undefined): FreedObject | null {
  const secret = req.caller === "secret";
  const seats = wholeRows(tx, table).filter((r) => r.status !== "not_for_sale");
  if (seats.length === 0) return null;
  const first = seats[0]!;
  if (req.holdToken !== undefined && first.token !== req.holdToken) return null;
  if (orderId !== undefined && (first.status !== "booked" || first.order_id !== orderId)) return null;
  const liveHeld = first.status === "held" && isLiveHold(first, tx.now);
  const canFree = liveHeld ? req.holdToken !== undefined || secret : first.status === "booked" && secret;
  if (!canFree) return null;
  return freeTable(tx, table, seats, "release", { type: "seat.released" });
}
