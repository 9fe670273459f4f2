import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { db } from "../src/db/client";
import { findDelivery, listAttempts, recordAttempt } from "../src/db/webhooks";
import { DELIVERY_NETWORK_ERRORS, networkErrorOf } from "../src/domain/webhook-failures";
import worker from "../src/index";
import { checkWebhookUrl } from "../src/webhooks/url-policy";
import { pruneWebhookLog } from "../src/webhooks/retention";
import { call, expectError, newReceiver, newWorkspace, runQueue, seedDelivery, seedEndpoint } from "./support/fixtures";

/**
 * The webhook limits of docs/security.md: endpoints per workspace environment, test sends and replays
 * per endpoint and minute, the ports a URL may use, a delivery log of codes rather than the
 * network's text, and the log's 30-day retention.
 */

const register = (key: string, url: string) => call("POST", "/api/v1/webhooks", { key, body: { url, events: ["seat.held"] } });

describe("endpoints per workspace environment", () => {
  it("admits 20, refuses the 21st with 409 limit_reached, and counts each environment apart", async () => {
    const keys = await newWorkspace();
    const url = newReceiver().url;
    for (let i = 0; i < 20; i++) expect((await register(keys.skLive, url)).status).toBe(201);
    const refused = await register(keys.skLive, url);
    expectError(refused, 409, "limit_reached");
    expect(refused.body.message).toContain("20");
    expect((await register(keys.skTest, url)).status).toBe(201);
    const list = await call("GET", "/api/v1/webhooks", { key: keys.skLive });
    expect(list.body.items).toHaveLength(20);
    expect((await call("DELETE", `/api/v1/webhooks/${list.body.items[0].id}`, { key: keys.skLive })).status).toBe(200);
    expect((await register(keys.skLive, url)).status).toBe(201);
  });

  it("never passes the limit under concurrent registrations", async () => {
    const keys = await newWorkspace();
    const url = newReceiver().url;
    const results = await Promise.all(Array.from({ length: 26 }, () => register(keys.skTest, url)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(20);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 409, "limit_reached");
    expect((await call("GET", "/api/v1/webhooks", { key: keys.skTest })).body.items).toHaveLength(20);
  });
});

describe("test sends and replays", () => {
  it("10 per endpoint per minute together, then 429 with Retry-After; another endpoint is untouched", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const a = (await register(keys.skLive, r.url)).body;
    const b = (await register(keys.skLive, r.url)).body;
    const first = await call("POST", `/api/v1/webhooks/${a.id}/test`, { key: keys.skLive });
    expect(first.status).toBe(202);
    for (let i = 0; i < 5; i++) expect((await call("POST", `/api/v1/webhooks/${a.id}/test`, { key: keys.skLive })).status).toBe(202);
    for (let i = 0; i < 4; i++) {
      expect((await call("POST", `/api/v1/webhooks/${a.id}/deliveries/${first.body.deliveryId}/replay`, { key: keys.skLive })).status).toBe(202);
    }
    for (const res of [
      await call("POST", `/api/v1/webhooks/${a.id}/test`, { key: keys.skLive }),
      await call("POST", `/api/v1/webhooks/${a.id}/deliveries/${first.body.deliveryId}/replay`, { key: keys.skLive }),
    ]) {
      expectError(res, 429, "rate_limited");
      const retry = Number(res.headers.get("Retry-After"));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
    }
    expect((await call("POST", `/api/v1/webhooks/${b.id}/test`, { key: keys.skLive })).status).toBe(202);
  });

  it("refused sends are not counted, and concurrent sends never pass 10", async () => {
    const keys = await newWorkspace();
    const ep = (await register(keys.skTest, newReceiver().url)).body;
    const results = await Promise.all(Array.from({ length: 16 }, () => call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skTest })));
    expect(results.filter((r) => r.status === 202)).toHaveLength(10);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
  });
});

