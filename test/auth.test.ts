import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueSecretKey } from "../src/workspaces/provision";
import {
  ADMIN,
  ADMIN_TOKEN,
  call,
  ENVIRONMENTS,
  expectError,
  expectOk,
  keyFor,
  KEY_KINDS,
  newEvent,
  newWorkspace,
  smallLayout,
  type TestKeys,
} from "./support/fixtures";

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

/** Routes of every kind of authentication rule: secret-only, public-or-secret, read and write; `{e}` is an existing event. */
const PROTECTED: [string, string, unknown?][] = [
  ["GET", "/api/v1/charts"],
  ["POST", "/api/v1/charts", { name: "Some chart" }],
  ["GET", "/api/v1/charts/some-chart"],
  ["POST", "/api/v1/charts/some-chart/publish"],
  ["GET", "/api/v1/events"],
  ["POST", "/api/v1/events", { chartKey: "some-chart" }],
  ["GET", "/api/v1/events/{e}"],
  ["GET", "/api/v1/events/{e}/status"],
  ["GET", "/api/v1/events/{e}/objects"],
  ["GET", "/api/v1/events/{e}/reports"],
  ["POST", "/api/v1/events/{e}/seats/hold", { objectLabels: ["A-1-1"], holdToken: "token-123456" }],
  ["POST", "/api/v1/events/{e}/seats/book", { objectLabels: ["A-1-1"], holdToken: "token-123456" }],
  ["POST", "/api/v1/events/{e}/seats/release", { holdToken: "token-123456" }],
  ["POST", "/api/v1/events/{e}/seats/extend", { holdToken: "token-123456" }],
  ["POST", "/api/v1/events/{e}/reset"],
  ["GET", "/api/v1/webhooks"],
  ["POST", "/api/v1/webhooks", { url: "https://example.com/h", events: ["seat.held"] }],
];

const RANDOM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
function randomBody(n = 32): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => RANDOM[b % 62]).join("");
}

describe("keys", () => {
  it("a workspace has four keys with the documented prefixes", async () => {
    const keys = await newWorkspace();
    expect(keys.pkLive).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(keys.pkTest).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(keys.skLive).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(keys.skTest).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expectError(await call("GET", "/nope", { key: keys.skLive }), 404, "not_found");
  });
});

