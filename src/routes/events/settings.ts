import { createRoute } from "@hono/zod-openapi";
import { copySettingsBodySchema, copySettingsResultSchema, importEventBodySchema } from "../../domain/event-settings";
import { eventRecordSchema } from "../../domain/events";
import { copyEventSettings } from "../../event-settings/settings-copy";
import { importEventFromSandbox } from "../../event-settings/sandbox-import";
import { newRouter } from "../../http/app-factory";
import { requireProductionSecretKey, requireSecretKey } from "../../http/auth";
import { idempotency } from "../../http/idempotency";
import { errorResponses } from "../../http/openapi";
import { eventKeyParam } from "./support";

/**
 * An event's settings copied to other events, and a sandbox event copied to production
 * (event-settings/): set up one game, then every game; rehearse in the sandbox, then sell for real.
 */
export const eventSettings = newRouter();

eventSettings.openapi(
  createRoute({
    method: "post",
    path: "/import-from-sandbox",
    operationId: "importEventFromSandbox",
    summary: "Copy a sandbox event to production with its settings, not its sales (production secret key)",
    description:
      "Creates the production event (`newEventKey`, else the same key) on the sandbox event's chart with its name, start and time zone, then copies its selection rules, channels, accessible hold-back and waiting room. Holds, bookings, seats off sale and the history stay in the sandbox; the sandbox event is unchanged. A sandbox key is 403 `forbidden`; an existing production key is 409 `event_exists` with nothing made.",
    middleware: [requireProductionSecretKey(), idempotency()] as const,
    request: { body: { content: { "application/json": { schema: importEventBodySchema } }, required: true } },
    responses: {
      201: { description: "The production event", content: { "application/json": { schema: eventRecordSchema } } },
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
  async (c) => c.json(await importEventFromSandbox(c.env, c.var.principal.workspaceId, c.req.valid("json")), 201),
);

eventSettings.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/copy-settings",
    operationId: "copyEventSettings",
    summary: "Copy the event's settings to other events (secret key)",
    description:
      "Copies the selection rules, channels, accessible hold-back and waiting room (or those named in `settings`) to each event of `toEventKeys`, through the same checks as setting them one by one. A waiting room's opening and a release at a time keep their distance to each event's start when both events have one. Channels are copied only to events on the same chart (400 otherwise). Every target is looked up first: one the key's environment lacks is 404 with nothing changed.",
    middleware: [requireSecretKey(), idempotency()] as const,
    request: { params: eventKeyParam, body: { content: { "application/json": { schema: copySettingsBodySchema } }, required: true } },
    responses: {
      200: { description: "What was copied where", content: { "application/json": { schema: copySettingsResultSchema } } },
      ...errorResponses(400, 401, 403, 404, 429),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    return c.json(await copyEventSettings(c.env, c.var.principal, c.req.valid("param").eventKey, body.toEventKeys, body.settings), 200);
  },
);
