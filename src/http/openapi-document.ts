/**
 * What the route definitions cannot say about the OpenAPI document on their own: a name for every
 * operation (the method names of generated clients), the server, and the Idempotency-Key contract
 * of every POST of /api/v1 (contract §16). Applied to the generated document as it is served.
 */
import { IDEMPOTENCY_KEY_MAX } from "../domain/idempotency";

/**
 * The operationId of every operation, by "METHOD path". Named as a person would call the method
 * (`holdSeats`, `listEvents`): generated clients expose them as they are. A route missing here still
 * gets a derived name, and test/openapi-lint.test.ts fails until it is named.
 */
export const OPERATION_IDS: Record<string, string> = {
  "POST /admin/v1/workspaces": "createWorkspace",
  "GET /admin/v1/workspaces/{workspaceKey}": "getWorkspace",
  "POST /admin/v1/workspaces/{workspaceKey}/secret-keys/{environment}": "createSecretKey",
  "POST /admin/v1/workspaces/{workspaceKey}/public-keys/{environment}/rotate": "rotatePublicKey",
  "POST /admin/v1/workspaces/{workspaceKey}/dashboard-links": "createDashboardLink",
  "POST /admin/v1/workspaces/{workspaceKey}/members": "createMember",
  "GET /admin/v1/workspaces/{workspaceKey}/members": "listMembers",
  "GET /admin/v1/workspaces/{workspaceKey}/members/{memberId}": "getMember",
  "PATCH /admin/v1/workspaces/{workspaceKey}/members/{memberId}": "updateMember",
  "DELETE /admin/v1/workspaces/{workspaceKey}/members/{memberId}": "deleteMember",
  "GET /api/v1/audit-log": "listAuditLog",
  "POST /api/v1/seasons": "createSeason",
  "GET /api/v1/seasons": "listSeasons",
  "GET /api/v1/seasons/{seasonKey}": "getSeason",
  "PATCH /api/v1/seasons/{seasonKey}": "updateSeason",
  "DELETE /api/v1/seasons/{seasonKey}": "deleteSeason",
  "POST /api/v1/seasons/import-from-sandbox": "importSeasonFromSandbox",
  "POST /api/v1/seasons/{seasonKey}/events": "addSeasonEvents",
  "POST /api/v1/seasons/{seasonKey}/partial-seasons": "createPartialSeason",
  "POST /api/v1/seasons/{seasonKey}/seats/hold": "holdSeasonSeats",
  "POST /api/v1/seasons/{seasonKey}/seats/book": "bookSeasonSeats",
  "POST /api/v1/seasons/{seasonKey}/seats/release": "releaseSeasonSeats",
  "POST /api/v1/seasons/{seasonKey}/seats/extend": "extendSeasonHolds",
  "POST /api/v1/seasons/{seasonKey}/partial-seasons/{partialSeasonKey}/seats/hold": "holdPartialSeasonSeats",
  "POST /api/v1/seasons/{seasonKey}/partial-seasons/{partialSeasonKey}/seats/book": "bookPartialSeasonSeats",
  "POST /api/v1/seasons/{seasonKey}/partial-seasons/{partialSeasonKey}/seats/release": "releasePartialSeasonSeats",
  "POST /api/v1/seasons/{seasonKey}/partial-seasons/{partialSeasonKey}/seats/extend": "extendPartialSeasonHolds",
  "POST /api/v1/charts": "createChart",
  "GET /api/v1/charts": "listCharts",
  "GET /api/v1/charts/{chartKey}": "getChart",
  "PATCH /api/v1/charts/{chartKey}": "updateChart",
  "DELETE /api/v1/charts/{chartKey}": "deleteChart",
  "GET /api/v1/charts/{chartKey}/draft": "getDraftLayout",
  "GET /api/v1/charts/{chartKey}/published": "getPublishedLayout",
  "POST /api/v1/charts/{chartKey}/publish": "publishChart",
  "GET /api/v1/charts/{chartKey}/publish-check": "checkPublish",
  "POST /api/v1/charts/{chartKey}/unpublish": "unpublishChart",
  "GET /api/v1/events/{eventKey}/status": "getEventStatus",
  "GET /api/v1/events/{eventKey}/objects": "getEventObjects",
  "GET /api/v1/events/{eventKey}/reports": "getEventReports",
  "GET /api/v1/events/{eventKey}/status-changes": "listStatusChanges",
  "POST /api/v1/events/{eventKey}/seats/hold": "holdSeats",
  "POST /api/v1/events/{eventKey}/seats/hold-best-available": "holdBestAvailable",
  "POST /api/v1/events/{eventKey}/seats/book": "bookSeats",
  "POST /api/v1/events/{eventKey}/seats/release": "releaseSeats",
  "POST /api/v1/events/{eventKey}/seats/extend": "extendHold",
  "POST /api/v1/events/{eventKey}/seats/not-for-sale": "markNotForSale",
  "POST /api/v1/events/{eventKey}/seats/for-sale": "markForSale",
  "POST /api/v1/events/{eventKey}/reset": "resetEvent",
  "GET /api/v1/events/{eventKey}/selection-rules": "getSelectionRules",
  "PUT /api/v1/events/{eventKey}/selection-rules": "setSelectionRules",
  "GET /api/v1/events/{eventKey}/accessibility": "getAccessibility",
  "PUT /api/v1/events/{eventKey}/accessibility": "setAccessibility",
  "POST /api/v1/events": "createEvent",
  "GET /api/v1/events": "listEvents",
  "GET /api/v1/events/{eventKey}": "getEvent",
  "PATCH /api/v1/events/{eventKey}": "updateEvent",
  "DELETE /api/v1/events/{eventKey}": "deleteEvent",
  "POST /api/v1/events/{eventKey}/actions/move-to-new-chart-copy": "moveEventToNewChartCopy",
  "POST /api/v1/events/{eventKey}/copy-settings": "copyEventSettings",
  "POST /api/v1/events/import-from-sandbox": "importEventFromSandbox",
  "GET /api/v1/events/{eventKey}/channels": "getChannels",
  "PUT /api/v1/events/{eventKey}/channels": "setChannels",
  "PUT /api/v1/events/{eventKey}/waiting-room": "setWaitingRoom",
  "GET /api/v1/events/{eventKey}/waiting-room": "getWaitingRoom",
  "POST /api/v1/events/{eventKey}/waiting-room/join": "joinWaitingRoom",
  "GET /api/v1/events/{eventKey}/waiting-room/tickets/{ticket}": "getWaitingRoomTicket",
  "POST /api/v1/webhooks": "createWebhookEndpoint",
  "GET /api/v1/webhooks": "listWebhookEndpoints",
  "GET /api/v1/webhooks/{id}": "getWebhookEndpoint",
  "PATCH /api/v1/webhooks/{id}": "updateWebhookEndpoint",
  "DELETE /api/v1/webhooks/{id}": "deleteWebhookEndpoint",
  "POST /api/v1/webhooks/{id}/rotate-secret": "rotateWebhookSecret",
  "POST /api/v1/webhooks/{id}/test": "testWebhookEndpoint",
  "GET /api/v1/webhooks/{id}/deliveries": "listWebhookDeliveries",
  "GET /api/v1/webhooks/{id}/deliveries/{deliveryId}": "getWebhookDelivery",
  "POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/replay": "replayWebhookDelivery",
  "GET /sdk/{version}/{file}": "getSdkBundle",
  "GET /sdk/{version}/i18n/{file}": "getSdkMessages",
};

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