describe("authentication failures are all the same 401", () => {
  it("answers missing, malformed and unknown keys with byte-identical bodies on every route", async () => {
    const ws = await newWorkspace();
    // Event routes name an existing event: the key is refused before the event is looked up.
    const { eventKey } = await newEvent({ keys: ws });
    const body32 = ws.skTest.slice(8);
    const badHeaders: [string, Record<string, string>][] = [
      ["no header", {}],
      ["empty key", { "X-Api-Key": "" }],
      ["whitespace only", { "X-Api-Key": "   " }],
      ["no prefix, not a key", { "X-Api-Key": "garbage" }],
      ["a prefix alone", { "X-Api-Key": "pk_live_" }],
      ["a prefix and a short body", { "X-Api-Key": "pk_live_short" }],
      ["unknown prefix", { "X-Api-Key": `xk_test_${body32}` }],
      ["production spelled out", { "X-Api-Key": `sk_prod_${body32}` }],
      ["upper-case prefix", { "X-Api-Key": ws.skTest.toUpperCase() }],
      ["no prefix", { "X-Api-Key": body32 }],
      ["one character short", { "X-Api-Key": ws.skTest.slice(0, -1) }],
      ["one character long", { "X-Api-Key": `${ws.skTest}a` }],
      ["a publishable key one character short", { "X-Api-Key": ws.pkLive.slice(0, -1) }],
      ["a publishable key one character long", { "X-Api-Key": `${ws.pkLive}x` }],
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
      ["the key after Bearer in the key header", { "X-Api-Key": `Bearer ${ws.skTest}` }],
      ["the operator token as a key", { "X-Api-Key": ADMIN_TOKEN }],
    ];
    const reference = await raw("GET", "/api/v1/charts", {});
    expectError(
      { status: reference.status, headers: new Headers({ "content-type": reference.type ?? "" }), body: JSON.parse(reference.text) },
      401,
      "unauthorized",
    );
    expect(JSON.parse(reference.text)).toEqual({ statusCode: 401, error: "Unauthorized", message: expect.any(String), code: "unauthorized" });
    for (const [method, template, body] of PROTECTED) {
      const path = template.replace("{e}", eventKey);
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
    expectError(await call("POST", "/api/v1/charts", { body: { name: 1 } }), 401, "unauthorized");
    expectError(await call("POST", "/api/v1/charts", { key: `sk_test_${randomBody()}`, rawBody: "{not json" }), 401, "unauthorized");
  });

  it("accepts a well-formed key with surrounding whitespace and any header-name case", async () => {
    const ws = await newWorkspace();
    expect((await call("GET", "/api/v1/charts", { headers: { "x-api-key": ws.skTest } })).status).toBe(200);
    expect((await call("GET", "/api/v1/charts", { headers: { "X-API-KEY": ` ${ws.skLive} ` } })).status).toBe(200);
  });
});

describe("key kinds and environments", () => {
  /** The lists only a secret key may read, for each key kind and environment. */
  const rows = ["/api/v1/charts", "/api/v1/events", "/api/v1/webhooks"].flatMap((path) =>
    KEY_KINDS.flatMap((kind) => ENVIRONMENTS.map((environment) => [path, kind, environment] as const)),
  );
  it.each(rows)("GET %s with a %s %s key", async (path, kind, environment) => {
    const ws = await newWorkspace();
    const res = await call("GET", path, { key: keyFor(ws, kind, environment) });
    if (kind === "public") expectError(res, 403, "public_key_not_allowed");
    else {
      expectOk(res);
      expect(res.body.items).toEqual([]);
    }
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
      for (const [method, path, body] of ops) expectError(await call(method, path, { key: pk, body }), 403, "public_key_not_allowed");
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

  it("never shows or changes another workspace's chart: 403 forbidden", async () => {
    const [a, b] = await twoWorkspaces();
    await call("POST", "/api/v1/charts", { key: a.skLive, body: { chartKey: "private-hall", name: "A's hall", draftVersion: smallLayout() } });
    for (const key of [b.skLive, b.skTest]) {
      expectError(await call("GET", "/api/v1/charts/private-hall", { key }), 403, "forbidden");
      expectError(await call("GET", "/api/v1/charts/private-hall/draft", { key }), 403, "forbidden");
      expectError(await call("PATCH", "/api/v1/charts/private-hall", { key, body: { name: "Hijacked" } }), 403, "forbidden");
      expectError(await call("POST", "/api/v1/charts/private-hall/publish", { key }), 403, "forbidden");
      expectError(await call("DELETE", "/api/v1/charts/private-hall", { key }), 403, "forbidden");
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
    expectError(await call("POST", "/api/v1/events", { key: b.skTest, body: { chartKey: "a-only", eventKey: "b-event" } }), 403, "forbidden");
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
      expectError(await call("GET", "/api/v1/charts", { key: old }), 401, "unauthorized");
      expect((await call("GET", "/api/v1/charts", { key: fresh.secretKey })).status).toBe(200);
    }
  });

  it("rotating through the operator API has the same immediate effect, and the old key reads as a forged one", async () => {
    const ws = await newWorkspace();
    const { eventKey } = await newEvent({ keys: ws, environment: "production" });
    expect((await call("GET", "/api/v1/charts", { key: ws.skTest })).status).toBe(200);
    const rotated = await call("POST", `/admin/v1/workspaces/${ws.workspaceKey}/secret-keys/sandbox`, { headers: ADMIN });
    expect(rotated.status).toBe(201);
    const old = await call("GET", "/api/v1/charts", { key: ws.skTest });
    expectError(old, 401, "unauthorized");
    expect(old.body).toEqual((await call("GET", "/api/v1/charts", { key: `sk_test_${randomBody()}` })).body);
    expect((await call("GET", "/api/v1/charts", { key: rotated.body.secretKey })).status).toBe(200);
    // The other environment's key and the publishable keys are untouched.
    expect((await call("GET", "/api/v1/charts", { key: ws.skLive })).status).toBe(200);
    expect((await call("GET", `/api/v1/events/${eventKey}`, { key: ws.pkLive })).status).toBe(200);
  });

  it("caches publishable keys but never secret keys (a deleted key row: pk still served, sk refused)", async () => {
    const ws = await newWorkspace();
    // Publishable keys are answered 403 on charts: that still proves they authenticated.
    expectError(await call("GET", "/api/v1/charts", { key: ws.pkTest }), 403, "public_key_not_allowed");
    expect((await call("GET", "/api/v1/charts", { key: ws.skTest })).status).toBe(200);
    await env.DB.prepare("DELETE FROM api_keys WHERE workspace_id = ?").bind(ws.workspaceId).run();
    // The publishable key comes from the isolate's short cache (it cannot be rotated, so this is safe)…
    expectError(await call("GET", "/api/v1/charts", { key: ws.pkTest }), 403, "public_key_not_allowed");
    // …the secret key is looked up on every request, which is what makes rotation immediate.
    expectError(await call("GET", "/api/v1/charts", { key: ws.skTest }), 401, "unauthorized");
    // A publishable key never seen before is not in the cache and is refused.
    expectError(await call("GET", "/api/v1/charts", { key: ws.pkLive }), 401, "unauthorized");
  });
});
