import { Hono } from "hono";
import { issueSecretKey, secretKeyIssuedAt } from "../../workspaces/provision";
import type { DashEnv } from "../context";
import { ENV, scope } from "./support";

/**
 * POST /dashboard/api/{environment}/secret-key: creates or rotates the environment's secret key
 * through the operation the operator API uses. This answer is the only one in the dashboard that
 * carries a secret key, once; the previous key fails from the very next request.
 */
export const keyRoutes = new Hono<DashEnv>();

keyRoutes.post(`${ENV}/secret-key`, async (c) => {
  const { workspaceId, environment } = scope(c);
  // For the audit trail: a first key is "created", a replaced one "rotated".
  c.set("auditNote", { rotated: (await secretKeyIssuedAt(c.env, workspaceId, environment)) !== null });
  return c.json(await issueSecretKey(c.env, workspaceId, environment), 201);
});
