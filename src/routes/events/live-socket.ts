import { LIVE_CLIENT_HEADER, LIVE_SOCKETS_PER_CLIENT } from "../../domain/client-address";
import { newRouter } from "../../http/app-factory";
import { identify } from "../../http/auth";
import { clientAddress } from "../../http/client-limit";
import { ApiError } from "../../http/errors";
import { isSecretKeyShaped } from "../../keys/keys";
import { notFound, requireKnownEvent, stubFor } from "./support";
import { LIVE_ACCESS_HEADER, PASS_HEADER, PASS_QUERY } from "../../domain/channel-passes";
import { channelAccess } from "../../events/channel-passes";

/**
 * GET /api/v1/events/{eventKey}/live?key=…[&pass=…]: WebSocket live status (`pass`: channel passes,
 * comma-separated, for a protected channel's seats, contract §17). Browsers cannot set headers on
 * a WebSocket, so the publishable key travels as a query parameter and is checked like X-Api-Key
 * (the unknown-key counter included). Mounted ahead of the events router, whose header
 * authentication it replaces.
 *
 * A query string ends up in browser history, proxy and CDN logs and Referer headers, so a secret key
 * there is refused outright (403 `forbidden`), before it is looked up and before any upgrade: the
 * integrator learns at once, in development, instead of leaking the key in production. A server that
 * opens the socket itself may still send its secret key in the X-Api-Key header.
 *
 * A client address may hold at most LIVE_SOCKETS_PER_CLIENT sockets of one event open with a
 * publishable key (contract §17): the event's object counts them, and the next upgrade is 429.
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
  await requireKnownEvent(c.env, principal, eventKey);
  // The object counts sockets by the client named here, never by what the caller sent.
  const forwarded = new Request(c.req.raw);
  forwarded.headers.delete(LIVE_CLIENT_HEADER);
  if (principal.kind === "public" && client !== undefined) forwarded.headers.set(LIVE_CLIENT_HEADER, client);
  // Contract §17: which protected channels the socket sees (its passes, in `pass` as browsers cannot set headers).
  const access = await channelAccess(c.env, principal, c.req.query(PASS_QUERY) ?? c.req.header(PASS_HEADER));
  forwarded.headers.set(LIVE_ACCESS_HEADER, access === "all" ? "all" : JSON.stringify(access));
  const res = await stubFor(c.env, principal, eventKey).fetch(forwarded);
  if (res.status === 404) throw await notFound(c.env, principal, eventKey);
  if (res.status === 429) {
    throw new ApiError(
      "rate_limited",
      `At most ${LIVE_SOCKETS_PER_CLIENT} live sockets per client address and event; close one or retry in ${RETRY_SECONDS} seconds`,
      {
        headers: { "Retry-After": String(RETRY_SECONDS) },
      },
    );
  }
  if (res.status !== 101) throw new ApiError("validation_failed", "This endpoint needs a WebSocket upgrade", { errors: { Upgrade: ["must be websocket"] } });
  return res;
});
