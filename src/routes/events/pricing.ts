import { createRoute, z } from "@hono/zod-openapi";
import { SALES_CSV_COLUMNS, salesCsvRows, salesReportSchema } from "../../domain/sales-report";
import { pricingAnswerSchema, pricingRemovedSchema, pricingSchema } from "../../domain/pricing";
import { newRouter } from "../../http/app-factory";
import { requireSecretKey } from "../../http/auth";
import { csvAnswer, onePage, wantsCsv } from "../../http/csv";
import { errorResponses } from "../../http/openapi";
import { validated } from "../../http/validation";
import { callEvent, eventKeyParam } from "./support";

/**
 * /api/v1/events/{eventKey}/pricing and /reports/sales (docs/prices.md): the prices the event's
 * object locks with every hold, and what is booked at them.
 */
export const eventPricing = newRouter();

const pricingAnswer = {
  200: { description: "The event's pricing, or null when it has none", content: { "application/json": { schema: pricingAnswerSchema } } },
};

eventPricing.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/pricing",
    operationId: "getEventPricing",
    summary: "The event's prices (publishable or secret key)",
    description: "What the seat map shows: each category's amount or ticket types, channel prices and the fee. null when the event sells without prices.",
    request: { params: eventKeyParam },
    responses: { ...pricingAnswer, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await callEvent(c.env, c.var.principal, c.req.valid("param").eventKey, (event) => event.pricing()), 200),
);

eventPricing.openapi(
  createRoute({
    method: "put",
    path: "/{eventKey}/pricing",
    operationId: "setEventPricing",
    summary: "Replace the event's prices (secret key)",
    description:
      "Amounts are integers in the currency's minor units (1250 is 12.50 EUR; JPY has none: 1250 is ¥1,250). A category has one `amount` or 1..20 `ticketTypes`; a category left out cannot be held with a publishable key. A channel's price replaces the category's amount for objects taken through that channel. The fee is per object (per GA place): `percent` of its amount rounded half up to a minor unit, plus `fixed`. Holds already made keep the price locked with them. 400 validation_failed names the path of an unknown category or channel.",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, body: { content: { "application/json": { schema: pricingSchema } }, required: true } },
    responses: { ...pricingAnswer, ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    return c.json(await callEvent(c.env, c.var.principal, c.req.valid("param").eventKey, (event) => event.setPricing(body)), 200);
  },
);

eventPricing.openapi(
  createRoute({
    method: "delete",
    path: "/{eventKey}/pricing",
    operationId: "deleteEventPricing",
    summary: "Remove the event's prices (secret key): it sells without prices again",
    description: "Holds and bookings keep the prices locked with them.",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam },
    responses: {
      200: {
        description: "Removed",
        content: { "application/json": { schema: pricingRemovedSchema.extend({ eventKey: z.string() }).openapi("EventPricingRemoved") } },
      },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    await callEvent(c.env, c.var.principal, eventKey, (event) => event.setPricing(null));
    return c.json({ eventKey, deleted: true as const }, 200);
  },
);

// The CSV form is a stream, not typed JSON: documented from its definition, served by a plain handler.
eventPricing.openAPIRegistry.registerPath(
  createRoute({
    method: "get",
    path: "/{eventKey}/reports/sales",
    operationId: "getSalesReport",
    summary: "What is booked, at the prices locked with it (secret key)",
    description:
      "Booked seats and GA places counted, with amount and fee added up, by category, ticket type, channel (where the objects were taken from), section and season; one row per currency. `?format=csv` (or `Accept: text/csv`) answers the same as CSV with a header row.",
    request: { params: eventKeyParam },
    responses: {
      200: {
        description: "The report (JSON, or CSV with the columns dimension, key, category_key, ticket_type, currency, count, amount, fee)",
        content: { "application/json": { schema: salesReportSchema }, "text/csv": { schema: { type: "string" } } },
      },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
);

eventPricing.get("/:eventKey/reports/sales", requireSecretKey(), async (c) => {
  const { eventKey } = validated(eventKeyParam, c.req.param());
  const report = await callEvent(c.env, c.var.principal, eventKey, (event) => event.salesReport());
  if (!wantsCsv(c)) return c.json(report, 200);
  return csvAnswer(SALES_CSV_COLUMNS, onePage(salesCsvRows(report)), `sales-${eventKey}.csv`);
});
