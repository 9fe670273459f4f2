import type { Environment } from "../domain/scope";
import { newEventId } from "../domain/event-ids";
import type { OutboxEvent, WebhookEventType } from "../domain/webhook-messages";

/** The signed JSON body of every delivery (docs/webhooks.md#event-types, docs/webhooks.md#the-envelope). */
export interface WebhookEnvelope {
  /** `evt_…`: the receiver's idempotency key, identical on every retry and replay. */
  id: string;
  type: WebhookEventType;
  /** Unix seconds when the change happened (not when it was sent). */
  created: number;
  /** true for production endpoints, false for sandbox ones. */
  livemode: boolean;
  data: { object: Record<string, unknown> };
}

/**
 * Keys that must never leave the service in a payload. The engine does not put them in events;
 * this is the second line of defence, applied to the top level of `data.object`, the place where
 * a seat's own fields live (integrator-supplied `extraData` is passed through untouched).
 */
const FORBIDDEN_KEYS = new Set(["holdToken", "hold_token", "token"]);

/**
 * Builds the envelope of an outbox event for an environment. The JSON text of the result is what
 * gets stored on the delivery and signed byte for byte on every attempt.
 */
export function buildEnvelope(event: OutboxEvent, environment: Environment): WebhookEnvelope {
  const object: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event.data.object)) {
    if (!FORBIDDEN_KEYS.has(key)) object[key] = value;
  }
  return { id: event.id, type: event.type, created: event.created, livemode: environment === "production", data: { object } };
}

/**
 * The envelope of an event as a delivery stores it (docs/security.md: extraData kept once per text):
 * its JSON with `"extraData":null` and the extraData's own JSON apart, or the whole envelope and
 * null when the event carries none. `withExtraData(payload, extra)` is, byte for byte, the JSON of
 * {@link buildEnvelope}.
 */
export function storedEnvelope(event: OutboxEvent, environment: Environment): { payload: string; extra: string | null } {
  const envelope = buildEnvelope(event, environment);
  const extraData = envelope.data.object.extraData;
  if (extraData === undefined || extraData === null) return { payload: JSON.stringify(envelope), extra: null };
  return { payload: JSON.stringify({ ...envelope, data: { object: { ...envelope.data.object, extraData: null } } }), extra: JSON.stringify(extraData) };
}

/** The outbox-shaped event of a `webhook.test` delivery for one endpoint. */
export function testEvent(endpointId: string): OutboxEvent {
  return {
    id: newEventId(),
    type: "webhook.test",
    created: Math.floor(Date.now() / 1000),
    data: { object: { message: "This is a test delivery from the seat reservation service", endpointId } },
  };
}
