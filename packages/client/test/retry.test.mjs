/** The retry policy's arithmetic, without a server: Retry-After parsing, backoff bounds, the cap of 2. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEFAULT_RETRY } from "../dist/index.js";

import { backoffMs, retryAfterMs, retryingFetch, retryable } from "./retry-internals.mjs";

describe("retry policy", () => {
  it("reads Retry-After as seconds or an HTTP date", () => {
    assert.equal(retryAfterMs("2"), 2000);
    assert.equal(retryAfterMs(new Date(10_000).toUTCString(), 4_000), 6_000);
    assert.equal(retryAfterMs(null), null);
    assert.equal(retryAfterMs("soon"), null);
  });

  it("waits full jitter under an exponential step, at least Retry-After, at most maxDelayMs", () => {
    assert.equal(
      backoffMs(DEFAULT_RETRY, 0, null, () => 1),
      250,
    );
    assert.equal(
      backoffMs(DEFAULT_RETRY, 2, null, () => 1),
      1000,
    );
    assert.equal(
      backoffMs(DEFAULT_RETRY, 1, null, () => 0),
      0,
    );
    assert.equal(
      backoffMs(DEFAULT_RETRY, 0, 3000, () => 0.5),
      3000,
    );
    assert.equal(
      backoffMs(DEFAULT_RETRY, 0, 60_000, () => 0.5),
      10_000,
    );
  });

  it("retries network errors, 429 and 5xx at most twice, and nothing else", async () => {
    assert.deepEqual([429, 500, 503, 400, 409, 200].map(retryable), [true, true, true, false, false, false]);
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new TypeError("fetch failed");
    };
    const f = retryingFetch(failing, { ...DEFAULT_RETRY, baseDelayMs: 1, retries: 5 });
    await assert.rejects(f(new Request("http://x.test/")), TypeError);
    assert.equal(calls, 3, "one attempt and at most two retries");
    calls = 0;
    const conflict = retryingFetch(async () => (calls++, new Response("{}", { status: 409 })), { ...DEFAULT_RETRY, baseDelayMs: 1 });
    assert.equal((await conflict(new Request("http://x.test/"))).status, 409);
    assert.equal(calls, 1);
  });
});
