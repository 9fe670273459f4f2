import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { db } from "../src/db/client";
import { findDelivery, listDeliveries, listEndpoints } from "../src/db/webhooks";
import { eventStub } from "../src/engine/stub";
import { schedulerOf } from "../src/webhooks/scheduler";
import { verifyWebhook } from "../src/webhooks/signing";
import { call, newReceiver, newWorkspace, seedDelivery, seedEndpoint, smallLayout } from "./support/fixtures";
import type { EventObject as TestEventObject } from "./support/worker";

/** WEBHOOK_REDRIVE_SECONDS of the test runtime (vitest.config.ts), in ms. */
const REDRIVE_MS = 2000;

/**
 * The whole path: a seat change in the event's Durable Object commits its event to the outbox,
 * the outbox goes to the queue, the consumer signs and POSTs it to a real local HTTP receiver.
 */

async function eventWithEndpoint(events = ["seat.held", "seat.booked", "seat.released"]) {
  const keys = await newWorkspace();
  const chart = await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Webhook hall", draftVersion: smallLayout() } });
  expect(chart.status).toBe(201);
  expect((await call("POST", `/api/v1/charts/${chart.body.chartKey}/publish`, { key: keys.skLive })).status).toBe(200);
  const event = await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey: chart.body.chartKey } });
  expect(event.status).toBe(201);
  const r = newReceiver();
  const ep = await call("POST", "/api/v1/webhooks", { key: keys.skLive, body: { url: r.url, events } });
  expect(ep.status).toBe(201);
  return { keys, eventKey: event.body.eventKey as string, r, secret: ep.body.secret as string };
}

describe("seat changes reach the receiver", () => {
  it("a hold sends a correctly signed seat.held to the local receiver, without the hold token", async () => {
    const { keys, eventKey, r, secret } = await eventWithEndpoint();
    const holdToken = `tok-${crypto.randomUUID()}`;
    const hold = await call("POST", `/api/v1/events/${eventKey}/seats/hold`, {
      key: keys.pkLive,
      body: { objectLabels: ["A-1-1"], holdToken, extraData: { orderId: "o-1" } },
    });
    expect(hold.status).toBe(200);

    const [req] = await r.waitFor(1);
    expect((await verifyWebhook(req.body, req.headers["service-signature"], secret)).ok).toBe(true);
    expect(req.body).not.toContain(holdToken);
    expect(JSON.parse(req.body)).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: "seat.held",
      created: expect.any(Number),
      livemode: true,
      data: { object: { eventKey, objectLabel: "A-1-1", status: "held", extraData: { orderId: "o-1" }, holdExpiresAt: hold.body.holdExpiresAt } },
    });
  });

  it("a change whose queue message was lost is sent again after its lease, and forgotten only once its delivery is stored", async () => {
    const { keys, eventKey, r, secret } = await eventWithEndpoint();
    const stub = eventStub(env, keys.workspaceId, "production", eventKey);
    const holdToken = `tok-${crypto.randomUUID()}`;
    // The change commits and is sent into a queue that loses it (a killed dev server); then the
    // object itself is evicted.
    await runInDurableObject(stub, async (instance, state) => {
      (instance as TestEventObject).loseOutboxSends = true;
      const outcome = await instance.hold({ objectLabels: ["A-1-2"], holdToken, ttlSeconds: 900 });
      expect(outcome.ok).toBe(true);
      await (instance as TestEventObject).flushOutbox();
      expect(state.storage.sql.exec("SELECT COUNT(*) AS n FROM outbox").one().n).toBe(1);
    });
    await evictDurableObject(stub);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await r.requests()).toEqual([]);

    // The lease runs out; the object's alarm sends it again and the receiver gets it, signed.
    await new Promise((resolve) => setTimeout(resolve, REDRIVE_MS));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const [req] = await r.waitFor(1);
    expect(JSON.parse(req.body)).toMatchObject({ type: "seat.held", data: { object: { objectLabel: "A-1-2", status: "held" } } });
    expect((await verifyWebhook(req.body, req.headers["service-signature"], secret)).ok).toBe(true);
    await vi.waitFor(() => runInDurableObject(stub, (_i, state) => expect(state.storage.sql.exec("SELECT COUNT(*) AS n FROM outbox").one().n).toBe(0)));
  });

  it("a pending delivery whose attempt message was lost is attempted again by its endpoint's scheduler", async () => {
    const keys = await newWorkspace();
    const r = newReceiver();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: r.url });
    // What a consumer that died between writing the delivery and queueing its attempt leaves behind.
    const dlv = await seedDelivery(ep.id, { dueAt: Date.now() - 1 });
    const scheduler = schedulerOf(env, ep.id);
    await scheduler.wake(ep.id, Date.now());
    expect(await runDurableObjectAlarm(scheduler)).toBe(true);
    const [req] = await r.waitFor(1);
    expect(JSON.parse(req.body).id).toBe(dlv.eventId);
    await vi.waitFor(async () => expect(await findDelivery(db(env), dlv.id)).toMatchObject({ status: "succeeded", attempts: 1, dueAt: null }));
  });

  it("a delivery is stored and its endpoint's scheduler armed before the event leaves the outbox", async () => {
    const { keys, eventKey, r } = await eventWithEndpoint();
    const hold = await call("POST", `/api/v1/events/${eventKey}/seats/hold`, {
      key: keys.pkLive,
      body: { objectLabels: ["A-1-5"], holdToken: `tok-${crypto.randomUUID()}` },
    });
    expect(hold.status).toBe(200);
    await r.waitFor(1);
    const endpoint = (await listEndpoints(db(env), { workspaceId: keys.workspaceId, environment: "production" }))[0]!;
    const [delivery] = await listDeliveries(db(env), endpoint.id);
    expect(delivery).toMatchObject({ type: "seat.held" });
    // The scheduler was armed for the delivery's re-drive time; it finds nothing left to do.
    const alarm = await runInDurableObject(schedulerOf(env, endpoint.id), (_o, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
  });

  it("book and release follow, each with its own evt_ id", async () => {
    const { keys, eventKey, r } = await eventWithEndpoint();
    const holdToken = `tok-${crypto.randomUUID()}`;
    await call("POST", `/api/v1/events/${eventKey}/seats/hold`, { key: keys.pkLive, body: { objectLabels: ["A-1-3", "A-1-4"], holdToken } });
    await r.waitFor(2);
    expect(
      (await call("POST", `/api/v1/events/${eventKey}/seats/book`, { key: keys.skLive, body: { objectLabels: ["A-1-3", "A-1-4"], holdToken } })).status,
    ).toBe(200);
    await r.waitFor(4);
    expect((await call("POST", `/api/v1/events/${eventKey}/seats/release`, { key: keys.skLive, body: { objectLabels: ["A-1-3"] } })).status).toBe(200);
    const all = await r.waitFor(5);
    const envelopes = all.map((q) => JSON.parse(q.body));
    expect(envelopes.map((e) => `${e.type}:${e.data.object.objectLabel}`).sort()).toEqual([
      "seat.booked:A-1-3",
      "seat.booked:A-1-4",
      "seat.held:A-1-3",
      "seat.held:A-1-4",
      "seat.released:A-1-3",
    ]);
    expect(new Set(envelopes.map((e) => e.id)).size).toBe(5);
    for (const q of all) expect(q.body).not.toContain(holdToken);
  });
});
