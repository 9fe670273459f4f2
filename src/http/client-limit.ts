import { clientIdentity } from "../domain/client-address";
import type { Principal } from "./context";
import { ApiError } from "./errors";

/** The window of the CLIENT_RATE_LIMITER binding (wrangler.toml), sent as Retry-After. */
const WINDOW_SECONDS = 10;

/**
 * The client of a request for every per-client rule: the identity (domain/client-address.ts) of
 * `CF-Connecting-IP`, which Cloudflare sets on every request in production (and `wrangler dev` sets
 * to the caller's address locally): an IPv4 address, or an IPv6 address's /64. Undefined when the
 * header is absent, and then no per-client rule applies (only a test or a direct call to the
 * Worker can send no address).
 */
export function clientAddress(headers: Headers): string | undefined {
  // Several steps of one request ask (the door, the limits, the hold): the address is read once.
  if (identities.has(headers)) return identities.get(headers);
  const identity = clientIdentity(headers.get("cf-connecting-ip"));
  identities.set(headers, identity);
  return identity;
}

/** The identity of each request's headers, read once per request (Headers is per request). */
const identities = new WeakMap<Headers, string | undefined>();

/**
 * Inventory protection (docs/selling-rules.md): counts a publishable-key seat action of `client` on an event
 * with the Workers Rate Limiting binding, 429 `rate_limited` past the limit, so a bot with the
 * public key cannot hammer an event while every other buyer, each its own address, goes on
 * untouched. Secret keys (the integrator's server, the box office) are never limited here. The
 * limit is in wrangler.toml (README "Rate limits"). (Step 3 of the pipeline, http/pipeline.ts.)
 */
export async function checkClientLimit(env: Env, principal: Principal, client: string | undefined, eventKey: string): Promise<void> {
  if (principal.kind !== "public" || client === undefined) return;
  const key = `${client}|${principal.workspaceId}|${principal.environment}|${eventKey}`;
  const { success } = await env.CLIENT_RATE_LIMITER.limit({ key });
  if (!success) {
    throw new ApiError("rate_limited", `Too many seat requests from this client for this event; retry in ${WINDOW_SECONDS} seconds`, {
      headers: { "Retry-After": String(WINDOW_SECONDS) },
    });
  }
}
