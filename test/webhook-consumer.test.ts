import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { db } from "../src/db/client";
import { findDelivery, listAttempts, updateEndpoint } from "../src/db/webhooks";
import { MAX_ATTEMPTS, retryDelaySeconds } from "../src/webhooks/delivery";
import type { WebhookMessage } from "../src/domain/webhook-messages";
import { deliveriesOf, invokeQueue, newReceiver, newWorkspace, runQueue, seatHeld, seedDelivery, seedEndpoint } from "./support/fixtures";

const eventMessage = (workspaceId: string, environment: "production" | "sandbox", event = seatHeld()): WebhookMessage => ({
  kind: "event",
  workspaceId,
  environment,
  event,
});

describe("queue consumer: event fan-out", () => {
  it("creates one delivery per subscribed, enabled endpoint of the event's workspace and environment", async () => {
    const keys = await newWorkspace();
    const other = await newWorkspace();
    const r = newReceiver();
    const subscribed = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url, events: ["seat.held", "seat.booked"] });
    const otherType = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url, events: ["seat.booked"] });
    const disabled = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url, enabled: false });
    const sandbox = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "sandbox", url: r.url });
    const foreign = await seedEndpoint({ workspaceId: other.workspaceId, environment: "production", url: r.url });

    const event = seatHeld();
    const result = await runQueue("seat-webhooks", [{ body: eventMessage(keys.workspaceId, "production", event) }]);
    expect(result.explicitAcks).toEqual(["msg-0"]);
    expect(result.retryMessages).toEqual([]);

    const rows = await deliveriesOf(subscribed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventId: event.id, type: "seat.held" });
    expect(JSON.parse(rows[0].payload)).toEqual({ id: event.id, type: "seat.held", created: event.created, livemode: true, data: event.data });
    for (const ep of [otherType, disabled, sandbox, foreign]) expect(await deliveriesOf(ep.id)).toEqual([]);
  });

  it("is idempotent: a redelivered event message creates no second delivery", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "sandbox", url: r.url });
    const msg = eventMessage(keys.workspaceId, "sandbox");
    await runQueue("seat-webhooks", [{ body: msg }]);
    await runQueue("seat-webhooks", [{ body: msg, attempts: 2 }]);
    await runQueue("seat-webhooks", [{ body: msg }, { body: msg }]);
    const rows = await deliveriesOf(ep.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].payload).livemode).toBe(false);
  });

  it("never puts a hold token in a payload", async () => {
    const keys = await newWorkspace();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: newReceiver().url });
    const event = seatHeld();
    Object.assign(event.data.object, { holdToken: "tok_secret_12345678" });
    await runQueue("seat-webhooks", [{ body: eventMessage(keys.workspaceId, "production", event) }]);
    const [row] = await deliveriesOf(ep.id);
    expect(row.payload).not.toContain("tok_secret_12345678");
    expect(row.payload).not.toContain("holdToken");
  });

  it("acks unreadable messages instead of retrying them forever", async () => {
    const result = await runQueue("seat-webhooks", [{ body: "garbage" }, { body: { kind: "event", workspaceId: 1 } }, { body: { kind: "deliver" } }]);
    expect(result.explicitAcks.sort()).toEqual(["msg-0", "msg-1", "msg-2"]);
  });
});

