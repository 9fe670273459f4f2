import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { call, newWorkspace, smallLayout, type TestKeys } from "./support/fixtures";

const ENVELOPE_KEYS = ["statusCode", "error", "message", "code", "failed", "errors"];

/** Asserts the interface.md error envelope with the given status and code. */
function expectEnvelope(res: { status: number; headers: Headers; body: unknown }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  const body = res.body as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: status, code, error: expect.any(String), message: expect.any(String) });
  for (const k of Object.keys(body)) expect(ENVELOPE_KEYS).toContain(k);
}

let ws: TestKeys;
beforeAll(async () => {
  ws = await newWorkspace("Errors");
});

describe("unknown routes", () => {
  it.each([
    ["GET", "/nope"],
    ["GET", "/api"],
    ["GET", "/api/v1"],
    ["GET", "/api/v1/"],
    ["GET", "/api/v1/nope"],
    ["GET", "/api/v2/charts"],
    ["POST", "/api/v1/charts/a/b/c/d"],
    ["GET", "/admin"],
    ["GET", "/favicon.ico"],
    ["POST", "/nope"],
    ["DELETE", "/"],
  ])("%s %s is 404 not_found", async (method, path) => {
    const res = await call(method, path, { key: ws.skTest });
    expectEnvelope(res, 404, "not_found");
  });

  it("answers an unknown operator route with the token as 404 not_found", async () => {
    const res = await call("GET", "/admin/v1/nope", { headers: { Authorization: `Bearer ${(env as unknown as Env).ADMIN_TOKEN}` } });
    expectEnvelope(res, 404, "not_found");
  });

  it.each([
    ["PUT", "/api/v1/charts"],
    ["DELETE", "/api/v1/charts"],
    ["PUT", "/api/v1/charts/some-chart"],
    ["GET", "/api/v1/charts/some-chart/publish"],
    ["PUT", "/api/v1/events/some-event"],
    ["GET", "/api/v1/events/some-event/seats/hold"],
    ["PATCH", "/admin/v1/workspaces"],
  ])("an unsupported method (%s %s) gets the JSON envelope, never a bare text", async (method, path) => {
    const res = await call(method, path, { key: ws.skTest, headers: { Authorization: `Bearer ${(env as unknown as Env).ADMIN_TOKEN}` } });
    expect([404, 405]).toContain(res.status);
    expectEnvelope(res, res.status, res.status === 405 ? "method_not_allowed" : "not_found");
  });
});

