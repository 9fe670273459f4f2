import { cors } from "hono/cors";

/**
 * CORS of the public API: browsers call it from ticketing sites on other origins with a
 * publishable key. One definition for the Hono middleware and for the hold route's fast lane
 * (routes/events/hold-lane.ts), which answers without the middleware stack.
 */
const EXPOSE_HEADERS = ["ETag", "Server-Timing", "Status-Version", "Idempotent-Replayed", "Retry-After"];

/** The CORS middleware of every /api route (preflights included). */
export function apiCors() {
  return cors({
    origin: "*",
    allowHeaders: ["X-Api-Key", "Content-Type", "If-None-Match", "Idempotency-Key"],
    exposeHeaders: EXPOSE_HEADERS,
    allowMethods: ["GET", "POST", "PATCH", "DELETE", "OPTIONS"],
    maxAge: 86400,
  });
}

/** The headers {@link apiCors} puts on the answer to a simple (non-preflight) request. */
export function addCorsHeaders(headers: Headers): void {
  headers.set("Access-Control-Allow-Origin", "*");
  headers.set("Access-Control-Expose-Headers", EXPOSE_HEADERS.join(","));
}
