/**
 * The client against a real `wrangler dev` (started here, as the e2e suite does): every operation
 * once, retries on a 429 and on a dropped connection without a double booking, pagination over
 * 250 events, typed errors. Runs the built package (dist/), as a user would import it.
 */
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startDevServer } from "../../../test/e2e/server.mjs";
import { createSeatsClient, paginate, SeatsApiError, SeatsNetworkError } from "../dist/index.js";
import { startProxy } from "./proxy.mjs";

const LAYOUT = {
  categories: [{ key: "stalls", label: "Stalls", color: "#4f7cff" }],
  sections: [
    {
      key: "A",
      label: "A",
      rows: [{ label: "1", seats: Array.from({ length: 10 }, (_, i) => ({ label: `A-1-${i + 1}`, categoryKey: "stalls", x: i * 10, y: 0 })) }],
    },
  ],
  generalAdmission: [{ label: "Floor", categoryKey: "stalls", capacity: 50 }],
};

let server;
let proxy;
let admin;
let keys;

before(
  async () => {
    server = await startDevServer();
    proxy = await startProxy(server.baseUrl);
    admin = createSeatsClient({ baseUrl: server.baseUrl, adminToken: server.adminToken });
    const ws = await admin.createWorkspace({ body: { name: "Client tests" } });
    const live = await admin.createSecretKey({ path: { workspaceKey: ws.workspaceKey, environment: "production" } });
    const test = await admin.createSecretKey({ path: { workspaceKey: ws.workspaceKey, environment: "sandbox" } });
    keys = { workspaceKey: ws.workspaceKey, pkLive: ws.publicKeys.production, skLive: live.secretKey, skTest: test.secretKey, pkTest: ws.publicKeys.sandbox };
  },
  { timeout: 200_000 },
);

after(async () => {
  await proxy?.close();
  await server?.stop();
});

async function publishedChart(seats) {
  const chart = await seats.createChart({ body: { name: "Hall", draftVersion: LAYOUT } });
  await seats.publishChart({ path: { chartKey: chart.chartKey } });
  return chart.chartKey;
}

describe("every operation once", () => {
  it("operator, charts, events, seats and webhooks", async () => {
    await admin.getWorkspace({ path: { workspaceKey: keys.workspaceKey } });
    await admin.createDashboardLink({ path: { workspaceKey: keys.workspaceKey }, body: {} });
    const sk = createSeatsClient({ baseUrl: server.baseUrl, apiKey: keys.skTest });
    const pk = createSeatsClient({ baseUrl: server.baseUrl, apiKey: keys.pkTest });
    const chart = await sk.createChart({ body: { name: "Hall", draftVersion: LAYOUT } });
    const chartKey = chart.chartKey;
    assert.ok((await sk.listCharts()).items.some((c) => c.chartKey === chartKey));
    await sk.getChart({ path: { chartKey } });
    await sk.updateChart({ path: { chartKey }, body: { name: "Main hall" } });
    await sk.getDraftLayout({ path: { chartKey } });
    await sk.checkPublish({ path: { chartKey } });
    await sk.publishChart({ path: { chartKey } });
    await sk.getPublishedLayout({ path: { chartKey } });
    const spare = await sk.createChart({ body: { name: "Spare" } });
    await sk.unpublishChart({ path: { chartKey: spare.chartKey } });
    await sk.deleteChart({ path: { chartKey: spare.chartKey } });

    const { eventKey } = await sk.createEvent({ body: { chartKey } });
    await sk.listEvents();
    await pk.getEvent({ path: { eventKey } });
    const path = { eventKey };
    const holdToken = "client-test-token";
    const held = await pk.holdSeats({ path, body: { objectLabels: ["A-1-1", "A-1-2"], holdToken } });
    assert.equal(held.objects.length, 2);
    await pk.holdBestAvailable({ path, body: { quantity: 2, holdToken: "best-token-1" } });
    await sk.extendHold({ path, body: { holdToken, ttlSeconds: 600 } });
    const booked = await sk.bookSeats({ path, body: { objectLabels: ["A-1-1"], holdToken } });
    assert.equal(booked.objects[0].status, "booked");
    await sk.releaseSeats({ path, body: { holdToken, objectLabels: ["A-1-2"] } });
    await sk.markNotForSale({ path, body: { objectLabels: ["A-1-9"] } });
    await sk.markForSale({ path, body: { objectLabels: ["A-1-9"] } });
    await pk.getEventStatus({ path });
    await pk.getEventObjects({ path });
    await sk.getEventReports({ path });
    await sk.listStatusChanges({ path });
    await pk.getSelectionRules({ path });
    await sk.setSelectionRules({ path, body: {} });
    await sk.resetEvent({ path });
    await sk.moveEventToNewChartCopy({ path });
    await sk.deleteEvent({ path });

    const ep = await sk.createWebhookEndpoint({ body: { url: "https://hooks.example.com/in", events: ["seat.held"] } });
    await sk.listWebhookEndpoints();
    await sk.getWebhookEndpoint({ path: { id: ep.id } });
    await sk.updateWebhookEndpoint({ path: { id: ep.id }, body: { description: "back office" } });
    await sk.rotateWebhookSecret({ path: { id: ep.id } });
    const queued = await sk.testWebhookEndpoint({ path: { id: ep.id } });
    await sk.listWebhookDeliveries({ path: { id: ep.id } });
    await sk.getWebhookDelivery({ path: { id: ep.id, deliveryId: queued.deliveryId } });
    await sk.replayWebhookDelivery({ path: { id: ep.id, deliveryId: queued.deliveryId } });
    await sk.deleteWebhookEndpoint({ path: { id: ep.id } });
    const bundle = await pk.getSdkBundle({ path: { version: "latest", file: "seating.js" }, parseAs: "text" });
    assert.match(String(bundle), /Seating|SeatingChart/);
  });
});

