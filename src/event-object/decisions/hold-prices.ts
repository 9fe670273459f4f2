import type { LayoutObject } from "../../domain/layout";
import type { HoldTicketTypes, Price, Total } from "../../domain/pricing";
import { totalOf, unitQuote, type PlacesPrice, type PriceLine } from "../../domain/price-quote";
import type { PoolPlaces } from "../state/ga-pools";
import type { PriceGate } from "../state/policy";
import { seatPrice, type SeatLock } from "../state/prices";

/**
 * What a hold locks (docs/prices.md), under the hold policy's price gate: the price of each seat and
 * of each GA place, decided inside the hold's transaction from the pricing the policy was built
 * with, and stored with the reservation (state/prices.ts) so that nothing changes it while the
 * hold lives.
 */

/** A seat's price for this hold: locked, none (no pricing, or a secret key's unpriced category), refused, or a bad ticket type. */
export type SeatQuote = { kind: "lock"; lock: SeatLock } | { kind: "none" } | { kind: "not_priced" } | { kind: "invalid"; message: string };

/** The price of a seat held under `gate`, with the ticket type asked for (or the category's first). */
export function quoteSeat(gate: PriceGate, obj: LayoutObject, ticketType: string | undefined): SeatQuote {
  if (gate.kind === "unpriced") return ticketType === undefined ? { kind: "none" } : { kind: "invalid", message: NO_TICKET_TYPES };
  const pool = gate.poolOf(obj.label);
  const q = unitQuote(gate.pricing, obj.categoryKey, pool, ticketType);
  if (q.kind === "unknown_ticket_type") return { kind: "invalid", message: q.message };
  if (q.kind === "not_priced") return gate.unpricedAllowed ? { kind: "none" } : { kind: "not_priced" };
  return { kind: "lock", lock: { amount: q.amount, fee: q.fee, currency: gate.pricing.currency, ticketType: q.ticketType, channel: pool } };
}

const NO_TICKET_TYPES = "this event has no prices, so no ticket types";

/** The seat columns of a lock, in the order price_amount, price_fee, price_currency, ticket_type, price_channel. */
export function lockColumns(q: SeatQuote): [number | null, number | null, string | null, string | null, string | null] {
  if (q.kind !== "lock") return [null, null, null, null, null];
  return [q.lock.amount, q.lock.fee, q.lock.currency, q.lock.ticketType, q.lock.channel];
}

/** The price an answer shows for a seat quote. */
export function quotePrice(q: SeatQuote): Price | undefined {
  return q.kind === "lock" ? seatPrice(q.lock) : undefined;
}

/** The ticket type a seat hold asks for a label (a GA area's mix is read by {@link quotePlaces}). */
export function seatTicketType(types: HoldTicketTypes, label: string): string | undefined {
  const t = types?.[label];
  return typeof t === "string" ? t : undefined;
}

/** GA places' price for this hold: locked lines, none, refused, or a bad ticket type. */
export type PlacesQuote = { kind: "lock"; places: PlacesPrice } | { kind: "none" } | { kind: "not_priced" } | { kind: "invalid"; message: string };

/**
 * The price of `quantity` places of a GA area taken from the pools `taken` (in the order taken),
 * with the ticket-type mix asked for (`{ ticketTypeKey: quantity }`, in its order; places beyond
 * it take the category's first ticket type). Each place is priced by its ticket type, or by its
 * pool's channel price; equal places of one pool are one line.
 */
export function quotePlaces(gate: PriceGate, obj: LayoutObject, taken: PoolPlaces, mix: Record<string, number> | undefined): PlacesQuote {
  if (gate.kind === "unpriced") return mix === undefined ? { kind: "none" } : { kind: "invalid", message: NO_TICKET_TYPES };
  const types: (string | undefined)[] = [];
  for (const [key, n] of Object.entries(mix ?? {})) for (let i = 0; i < n; i++) types.push(key);
  const lines: PriceLine[] = [];
  let place = 0;
  for (const [pool, n] of taken) {
    for (let i = 0; i < n; i++, place++) {
      const q = unitQuote(gate.pricing, obj.categoryKey, pool, types[place]);
      if (q.kind === "unknown_ticket_type") return { kind: "invalid", message: q.message };
      if (q.kind === "not_priced") return gate.unpricedAllowed ? { kind: "none" } : { kind: "not_priced" };
      const same = lines.find((l) => l.ticketType === q.ticketType && l.channel === pool && l.amount === q.amount);
      if (same) same.quantity++;
      else lines.push({ ticketType: q.ticketType, channel: pool, quantity: 1, amount: q.amount, fee: q.fee });
    }
  }
  return { kind: "lock", places: { currency: gate.pricing.currency, lines } };
}

/** `n` places of the open pool: enough to check a ticket-type mix before the pools are chosen. */
export function openPool(n: number): PoolPlaces {
  return new Map([[null, n]]);
}

/** A held or booked object with its locked price, when it has one. */
export function priced<T extends object>(object: T, price: Price | undefined): T & { price?: Price } {
  return price === undefined ? object : { ...object, price };
}

/** A hold's answer with its objects' total (docs/prices.md), when any of them is priced. */
export function withTotal<T extends { objects: { price?: Price }[]; total?: Total }>(answer: T): T {
  const total = totalOf(answer.objects.map((o) => o.price));
  if (total !== null) answer.total = total;
  return answer;
}

/**
 * Best available's `ticketTypes` (`{ ticketTypeKey: count }`, docs/prices.md) as one ticket type per
 * chosen seat, in the order the seats were chosen; the seats past its end take the default.
 */
export function ticketTypeQueue(types: Record<string, number>): string[] {
  return Object.entries(types).flatMap(([key, n]) => Array<string>(n).fill(key));
}
