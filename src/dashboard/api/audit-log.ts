import { Hono } from "hono";
import { auditQuerySchema } from "../../domain/audit";
import { validated } from "../../http/validation";
import { readAuditLog } from "../../workspaces/audit-log";
import type { DashEnv } from "../context";
import { ENV, scope } from "./support";

/** GET /dashboard/api/{environment}/audit-log: the Activity page's records, as GET /api/v1/audit-log answers them. */
export const auditRoutes = new Hono<DashEnv>();

auditRoutes.get(`${ENV}/audit-log`, async (c) => c.json(await readAuditLog(c.env, scope(c), validated(auditQuerySchema, c.req.query())), 200));
