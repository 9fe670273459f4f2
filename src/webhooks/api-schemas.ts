import { z } from "@hono/zod-openapi";
import { ENVIRONMENTS } from "../db/schema";
import { endpointEvents, type DeliveryRow, type EndpointRow } from "../db/webhooks";
import { WEBHOOK_EVENT_TYPES } from "./messages";

/** zod schemas and record builders of the webhook management API (contract §5). */

const EventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, "Subscribe to at least one event type")
  .max(WEBHOOK_EVENT_TYPES.length * 4)
  .openapi({ example: ["seat.held", "seat.booked", "seat.released", "seat.hold_expired"] });

const Url = z.string().min(1).max(2048).openapi({ example: "https://hooks.example.com/seats", description: "HTTPS, public host (see the URL policy in the README)" });
const Description = z.string().max(1000);

export const CreateEndpointBody = z
  .object({ url: Url, events: EventTypes, description: Description.optional() })
  .openapi("CreateWebhookEndpoint");

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
    lastError: z.string().nullable(),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
  })
  .openapi("WebhookDelivery");

export const QueuedSchema = z
  .object({ deliveryId: z.string(), eventId: z.string(), status: z.literal("pending") })
  .openapi("WebhookDeliveryQueued");

export const IdParam = z.object({ id: z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" } }) });
export const DeliveryParam = IdParam.extend({ deliveryId: z.string().min(1).max(64).openapi({ param: { name: "deliveryId", in: "path" } }) });

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
    lastError: row.lastError,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
