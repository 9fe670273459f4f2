import { z } from "@hono/zod-openapi";
import { decimalText, minorOf } from "./price-format";
import { pricingSchema, type Pricing } from "./pricing";

/**
 * The dashboard's "Prices" form (docs/prices.md): what a venue types (prices as decimals in the
 * currency, "45.50", ticket types as rows, channel prices per channel and category) and the pricing
 * it becomes. Each problem is named by the form control it is about, so the page puts the message
 * next to that control.
 *
 * Control names: `currency`; `amounts.<categoryKey>`; rows of `ticketTypes` with `categoryKey`,
 * `key`, `label`, `amount`; `channelAmounts.<channelKey>:<categoryKey>`; `feePercent`, `feeFixed`.
 */

const text = z.string().max(64);

export const pricesFormSchema = z.object({
  currency: z.string().trim().toUpperCase(),
  amounts: z.record(z.string(), text).optional(),
  ticketTypes: z
    .array(z.object({ categoryKey: z.string().optional(), key: z.string().optional(), label: z.string().optional(), amount: text.optional() }))
    .max(200)
    .optional(),
  channelAmounts: z.record(z.string(), text).optional(),
  feePercent: z.number().optional(),
  feeFixed: text.optional(),
});
export type PricesForm = z.output<typeof pricesFormSchema>;

/** The form's pricing, or its problems by control name. */
export function pricingFromForm(form: PricesForm): { pricing: Pricing } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const currency = form.currency;
  const amount = (value: string, field: string): number | undefined => {
    const minor = minorOf(value, currency);
    if (minor === null) errors[field] = [`Enter a price in ${currency || "the currency"}, like ${decimalText(4550, currency || "EUR")}`];
    return minor ?? undefined;
  };
  const categories: Record<string, { amount?: number; ticketTypes?: { key: string; label: string; amount: number }[] }> = {};
  for (const [key, value] of Object.entries(form.amounts ?? {})) {
    const a = amount(value, `amounts.${key}`);
    if (a !== undefined) categories[key] = { amount: a };
  }
  (form.ticketTypes ?? []).forEach((row, i) => {
    const field = (name: string) => `ticketTypes.${i}.${name}`;
    if (!row.categoryKey) errors[field("categoryKey")] = ["Choose the category of this ticket type"];
    if (!row.key) errors[field("key")] = ["Enter a key for this ticket type, like adult"];
    if (!row.amount) errors[field("amount")] = ["Enter the price of this ticket type"];
    const a = row.amount ? amount(row.amount, field("amount")) : undefined;
    if (!row.categoryKey || !row.key || a === undefined) return;
    const c = (categories[row.categoryKey] ??= {});
    if (c.amount !== undefined) {
      errors[field("categoryKey")] = [`${row.categoryKey} has one price already: clear it to sell it by ticket type`];
      return;
    }
    (c.ticketTypes ??= []).push({ key: row.key, label: row.label || row.key, amount: a });
  });
  const channels: Record<string, Record<string, number>> = {};
  for (const [name, value] of Object.entries(form.channelAmounts ?? {})) {
    // A channel key has no colon, so the first one separates it from the category key.
    const at = name.indexOf(":");
    const a = amount(value, `channelAmounts.${name}`);
    if (a !== undefined && at > 0) (channels[name.slice(0, at)] ??= {})[name.slice(at + 1)] = a;
  }
  const fee: { percent?: number; fixed?: number } = {};
  if (form.feePercent !== undefined) fee.percent = form.feePercent;
  if (form.feeFixed) {
    const f = amount(form.feeFixed, "feeFixed");
    if (f !== undefined) fee.fixed = f;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const candidate = { currency, categories, ...(Object.keys(channels).length > 0 ? { channels } : {}), ...(Object.keys(fee).length > 0 ? { fee } : {}) };
  const parsed = pricingSchema.safeParse(candidate);
  if (parsed.success) return { pricing: parsed.data };
  for (const issue of parsed.error.issues) {
    const [head, ...rest] = issue.path.map(String);
    const field =
      head === "fee" ? (rest[0] === "percent" ? "feePercent" : "feeFixed") : head === "categories" && rest.length === 1 ? `amounts.${rest[0]}` : head!;
    (errors[field] ??= []).push(issue.message);
  }
  return { errors };
}

/** The form's values for a pricing (what the page fills in). */
export function formOfPricing(pricing: Pricing | null): {
  currency: string;
  amounts: Record<string, string>;
  ticketTypes: { categoryKey: string; key: string; label: string; amount: string }[];
  channelAmounts: Record<string, string>;
  feePercent?: number;
  feeFixed?: string;
} {
  const currency = pricing?.currency ?? "EUR";
  const amounts: Record<string, string> = {};
  const ticketTypes: { categoryKey: string; key: string; label: string; amount: string }[] = [];
  for (const [key, c] of Object.entries(pricing?.categories ?? {})) {
    if (c.amount !== undefined) amounts[key] = decimalText(c.amount, currency);
    for (const t of c.ticketTypes ?? []) ticketTypes.push({ categoryKey: key, key: t.key, label: t.label, amount: decimalText(t.amount, currency) });
  }
  const channelAmounts: Record<string, string> = {};
  for (const [channel, prices] of Object.entries(pricing?.channels ?? {}))
    for (const [key, a] of Object.entries(prices)) channelAmounts[`${channel}:${key}`] = decimalText(a, currency);
  return {
    currency,
    amounts,
    ticketTypes,
    channelAmounts,
    ...(pricing?.fee?.percent !== undefined ? { feePercent: pricing.fee.percent } : {}),
    ...(pricing?.fee?.fixed !== undefined ? { feeFixed: decimalText(pricing.fee.fixed, currency) } : {}),
  };
}
