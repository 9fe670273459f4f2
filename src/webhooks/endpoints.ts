import type { z } from "@hono/zod-openapi";
import { db, nowIso } from "../db/client";
import {
  deleteEndpoint,
  deliveryPayload,
  endpointInOtherWorkspace,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  listAttempts,
  listDeliveries,
  listEndpoints,
  updateDelivery,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from "../db/webhooks";
import { admitManualSend, insertEndpointWithin } from "../db/webhook-limits";
import { ServiceError } from "../domain/errors";
import type { Scope } from "../domain/scope";
import { newId } from "../keys/keys";
import {
  attemptRecord,
  deliveryRecord,
  endpointRecord,
  type CreateEndpointBody,
  type DeliveryDetailSchema,
  type DeliverySchema,
  type EndpointSchema,
  type EndpointWithSecretSchema,
  type QueuedSchema,
  type UpdateEndpointBody,
} from "./api-schemas";
import { buildEnvelope, testEvent } from "./envelope";
import { enqueueDeliveries } from "./queue";
import { redriveMs } from "../domain/webhook-redrive";
import { wakeSchedulers } from "./scheduler";
import { newWebhookSecret } from "./signing";
import { allowPrivateUrls, checkWebhookUrl } from "./url-policy";

/**
 * Webhook management (docs/webhooks.md) as operations on a (workspace, environment) scope: the public
 * API and the dashboard both call these, so each rule lives here once. An endpoint of the
 * workspace's other environment is "not found" (keys never cross environments); one of another
 * workspace is 403 `forbidden` (docs/api.md#authentication-and-keys), decided before any change. A refusal is thrown
 * as a ServiceError (src/README.md "Failures").
 */

type Endpoint = z.infer<typeof EndpointSchema>;
type Queued = z.infer<typeof QueuedSchema>;

/** Refuses a URL the policy does not admit, as a validation failure on `url`. */
function assertUrlAllowed(env: Env, url: string): void {
  const verdict = checkWebhookUrl(url, { allowPrivate: allowPrivateUrls(env) });
  if (!verdict.ok) throw new ServiceError("validation_failed", "The webhook URL is not allowed", { errors: { url: [`The URL ${verdict.reason}`] } });
}

/**
 * The error for an endpoint id the scope does not have: 403 `forbidden` when it is another
 * workspace's, else 404 `webhook_not_found`. The extra look-up runs only on this path.
 */
async function endpointMissing(env: Env, scope: Scope, id: string): Promise<ServiceError> {
  if (await endpointInOtherWorkspace(db(env), scope.workspaceId, id))
    return new ServiceError("forbidden", "This webhook endpoint belongs to another workspace");
  return new ServiceError("webhook_not_found", `Webhook endpoint ${id} does not exist`);
}

/** The scope's endpoint, or the refusal of {@link endpointMissing}. */
async function ownEndpoint(env: Env, scope: Scope, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(db(env), scope, id);
  if (!row) throw await endpointMissing(env, scope, id);
  return row;
}

/**
 * A delivery of this endpoint. Another endpoint's delivery is 404 `delivery_not_found`, unless that
 * endpoint is another workspace's: then 403 `forbidden`, as for the endpoint itself.
 */
async function ownDelivery(env: Env, endpoint: EndpointRow, deliveryId: string): Promise<DeliveryRow> {
  const d = db(env);
  const delivery = await findDelivery(d, deliveryId);
  if (delivery?.endpointId === endpoint.id) return delivery;
  if (delivery && (await endpointInOtherWorkspace(d, endpoint.workspaceId, delivery.endpointId)))
    throw new ServiceError("forbidden", "This delivery belongs to another workspace");
  throw new ServiceError("delivery_not_found", `Delivery ${deliveryId} does not exist on endpoint ${endpoint.id}`);
}

const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];

/** Queues a pending delivery's first attempt of a run, with the scheduler armed behind it. */
async function queueRun(env: Env, endpointId: string, deliveryId: string, dueAt: number): Promise<void> {
  await wakeSchedulers(env, [endpointId], dueAt);
  await enqueueDeliveries(env, [deliveryId]);
}

/** Endpoints a workspace environment may register (docs/security.md). */
export const MAX_ENDPOINTS = 20;
/** Test sends and replays together, per endpoint and {@link MANUAL_SEND_WINDOW_MS}. */
export const MAX_MANUAL_SENDS = 10;
export const MANUAL_SEND_WINDOW_MS = 60_000;

/**
 * Counts a test send or replay of the endpoint: 429 `rate_limited` (Retry-After: until the oldest
 * send of the last minute leaves it) past {@link MAX_MANUAL_SENDS} a minute. Each one makes the
 * service call a URL its caller chose, so without a limit the endpoint would be a way to make us
 * flood a third party.
 */
async function admitSend(env: Env, endpointId: string): Promise<void> {
  const now = Date.now();
  const freeAt = await admitManualSend(db(env), endpointId, now, MAX_MANUAL_SENDS, MANUAL_SEND_WINDOW_MS);
  if (freeAt === null) return;
  const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
  throw new ServiceError("rate_limited", `At most ${MAX_MANUAL_SENDS} test sends and replays per endpoint per minute; retry in ${seconds} seconds`, {
    retryAfterSeconds: seconds,
  });
}

