import { createRoute, z } from "@hono/zod-openapi";
import { channelSchema, channelsBodySchema } from "../../domain/channels";
import { newRouter } from "../../http/app-factory";
import { requireSecretKey } from "../../http/auth";
import { errorResponses } from "../../http/openapi";
import { callEvent, eventKeyParam } from "./support";
import { idempotency } from "../../http/idempotency";
import { PASS_HEADER, passRequestSchema, passResultSchema } from "../../domain/channel-passes";
import { channelAccess, issueChannelPass } from "../../events/channel-passes";

/**
 * /api/v1/events/{eventKey}/channels (docs/channels.md): seats and GA places set aside per sales
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
    description:
      "With a publishable key, a protected channel is listed only to a request carrying its pass (X-Channel-Pass): its seats are not for everyone to learn.",
    request: { params: eventKeyParam },
    responses: { ...channelsAnswer, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const access = await channelAccess(c.env, c.var.principal, c.req.header(PASS_HEADER));
    return c.json(await callEvent(c.env, c.var.principal, c.req.valid("param").eventKey, (event) => event.channelList(access)), 200);
  },
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

eventChannels.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/channels/{channelKey}/passes",
    operationId: "issueChannelPass",
    summary: "Issue a pass to a protected channel (secret key)",
    description:
      "A signed pass (nothing is stored) bound to the event and channel, valid for ttlSeconds (60..86400, default 3600). A publishable key takes from a protected channel, and sees its free seats, only with one, sent as the X-Channel-Pass header (comma-separated for several channels, or several events of a season). maxSeats (1..100) caps the seats plus GA places held or booked under the pass at once (409 seat_unavailable, reason pass_limit). It stops working at its expiry, and with the publishable key it was signed under once that key's grace period ends. 404 not_found for a channel the event does not have, 409 conflict for one that is not protected.",
    middleware: [requireSecretKey(), idempotency()] as const,
    request: {
      params: eventKeyParam.extend({ channelKey: z.string().openapi({ param: { name: "channelKey", in: "path" }, example: "presale" }) }),
      body: { content: { "application/json": { schema: passRequestSchema } }, required: true },
    },
    responses: {
      201: { description: "The pass", content: { "application/json": { schema: passResultSchema } } },
      ...errorResponses(400, 401, 403, 404, 409, 429),
    },
  }),
  async (c) => {
    const { eventKey, channelKey } = c.req.valid("param");
    return c.json(await issueChannelPass(c.env, c.var.principal, eventKey, channelKey, c.req.valid("json")), 201);
  },
);
