import type { Environment } from "../db/schema";

/** Webhook event types of interface.md "Events". */
export const WEBHOOK_EVENT_TYPES = ["seat.held", "seat.booked", "seat.released", "seat.hold_expired", "event.chart_changed", "webhook.test"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `data.object` of a seat.* event. The hold token is never part of it. */
export interface SeatEventObject {
  eventKey: string;
  objectLabel: string;
  objectType: string;
  status: "free" | "held" | "booked" | "not_for_sale";
  categoryKey: string | null;
  extraData: Record<string, unknown> | null;
  holdExpiresAt?: string;
  /** GA areas: the quantity the change concerns. */
  quantity?: number;
}

/** `data.object` of event.chart_changed. */
export interface ChartChangedObject {
  eventKey: string;
  chartKey: string;
  previousChartKey: string;
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
  data: { object: SeatEventObject | ChartChangedObject | Record<string, unknown> };
}

/**
 * Messages on the WEBHOOKS queue.
 * - `event`: one event of a (workspace, environment); the consumer fans it out to the subscribed
 *   endpoints of that environment, creating one delivery per endpoint.
 * - `events`: several events of one (workspace, environment), in commit order: what the event
 *   Durable Object's outbox flush sends, so an on-sale rush costs one queue message per flush
 *   instead of one per seat change. Fanned out exactly like that many `event` messages.
 * - `deliver`: one attempt at one delivery (retries re-enqueue it with a delay).
 */
export type WebhookMessage =
  | { kind: "event"; workspaceId: string; environment: Environment; event: OutboxEvent }
  | { kind: "events"; workspaceId: string; environment: Environment; events: OutboxEvent[] }
  | { kind: "deliver"; deliveryId: string };

/** The `event` messages an `event` or `events` message stands for (none for `deliver`). */
export function eventMessagesOf(msg: WebhookMessage): Array<Extract<WebhookMessage, { kind: "event" }>> {
  if (msg.kind === "event") return [msg];
  if (msg.kind === "events") return msg.events.map((event) => ({ kind: "event", workspaceId: msg.workspaceId, environment: msg.environment, event }));
  return [];
}