describe("URL ports", () => {
  it("admits https on 443 and 8443 only", () => {
    for (const url of ["https://hooks.example.com/x", "https://hooks.example.com:443/x", "https://hooks.example.com:8443/x"]) {
      expect(checkWebhookUrl(url).ok, url).toBe(true);
    }
    for (const url of [
      "https://hooks.example.com:444/x",
      "https://hooks.example.com:22/",
      "https://hooks.example.com:80/",
      "https://hooks.example.com:6379/",
    ]) {
      expect(checkWebhookUrl(url), url).toEqual({ ok: false, reason: "must use port 443 or 8443" });
    }
    // WEBHOOK_ALLOW_PRIVATE_URLS=true (local development) lifts it, as it does for http:// and loopback.
    expect(checkWebhookUrl("http://127.0.0.1:9999/hook", { allowPrivate: true }).ok).toBe(true);
    expect(checkWebhookUrl("https://hooks.example.com:444/x", { allowPrivate: true }).ok).toBe(true);
  });

  it("refuses another port through the API when private URLs are not allowed", async () => {
    const keys = await newWorkspace();
    const app = createApp();
    const production = { ...env, WEBHOOK_ALLOW_PRIVATE_URLS: "false" };
    const send = async (url: string) => {
      const init = {
        method: "POST",
        headers: { "X-Api-Key": keys.skLive, "Content-Type": "application/json" },
        body: JSON.stringify({ url, events: ["seat.held"] }),
      };
      const res = await app.fetch(new Request("https://service.test/api/v1/webhooks", init), production, createExecutionContext());
      return { status: res.status, body: (await res.json()) as { code?: string; errors?: Record<string, string[]> } };
    };
    const refused = await send("https://hooks.example.com:9000/seats");
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.url?.[0]).toContain("port 443 or 8443");
    expect((await send("https://hooks.example.com:8443/seats")).status).toBe(201);
  });
});

describe("the delivery log records codes, never the network's text", () => {
  it("classifies what fetch throws", () => {
    const timeout = new Error("The operation was aborted due to timeout");
    timeout.name = "TimeoutError";
    expect(networkErrorOf(timeout)).toBe("timeout");
    expect(networkErrorOf(new Error("DNS lookup failed for hooks.internal.example (10.1.2.3)"))).toBe("dns_error");
    expect(networkErrorOf(new TypeError("getaddrinfo ENOTFOUND hooks.example.com"))).toBe("dns_error");
    expect(networkErrorOf(new Error("TLS peer's certificate is not trusted; reason = self signed certificate"))).toBe("tls_error");
    expect(networkErrorOf(new Error("Network connection lost."))).toBe("connection_failed");
    expect(networkErrorOf(new Error("connect ECONNREFUSED 10.0.0.7:443"))).toBe("connection_failed");
    expect(networkErrorOf("something")).toBe("connection_failed");
  });

  it("a receiver that refuses the connection is logged as connection_failed, with no text of the error", async () => {
    const keys = await newWorkspace();
    // A loopback port nothing listens on (allowed in tests, as local development allows it).
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: "http://127.0.0.1:9/hook" });
    const dlv = await seedDelivery(ep.id);
    await runQueue("seat-webhooks", [{ body: { kind: "deliver", deliveryId: dlv.id } }]);
    const row = await findDelivery(db(env), dlv.id);
    expect(row).toMatchObject({ lastStatusCode: null });
    expect(DELIVERY_NETWORK_ERRORS).toContain(row!.lastError);
    const [attempt] = await listAttempts(db(env), dlv.id);
    expect(DELIVERY_NETWORK_ERRORS).toContain(attempt!.error);
    const log = await call("GET", `/api/v1/webhooks/${ep.id}/deliveries/${dlv.id}`, { key: keys.skLive });
    expect(log.body.lastError).toBe(row!.lastError);
    expect(JSON.stringify(log.body)).not.toMatch(/127\.0\.0\.1:9|refused|ECONN/i);
  });

  it("entries written before codes read as codes", async () => {
    const keys = await newWorkspace();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: newReceiver().url });
    const dlv = await seedDelivery(ep.id);
    await recordAttempt(db(env), dlv.id, {
      status: "pending",
      statusCode: null,
      error: "network error: connect ECONNREFUSED 10.0.0.9:443",
      durationMs: 3,
      nextAttemptAt: null,
      dueAt: null,
      at: new Date().toISOString(),
    });
    const detail = await call("GET", `/api/v1/webhooks/${ep.id}/deliveries/${dlv.id}`, { key: keys.skLive });
    expect(detail.body.lastError).toBe("connection_failed");
    expect(detail.body.attemptLog[0].error).toBe("connection_failed");
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("webhook_error_codes_data"));
    for (const query of migration!.queries) await env.DB.prepare(query).run();
    expect((await findDelivery(db(env), dlv.id))?.lastError).toBe("connection_failed");
  });
});

