import { idempotency } from "../http/idempotency";
import { createRoute, z } from "@hono/zod-openapi";
import { parseIfMatch, setChartEtag } from "../charts/chart-etag";
import { layoutSchema } from "../domain/layout-schema";
import {
  checkChartPublish,
  createChartRecord,
  deleteChartRecord,
  getChartRecord,
  getDraft,
  getPublishedLayout,
  listChartRecords,
  publishChartRecord,
  unpublishChartRecord,
  updateChartRecord,
} from "../charts/chart-operations";
import { CHART_KEY, chartCreateSchema, chartSchema, chartUpdateSchema } from "../domain/charts";
import { newRouter } from "../http/app-factory";
import { requireSecretKey } from "../http/auth";
import { errorResponses } from "../http/openapi";
import { afterKeyOf, listQuery, nextCursor } from "../http/pagination";
import { apiKey } from "../http/pipeline";
import { limitedHook } from "./charts-support";

/**
 * /api/v1/charts: workspace-wide seat-map templates (docs/charts.md#the-chart-api, docs/charts.md#the-layout).
 * Secret keys of either environment only; a chart is not environment-scoped. The API door onto
 * the operations of charts/chart-operations.ts.
 */
export const charts = newRouter();

charts.use("*", apiKey(), requireSecretKey(), idempotency());

/** The ETag every single-chart answer carries (its draftVersion), for the OpenAPI document. */
const ETAG_HEADER = {
  ETag: {
    description: 'The chart\'s draftVersion as an entity tag, e.g. "7": send it as If-Match when replacing the draft',
    schema: { type: "string" as const },
  },
};

const chartKeyParam = z.object({ chartKey: z.string().openapi({ param: { name: "chartKey", in: "path" }, example: "main-hall" }) });

charts.openapi(
  createRoute({
    method: "post",
    path: "/",
    operationId: "createChart",
    summary: "Create a chart",
    request: { body: { content: { "application/json": { schema: chartCreateSchema } }, required: true } },
    responses: {
      201: { description: "The new chart", headers: ETAG_HEADER, content: { "application/json": { schema: chartSchema } } },
      ...errorResponses(400, 401, 403, 409, 429),
    },
  }),
  async (c) => {
    const chart = await createChartRecord(c.env, c.var.principal.workspaceId, c.req.valid("json"));
    setChartEtag(c, chart.draftVersion);
    return c.json(chart, 201);
  },
  limitedHook,
);

charts.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listCharts",
    summary: "List the workspace's charts",
    request: { query: listQuery },
    responses: {
      200: {
        description: "A page of charts ordered by chartKey",
        content: { "application/json": { schema: z.object({ items: z.array(chartSchema), nextCursor: z.string().nullable() }) } },
      },
      ...errorResponses(400, 401, 403, 429),
    },
  }),
  async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const page = await listChartRecords(c.env, c.var.principal.workspaceId, { limit, afterKey: afterKeyOf(cursor, CHART_KEY) });
    return c.json({ items: page.items, nextCursor: nextCursor(page.hasMore, page.lastKey) }, 200);
  },
);

