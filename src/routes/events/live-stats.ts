import { createRoute } from "@hono/zod-openapi";
import { liveStatsSchema } from "../../domain/live-relays";
import { newRouter } from "../../http/app-factory";
import { requireSecretKey } from "../../http/auth";
import { errorResponses } from "../../http/openapi";
import { liveStats } from "../../live-relays/crowd-operations";
import { eventKeyParam } from "./support";

/**
 * GET /api/v1/events/{eventKey}/live/stats (secret): the crowd watching the event and what of it
 * reaches the event's object (docs/live-crowd.md).
 */
export const eventLiveStats = newRouter();

eventLiveStats.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/live/stats",
    operationId: "getLiveStats",
    summary: "The event's live viewers and readers, and what of them reaches the event (secret key)",
    description:
      "viewers and relays now; the rates averaged over the last 10 seconds. Live sockets are held by relays of up to 250 viewers each, fed by the event's object one message per 100 ms each at most; publishable-key status and objects reads without a holdToken are answered from a copy at most 1 s old, read from the event's object at most 10 times a second.",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam },
    responses: {
      200: { description: "The live figures", content: { "application/json": { schema: liveStatsSchema } } },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  async (c) => c.json(await liveStats(c.env, c.var.principal, c.req.valid("param").eventKey), 200),
);
