import { LIVE_SOCKETS_PER_CLIENT } from "../../domain/client-address";
import { newRouter } from "../../http/app-factory";
import { identify } from "../../http/auth";
import { clientAddress } from "../../http/client-limit";
import { ApiError } from "../../http/errors";
import { isSecretKeyShaped } from "../../keys/keys";
import { openLive } from "../../live-relays/crowd-operations";
import { PASS_HEADER, PASS_QUERY } from "../../domain/channel-passes";
import { channelAccess } from "../../events/channel-passes";

/**
 * GET /api/v1/events/{eventKey}/live?key=…[&pass=…]: WebSocket live status (`pass`: channel passes,
 * comma-separated, for a protected channel's seats, docs/security.md). Browsers cannot set headers on
 * a WebSocket, so the publishable key travels as a query parameter and is checked like X-Api-Key
 * (the unknown-key counter included). Mounted ahead of the events router, whose header
 * authentication it replaces.
 *
 * A query string ends up in browser history, proxy and CDN logs and Referer headers, so a secret key
 * there is refused outright (403 `forbidden`), before it is looked up and before any upgrade: the
 * integrator learns at once, in development, instead of leaking the key in production. A server that
 * opens the socket itself may still send its secret key in the X-Api-Key header.
 *
 * The crowd's socket is served by one of the event's relays, never by the event's object: the event's
 * hub places the viewer on the first relay with room (docs/live-crowd.md). A socket opened with a
 * channel pass or a secret key sees more than the crowd's view and is served by the event's object. A client address may hold at
 * most LIVE_SOCKETS_PER_CLIENT sockets of one event open with a publishable key (docs/security.md): the
 * hub counts them across relays, and the next upgrade is 429.
 */
export const eventLive = newRouter();

/** When a refused socket may try again: a buyer's tab closing frees its socket at once. */
const RETRY_SECONDS = 10;

eventLive.get("/:eventKey/live", async (c) => {
  const queryKeys = c.req.queries("key") ?? [];
  if (queryKeys.some((k) => isSecretKeyShaped(k.trim()))) {
    throw new ApiError("forbidden", "A secret key must never be sent in a URL; connect with the event's publishable key (pk_…) in the key query parameter");
  }
  const client = clientAddress(c.req.raw.headers);
  const principal = await identify(c.env, queryKeys[0] ?? c.req.header("x-api-key"), client);
  if (!principal) throw new ApiError("unauthorized", "A valid API key is required in the key query parameter");
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError("validation_failed", "This endpoint needs a WebSocket upgrade (Upgrade: websocket)", { errors: { Upgrade: ["must be websocket"] } });
  }
  const eventKey = c.req.param("eventKey");
  // Which protected channels the socket sees (its passes, in `pass` as browsers cannot set headers).
  const access = await channelAccess(c.env, principal, c.req.query(PASS_QUERY) ?? c.req.header(PASS_HEADER));
  // Sockets are counted by the client the Worker names, never by anything the caller sent.
  const opened = await openLive(c.env, principal, eventKey, c.req.raw, principal.kind === "public" ? (client ?? null) : null, access);
  if (opened.kind === "client_limit") {
    throw new ApiError(
      "rate_limited",
      `At most ${LIVE_SOCKETS_PER_CLIENT} live sockets per client address and event; close one or retry in ${RETRY_SECONDS} seconds`,
      { headers: { "Retry-After": String(RETRY_SECONDS) } },
    );
  }
  if (opened.kind === "busy") {
    throw new ApiError("rate_limited", `The event's live feed is taking on many viewers at once; retry in ${RETRY_SECONDS} seconds`, {
      headers: { "Retry-After": String(RETRY_SECONDS) },
    });
  }
  if (opened.kind !== "open")
    throw new ApiError("validation_failed", "This endpoint needs a WebSocket upgrade", { errors: { Upgrade: ["must be websocket"] } });
  return opened.response;
});
