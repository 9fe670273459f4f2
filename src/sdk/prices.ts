/**
 * Prices on the buyer's map (docs/prices.md): the event's pricing as the server keeps it, read with
 * the publishable key beside the map, and what the map says with it: each category's price (or
 * "from" its cheapest ticket type) in the legend, a seat's price in the tooltip, the list and its
 * accessible name, the ticket type chosen per category, and the selection's running total. Amounts
 * stay integers in minor units; `Intl.NumberFormat` turns them into words only where a person reads
 * them. The price a hold locks comes back in its answer and is what the total shows.
 */
import type { Price, Pricing } from "../domain/pricing";
import { formatPrice } from "../domain/price-format";
import { lowestAmount, unitQuote } from "../domain/price-quote";
import type { ApiObject } from "./types";
import { ENGLISH, type Words } from "./words";

/** A category's ticket types as the picker offers them. */
export interface TicketTypeChoice {
  key: string;
  label: string;
  amount: number;
}

/** What the map knows of prices: the pricing, the ticket type chosen per category, and the prices its holds locked. */
export class PriceBook {
  /** Ticket type chosen per category key (the picker's); the category's first when none. */
  readonly chosen = new Map<string, string>();
  /** The price each held object's hold locked, by label (from the hold's answer). */
  readonly locked = new Map<string, Price>();
  private readonly texts = new Map<string, string | undefined>();

  constructor(
    readonly pricing: Pricing | null,
    /** The pools this chart sells from (its channelKeys), for a GA area's price. */
    private readonly pools: readonly string[],
    /** A seat's channel (null: the open pool). */
    private readonly channelOf: (label: string) => string | null,
    /** The chart's words: its language writes the amounts, its catalog the "from". */
    readonly words: Words = ENGLISH,
    /** The map's objects by label: a table's seats, whose prices make the table's (docs/tables.md). */
    private readonly objectOf: (label: string) => ApiObject | undefined = () => undefined,
  ) {}

  get currency(): string | null {
    return this.pricing?.currency ?? null;
  }

  /** An amount in minor units in the chart's language ("€45.00", "45,00 €", "¥1,250"), the one way the map writes a price. */
  format(amountMinor: number): string {
    return formatPrice(amountMinor, this.pricing?.currency ?? "EUR", this.words.language);
  }

  /** The pool a hold of `obj` would take it from: a seat's channel, a GA area's first channel of this chart (else the open pool). */
  private poolOf(obj: ApiObject): string | null {
    if (obj.objectType === "seat") return this.channelOf(obj.objectLabel);
    const channel = this.pools.find((p) => p !== "NO_CHANNEL" && this.pricing?.channels?.[p]?.[obj.categoryKey] !== undefined);
    return this.pools.includes("NO_CHANNEL") || channel === undefined ? null : channel;
  }

  /**
   * What one seat or GA place of `obj` costs with the chosen ticket type, or null when it has no
   * price. A table costs its seats' prices together (docs/tables.md), as the server locks them when
   * it is held whole; a table with a seat that has no price has none.
   */
  unit(obj: ApiObject): { amount: number; fee: number; ticketType: string | null } | null {
    if (!this.pricing) return null;
    if (obj.objectType === "table") {
      const sum = { amount: 0, fee: 0, ticketType: null };
      for (const label of obj.seatLabels) {
        const seat = this.objectOf(label);
        const unit = seat ? this.unit(seat) : null;
        if (!unit) return null;
        sum.amount += unit.amount;
        sum.fee += unit.fee;
      }
      return sum;
    }
    const q = unitQuote(this.pricing, obj.categoryKey, this.poolOf(obj), this.chosen.get(obj.categoryKey));
    return q.kind === "price" ? q : null;
  }

  /** The price of one seat or place in words ("€45.00"), kept per category, pool and ticket type. */
  text(obj: ApiObject): string | undefined {
    if (!this.pricing) return undefined;
    // A table's price is its own seats' (kept per table); any other object's is its category's.
    const key = obj.objectType === "table" ? obj.objectLabel : `${obj.categoryKey}\u0000${this.poolOf(obj)}\u0000${this.chosen.get(obj.categoryKey)}`;
    if (!this.texts.has(key)) {
      const unit = this.unit(obj);
      this.texts.set(key, unit ? this.format(unit.amount) : undefined);
    }
    return this.texts.get(key);
  }

  /** The legend's price of a category: its amount, or "from" its cheapest ticket type; undefined without one. */
  categoryText(categoryKey: string): string | undefined {
    if (!this.pricing) return undefined;
    const lowest = lowestAmount(this.pricing, categoryKey);
    if (lowest === null) return undefined;
    const types = this.pricing.categories[categoryKey]?.ticketTypes ?? [];
    return types.length > 1 ? this.words.t("price.from", { price: this.format(lowest) }) : this.format(lowest);
  }

  /** The ticket types of a category with more than one (the picker's choices), else empty. */
  ticketTypes(categoryKey: string): TicketTypeChoice[] {
    const types = this.pricing?.categories[categoryKey]?.ticketTypes ?? [];
    return types.length > 1 ? types.map((t) => ({ key: t.key, label: t.label, amount: t.amount })) : [];
  }

  /** Chooses a category's ticket type for the holds that follow. */
  choose(categoryKey: string, ticketType: string): void {
    this.chosen.set(categoryKey, ticketType);
    this.texts.clear();
  }

  /** The hold body's ticketTypes for `obj` (docs/prices.md), or undefined when no type was chosen. */
  ticketTypesFor(obj: ApiObject, quantity: number): Record<string, string | Record<string, number>> | undefined {
    const chosen = this.chosen.get(obj.categoryKey);
    if (chosen === undefined || this.ticketTypes(obj.categoryKey).length === 0) return undefined;
    return { [obj.objectLabel]: obj.objectType === "generalAdmission" ? { [chosen]: quantity } : chosen };
  }

  /**
   * The selection's total: each held object's locked price, or (for a hold restored after a reload,
   * whose answer the map never saw) what it costs now. Null when nothing held has a price.
   */
  total(held: Iterable<{ objectLabel: string; quantity: number }>, objectOf: (label: string) => ApiObject | undefined): { amount: number; fee: number } | null {
    let amount = 0;
    let fee = 0;
    let any = false;
    for (const h of held) {
      const price = this.locked.get(h.objectLabel);
      if (price) {
        amount += price.amount;
        fee += price.fee;
        any = true;
        continue;
      }
      const obj = objectOf(h.objectLabel);
      const unit = obj ? this.unit(obj) : null;
      if (!unit) continue;
      amount += unit.amount * h.quantity;
      fee += unit.fee * h.quantity;
      any = true;
    }
    return any ? { amount, fee } : null;
  }
}
