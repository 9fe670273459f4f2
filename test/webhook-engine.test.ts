import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { db } from "../src/db/client";
import { findDelivery, listDeliveries, listEndpoints } from "../src/db/webhooks";
import { schedulerOf } from "../src/webhooks/scheduler";
import {
  api,
  call,
  drainedOutbox,
  type Environment,
  expectOk,
  inObject,
  ISO,
  newEvent,
  newReceiver,
  newWorkspace,
  seedDelivery,
  seedEndpoint,
  signedWith,
  sleep,
  stubOf,
  token,
} from "./support/fixtures";

/** WEBHOOK_REDRIVE_SECONDS of the test runtime (vitest.config.ts), in ms. */
const REDRIVE_MS = 2000;

/**
 * The whole path: a seat change in the event's Durable Object commits its event to the outbox,
 * the outbox goes to the queue, the consumer signs and POSTs it to a real local HTTP receiver.
 */

/** An event and an endpoint of its environment on a fresh path of the receiver. */
async function eventWithEndpoint(events = ["seat.held", "seat.booked", "seat.released"], environment: Environment = "production") {
  const f = await newEvent({ environment });
  const r = newReceiver();
  const ep = await call("POST", "/api/v1/webhooks", { key: f.sk, body: { url: r.url, events } });
  expectOk(ep, 201);
  return { f, r, secret: ep.body.secret as string };
}

describe("seat changes reach the receiver", () => {
  it("a hold sends a correctly signed seat.held to the local receiver, without the hold token", async () => {
    const { f, r, secret } = await eventWithEndpoint();
    const holdToken = token();
    const hold = await api.hold(f, { objectLabels: ["A-1-1"], holdToken, extraData: { orderId: "o-1" } });
    expectOk(hold);

    const [req] = await r.waitFor(1);
    expect(await signedWith(req, secret)).toBe(true);
    expect(req.body).not.toContain(holdToken);
    expect(JSON.parse(req.body)).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: "seat.held",
      created: expect.any(Number),
      livemode: true,
      data: { object: { eventKey: f.eventKey, objectLabel: "A-1-1", status: "held", extraData: { orderId: "o-1" }, holdExpiresAt: hold.body.holdExpiresAt } },
    });
  });

  it("a change whose queue message was lost is sent again after its lease, and forgotten only once its delivery is stored", async () => {
    const { f, r, secret } = await eventWithEndpoint();
    // The change commits and is sent into a queue that loses it (a killed dev server); then the
    // object itself is evicted.
    await inObject(f, async (o, state) => {
      o.loseOutboxSends = true;
      const outcome = await o.hold({ objectLabels: ["A-1-2"], holdToken: token(), ttlSeconds: 900 }, { kind: "public" });
      expect(outcome.ok).toBe(true);
      await o.flushOutbox();
      expect(state.storage.sql.exec("SELECT COUNT(*) AS n FROM outbox").one().n).toBe(1);
    });
    await evictDurableObject(stubOf(f));
    await sleep(500);
    expect(await r.requests()).toEqual([]);

    // The lease runs out; the object's alarm sends it again and the receiver gets it, signed.
    await sleep(REDRIVE_MS);
    expect(await runDurableObjectAlarm(stubOf(f))).toBe(true);
    const [req] = await r.waitFor(1);
    expect(JSON.parse(req.body)).toMatchObject({ type: "seat.held", data: { object: { objectLabel: "A-1-2", status: "held" } } });
    expect(await signedWith(req, secret)).toBe(true);
    await vi.waitFor(() => inObject(f, (_o, state) => expect(state.storage.sql.exec("SELECT COUNT(*) AS n FROM outbox").one().n).toBe(0)));
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
    const { f, r } = await eventWithEndpoint();
    expectOk(await api.hold(f, { objectLabels: ["A-1-5"], holdToken: token() }));
    await r.waitFor(1);
    const endpoint = (await listEndpoints(db(env), { workspaceId: f.keys.workspaceId, environment: "production" }))[0]!;
    const [delivery] = await listDeliveries(db(env), endpoint.id);
    expect(delivery).toMatchObject({ type: "seat.held" });
    // The scheduler was armed for the delivery's re-drive time; it finds nothing left to do.
    const alarm = await runInDurableObject(schedulerOf(env, endpoint.id), (_o, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
  });

  it("book and release follow, each signed with its own evt_ id; a repeated booking sends nothing", async () => {
    const { f, r, secret } = await eventWithEndpoint(["seat.held", "seat.booked", "seat.released", "seat.hold_expired"]);
    const holdToken = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-3", "A-1-4"], holdToken, extraData: { order: "o-1" } }));
    await r.waitFor(2);
    expectOk(await api.book(f, { objectLabels: ["A-1-3", "A-1-4"], holdToken }));
    await r.waitFor(4);
    expectOk(await api.book(f, { objectLabels: ["A-1-3"], holdToken }));
    expectOk(await api.release(f, { objectLabels: ["A-1-3"] }));
    await r.waitFor(5);
    await sleep(500);
    const all = await r.requests();
    const envelopes = all.map((q) => JSON.parse(q.body));
    expect(envelopes.map((e) => `${e.type}:${e.data.object.objectLabel}`).sort()).toEqual([
      "seat.booked:A-1-3",
      "seat.booked:A-1-4",
      "seat.held:A-1-3",
      "seat.held:A-1-4",
      "seat.released:A-1-3",
    ]);
    expect(new Set(envelopes.map((e) => e.id)).size).toBe(5);
    for (const q of all) {
      expect(q.body).not.toContain(holdToken);
      expect(await signedWith(q, secret)).toBe(true);
    }
    for (const e of envelopes) {
      expect(e).toMatchObject({ id: expect.stringMatching(/^evt_/), created: expect.any(Number), livemode: true });
      const o = e.data.object;
      expect(o).toMatchObject({ eventKey: f.eventKey, objectType: "seat", categoryKey: expect.any(String), extraData: { order: "o-1" } });
      expect(o.status).toBe({ "seat.held": "held", "seat.booked": "booked", "seat.released": "free" }[e.type as string]);
      // Only a hold says when it expires.
      if (e.type === "seat.held") expect(o.holdExpiresAt).toMatch(ISO);
      else expect(o).not.toHaveProperty("holdExpiresAt");
    }
  });

  it("an expired hold sends seat.hold_expired within seconds of its expiry, with the seat free", async () => {
    const { f, r, secret } = await eventWithEndpoint(["seat.hold_expired"], "sandbox");
    expectOk(await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token(), ttlSeconds: 1 }));
    const [req] = await r.waitFor(1, 12_000);
    const e = JSON.parse(req.body);
    expect(e).toMatchObject({ type: "seat.hold_expired", livemode: false, data: { object: { eventKey: f.eventKey, objectLabel: "A-1-3", status: "free" } } });
    expect(e.data.object.holdExpiresAt).toMatch(ISO);
    expect(await signedWith(req, secret)).toBe(true);
    expect(await r.requests()).toHaveLength(1);
  });

  it("a move to a chart copy sends event.chart_changed and no seat events", async () => {
    const f = await newEvent({ environment: "production" });
    expectOk(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() }));
    // The hold's seat.held leaves before the endpoint exists (an endpoint gets only later changes).
    expect(await drainedOutbox(f)).toEqual([]);
    await sleep(2000);
    const r = newReceiver();
    expectOk(
      await call("POST", "/api/v1/webhooks", { key: f.sk, body: { url: r.url, events: ["event.chart_changed", "seat.held", "seat.released", "seat.booked"] } }),
      201,
    );
    const moved = await call("POST", `/api/v1/events/${f.eventKey}/actions/move-to-new-chart-copy`, { key: f.sk });
    expectOk(moved);
    await r.waitFor(1);
    await sleep(500);
    const all = (await r.requests()).map((q) => JSON.parse(q.body));
    expect(all.map((e) => e.type)).toEqual(["event.chart_changed"]);
    expect(all[0].data.object).toEqual({ eventKey: f.eventKey, chartKey: moved.body.chartKey, previousChartKey: f.chartKey });
  });
});

