import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./context";

/**
 * Adds `Server-Timing: app;dur=<ms>` to API responses: the time from the request reaching the
 * router until its response is ready (authentication, the Durable Object call, encoding), without
 * the time the body then takes to reach the client. On Workers the clock only advances across I/O,
 * so work that never leaves the isolate (a 404, a refused key) reads as 0; a Durable Object call
 * is I/O and is counted. Clients and the benchmark use it to tell server time from transfer time.
 */
export function serverTiming() {
  return createMiddleware<AppEnv>(async function serverTiming(c, next) {
    const start = performance.now();
    await next();
    // Responses that came from elsewhere (a WebSocket upgrade) have immutable headers.
    if (c.res.status === 101) return;
    try {
      c.res.headers.append("Server-Timing", serverTimingValue(start));
    } catch {
      // Immutable headers: the response goes out without the timing.
    }
  });
}

/** The Server-Timing value of an answer whose handling started at `start` (performance.now()). */
export function serverTimingValue(start: number): string {
  return `app;dur=${(performance.now() - start).toFixed(1)}`;
}