describe("retries", () => {
  it("retries a 429 (honouring Retry-After) and books once", async () => {
    const seats = createSeatsClient({ baseUrl: proxy.url, apiKey: keys.skLive });
    const chartKey = await publishedChart(seats);
    const { eventKey } = await seats.createEvent({ body: { chartKey } });
    await seats.holdSeats({ path: { eventKey }, body: { objectLabels: ["A-1-3"], holdToken: "retry-429-token" } });
    proxy.once("POST", /\/seats\/book$/, "tooMany");
    const started = Date.now();
    const booked = await seats.bookSeats({ path: { eventKey }, body: { objectLabels: ["A-1-3"], holdToken: "retry-429-token" } });
    assert.ok(Date.now() - started >= 900, "waited for Retry-After");
    assert.equal(booked.objects[0].status, "booked");
    const attempts = proxy.seen.filter((r) => r.method === "POST" && r.url.endsWith("/seats/book"));
    assert.equal(attempts.length, 2);
    assert.equal(attempts[0].idempotencyKey, attempts[1].idempotencyKey);
  });

  it("retries a dropped connection with the same Idempotency-Key: the service books once and replays", async () => {
    const seats = createSeatsClient({ baseUrl: proxy.url, apiKey: keys.skLive });
    const chartKey = await publishedChart(seats);
    const { eventKey } = await seats.createEvent({ body: { chartKey } });
    await seats.holdSeats({ path: { eventKey }, body: { objectLabels: ["A-1-4"], holdToken: "retry-drop-token" } });
    proxy.once("POST", /\/seats\/book$/, "drop");
    const before = proxy.seen.length;
    const booked = await seats.bookSeats({ path: { eventKey }, body: { objectLabels: ["A-1-4"], holdToken: "retry-drop-token" } });
    assert.equal(booked.objects[0].status, "booked");
    const attempts = proxy.seen.slice(before);
    assert.equal(attempts.length, 2);
    assert.equal(attempts[0].idempotencyKey, attempts[1].idempotencyKey);
    const history = await seats.listStatusChanges({ path: { eventKey } });
    assert.equal(history.items.filter((c) => c.status === "booked").length, 1, "booked once");
  });

  it("does not retry a 409, and throws it typed", async () => {
    const seats = createSeatsClient({ baseUrl: proxy.url, apiKey: keys.skLive });
    const chartKey = await publishedChart(seats);
    const { eventKey } = await seats.createEvent({ body: { chartKey } });
    await seats.holdSeats({ path: { eventKey }, body: { objectLabels: ["A-1-5"], holdToken: "first-buyer" } });
    const before = proxy.seen.length;
    await assert.rejects(seats.holdSeats({ path: { eventKey }, body: { objectLabels: ["A-1-5"], holdToken: "second-buyer" } }), (err) => {
      assert.ok(err instanceof SeatsApiError);
      assert.equal(err.status, 409);
      assert.equal(err.code, "seat_unavailable");
      assert.deepEqual(err.failed, [{ objectLabel: "A-1-5", reason: "held" }]);
      return true;
    });
    assert.equal(proxy.seen.length - before, 1);
  });

  it("gives up after the per-call timeout with a SeatsNetworkError", async () => {
    const seats = createSeatsClient({ baseUrl: server.baseUrl, apiKey: keys.skLive, retry: { retries: 0 } });
    await assert.rejects(seats.listEvents({}, { timeoutMs: 1 }), (err) => err instanceof SeatsNetworkError && err.timedOut);
  });
});

describe("pagination", () => {
  it("walks 250 events with for await", async () => {
    const admin2 = await admin.createWorkspace({ body: { name: "Paging" } });
    const key = await admin.createSecretKey({ path: { workspaceKey: admin2.workspaceKey, environment: "production" } });
    const seats = createSeatsClient({ baseUrl: server.baseUrl, apiKey: key.secretKey });
    const chartKey = await publishedChart(seats);
    const made = new Set();
    for (let batch = 0; batch < 25; batch++) {
      const created = await Promise.all(Array.from({ length: 10 }, (_, i) => seats.createEvent({ body: { chartKey, eventKey: `ev-${batch}-${i}` } })));
      for (const e of created) made.add(e.eventKey);
    }
    const seen = [];
    for await (const event of paginate(seats.listEvents, { query: { limit: 100 } })) seen.push(event.eventKey);
    assert.equal(seen.length, 250);
    assert.deepEqual(new Set(seen), made);
  });
});
