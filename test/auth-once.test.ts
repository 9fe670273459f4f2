import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { newEvent, token } from "./support/fixtures";

/**
 * Every API request authenticates its key once and counts once against the sandbox limit. The app
 * runs here on bindings that count: key look-ups in D1 (secret keys are never cached, so each
 * look-up is a query) and calls of the rate limiter.
 */
function countingEnv() {
  const counts = { keyLookups: 0, limiterCalls: 0 };
  const DB = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") {
        return (query: string) => {
          if (/from\s+"?api_keys"?/i.test(query)) counts.keyLookups++;
          return target.prepare(query);
        };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const SANDBOX_RATE_LIMITER: RateLimit = {
    limit: (options) => {
      counts.limiterCalls++;
      return env.SANDBOX_RATE_LIMITER.limit(options);
    },
  };
  return { env: { ...env, DB, SANDBOX_RATE_LIMITER }, counts };
}

describe("authentication and rate limiting run once per request", () => {
  it("on every kind of events route, the charts and the webhooks routes", async () => {
    const f = await newEvent({ environment: "sandbox" });
    const app = createApp();
    const routes: Array<[string, string, unknown?]> = [
      ["GET", `/api/v1/events/${f.eventKey}`],
      ["GET", "/api/v1/events"],
      ["POST", "/api/v1/events", { chartKey: f.chartKey }],
      ["GET", `/api/v1/events/${f.eventKey}/status`],
      ["GET", `/api/v1/events/${f.eventKey}/objects`],
      ["GET", `/api/v1/events/${f.eventKey}/reports`],
      ["POST", `/api/v1/events/${f.eventKey}/seats/hold`, { objectLabels: ["A-1-1"], holdToken: token() }],
      ["POST", `/api/v1/events/${f.eventKey}/seats/release`, { objectLabels: ["A-1-1"] }],
      ["GET", `/api/v1/charts/${f.chartKey}`],
      ["GET", "/api/v1/webhooks"],
    ];
    for (const [method, path, body] of routes) {
      const { env: counted, counts } = countingEnv();
      const init: RequestInit = { method, headers: { "X-Api-Key": f.sk, "Content-Type": "application/json" } };
      if (body !== undefined) init.body = JSON.stringify(body);
      const res = await app.fetch(new Request(`http://service.test${path}`, init), counted, createExecutionContext());
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
      expect(counts, `${method} ${path}`).toEqual({ keyLookups: 1, limiterCalls: 1 });
    }
  });
});
