import { createRoute, z } from "@hono/zod-openapi";
import { channelSchema, channelsBodySchema } from "../../domain/channels";
import { newRouter } from "../../http/app-factory";
import { requireSecretKey } from "../../http/auth";
import { errorResponses } from "../../http/openapi";
import { callEvent, eventKeyParam } from "./support";

/**
 * /api/v1/events/{eventKey}/channels (contract §12): seats and GA places set aside per sales
 * route. The event's object stores them and checks every hold against them in the hold's own
 * transaction.
 */
export const eventChannels = newRouter();

const channelsAnswer = {
  200: { description: "The event's channels", content: { "application/json": { schema: z.object({ channels: z.array(channelSchema) }).openapi("Channels") } } },
};

eventChannels.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/channels",
    operationId: "getChannels",
    summary: "The event's channels (publishable or secret key)",
    request: { params: eventKeyParam },
    responses: { ...channelsAnswer, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await callEvent(c.env, c.var.principal, c.req.valid("param").eventKey, (event) => event.channelList()), 200),
);

eventChannels.openapi(
  createRoute({
    method: "put",
    path: "/{eventKey}/channels",
    operationId: "setChannels",
    summary: "Replace the event's channels (secret key)",
    description:
      "Each channel: key (1..64 of letters, digits, '-', '_'; NO_CHANNEL is reserved), name, color?, objectLabels (seats), areaPlaces? ({ gaLabel: places }). A seat is in at most one channel; an area's channel places together are at most its capacity. Statuses never change: a held or booked seat keeps its status in its new channel. 400 validation_failed names the offending path (an unknown label included).",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, body: { content: { "application/json": { schema: channelsBodySchema } }, required: true } },
    responses: { ...channelsAnswer, ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    return c.json(await callEvent(c.env, c.var.principal, c.req.valid("param").eventKey, (event) => event.setChannels(body)), 200);
  },
);
