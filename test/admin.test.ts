import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { resolveKey } from "../src/http/auth";
import { ADMIN as auth, ADMIN_TOKEN as TOKEN, call, ENVIRONMENTS, type Environment, expectError, expectOk, smallLayout } from "./support/fixtures";

/** Calls the operator API with the configured token. */
function admin(method: string, path: string, body?: unknown, headers: Record<string, string> = auth) {
  return call(method, `/admin/v1${path}`, { body, headers });
}

async function newWs(name = "Operator test") {
  const res = await admin("POST", "/workspaces", { name });
  expect(res.status).toBe(201);
  return res.body as { workspaceKey: string; name: string; createdAt: string; publicKeys: { production: string; sandbox: string } };
}

describe("operator API: workspaces", () => {
  it("creates a workspace with both publishable keys", async () => {
    const ws = await newWs("Grand Theatre");
    expect(ws.name).toBe("Grand Theatre");
    expect(ws.workspaceKey).toMatch(/^ws_/);
    expect(new Date(ws.createdAt).toISOString()).toBe(ws.createdAt);
    expect(ws.publicKeys.production).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(ws.publicKeys.sandbox).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(Object.keys(ws).sort()).toEqual(["createdAt", "name", "publicKeys", "workspaceKey"]);
  });

  it("reads a workspace back with the same publishable keys and no secret key", async () => {
    const ws = await newWs();
    await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/production`);
    const res = await admin("GET", `/workspaces/${ws.workspaceKey}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(ws);
    expect(JSON.stringify(res.body)).not.toMatch(/sk_(live|test)_/);
  });

  it("answers 404 workspace_not_found for an unknown workspace", async () => {
    expectError(await admin("GET", "/workspaces/ws_doesnotexist"), 404, "workspace_not_found");
    expectError(await admin("POST", "/workspaces/ws_doesnotexist/secret-keys/sandbox"), 404, "workspace_not_found");
  });

  it.each([
    ["too short", { name: "ab" }],
    ["too long", { name: "x".repeat(256) }],
    ["missing", {}],
    ["not a string", { name: 42 }],
  ])("refuses a name that is %s with 400 validation_failed", async (_, body) => {
    const res = await admin("POST", "/workspaces", body);
    expectError(res, 400, "validation_failed");
    expect(res.body.errors).toHaveProperty("name");
  });

  it("accepts names of exactly 3 and 255 characters", async () => {
    expect((await admin("POST", "/workspaces", { name: "abc" })).status).toBe(201);
    expect((await admin("POST", "/workspaces", { name: "y".repeat(255) })).status).toBe(201);
  });
});

describe("operator API: secret keys", () => {
  it("issues a secret key per environment, which authenticates", async () => {
    const ws = await newWs();
    for (const [environment, prefix] of [
      ["production", "sk_live_"],
      ["sandbox", "sk_test_"],
    ] as const) {
      const res = await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/${environment}`);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ environment, secretKey: expect.stringMatching(/^sk_(live|test)_[0-9A-Za-z]{32}$/), createdAt: expect.any(String) });
      expect(res.body.secretKey.startsWith(prefix)).toBe(true);
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
      // The key is known at once.
      expectOk(await call("GET", "/api/v1/charts", { key: res.body.secretKey }));
    }
  });

  it("rotates: the previous key fails on the very next request", async () => {
    const ws = await newWs();
    const first = (await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/sandbox`)).body.secretKey;
    expect(await resolveKey(env, first)).toMatchObject({ kind: "secret", environment: "sandbox" });
    const second = (await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/sandbox`)).body.secretKey;
    expect(second).not.toBe(first);
    expect(await resolveKey(env, first)).toBeNull();
    expect(await resolveKey(env, second)).toMatchObject({ kind: "secret", environment: "sandbox" });
    // Rotating one environment leaves the other environment's secret key alone.
    const live = (await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/production`)).body.secretKey;
    await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/sandbox`);
    expect(await resolveKey(env, live)).toMatchObject({ kind: "secret", environment: "production" });
  });

  it("refuses an environment other than production or sandbox with 400", async () => {
    const ws = await newWs();
    for (const environment of ["live", "test", "staging", "PRODUCTION"]) {
      const res = await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/${environment}`);
      expectError(res, 400, "validation_failed");
      expect(res.body.errors).toHaveProperty("environment");
    }
  });

  it("gives a workspace keys that work across the API; a rotation cuts the old key off at once, like a forged one", async () => {
    const ws = await newWs("Rotation ws");
    const issued = {} as Record<Environment, string>;
    for (const environment of ENVIRONMENTS)
      issued[environment] = (await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/${environment}`)).body.secretKey;
    // Charts are workspace-wide: made with the production key, published with the sandbox key.
    expectOk(await call("POST", "/api/v1/charts", { key: issued.production, body: { name: "Op chart", chartKey: "op", draftVersion: smallLayout() } }), 201);
    expectOk(await call("POST", "/api/v1/charts/op/publish", { key: issued.sandbox }));
    expectOk(await call("POST", "/api/v1/events", { key: issued.production, body: { chartKey: "op", eventKey: "op-ev" } }), 201);
    expectOk(await call("GET", "/api/v1/events/op-ev/status", { key: ws.publicKeys.production }));

    const rotated = await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/production`);
    expect(rotated.status).toBe(201);
    expect(rotated.body.secretKey).not.toBe(issued.production);
    expectError(await call("GET", "/api/v1/events/op-ev", { key: issued.production }), 401, "unauthorized");
    const old = await call("GET", "/api/v1/charts", { key: issued.production });
    expectError(old, 401, "unauthorized");
    expect(old.body).toEqual((await call("GET", "/api/v1/charts", { key: "sk_live_" + "Z".repeat(32) })).body);
    expectOk(await call("GET", "/api/v1/events/op-ev", { key: rotated.body.secretKey }));
    // The other environment's key and the publishable keys are untouched.
    expectOk(await call("GET", "/api/v1/charts", { key: issued.sandbox }));
    expectOk(await call("GET", "/api/v1/events/op-ev", { key: ws.publicKeys.production }));
  });
});

