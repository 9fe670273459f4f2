import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { WebhookMessage } from "../src/domain/webhook-messages";
import { call, newReceiver, newWorkspace, seatHeld, signedWith } from "./support/fixtures";

/**
 * End to end through the real queue: routes and queue messages go through Miniflare's queue
 * broker to the Worker's own queue() handler, which POSTs to a real HTTP server (the local
 * receiver of test/support/receiver-setup.ts) on the loopback network. WEBHOOK_RETRY_BASE_SECONDS is 1
 * in the test config, so a retry follows a second after a failure.
 */

async function register(key: string, url: string, events: string[] = ["seat.held", "webhook.test"]) {
  const res = await call("POST", "/api/v1/webhooks", { key, body: { url, events } });
  expect(res.status).toBe(201);
  return res.body as { id: string; secret: string };
}

async function deliveries(key: string, id: string) {
  const res = await call("GET", `/api/v1/webhooks/${id}/deliveries`, { key });
  expect(res.status).toBe(200);
  return res.body.items as Array<{
    id: string;
    eventId: string;
    type: string;
    status: string;
    attempts: number;
    lastStatusCode: number | null;
    lastError: string | null;
  }>;
}

describe("webhook delivery end to end", () => {
  it("delivers a signed webhook.test that verifies with the endpoint's secret", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const ep = await register(keys.skLive, r.url);
    const queued = await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skLive });
    expect(queued.status).toBe(202);

    const [req] = await r.waitFor(1);
    expect(req.method).toBe("POST");
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["service-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await signedWith(req, ep.secret)).toBe(true);
    expect(await signedWith(req, "whsec_wrong")).toBe(false);
    const envelope = JSON.parse(req.body);
    expect(envelope).toEqual({
      id: queued.body.eventId,
      type: "webhook.test",
      created: expect.any(Number),
      livemode: true,
      data: { object: { message: expect.any(String), endpointId: ep.id } },
    });
    expect(Math.abs(envelope.created - Date.now() / 1000)).toBeLessThan(60);

    await expect
      .poll(async () => (await deliveries(keys.skLive, ep.id))[0], { timeout: 5000 })
      .toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 200 });
  });

  it("retries a 500 with the same evt_ id and body, and the log shows both attempts", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    await r.failNext(1, 500);
    const ep = await register(keys.skTest, r.url);
    const queued = await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skTest });

    const [first, second] = await r.waitFor(2);
    expect(second.body).toBe(first.body);
    expect(JSON.parse(second.body).id).toBe(queued.body.eventId);
    expect(JSON.parse(second.body).livemode).toBe(false);
    // The retry waited for the backoff (base 1 s in tests).
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(900);
    for (const req of [first, second]) expect(await signedWith(req, ep.secret)).toBe(true);

    await expect
      .poll(async () => (await deliveries(keys.skTest, ep.id))[0], { timeout: 5000 })
      .toMatchObject({ eventId: queued.body.eventId, status: "succeeded", attempts: 2, lastStatusCode: 200, nextAttemptAt: null });
    const detail = await call("GET", `/api/v1/webhooks/${ep.id}/deliveries/${queued.body.deliveryId}`, { key: keys.skTest });
    expect(detail.status).toBe(200);
    expect(detail.body.attemptLog.map((a: { attempt: number; statusCode: number; error: string | null }) => [a.attempt, a.statusCode, a.error])).toEqual([
      [1, 500, null],
      [2, 200, null],
    ]);
    expect(JSON.stringify(detail.body.payload)).toBe(first.body);
  });

  it("replays the same envelope (same evt_ id, same bytes)", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const ep = await register(keys.skLive, r.url);
    const queued = await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skLive });
    const [original] = await r.waitFor(1);
    await expect.poll(async () => (await deliveries(keys.skLive, ep.id))[0]?.status, { timeout: 5000 }).toBe("succeeded");

    const replay = await call("POST", `/api/v1/webhooks/${ep.id}/deliveries/${queued.body.deliveryId}/replay`, { key: keys.skLive });
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ deliveryId: queued.body.deliveryId, eventId: queued.body.eventId });
    const [, again] = await r.waitFor(2);
    expect(again.body).toBe(original.body);
    await expect.poll(async () => (await deliveries(keys.skLive, ep.id))[0], { timeout: 5000 }).toMatchObject({ status: "succeeded", attempts: 2 });
    expect(await deliveries(keys.skLive, ep.id)).toHaveLength(1);
    // The log lists the newest delivery first.
    const next = await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skLive });
    expect(next.status).toBe(202);
    expect((await deliveries(keys.skLive, ep.id)).map((d) => d.eventId)).toEqual([next.body.eventId, queued.body.eventId]);
  });

  it("signs the next delivery with a rotated secret", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const ep = await register(keys.skLive, r.url);
    const rotated = await call("POST", `/api/v1/webhooks/${ep.id}/rotate-secret`, { key: keys.skLive });
    await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skLive });
    const [req] = await r.waitFor(1);
    expect(await signedWith(req, rotated.body.secret)).toBe(true);
    expect(await signedWith(req, ep.secret)).toBe(false);
  });

  it("keeps the secret across a URL change and delivers to the new URL", async () => {
    const keys = await newWorkspace();
    const oldR = newReceiver();
    const newR = newReceiver();
    const ep = await register(keys.skLive, oldR.url);
    expect((await call("PATCH", `/api/v1/webhooks/${ep.id}`, { key: keys.skLive, body: { url: newR.url } })).status).toBe(200);
    await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skLive });
    const [req] = await newR.waitFor(1);
    expect(await signedWith(req, ep.secret)).toBe(true);
    expect(await oldR.requests()).toEqual([]);
  });

  it("never sends sandbox events to production endpoints (nor the reverse)", async () => {
    const keys = await newWorkspace();
    const live = newReceiver();
    const test = newReceiver();
    const liveEp = await register(keys.skLive, live.url);
    const testEp = await register(keys.skTest, test.url);

    const sandboxEvent = seatHeld();
    const productionEvent = seatHeld();
    await env.WEBHOOKS.send({ kind: "event", workspaceId: keys.workspaceId, environment: "sandbox", event: sandboxEvent } satisfies WebhookMessage);
    await env.WEBHOOKS.send({ kind: "event", workspaceId: keys.workspaceId, environment: "production", event: productionEvent } satisfies WebhookMessage);

    const [sandboxReq] = await test.waitFor(1);
    const [productionReq] = await live.waitFor(1);
    expect(JSON.parse(sandboxReq.body)).toMatchObject({ id: sandboxEvent.id, type: "seat.held", livemode: false, data: sandboxEvent.data });
    expect(JSON.parse(productionReq.body)).toMatchObject({ id: productionEvent.id, livemode: true });
    expect(await signedWith(sandboxReq, testEp.secret)).toBe(true);
    expect(await signedWith(productionReq, liveEp.secret)).toBe(true);

    // Give any stray delivery time to arrive, then check each side saw only its own event.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await test.requests()).map((q) => JSON.parse(q.body).id)).toEqual([sandboxEvent.id]);
    expect((await live.requests()).map((q) => JSON.parse(q.body).id)).toEqual([productionEvent.id]);
    expect((await deliveries(keys.skLive, liveEp.id)).map((d) => d.eventId)).toEqual([productionEvent.id]);
  });

  it("sends nothing to a disabled endpoint or for an unsubscribed type", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const disabled = await register(keys.skLive, r.url);
    await call("PATCH", `/api/v1/webhooks/${disabled.id}`, { key: keys.skLive, body: { enabled: false } });
    const bookedOnly = newReceiver();
    await register(keys.skLive, bookedOnly.url, ["seat.booked"]);
    const control = newReceiver();
    await register(keys.skLive, control.url);

    await env.WEBHOOKS.send({ kind: "event", workspaceId: keys.workspaceId, environment: "production", event: seatHeld() } satisfies WebhookMessage);
    await control.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await r.requests()).toEqual([]);
    expect(await bookedOnly.requests()).toEqual([]);
  });
});
