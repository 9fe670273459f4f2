import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../http/errors";
import { PAGE_CONTENT_SECURITY_POLICY } from "../http/page-security";
import { configuredOrigin, SESSION_COOKIE } from "./config";
import type { DashEnv } from "./context";
import { signInPage } from "./pages/sign-in";
import { sessionOf } from "./sessions";

/**
 * The dashboard's guards (docs/dashboard.md): security headers on every answer, the Origin check on
 * every state-changing request, and the session. They run in that order, so a cross-origin write
 * is refused before anything else happens, signed in or not.
 */

/** Headers every dashboard answer carries; pages and data are never cached (they may show a one-time secret). */
export function dashboardHeaders() {
  return createMiddleware<DashEnv>(async function dashboardHeaders(c, next) {
    await next();
    const h = c.res.headers;
    h.set("Content-Security-Policy", PAGE_CONTENT_SECURITY_POLICY);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    // A sign-in link carries its token in the URL: no Referer ever leaves for another origin. (Not
    // "no-referrer": with it, browsers send `Origin: null` on same-origin form posts such as sign-out.)
    h.set("Referrer-Policy", "same-origin");
    if (!h.has("Cache-Control")) h.set("Cache-Control", "no-store");
  });
}

/** The origins that count as the dashboard's own: where the request arrived, and the configured public origin. */
export function ownOrigins(c: Context): string[] {
  const own = [new URL(c.req.url).origin];
  const configured = configuredOrigin(c.env);
  if (configured && configured !== own[0]) own.push(configured);
  return own;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * Refuses a state-changing request whose Origin is not the dashboard's own with 403 `forbidden`,
 * before anything else. Browsers send Origin on every POST, PATCH and DELETE, same-origin ones
 * included, so a request without one did not come from a dashboard page either.
 */
export function sameOrigin() {
  return createMiddleware<DashEnv>(async function sameOrigin(c, next) {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      if (!origin || !ownOrigins(c).includes(origin)) {
        throw new ApiError("forbidden", "Dashboard changes are accepted only from the dashboard's own pages (the Origin header did not match)");
      }
    }
    await next();
  });
}

/** The data routes are the session's alone: an API key, however valid, is refused rather than ignored. */
export function refuseApiKeys() {
  return createMiddleware<DashEnv>(async function refuseApiKeys(c, next) {
    if (c.req.header("x-api-key") !== undefined) {
      throw new ApiError("unauthorized", "The dashboard's data routes take the dashboard session, never X-Api-Key; use /api/v1 with API keys");
    }
    await next();
  });
}

/**
 * Puts the signed-in session on the context. Without one, a page answers the sign-in page (401)
 * and a data route the error envelope (401 `unauthorized`).
 */
export function requireSession(kind: "page" | "data") {
  return createMiddleware<DashEnv>(async function requireSession(c, next) {
    const session = await sessionOf(c.env, getCookie(c, SESSION_COOKIE));
    if (!session) {
      if (kind === "data") throw new ApiError("unauthorized", "Sign in to the dashboard first: a sign-in link from the operator starts a session");
      return c.html(signInPage({ reason: "required", crossSite: c.req.header("sec-fetch-site") === "cross-site" }), 401);
    }
    c.set("session", session);
    await next();
  });
}
