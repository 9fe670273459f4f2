import type { LayoutObject } from "../../domain/layout";
import { TABLE_REASONS } from "../../domain/tables";
import { isLiveHold, seatRow } from "../state/store";
import type { Tx } from "../state/transaction";
import { expireWhole, wholeRows } from "./tables";

/**
 * A table off sale and back (docs/events.md#seat-actions with docs/tables.md): its free seats leave sale together, named by
 * the table (each seat's row says so), so the table shows `not_for_sale` and one record tells of
 * it. Seats already off sale one by one, held or booked stop it.
 */

/** Why a table cannot go off sale now, or null: every seat is free or already off sale with the table. */
export function tableOffSaleBlocker(tx: Tx, table: LayoutObject): string | null {
  for (const label of table.seatLabels ?? []) {
    const row = seatRow(tx.sql, label);
    if (row === null || (row.status === "held" && !isLiveHold(row, tx.now))) continue;
    if (row.status === "not_for_sale" && row.whole_table === table.label) continue;
    if (row.status === "not_for_sale") return TABLE_REASONS.partiallyTaken;
    return row.status;
  }
  return null;
}

/** Takes a table's free seats off sale (after {@link tableOffSaleBlocker} found nothing in the way). */
export function tableOffSale(tx: Tx, table: LayoutObject): void {
  const taken: string[] = [];
  for (const label of table.seatLabels ?? []) {
    const row = seatRow(tx.sql, label);
    if (row !== null && row.status === "held") expireWhole(tx, row);
    else if (row !== null) continue;
    tx.sql.exec(
      "INSERT INTO seats (label, status, token, expires_at, booked_at, extra, whole_table) VALUES (?, 'not_for_sale', NULL, NULL, NULL, NULL, ?)",
      label,
      table.label,
    );
    tx.followSeat(label, "not_for_sale", "free");
    taken.push(label);
  }
  if (taken.length === 0) return;
  tx.change({ label: table.label, objectType: "table", status: "not_for_sale", previous: "free", cause: "not_for_sale", extra: null, seatLabels: taken });
}

/** Returns a table's seats that went off sale with it; false when none had. */
export function tableForSale(tx: Tx, table: string): boolean {
  const seats = wholeRows(tx, table).filter((r) => r.status === "not_for_sale");
  if (seats.length === 0) return false;
  for (const r of seats) {
    tx.sql.exec("DELETE FROM seats WHERE label = ?", r.label);
    tx.followSeat(r.label, "free", "not_for_sale");
  }
  tx.change({
    label: table,
    objectType: "table",
    status: "free",
    previous: "not_for_sale",
    cause: "for_sale",
    extra: null,
    seatLabels: seats.map((r) => r.label),
  });
  return true;
}
