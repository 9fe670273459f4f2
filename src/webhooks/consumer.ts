import { ENVIRONMENTS, type Environment } from "../domain/scope";
import type { DeliveryRow } from "../db/webhooks";
import { eventStub } from "../event-object/event-stub";
import { attemptDelivery, deadLetterDelivery } from "./delivery";
import { fanOutEvents, type EventToFanOut } from "./fan-out";
import { eventMessagesOf, WEBHOOK_EVENT_TYPES, type OutboxEvent, type OutboxSource, type WebhookMessage } from "../domain/webhook-messages";
import { enqueueDeliveries } from "./queue";
import { parseAuditMessage, storeAuditMessages } from "./audit-fan-out";
import { logError } from "../domain/log-safety";

/** The dead-letter queue's name in wrangler.toml: its batches reach the same handler. */
export const WEBHOOK_DLQ = "seat-webhooks-dlq";

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

/** The outbox rows an `events` message names, when it names them well-formed. */
function parseSource(value: unknown): OutboxSource | null {
  if (typeof value !== "object" || value === null) return null;
  const s = value as Record<string, unknown>;
  if (typeof s.eventKey !== "string" || typeof s.eventId !== "string" || !Array.isArray(s.seqs)) return null;
  const seqs = s.seqs.filter((n): n is number => Number.isInteger(n));
  return { eventKey: s.eventKey, eventId: s.eventId, seqs };
}

/**
 * Narrows an untrusted queue body to a WebhookMessage; null for anything else. A string is an
 * `events` message as the outbox sends it (EncodedEventsMessage): its JSON text.
 */
export function parseWebhookMessage(body: unknown): WebhookMessage | null {
  if (typeof body === "string") {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      return null;
    }
  }
  if (typeof body !== "object" || body === null) return null;
  const m = body as Record<string, unknown>;
  if (m.kind === "deliver") return typeof m.deliveryId === "string" ? { kind: "deliver", deliveryId: m.deliveryId } : null;
  if (m.kind === "audit") return parseAuditMessage(m);
  if (typeof m.workspaceId !== "string" || !ENVIRONMENTS.includes(m.environment as Environment)) return null;
  const scope = { workspaceId: m.workspaceId, environment: m.environment as Environment };
  if (m.kind === "event") {
    const event = parseOutboxEvent(m.event);
    return event ? { kind: "event", ...scope, event } : null;
  }
  if (m.kind === "events" && Array.isArray(m.events) && m.events.length > 0) {
    const events = m.events.map(parseOutboxEvent);
    // All or nothing: acking a message with one unreadable event would drop the readable ones too.
    if (!events.every((e): e is OutboxEvent => e !== null)) return null;
    const source = parseSource(m.source);
    return source ? { kind: "events", ...scope, events, source } : { kind: "events", ...scope, events };
  }
  return null;
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

/**
 * Handles one `deliver` message of the work queue: attempt the delivery, and on a failure hand the
 * message back to the queue for the retry after the backoff delay. (The attempt count comes from
 * D1, so a message re-driven by the endpoint's scheduler counts on from where the delivery was.)
 */
async function handleDeliver(env: Env, message: Message<unknown>, deliveryId: string): Promise<void> {
  const outcome = await attemptDelivery(env, deliveryId);
  if (outcome.kind === "retry") message.retry({ delaySeconds: outcome.delaySeconds });
  else message.ack();
}

/**
 * Tells each event object that the events it sent are now stored as deliveries, so it may forget
 * them: one call per object for the whole batch (during a rush a batch carries many messages of
 * the same event, and each call is a write of the object). A confirmation that fails is harmless:
 * the object sends the rows again after its lease, and the fan-out of an event that already has
 * its deliveries adds nothing.
 */
async function confirmOutbox(env: Env, messages: Array<Extract<WebhookMessage, { kind: "events" }>>): Promise<void> {
  const perObject = new Map<string, { workspaceId: string; environment: Environment; source: OutboxSource }>();
  for (const m of messages) {
    if (!m.source) continue;
    const id = `${m.workspaceId}:${m.environment}:${m.source.eventKey}:${m.source.eventId}`;
    const known = perObject.get(id);
    if (known) known.source.seqs.push(...m.source.seqs);
    else perObject.set(id, { workspaceId: m.workspaceId, environment: m.environment, source: { ...m.source, seqs: [...m.source.seqs] } });
  }
  const results = await Promise.allSettled(
    [...perObject.values()].map((o) => eventStub(env, o.workspaceId, o.environment, o.source.eventKey).ackOutbox(o.source.eventId, o.source.seqs)),
  );
  for (const r of results) if (r.status === "rejected") logError("webhooks: confirming outbox rows failed; they will be sent again", r.reason);
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
  const sources: Array<Extract<WebhookMessage, { kind: "events" }>> = [];
  const items: EventToFanOut[] = [];
  const audits: Array<{ msg: Extract<WebhookMessage, { kind: "audit" }>; enqueuedAt: Date }> = [];
  const delivers: Array<Promise<void>> = [];
  for (const message of messages) {
    const msg = parseWebhookMessage(message.body);
    if (!msg) {
      // Retrying a message we cannot read would only delay it to the dead-letter queue.
      logError("webhooks: dropping unreadable queue message", undefined, message.id);
      message.ack();
    } else if (msg.kind === "deliver") {
      delivers.push(guarded(message, () => handleDeliver(env, message, msg.deliveryId)));
    } else if (msg.kind === "audit") {
      carriers.push(message);
      audits.push({ msg, enqueuedAt: message.timestamp });
    } else {
      carriers.push(message);
      if (msg.kind === "events") sources.push(msg);
      for (const m of eventMessagesOf(msg)) items.push({ msg: m, enqueuedAt: message.timestamp });
    }
  }
  const fanOut = async () => {
    try {
      items.push(...(await storeAuditMessages(env, audits)));
      await fanOutEvents(env, items, (ids) => enqueueDeliveries(env, ids));
      await confirmOutbox(env, sources);
      for (const message of carriers) message.ack();
    } catch (err) {
      logError(`webhooks: event fan-out of ${carriers.length} messages failed, will retry`, err);
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
    logError("webhooks: message failed, will retry", err, message.id);
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
  if (msg?.kind === "event" || msg?.kind === "events") {
    await fanOutEvent(env, msg);
    if (msg.kind === "events") await confirmOutbox(env, [msg]);
  } else if (msg?.kind === "deliver") await deadLetterDelivery(env, msg.deliveryId);
  else if (msg?.kind === "audit") await fanOutEvents(env, await storeAuditMessages(env, [{ msg }]), (ids) => enqueueDeliveries(env, ids));
  else logError("webhooks: dropping unreadable dead-lettered message", undefined, message.id);
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