describe("request bodies", () => {
  it.each([["{"], ['{"name": "abc",}'], ["{name: 'abc'}"], ["nul"], ['{"name": "ab'], [""]])("malformed JSON %j is 400 validation_failed", async (rawBody) => {
    const res = await call("POST", "/api/v1/charts", { key: ws.skTest, rawBody });
    expectEnvelope(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors ?? {}).length).toBeGreaterThan(0);
  });

  it.each([["[]"], ['"a string"'], ["42"], ["null"], ["true"], ['[{"name":"abc"}]']])(
    "a body of the wrong type (%s) is 400 with errors.body",
    async (rawBody) => {
      for (const [path, key] of [
        ["/api/v1/charts", ws.skTest],
        ["/api/v1/events/some-event/seats/hold", ws.pkTest],
      ]) {
        const res = await call("POST", path, { key, rawBody });
        expectEnvelope(res, 400, "validation_failed");
        expect(res.body.errors).toHaveProperty("body");
      }
    },
  );

  it.each([
    ["text/plain", '{"name":"Plain text"}'],
    ["application/x-www-form-urlencoded", "name=Form+body"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMultipart\r\n--x--'],
    ["application/xml", "<name>XML</name>"],
  ])("a %s body is refused with the envelope (not a 500)", async (contentType, rawBody) => {
    const res = await call("POST", "/api/v1/charts", { key: ws.skTest, rawBody, headers: { "Content-Type": contentType } });
    expect([400, 415]).toContain(res.status);
    expectEnvelope(res, res.status, res.status === 415 ? "unsupported_media_type" : "validation_failed");
  });

  it("refuses a JSON body sent without a Content-Type header (not a 500)", async () => {
    const res = await exports.default.fetch(
      new Request("http://service.test/api/v1/charts", {
        method: "POST",
        headers: { "X-Api-Key": ws.skTest },
        body: new TextEncoder().encode('{"name":"No type"}'),
      }),
    );
    expect([400, 415]).toContain(res.status);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("accepts application/json with a charset", async () => {
    const res = await call("POST", "/api/v1/charts", {
      key: ws.skTest,
      rawBody: JSON.stringify({ name: "With charset" }),
      headers: { "Content-Type": "application/json; charset=utf-8" },
    });
    expect(res.status).toBe(201);
  });
});

describe("validation failures name their paths", () => {
  it("maps each failing property to its messages, nested paths dotted", async () => {
    const layout = smallLayout(3);
    layout.sections[0].rows[0].seats[2].categoryKey = "nope";
    (layout.generalAdmission[0] as { capacity: number }).capacity = 0;
    const res = await call("POST", "/api/v1/charts", { key: ws.skTest, body: { name: "ab", draftVersion: layout } });
    expectEnvelope(res, 400, "validation_failed");
    const errors = res.body.errors as Record<string, string[]>;
    expect(errors.name?.length).toBeGreaterThan(0);
    expect(errors["draftVersion.generalAdmission.0.capacity"]?.length).toBeGreaterThan(0);
    for (const messages of Object.values(errors)) for (const m of messages) expect(typeof m).toBe("string");
  });

  it("reports cross-object layout rules at the offending element", async () => {
    const layout = smallLayout(3);
    layout.sections[0].rows[0].seats[2].categoryKey = "nope";
    const res = await call("POST", "/api/v1/charts", { key: ws.skTest, body: { name: "Valid name", draftVersion: layout } });
    expectEnvelope(res, 400, "validation_failed");
    expect(res.body.errors).toHaveProperty(["draftVersion.sections.0.rows.0.seats.2.categoryKey"]);
  });

  it("validates query parameters and path parameters the same way", async () => {
    const q = await call("GET", "/api/v1/charts?limit=abc", { key: ws.skTest });
    expectEnvelope(q, 400, "validation_failed");
    expect(q.body.errors).toHaveProperty("limit");
    const p = await call("POST", `/admin/v1/workspaces/${ws.workspaceKey}/secret-keys/staging`, {
      headers: { Authorization: `Bearer ${(env as unknown as Env).ADMIN_TOKEN}` },
    });
    expectEnvelope(p, 400, "validation_failed");
    expect(p.body.errors).toHaveProperty("environment");
  });

  it("answers a missing required field with its name", async () => {
    const res = await call("POST", "/api/v1/events/some-event/seats/hold", { key: ws.pkTest, body: { holdToken: "token-123456" } });
    expectEnvelope(res, 400, "validation_failed");
    expect(res.body.errors).toHaveProperty("objectLabels");
  });
});

describe("every answer is JSON", () => {
  /** Routes that are pages or files by design, not API answers. */
  // Judged on the path the Worker sees: URL parsing folds `/..` and `/.` into `/`, the HTML demo page.
  const NON_API = (path: string) => {
    const seen = new URL(`http://service.test${path}`).pathname;
    return seen === "/" || seen.startsWith("/docs") || seen.startsWith("/sdk/");
  };

  const segment = fc.oneof(
    fc.constantFrom(
      "api",
      "v1",
      "v2",
      "admin",
      "charts",
      "events",
      "webhooks",
      "workspaces",
      "seats",
      "hold",
      "book",
      "release",
      "status",
      "publish",
      "secret-keys",
      "sandbox",
      "x",
    ),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
    fc.constantFrom("%00", "%2F", "..", ".", "%E0%A4%A", "%ZZ", "a%20b", "🙂"),
  );
  const path = fc.oneof(
    fc.array(segment, { minLength: 1, maxLength: 6 }).map((s) => `/${s.join("/")}`),
    fc
      .tuple(
        fc.constantFrom("/api/v1/charts", "/api/v1/events/ev", "/api/v1/events/ev/seats/hold", "/api/v1/webhooks", "/admin/v1/workspaces"),
        fc.array(segment, { maxLength: 2 }),
        fc.string({ maxLength: 10 }),
      )
      .map(([p, s, q]) => `${p}${s.length ? `/${s.join("/")}` : ""}?${encodeURIComponent(q)}=${encodeURIComponent(q)}`),
  );
  const body = fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 40 }),
  );
  const contentType = fc.constantFrom(undefined, "application/json", "text/plain", "application/json; charset=utf-8");

  it("answers arbitrary requests with JSON and never a 5xx", async () => {
    const token = (env as unknown as Env).ADMIN_TOKEN ?? "";
    const keyChoice = fc.constantFrom(undefined, ws.skTest, ws.pkTest, ws.skLive, "sk_test_garbage");
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PATCH", "DELETE", "PUT"),
        path,
        body,
        contentType,
        keyChoice,
        fc.boolean(),
        async (method, p, b, type, key, admin) => {
          if (NON_API(p)) return;
          const headers: Record<string, string> = {};
          if (type) headers["Content-Type"] = type;
          if (key) headers["X-Api-Key"] = key;
          if (admin) headers.Authorization = `Bearer ${token}`;
          const res = await exports.default.fetch(new Request(`http://service.test${p}`, { method, headers, body: method === "GET" ? undefined : b }));
          const text = await res.text();
          expect(res.status, `${method} ${p}`).toBeLessThan(500);
          expect(res.headers.get("content-type"), `${method} ${p}`).toMatch(/^application\/json/);
          expect(() => JSON.parse(text), `${method} ${p}`).not.toThrow();
        },
      ),
      { numRuns: 300 },
    );
  });
});