interface Operation {
  operationId?: string;
  requestBody?: unknown;
  parameters?: unknown[];
  responses?: Record<string, { description?: string; headers?: Record<string, unknown>; content?: unknown }>;
}

/** A name for an operation missing from {@link OPERATION_IDS}: method and path in camel case. */
function derivedId(method: string, path: string): string {
  const words = path
    .replace(/^\/(api|admin)\/v1/, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

const ERROR_CONTENT = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/**
 * Completes a generated document in place: operationIds, `servers` (the origin it is served
 * from), the 413 of every operation with a body, and on every POST of /api/v1 the Idempotency-Key
 * header, the Idempotent-Replayed answer header and the 409 and 422 answers of the key's rules.
 */
export function completeDocument<D extends object>(document: D, origin: string): D {
  const doc = document as { paths?: Record<string, Record<string, unknown>>; servers?: unknown[] };
  doc.servers = [{ url: origin, description: "This deployment" }];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (op === undefined) continue;
      op.operationId ??= OPERATION_IDS[`${method.toUpperCase()} ${path}`] ?? derivedId(method, path);
      if (method === "post" && path.startsWith("/api/v1/")) idempotent(op);
      if (op.requestBody !== undefined) bounded(op);
    }
  }
  return document;
}

/** Every body has a limit (http/body-limit.ts), answered before the body is read past it. */
function bounded(op: Operation): void {
  (op.responses ??= {})["413"] ??= {
    description:
      "`payload_too_large`: the body is over its limit, 1 MiB (64 KiB with a publishable key; 32 MiB for a chart's layout), with or without Content-Length",
    content: ERROR_CONTENT,
  };
}

function idempotent(op: Operation): void {
  op.parameters = [
    ...(op.parameters ?? []),
    {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Makes the request safe to retry: a repeat with the same key, API key (and, for a publishable key, client address) and body within 24 hours answers the first answer (status and body) and does nothing again. A random UUID per logical request is recommended.",
      schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
    },
  ];
  const responses = (op.responses ??= {});
  for (const [status, response] of Object.entries(responses)) {
    if (!status.startsWith("2")) continue;
    response.headers = {
      ...response.headers,
      "Idempotent-Replayed": {
        description: "`true` when this is the stored answer of an earlier request with the same Idempotency-Key",
        schema: { type: "string", enum: ["true"] },
        required: false,
      },
    };
  }
  const inUse = "`idempotency_key_in_use`: a request with the same Idempotency-Key is still running (retry after Retry-After)";
  responses["409"] = responses["409"]
    ? { ...responses["409"], description: `${responses["409"].description ?? "Conflict"}; or ${inUse}` }
    : { description: `Conflict: ${inUse}`, content: ERROR_CONTENT };
  responses["422"] ??= {
    description: "`idempotency_key_reused`: the Idempotency-Key was used in the last 24 hours with a different request (method, path or body)",
    content: ERROR_CONTENT,
  };
}
