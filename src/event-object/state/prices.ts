import type { Price, Pricing } from "../../domain/pricing";
import { mergeLines, placesPrice, type PlacesPrice, type PriceLine } from "../../domain/price-quote";
import { getMeta, setMeta, type GaRow, type SeatRow } from "./store";

/**
 * Prices as the event's object keeps them (docs/prices.md):
 * - meta "pricing": the event's pricing, kept in memory too, so a hold's policy costs no read;
 * - seats.price_*: the price locked with a seat's hold (amount, fee, currency, ticket type, the
 *   channel it was taken from), written by the hold's own INSERT and gone with the row;
 * - ga.held_price / ga.booked_price: a token's held and booked places of an area, as lines of
 *   (ticket type, pool, quantity, price of each place), JSON.
 * A season's pricing is not kept here: it comes with each season hold's prepare.
 */
export class PricingState {
  private cached: Pricing | null | undefined = undefined;

  constructor(private readonly sql: SqlStorage) {}

  /** The event's pricing, or null without one. */
  current(): Pricing | null {
    if (this.cached === undefined) this.cached = getMeta<Pricing>(this.sql, "pricing");
    return this.cached;
  }

  /** Replaces the pricing (null removes it), inside the caller's transaction. */
  set(pricing: Pricing | null): void {
    setMeta(this.sql, "pricing", pricing);
    this.cached = pricing;
  }

  /** Forgets the kept copy (the storage was wiped, or a transaction that set it rolled back). */
  clear(): void {
    this.cached = undefined;
  }
}

/** A seat's locked price as its row keeps it. */
export interface SeatLock {
  amount: number;
  fee: number;
  currency: string;
  ticketType: string | null;
  /** The pool the seat was taken from (a channel key, null for the open pool): the sales report's channel. */
  channel: string | null;
}

/** The price locked on a seat's row, or undefined for an unpriced seat. */
export function seatLock(row: Pick<SeatRow, "price_amount" | "price_fee" | "price_currency" | "ticket_type" | "price_channel">): SeatLock | undefined {
  if (row.price_amount === null || row.price_currency === null) return undefined;
  return { amount: row.price_amount, fee: row.price_fee ?? 0, currency: row.price_currency, ticketType: row.ticket_type, channel: row.price_channel };
}

/** A seat's locked price as answers, status entries, history and webhooks show it. */
export function seatPrice(lock: SeatLock | undefined): Price | undefined {
  if (!lock) return undefined;
  const price: Price = { amount: lock.amount, fee: lock.fee, currency: lock.currency };
  if (lock.ticketType !== null) price.ticketType = lock.ticketType;
  return price;
}

/** The price of a seat row, as {@link seatPrice}. */
export function rowPrice(row: SeatRow): Price | undefined {
  return seatPrice(seatLock(row));
}

/**
 * The price of seats taken together (a table taken whole, docs/tables.md): their locked prices
 * added up, with lines by ticket type and channel as a GA area's places have; undefined when none
 * of them is priced.
 */
export function seatsPrice(locks: readonly (SeatLock | undefined)[]): Price | undefined {
  let currency: string | null = null;
  let lines: PriceLine[] = [];
  for (const l of locks) {
    if (!l) continue;
    currency ??= l.currency;
    lines = mergeLines(lines, [{ ticketType: l.ticketType, channel: l.channel, quantity: 1, amount: l.amount, fee: l.fee }]);
  }
  return currency === null ? undefined : placesPrice({ currency, lines });
}

/** Parses a GA row's price column (held_price or booked_price). */
export function parsePlaces(json: string | null): PlacesPrice | null {
  return json === null ? null : (JSON.parse(json) as PlacesPrice);
}

/** A GA row's price column, written. */
export function placesJson(p: PlacesPrice | null): string | null {
  return p === null || p.lines.length === 0 ? null : JSON.stringify(p);
}

/** The price of a token's held places of an area, or undefined. */
export function heldPrice(row: Pick<GaRow, "held_price">): Price | undefined {
  const p = parsePlaces(row.held_price);
  return p ? placesPrice(p) : undefined;
}

/** The price of a token's booked places of an area, or undefined. */
export function bookedPrice(row: Pick<GaRow, "booked_price">): Price | undefined {
  const p = parsePlaces(row.booked_price);
  return p ? placesPrice(p) : undefined;
}

/** The places of two prices together (held and booked places freed together), or the one there is. */
export function bothPlaces(a: PlacesPrice | null, b: PlacesPrice | null): PlacesPrice | null {
  if (a === null) return b;
  if (b === null) return a;
  return { currency: a.currency, lines: [...a.lines, ...b.lines] };
}

/**
 * The first `quantity` places of lines (a part of a token's places: the price of the places a
 * change concerns when it is not all of them), and the rest.
 */
export function splitLines(lines: readonly PriceLine[], quantity: number): [PriceLine[], PriceLine[]] {
  const taken: PriceLine[] = [];
  const rest: PriceLine[] = [];
  let left = quantity;
  for (const l of lines) {
    const n = Math.min(left, l.quantity);
    if (n > 0) taken.push({ ...l, quantity: n });
    if (l.quantity - n > 0) rest.push({ ...l, quantity: l.quantity - n });
    left -= n;
  }
  return [taken, rest];
}
