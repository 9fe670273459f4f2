import { createRoute, z } from "@hono/zod-openapi";
import { EVENT_KEY, eventCreateSchema, eventPatchSchema, eventRecordSchema } from "../../domain/events";
import { createEvent, getEventRecord, listEventRecords, moveToChartCopy, updateEventDetails } from "../../events/event-operations";
import { deleteEventAndRoom } from "../../waiting-room/room-operations";
import { newRouter } from "../../http/app-factory";
import { requireSecretKey } from "../../http/auth";
import { idempotency } from "../../http/idempotency";
import { errorResponses } from "../../http/openapi";
import { afterKeyOf, listQuery, nextCursor } from "../../http/pagination";
import { eventKeyParam } from "./support";

/** /api/v1/events: create, list, get, delete, move-to-new-chart-copy (docs/events.md#events, docs/events.md#seat-actions). */
export const eventCrud = newRouter();

eventCrud.openapi(
  createRoute({
    method: "post",
    path: "/",
    operationId: "createEvent",
    summary: "Create an event on a chart",
    middleware: [requireSecretKey(), idempotency()] as const,
    request: { body: { content: { "application/json": { schema: eventCreateSchema } }, required: true } },
    responses: {
      201: { description: "The new event", content: { "application/json": { schema: eventRecordSchema } } },
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
  async (c) => c.json(await createEvent(c.env, c.var.principal, c.req.valid("json")), 201),
);

eventCrud.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listEvents",
    summary: "List the events of the key's environment",
    middleware: [requireSecretKey()] as const,
    request: { query: listQuery },
    responses: {
      200: {
        description: "A page of events",
        content: { "application/json": { schema: z.object({ items: z.array(eventRecordSchema), nextCursor: z.string().nullable() }) } },
      },
      ...errorResponses(400, 401, 403, 429),
    },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const page = await listEventRecords(c.env, c.var.principal, { limit: q.limit, afterKey: afterKeyOf(q.cursor, EVENT_KEY) });
    return c.json({ items: page.items, nextCursor: nextCursor(page.hasMore, page.lastKey) }, 200);
  },
);

eventCrud.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}",
    operationId: "getEvent",
    summary: "Get an event",
    request: { params: eventKeyParam },
    responses: { 200: { description: "The event", content: { "application/json": { schema: eventRecordSchema } } }, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await getEventRecord(c.env, c.var.principal, c.req.valid("param").eventKey), 200),
);

eventCrud.openapi(
  createRoute({
    method: "patch",
    path: "/{eventKey}",
    operationId: "updateEvent",
    summary: "Change an event's name and start (secret key)",
    description: "Body `{ name?, startsAt? }`, at least one; answers the event record (docs/channels.md).",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, body: { content: { "application/json": { schema: eventPatchSchema } }, required: true } },
    responses: {
      200: { description: "The event", content: { "application/json": { schema: eventRecordSchema } } },
      ...errorResponses(400, 401, 403, 404, 429),
    },
  }),
  async (c) => c.json(await updateEventDetails(c.env, c.var.principal, c.req.valid("param").eventKey, c.req.valid("json")), 200),
);

eventCrud.openapi(
  createRoute({
    method: "delete",
    path: "/{eventKey}",
    operationId: "deleteEvent",
    summary: "Delete an event and all its seat state",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam },
    responses: {
      200: { description: "Deleted", content: { "application/json": { schema: z.object({ eventKey: z.string(), deleted: z.literal(true) }) } } },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  // The event and its waiting room (docs/waiting-room.md).
  async (c) => c.json(await deleteEventAndRoom(c.env, c.var.principal, c.req.valid("param").eventKey), 200),
);

eventCrud.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/actions/move-to-new-chart-copy",
    operationId: "moveEventToNewChartCopy",
    summary: "Give the event its own copy of its chart",
    description:
      "Creates a new chart whose draft and published layout are the event's current layout and binds the event to it. Emits `event.chart_changed`; holds and bookings are unchanged; later publishes of the previous chart no longer affect the event.",
    middleware: [requireSecretKey(), idempotency()] as const,
    request: { params: eventKeyParam },
    responses: {
      200: {
        description: "Moved",
        content: { "application/json": { schema: z.object({ eventKey: z.string(), chartKey: z.string(), previousChartKey: z.string() }) } },
      },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  async (c) => c.json(await moveToChartCopy(c.env, c.var.principal, c.req.valid("param").eventKey), 200),
);
