import { describe, expect, it } from "vitest";
import { call, expectError, expectOk, ISO, keyFor, newReceiver, newWorkspace } from "./support/fixtures";

const URL_OK = "https://hooks.example.com/seats";

async function register(key: string, body: Record<string, unknown> = {}) {
  return call("POST", "/api/v1/webhooks", { key, body: { url: URL_OK, events: ["seat.held", "seat.booked"], description: "back office", ...body } });
}

describe("webhook endpoints: happy paths", () => {
  it("registers an endpoint and shows its secret only at registration", async () => {
    const keys = await newWorkspace();
    const res = await register(keys.skLive);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ url: URL_OK, events: ["seat.held", "seat.booked"], description: "back office", enabled: true, environment: "production" });
    expect(res.body.id).toMatch(/^wh_/);
    expect(res.body.secret).toMatch(/^whsec_[0-9A-Za-z]{32,}$/);
    expect(res.body.createdAt).toMatch(ISO);

    const got = await call("GET", `/api/v1/webhooks/${res.body.id}`, { key: keys.skLive });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: res.body.id, url: URL_OK });
    expect(got.body).not.toHaveProperty("secret");
    const list = await call("GET", "/api/v1/webhooks", { key: keys.skLive });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).not.toHaveProperty("secret");
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
    // The description is optional.
    const plain = await call("POST", "/api/v1/webhooks", { key: keys.skLive, body: { url: "https://hooks.example.com/b", events: ["seat.released"] } });
    expectOk(plain, 201);
    expect(plain.body).toMatchObject({ environment: "production", enabled: true, events: ["seat.released"] });
  });

  it("updates url, events, description and enabled; a URL change keeps the secret", async () => {
    const keys = await newWorkspace();
    const { body: ep } = await register(keys.skTest);
    const patched = await call("PATCH", `/api/v1/webhooks/${ep.id}`, {
      key: keys.skTest,
      body: { url: "https://other.example.org/hook", events: ["seat.released"], description: "new", enabled: false },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id: ep.id,
      url: "https://other.example.org/hook",
      events: ["seat.released"],
      description: "new",
      enabled: false,
      environment: "sandbox",
    });
    expect(patched.body).not.toHaveProperty("secret");
    // The secret is unchanged: a rotation is the only way to change it, and it shows the old one is gone.
    const rotated = await call("POST", `/api/v1/webhooks/${ep.id}/rotate-secret`, { key: keys.skTest });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ id: ep.id, secret: expect.stringMatching(/^whsec_/) });
    expect(rotated.body.secret).not.toBe(ep.secret);
  });

  it("deletes an endpoint, which every route then answers 404 webhook_not_found", async () => {
    const keys = await newWorkspace();
    const { body: ep } = await register(keys.skLive);
    expect(await call("DELETE", `/api/v1/webhooks/${ep.id}`, { key: keys.skLive })).toMatchObject({ status: 200, body: { id: ep.id, deleted: true } });
    for (const [method, suffix, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { enabled: true }],
      ["DELETE", "", undefined],
      ["POST", "/rotate-secret", undefined],
      ["POST", "/test", undefined],
      ["GET", "/deliveries", undefined],
      ["POST", "/deliveries/dlv_x/replay", undefined],
    ] as [string, string, unknown][]) {
      expectError(await call(method, `/api/v1/webhooks/${ep.id}${suffix}`, { key: keys.skLive, body }), 404, "webhook_not_found");
    }
  });

  it("queues a test delivery and lists it in the delivery log", async () => {
    const keys = await newWorkspace();
    const { body: ep } = await register(keys.skLive, { url: newReceiver().url });
    const res = await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skLive });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ deliveryId: expect.stringMatching(/^dlv_/), eventId: expect.stringMatching(/^evt_/), status: "pending" });
    const log = await call("GET", `/api/v1/webhooks/${ep.id}/deliveries`, { key: keys.skLive });
    expect(log.status).toBe(200);
    expect(log.body.items[0]).toMatchObject({
      id: res.body.deliveryId,
      eventId: res.body.eventId,
      type: "webhook.test",
      attempts: expect.any(Number),
      createdAt: expect.any(String),
    });
    expect(["pending", "succeeded", "failed"]).toContain(log.body.items[0].status);
  });
});

