import { Hono } from "hono";
import { ApiError } from "../../http/errors";
import type { DashEnv } from "../context";
import { refuseApiKeys, requireSession } from "../guard";
import { authorize, memberActor } from "../access";
import { auditTrail } from "../../http/audit-trail";
import { DASHBOARD_AUDITED } from "../../http/audit-routes";
import { auditRoutes } from "./audit-log";
import { teamRoutes } from "./team";
import { chartEnvironmentRoutes, chartRoutes } from "./charts";
import { eventRoutes } from "./events";
import { keyRoutes } from "./keys";
import { priceRoutes } from "./prices";
import { seasonRoutes } from "./seasons";
import { tableBookingRoutes } from "./table-booking";
import { webhookRoutes } from "./webhooks";

/**
 * The dashboard's data routes, /dashboard/api/…: the same operations as /api/v1, authorised by the
 * session (its workspace) and the environment in the path, never by an API key. Errors use the
 * service's one envelope. (The Origin check has already run for the whole dashboard.) Each route
 * is allowed to the roles the role table gives it (access.ts), and each change it makes is
 * recorded in the audit trail once it succeeded.
 */
export const dashboardApi = new Hono<DashEnv>();

dashboardApi.use("*", refuseApiKeys(), requireSession("data"), authorize(), auditTrail(DASHBOARD_AUDITED, memberActor));
dashboardApi.route("/charts", chartRoutes);
dashboardApi.route("/", chartEnvironmentRoutes);
dashboardApi.route("/", keyRoutes);
dashboardApi.route("/", eventRoutes);
dashboardApi.route("/", tableBookingRoutes);
dashboardApi.route("/", seasonRoutes);
dashboardApi.route("/", priceRoutes);
dashboardApi.route("/", webhookRoutes);
dashboardApi.route("/", auditRoutes);
dashboardApi.route("/", teamRoutes);
dashboardApi.all("*", () => {
  throw new ApiError("not_found", "No such dashboard data route");
});
