import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getChartByKey } from "../src/db/charts";
import { db } from "../src/db/client";
import { findEndpoint } from "../src/db/webhooks";
import { call, deliveriesOf, expectError, expectOk, newEvent, newWorkspace, seedDelivery, seedEndpoint, type TestKeys } from "./support/fixtures";
import { ORIGIN, signedIn } from "./support/dashboard";

/**
 * docs/api.md#authentication-and-keys: a request for another workspace's chart or webhook endpoint
 * is 403 `forbidden`, decided before anything changes, at both doors (API keys of either
 * environment, and a dashboard session). Charts are workspace-wide, so either environment's key is
 * refused alike; an endpoint belongs to one environment, and the same workspace's other environment
 * stays absent (404), as for events. A key or id that no workspace has stays 404.
 */

type Route = [method: string, path: (key: string) => string, body?: unknown];

const CHART_ROUTES: Route[] = [
  ["GET", (k) => `/charts/${k}`],
  ["PATCH", (k) => `/charts/${k}`, { name: "Hijacked" }],
  ["PATCH", (k) => `/charts/${k}`, { draftVersion: {} }],
  ["DELETE", (k) => `/charts/${k}`],
  ["GET", (k) => `/charts/${k}/draft`],
  ["GET", (k) => `/charts/${k}/published`],
  ["GET", (k) => `/charts/${k}/publish-check`],
  ["POST", (k) => `/charts/${k}/publish`],
  ["POST", (k) => `/charts/${k}/publish?force=true`],
  ["POST", (k) => `/charts/${k}/unpublish`],
];

/** The same operations at the dashboard's door (publish's force travels in the body there). */
const DASHBOARD_CHART_ROUTES: Route[] = CHART_ROUTES.map(([method, path, body]) => {
  const p = path("{key}");
  return p.endsWith("?force=true") ? [method, (k) => path(k).replace("?force=true", ""), { force: true }] : [method, path, body];
});

/** A workspace with a published chart that an event of each environment reads, and a snapshot of what any refused call must leave alone. */
async function ownedChart() {
  const owner = await newEvent({ environment: "production" });
  await newEvent({ keys: owner.keys, chartKey: owner.chartKey, environment: "sandbox" });
  const state = async () => ({
    row: await getChartByKey(db(env), owner.keys.workspaceId, owner.chartKey),
    draft: (await call("GET", `/api/v1/charts/${owner.chartKey}/draft`, { key: owner.sk })).body,
    events: (await call("GET", "/api/v1/events", { key: owner.sk })).body,
  });
  return { owner, chartKey: owner.chartKey, state, before: await state() };
}

describe("another workspace's chart", () => {
  it.each(CHART_ROUTES)("%s /api/v1%s: 403 forbidden with either environment's secret key, and nothing changes", async (method, path, body) => {
    const { chartKey, state, before } = await ownedChart();
    const other = await newWorkspace("Other");
    for (const key of [other.skLive, other.skTest]) expectError(await call(method, `/api/v1${path(chartKey)}`, { key, body }), 403, "forbidden");
    expect(await state()).toEqual(before);
  });

  it.each(CHART_ROUTES)("%s /api/v1%s: a chart key no workspace has stays 404 chart_not_found", async (method, path, body) => {
    const other = await newWorkspace("Other");
    expectError(await call(method, `/api/v1${path("no-workspace-has-this")}`, { key: other.skLive, body }), 404, "chart_not_found");
  });

  it.each(DASHBOARD_CHART_ROUTES)("%s /dashboard/api%s: 403 forbidden to another workspace's session, and nothing changes", async (method, path, body) => {
    const { chartKey, state, before } = await ownedChart();
    const { cookie } = await signedIn();
    const res = await call(method, `/dashboard/api${path(chartKey)}`, { body, headers: { Cookie: cookie, Origin: ORIGIN } });
    expectError(res, 403, "forbidden");
    expect(await state()).toEqual(before);
  });

  it("cannot be bound to a new event: 403 at both doors, and no event is made", async () => {
    const { chartKey, state, before } = await ownedChart();
    const other = await newWorkspace("Other");
    const { keys: dashKeys, cookie } = await signedIn();
    for (const key of [other.skLive, other.skTest]) {
      expectError(await call("POST", "/api/v1/events", { key, body: { chartKey, eventKey: "stolen-map" } }), 403, "forbidden");
      expect((await call("GET", "/api/v1/events", { key })).body.items).toEqual([]);
    }
    const viaDashboard = await call("POST", "/dashboard/api/sandbox/events", {
      body: { chartKey, eventKey: "stolen-map" },
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    expectError(viaDashboard, 403, "forbidden");
    expect((await call("GET", "/api/v1/events", { key: dashKeys.skTest })).body.items).toEqual([]);
    expectError(await call("POST", "/api/v1/events", { key: other.skLive, body: { chartKey: "no-workspace-has-this" } }), 404, "chart_not_found");
    expect(await state()).toEqual(before);
  });

  it("does not stop another workspace from creating its own chart under the same key", async () => {
    const { chartKey } = await ownedChart();
    const other = await newWorkspace("Other");
    expectOk(await call("POST", "/api/v1/charts", { key: other.skTest, body: { name: "Their own", chartKey } }), 201);
    expect((await call("GET", `/api/v1/charts/${chartKey}`, { key: other.skLive })).body.name).toBe("Their own");
  });
});

const WEBHOOK_ROUTES: [method: string, path: (id: string, deliveryId: string) => string, body?: unknown][] = [
  ["GET", (id) => `/webhooks/${id}`],
  ["PATCH", (id) => `/webhooks/${id}`, { enabled: false, url: "https://attacker.example.com/hook" }],
  ["DELETE", (id) => `/webhooks/${id}`],
  ["POST", (id) => `/webhooks/${id}/rotate-secret`],
  ["POST", (id) => `/webhooks/${id}/test`],
  ["GET", (id) => `/webhooks/${id}/deliveries`],
  ["GET", (id, dlv) => `/webhooks/${id}/deliveries/${dlv}`],
  ["POST", (id, dlv) => `/webhooks/${id}/deliveries/${dlv}/replay`],
];

/** A production endpoint of a fresh workspace with one delivery (seeded in D1, nothing queued), and a snapshot of both. */
async function ownedEndpoint() {
  const keys = await newWorkspace("Owner");
  const endpoint = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: "https://hooks.example.com/owner" });
  const delivery = await seedDelivery(endpoint.id);
  const state = async () => ({
    endpoint: await findEndpoint(db(env), { workspaceId: keys.workspaceId, environment: "production" }, endpoint.id),
    deliveries: await deliveriesOf(endpoint.id),
  });
  return { keys, id: endpoint.id, deliveryId: delivery.id, state, before: await state() };
}