describe("retention", () => {
  const DAY = 86_400_000;

  async function agedDelivery(endpointId: string, createdDaysAgo: number, status: "pending" | "succeeded", updatedDaysAgo = createdDaysAgo) {
    const dlv = await seedDelivery(endpointId);
    await recordAttempt(db(env), dlv.id, {
      status,
      statusCode: 200,
      error: null,
      durationMs: 5,
      nextAttemptAt: null,
      dueAt: null,
      at: new Date().toISOString(),
    });
    await env.DB.prepare("UPDATE webhook_deliveries SET created_at = ?, updated_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - createdDaysAgo * DAY).toISOString(), new Date(Date.now() - updatedDaysAgo * DAY).toISOString(), dlv.id)
      .run();
    return dlv.id;
  }

  it("deletes deliveries and their attempts 30 days after they were created; a delivery still being retried waits", async () => {
    const keys = await newWorkspace();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: newReceiver().url });
    const old = await agedDelivery(ep.id, 31, "succeeded");
    const young = await agedDelivery(ep.id, 29, "succeeded");
    const retrying = await agedDelivery(ep.id, 31, "pending", 0);
    const stuck = await agedDelivery(ep.id, 40, "pending");
    expect(await pruneWebhookLog(env)).toBeGreaterThanOrEqual(2);
    expect(await findDelivery(db(env), old)).toBeUndefined();
    expect(await findDelivery(db(env), stuck)).toBeUndefined();
    expect(await listAttempts(db(env), old)).toEqual([]);
    expect(await findDelivery(db(env), young)).toBeDefined();
    expect(await findDelivery(db(env), retrying)).toBeDefined();
    expect(await listAttempts(db(env), young)).toHaveLength(1);
  });

  it("runs from the Worker's scheduled handler", async () => {
    const keys = await newWorkspace();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "sandbox", url: newReceiver().url });
    const old = await agedDelivery(ep.id, 45, "succeeded");
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), env as unknown as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await findDelivery(db(env), old)).toBeUndefined();
  });

  it("deleting an endpoint deletes its deliveries, their attempts and its send log", async () => {
    const keys = await newWorkspace();
    const ep = (await register(keys.skLive, newReceiver().url)).body;
    const t = await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skLive });
    await expect.poll(async () => (await listAttempts(db(env), t.body.deliveryId)).length, { timeout: 5000 }).toBeGreaterThan(0);
    expect((await call("DELETE", `/api/v1/webhooks/${ep.id}`, { key: keys.skLive })).status).toBe(200);
    expect(await findDelivery(db(env), t.body.deliveryId)).toBeUndefined();
    expect(await listAttempts(db(env), t.body.deliveryId)).toEqual([]);
    const sends = await env.DB.prepare("SELECT COUNT(*) AS n FROM webhook_manual_sends WHERE endpoint_id = ?").bind(ep.id).first<{ n: number }>();
    expect(sends?.n).toBe(0);
  });
});
