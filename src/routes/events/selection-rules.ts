import { createRoute } from "@hono/zod-openapi";
import { selectionRulesSchema } from "../../domain/selling";
import { newRouter } from "../../http/app-factory";
import { requireSecretKey } from "../../http/auth";
import { errorResponses } from "../../http/openapi";
import { callEvent, eventKeyParam } from "./support";

/**
 * /api/v1/events/{eventKey}/selection-rules (docs/selling-rules.md): the rules every hold of the event is
 * checked against, inside the event's object, in the same transaction as the hold.
 */
export const eventRules = newRouter();

const rulesAnswer = { 200: { description: "The event's selection rules ({} when none)", content: { "application/json": { schema: selectionRulesSchema } } } };

eventRules.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/selection-rules",
    operationId: "getSelectionRules",
    summary: "The event's selection rules (publishable or secret key)",
    description:
      "What the browser SDK applies before it asks, so a buyer learns a limit without a round trip; the object enforces the same rules on every hold.",
    request: { params: eventKeyParam },
    responses: { ...rulesAnswer, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    return c.json(await callEvent(c.env, p, eventKey, (event) => event.selectionRules()), 200);
  },
);

eventRules.openapi(
  createRoute({
    method: "put",
    path: "/{eventKey}/selection-rules",
    operationId: "setSelectionRules",
    summary: "Replace the event's selection rules (secret key); {} clears them",
    description:
      "maxSeatsPerToken and maxSeatsPerCategory count seats plus GA places held or booked under a token; noOrphanSeats refuses a hold that would leave a single free seat stranded; maxHeldSeatsPerClient caps what one client address holds at once with publishable keys. Holds already made stay; releases are never refused.",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, body: { content: { "application/json": { schema: selectionRulesSchema } }, required: true } },
    responses: { ...rulesAnswer, ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    return c.json(await callEvent(c.env, p, eventKey, (event) => event.setSelectionRules(c.req.valid("json"))), 200);
  },
);
