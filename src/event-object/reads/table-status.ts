import type { TableStatusEntry } from "../../domain/tables";
import type { LayoutIndex } from "../state/layout-index";
import type { SeatStatus } from "../state/store";

/**
 * A table's status (docs/tables.md), derived from its seats' rows: a table has no row of its own.
 * Taken whole (its seats' rows name it): the status they share, with the hold's expiry. Some seats
 * taken one by one: `partially_taken`. Nothing taken: free, and no entry at all.
 */

/** A non-free seat as the table derivation reads it. */
export interface SeatOfTable {
  label: string;
  status: SeatStatus;
  expiresAt: number | null;
  /** The table it was taken with whole, or null. */
  whole: string | null;
  token?: string | null;
  extra?: string | null;
  orderId?: string | null;
  seasonKey?: string | null;
  partialSeasonKey?: string | null;
}

/** One table's derived state: the row of a seat taken with it whole, or the knowledge that some seat is taken alone. */
interface Derived {
  whole: SeatOfTable | null;
}

/**
 * The tables some of whose seats are not free, in the order their first such seat comes, each with
 * the row that decides its status. Empty without tables (no look-up is made).
 */
export function derivedTables(layout: LayoutIndex, seats: Iterable<SeatOfTable>): Map<string, Derived> {
  const out = new Map<string, Derived>();
  if (!layout.hasTables) return out;
  for (const seat of seats) {
    const table = seat.whole ?? layout.tableOf(seat.label);
    if (table === undefined) continue;
    const known = out.get(table);
    if (known === undefined) out.set(table, { whole: seat.whole === table ? seat : null });
    else if (known.whole === null && seat.whole === table) known.whole = seat;
  }
  return out;
}

/**
 * The free seats of channels hidden from a reader (docs/security.md) as the table derivation reads
 * them: not for sale, and deciding their table's status, since that reader cannot take the table
 * whole. Their tables then read not for sale, as the seats do, and say nothing of the channel.
 */
export function hiddenTableSeats(layout: LayoutIndex, hidden: Iterable<string>): SeatOfTable[] {
  const out: SeatOfTable[] = [];
  if (!layout.hasTables) return out;
  for (const label of hidden) {
    const table = layout.tableOf(label);
    if (table !== undefined) out.push({ label, status: "not_for_sale", expiresAt: null, whole: table });
  }
  return out;
}

/** How an entry is told: who asks (extraData and orders for a secret key) and the token it flags. */
export interface TableView {
  secret: boolean;
  holdToken?: string;
  now: number;
  iso: (ms: number) => string;
}

/** The status entry of a derived table. */
export function tableEntry(layout: LayoutIndex, table: string, d: Derived, view: TableView): TableStatusEntry {
  const w = d.whole;
  const entry: TableStatusEntry = {
    objectLabel: table,
    objectType: "table",
    status: w === null ? "partially_taken" : w.status,
    categoryKey: layout.categoryOf(table) ?? null,
    seatLabels: layout.object(table)?.seatLabels ?? [],
  };
  if (w === null) return entry;
  if (w.status === "held" && w.expiresAt !== null) entry.holdExpiresAt = view.iso(w.expiresAt);
  if (w.status === "held" && view.holdToken !== undefined && w.token === view.holdToken && (w.expiresAt ?? 0) > view.now) entry.mine = true;
  if (view.secret) {
    if (w.extra !== undefined) entry.extraData = w.extra === null ? null : (JSON.parse(w.extra) as TableStatusEntry["extraData"]);
    if (w.orderId) entry.orderId = w.orderId;
  }
  if (w.seasonKey) entry.seasonKey = w.seasonKey;
  if (w.partialSeasonKey) entry.partialSeasonKey = w.partialSeasonKey;
  return entry;
}

/** The status entries of every table `seats` make non-free. */
export function tableEntries(layout: LayoutIndex, seats: Iterable<SeatOfTable>, view: TableView): TableStatusEntry[] {
  return [...derivedTables(layout, seats)].map(([table, d]) => tableEntry(layout, table, d, view));
}

/** A table's entry when it is free (the live feed's "free" for a table freed since the last message). */
export function freeTableEntry(layout: LayoutIndex, table: string): TableStatusEntry {
  return {
    objectLabel: table,
    objectType: "table",
    status: "free",
    categoryKey: layout.categoryOf(table) ?? null,
    seatLabels: layout.object(table)?.seatLabels ?? [],
  };
}
