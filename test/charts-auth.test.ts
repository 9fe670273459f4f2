import { describe, expect, it } from "vitest";
import { call, expectError, newWorkspace, type TestKeys } from "./support/fixtures";

/** Every chart route, with a body where it needs one. */
const ROUTES: [method: string, path: (chartKey: string) => string, body?: unknown][] = [
  ["POST", () => "/api/v1/charts", { name: "Hall" }],
  ["GET", () => "/api/v1/charts"],
  ["GET", (k) => `/api/v1/charts/${k}`],
  ["PATCH", (k) => `/api/v1/charts/${k}`, { name: "Renamed" }],
  ["DELETE", (k) => `/api/v1/charts/${k}`],
  ["GET", (k) => `/api/v1/charts/${k}/draft`],
  ["GET", (k) => `/api/v1/charts/${k}/published`],
  ["POST", (k) => `/api/v1/charts/${k}/publish`],
  ["GET", (k) => `/api/v1/charts/${k}/publish-check`],
  ["POST", (k) => `/api/v1/charts/${k}/unpublish`],
];

async function workspaceWithChart(): Promise<TestKeys & { chartKey: string }> {
  const keys = await newWorkspace();
  const res = await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Hall", chartKey: "hall" } });
  expect(res.status).toBe(201);
  return { ...keys, chartKey: "hall" };
}

describe("chart routes: who may call them", () => {
  it.each(ROUTES)("%s %s: publishable keys of both environments get 403 public_key_not_allowed", async (method, path, body) => {
    const k = await workspaceWithChart();
    for (const key of [k.pkLive, k.pkTest]) expectError(await call(method, path(k.chartKey), { key, body }), 403, "public_key_not_allowed");
    // Nothing changed.
    expect((await call("GET", "/api/v1/charts/hall", { key: k.skLive })).body).toMatchObject({ name: "Hall", draftVersion: 1 });
  });

  it.each(ROUTES)("%s %s: a missing, malformed or unknown key gets 401 unauthorized", async (method, path, body) => {
    const k = await workspaceWithChart();
    for (const key of [undefined, "nope", "sk_live_" + "0".repeat(32)]) expectError(await call(method, path(k.chartKey), { key, body }), 401, "unauthorized");
  });

  it.each(ROUTES.slice(2))("%s %s: another workspace's chart is 403 forbidden", async (method, path, body) => {
    const k = await workspaceWithChart();
    const other = await newWorkspace();
    for (const key of [other.skLive, other.skTest]) expectError(await call(method, path(k.chartKey), { key, body }), 403, "forbidden");
    expect((await call("GET", "/api/v1/charts/hall", { key: k.skLive })).body).toMatchObject({ name: "Hall", draftVersion: 1 });
  });

  it.each(ROUTES.slice(2))("%s %s: an unknown chart is 404 chart_not_found", async (method, path, body) => {
    const k = await workspaceWithChart();
    expectError(await call(method, path("no-such-chart"), { key: k.skTest, body }), 404, "chart_not_found");
  });

  it("secret keys of both environments see and change the same chart", async () => {
    const k = await workspaceWithChart();
    expect((await call("PATCH", "/api/v1/charts/hall", { key: k.skTest, body: { draftVersion: {} } })).body.draftVersion).toBe(2);
    const live = await call("GET", "/api/v1/charts/hall", { key: k.skLive });
    const test = await call("GET", "/api/v1/charts/hall", { key: k.skTest });
    expect(live.body).toEqual(test.body);
    expect(live.body.draftVersion).toBe(2);
    expect((await call("POST", "/api/v1/charts/hall/publish", { key: k.skLive })).body.publishedVersion).toBe(2);
    expect((await call("GET", "/api/v1/charts/hall/published", { key: k.skTest })).status).toBe(200);
    const listed = await call("GET", "/api/v1/charts", { key: k.skTest });
    expect(listed.body.items.map((c: { chartKey: string }) => c.chartKey)).toEqual(["hall"]);
  });
});