/** Registers an endpoint; the only answer that carries its signing secret. */
export async function createEndpoint(env: Env, scope: Scope, input: z.infer<typeof CreateEndpointBody>): Promise<z.infer<typeof EndpointWithSecretSchema>> {
  assertUrlAllowed(env, input.url);
  const now = nowIso();
  const row: EndpointRow = {
    id: newId("wh"),
    workspaceId: scope.workspaceId,
    environment: scope.environment,
    url: input.url,
    events: JSON.stringify(uniq(input.events)),
    description: input.description ?? "",
    enabled: true,
    secret: newWebhookSecret(),
    createdAt: now,
    updatedAt: now,
  };
  if (!(await insertEndpointWithin(db(env), row, MAX_ENDPOINTS))) {
    throw new ServiceError("limit_reached", `This environment already has ${MAX_ENDPOINTS} webhook endpoints, the most it may have; delete one first`);
  }
  return { ...endpointRecord(row), secret: row.secret };
}

/** Every endpoint of the scope, oldest first. */
export async function listEndpointRecords(env: Env, scope: Scope): Promise<Endpoint[]> {
  return (await listEndpoints(db(env), scope)).map(endpointRecord);
}

/** One endpoint (never its secret). */
export async function getEndpoint(env: Env, scope: Scope, id: string): Promise<Endpoint> {
  return endpointRecord(await ownEndpoint(env, scope, id));
}

/** Changes url, events, description or enabled; the secret is kept. */
export async function editEndpoint(env: Env, scope: Scope, id: string, input: z.infer<typeof UpdateEndpointBody>): Promise<Endpoint> {
  await ownEndpoint(env, scope, id);
  if (input.url !== undefined) assertUrlAllowed(env, input.url);
  const row = await updateEndpoint(db(env), scope, id, {
    ...(input.url !== undefined && { url: input.url }),
    ...(input.events !== undefined && { events: JSON.stringify(uniq(input.events)) }),
    ...(input.description !== undefined && { description: input.description ?? "" }),
    ...(input.enabled !== undefined && { enabled: input.enabled }),
    updatedAt: nowIso(),
  });
  if (!row) throw await endpointMissing(env, scope, id);
  return endpointRecord(row);
}

/**
 * Deletes an endpoint and its delivery log. The delete itself is bounded by the scope, so another
 * workspace's endpoint is untouched when it is refused.
 */
export async function removeEndpoint(env: Env, scope: Scope, id: string): Promise<{ id: string; deleted: true }> {
  if (!(await deleteEndpoint(db(env), scope, id))) throw await endpointMissing(env, scope, id);
  return { id, deleted: true };
}

/** Replaces the signing secret; the new one (shown once) signs the very next attempt. */
export async function rotateEndpointSecret(env: Env, scope: Scope, id: string): Promise<{ id: string; secret: string }> {
  await ownEndpoint(env, scope, id);
  const secret = newWebhookSecret();
  if (!(await updateEndpoint(db(env), scope, id, { secret, updatedAt: nowIso() }))) throw await endpointMissing(env, scope, id);
  return { id, secret };
}

/** Queues a `webhook.test` delivery to the endpoint. */
export async function sendTestEvent(env: Env, scope: Scope, id: string): Promise<Queued> {
  const endpoint = await ownEndpoint(env, scope, id);
  await admitSend(env, endpoint.id);
  const event = testEvent(endpoint.id);
  const now = nowIso();
  const dueAt = Date.now() + redriveMs(env);
  const [row] = await insertDeliveries(db(env), [
    {
      id: newId("dlv"),
      endpointId: endpoint.id,
      eventId: event.id,
      type: event.type,
      payload: JSON.stringify(buildEnvelope(event, endpoint.environment)),
      status: "pending",
      attempts: 0,
      runAttempts: 0,
      dueAt,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  await queueRun(env, endpoint.id, row.id, dueAt);
  return { deliveryId: row.id, eventId: event.id, status: "pending" };
}

/** The endpoint's delivery log, newest first. */
export async function listDeliveryRecords(env: Env, scope: Scope, id: string, limit: number): Promise<z.infer<typeof DeliverySchema>[]> {
  const endpoint = await ownEndpoint(env, scope, id);
  return (await listDeliveries(db(env), endpoint.id, limit)).map(deliveryRecord);
}

/** One delivery with every attempt and the exact envelope it sends. */
export async function getDeliveryDetail(env: Env, scope: Scope, id: string, deliveryId: string): Promise<z.infer<typeof DeliveryDetailSchema>> {
  const delivery = await ownDelivery(env, await ownEndpoint(env, scope, id), deliveryId);
  const attempts = await listAttempts(db(env), delivery.id);
  return {
    ...deliveryRecord(delivery),
    attemptLog: attempts.map(attemptRecord),
    payload: JSON.parse(await deliveryPayload(db(env), delivery)) as Record<string, unknown>,
  };
}

/** Sends the same envelope (same evt_ id, same bytes) again, as a new run of attempts. */
export async function replayDelivery(env: Env, scope: Scope, id: string, deliveryId: string): Promise<Queued> {
  const delivery = await ownDelivery(env, await ownEndpoint(env, scope, id), deliveryId);
  await admitSend(env, delivery.endpointId);
  const dueAt = Date.now() + redriveMs(env);
  // The attempt counter keeps the history; the run counter starts again.
  await updateDelivery(db(env), delivery.id, { status: "pending", runAttempts: 0, nextAttemptAt: null, dueAt, updatedAt: nowIso() });
  await queueRun(env, delivery.endpointId, delivery.id, dueAt);
  return { deliveryId: delivery.id, eventId: delivery.eventId, status: "pending" };
}
