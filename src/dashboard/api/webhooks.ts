import { Hono } from "hono";
import { z } from "zod";
import { CreateEndpointBody, UpdateEndpointBody } from "../../webhooks/api-schemas";
import {
  createEndpoint,
  editEndpoint,
  getDeliveryDetail,
  getEndpoint,
  listDeliveryRecords,
  listEndpointRecords,
  removeEndpoint,
  replayDelivery,
  rotateEndpointSecret,
  sendTestEvent,
} from "../../webhooks/endpoints";
import { validated } from "../../http/validation";
import type { DashEnv } from "../context";
import { ENV, jsonBody, scope } from "./support";

/**
 * /dashboard/api/{environment}/webhooks: endpoint management through webhooks/endpoints.ts, the
 * operations /api/v1/webhooks calls. Signing secrets appear only in the answers of create and
 * rotate-secret, as in the API.
 */
export const webhookRoutes = new Hono<DashEnv>();

const base = `${ENV}/webhooks`;
const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(100) });

webhookRoutes.get(base, async (c) => c.json({ items: await listEndpointRecords(c.env, scope(c)) }, 200));

webhookRoutes.post(base, async (c) => c.json(await createEndpoint(c.env, scope(c), await jsonBody(c, CreateEndpointBody)), 201));

webhookRoutes.get(`${base}/:id`, async (c) => c.json(await getEndpoint(c.env, scope(c), c.req.param("id")), 200));

webhookRoutes.patch(`${base}/:id`, async (c) => c.json(await editEndpoint(c.env, scope(c), c.req.param("id"), await jsonBody(c, UpdateEndpointBody)), 200));

webhookRoutes.delete(`${base}/:id`, async (c) => c.json(await removeEndpoint(c.env, scope(c), c.req.param("id")), 200));

webhookRoutes.post(`${base}/:id/rotate-secret`, async (c) => c.json(await rotateEndpointSecret(c.env, scope(c), c.req.param("id")), 200));

webhookRoutes.post(`${base}/:id/test`, async (c) => c.json(await sendTestEvent(c.env, scope(c), c.req.param("id")), 202));

webhookRoutes.get(`${base}/:id/deliveries`, async (c) => {
  const { limit } = validated(limitQuery, c.req.query());
  return c.json({ items: await listDeliveryRecords(c.env, scope(c), c.req.param("id"), limit) }, 200);
});

webhookRoutes.get(`${base}/:id/deliveries/:deliveryId`, async (c) =>
  c.json(await getDeliveryDetail(c.env, scope(c), c.req.param("id"), c.req.param("deliveryId")), 200),
);

webhookRoutes.post(`${base}/:id/deliveries/:deliveryId/replay`, async (c) =>
  c.json(await replayDelivery(c.env, scope(c), c.req.param("id"), c.req.param("deliveryId")), 202),
);
