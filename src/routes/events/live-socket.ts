import { newRouter } from "../../http/app-factory";
import { resolveKey } from "../../http/auth";
import { ApiError } from "../../http/errors";
import { notFound, stubFor } from "./support";

/**
 * GET /api/v1/events/{eventKey}/live?key=…: WebSocket live status. Browsers cannot set headers on
 * a WebSocket, so the key (publishable or secret) travels as a query parameter and is checked like
 * X-Api-Key. Mounted ahead of the events router, whose header authentication it replaces.
 */
export const eventLive = newRouter();

eventLive.get("/:eventKey/live", async (c) => {
  const key = c.req.query("key") ?? c.req.header("x-api-key");
  const principal = key ? await resolveKey(c.env, key.trim()) : null;
  if (!principal) throw new ApiError("unauthorized", "A valid API key is required in the key query parameter");
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError("validation_failed", "This endpoint needs a WebSocket upgrade (Upgrade: websocket)", { errors: { Upgrade: ["must be websocket"] } });
  }
  const eventKey = c.req.param("eventKey");
  const res = await stubFor(c.env, principal, eventKey).fetch(c.req.raw);
  if (res.status === 404) throw await notFound(c.env, principal, eventKey);
  if (res.status !== 101) throw new ApiError("validation_failed", "This endpoint needs a WebSocket upgrade", { errors: { Upgrade: ["must be websocket"] } });
  return res;
});
