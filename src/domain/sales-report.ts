import { z } from "@hono/zod-openapi";

/**
 * The sales report (docs/prices.md): what is booked, counted (a seat 1, a GA place 1) and added up
 * at the prices locked with each booking, by category, ticket type, channel, section and season.
 * Amounts are minor units of the row's currency; a booking without a price counts with amount and
 * fee 0 and currency null. A season ticket's price shows in each of its events' reports (a seat
 * booked for a season is booked in every game): `bySeason` says how much of the figures it is.
 */

const figures = {
  currency: z.string().nullable().openapi({ description: "The currency of the locked prices (null: booked without a price)" }),
  count: z.number().int().openapi({ description: "Booked seats and GA places" }),
  amount: z.number().int().openapi({ description: "Minor units" }),
  fee: z.number().int().openapi({ description: "Minor units" }),
};

export const salesFiguresSchema = z.object(figures).openapi("SalesFigures");
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const salesReportSchema = z
  .object({
    eventKey: z.string(),
    totals: z.array(salesFiguresSchema).openapi({ description: "Everything booked, one row per currency" }),
    byCategory: z.array(z.object({ categoryKey: z.string().nullable(), ...figures })),
    byTicketType: z.array(
      z.object({
        categoryKey: z.string().nullable(),
        ticketType: z.string().nullable().openapi({ description: "null: the category's one price" }),
        ...figures,
      }),
    ),
    byChannel: z.array(
      z.object({ channelKey: z.string().nullable().openapi({ description: "The channel the objects were taken from; null: the open pool" }), ...figures }),
    ),
    bySection: z.array(z.object({ sectionKey: z.string().nullable().openapi({ description: "null: GA areas" }), ...figures })),
    bySeason: z.array(z.object({ seasonKey: z.string(), ...figures })).openapi({ description: "The part of the figures booked for a season" }),
  })
  .openapi("SalesReport");
export type SalesReport = z.infer<typeof salesReportSchema>;

/** The CSV form's columns: one row per figure, the dimension naming which list it comes from. */
export const SALES_CSV_COLUMNS = ["dimension", "key", "category_key", "ticket_type", "currency", "count", "amount", "fee"] as const;

/** The report's rows as the CSV has them (totals first, then each dimension in the JSON's order). */
export function salesCsvRows(r: SalesReport): (string | number | null)[][] {
  const row = (dimension: string, key: string | null, category: string | null, type: string | null, f: SalesFigures) => [
    dimension,
    key,
    category,
    type,
    f.currency,
    f.count,
    f.amount,
    f.fee,
  ];
  return [
    ...r.totals.map((f) => row("total", null, null, null, f)),
    ...r.byCategory.map((f) => row("category", f.categoryKey, f.categoryKey, null, f)),
    ...r.byTicketType.map((f) => row("ticket_type", f.ticketType, f.categoryKey, f.ticketType, f)),
    ...r.byChannel.map((f) => row("channel", f.channelKey, null, null, f)),
    ...r.bySection.map((f) => row("section", f.sectionKey, null, null, f)),
    ...r.bySeason.map((f) => row("season", f.seasonKey, null, null, f)),
  ];
}
