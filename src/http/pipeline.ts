/**
 * The request pipeline: the Worker's one door.
 *
 * Every request reaches the one Hono app (src/app.ts; src/index.ts hands it everything) and passes
 * these steps, each defined once, here or in the module named:
 *
 *   1. door()          every answer, whatever its route: `Seats-Server-Version`, and over https
 *                      `Strict-Transport-Security`; under /api also CORS (a preflight is answered
 *                      right here) and `Server-Timing`; outside /api the body limit
 *                      (http/body-limit.ts). Mounted once, at the root, ahead of every route, so
 *                      404s and errors carry it too.
 *   2. apiKey()        /api/v1 resources: the X-Api-Key check (http/auth.ts, c.var.principal,
 *                      with the unknown-key counter of http/unknown-keys.ts), the sandbox limit per
 *                      workspace (http/rate-limit.ts), the body limit by key kind.
 *   3. seatAction()    publishable-key seat actions: the per-client limit of docs/selling-rules.md
 *                      (http/client-limit.ts); publicReads() likewise for reads of an event
 *                      (http/read-limit.ts).
 *   4. validation      each route's zod schemas; every router comes from newRouter()
 *                      (http/app-factory.ts), whose defaultHook turns failures into the envelope.
 *   5. envelope        anything thrown by a step or a handler, malformed JSON and unknown routes:
 *                      the one error envelope (onApiError, onNotFound; http/errors.ts).
 *
 * Why one door and no lane: the hold route used to have a second door at the Worker's entry that
 * repeated steps 1-5 by hand to skip Hono's middleware stack, so a step added to the router would
 * silently have skipped the busiest route. With the outer steps as this one middleware (there
 * were two) and the key check and sandbox limit as one step, the router answers a hold for about the
 * lane's CPU: the two were within the noise of 14 rotating rounds measured from outside, and a
 * Node profile of the Worker's JavaScript alone puts the difference at about 20 us, around 1% of
 * a hold (BENCHMARKS.md "Hold cost"). That is not worth a second door, so there is none: a step is
 * added here, in its place in this order, and every route has it.
 */
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import { SERVER_VERSION, SERVER_VERSION_HEADER } from "./version";
import { authenticate } from "./auth";
import { checkClientLimit, clientAddress } from "./client-limit";
import type { AppEnv } from "./context";
import { ApiError, asApiError, errorResponse } from "./errors";
import { checkSandboxLimit } from "./rate-limit";
import { bodyLimitOf, limitBody } from "./body-limit";
import { checkReadLimit, eventRead } from "./read-limit";
import { malformedJsonError } from "./validation";
import { noteWrite } from "./recent-writers";

/** Headers a browser on another origin may read from an API answer (the SDK reads all of them). */
const EXPOSE_HEADERS = [
  "ETag",
  "Server-Timing",
  "Status-Version",
  "Map-Parts",
  "X-Status-Seq",
  "Idempotent-Replayed",
  "Retry-After",
  SERVER_VERSION_HEADER,
].join(",");
/** What a preflight allows: browsers call the API from ticketing sites on any origin with a publishable key. */
const PREFLIGHT_HEADERS: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET,POST,PUT,PATCH,DELETE,OPTIONS",
  "Access-Control-Allow-Headers": "X-Api-Key,Content-Type,If-None-Match,Idempotency-Key,X-Admission,X-Channel-Pass",
  "Access-Control-Expose-Headers": EXPOSE_HEADERS,
  "Access-Control-Max-Age": "86400",
  [SERVER_VERSION_HEADER]: SERVER_VERSION,
};

/** Two years, every subdomain of the service's host too. */
const HSTS = "max-age=63072000; includeSubDomains";

/** The public API: CORS and Server-Timing apply here (the dashboard and the docs are same-origin pages). */
function isApiPath(path: string): boolean {
  return path.startsWith("/api/");
}

/**
 * Step 1, at the root of the app. `Server-Timing: app;dur=<ms>` is the time from here until the
 * answer is ready (the key check, the Durable Object call, encoding), not the time its body then
 * takes to reach the client. On Workers the clock only advances across I/O, so work that never
 * leaves the isolate (a 404, a refused key) reads as 0.
 */
export function door() {
  return createMiddleware<AppEnv>(async function door(c, next) {
    const start = performance.now();
    const api = isApiPath(c.req.path);
    const https = c.req.url.startsWith("https:");
    if (api && c.req.method === "OPTIONS")
      return new Response(null, { status: 204, headers: https ? { ...PREFLIGHT_HEADERS, "Strict-Transport-Security": HSTS } : PREFLIGHT_HEADERS });
    // A client's change is remembered from its start to its answer, so its own next read is exact (http/recent-writers.ts).
    const writer = c.req.method === "GET" || c.req.method === "HEAD" ? undefined : clientAddress(c.req.raw.headers);
    if (writer !== undefined) noteWrite(writer);
    try {
      // The API's body limit depends on the key (step 2); everything else has its limit here.
      if (!api) await limitBody(c, bodyLimitOf(c.req.method, c.req.path, undefined));
      await next();
    } catch (err) {
      // Hono hands a failure to onError where a handler's caller catches it; one thrown right
      // below this step (an unknown route, whose only other handler is the 404) lands here.
      c.res = onApiError(err instanceof Error ? err : new Error(String(err)), c);
    }
    if (writer !== undefined) noteWrite(writer);
    const headers = versioned(c);
    // Browsers that reached us over https never try plain http again (a downgrade on a café's
    // network would otherwise expose keys and session cookies).
    if (https) headers.set("Strict-Transport-Security", HSTS);
    if (!api) return;
    headers.set("Access-Control-Allow-Origin", "*");
    headers.set("Access-Control-Expose-Headers", EXPOSE_HEADERS);
    headers.append("Server-Timing", `app;dur=${(performance.now() - start).toFixed(1)}`);
  });
}

