import { createRoute, z } from "@hono/zod-openapi";
import { createChartCopy, getChartByKey, loadPublishedLayout } from "../../db/charts";
import { db, nowIso } from "../../db/client";
import { deleteEventRow, getEvent, insertEvent, listEvents, setEventChart } from "../../db/events";
import { newId } from "../../keys/keys";
import { newRouter } from "../../http/app-factory";
import { apiKeyAuth, requireSecretKey } from "../../http/auth";
import { ApiError } from "../../http/errors";
import { errorResponses } from "../../http/openapi";
import { rateLimit } from "../../http/rate-limit";
import { afterKeyOf, listQuery, nextCursor } from "../../http/pagination";
import { EVENT_KEY, eventKeyParam, eventRecord, eventSchema, notFound, stubFor, unwrap } from "./support";

/** /api/v1/events: create, list, get, delete, move-to-new-chart-copy (contract §3, §4). */
export const eventCrud = newRouter();

eventCrud.use("*", apiKeyAuth(), rateLimit());

const createBody = z
  .object({
    chartKey: z.string().min(1).max(128),
    eventKey: z.string().regex(EVENT_KEY, "must be 1 to 128 letters, digits, '.', '_' or '-'").optional(),
  })
  .openapi("EventCreate");

function generatedEventKey(): string {
  return newId("evt", 16).replace(/^evt_/, "ev-");
}

eventCrud.openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "Create an event on a chart",
    middleware: [requireSecretKey()] as const,
    request: { body: { content: { "application/json": { schema: createBody } }, required: true } },
    responses: { 201: { description: "The new event", content: { "application/json": { schema: eventSchema } } }, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const p = c.var.principal;
    const d = db(c.env);
    const chart = await getChartByKey(d, p.workspaceId, body.chartKey);
    if (!chart) throw new ApiError("chart_not_found", `Chart ${body.chartKey} does not exist`);
    const eventKey = body.eventKey ?? generatedEventKey();
    const row = { id: newId("ev"), workspaceId: p.workspaceId, environment: p.environment, eventKey, chartId: chart.id, createdAt: nowIso() };
    if (!(await insertEvent(d, row))) throw new ApiError("event_exists", `Event ${eventKey} already exists`);
    try {
      const layout = await loadPublishedLayout(d, chart);
      await stubFor(c.env, p, eventKey).init(
        {
          workspaceId: p.workspaceId,
          environment: p.environment,
          eventKey,
          eventId: row.id,
          chartId: chart.id,
          chartKey: chart.chartKey,
          layoutVersion: layout ? chart.publishedVersion : null,
          createdAt: row.createdAt,
        },
        layout,
      );
    } catch (err) {
      await deleteEventRow(d, row.id);
      throw err;
    }
    return c.json(
      { eventKey, chartKey: chart.chartKey, environment: p.environment, chartPublishedVersion: chart.publishedVersion, createdAt: row.createdAt },
      201,
    );
  },
);

eventCrud.openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "List the events of the key's environment",
    middleware: [requireSecretKey()] as const,
    request: { query: listQuery },
    responses: {
      200: {
        description: "A page of events",
        content: { "application/json": { schema: z.object({ items: z.array(eventSchema), nextCursor: z.string().nullable() }) } },
      },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const p = c.var.principal;
    const afterKey = afterKeyOf(q.cursor, EVENT_KEY);
    const page = await listEvents(db(c.env), p.workspaceId, p.environment, afterKey === undefined ? { limit: q.limit } : { limit: q.limit, afterKey });
    return c.json({ items: page.items.map(eventRecord), nextCursor: nextCursor(page.hasMore, page.items.at(-1)?.eventKey) }, 200);
  },
);

eventCrud.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}",
    summary: "Get an event",
    request: { params: eventKeyParam },
    responses: { 200: { description: "The event", content: { "application/json": { schema: eventSchema } } }, ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    const row = await getEvent(db(c.env), p.workspaceId, p.environment, eventKey);
    if (!row) throw await notFound(c.env, p, eventKey);
    return c.json(eventRecord(row), 200);
  },
);

eventCrud.openapi(
  createRoute({
    method: "delete",
    path: "/{eventKey}",
    summary: "Delete an event and all its seat state",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam },
    responses: {
      200: { description: "Deleted", content: { "application/json": { schema: z.object({ eventKey: z.string(), deleted: z.literal(true) }) } } },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    const d = db(c.env);
    const row = await getEvent(d, p.workspaceId, p.environment, eventKey);
    if (!row) throw await notFound(c.env, p, eventKey);
    // D1 first: if wiping the object then fails, a later create of the same key wipes it anyway.
    await deleteEventRow(d, row.id);
    await stubFor(c.env, p, eventKey).destroy();
    return c.json({ eventKey, deleted: true as const }, 200);
  },
);

eventCrud.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/actions/move-to-new-chart-copy",
    summary: "Give the event its own copy of its chart",
    description:
      "Creates a new chart whose draft and published layout are the event's current layout and binds the event to it. Emits `event.chart_changed`; holds and bookings are unchanged; later publishes of the previous chart no longer affect the event.",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam },
    responses: {
      200: {
        description: "Moved",
        content: { "application/json": { schema: z.object({ eventKey: z.string(), chartKey: z.string(), previousChartKey: z.string() }) } },
      },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    const d = db(c.env);
    const row = await getEvent(d, p.workspaceId, p.environment, eventKey);
    if (!row) throw await notFound(c.env, p, eventKey);
    const chart = await getChartByKey(d, p.workspaceId, row.chartKey);
    if (!chart) throw new ApiError("chart_not_found", `Chart ${row.chartKey} does not exist`);
    const layout = await loadPublishedLayout(d, chart);
    const copy = await createChartCopy(d, p.workspaceId, chart, layout ?? { categories: [], sections: [], generalAdmission: [] });
    await setEventChart(d, row.id, copy.id);
    const moved = await unwrap(
      c.env,
      p,
      eventKey,
      await stubFor(c.env, p, eventKey).moveToChart(copy.id, copy.chartKey, layout ? copy.publishedVersion : null),
    );
    return c.json(moved, 200);
  },
);
