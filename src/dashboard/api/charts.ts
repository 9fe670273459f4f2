import { Hono } from "hono";
import { z } from "zod";
import {
  checkChartPublish,
  createChartRecord,
  deleteChartRecord,
  getChartRecord,
  getDraftLayout,
  getPublishedLayout,
  listChartRecords,
  publishChartRecord,
  unpublishChartRecord,
  updateChartRecord,
} from "../../charts/operations";
import { CHART_KEY, chartCreateSchema, chartUpdateSchema } from "../../domain/charts";
import { afterKeyOf, listQuery } from "../../http/pagination";
import { validated } from "../../http/validation";
import type { DashEnv } from "../context";
import { jsonBody } from "./support";

/**
 * /dashboard/api/charts: the workspace's charts through charts/operations.ts, the functions
 * /api/v1/charts calls. Charts belong to the workspace, so no environment is named.
 */
export const chartRoutes = new Hono<DashEnv>();

const publishBody = z.object({ force: z.boolean().default(false) });

chartRoutes.get("/", async (c) => {
  const { limit, cursor } = validated(listQuery, c.req.query());
  return c.json(await listChartRecords(c.env, c.var.session.workspaceId, { limit, afterKey: afterKeyOf(cursor, CHART_KEY) }), 200);
});

chartRoutes.post("/", async (c) => c.json(await createChartRecord(c.env, c.var.session.workspaceId, await jsonBody(c, chartCreateSchema)), 201));

chartRoutes.get("/:chartKey", async (c) => c.json(await getChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey")), 200));

chartRoutes.patch("/:chartKey", async (c) =>
  c.json(await updateChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey"), await jsonBody(c, chartUpdateSchema)), 200),
);

chartRoutes.delete("/:chartKey", async (c) => c.json(await deleteChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey")), 200));

chartRoutes.get("/:chartKey/draft", async (c) => c.json(await getDraftLayout(c.env, c.var.session.workspaceId, c.req.param("chartKey")), 200));

chartRoutes.get("/:chartKey/published", async (c) => c.json(await getPublishedLayout(c.env, c.var.session.workspaceId, c.req.param("chartKey")), 200));

chartRoutes.get("/:chartKey/publish-check", async (c) => c.json(await checkChartPublish(c.env, c.var.session.workspaceId, c.req.param("chartKey")), 200));

chartRoutes.post("/:chartKey/publish", async (c) => {
  const { force } = await jsonBody(c, publishBody);
  return c.json(await publishChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey"), force), 200);
});

chartRoutes.post("/:chartKey/unpublish", async (c) => c.json(await unpublishChartRecord(c.env, c.var.session.workspaceId, c.req.param("chartKey")), 200));
