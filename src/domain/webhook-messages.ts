import type { AuditRecord } from "./audit";
import type { Environment } from "./scope";
import type { JsonObject } from "./json";
import type { Price } from "./pricing";
import type { Status } from "./status";

/**
 * Webhook event types of docs/webhooks.md#event-types, and `audit.recorded` (docs/team.md), which an
 * endpoint receives only when it lists it: no endpoint is subscribed to anything it did not name.
 */
export const WEBHOOK_EVENT_TYPES = [
  "seat.held",
  "seat.booked",
  "seat.released",
  "seat.hold_expired",
  "event.chart_changed",
  "webhook.test",
  "audit.recorded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `data.object` of a seat.* event. The hold token is never part of it. */
export interface SeatEventObject {
  eventKey: string;
  objectLabel: string;
  objectType: "seat" | "generalAdmission" | "table" | "booth";
  status: Status;
  categoryKey: string | null;
  extraData: JsonObject | null;
  holdExpiresAt?: string;
  /** GA areas: the quantity the change concerns. */
  quantity?: number;
  /** The seq of the change's status-history record: per event 1, 2, 3, … so a receiver can order deliveries and see a gap. */
  seq: number;
  /** The order the object was booked under (seat.booked, and seat.released of a booking). */
  orderId?: string;
  /** The seat's channel (docs/channels.md), when it is in one. */
  channelKey?: string;
  /** The season (docs/seasons.md) the seat was taken or freed for, and its partial season. */
  seasonKey?: string;
  partialSeasonKey?: string;
  /** A table taken whole (docs/tables.md): the seats it was taken with. */
  seatLabels?: string[];
  /** docs/prices.md: the locked price of the objects the change concerns (a GA change: its places). */
  price?: Price;
}

/** `data.object` of event.chart_changed. */
export interface ChartChangedObject {
  eventKey: string;
  chartKey: string;
  previousChartKey: string;
}

/** `data.object` of webhook.test. */
export interface TestObject {
  message: string;
  endpointId: string;
}

/**
 * An outgoing event as the event Durable Object stores it in its outbox and sends it to the
 * WEBHOOKS queue. `id` (evt_…) is fixed when the state change commits and never changes after.
 */
export interface OutboxEvent {
  id: string;
  type: WebhookEventType;
  /** Unix seconds. */
  created: number;
  data: { object: SeatEventObject | ChartChangedObject | TestObject | AuditRecord };
}

/**
 * Where an `events` message came from: the event object and the outbox rows it carries. The
 * consumer confirms them once their deliveries are stored, and only then does the object forget
 * them; `eventId` keeps a late confirmation from touching a re-created event of the same key.
 */
export interface OutboxSource {
  eventKey: string;
  eventId: string;
  seqs: number[];
}

/**
 * Messages on the WEBHOOKS queue.
 * - `events`: several events of one (workspace, environment), in commit order: what an event
 *   object's outbox flush sends, so an on-sale rush costs one queue message per flush instead of
 *   one per seat change. `source` names the outbox rows to confirm after the fan-out.
 * - `event`: one event (the form of messages sent before `events` existed; still accepted).
 * - `deliver`: one attempt at one delivery.
 * - `audit`: audit records of one workspace (docs/team.md), each stored if it is not yet (the
 *   request that made it stores it too; this copy is what survives that write failing) and then
 *   fanned out as `audit.recorded` to the endpoints that listed it.
 */
export type WebhookMessage =
  | { kind: "event"; workspaceId: string; environment: Environment; event: OutboxEvent }
  | { kind: "events"; workspaceId: string; environment: Environment; events: OutboxEvent[]; source?: OutboxSource }
  | { kind: "deliver"; deliveryId: string }
  | { kind: "audit"; workspaceId: string; records: AuditRecord[] };

/**
 * An `events` message as the event object's outbox sends it: its JSON text, put together from the
 * outbox rows' stored JSON and sent with contentType "text", so an event is encoded once, when it
 * commits. The consumer parses it (parseWebhookMessage) and then handles it like any message.
 */
export type EncodedEventsMessage = string;

/** A body on the WEBHOOKS queue: a message, or an encoded `events` message. */
export type WebhookQueueBody = WebhookMessage | EncodedEventsMessage;

/** The `event` messages an `event` or `events` message stands for (none for `deliver`). */
export function eventMessagesOf(msg: WebhookMessage): Array<Extract<WebhookMessage, { kind: "event" }>> {
  if (msg.kind === "event") return [msg];
  if (msg.kind === "events") return msg.events.map((event) => ({ kind: "event", workspaceId: msg.workspaceId, environment: msg.environment, event }));
  return [];
}

/** Each webhook event type in words, for people choosing them (the id stays beside it). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "seat.held": "A seat or GA place is held",
  "seat.booked": "A seat or GA place is booked",
  "seat.released": "A hold or booking is released",
  "seat.hold_expired": "A hold ran out before it was booked",
  "event.chart_changed": "An event's seat map changed (a chart was published)",
  "webhook.test": "A test delivery, sent from this page",
  "audit.recorded": "A change was recorded in the activity log (who changed what; only if chosen here)",
};

/**
 * The `audit.recorded` event of an audit record, for one environment's endpoints. Its id is derived
 * from the record's, so a record fanned out twice is still one delivery per endpoint. A
 * workspace-level record (environment null) goes to the endpoints of both environments.
 */
export function auditEvent(record: AuditRecord): OutboxEvent {
  return { id: `evt_${record.id.slice("aud_".length)}`, type: "audit.recorded", created: Math.floor(Date.parse(record.at) / 1000), data: { object: record } };
}
