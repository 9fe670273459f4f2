import { newRouter } from "../../http/app-factory";
import { resolveKey } from "../../http/auth";
import { ApiError } from "../../http/errors";
import { isSecretKeyShaped } from "../../keys/keys";
import { notFound, stubFor } from "./support";

/**
 * GET /api/v1/events/{eventKey}/live?key=…: WebSocket live status. Browsers cannot set headers on
 * a WebSocket, so the publishable key travels as a query parameter and is checked like X-Api-Key.
 * Mounted ahead of the events router, whose header authentication it replaces.
 *
 * A query string ends up in browser history, proxy and CDN logs and Referer headers, so a secret key
 * there is refused outright (403 `forbidden`), before it is looked up and before any upgrade: the
 * integrator learns at once, in development, instead of leaking the key in production. A server that
 * opens the socket itself may still send its secret key in the X-Api-Key header.
 */
export const eventLive = newRouter();

eventLive.get("/:eventKey/live", async (c) => {
  const queryKeys = c.req.queries("key") ?? [];
  if (queryKeys.some((k) => isSecretKeyShaped(k.trim()))) {
    throw new ApiError("forbidden", "A secret key must never be sent in a URL; connect with the event's publishable key (pk_…) in the key query parameter");
  }
  const key = queryKeys[0] ?? c.req.header("x-api-key");
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
