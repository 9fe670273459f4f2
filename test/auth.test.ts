import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueSecretKey } from "../src/workspaces/provision";
import { call, keyFor, newWorkspace, smallLayout, type TestKeys } from "./support/fixtures";

/** A raw answer: status, content type and the exact body text, for byte-for-byte comparison. */
async function raw(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  const res = await exports.default.fetch(new Request(`http://service.test${path}`, init));
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

/** Routes of every kind of authentication rule: secret-only, public-or-secret, read and write. */
const PROTECTED: [string, string, unknown?][] = [
  ["GET", "/api/v1/charts"],
  ["POST", "/api/v1/charts", { name: "Some chart" }],
  ["GET", "/api/v1/charts/some-chart"],
  ["POST", "/api/v1/events", { chartKey: "some-chart" }],
  ["GET", "/api/v1/events/some-event"],
  ["GET", "/api/v1/events/some-event/status"],
  ["POST", "/api/v1/events/some-event/seats/hold", { objectLabels: ["A-1-1"], holdToken: "token-123456" }],
  ["POST", "/api/v1/events/some-event/seats/book", { objectLabels: ["A-1-1"], holdToken: "token-123456" }],
  ["GET", "/api/v1/webhooks"],
];

const RANDOM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomBody(n = 32): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => RANDOM[b % 62]).join("");
}

describe("authentication failures are all the same 401", () => {
  it("answers missing, malformed and unknown keys with byte-identical bodies on every route", async () => {
    const ws = await newWorkspace();
    const body32 = ws.skTest.slice(8);
    const badHeaders: [string, Record<string, string>][] = [
      ["no header", {}],
      ["empty key", { "X-Api-Key": "" }],
      ["whitespace only", { "X-Api-Key": "   " }],
      ["unknown prefix", { "X-Api-Key": `xk_test_${body32}` }],
      ["production spelled out", { "X-Api-Key": `sk_prod_${body32}` }],
      ["upper-case prefix", { "X-Api-Key": ws.skTest.toUpperCase() }],
      ["no prefix", { "X-Api-Key": body32 }],
      ["one character short", { "X-Api-Key": ws.skTest.slice(0, -1) }],
      ["one character long", { "X-Api-Key": `${ws.skTest}a` }],
      ["a dash inside", { "X-Api-Key": `sk_test_${body32.slice(0, 31)}-` }],
      ["a space inside", { "X-Api-Key": `sk_test_${body32.slice(0, 16)} ${body32.slice(17)}` }],
      ["base64 characters", { "X-Api-Key": `sk_test_${body32.slice(0, 30)}+/` }],
      ["a tab inside", { "X-Api-Key": `sk_test_${body32.slice(0, 16)}\t${body32.slice(17)}` }],
      ["percent-encoded", { "X-Api-Key": encodeURIComponent(`sk_test_${body32}`).replace(/_/g, "%5F") }],
      ["two keys", { "X-Api-Key": `${ws.skTest},${ws.skLive}` }],
      ["unknown secret key", { "X-Api-Key": `sk_test_${randomBody()}` }],
      ["unknown live secret key", { "X-Api-Key": `sk_live_${randomBody()}` }],
      ["unknown publishable key", { "X-Api-Key": `pk_test_${randomBody()}` }],
      ["unknown live publishable key", { "X-Api-Key": `pk_live_${randomBody()}` }],
      ["a publishable key relabelled secret", { "X-Api-Key": `sk_test_${ws.pkTest.slice(8)}` }],
      ["a secret key relabelled publishable", { "X-Api-Key": `pk_test_${ws.skTest.slice(8)}` }],
      ["a test key relabelled live", { "X-Api-Key": `sk_live_${ws.skTest.slice(8)}` }],
      ["the key as a bearer token", { Authorization: `Bearer ${ws.skTest}` }],
      ["the operator token as a key", { "X-Api-Key": (env as unknown as Env).ADMIN_TOKEN ?? "x" }],
    ];
    const reference = await raw("GET", "/api/v1/charts", {});
    expect(reference.status).toBe(401);
    expect(reference.type).toMatch(/^application\/json/);
    expect(JSON.parse(reference.text)).toEqual({ statusCode: 401, error: "Unauthorized", message: expect.any(String), code: "unauthorized" });
    for (const [method, path, body] of PROTECTED) {
      for (const [what, headers] of badHeaders) {
        const res = await raw(method, path, headers, body);
        expect({ what, method, path, status: res.status, type: res.type, text: res.text }).toEqual({
          what,
          method,
          path,
          status: 401,
          type: reference.type,
          text: reference.text,
        });
        // The answer never echoes what was sent.
        if (headers["X-Api-Key"]) expect(res.text).not.toContain(headers["X-Api-Key"].trim() || "\u0000");
      }
    }
  });

  it("checks the key before the body: an unauthenticated invalid body is 401, not 400", async () => {
    const res = await call("POST", "/api/v1/charts", { body: { name: 1 } });
    expect(res.status).toBe(401);
    const bad = await call("POST", "/api/v1/charts", { key: `sk_test_${randomBody()}`, rawBody: "{not json" });
    expect(bad.status).toBe(401);
  });

  it("accepts a well-formed key with surrounding whitespace and any header-name case", async () => {
    const ws = await newWorkspace();
    expect((await call("GET", "/api/v1/charts", { headers: { "x-api-key": ws.skTest } })).status).toBe(200);
    expect((await call("GET", "/api/v1/charts", { headers: { "X-API-KEY": ` ${ws.skLive} ` } })).status).toBe(200);
  });
});

