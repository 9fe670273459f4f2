import { z } from "@hono/zod-openapi";
import { CHANNEL_KEY } from "./channels";

/**
 * Prices the server keeps (docs/prices.md): an event's or a season's pricing, the price locked with a
 * hold and the total of a hold or a booking. Every amount is an integer in the currency's minor
 * units (cents for EUR, yen for JPY); nothing here is ever a floating-point amount of money.
 * The math over these (fees, a seat's price, totals) is in price-quote.ts.
 */

/** The largest amount of one price, a ticket type or a fixed fee: 1,000,000,000 minor units. */
export const MAX_AMOUNT = 1_000_000_000;

/** Ticket types one category may have. */
export const MAX_TICKET_TYPES = 20;

/** A ticket type key: 1..64 letters, digits, `-`, `_` (the same alphabet as a channel key). */
export const TICKET_TYPE_KEY = CHANNEL_KEY;

/** Whether a code is an ISO 4217 currency this runtime knows (Intl's list; any three capitals where the runtime has none). */
export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const supported = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : null;
  return supported === null || supported.includes(code);
}

const amountSchema = z
  .number()
  .int("must be a whole number of the currency's minor units (1250 for 12.50 EUR, 1250 for ¥1,250)")
  .min(0, "must be 0 or more")
  .max(MAX_AMOUNT, `must be at most ${MAX_AMOUNT}`);

const ticketTypeKeySchema = z.string().regex(TICKET_TYPE_KEY, "must be 1 to 64 letters, digits, '-' or '_'");

export const ticketTypeSchema = z
  .object({
    key: ticketTypeKeySchema.openapi({ example: "adult" }),
    label: z.string().trim().min(1, "must not be empty").max(255).openapi({ example: "Adult" }),
    amount: amountSchema,
  })
  .openapi("TicketType");
export type TicketType = z.output<typeof ticketTypeSchema>;

export const categoryPriceSchema = z
  .object({
    amount: amountSchema.optional().openapi({ description: "The price of every seat or GA place of the category, in minor units" }),
    ticketTypes: z
      .array(ticketTypeSchema)
      .min(1, "must list 1 to 20 ticket types")
      .max(MAX_TICKET_TYPES, "must list 1 to 20 ticket types")
      .optional()
      .openapi({ description: "1..20 ticket types (adult, child, …), each with its price; the first is the default" }),
  })
  .superRefine((c, ctx) => {
    if (c.amount === undefined && c.ticketTypes === undefined) ctx.addIssue({ code: "custom", path: [], message: "give either an amount or ticketTypes" });
    if (c.amount !== undefined && c.ticketTypes !== undefined)
      ctx.addIssue({ code: "custom", path: [], message: "give either an amount or ticketTypes, not both" });
    const seen = new Set<string>();
    c.ticketTypes?.forEach((t, i) => {
      if (seen.has(t.key)) ctx.addIssue({ code: "custom", path: ["ticketTypes", i, "key"], message: `duplicate ticket type ${t.key}` });
      seen.add(t.key);
    });
  })
  .openapi("CategoryPrice");
export type CategoryPrice = z.output<typeof categoryPriceSchema>;

export const feeSchema = z
  .object({
    percent: z
      .number()
      .min(0, "must be between 0 and 100")
      .max(100, "must be between 0 and 100")
      .refine((p) => Math.abs(Math.round(p * 100) - p * 100) < 1e-6, "may have at most two decimals (2.5 or 2.55)")
      .optional()
      .openapi({ description: "Percent of each object's amount, rounded half up to a minor unit", example: 2.5 }),
    fixed: amountSchema.optional().openapi({ description: "Added to each object (each GA place), in minor units" }),
  })
  .openapi("Fee");
export type Fee = z.output<typeof feeSchema>;

const categoryKeySchema = z.string().min(1).max(255);

/** PUT /events/{eventKey}/pricing and /seasons/{seasonKey}/pricing; GET answers the same (or null when none is set). */
export const pricingSchema = z
  .object({
    currency: z
      .string()
      .refine(isCurrency, "must be an ISO 4217 currency code in capitals, like EUR, USD or JPY")
      .openapi({ description: "ISO 4217", example: "EUR" }),
    categories: z
      .record(categoryKeySchema, categoryPriceSchema)
      .openapi({ description: "categoryKey → an amount or ticket types. A category left out is not priced: a publishable key cannot hold it" }),
    channels: z
      .record(z.string().regex(CHANNEL_KEY, "must be a channel key"), z.record(categoryKeySchema, amountSchema))
      .optional()
      .openapi({ description: "channelKey → { categoryKey: amount }: the price of objects taken through that channel (every ticket type of the category)" }),
    fee: feeSchema.optional(),
  })
  .openapi("Pricing", {
    example: {
      currency: "EUR",
      categories: {
        stalls: { amount: 4500 },
        balcony: {
          ticketTypes: [
            { key: "adult", label: "Adult", amount: 3000 },
            { key: "child", label: "Child", amount: 1500 },
          ],
        },
      },
      channels: { presale: { stalls: 3900 } },
      fee: { percent: 2.5, fixed: 50 },
    },
  });
