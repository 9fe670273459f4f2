import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";

/** The window of the CLIENT_RATE_LIMITER binding (wrangler.toml), sent as Retry-After. */
const WINDOW_SECONDS = 10;

/**
 * The client address of a request: `CF-Connecting-IP`, which Cloudflare sets on every request in
 * production (and `wrangler dev` sets to the caller's address locally). Undefined when absent.
 */
export function clientAddress(c: { req: { header(name: string): string | undefined } }): string | undefined {
  const ip = c.req.header("cf-connecting-ip")?.trim();
  return ip ? ip.slice(0, 64) : undefined;
}

/**
 * Inventory protection (contract §8): publishable-key seat actions are limited per client address
 * and event, with the Workers Rate Limiting binding, so a bot with the public key cannot hammer an
 * event while every other buyer, each its own address, goes on untouched. Secret keys (the
 * integrator's server, the box office) are never limited here. The limit is in wrangler.toml
 * (README "Rate limits").
 */
export function clientRateLimit() {
  return createMiddleware<AppEnv>(async function clientRateLimit(c, next) {
    const client = clientAddress(c);
    if (c.var.principal.kind === "public" && client !== undefined) {
      const { workspaceId, environment } = c.var.principal;
      const key = `${client}|${workspaceId}|${environment}|${c.req.param("eventKey") ?? ""}`;
      const { success } = await c.env.CLIENT_RATE_LIMITER.limit({ key });
      if (!success) {
        throw new ApiError("rate_limited", `Too many seat requests from this client for this event; retry in ${WINDOW_SECONDS} seconds`, {
          headers: { "Retry-After": String(WINDOW_SECONDS) },
        });
      }
    }
    await next();
  });
}
