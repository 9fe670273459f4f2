import { createRoute } from "@hono/zod-openapi";
import { accessibilitySchema } from "../../domain/accessibility";
import { newRouter } from "../../http/app-factory";
import { requireSecretKey } from "../../http/auth";
import { errorResponses } from "../../http/openapi";
import { callEvent, eventKeyParam } from "./support";

/**
 * /api/v1/events/{eventKey}/accessibility (docs/accessibility.md): the hold-back of wheelchair spaces and
 * companion seats, kept and enforced by the event's object in each hold's transaction.
 */
export const eventAccessibility = newRouter();

const answer = {
  200: {
    description: "The event's hold-back (holdBack false and event_sold_out before one is set)",
    content: { "application/json": { schema: accessibilitySchema } },
  },
};

eventAccessibility.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/accessibility",
    operationId: "getAccessibility",
    summary: "The event's hold-back of accessible inventory (secret key)",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam },
    responses: { ...answer, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    return c.json(await callEvent(c.env, c.var.principal, eventKey, (event) => event.accessibility()), 200);
  },
);

eventAccessibility.openapi(
  createRoute({
    method: "put",
    path: "/{eventKey}/accessibility",
    operationId: "setAccessibility",
    summary: "Replace the event's hold-back of accessible inventory (secret key)",
    description:
      "While holdBack is true, wheelchair spaces and companion seats can be held only by a hold-best-available with `accessible`, a hold that sends `accessible: true`, or a secret key; others get 409 seat_unavailable with reason accessible_only. " +
      "The object releases them itself when releaseWhen is met (section_sold_out: every other seat of the section booked; event_sold_out: of the event; { at }: at that time), recording each seat in the history with cause for_sale. " +
      "Replacing the settings forgets earlier releases and releases at once what the new condition already releases.",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, body: { content: { "application/json": { schema: accessibilitySchema } }, required: true } },
    responses: { ...answer, ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const body = c.req.valid("json");
    return c.json(await callEvent(c.env, c.var.principal, eventKey, (event) => event.setAccessibility(body)), 200);
  },
);
