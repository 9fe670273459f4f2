import { Hono } from "hono";
import { tableBookingSchema } from "../../domain/tables";
import { callEvent } from "../../events/event-object-calls";
import type { DashEnv } from "../context";
import { ENV, jsonBody, scope } from "./support";

/**
 * /dashboard/api/{environment}/events/{eventKey}/table-booking (docs/tables.md): the event page's
 * table-booking mode, through the event object's own decision, as PUT /api/v1/events/{key}/table-booking.
 */
export const tableBookingRoutes = new Hono<DashEnv>();

const path = `${ENV}/events/:eventKey/table-booking`;

tableBookingRoutes.get(path, async (c) => c.json(await callEvent(c.env, scope(c), c.req.param("eventKey"), (event) => event.tableBooking()), 200));

tableBookingRoutes.put(path, async (c) => {
  const body = await jsonBody(c, tableBookingSchema);
  return c.json(await callEvent(c.env, scope(c), c.req.param("eventKey"), (event) => event.setTableBooking(body)), 200);
});
