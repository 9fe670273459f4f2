import { createRoute, z } from "@hono/zod-openapi";
import { EMPTY_LAYOUT } from "../charts/layout";
import { layoutSchema } from "../charts/layout-schema";
import { db } from "../db/client";
import {
  chartHasEvents,
  createChart,
  deleteChart,
  getChartByKey,
  isConstraintError,
  listCharts,
  loadLayout,
  loadPublishedLayout,
  newChartKey,
  updateChart,
} from "../db/charts";
import { newRouter } from "../http/app-factory";
import { apiKeyAuth, requireSecretKey } from "../http/auth";
import { ApiError } from "../http/errors";
import { rateLimit } from "../http/rate-limit";
import { errorResponses } from "../http/openapi";
import { publishChart, publishCheck, unpublishChart } from "../charts/publish-flow";
import { chartRecord, chartSchema, limitedHook } from "./charts-support";
import { afterKeyOf, listQuery, nextCursor } from "../http/pagination";

/**
 * /api/v1/charts: workspace-wide seat-map templates (interface.md "Charts", contract §2).
 * Secret keys of either environment only; a chart is not environment-scoped.
 */
export const charts = newRouter();

charts.use("*", apiKeyAuth(), rateLimit(), requireSecretKey());

const CHART_KEY = /^[A-Za-z0-9._-]+$/;
const name = z.string().min(3, "must be 3 to 255 characters").max(255, "must be 3 to 255 characters");
const chartKeyParam = z.object({ chartKey: z.string().openapi({ param: { name: "chartKey", in: "path" }, example: "main-hall" }) });

/** Looks a chart up in the caller's workspace; anything else is 404 `chart_not_found`. */
async function chartOr404(d: ReturnType<typeof db>, workspaceId: string, chartKey: string) {
  const chart = await getChartByKey(d, workspaceId, chartKey);
  if (!chart) throw new ApiError("chart_not_found", `Chart ${chartKey} does not exist`);
  return chart;
}

const createBody = z
  .object({
    name,
    chartKey: z.string().min(1).max(128).regex(CHART_KEY, "may hold only letters, digits, '.', '_' and '-'").optional(),
    draftVersion: layoutSchema.optional(),
  })
  .openapi("ChartCreate");

charts.openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "Create a chart",
    request: { body: { content: { "application/json": { schema: createBody } }, required: true } },
    responses: { 201: { description: "The new chart", content: { "application/json": { schema: chartSchema } } }, ...errorResponses(400, 401, 403, 409, 429) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const d = db(c.env);
    try {
      const row = await createChart(d, {
        workspaceId: c.var.principal.workspaceId,
        chartKey: body.chartKey ?? newChartKey(),
        name: body.name,
        layout: body.draftVersion ?? EMPTY_LAYOUT,
      });
      return c.json(chartRecord(row), 201);
    } catch (err) {
      if (isConstraintError(err, "UNIQUE")) throw new ApiError("chart_exists", `Chart ${body.chartKey} already exists`);
      throw err;
    }
  },
  limitedHook,
);