charts.openapi(
  createRoute({
    method: "get",
    path: "/{chartKey}",
    operationId: "getChart",
    summary: "Get a chart",
    request: { params: chartKeyParam },
    responses: {
      200: { description: "The chart", headers: ETAG_HEADER, content: { "application/json": { schema: chartSchema } } },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  async (c) => {
    const chart = await getChartRecord(c.env, c.var.principal.workspaceId, c.req.valid("param").chartKey);
    setChartEtag(c, chart.draftVersion);
    return c.json(chart, 200);
  },
);

charts.openapi(
  createRoute({
    method: "patch",
    path: "/{chartKey}",
    operationId: "updateChart",
    summary: "Rename a chart and/or replace its draft",
    description:
      "Replacing the draft raises draftVersion by one; a rename alone does not. The published layout is not affected. " +
      'Optimistic concurrency: chart answers carry `ETag: "<draftVersion>"`; send it back as `If-Match` and a draft that has moved on ' +
      "since is refused with 412 precondition_failed (nothing is saved). Without If-Match (or with `*`) the change applies to the current draft.",
    request: {
      params: chartKeyParam,
      headers: z.object({
        "if-match": z
          .string()
          .optional()
          .openapi({
            param: { name: "if-match", in: "header" },
            description: 'The draftVersion this change started from, as an entity tag: "7"',
            example: '"7"',
          }),
      }),
      body: { content: { "application/json": { schema: chartUpdateSchema } }, required: true },
    },
    responses: {
      200: { description: "The updated chart", headers: ETAG_HEADER, content: { "application/json": { schema: chartSchema } } },
      ...errorResponses(400, 401, 403, 404, 409, 412, 429),
    },
  }),
  async (c) => {
    const chart = await updateChartRecord(
      c.env,
      c.var.principal.workspaceId,
      c.req.valid("param").chartKey,
      c.req.valid("json"),
      parseIfMatch(c.req.header("If-Match")),
    );
    setChartEtag(c, chart.draftVersion);
    return c.json(chart, 200);
  },
  limitedHook,
);

charts.openapi(
  createRoute({
    method: "delete",
    path: "/{chartKey}",
    operationId: "deleteChart",
    summary: "Delete a chart",
    description: "Refused with 409 chart_has_events while any event of either environment is bound to the chart.",
    request: { params: chartKeyParam },
    responses: {
      200: { description: "Deleted", content: { "application/json": { schema: z.object({ chartKey: z.string(), deleted: z.literal(true) }) } } },
      ...errorResponses(401, 403, 404, 409, 429),
    },
  }),
  async (c) => c.json(await deleteChartRecord(c.env, c.var.principal.workspaceId, c.req.valid("param").chartKey), 200),
);

const layoutResponse = { content: { "application/json": { schema: layoutSchema } } };

charts.openapi(
  createRoute({
    method: "get",
    path: "/{chartKey}/draft",
    operationId: "getDraftLayout",
    summary: "Get the draft layout",
    request: { params: chartKeyParam },
    responses: { 200: { description: "The draft layout", headers: ETAG_HEADER, ...layoutResponse }, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const draft = await getDraft(c.env, c.var.principal.workspaceId, c.req.valid("param").chartKey);
    setChartEtag(c, draft.draftVersion);
    return c.json(draft.layout, 200);
  },
);

charts.openapi(
  createRoute({
    method: "get",
    path: "/{chartKey}/published",
    operationId: "getPublishedLayout",
    summary: "Get the published layout",
    request: { params: chartKeyParam },
    responses: { 200: { description: "The published layout", ...layoutResponse }, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await getPublishedLayout(c.env, c.var.principal.workspaceId, c.req.valid("param").chartKey), 200),
);

charts.openapi(
  createRoute({
    method: "post",
    path: "/{chartKey}/publish",
    operationId: "publishChart",
    summary: "Publish the draft",
    description:
      "Refused with 409 publish_affects_reservations when the draft would remove, retype, recategorise or shrink a held or booked object of any event, unless force=true.",
    request: {
      params: chartKeyParam,
      query: z.object({
        force: z
          .enum(["true", "false"])
          .optional()
          .openapi({ param: { name: "force", in: "query" } }),
      }),
    },
    responses: {
      200: { description: "The published chart", headers: ETAG_HEADER, content: { "application/json": { schema: chartSchema } } },
      ...errorResponses(401, 403, 404, 409, 429),
    },
  }),
  async (c) => {
    const p = c.var.principal;
    const chart = await publishChartRecord(c.env, p.workspaceId, c.req.valid("param").chartKey, c.req.valid("query").force === "true", p.environment);
    setChartEtag(c, chart.draftVersion);
    return c.json(chart, 200);
  },
);

charts.openapi(
  createRoute({
    method: "get",
    path: "/{chartKey}/publish-check",
    operationId: "checkPublish",
    summary: "What publishing the draft would do to reservations",
    request: { params: chartKeyParam },
    responses: {
      200: {
        description: "Affected objects; empty when the publish is safe",
        content: { "application/json": { schema: z.object({ chartKey: z.string(), affected: z.array(z.record(z.string(), z.unknown())) }) } },
      },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  async (c) => c.json(await checkChartPublish(c.env, c.var.principal.workspaceId, c.req.valid("param").chartKey), 200),
);

charts.openapi(
  createRoute({
    method: "post",
    path: "/{chartKey}/unpublish",
    operationId: "unpublishChart",
    summary: "Unpublish the chart",
    description: "Events of the chart keep working and appear empty until it is published again.",
    request: { params: chartKeyParam },
    responses: {
      200: { description: "The unpublished chart", headers: ETAG_HEADER, content: { "application/json": { schema: chartSchema } } },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  async (c) => {
    const p = c.var.principal;
    const chart = await unpublishChartRecord(c.env, p.workspaceId, c.req.valid("param").chartKey, p.environment);
    setChartEtag(c, chart.draftVersion);
    return c.json(chart, 200);
  },
);
