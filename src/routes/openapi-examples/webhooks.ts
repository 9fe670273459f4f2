/** Examples of the webhook endpoints, their deliveries, and the SDK bundle. */
import { refusal } from "./refusals";
import { DELIVERY, DELIVERY_ID, EVENT_ID, NOW, WEBHOOK_ENDPOINT, WEBHOOK_ID, WEBHOOK_PAYLOAD } from "./samples";
import type { ExampleTable } from "./types";

const SECRET = "whsec_Xr4Lq9Tz2Vm7Kb3Nw8Hd5Jc1Pf6Gs0Ya2Ue4Io";
const ENDPOINT = { params: { id: WEBHOOK_ID } };
const QUEUED = { deliveryId: DELIVERY_ID, eventId: EVENT_ID, status: "pending" };

export const WEBHOOK_EXAMPLES: ExampleTable = {
  createWebhookEndpoint: {
    request: { url: WEBHOOK_ENDPOINT.url, events: WEBHOOK_ENDPOINT.events, description: WEBHOOK_ENDPOINT.description },
    responses: {
      "201": { ...WEBHOOK_ENDPOINT, secret: SECRET },
      "400": refusal("validation_failed", "The request is invalid", { errors: { url: ["must be https:// on a public host"] } }),
    },
  },
  listWebhookEndpoints: { responses: { "200": { items: [WEBHOOK_ENDPOINT] } } },
  getWebhookEndpoint: { ...ENDPOINT, responses: { "200": WEBHOOK_ENDPOINT } },
  updateWebhookEndpoint: {
    ...ENDPOINT,
    request: { enabled: false },
    responses: { "200": { ...WEBHOOK_ENDPOINT, enabled: false, updatedAt: NOW } },
  },
  deleteWebhookEndpoint: { ...ENDPOINT, responses: { "200": { id: WEBHOOK_ID, deleted: true } } },
  rotateWebhookSecret: { ...ENDPOINT, responses: { "200": { id: WEBHOOK_ID, secret: "whsec_Lm8Qz2Xr5Tv9Kb4Nw7Hd3Jc6Pf1Gs0Ya2Ue4Io" } } },
  testWebhookEndpoint: { ...ENDPOINT, responses: { "202": QUEUED } },
  listWebhookDeliveries: { params: { id: WEBHOOK_ID, limit: 100 }, responses: { "200": { items: [DELIVERY] } } },
  getWebhookDelivery: {
    params: { id: WEBHOOK_ID, deliveryId: DELIVERY_ID },
    responses: {
      "200": {
        ...DELIVERY,
        attemptLog: [
          { attempt: 1, statusCode: 500, error: null, durationMs: 41, at: NOW },
          { attempt: 2, statusCode: 200, error: null, durationMs: 12, at: "2026-12-01T10:00:31.000Z" },
        ],
        payload: WEBHOOK_PAYLOAD,
      },
    },
  },
  replayWebhookDelivery: { params: { id: WEBHOOK_ID, deliveryId: DELIVERY_ID }, responses: { "202": QUEUED } },
};

export const SDK_EXAMPLES: ExampleTable = {
  getSdkBundle: {
    params: { version: "v5.11.0", file: "seating.js" },
    responses: { "200": '"use strict";var Seating=(()=>{ /* the seat map SDK, minified */ })();' },
  },
  getSdkMessages: {
    params: { version: "v5.11.0", file: "de.json" },
    responses: { "200": { "map.showList": "Aus einer Liste wählen", "legend.booked": "Verkauft", "seat.label": "Platz {label}" } },
  },
};
