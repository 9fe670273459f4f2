import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { db, nowIso } from "../db/client";
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listAttempts,
  listDeliveries,
  listEndpoints,
  updateDelivery,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from "../db/webhooks";
import { newRouter } from "../http/app-factory";
import { apiKeyAuth, requireSecretKey } from "../http/auth";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { rateLimit } from "../http/rate-limit";
import { validationError } from "../http/validation";
import { newId } from "../keys/keys";
import {
  attemptRecord,
  CreateEndpointBody,
  DeliveryDetailSchema,
  DeliveryParam,
  DeliverySchema,
  deliveryRecord,
  EndpointSchema,
  EndpointWithSecretSchema,
  endpointRecord,
  IdParam,
  QueuedSchema,
  UpdateEndpointBody,
} from "../webhooks/api-schemas";
import { enqueueDeliveries } from "../webhooks/consumer";
import { buildEnvelope, testEvent } from "../webhooks/envelope";
import { newWebhookSecret } from "../webhooks/signing";
import { allowPrivateUrls, checkWebhookUrl } from "../webhooks/url-policy";

/**
 * Webhook management (interface.md "Webhook management", contract §5), secret keys only. Every
 * endpoint belongs to the workspace and environment of the key that registered it; any other
 * caller gets 404 `webhook_not_found`, so ids do not leak across tenants or environments.
 */
export const webhooks = newRouter();

webhooks.use("*", apiKeyAuth(), rateLimit(), requireSecretKey());

const security = [{ ApiKey: [] }];
const tags = ["Webhooks"];
const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

function scopeOf(c: Context<AppEnv>) {
  return { workspaceId: c.var.principal.workspaceId, environment: c.var.principal.environment };
}

/** Refuses a URL the policy does not admit, as a validation failure on `url`. */
function assertUrlAllowed(env: Env, url: string): void {
  const verdict = checkWebhookUrl(url, { allowPrivate: allowPrivateUrls(env) });
  if (!verdict.ok) throw validationError({ url: [`The URL ${verdict.reason}`] }, "The webhook URL is not allowed");
}

async function endpointOr404(c: Context<AppEnv>, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(db(c.env), scopeOf(c), id);
  if (!row) throw new ApiError("webhook_not_found", `Webhook endpoint ${id} does not exist`);
  return row;
}

/** A delivery of this endpoint, or 404 `delivery_not_found` (also for another endpoint's delivery). */
async function deliveryOr404(c: Context<AppEnv>, endpoint: EndpointRow, deliveryId: string): Promise<DeliveryRow> {
  const delivery = await findDelivery(db(c.env), deliveryId);
  if (!delivery || delivery.endpointId !== endpoint.id)
    throw new ApiError("delivery_not_found", `Delivery ${deliveryId} does not exist on endpoint ${endpoint.id}`);
  return delivery;
}

const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags,
    security,
    summary: "Register an endpoint; the signing secret is returned only here",
    request: body(CreateEndpointBody),
    responses: { 201: json(EndpointWithSecretSchema, "The new endpoint with its secret"), ...errorResponses(400, 401, 403, 429) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    assertUrlAllowed(c.env, input.url);
    const now = nowIso();
    const { workspaceId, environment } = scopeOf(c);
    const row: EndpointRow = {
      id: newId("wh"),
      workspaceId,
      environment,
      url: input.url,
      events: JSON.stringify(uniq(input.events)),
      description: input.description ?? "",
      enabled: true,
      secret: newWebhookSecret(),
      createdAt: now,
      updatedAt: now,
    };
    await insertEndpoint(db(c.env), row);
    return c.json({ ...endpointRecord(row), secret: row.secret }, 201);
  },
);

webhooks.openapi(
  createRoute({
    method: "get",
    path: "/",
    tags,
    security,
    summary: "List the endpoints of this environment",
    responses: { 200: json(z.object({ items: z.array(EndpointSchema) }), "Endpoints, oldest first"), ...errorResponses(401, 403, 429) },
  }),
  async (c) => c.json({ items: (await listEndpoints(db(c.env), scopeOf(c))).map(endpointRecord) }, 200),
);

