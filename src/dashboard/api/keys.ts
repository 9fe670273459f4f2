import { Hono } from "hono";
import { z } from "zod";
import { DEFAULT_KEY_GRACE_SECONDS, issueSecretKey, MAX_KEY_GRACE_SECONDS, rotatePublicKey, secretKeyIssuedAt } from "../../workspaces/provision";
import type { DashEnv } from "../context";
import { ENV, jsonBody, scope } from "./support";

/**
 * POST /dashboard/api/{environment}/secret-key: creates or rotates the environment's secret key
 * through the operation the operator API uses. This answer is the only one in the dashboard that
 * carries a secret key, once; the previous key fails from the very next request.
 *
 * POST /dashboard/api/{environment}/public-key/rotate `{ graceSeconds? }`: rotates the
 * environment's publishable key as the operator API does (docs/security.md); the previous key works for
 * the grace period (default a day).
 */
export const keyRoutes = new Hono<DashEnv>();

keyRoutes.post(`${ENV}/secret-key`, async (c) => {
  const { workspaceId, environment } = scope(c);
  // For the audit trail: a first key is "created", a replaced one "rotated".
  c.set("auditNote", { rotated: (await secretKeyIssuedAt(c.env, workspaceId, environment)) !== null });
  return c.json(await issueSecretKey(c.env, workspaceId, environment), 201);
});

const rotateBody = z.object({ graceSeconds: z.number().int().min(0).max(MAX_KEY_GRACE_SECONDS).default(DEFAULT_KEY_GRACE_SECONDS) }).strict();

keyRoutes.post(`${ENV}/public-key/rotate`, async (c) => {
  const { workspaceId, environment } = scope(c);
  const { graceSeconds } = await jsonBody(c, rotateBody, { optional: true });
  return c.json(await rotatePublicKey(c.env, workspaceId, environment, graceSeconds), 200);
});