describe("key kinds and environments", () => {
  const rows: ["public" | "secret", "production" | "sandbox", number][] = [
    ["public", "production", 403],
    ["public", "sandbox", 403],
    ["secret", "production", 200],
    ["secret", "sandbox", 200],
  ];
  it.each(rows)("a %s %s key on the secret-only chart list answers %i", async (kind, environment, status) => {
    const ws = await newWorkspace();
    const res = await call("GET", "/api/v1/charts", { key: keyFor(ws, kind, environment) });
    expect(res.status).toBe(status);
    if (status === 403) expect(res.body).toMatchObject({ statusCode: 403, code: "public_key_not_allowed" });
  });

  it("refuses publishable keys on every chart operation, before any change", async () => {
    const ws = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: ws.skTest, body: { chartKey: "pk-probe", name: "Probe", draftVersion: smallLayout() } });
    const ops: [string, string, unknown?][] = [
      ["POST", "/api/v1/charts", { name: "By public key" }],
      ["GET", "/api/v1/charts/pk-probe"],
      ["PATCH", "/api/v1/charts/pk-probe", { name: "Renamed by pk" }],
      ["POST", "/api/v1/charts/pk-probe/publish"],
      ["GET", "/api/v1/charts/pk-probe/publish-check"],
      ["POST", "/api/v1/charts/pk-probe/unpublish"],
      ["GET", "/api/v1/charts/pk-probe/draft"],
      ["DELETE", "/api/v1/charts/pk-probe"],
    ];
    for (const pk of [ws.pkTest, ws.pkLive]) {
      for (const [method, path, body] of ops) {
        const res = await call(method, path, { key: pk, body });
        expect({ method, path, status: res.status, code: res.body.code }).toEqual({ method, path, status: 403, code: "public_key_not_allowed" });
      }
    }
    const after = await call("GET", "/api/v1/charts/pk-probe", { key: ws.skLive });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ name: "Probe", publishedVersion: null });
    expect((await call("GET", "/api/v1/charts", { key: ws.skTest })).body.items).toHaveLength(1);
  });

  it("shares charts across environments: a chart made with sk_test is the same chart for sk_live", async () => {
    const ws = await newWorkspace();
    const made = await call("POST", "/api/v1/charts", { key: ws.skTest, body: { chartKey: "shared", name: "Shared chart" } });
    expect(made.status).toBe(201);
    const renamed = await call("PATCH", "/api/v1/charts/shared", { key: ws.skLive, body: { name: "Renamed live" } });
    expect(renamed.status).toBe(200);
    const seen = await call("GET", "/api/v1/charts/shared", { key: ws.skTest });
    expect(seen.body.name).toBe("Renamed live");
  });
});

