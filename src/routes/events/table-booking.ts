import { createRoute } from "@hono/zod-openapi";
import { tableBookingSchema } from "../../domain/tables";
import { newRouter } from "../../http/app-factory";
import { requireSecretKey } from "../../http/auth";
import { errorResponses } from "../../http/openapi";
import { callEvent, eventKeyParam } from "./support";

/**
 * /api/v1/events/{eventKey}/table-booking (docs/tables.md): how the event's tables are booked. The
 * event's object keeps it and every hold (seat, best available, a season's) meets it through the
 * hold's policy, in the hold's own transaction.
 */
export const eventTableBooking = newRouter();

const bookingAnswer = {
  200: { description: "The event's table booking", content: { "application/json": { schema: tableBookingSchema } } },
};

eventTableBooking.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/table-booking",
    operationId: "getTableBooking",
    summary: "How the event's tables are booked (publishable or secret key)",
    description: 'What the browser SDK reads to draw a table selectable whole or seat by seat; `{ mode: "by_seat" }` until set.',
    request: { params: eventKeyParam },
    responses: { ...bookingAnswer, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await callEvent(c.env, c.var.principal, c.req.valid("param").eventKey, (event) => event.tableBooking()), 200),
);

eventTableBooking.openapi(
  createRoute({
    method: "put",
    path: "/{eventKey}/table-booking",
    operationId: "setTableBooking",
    summary: "Set how the event's tables are booked (secret key)",
    description:
      "mode (by_seat, by_table, by_table_or_seat; default by_seat) for every table, and tables: { tableLabel: mode } overrides. Nothing held or booked changes. A mode that what is held or booked contradicts (a table taken whole becoming by_seat, a table with seats taken one by one becoming by_table) is 409 table_booking_in_use whose failed[] names each table (reason in_use); a key of tables that is not a table of the event's layout is 400.",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, body: { content: { "application/json": { schema: tableBookingSchema } }, required: true } },
    responses: { ...bookingAnswer, ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    return c.json(await callEvent(c.env, c.var.principal, c.req.valid("param").eventKey, (event) => event.setTableBooking(body)), 200);
  },
);