describe("webhooks and the status history", () => {
  it("every delivery carries the seq of its change's history record, and seat.booked its order", async () => {
    const { f, r } = await eventWithEndpoint(["seat.held", "seat.booked", "seat.released", "seat.hold_expired"]);
    const holdToken = `tok-${crypto.randomUUID()}`;
    const seatApi = (action: string, body: unknown, key = f.sk) => call("POST", `/api/v1/events/${f.eventKey}/seats/${action}`, { key, body });
    expect((await seatApi("hold", { objectLabels: ["A-1-6", "A-1-7"], holdToken }, f.pk)).status).toBe(200);
    expect((await seatApi("hold", { objectLabels: ["Floor"], holdToken, objectType: "generalAdmission", quantity: 2 }, f.pk)).status).toBe(200);
    expect((await seatApi("book", { objectLabels: ["A-1-6", "Floor"], holdToken, orderId: "ord-42" })).status).toBe(200);
    expect((await seatApi("release", { orderId: "ord-42" })).status).toBe(200);
    const deliveries = (await r.waitFor(7)).map(
      (q) => JSON.parse(q.body) as { type: string; data: { object: { objectLabel: string; seq: number; orderId?: string } } },
    );
    const history = (await call("GET", `/api/v1/events/${f.eventKey}/status-changes`, { key: f.sk })).body.items as {
      seq: number;
      objectLabel: string;
      cause: string;
    }[];
    const causeOf: Record<string, string> = { "seat.held": "hold", "seat.booked": "book", "seat.released": "release", "seat.hold_expired": "expire" };
    expect(deliveries).toHaveLength(7);
    for (const d of deliveries) {
      const record = history.find((h) => h.seq === d.data.object.seq);
      expect(record, JSON.stringify(d)).toMatchObject({ objectLabel: d.data.object.objectLabel, cause: causeOf[d.type] });
    }
    expect(new Set(deliveries.map((d) => d.data.object.seq)).size).toBe(7);
    const booked = deliveries.filter((d) => d.type === "seat.booked");
    expect(booked.map((d) => d.data.object.orderId)).toEqual(["ord-42", "ord-42"]);
  });
});