charts.openapi(
  createRoute({
    method: "get",
    path: "/",
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
    const page = await listCharts(db(c.env), c.var.principal.workspaceId, { limit, afterKey: afterKeyOf(cursor, CHART_KEY) });
    return c.json({ items: page.items.map(chartRecord), nextCursor: nextCursor(page.hasMore, page.items.at(-1)?.chartKey) }, 200);
  },
);

charts.openapi(
  createRoute({
    method: "get",
    path: "/{chartKey}",
    summary: "Get a chart",
    request: { params: chartKeyParam },
    responses: { 200: { description: "The chart", content: { "application/json": { schema: chartSchema } } }, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const chart = await chartOr404(db(c.env), c.var.principal.workspaceId, c.req.valid("param").chartKey);
    return c.json(chartRecord(chart), 200);
  },
);

const patchBody = z
  .object({ name: name.optional(), draftVersion: layoutSchema.optional() })
  .superRefine((v, ctx) => {
    if (v.name === undefined && v.draftVersion === undefined) ctx.addIssue({ code: "custom", message: "give name, draftVersion or both", path: [] });
  })
  .openapi("ChartUpdate");

charts.openapi(
  createRoute({
    method: "patch",
    path: "/{chartKey}",
    summary: "Rename a chart and/or replace its draft",
    description: "Replacing the draft raises draftVersion by one; a rename alone does not. The published layout is not affected.",
    request: { params: chartKeyParam, body: { content: { "application/json": { schema: patchBody } }, required: true } },
    responses: {
      200: { description: "The updated chart", content: { "application/json": { schema: chartSchema } } },
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const d = db(c.env);
    const chart = await chartOr404(d, c.var.principal.workspaceId, c.req.valid("param").chartKey);
    let updated;
    try {
      updated = await updateChart(d, chart, { name: body.name, layout: body.draftVersion });
    } catch (err) {
      if (!isConstraintError(err, "UNIQUE") && !isConstraintError(err, "PRIMARY KEY")) throw err;
      updated = null;
    }
    if (!updated) throw new ApiError("conflict", "The chart was changed by another request at the same time; retry");
    return c.json(chartRecord(updated), 200);
  },
  limitedHook,
);

charts.openapi(
  createRoute({
    method: "delete",
    path: "/{chartKey}",
    summary: "Delete a chart",
    description: "Refused with 409 chart_has_events while any event of either environment is bound to the chart.",
    request: { params: chartKeyParam },
    responses: {
      200: { description: "Deleted", content: { "application/json": { schema: z.object({ chartKey: z.string(), deleted: z.literal(true) }) } } },
      ...errorResponses(401, 403, 404, 409, 429),
    },
  }),
  async (c) => {
    const d = db(c.env);
    const chart = await chartOr404(d, c.var.principal.workspaceId, c.req.valid("param").chartKey);
    const refuse = () => new ApiError("chart_has_events", `Chart ${chart.chartKey} has events; delete or move them first`);
    if (await chartHasEvents(d, chart.id)) throw refuse();
    try {
      await deleteChart(d, chart.id);
    } catch (err) {
      // An event created between the check and the delete trips the events.chart_id foreign key.
      if (isConstraintError(err, "FOREIGN KEY")) throw refuse();
      throw err;
    }
    return c.json({ chartKey: chart.chartKey, deleted: true as const }, 200);
  },
);

const layoutResponse = { content: { "application/json": { schema: layoutSchema } } };

charts.openapi(
  createRoute({
    method: "get",
    path: "/{chartKey}/draft",
    summary: "Get the draft layout",
    request: { params: chartKeyParam },
    responses: { 200: { description: "The draft layout", ...layoutResponse }, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const d = db(c.env);
    const chart = await chartOr404(d, c.var.principal.workspaceId, c.req.valid("param").chartKey);
    return c.json((await loadLayout(d, chart.id, chart.draftVersion)) ?? EMPTY_LAYOUT, 200);
  },
);

charts.openapi(
  createRoute({
    method: "get",
    path: "/{chartKey}/published",
    summary: "Get the published layout",
    request: { params: chartKeyParam },
    responses: { 200: { description: "The published layout", ...layoutResponse }, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const d = db(c.env);
    const chart = await chartOr404(d, c.var.principal.workspaceId, c.req.valid("param").chartKey);
    const layout = await loadPublishedLayout(d, chart);
    if (!layout) throw new ApiError("not_found", `Chart ${chart.chartKey} is not published`);
    return c.json(layout, 200);
  },
);

charts.openapi(
  createRoute({
    method: "post",
    path: "/{chartKey}/publish",
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
      200: { description: "The published chart", content: { "application/json": { schema: chartSchema } } },
      ...errorResponses(401, 403, 404, 409, 429),
    },
  }),
  async (c) => {
    const d = db(c.env);
    const chart = await chartOr404(d, c.var.principal.workspaceId, c.req.valid("param").chartKey);
    return c.json(chartRecord(await publishChart(c.env, d, chart, c.req.valid("query").force === "true")), 200);
  },
);

charts.openapi(
  createRoute({
    method: "get",
    path: "/{chartKey}/publish-check",
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
  async (c) => {
    const d = db(c.env);
    const chart = await chartOr404(d, c.var.principal.workspaceId, c.req.valid("param").chartKey);
    return c.json({ chartKey: chart.chartKey, affected: await publishCheck(c.env, d, chart) }, 200);
  },
);

charts.openapi(
  createRoute({
    method: "post",
    path: "/{chartKey}/unpublish",
    summary: "Unpublish the chart",
    description: "Events of the chart keep working and appear empty until it is published again.",
    request: { params: chartKeyParam },
    responses: {
      200: { description: "The unpublished chart", content: { "application/json": { schema: chartSchema } } },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  async (c) => {
    const d = db(c.env);
    const chart = await chartOr404(d, c.var.principal.workspaceId, c.req.valid("param").chartKey);
    return c.json(chartRecord(await unpublishChart(c.env, d, chart)), 200);
  },
);
