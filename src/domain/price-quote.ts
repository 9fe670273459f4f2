import type { Fee, Price, Pricing, Total } from "./pricing";

/**
 * The arithmetic of prices (docs/prices.md), shared by the event object, the reports, the SDK and
 * the dashboard so that every one of them computes the same figure. Integers in minor units only:
 * a fee percent is turned into hundredths of a percent (an integer) before it meets an amount.
 */

/**
 * The fee of one object (one GA place) of `amount`: `percent` of the amount rounded half up to a
 * whole minor unit, plus `fixed`. 2.5% of 1,250 is 31.25 → 31; of 1,260 is 31.5 → 32.
 */
export function feeOf(amount: number, fee: Fee | undefined): number {
  if (!fee) return 0;
  const hundredths = Math.round((fee.percent ?? 0) * 100);
  return Math.floor((amount * hundredths + 5_000) / 10_000) + (fee.fixed ?? 0);
}

/** The price of one seat or GA place under a pricing, or why it has none. */
export type UnitQuote =
  { kind: "price"; amount: number; fee: number; ticketType: string | null } | { kind: "not_priced" } | { kind: "unknown_ticket_type"; message: string };

/**
 * One seat's or place's price: its category's amount, or the ticket type asked for (else the
 * first); a channel's price for the category replaces the amount when the object is taken from
 * that channel (`pool`, null for the open pool), whatever its ticket type.
 */
export function unitQuote(pricing: Pricing, categoryKey: string, pool: string | null, ticketType?: string): UnitQuote {
  const category = pricing.categories[categoryKey];
  const channelAmount = pool === null ? undefined : pricing.channels?.[pool]?.[categoryKey];
  if (!category && channelAmount === undefined) {
    if (ticketType !== undefined) return { kind: "unknown_ticket_type", message: `category ${categoryKey} has no prices, so no ticket type ${ticketType}` };
    return { kind: "not_priced" };
  }
  let amount = category?.amount ?? null;
  let type: string | null = null;
  const types = category?.ticketTypes;
  if (ticketType !== undefined) {
    const found = types?.find((t) => t.key === ticketType);
    if (!found) {
      const known = types?.map((t) => t.key).join(", ");
      return {
        kind: "unknown_ticket_type",
        message: known
          ? `category ${categoryKey} has the ticket types ${known}, not ${ticketType}`
          : `category ${categoryKey} has one price and no ticket types`,
      };
    }
    amount = found.amount;
    type = found.key;
  } else if (types && types.length > 0) {
    amount = types[0]!.amount;
    type = types[0]!.key;
  }
  if (channelAmount !== undefined) amount = channelAmount;
  if (amount === null) return { kind: "not_priced" };
  return { kind: "price", amount, fee: feeOf(amount, pricing.fee), ticketType: type };
}

/** The lowest price a buyer can pay for a category (its amount, or its cheapest ticket type) outside any channel, or null. */
export function lowestAmount(pricing: Pricing, categoryKey: string): number | null {
  const category = pricing.categories[categoryKey];
  if (!category) return null;
  if (category.amount !== undefined) return category.amount;
  const amounts = (category.ticketTypes ?? []).map((t) => t.amount);
  return amounts.length > 0 ? Math.min(...amounts) : null;
}

/** A GA area's places at one price: so many of one ticket type from one pool. */
export interface PriceLine {
  ticketType: string | null;
  /** The pool the places were taken from: a channel key, null for the open pool. */
  channel: string | null;
  quantity: number;
  /** Each place. */
  amount: number;
  fee: number;
}

/** The locked price of places, as a GA row keeps them. */
export interface PlacesPrice {
  currency: string;
  lines: PriceLine[];
}

/** The price of a GA area's places as an answer shows it: the places together, with the lines. */
export function placesPrice(p: PlacesPrice): Price {
  let amount = 0;
  let fee = 0;
  const types = new Set<string | null>();
  for (const l of p.lines) {
    amount += l.amount * l.quantity;
    fee += l.fee * l.quantity;
    types.add(l.ticketType);
  }
  const price: Price = { amount, fee, currency: p.currency };
  const only = types.size === 1 ? [...types][0]! : null;
  if (only !== null) price.ticketType = only;
  price.lines = p.lines.map((l) => {
    const line: NonNullable<Price["lines"]>[number] = { quantity: l.quantity, amount: l.amount, fee: l.fee };
    if (l.ticketType !== null) line.ticketType = l.ticketType;
    if (l.channel !== null) line.channelKey = l.channel;
    return line;
  });
  return price;
}

/** Lines of the same ticket type, pool and unit price merged (places booked in two steps under one token). */
export function mergeLines(a: readonly PriceLine[], b: readonly PriceLine[]): PriceLine[] {
  const out: PriceLine[] = a.map((l) => ({ ...l }));
  for (const l of b) {
    const same = out.find((o) => o.ticketType === l.ticketType && o.channel === l.channel && o.amount === l.amount && o.fee === l.fee);
    if (same) same.quantity += l.quantity;
    else out.push({ ...l });
  }
  return out;
}

/** The total of priced objects, or null when none has a price. Prices in several currencies have no total either. */
export function totalOf(prices: readonly (Price | undefined)[]): Total | null {
  let total: Total | null = null;
  for (const p of prices) {
    if (!p) continue;
    if (total === null) total = { amount: 0, fee: 0, currency: p.currency };
    else if (total.currency !== p.currency) return null;
    total.amount += p.amount;
    total.fee += p.fee;
  }
  return total;
}
