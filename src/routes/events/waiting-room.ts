import { createRoute, z } from "@hono/zod-openapi";
import { joinResultSchema, ticketStatusSchema, waitingRoomConfigSchema, waitingRoomSchema } from "../../domain/waiting-room";
import { newRouter } from "../../http/app-factory";
import { requireSecretKey } from "../../http/auth";
import { idempotency } from "../../http/idempotency";
import { clientAddress } from "../../http/client-limit";
import { errorResponses } from "../../http/openapi";
import { configureRoom, joinRoom, readRoom, ticketStatus } from "../../waiting-room/room-operations";
import { eventKeyParam } from "./support";

/**
 * /api/v1/events/{eventKey}/waiting-room (docs/waiting-room.md). Configuration with a secret key; join and
 * ticket polls with a publishable (or secret) key, answered by the room's queue shards alone.
 */
export const eventWaitingRoom = newRouter();

const roomAnswer = { 200: { description: "The waiting room and its figures", content: { "application/json": { schema: waitingRoomSchema } } } };

eventWaitingRoom.openapi(
  createRoute({
    method: "put",
    path: "/{eventKey}/waiting-room",
    operationId: "setWaitingRoom",
    summary: "Configure the event's waiting room (secret key)",
    description:
      "enabled, opensAt (date-time), admitPerMinute (1..100000), sessionMinutes (1..60). While enabled and at or after opensAt, every publishable-key hold of the event needs the X-Admission header of an admitted ticket.",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, body: { content: { "application/json": { schema: waitingRoomConfigSchema } }, required: true } },
    responses: { ...roomAnswer, ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => c.json(await configureRoom(c.env, c.var.principal, c.req.valid("param").eventKey, c.req.valid("json")), 200),
);

eventWaitingRoom.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/waiting-room",
    operationId: "getWaitingRoom",
    summary: "The event's waiting room and its figures (secret key)",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam },
    responses: { ...roomAnswer, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await readRoom(c.env, c.var.principal, c.req.valid("param").eventKey), 200),
);

eventWaitingRoom.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/waiting-room/join",
    operationId: "joinWaitingRoom",
    summary: "Join the event's waiting room",
    description:
      "201 with a ticket. The same client address (CF-Connecting-IP) joining again gets the same ticket. Those who join before opensAt are admitted in a uniformly random order (position null until then), later joiners in join order. 404 when the event has no enabled waiting room.",
    middleware: [idempotency()] as const,
    request: { params: eventKeyParam },
    responses: {
      201: { description: "In the queue", content: { "application/json": { schema: joinResultSchema } } },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  async (c) => c.json(await joinRoom(c.env, c.var.principal, c.req.valid("param").eventKey, clientAddress(c.req.raw.headers) ?? ""), 201),
);

eventWaitingRoom.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/waiting-room/tickets/{ticket}",
    operationId: "getWaitingRoomTicket",
    summary: "A waiting-room ticket's place, and its admission once admitted",
    description: "Ask again after retryAfterSeconds. Once admitted, `admission` is sent as the X-Admission header of every hold until admissionExpiresAt.",
    request: {
      params: eventKeyParam.extend({
        ticket: z
          .string()
          .max(100)
          .openapi({ param: { name: "ticket", in: "path" } }),
      }),
    },
    responses: {
      200: { description: "The ticket", content: { "application/json": { schema: ticketStatusSchema } } },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  async (c) => {
    const { eventKey, ticket } = c.req.valid("param");
    return c.json(await ticketStatus(c.env, c.var.principal, eventKey, ticket), 200);
  },
);
