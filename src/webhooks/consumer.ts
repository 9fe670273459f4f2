import { ENVIRONMENTS, type Environment } from "../db/schema";
import type { DeliveryRow } from "../db/webhooks";
import { attemptDelivery, deadLetterDelivery } from "./delivery";
import { fanOutEvents, type EventToFanOut } from "./fan-out";
import { eventMessagesOf, WEBHOOK_EVENT_TYPES, type OutboxEvent, type WebhookMessage } from "./messages";

/** Queue names of wrangler.toml: the work queue and its dead-letter queue. */
export const WEBHOOK_QUEUE = "seat-webhooks";
export const WEBHOOK_DLQ = "seat-webhooks-dlq";

/** `sendBatch` accepts at most 100 messages. */
const SEND_BATCH_MAX = 100;

/** Narrows an untrusted outbox event; null unless it has an id, a created time, a known type and an object. */
function parseOutboxEvent(value: unknown): OutboxEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const e = value as Record<string, unknown>;
  if (typeof e.id !== "string" || typeof e.created !== "number") return null;
  if (!WEBHOOK_EVENT_TYPES.includes(e.type as OutboxEvent["type"])) return null;
  const data = e.data as { object?: unknown } | null;
  if (typeof data !== "object" || data === null || typeof data.object !== "object" || data.object === null) return null;
  return e as unknown as OutboxEvent;
}

/** Narrows an untrusted queue body to a WebhookMessage; null for anything else. */
export function parseWebhookMessage(body: unknown): WebhookMessage | null {
  if (typeof body !== "object" || body === null) return null;
  const m = body as Record<string, unknown>;
  if (m.kind === "deliver") return typeof m.deliveryId === "string" ? { kind: "deliver", deliveryId: m.deliveryId } : null;
  if (typeof m.workspaceId !== "string" || !ENVIRONMENTS.includes(m.environment as Environment)) return null;
  const scope = { workspaceId: m.workspaceId, environment: m.environment as Environment };
  if (m.kind === "event") {
    const event = parseOutboxEvent(m.event);
    return event ? { kind: "event", ...scope, event } : null;
  }
  if (m.kind === "events" && Array.isArray(m.events) && m.events.length > 0) {
    const events = m.events.map(parseOutboxEvent);
    // All or nothing: acking a message with one unreadable event would drop the readable ones too.
    return events.every((e): e is OutboxEvent => e !== null) ? { kind: "events", ...scope, events } : null;
  }
  return null;
}

/** Sends one `deliver` message per delivery, optionally delayed. */
export async function enqueueDeliveries(env: Pick<Env, "WEBHOOKS">, deliveryIds: string[], delaySeconds?: number): Promise<void> {
  for (let i = 0; i < deliveryIds.length; i += SEND_BATCH_MAX) {
    const chunk = deliveryIds
      .slice(i, i + SEND_BATCH_MAX)
      .map((deliveryId) => ({ body: { kind: "deliver", deliveryId } satisfies WebhookMessage, delaySeconds }));
    await env.WEBHOOKS.sendBatch(chunk);
  }
}

/**
 * Creates the deliveries of one event (one per enabled endpoint of its workspace and environment
 * subscribed to its type) and queues their first attempts. Idempotent: see fanOutEvents.
 */
export async function fanOutEvent(env: Env, msg: Extract<WebhookMessage, { kind: "event" | "events" }>, enqueuedAt?: Date): Promise<DeliveryRow[]> {
  return fanOutEvents(
    env,
    eventMessagesOf(msg).map((m) => ({ msg: m, enqueuedAt })),
    (ids) => enqueueDeliveries(env, ids),
  );
}

/** Handles one `deliver` message of the work queue: attempt the delivery, then ack or retry. */
async function handleDeliver(env: Env, message: Message<unknown>, deliveryId: string): Promise<void> {
  const outcome = await attemptDelivery(env, deliveryId, message.attempts);
  if (outcome.kind === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
  else message.ack();
}

/**
 * Handles a batch of the work queue. Every event of the batch (`event` and `events` messages) is fanned out together
 * (one endpoint query for all their scopes, one insert round trip for all their deliveries):
 * under an on-sale rush each seat change is one message, and a D1 query per message made the
 * consumer compete with the holds. If the shared fan-out fails, every event message of the
 * batch is retried (fan-out is idempotent). `deliver` messages run concurrently, each alone.
 */
async function handleWorkBatch(env: Env, messages: readonly Message<unknown>[]): Promise<void> {
  const carriers: Message<unknown>[] = [];
  const items: EventToFanOut[] = [];
  const delivers: Array<Promise<void>> = [];
  for (const message of messages) {
    const msg = parseWebhookMessage(message.body);
    if (!msg) {
      // Retrying a message we cannot read would only delay it to the dead-letter queue.
      console.error("webhooks: dropping unreadable queue message", message.id);
      message.ack();
    } else if (msg.kind === "deliver") {
      delivers.push(guarded(message, () => handleDeliver(env, message, msg.deliveryId)));
    } else {
      carriers.push(message);
      for (const m of eventMessagesOf(msg)) items.push({ msg: m, enqueuedAt: message.timestamp });
    }
  }
  const fanOut = async () => {
    try {
      await fanOutEvents(env, items, (ids) => enqueueDeliveries(env, ids));
      for (const message of carriers) message.ack();
    } catch (err) {
      console.error("webhooks: event fan-out failed, will retry", carriers.length, "messages", err);
      for (const message of carriers) message.retry();
    }
  };
  await Promise.all([fanOut(), ...delivers]);
}

/** Runs a message's handler; a handler that throws gets its message retried alone. */
async function guarded(message: Message<unknown>, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    console.error("webhooks: message failed, will retry", message.id, err);
    message.retry();
  }
}

/**
 * Handles one message of the dead-letter queue, where the platform puts messages whose handler
 * threw on every try. An event gets one more fan-out (its deliveries then follow the normal
 * path); a delivery still pending is marked failed, where the log shows it and replay can retry.
 */
async function handleDeadLetter(env: Env, message: Message<unknown>): Promise<void> {
  const msg = parseWebhookMessage(message.body);
  if (msg?.kind === "event" || msg?.kind === "events") await fanOutEvent(env, msg);
  else if (msg?.kind === "deliver") await deadLetterDelivery(env, msg.deliveryId);
  else console.error("webhooks: dropping unreadable dead-lettered message", message.id);
  message.ack();
}

/**
 * The Worker's `queue()` handler for both webhook queues, told apart by `batch.queue`. On the
 * work queue event messages are fanned out together (see handleWorkBatch); dead-lettered
 * messages are rare and run one by one, concurrently; one that throws is retried alone.
 */
export async function handleWebhookBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  if (batch.queue !== WEBHOOK_DLQ) return handleWorkBatch(env, batch.messages);
  await Promise.all(batch.messages.map((message) => guarded(message, () => handleDeadLetter(env, message))));
}
