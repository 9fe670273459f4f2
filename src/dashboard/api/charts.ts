import { Hono, type Context } from "hono";
import { z } from "zod";
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
} from "../../charts/chart-operations";
import { parseIfMatch, setChartEtag } from "../../charts/chart-etag";
import { CHART_KEY, chartCreateSchema, chartUpdateSchema, type ChartRecord } from "../../domain/charts";
import { afterKeyOf, listQuery } from "../../http/pagination";
import { validated } from "../../http/validation";
import type { DashEnv } from "../context";
import { ENV, jsonBody, scope } from "./support";
import { demand } from "../access";

/**
 * /dashboard/api/charts: the workspace's charts through charts/chart-operations.ts, the functions
 * /api/v1/charts calls. Charts belong to the workspace, so no environment is named.
 */
export const chartRoutes = new Hono<DashEnv>();

const publishBody = z.object({ force: z.boolean().default(false) });

chartRoutes.get("/", async (c) => {
  const { limit, cursor } = validated(listQuery, c.req.query());
  return c.json(await listChartRecords(c.env, c.var.session.workspaceId, { limit, afterKey: afterKeyOf(cursor, CHART_KEY) }), 200);
});

/** A chart answer with its ETag (the draftVersion, docs/dashboard.md#the-chart-designer). */
function withEtag(c: Context<DashEnv>, chart: ChartRecord, status: 200 | 201 = 200) {
  setChartEtag(c, chart.draftVersion);
  return c.json(chart, status);
}

chartRoutes.post("/", async (c) => withEtag(c, await createChartRecord(c.env, c.var.session.workspaceId, await jsonBody(c, chartCreateSchema)), 201));

chartRoutes.get("/:chartKey", async (c) => withEtag(c, await getChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey"))));

// The designer saves the whole draft with If-Match: a draft changed meanwhile is 412 precondition_failed.
chartRoutes.patch("/:chartKey", async (c) => {
  const body = await jsonBody(c, chartUpdateSchema);
  return withEtag(c, await updateChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey"), body, parseIfMatch(c.req.header("If-Match"))));
});

chartRoutes.delete("/:chartKey", async (c) => c.json(await deleteChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey")), 200));

chartRoutes.get("/:chartKey/draft", async (c) => {
  const draft = await getDraft(c.env, c.var.session.workspaceId, c.req.param("chartKey"));
  setChartEtag(c, draft.draftVersion);
  return c.json(draft.layout, 200);
});

chartRoutes.get("/:chartKey/published", async (c) => c.json(await getPublishedLayout(c.env, c.var.session.workspaceId, c.req.param("chartKey")), 200));

chartRoutes.get("/:chartKey/publish-check", async (c) => c.json(await checkChartPublish(c.env, c.var.session.workspaceId, c.req.param("chartKey")), 200));

// A publish or unpublish acts with the authority of an environment (docs/security.md: a sandbox key's
// force never reaches production buyers). The chart page names its environment in the path; the
// routes without one act as production, the whole workspace's operator.
chartRoutes.post("/:chartKey/publish", async (c) => {
  const { force } = await jsonBody(c, publishBody, { optional: true });
  // Publishing over reservations is for those who may manage charts, not for a designer (docs/team.md).
  if (force) demand(c, "charts.manage");
  return withEtag(c, await publishChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey"), force, "production"));
});

chartRoutes.post("/:chartKey/unpublish", async (c) =>
  withEtag(c, await unpublishChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey"), "production")),
);

/** The same two actions in the environment of the path (the chart page's buttons). */
export const chartEnvironmentRoutes = new Hono<DashEnv>();

chartEnvironmentRoutes.post(`${ENV}/charts/:chartKey/publish`, async (c) => {
  const { force } = await jsonBody(c, publishBody, { optional: true });
  if (force) demand(c, "charts.manage");
  const { workspaceId, environment } = scope(c);
  return withEtag(c, await publishChartRecord(c.env, workspaceId, c.req.param("chartKey"), force, environment));
});

chartEnvironmentRoutes.post(`${ENV}/charts/:chartKey/unpublish`, async (c) => {
  const { workspaceId, environment } = scope(c);
  return withEtag(c, await unpublishChartRecord(c.env, workspaceId, c.req.param("chartKey"), environment));
});
