import type { Status } from "../../domain/status";
import type { Change } from "./status-history";
import { first, GA_COLUMNS, rows, type GaRow } from "./store";
import type { Tx } from "./transaction";

// A GA area's places as the object keeps them: one `ga` row per (area, hold token) with its held
// and booked quantities, and the area's not-for-sale places. Read by decisions and reads alike; the
// hold itself is decided in decisions/ga.ts.

/** Live counts of a GA area: expired holds count as zero whether or not the sweep has run. */
export interface AreaCounts {
  held: number;
  booked: number;
  /** Places not for sale (docs/channels.md); absent or 0 when none. */
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
type GaChange = Pick<Change, "cause" | "quantity" | "token" | "orderId" | "extra" | "seasonKey" | "partialSeasonKey" | "price" | "revenue">;

/** Records a change of a GA area (and its webhook event): the area's derived status and totals after it. */
export function recordGaChange(tx: Tx, area: string, previous: Status, c: GaChange, event?: Parameters<Tx["change"]>[1]): void {
  const counts = areaCounts(tx.sql, area, tx.now);
  const status = gaStatus(tx.object(area)?.capacity ?? 0, counts);
  tx.change({ label: area, objectType: "generalAdmission", status, previous, held: counts.held, booked: counts.booked, ...c }, event);
}
