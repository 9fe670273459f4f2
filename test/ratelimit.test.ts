import { describe, expect, it } from "vitest";
import { call, expectError, newWorkspace } from "./support/fixtures";

/** The SANDBOX_RATE_LIMITER binding of wrangler.toml: 300 requests per 10 s per workspace. */
const LIMIT = 300;
/** Enough requests to cross the limit even if a fixed window boundary falls inside the burst. */
const BURST = 2 * LIMIT + 100;
const PARALLEL = 25;

/**
 * Sends `total` requests (PARALLEL at a time) and returns every status in send order, stopping
 * early once `stopAt429` and a 429 has been seen. A publishable key on the secret-only chart list
 * is the cheapest counted request (the key is cached, the rate limit runs before the 403, no D1
 * query), so the burst fits in one window even on a slow machine: 403 means "counted, allowed".
 */
async function burst(key: string, total: number, stopAt429: boolean) {
  const statuses: number[] = [];
  let first429: Awaited<ReturnType<typeof call>> | undefined;
  while (statuses.length < total && !(stopAt429 && first429)) {
    const batch = await Promise.all(Array.from({ length: Math.min(PARALLEL, total - statuses.length) }, () => call("GET", "/api/v1/charts?limit=1", { key })));
    for (const res of batch) {
      statuses.push(res.status);
      if (res.status === 429 && !first429) first429 = res;
    }
  }
  return { statuses, first429 };
}

describe("sandbox rate limit", () => {
  it("answers 429 rate_limited with Retry-After once a workspace's sandbox exceeds the limit", async () => {
    const ws = await newWorkspace();
    const { statuses, first429 } = await burst(ws.pkTest, BURST, true);
    expect(first429, `no 429 in ${statuses.length} requests`).toBeDefined();
    // At least a full window's worth was allowed first: the limit is never below the documented 300.
    const allowed = statuses.filter((s) => s === 403).length;
    expect(allowed).toBeGreaterThanOrEqual(LIMIT);
    expect(statuses.every((s) => s === 403 || s === 429)).toBe(true);
    expectError(first429!, 429, "rate_limited");
    expect(first429!.body).toEqual({ statusCode: 429, error: "Too Many Requests", message: expect.any(String), code: "rate_limited" });
    const retryAfter = Number(first429!.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it("counts publishable and secret sandbox keys of a workspace together, and spares other workspaces and production", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    // The same workspace's secret sandbox key is limited too: the limit is per workspace, not per key.
    // The limiter counts in fixed 10 s windows, so a window may end between the publishable key's
    // 429 and the secret key's request (on a slow machine the burst takes seconds): then the burst
    // is sent again in the new window.
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let attempt = 0; attempt < 3 && !limited; attempt++) {
      const { first429 } = await burst(ws.pkTest, BURST, true);
      expect(first429).toBeDefined();
      const res = await call("GET", "/api/v1/charts?limit=1", { key: ws.skTest });
      if (res.status !== 200) limited = res;
    }
    expect(limited, "the secret sandbox key was never refused right after the publishable one").toBeDefined();
    expectError(limited!, 429, "rate_limited");
    // Another workspace's sandbox and this workspace's production are not affected.
    expect((await call("GET", "/api/v1/charts?limit=1", { key: other.skTest })).status).toBe(200);
    expect((await call("GET", "/api/v1/charts?limit=1", { key: ws.skLive })).status).toBe(200);
  });

  it("checks the key before counting: unknown keys get 401, never 429", async () => {
    expectError(await call("GET", "/api/v1/charts", { key: "sk_test_00000000000000000000000000000000" }), 401, "unauthorized");
  });
});

describe("production", () => {
  it("never refuses an on-sale burst with 429", async () => {
    const ws = await newWorkspace();
    const { statuses } = await burst(ws.pkLive, BURST, false);
    expect(statuses).toHaveLength(BURST);
    expect(statuses.filter((s) => s !== 403)).toEqual([]);
    expect((await call("GET", "/api/v1/charts?limit=1", { key: ws.skLive })).status).toBe(200);
  });
});