describe("workspace scoping", () => {
  async function twoWorkspaces(): Promise<[TestKeys, TestKeys]> {
    return [await newWorkspace("Workspace A"), await newWorkspace("Workspace B")];
  }

  it("never shows or changes another workspace's chart", async () => {
    const [a, b] = await twoWorkspaces();
    await call("POST", "/api/v1/charts", { key: a.skLive, body: { chartKey: "private-hall", name: "A's hall", draftVersion: smallLayout() } });
    for (const key of [b.skLive, b.skTest]) {
      expect((await call("GET", "/api/v1/charts/private-hall", { key })).status).toBe(404);
      expect((await call("GET", "/api/v1/charts/private-hall/draft", { key })).status).toBe(404);
      expect((await call("PATCH", "/api/v1/charts/private-hall", { key, body: { name: "Hijacked" } })).status).toBe(404);
      expect((await call("POST", "/api/v1/charts/private-hall/publish", { key })).status).toBe(404);
      expect((await call("DELETE", "/api/v1/charts/private-hall", { key })).status).toBe(404);
      expect((await call("GET", "/api/v1/charts", { key })).body.items).toEqual([]);
    }
    const mine = await call("GET", "/api/v1/charts/private-hall", { key: a.skTest });
    expect(mine.body).toMatchObject({ name: "A's hall", publishedVersion: null });
  });

  it("lets two workspaces use the same chart key independently", async () => {
    const [a, b] = await twoWorkspaces();
    expect((await call("POST", "/api/v1/charts", { key: a.skTest, body: { chartKey: "main", name: "Main of A" } })).status).toBe(201);
    expect((await call("POST", "/api/v1/charts", { key: b.skTest, body: { chartKey: "main", name: "Main of B" } })).status).toBe(201);
    expect((await call("GET", "/api/v1/charts/main", { key: a.skLive })).body.name).toBe("Main of A");
    expect((await call("GET", "/api/v1/charts/main", { key: b.skLive })).body.name).toBe("Main of B");
  });

  it("cannot bind an event to another workspace's chart", async () => {
    const [a, b] = await twoWorkspaces();
    await call("POST", "/api/v1/charts", { key: a.skTest, body: { chartKey: "a-only", name: "A only", draftVersion: smallLayout() } });
    await call("POST", "/api/v1/charts/a-only/publish", { key: a.skTest });
    const res = await call("POST", "/api/v1/events", { key: b.skTest, body: { chartKey: "a-only", eventKey: "b-event" } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("chart_not_found");
  });
});

describe("rotation and caching", () => {
  it("a rotated secret key fails on the very next request, even right after a successful one", async () => {
    const ws = await newWorkspace();
    for (const environment of ["sandbox", "production"] as const) {
      const old = keyFor(ws, "secret", environment);
      // Warm every cache there might be.
      for (let i = 0; i < 3; i++) expect((await call("GET", "/api/v1/charts", { key: old })).status).toBe(200);
      const fresh = await issueSecretKey(env, ws.workspaceId, environment);
      const after = await call("GET", "/api/v1/charts", { key: old });
      expect(after.status).toBe(401);
      expect(after.body.code).toBe("unauthorized");
      expect((await call("GET", "/api/v1/charts", { key: fresh.secretKey })).status).toBe(200);
    }
  });

  it("rotating through the operator API has the same immediate effect", async () => {
    const ws = await newWorkspace();
    const token = (env as unknown as Env).ADMIN_TOKEN ?? "";
    expect((await call("GET", "/api/v1/charts", { key: ws.skTest })).status).toBe(200);
    const rotated = await call("POST", `/admin/v1/workspaces/${ws.workspaceKey}/secret-keys/sandbox`, { headers: { Authorization: `Bearer ${token}` } });
    expect(rotated.status).toBe(201);
    expect((await call("GET", "/api/v1/charts", { key: ws.skTest })).status).toBe(401);
    expect((await call("GET", "/api/v1/charts", { key: rotated.body.secretKey })).status).toBe(200);
    // The other environment's key is untouched.
    expect((await call("GET", "/api/v1/charts", { key: ws.skLive })).status).toBe(200);
  });

  it("caches publishable keys but never secret keys (a deleted key row: pk still served, sk refused)", async () => {
    const ws = await newWorkspace();
    // Publishable keys are answered 403 on charts: that still proves they authenticated.
    expect((await call("GET", "/api/v1/charts", { key: ws.pkTest })).status).toBe(403);
    expect((await call("GET", "/api/v1/charts", { key: ws.skTest })).status).toBe(200);
    await env.DB.prepare("DELETE FROM api_keys WHERE workspace_id = ?").bind(ws.workspaceId).run();
    // The publishable key comes from the isolate's short cache (it cannot be rotated, so this is safe)…
    expect((await call("GET", "/api/v1/charts", { key: ws.pkTest })).status).toBe(403);
    // …the secret key is looked up on every request, which is what makes rotation immediate.
    expect((await call("GET", "/api/v1/charts", { key: ws.skTest })).status).toBe(401);
    // A publishable key never seen before is not in the cache and is refused.
    expect((await call("GET", "/api/v1/charts", { key: ws.pkLive })).status).toBe(401);
  });
});
