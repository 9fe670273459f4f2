import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventStub } from "../src/engine/stub";
import { verifyWebhook } from "../src/webhooks/signing";
import { newReceiver } from "./fixtures/webhook-receiver";
import { call, newWorkspace, smallLayout } from "./helpers";

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

  it("eviction between a state change and its delivery loses nothing", async () => {
    const { keys, eventKey, r, secret } = await eventWithEndpoint();
    const stub = eventStub(env, keys.workspaceId, "production", eventKey);
    const holdToken = `tok-${crypto.randomUUID()}`;

    // The change commits with its outbox row, but the after-commit flush never runs: the object
    // is evicted right after, as if the isolate died between commit and send.
    await runInDurableObject(stub, async (instance, state) => {
      (instance as unknown as { flush: () => Promise<void> }).flush = async () => {};
      const outcome = await instance.hold({ objectLabels: ["A-1-2"], holdToken, ttlSeconds: 900 });
      expect(outcome.ok).toBe(true);
      expect(state.storage.sql.exec("SELECT COUNT(*) AS n FROM outbox").one().n).toBe(1);
    });
    await evictDurableObject(stub);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await r.requests()).toEqual([]);

    // A fresh instance's alarm (armed by the hold's expiry) flushes the outbox.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const [req] = await r.waitFor(1);
    expect(JSON.parse(req.body)).toMatchObject({ type: "seat.held", data: { object: { objectLabel: "A-1-2", status: "held" } } });
    expect((await verifyWebhook(req.body, req.headers["service-signature"], secret)).ok).toBe(true);
    await runInDurableObject(stub, (_instance, state) => {
      expect(state.storage.sql.exec("SELECT COUNT(*) AS n FROM outbox").one().n).toBe(0);
    });
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
