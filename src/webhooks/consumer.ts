import { db, nowIso } from "../db/client";
import { ENVIRONMENTS, type Environment } from "../db/schema";
import { findDeliveryByEvent, insertDeliveries, subscribedEndpoints, type DeliveryRow } from "../db/webhooks";
import { newId } from "../keys/keys";
import { attemptDelivery, deadLetterDelivery } from "./delivery";
import { buildEnvelope } from "./envelope";
import { WEBHOOK_EVENT_TYPES, type OutboxEvent, type WebhookMessage } from "./messages";

/** Queue names of wrangler.toml: the work queue and its dead-letter queue. */
export const WEBHOOK_QUEUE = "seat-webhooks";
export const WEBHOOK_DLQ = "seat-webhooks-dlq";

/** `sendBatch` accepts at most 100 messages. */
const SEND_BATCH_MAX = 100;

/** Narrows an untrusted queue body to a WebhookMessage; null for anything else. */
export function parseWebhookMessage(body: unknown): WebhookMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const m = body as Record<string, unknown>;
  if (m.kind === "deliver") return typeof m.deliveryId === "string" ? { kind: "deliver", deliveryId: m.deliveryId } : null;
  if (m.kind !== "event" || typeof m.workspaceId !== "string" || !ENVIRONMENTS.includes(m.environment as Environment)) return null;
  const e = m.event as Record<string, unknown> | null;
  if (typeof e !== "object" || e === null || typeof e.id !== "string" || typeof e.created !== "number") return null;
  if (!WEBHOOK_EVENT_TYPES.includes(e.type as OutboxEvent["type"])) return null;
  const data = e.data as { object?: unknown } | null;
  if (typeof data !== "object" || data === null || typeof data.object !== "object" || data.object === null) return null;
  return { kind: "event", workspaceId: m.workspaceId, environment: m.environment as Environment, event: e as unknown as OutboxEvent };
}

/** Sends one `deliver` message per delivery, optionally delayed. */
export async function enqueueDeliveries(env: Pick<Env, "WEBHOOKS">, deliveryIds: string[], delaySeconds?: number): Promise<void> {
  for (let i = 0; i < deliveryIds.length; i += SEND_BATCH_MAX) {
    const chunk = deliveryIds.slice(i, i + SEND_BATCH_MAX).map((deliveryId) => ({ body: { kind: "deliver", deliveryId } satisfies WebhookMessage, delaySeconds }));
    await env.WEBHOOKS.sendBatch(chunk);
  }
}

/**
 * Creates the deliveries of one event (one per enabled endpoint of its workspace and environment
 * subscribed to its type) and queues their first attempts. Idempotent: a redelivered message
 * finds the existing rows and re-queues only those never attempted, so a crash between insert
 * and send loses nothing and a duplicate creates nothing.
 */
export async function fanOutEvent(env: Env, msg: Extract<WebhookMessage, { kind: "event" }>, enqueuedAt?: Date): Promise<DeliveryRow[]> {
  const d = db(env);
  const scope = { workspaceId: msg.workspaceId, environment: msg.environment };
  // Only endpoints that existed when the change happened receive it: an endpoint registered
  // while the event waited in the queue must not get an older change. The change happened no
  // later than the end of its `created` second and no later than when it was enqueued.
  const happenedBy = Math.min((msg.event.created + 1) * 1000 - 1, enqueuedAt?.getTime() ?? Number.POSITIVE_INFINITY);
  const endpoints = (await subscribedEndpoints(d, scope, msg.event.type)).filter((ep) => Date.parse(ep.createdAt) <= happenedBy);
  if (endpoints.length === 0) return [];
  const payload = JSON.stringify(buildEnvelope(msg.event, msg.environment));
  const now = nowIso();
  const created = await insertDeliveries(
    d,
    endpoints.map((endpoint) => ({ id: newId("dlv"), endpointId: endpoint.id, eventId: msg.event.id, type: msg.event.type, payload, status: "pending" as const, attempts: 0, createdAt: now, updatedAt: now })),
  );
  const toSend = [...created];
  for (const endpoint of endpoints) {
    if (created.some((row) => row.endpointId === endpoint.id)) continue;
    const existing = await findDeliveryByEvent(d, endpoint.id, msg.event.id);
    if (existing && existing.status === "pending" && existing.attempts === 0) toSend.push(existing);
  }
  await enqueueDeliveries(env, toSend.map((row) => row.id));
  return created;
}

/** Handles one message of the work queue: fan out an event, or attempt a delivery. */
async function handleWork(env: Env, message: Message<unknown>): Promise<void> {
  const msg = parseWebhookMessage(message.body);
  if (!msg) {
    // Retrying a message we cannot read would only delay it to the dead-letter queue.
    console.error("webhooks: dropping unreadable queue message", message.id);
    message.ack();
    return;
  }
  if (msg.kind === "event") {
    await fanOutEvent(env, msg, message.timestamp);
    message.ack();
    return;
  }
  const outcome = await attemptDelivery(env, msg.deliveryId, message.attempts);
  if (outcome.kind === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
  else message.ack();
}

/**
 * Handles one message of the dead-letter queue, where the platform puts messages whose handler
 * threw on every try. An event gets one more fan-out (its deliveries then follow the normal
 * path); a delivery still pending is marked failed, where the log shows it and replay can retry.
 */
async function handleDeadLetter(env: Env, message: Message<unknown>): Promise<void> {
  const msg = parseWebhookMessage(message.body);
  if (msg?.kind === "event") await fanOutEvent(env, msg);
  else if (msg?.kind === "deliver") await deadLetterDelivery(env, msg.deliveryId);
  else console.error("webhooks: dropping unreadable dead-lettered message", message.id);
  message.ack();
}

/**
 * The Worker's `queue()` handler for both webhook queues, told apart by `batch.queue`. Messages
 * are independent, so they run concurrently; one that throws is retried alone.
 */
export async function handleWebhookBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const handler = batch.queue === WEBHOOK_DLQ ? handleDeadLetter : handleWork;
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        await handler(env, message);
      } catch (err) {
        console.error("webhooks: message failed, will retry", message.id, err);
        message.retry();
      }
    }),
  );
}
