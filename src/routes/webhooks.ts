import { idempotency } from "../http/idempotency";
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Scope } from "../domain/scope";
import { newRouter } from "../http/app-factory";
import { requireSecretKey } from "../http/auth";
import type { AppEnv } from "../http/context";
import { errorResponses } from "../http/openapi";
import { apiKey } from "../http/pipeline";
import {
  CreateEndpointBody,
  DeliveryDetailSchema,
  DeliveryParam,
  DeliverySchema,
  EndpointSchema,
  EndpointWithSecretSchema,
  IdParam,
  QueuedSchema,
  UpdateEndpointBody,
} from "../webhooks/api-schemas";
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
} from "../webhooks/endpoints";

/**
 * Webhook management (docs/webhooks.md#registering-an-endpoint), secret keys only: the API
 * door onto the operations of webhooks/endpoints.ts. Every endpoint belongs to the workspace and
 * environment of the key that registered it.
 */
export const webhooks = newRouter();

webhooks.use("*", apiKey(), requireSecretKey(), idempotency());

const security = [{ ApiKey: [] }];
const tags = ["Webhooks"];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

function scopeOf(c: Context<AppEnv>): Scope {
  return { workspaceId: c.var.principal.workspaceId, environment: c.var.principal.environment };
}

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/",
    operationId: "createWebhookEndpoint",
    tags,
    security,
    summary: "Register an endpoint; the signing secret is returned only here",
    description:
      "The URL must be https on port 443 or 8443 with a public host (WEBHOOK_ALLOW_PRIVATE_URLS=true admits http, loopback and any port for local development). At most 20 endpoints per workspace and environment: 409 limit_reached beyond.",
    request: body(CreateEndpointBody),
    responses: { 201: json(EndpointWithSecretSchema, "The new endpoint with its secret"), ...errorResponses(400, 401, 403, 409, 429) },
  }),
  async (c) => c.json(await createEndpoint(c.env, scopeOf(c), c.req.valid("json")), 201),
);

webhooks.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listWebhookEndpoints",
    tags,
    security,
    summary: "List the endpoints of this environment",
    responses: { 200: json(z.object({ items: z.array(EndpointSchema) }), "Endpoints, oldest first"), ...errorResponses(401, 403, 429) },
  }),
  async (c) => c.json({ items: await listEndpointRecords(c.env, scopeOf(c)) }, 200),
);

webhooks.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    operationId: "getWebhookEndpoint",
    tags,
    security,
    summary: "Read an endpoint (without its secret)",
    request: { params: IdParam },
    responses: { 200: json(EndpointSchema, "The endpoint"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await getEndpoint(c.env, scopeOf(c), c.req.valid("param").id), 200),
);

webhooks.openapi(
  createRoute({
    method: "patch",
    path: "/{id}",
    operationId: "updateWebhookEndpoint",
    tags,
    security,
    summary: "Update url, events, description or enabled; the secret is kept",
    request: { params: IdParam, ...body(UpdateEndpointBody) },
    responses: { 200: json(EndpointSchema, "The updated endpoint"), ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => c.json(await editEndpoint(c.env, scopeOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
);

webhooks.openapi(
  createRoute({
    method: "delete",
    path: "/{id}",
    operationId: "deleteWebhookEndpoint",
    tags,
    security,
    summary: "Delete an endpoint and its delivery log",
    request: { params: IdParam },
    responses: { 200: json(z.object({ id: z.string(), deleted: z.literal(true) }), "Deleted"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await removeEndpoint(c.env, scopeOf(c), c.req.valid("param").id), 200),
);

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    tags,
    security,
    summary: "Replace the signing secret; the new one signs the next delivery",
    request: { params: IdParam },
    responses: { 200: json(z.object({ id: z.string(), secret: z.string() }), "The new secret, shown once"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await rotateEndpointSecret(c.env, scopeOf(c), c.req.valid("param").id), 200),
);

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/{id}/test",
    operationId: "testWebhookEndpoint",
    tags,
    security,
    summary: "Send a webhook.test event to this endpoint",
    description: "Test sends and replays together: at most 10 per endpoint per minute (429 rate_limited with Retry-After).",
    request: { params: IdParam },
    responses: { 202: json(QueuedSchema, "The test delivery is queued"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await sendTestEvent(c.env, scopeOf(c), c.req.valid("param").id), 202),
);

webhooks.openapi(
  createRoute({
    method: "get",
    path: "/{id}/deliveries",
    operationId: "listWebhookDeliveries",
    tags,
    security,
    summary: "The delivery log of an endpoint, newest first",
    request: { params: IdParam, query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }) },
    responses: { 200: json(z.object({ items: z.array(DeliverySchema) }), "Deliveries, newest first"), ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => c.json({ items: await listDeliveryRecords(c.env, scopeOf(c), c.req.valid("param").id, c.req.valid("query").limit ?? 100) }, 200),
);

webhooks.openapi(
  createRoute({
    method: "get",
    path: "/{id}/deliveries/{deliveryId}",
    operationId: "getWebhookDelivery",
    tags,
    security,
    summary: "One delivery with its attempt log and the envelope it sends",
    request: { params: DeliveryParam },
    responses: { 200: json(DeliveryDetailSchema, "The delivery"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await getDeliveryDetail(c.env, scopeOf(c), c.req.valid("param").id, c.req.valid("param").deliveryId), 200),
);

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/{id}/deliveries/{deliveryId}/replay",
    operationId: "replayWebhookDelivery",
    tags,
    security,
    summary: "Deliver the same envelope (same evt_ id) again",
    description: "Test sends and replays together: at most 10 per endpoint per minute (429 rate_limited with Retry-After).",
    request: { params: DeliveryParam },
    responses: { 202: json(QueuedSchema, "The replay is queued"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await replayDelivery(c.env, scopeOf(c), c.req.valid("param").id, c.req.valid("param").deliveryId), 202),
);