export type Pricing = z.output<typeof pricingSchema>;

/** A pricing as an event or a season answers it: the pricing, or null when none is set. */
export const pricingAnswerSchema = pricingSchema.nullable().openapi("PricingAnswer");

/** The answer of DELETE …/pricing (with the event's or season's key). */
export const pricingRemovedSchema = z.object({ deleted: z.literal(true) });

/** The price locked for one held or booked object (a GA area: its places together). */
export const priceSchema = z
  .object({
    amount: z.number().int().openapi({ description: "Minor units; a GA area: its places together" }),
    fee: z.number().int().openapi({ description: "Minor units: per object (per GA place) the fee percent of its amount rounded half up, plus the fixed fee" }),
    currency: z.string(),
    ticketType: z.string().optional().openapi({ description: "The ticket type, when the category has them (a GA area: when all its places have one)" }),
    lines: z
      .array(
        z.object({
          ticketType: z.string().optional(),
          channelKey: z.string().optional().openapi({ description: "The channel the places were taken from (absent: the open pool)" }),
          quantity: z.number().int(),
          amount: z.number().int().openapi({ description: "Each place" }),
          fee: z.number().int().openapi({ description: "Each place" }),
        }),
      )
      .optional()
      .openapi({ description: "GA areas: the places by ticket type and channel, with the price of each place" }),
  })
  .openapi("Price");
export type Price = z.infer<typeof priceSchema>;

/** What a hold or a booking costs: its objects' locked prices added up. */
export const totalSchema = z.object({ amount: z.number().int(), fee: z.number().int(), currency: z.string() }).openapi("PriceTotal");
export type Total = z.infer<typeof totalSchema>;

/** The ticket type of each held seat, or of a GA area's places (`{ ticketTypeKey: quantity }`). */
export const holdTicketTypesSchema = z
  .record(z.string().min(1).max(255), z.union([ticketTypeKeySchema, z.record(ticketTypeKeySchema, z.number().int().min(1, "must be at least 1"))]))
  .optional()
  .openapi({
    description:
      "objectLabel → ticketTypeKey; a GA area: label → { ticketTypeKey: quantity } adding up to the hold's quantity. Without it each object takes its category's first ticket type",
    example: { "A-1-1": "adult", "A-1-2": "child" },
  });
export type HoldTicketTypes = z.output<typeof holdTicketTypesSchema>;

/** Best available: how many of the chosen seats take each ticket type (in the order given; the rest the default). */
export const bestTicketTypesSchema = z
  .record(ticketTypeKeySchema, z.number().int().min(1, "must be at least 1"))
  .optional()
  .openapi({ description: "ticketTypeKey → how many of the chosen seats take it; the rest take their category's first", example: { adult: 2, child: 1 } });

/** The expected total of a booking: amount plus fee of the held objects' locked prices. */
export const expectedTotalSchema = z
  .number()
  .int("must be a whole number of minor units")
  .min(0)
  .optional()
  .openapi({ description: "Amount plus fee of the held objects' locked prices, in minor units: when it differs, 409 price_changed and nothing is booked" });

/**
 * What in a pricing names something the event (or season) does not have, as 400 `errors` paths:
 * an unknown category (`categories.<key>`, `channels.<channel>.<key>`) or, with `channelKeys`, an
 * unknown channel (`channels.<channel>`). Empty when it fits.
 */
export function pricingProblems(pricing: Pricing, categoryKeys: ReadonlySet<string>, channelKeys: ReadonlySet<string> | null): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const known = [...categoryKeys].join(", ") || "none: publish the chart first";
  for (const key of Object.keys(pricing.categories))
    if (!categoryKeys.has(key)) errors[`categories.${key}`] = [`the chart has no category ${key} (its categories: ${known})`];
  for (const [channel, prices] of Object.entries(pricing.channels ?? {})) {
    if (channelKeys !== null && !channelKeys.has(channel)) errors[`channels.${channel}`] = [`the event has no channel ${channel}; set up its channels first`];
    for (const key of Object.keys(prices))
      if (!categoryKeys.has(key)) errors[`channels.${channel}.${key}`] = [`the chart has no category ${key} (its categories: ${known})`];
  }
  return errors;
}
