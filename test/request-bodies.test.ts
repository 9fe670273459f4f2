import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { ADMIN, call, expectError, expectOk, newEvent, newWorkspace, type CallResult, type EventFixture } from "./support/fixtures";
import { ORIGIN, dash, signedIn } from "./support/dashboard";

/**
 * A body that is not valid JSON (cut short, empty, missing) is 400 validation_failed on every route
 * that takes JSON, at both doors (/api/v1 and /admin/v1 from the OpenAPI document, /dashboard/api
 * from the router's own table), and changes nothing. Configuration that a PUT replaces refuses
 * unknown fields by name instead of dropping them. The walks below read the routes from the
 * service itself, so a route added later is checked without anyone remembering to list it.
 */

/** Ways a JSON body arrives broken: [name, body, Content-Type]. */
const BROKEN: [name: string, body: string | undefined, contentType: string | undefined][] = [
  ["cut short", '{"maxSeatsPerToken": 2', "application/json"],
  ["cut short inside a string", '{"name": "Hal', "application/json; charset=utf-8"],
  ["empty, typed JSON", "", "application/json"],
  ["empty, untyped", "", undefined],
  ["absent", undefined, undefined],
];

/** Sends a broken body with the given headers. */
function sendBroken(method: string, path: string, body: string | undefined, contentType: string | undefined, headers: Record<string, string>) {
  const h = { ...headers, ...(contentType ? { "Content-Type": contentType } : {}) };
  // `call` adds a JSON Content-Type to any body, so an untyped one goes as raw bytes with the type set to none.
  return call(method, path, body === undefined ? { headers: h } : { rawBody: body, headers: contentType ? h : { ...h, "Content-Type": "" } });
}

/** Asserts the refusal of a broken body: 400 validation_failed with `errors.body`. */
function expectBodyRefused(res: CallResult, what: string): void {
  expectError({ ...res, request: `${res.request} (${what})` }, 400, "validation_failed");
  expect(res.body.errors, `${res.request} (${what})`).toHaveProperty("body");
}

describe("PUT selection-rules with a broken body", () => {
  const rules = { maxSeatsPerToken: 4, noOrphanSeats: true };
  const read = (f: EventFixture) => call("GET", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.sk });

  it.each(BROKEN)("through the API, a body %s is 400 and the rules stay", async (_name, body, contentType) => {
    const f = await newEvent();
    expectOk(await call("PUT", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.sk, body: rules }));
    expectBodyRefused(await sendBroken("PUT", `/api/v1/events/${f.eventKey}/selection-rules`, body, contentType, { "X-Api-Key": f.sk }), _name);
    expect((await read(f)).body).toEqual(rules);
  });

  it.each(BROKEN)("through the dashboard, a body %s is 400 and the rules stay", async (_name, body, contentType) => {
    const { keys, cookie } = await signedIn();
    const f = await newEvent({ keys });
    const path = `/dashboard/api/sandbox/events/${f.eventKey}/selection-rules`;
    expectOk(await dash(cookie, "PUT", path, rules));
    expectBodyRefused(await sendBroken("PUT", path, body, contentType, { Cookie: cookie, Origin: ORIGIN }), _name);
    expect((await read(f)).body).toEqual(rules);
  });

  it("still clears the rules with {}", async () => {
    const f = await newEvent();
    expectOk(await call("PUT", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.sk, body: rules }));
    expect((await call("PUT", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.sk, body: {} })).body).toEqual({});
    expect((await read(f)).body).toEqual({});
  });
});

describe("PUT selection-rules with an unknown field", () => {
  const rules = { maxSeatsPerToken: 4 };

  it.each([
    ["a misspelt rule", { maxSeatPerToken: 2 }, ["maxSeatPerToken"]],
    ["a known rule beside unknown ones", { maxSeatsPerToken: 2, noOrphans: true, extra: null }, ["noOrphans", "extra"]],
  ])("refuses %s with 400 naming each field, through both doors, and keeps the rules", async (_name, body, fields) => {
    const { keys, cookie } = await signedIn();
    const f = await newEvent({ keys });
    expectOk(await call("PUT", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.sk, body: rules }));
    for (const res of [
      await call("PUT", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.sk, body }),
      await dash(cookie, "PUT", `/dashboard/api/sandbox/events/${f.eventKey}/selection-rules`, body),
    ]) {
      expectError(res, 400, "validation_failed");
      expect(Object.keys(res.body.errors ?? {}).sort()).toEqual([...fields].sort());
    }
    expect((await call("GET", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.sk })).body).toEqual(rules);
  });
});

/** One operation of the OpenAPI document. */
interface Operation {
  method: string;
  path: string;
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; schema?: { enum?: string[] } }[];
  requestBody?: { content?: Record<string, unknown>; required?: boolean };
}

/** The document's operations, with the path and method of each. */
async function documentedOperations(): Promise<Operation[]> {
  const doc = await call<{ paths: Record<string, Record<string, Omit<Operation, "method" | "path">>> }>("GET", "/openapi.json");
  expectOk(doc);
  return Object.entries(doc.body.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })));
}