webhooks.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    tags,
    security,
    summary: "Read an endpoint (without its secret)",
    request: { params: IdParam },
    responses: { 200: json(EndpointSchema, "The endpoint"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(endpointRecord(await endpointOr404(c, c.req.valid("param").id)), 200),
);

webhooks.openapi(
  createRoute({
    method: "patch",
    path: "/{id}",
    tags,
    security,
    summary: "Update url, events, description or enabled; the secret is kept",
    request: { params: IdParam, ...body(UpdateEndpointBody) },
    responses: { 200: json(EndpointSchema, "The updated endpoint"), ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    await endpointOr404(c, id);
    if (input.url !== undefined) assertUrlAllowed(c.env, input.url);
    const row = await updateEndpoint(db(c.env), scopeOf(c), id, {
      ...(input.url !== undefined && { url: input.url }),
      ...(input.events !== undefined && { events: JSON.stringify(uniq(input.events)) }),
      ...(input.description !== undefined && { description: input.description ?? "" }),
      ...(input.enabled !== undefined && { enabled: input.enabled }),
      updatedAt: nowIso(),
    });
    if (!row) throw new ApiError("webhook_not_found", `Webhook endpoint ${id} does not exist`);
    return c.json(endpointRecord(row), 200);
  },
);

webhooks.openapi(
  createRoute({
    method: "delete",
    path: "/{id}",
    tags,
    security,
    summary: "Delete an endpoint and its delivery log",
    request: { params: IdParam },
    responses: { 200: json(z.object({ id: z.string(), deleted: z.literal(true) }), "Deleted"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    if (!(await deleteEndpoint(db(c.env), scopeOf(c), id))) throw new ApiError("webhook_not_found", `Webhook endpoint ${id} does not exist`);
    return c.json({ id, deleted: true as const }, 200);
  },
);

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/{id}/rotate-secret",
    tags,
    security,
    summary: "Replace the signing secret; the new one signs the next delivery",
    request: { params: IdParam },
    responses: { 200: json(z.object({ id: z.string(), secret: z.string() }), "The new secret, shown once"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await endpointOr404(c, id);
    const secret = newWebhookSecret();
    if (!(await updateEndpoint(db(c.env), scopeOf(c), id, { secret, updatedAt: nowIso() })))
      throw new ApiError("webhook_not_found", `Webhook endpoint ${id} does not exist`);
    return c.json({ id, secret }, 200);
  },
);

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/{id}/test",
    tags,
    security,
    summary: "Send a webhook.test event to this endpoint",
    request: { params: IdParam },
    responses: { 202: json(QueuedSchema, "The test delivery is queued"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const endpoint = await endpointOr404(c, c.req.valid("param").id);
    const event = testEvent(endpoint.id);
    const now = nowIso();
    const [row] = await insertDeliveries(db(c.env), [
      {
        id: newId("dlv"),
        endpointId: endpoint.id,
        eventId: event.id,
        type: event.type,
        payload: JSON.stringify(buildEnvelope(event, endpoint.environment)),
        status: "pending",
        attempts: 0,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    await enqueueDeliveries(c.env, [row.id]);
    return c.json({ deliveryId: row.id, eventId: event.id, status: "pending" as const }, 202);
  },
);

webhooks.openapi(
  createRoute({
    method: "get",
    path: "/{id}/deliveries",
    tags,
    security,
    summary: "The delivery log of an endpoint, newest first",
    request: { params: IdParam, query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }) },
    responses: { 200: json(z.object({ items: z.array(DeliverySchema) }), "Deliveries, newest first"), ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => {
    const endpoint = await endpointOr404(c, c.req.valid("param").id);
    const rows = await listDeliveries(db(c.env), endpoint.id, c.req.valid("query").limit ?? 100);
    return c.json({ items: rows.map(deliveryRecord) }, 200);
  },
);

webhooks.openapi(
  createRoute({
    method: "get",
    path: "/{id}/deliveries/{deliveryId}",
    tags,
    security,
    summary: "One delivery with its attempt log and the envelope it sends",
    request: { params: DeliveryParam },
    responses: { 200: json(DeliveryDetailSchema, "The delivery"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const { id, deliveryId } = c.req.valid("param");
    const delivery = await deliveryOr404(c, await endpointOr404(c, id), deliveryId);
    const attempts = await listAttempts(db(c.env), delivery.id);
    return c.json(
      { ...deliveryRecord(delivery), attemptLog: attempts.map(attemptRecord), payload: JSON.parse(delivery.payload) as Record<string, unknown> },
      200,
    );
  },
);

webhooks.openapi(
  createRoute({
    method: "post",
    path: "/{id}/deliveries/{deliveryId}/replay",
    tags,
    security,
    summary: "Deliver the same envelope (same evt_ id) again",
    request: { params: DeliveryParam },
    responses: { 202: json(QueuedSchema, "The replay is queued"), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const { id, deliveryId } = c.req.valid("param");
    const delivery = await deliveryOr404(c, await endpointOr404(c, id), deliveryId);
    // Back to pending starts a new run of attempts; the attempt counter keeps the history.
    await updateDelivery(db(c.env), delivery.id, { status: "pending", nextAttemptAt: null, updatedAt: nowIso() });
    await enqueueDeliveries(c.env, [delivery.id]);
    return c.json({ deliveryId: delivery.id, eventId: delivery.eventId, status: "pending" as const }, 202);
  },
);