describe("webhook endpoints: validation", () => {
  it.each([
    // The test config sets WEBHOOK_ALLOW_PRIVATE_URLS=true, so http:// and loopback pass here;
    // the default policy is covered by webhook-url-policy.test.ts.
    [{ url: "ftp://example.com/hook" }, "url"],
    [{ url: "https://[fd00::1]/hook" }, "url"],
    [{ url: "https://10.1.2.3/" }, "url"],
    [{ url: "https://172.20.0.1/a" }, "url"],
    [{ url: "https://192.168.1.10/a" }, "url"],
    [{ url: "https://169.254.169.254/" }, "url"],
    [{ url: "https://user:pw@example.com/" }, "url"],
    [{ url: "not a url" }, "url"],
    [{ events: [] }, "events"],
    [{ events: ["seat.exploded"] }, "events.0"],
    [{ events: "seat.held" }, "events"],
    [{ description: 42 }, "description"],
  ])("refuses %j with errors.%s", async (patch, field) => {
    const keys = await newWorkspace();
    const res = await register(keys.skLive, patch);
    expectError(res, 400, "validation_failed");
    expect(res.body.errors).toHaveProperty([field]);
    expect((await call("GET", "/api/v1/webhooks", { key: keys.skLive })).body.items).toEqual([]);
  });

  it("refuses a body without url or events, a non-JSON body and an empty PATCH", async () => {
    const keys = await newWorkspace();
    expectError(await call("POST", "/api/v1/webhooks", { key: keys.skLive, body: { events: ["seat.held"] } }), 400, "validation_failed");
    expectError(await call("POST", "/api/v1/webhooks", { key: keys.skLive, body: { url: URL_OK } }), 400, "validation_failed");
    expectError(await call("POST", "/api/v1/webhooks", { key: keys.skLive, rawBody: "{nope" }), 400, "validation_failed");
    const { body: ep } = await register(keys.skLive);
    expectError(await call("PATCH", `/api/v1/webhooks/${ep.id}`, { key: keys.skLive, body: {} }), 400, "validation_failed");
    for (const url of ["https://169.254.169.254/", "https://10.0.0.1/x"]) {
      const res = await call("PATCH", `/api/v1/webhooks/${ep.id}`, { key: keys.skLive, body: { url } });
      expectError(res, 400, "validation_failed");
      expect(res.body.errors.url).toEqual(expect.any(Array));
    }
    expectError(await call("PATCH", `/api/v1/webhooks/${ep.id}`, { key: keys.skLive, body: { enabled: "yes" } }), 400, "validation_failed");
  });

  it("admits a loopback http URL because the test config sets WEBHOOK_ALLOW_PRIVATE_URLS=true", async () => {
    const keys = await newWorkspace();
    expect((await register(keys.skLive, { url: "http://127.0.0.1:9/hook" })).status).toBe(201);
    expectError(await register(keys.skLive, { url: "http://192.168.0.1/hook" }), 400, "validation_failed");
  });
});

describe("webhook endpoints: security", () => {
  it("requires a key", async () => {
    expectError(await call("GET", "/api/v1/webhooks"), 401, "unauthorized");
  });

  it.each(["production", "sandbox"] as const)("refuses publishable keys (%s) on every route", async (environment) => {
    const keys = await newWorkspace();
    const { body: ep } = await register(keyFor(keys, "secret", environment));
    const pk = keyFor(keys, "public", environment);
    const routes: Array<[string, string, unknown?]> = [
      ["POST", "/api/v1/webhooks", { url: URL_OK, events: ["seat.held"] }],
      ["GET", "/api/v1/webhooks"],
      ["GET", `/api/v1/webhooks/${ep.id}`],
      ["PATCH", `/api/v1/webhooks/${ep.id}`, { enabled: false }],
      ["DELETE", `/api/v1/webhooks/${ep.id}`],
      ["POST", `/api/v1/webhooks/${ep.id}/rotate-secret`],
      ["POST", `/api/v1/webhooks/${ep.id}/test`],
      ["GET", `/api/v1/webhooks/${ep.id}/deliveries`],
      ["POST", `/api/v1/webhooks/${ep.id}/deliveries/dlv_x/replay`],
    ];
    for (const [method, path, body] of routes) expectError(await call(method, path, { key: pk, body }), 403, "public_key_not_allowed");
  });

  // The other environment finds nothing (keys never cross environments); another workspace is told
  // it may not (docs/api.md#authentication-and-keys). test/workspace-isolation.test.ts has every route.
  it.each([
    ["the other environment", async (keys: Awaited<ReturnType<typeof newWorkspace>>) => keys.skTest, 404, "webhook_not_found"] as const,
    ["another workspace", async () => (await newWorkspace()).skLive, 403, "forbidden"] as const,
  ])("keeps an endpoint from %s", async (_name, otherKey, status, code) => {
    const keys = await newWorkspace();
    const { body: ep } = await register(keys.skLive);
    const key = await otherKey(keys);
    const routes: Array<[string, string, unknown?]> = [
      ["GET", `/api/v1/webhooks/${ep.id}`],
      ["PATCH", `/api/v1/webhooks/${ep.id}`, { enabled: false }],
      ["DELETE", `/api/v1/webhooks/${ep.id}`],
      ["POST", `/api/v1/webhooks/${ep.id}/rotate-secret`],
      ["POST", `/api/v1/webhooks/${ep.id}/test`],
      ["GET", `/api/v1/webhooks/${ep.id}/deliveries`],
    ];
    for (const [method, path, body] of routes) expectError(await call(method, path, { key, body }), status, code);
    expect((await call("GET", "/api/v1/webhooks", { key })).body.items).toEqual([]);
    // Still intact for its owner.
    expect(await call("GET", `/api/v1/webhooks/${ep.id}`, { key: keys.skLive })).toMatchObject({ status: 200, body: { enabled: true } });
  });

  it("does not replay a delivery through another endpoint", async () => {
    const keys = await newWorkspace();
    const { body: a } = await register(keys.skLive, { url: newReceiver().url });
    const { body: b } = await register(keys.skLive, { url: newReceiver().url });
    const t = await call("POST", `/api/v1/webhooks/${a.id}/test`, { key: keys.skLive });
    expectError(await call("POST", `/api/v1/webhooks/${b.id}/deliveries/${t.body.deliveryId}/replay`, { key: keys.skLive }), 404, "delivery_not_found");
    expectError(await call("POST", `/api/v1/webhooks/${a.id}/deliveries/dlv_missing/replay`, { key: keys.skLive }), 404, "delivery_not_found");
  });
});

describe("webhook endpoints: OpenAPI", () => {
  it("documents every webhook route", async () => {
    const doc = await call("GET", "/openapi.json");
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    for (const p of [
      "/api/v1/webhooks",
      "/api/v1/webhooks/{id}",
      "/api/v1/webhooks/{id}/rotate-secret",
      "/api/v1/webhooks/{id}/test",
      "/api/v1/webhooks/{id}/deliveries",
      "/api/v1/webhooks/{id}/deliveries/{deliveryId}/replay",
    ]) {
      expect(paths).toContain(p);
    }
  });
});