/**
 * Names the server's version on the answer and returns its (writable) headers. A WebSocket upgrade
 * answered by the event's Durable Object comes back with immutable headers, yet it is an answer
 * like any other: it is copied into one whose headers can be set.
 */
function versioned(c: Context<AppEnv>): Headers {
  try {
    // Setting a header is the only way to learn whether the headers are immutable.
    c.res.headers.set(SERVER_VERSION_HEADER, SERVER_VERSION);
  } catch {
    const res = c.res;
    c.res = new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers, webSocket: res.webSocket });
    c.res.headers.set(SERVER_VERSION_HEADER, SERVER_VERSION);
  }
  return c.res.headers;
}

/**
 * Step 2: the caller of `X-Api-Key` on `c.var.principal` (401 `unauthorized` when it is missing,
 * malformed or unknown; 429 for an address flooding unknown keys, http/unknown-keys.ts), one count
 * against the sandbox limit of its workspace, then the body limit of its key kind
 * (http/body-limit.ts: 64 KiB for a publishable key), before anything reads the body.
 */
export function apiKey() {
  return createMiddleware<AppEnv>(async function apiKey(c, next) {
    const principal = await authenticate(c.env, c.req.header("x-api-key"), clientAddress(c.req.raw.headers));
    await checkSandboxLimit(c.env, principal);
    await limitBody(c, bodyLimitOf(c.req.method, c.req.path, principal.kind));
    c.set("principal", principal);
    await next();
  });
}

/**
 * Step 3, on hold, hold-best-available and release: a publishable-key seat action counts against
 * the limit of its client address and event (docs/selling-rules.md); 429 `rate_limited` past it.
 */
export function seatAction() {
  return createMiddleware<AppEnv>(async function seatAction(c, next) {
    // c.get, not c.var: Hono builds a new object of every variable on each read of c.var.
    await checkClientLimit(c.env, c.get("principal"), clientAddress(c.req.raw.headers), c.req.param("eventKey") ?? "");
    await next();
  });
}

/**
 * Step 3 on the event resource: a publishable-key read of an event (its record, status, objects,
 * channels, rules) counts against the read limit of its client address and event (docs/security.md,
 * http/read-limit.ts); 429 `rate_limited` past it. Anything else passes untouched.
 */
export function publicReads() {
  return createMiddleware<AppEnv>(async function publicReads(c, next) {
    const eventKey = eventRead(c.req.method, c.req.path);
    if (eventKey !== undefined) checkReadLimit(c.env, c.get("principal"), clientAddress(c.req.raw.headers), eventKey);
    await next();
  });
}

/**
 * Several steps of one router as one middleware, each calling the next directly. Every layer Hono
 * composes costs a hold a dispatch of its own (a promise, a context check); the steps an event's
 * seat action passes are fixed, so they run as one layer. An answer a step returns instead of
 * calling on (an idempotent replay) becomes the answer, as Hono's own composition makes it.
 */
export function steps(...list: MiddlewareHandler<AppEnv>[]): MiddlewareHandler<AppEnv> {
  return list.reduceRight<MiddlewareHandler<AppEnv>>(
    (inner, step) => (c, next) =>
      step(c, async () => {
        const answer = await inner(c, next);
        if (answer instanceof Response && !c.finalized) c.res = answer;
      }),
    (_c, next) => next(),
  );
}

/** Step 5 for unknown routes: 404 `not_found` through the envelope. */
export function onNotFound(): Response {
  throw new ApiError("not_found", "No such route");
}

/** Step 5: every failure as the one envelope, with its status and extra headers (Retry-After). */
export function onApiError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof HTTPException) {
    const mapped = fromHttpException(err);
    if (mapped) return errorResponse(c, mapped);
  }
  return errorResponse(c, asApiError(err));
}

/**
 * Hono and its validators throw HTTPException for requests they refuse before our handlers run
 * (a body that is not JSON, a non-JSON content type). Each becomes the envelope with our code.
 */
function fromHttpException(err: HTTPException): ApiError | null {
  switch (err.status) {
    case 400:
      return malformedJsonError(err.message || undefined);
    case 413:
      return new ApiError("payload_too_large", "The request body is too large");
    case 415:
      return new ApiError("unsupported_media_type", "Send the request body as JSON with Content-Type: application/json");
    default:
      return null;
  }
}