describe("operator API: authorisation", () => {
  const routes: [string, string][] = [
    ["POST", "/workspaces"],
    ["GET", "/workspaces/ws_x"],
    ["POST", "/workspaces/ws_x/secret-keys/sandbox"],
  ];
  const badHeaders: [string, Record<string, string>][] = [
    ["no Authorization header", {}],
    ["a wrong token", { Authorization: "Bearer wrong-token" }],
    ["the token with one character more", { Authorization: `Bearer ${TOKEN}x` }],
    ["the token without Bearer", { Authorization: TOKEN }],
    ["Basic scheme", { Authorization: `Basic ${btoa(`admin:${TOKEN}`)}` }],
    ["an empty bearer", { Authorization: "Bearer " }],
    ["the token as an API key", { "X-Api-Key": TOKEN }],
  ];
  for (const [method, path] of routes) {
    it.each(badHeaders)(`${method} ${path} with %s is 401 unauthorized`, async (_, headers) => {
      expectError(await admin(method, path, method === "POST" && path === "/workspaces" ? { name: "Nope nope" } : undefined, headers), 401, "unauthorized");
    });
  }

  it("does not accept an API key in place of the operator token", async () => {
    const ws = await newWs();
    const sk = (await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/production`)).body.secretKey;
    expectError(await admin("GET", `/workspaces/${ws.workspaceKey}`, undefined, { Authorization: `Bearer ${sk}`, "X-Api-Key": sk }), 401, "unauthorized");
  });

  it("accepts the scheme name case-insensitively", async () => {
    const res = await admin("POST", "/workspaces", { name: "Case test" }, { Authorization: `bearer ${TOKEN}` });
    expect(res.status).toBe(201);
  });
});

describe("operator API switched off (no ADMIN_TOKEN)", () => {
  /** Runs a request through a fresh app with the token removed from the bindings. */
  async function withoutToken(method: string, path: string, headers: Record<string, string>, token: string | undefined) {
    const ctx = createExecutionContext();
    const req = new Request(`http://service.test${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...headers },
      body: method === "POST" ? JSON.stringify({ name: "Hidden ws" }) : undefined,
    });
    const res = await createApp().fetch(req, { ...env, ADMIN_TOKEN: token }, ctx);
    await waitOnExecutionContext(ctx);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  }

  for (const token of [undefined, ""]) {
    it.each([
      ["POST", "/admin/v1/workspaces"],
      ["GET", "/admin/v1/workspaces/ws_x"],
      ["POST", "/admin/v1/workspaces/ws_x/secret-keys/production"],
      ["GET", "/admin/v1/unknown"],
      ["GET", "/admin/v1"],
      ["DELETE", "/admin/v1/workspaces"],
    ])(`${JSON.stringify(token)} token: %s %s is 404 not_found`, async (method, path) => {
      for (const headers of [
        {} as Record<string, string>,
        { Authorization: "Bearer " },
        { Authorization: "Bearer anything" },
        { Authorization: `Bearer ${TOKEN}` },
      ]) {
        expectError(await withoutToken(method, path, headers, token), 404, "not_found");
      }
    });
  }

  it("answers normally through the same path when the token is set", async () => {
    const res = await withoutToken("POST", "/admin/v1/workspaces", auth, TOKEN);
    expect(res.status).toBe(201);
  });
});

describe("no plaintext key in D1", () => {
  it("stores only hashes: no pk_/sk_ string in any text column of workspaces or api_keys", async () => {
    const ws = await newWs("Plaintext scan");
    const keys = [ws.publicKeys.production, ws.publicKeys.sandbox];
    for (const environment of ["production", "sandbox", "sandbox"]) {
      keys.push((await admin("POST", `/workspaces/${ws.workspaceKey}/secret-keys/${environment}`)).body.secretKey);
    }
    for (const table of ["workspaces", "api_keys"]) {
      const { results } = await env.DB.prepare(`SELECT * FROM ${table}`).all<Record<string, unknown>>();
      expect(results.length).toBeGreaterThan(0);
      for (const row of results) {
        for (const value of Object.values(row)) {
          if (typeof value !== "string") continue;
          expect(value).not.toMatch(/(pk|sk)_(live|test)_/);
          for (const key of keys) {
            expect(value).not.toContain(key);
            // Neither half of a key either, in case it were stored split or without its prefix.
            expect(value).not.toContain(key.slice(8));
          }
        }
      }
    }
  });
});