/** The API path, or the dashboard's (which names the environment the session acts in). */
const apiPath = (path: string) => `/api/v1${path}`;
const dashPath = (path: string, environment = "production") => `/dashboard/api/${environment}${path}`;

describe("another workspace's webhook endpoint", () => {
  it.each(WEBHOOK_ROUTES)("%s /api/v1%s: 403 forbidden with either environment's secret key, and nothing changes", async (method, path, body) => {
    const { id, deliveryId, state, before } = await ownedEndpoint();
    const other = await newWorkspace("Other");
    for (const key of [other.skLive, other.skTest]) expectError(await call(method, apiPath(path(id, deliveryId)), { key, body }), 403, "forbidden");
    expect(await state()).toEqual(before);
  });

  it.each(WEBHOOK_ROUTES)(
    "%s /dashboard/api/{environment}%s: 403 forbidden to another workspace's session, and nothing changes",
    async (method, path, body) => {
      const { id, deliveryId, state, before } = await ownedEndpoint();
      const { cookie } = await signedIn();
      for (const environment of ["production", "sandbox"]) {
        const res = await call(method, dashPath(path(id, deliveryId), environment), { body, headers: { Cookie: cookie, Origin: ORIGIN } });
        expectError(res, 403, "forbidden");
      }
      expect(await state()).toEqual(before);
    },
  );

  it.each(WEBHOOK_ROUTES)("%s /api/v1%s: the same workspace's other environment, and an id no workspace has, stay 404", async (method, path, body) => {
    const { keys, id, deliveryId, state, before } = await ownedEndpoint();
    expectError(await call(method, apiPath(path(id, deliveryId)), { key: keys.skTest, body }), 404, "webhook_not_found");
    expectError(await call(method, apiPath(path("wh_nobodyhasthis", deliveryId)), { key: keys.skLive, body }), 404, "webhook_not_found");
    expect(await state()).toEqual(before);
  });

  it("refuses another workspace's delivery through one's own endpoint with 403, and an unknown one with 404", async () => {
    const { deliveryId, state, before } = await ownedEndpoint();
    const other: TestKeys = await newWorkspace("Other");
    const mine = await seedEndpoint({ workspaceId: other.workspaceId, environment: "production", url: "https://hooks.example.com/mine" });
    for (const [method, suffix] of [
      ["GET", ""],
      ["POST", "/replay"],
    ]) {
      expectError(await call(method, `/api/v1/webhooks/${mine.id}/deliveries/${deliveryId}${suffix}`, { key: other.skLive }), 403, "forbidden");
      expectError(await call(method, `/api/v1/webhooks/${mine.id}/deliveries/dlv_nobodyhasthis${suffix}`, { key: other.skLive }), 404, "delivery_not_found");
    }
    expect(await state()).toEqual(before);
    expect(await deliveriesOf(mine.id)).toEqual([]);
  });
});