/** A value for each path parameter: its first enum value where it has one, else a key that names nothing. */
function fillPath(op: Operation, workspaceKey: string): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const enumValues = op.parameters?.find((p) => p.in === "path" && p.name === name)?.schema?.enum;
    if (enumValues) return enumValues[0]!;
    return name === "workspaceKey" ? workspaceKey : `walk-${name}`;
  });
}

describe("every JSON route of the OpenAPI document", () => {
  it("answers a broken body with 400 validation_failed, before looking anything up", async () => {
    const keys = await newWorkspace();
    const ops = (await documentedOperations()).filter((op) => op.requestBody?.content?.["application/json"]);
    // The walk is only worth something if it sees the routes it is meant to guard.
    expect(ops.map((op) => `${op.method} ${op.path}`)).toEqual(
      expect.arrayContaining([
        "PUT /api/v1/events/{eventKey}/selection-rules",
        "POST /api/v1/events/{eventKey}/seats/hold",
        "POST /api/v1/charts",
        "PATCH /api/v1/charts/{chartKey}",
        "PATCH /api/v1/webhooks/{id}",
        "POST /admin/v1/workspaces",
      ]),
    );
    for (const op of ops) {
      const auth = op.security?.some((s) => "AdminToken" in s) ? ADMIN : { "X-Api-Key": keys.skLive };
      // A body the document marks optional (every option has a default) may be left out; cut short, it is still refused.
      const optional = op.requestBody?.required !== true;
      for (const [name, body, contentType] of BROKEN) {
        if (optional && !body) continue;
        expectBodyRefused(await sendBroken(op.method, fillPath(op, keys.workspaceKey), body, contentType, auth), name);
      }
    }
  });

  it("reads a body nested 10,000 levels deep without a 500", async () => {
    const keys = await newWorkspace();
    const deep = '{"walk":' + "[".repeat(10_000) + "]".repeat(10_000) + "}";
    for (const op of (await documentedOperations()).filter((o) => o.requestBody?.content?.["application/json"])) {
      const auth = op.security?.some((s) => "AdminToken" in s) ? ADMIN : { "X-Api-Key": keys.skLive };
      const res = await call(op.method, fillPath(op, keys.workspaceKey), { rawBody: deep, headers: auth });
      expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
      if (res.status >= 400) expectError(res, res.status);
    }
  });

  it("leaves no POST, PUT or PATCH route of the API out of the document", async () => {
    const documented = new Set((await documentedOperations()).map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ":$1")}`));
    const routes = createApp()
      .routes.filter((r) => /^\/(api|admin)\//.test(r.path) && ["POST", "PUT", "PATCH"].includes(r.method))
      .map((r) => `${r.method} ${r.path.replace(/\/$/, "")}`);
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !documented.has(r))).toEqual([]);
  });
});

/**
 * The dashboard's data routes that take no body (their action is the path), and the one whose body
 * is optional because its only option has a default. Any other POST, PUT or PATCH under
 * /dashboard/api must refuse a broken body; a new route lands in the walk until it is listed here.
 */
const DASHBOARD_NO_BODY = new Set([
  "POST /dashboard/api/:environment/secret-key",
  "POST /dashboard/api/charts/:chartKey/unpublish",
  "POST /dashboard/api/:environment/charts/:chartKey/unpublish",
  "POST /dashboard/api/:environment/events/:eventKey/reset",
  "POST /dashboard/api/:environment/webhooks/:id/rotate-secret",
  "POST /dashboard/api/:environment/webhooks/:id/test",
  "POST /dashboard/api/:environment/webhooks/:id/deliveries/:deliveryId/replay",
]);
const DASHBOARD_OPTIONAL_BODY = new Set([
  "POST /dashboard/api/charts/:chartKey/publish",
  "POST /dashboard/api/:environment/charts/:chartKey/publish",
  "POST /dashboard/api/:environment/public-key/rotate",
]);

describe("every JSON data route of the dashboard", () => {
  it("answers a broken body with 400 validation_failed", async () => {
    const { cookie } = await signedIn();
    const routes = createApp()
      .routes.filter((r) => r.path.startsWith("/dashboard/api/") && ["POST", "PUT", "PATCH"].includes(r.method))
      .map((r) => ({ method: r.method, path: r.path.replace(/\{[^}]*\}/g, "") }));
    const withBody = routes.filter((r) => !DASHBOARD_NO_BODY.has(`${r.method} ${r.path}`));
    expect(withBody.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        "PUT /dashboard/api/:environment/events/:eventKey/selection-rules",
        "POST /dashboard/api/charts",
        "PATCH /dashboard/api/charts/:chartKey",
      ]),
    );
    for (const r of withBody) {
      const path = r.path.replace(/:(\w+)/g, (_, name: string) => (name === "environment" ? "sandbox" : `walk-${name}`));
      const optional = DASHBOARD_OPTIONAL_BODY.has(`${r.method} ${r.path}`);
      for (const [name, body, contentType] of BROKEN) {
        // An optional body may be left out; cut short, it is still refused.
        if (optional && !body) continue;
        expectBodyRefused(await sendBroken(r.method, path, body, contentType, { Cookie: cookie, Origin: ORIGIN }), name);
      }
    }
  });
});
