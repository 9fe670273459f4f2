import { tableModeOf, type TableBooking, type TableMode } from "../../domain/tables";
import type { SellingIndex } from "../../selling/selling-index";
import { getMeta, setMeta } from "./store";
import type { TableGate } from "./policy";

/** The table booking of an event that never set one: every table by seat. */
export const DEFAULT_TABLE_BOOKING: TableBooking = Object.freeze({ mode: "by_seat" });

/**
 * How the event books its tables (docs/tables.md), kept in meta ("table_booking") and in memory,
 * where holdPolicy() reads it for every hold: the hold's `tables` gate, and the mask of seats that
 * best available may take one by one.
 */
export class TableBookingState {
  private cache: TableBooking | undefined = undefined;
  /** Seats a hold may take one by one (1) per selling index, until the booking changes. */
  private masks = new WeakMap<SellingIndex, Uint8Array | null>();

  constructor(private readonly sql: SqlStorage) {}

  /** The event's table booking (by_seat for every table when never set). */
  current(): TableBooking {
    this.cache ??= getMeta<TableBooking>(this.sql, "table_booking") ?? DEFAULT_TABLE_BOOKING;
    return this.cache;
  }

  /** Replaces it (inside the caller's transaction). */
  set(booking: TableBooking): void {
    const isDefault = booking.mode === "by_seat" && Object.keys(booking.tables ?? {}).length === 0;
    setMeta(this.sql, "table_booking", isDefault ? null : booking);
    this.cache = booking;
    this.masks = new WeakMap();
  }

  /** The mode of one table. */
  modeOf(tableLabel: string): TableMode {
    return tableModeOf(this.current(), tableLabel);
  }

  /** The hold's gate: every table's mode as the event has it now. */
  gate(): TableGate {
    const booking = this.current();
    return Object.freeze({ kind: "modes" as const, mode: (label: string) => tableModeOf(booking, label) });
  }

  /**
   * Which seats of the selling index best available may take one by one: 0 for the seats of a
   * table booked only whole. Null when every seat may be (no table is by_table), so the search
   * pays nothing for tables an event does not book whole.
   */
  seatMask(index: SellingIndex): Uint8Array | null {
    const known = this.masks.get(index);
    if (known !== undefined) return known;
    let mask: Uint8Array | null = null;
    for (let t = 0; t < index.tables.length; t++) {
      if (this.modeOf(index.tables[t]!.label) !== "by_table") continue;
      mask ??= new Uint8Array(index.size).fill(1);
      const row = index.tables[t]!.row;
      mask.fill(0, index.rowStart[row]!, index.rowStart[row]! + index.rowLength[row]!);
    }
    this.masks.set(index, mask);
    return mask;
  }

  /** The wake's caches are stale (storage wiped, or a transaction rolled back). */
  clear(): void {
    this.cache = undefined;
    this.masks = new WeakMap();
  }
}
