import { z } from "@hono/zod-openapi";
import { ENVIRONMENTS } from "../domain/scope";
import { endpointEvents, type AttemptRow, type DeliveryRow, type EndpointRow } from "../db/webhooks";
import { WEBHOOK_EVENT_TYPES } from "../domain/webhook-messages";
import { DELIVERY_ERRORS, deliveryErrorOf } from "../domain/webhook-failures";

/** zod schemas and record builders of the webhook management API (docs/webhooks.md). */

const EventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, "Subscribe to at least one event type")
  .max(WEBHOOK_EVENT_TYPES.length * 4)
  .openapi({ example: ["seat.held", "seat.booked", "seat.released", "seat.hold_expired"] });

const Url = z
  .string()
  .min(1)
  .max(2048)
  .openapi({ example: "https://hooks.example.com/seats", description: "HTTPS, public host (see the URL policy in the README)" });
const Description = z.string().max(1000);

export const CreateEndpointBody = z.object({ url: Url, events: EventTypes, description: Description.optional() }).openapi("CreateWebhookEndpoint");

export const UpdateEndpointBody = z
  .object({ url: Url.optional(), events: EventTypes.optional(), description: Description.nullable().optional(), enabled: z.boolean().optional() })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.description !== undefined || b.enabled !== undefined, {
    message: "Give at least one of url, events, description, enabled",
  })
  .openapi("UpdateWebhookEndpoint");

export const EndpointSchema = z
  .object({
    id: z.string().openapi({ example: "wh_3kTq9bX2mN8pL4vR7sW1" }),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    description: z.string(),
    enabled: z.boolean(),
    environment: z.enum(ENVIRONMENTS),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("WebhookEndpoint");

export const EndpointWithSecretSchema = EndpointSchema.extend({
  secret: z.string().openapi({ description: "The signing secret; shown only in this response", example: "whsec_…" }),
}).openapi("WebhookEndpointWithSecret");

export const DeliverySchema = z
  .object({
    id: z.string().openapi({ example: "dlv_…" }),
    eventId: z.string().openapi({ example: "evt_…" }),
    type: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.enum(DELIVERY_ERRORS).nullable().openapi({
      description: "Why the last attempt failed when the receiver gave no status code (lastStatusCode carries it otherwise); never the network's own text",
    }),
    nextAttemptAt: z.string().nullable().openapi({ format: "date-time", description: "When the next retry is due; null unless pending after a failure" }),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("WebhookDelivery");

export const AttemptSchema = z
  .object({
    attempt: z.number().int().openapi({ description: "1-based over the delivery's life, replays included" }),
    statusCode: z.number().int().nullable().openapi({ description: "null when no HTTP answer came" }),
    error: z.enum(DELIVERY_ERRORS).nullable().openapi({ description: "Why the attempt failed when there was no HTTP answer" }),
    durationMs: z.number().int(),
    at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("WebhookAttempt");

export const DeliveryDetailSchema = DeliverySchema.extend({
  attemptLog: z.array(AttemptSchema),
  payload: z.record(z.string(), z.unknown()).openapi({ description: "The envelope exactly as it is signed and sent" }),
}).openapi("WebhookDeliveryDetail");

export const QueuedSchema = z.object({ deliveryId: z.string(), eventId: z.string(), status: z.literal("pending") }).openapi("WebhookDeliveryQueued");

export const IdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "path" } }),
});
export const DeliveryParam = IdParam.extend({
  deliveryId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "deliveryId", in: "path" } }),
});

/** The public record of an endpoint: everything but the secret. */
export function endpointRecord(row: EndpointRow): z.infer<typeof EndpointSchema> {
  return {
    id: row.id,
    url: row.url,
    events: endpointEvents(row) as z.infer<typeof EndpointSchema>["events"],
    description: row.description,
    enabled: row.enabled,
    environment: row.environment,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The delivery-log entry of a delivery (the payload itself stays internal). */
export function deliveryRecord(row: DeliveryRow): z.infer<typeof DeliverySchema> {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: deliveryErrorOf(row.lastError),
    nextAttemptAt: row.nextAttemptAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** One entry of a delivery's attempt log. */
export function attemptRecord(row: AttemptRow): z.infer<typeof AttemptSchema> {
  return { attempt: row.attempt, statusCode: row.statusCode, error: deliveryErrorOf(row.error), durationMs: row.durationMs, at: row.createdAt };
}