describe("queue consumer: deliver", () => {
  it("delivers, records the attempt and acks", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url });
    const dlv = await seedDelivery(ep.id);
    const result = await runQueue("seat-webhooks", [{ body: { kind: "deliver", deliveryId: dlv.id } }]);
    expect(result.explicitAcks).toEqual(["msg-0"]);
    expect(await findDelivery(db(env), dlv.id)).toMatchObject({ status: "succeeded", attempts: 1, lastStatusCode: 200, lastError: null });
    const [req] = await r.requests();
    expect(req.body).toBe(dlv.payload);
    expect(req.headers["content-type"]).toBe("application/json");
  });

  it("retries a 500 with exponential backoff and keeps the delivery pending", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    await r.failNext(10, 500);
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url });
    const dlv = await seedDelivery(ep.id);
    const base = Number(env.WEBHOOK_RETRY_BASE_SECONDS);
    // createMessageBatch's mock drops retry delays, so the delay is read through the runtime's own
    // queue invocation (exports.default.queue), which reports them.
    for (const attempts of [1, 2, 3]) {
      const result = await invokeQueue("seat-webhooks", [{ id: `m${attempts}`, attempts, body: { kind: "deliver", deliveryId: dlv.id } }]);
      expect(result.retryMessages).toEqual([{ msgId: `m${attempts}`, delaySeconds: base * 2 ** (attempts - 1) }]);
    }
    const viaBatch = await runQueue("seat-webhooks", [{ body: { kind: "deliver", deliveryId: dlv.id }, attempts: 4 }]);
    expect(viaBatch.retryMessages).toEqual([{ msgId: "msg-0" }]);
    const row = await findDelivery(db(env), dlv.id);
    expect(row).toMatchObject({ status: "pending", attempts: 4, lastStatusCode: 500, lastError: null });
    expect(Date.parse(row!.nextAttemptAt!)).toBeGreaterThan(Date.now());
    const log = await listAttempts(db(env), dlv.id);
    expect(log.map((a) => [a.attempt, a.statusCode, a.error])).toEqual([1, 2, 3, 4].map((n) => [n, 500, null]));
  });

  it("marks the delivery failed after the last attempt and acks it", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    await r.failNext(1, 503);
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url });
    // The attempt number comes from the delivery's run in D1, not from the message.
    const dlv = await seedDelivery(ep.id, { runAttempts: MAX_ATTEMPTS - 1 });
    const result = await runQueue("seat-webhooks", [{ body: { kind: "deliver", deliveryId: dlv.id }, attempts: 1 }]);
    expect(result.explicitAcks).toEqual(["msg-0"]);
    expect(result.retryMessages).toEqual([]);
    expect(await findDelivery(db(env), dlv.id)).toMatchObject({ status: "failed", lastStatusCode: 503, nextAttemptAt: null });
  });

  it("counts a redirect as a failure and never follows it", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    await r.failNext(1, 302);
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url });
    const dlv = await seedDelivery(ep.id);
    const result = await runQueue("seat-webhooks", [{ body: { kind: "deliver", deliveryId: dlv.id } }]);
    expect(result.retryMessages).toHaveLength(1);
    expect(await findDelivery(db(env), dlv.id)).toMatchObject({ status: "pending", lastStatusCode: 302, lastError: null });
    expect(await r.requests(`${r.path}-redirected`)).toEqual([]);
  });

  it("checks the URL policy again at delivery: a disallowed URL fails without a request", async () => {
    const keys = await newWorkspace();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: "http://169.254.169.254/latest/meta-data/" });
    const dlv = await seedDelivery(ep.id);
    const result = await runQueue("seat-webhooks", [{ body: { kind: "deliver", deliveryId: dlv.id } }]);
    expect(result.retryMessages).toHaveLength(1);
    expect(await findDelivery(db(env), dlv.id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: null,
      lastError: "url_not_allowed",
    });
  });

  it("marks deliveries of a disabled endpoint failed without sending, and acks those of a deleted one", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url });
    const dlv = await seedDelivery(ep.id);
    await updateEndpoint(db(env), { workspaceId: keys.workspaceId, environment: "production" }, ep.id, { enabled: false });
    const result = await runQueue("seat-webhooks", [{ body: { kind: "deliver", deliveryId: dlv.id } }, { body: { kind: "deliver", deliveryId: "dlv_gone" } }]);
    expect(result.explicitAcks.sort()).toEqual(["msg-0", "msg-1"]);
    expect(await findDelivery(db(env), dlv.id)).toMatchObject({ status: "failed", attempts: 0, lastError: "endpoint_disabled" });
    expect(await r.requests()).toEqual([]);
  });

  it("does not send a delivery that already succeeded again when its message is duplicated", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url });
    const dlv = await seedDelivery(ep.id);
    await runQueue("seat-webhooks", [{ body: { kind: "deliver", deliveryId: dlv.id } }]);
    await runQueue("seat-webhooks", [{ body: { kind: "deliver", deliveryId: dlv.id } }]);
    expect(await r.requests()).toHaveLength(1);
  });

  it("documents the schedule: base × 2^(attempt-1)", () => {
    expect(Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelaySeconds(30, i + 1))).toEqual([30, 60, 120, 240, 480, 960, 1920]);
    expect(retryDelaySeconds(30_000, 8)).toBe(43_200);
  });
});

describe("queue consumer: dead-letter queue", () => {
  it("marks a dead-lettered delivery failed", async () => {
    const keys = await newWorkspace();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: newReceiver().url });
    const dlv = await seedDelivery(ep.id);
    const result = await runQueue("seat-webhooks-dlq", [{ body: { kind: "deliver", deliveryId: dlv.id }, attempts: 9 }]);
    expect(result.explicitAcks).toEqual(["msg-0"]);
    expect(await findDelivery(db(env), dlv.id)).toMatchObject({ status: "failed", lastError: "dead_lettered" });
  });

  it("gives a dead-lettered event one more fan-out so nothing is lost", async () => {
    const keys = await newWorkspace();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: newReceiver().url });
    const event = seatHeld();
    await runQueue("seat-webhooks-dlq", [{ body: eventMessage(keys.workspaceId, "production", event) }]);
    expect((await deliveriesOf(ep.id)).map((row) => row.eventId)).toEqual([event.id]);
  });
});

describe("queue handler through exports.default.queue", () => {
  it("is reachable as the Worker's queue export for both queue names", async () => {
    const keys = await newWorkspace();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "sandbox", url: newReceiver().url });
    const msg = eventMessage(keys.workspaceId, "sandbox");
    const result = await invokeQueue("seat-webhooks", [{ id: "m1", body: msg }]);
    expect(result).toMatchObject({ outcome: "ok", explicitAcks: ["m1"] });
    const dlq = await invokeQueue("seat-webhooks-dlq", [{ id: "m2", body: { kind: "deliver", deliveryId: "dlv_none" } }]);
    expect(dlq).toMatchObject({ outcome: "ok", explicitAcks: ["m2"] });
    expect(await deliveriesOf(ep.id)).toHaveLength(1);
  });
});

describe("queue consumer: endpoints registered after the change", () => {
  it("do not receive an event that was already waiting in the queue", async () => {
    const keys = await newWorkspace();
    const event = seatHeld({ created: Math.floor(Date.now() / 1000) - 5 });
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: newReceiver().url });
    await runQueue("seat-webhooks", [{ body: eventMessage(keys.workspaceId, "production", event) }]);
    expect(await deliveriesOf(ep.id)).toEqual([]);
  });
});
