import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  ADMIN_TOKEN,
  api,
  call,
  type CallResult,
  type EventFixture,
  expectError,
  expectOk,
  newEvent,
  newWorkspace,
  send,
  token,
} from "./support/fixtures";

/**
 * Garbage in, never a 500 and never a bare text out: arbitrary requests, fuzzed bodies and query
 * strings at every route, hostile path segments and very large bodies. Every failure is the error
 * envelope. The event is a production one, so that the sandbox rate limit does not cut the runs short.
 */

/** Below 500, and the error envelope whenever it is a failure. */
function expectSane(res: CallResult<unknown>): void {
  expect(res.status, `${res.request} -> ${res.status} ${JSON.stringify(res.body)}`.slice(0, 500)).toBeLessThan(500);
  if (res.status >= 400) expectError(res, res.status);
}

/** The requests of `attempts` whose answers are not sane, as readable lines. */
async function insane(attempts: Promise<CallResult>[]): Promise<string[]> {
  const failures: string[] = [];
  for (const res of await Promise.all(attempts)) {
    try {
      expectSane(res);
    } catch {
      failures.push(`${res.request} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
  }
  return failures;
}

let f: EventFixture;
beforeAll(async () => {
  f = await newEvent({ environment: "production" });
});

describe("arbitrary requests", () => {
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

  it("answer JSON and never a 5xx; every failure is the envelope", async () => {
    const keyChoice = fc.constantFrom(undefined, f.keys.skTest, f.keys.pkTest, f.keys.skLive, "sk_test_garbage");
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
          if (admin) headers.Authorization = `Bearer ${ADMIN_TOKEN}`;
          const res = await send(new Request(`http://service.test${p}`, { method, headers, body: method === "GET" ? undefined : b }));
          expect(res.status, `${method} ${p}`).toBeLessThan(500);
          expect(res.headers.get("content-type"), `${method} ${p}`).toMatch(/^application\/json/);
          expect(typeof res.body, `${method} ${p}: ${String(res.body).slice(0, 100)}`).toBe("object");
          if (res.status >= 400) expectError(res, res.status);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("fuzzed input at every route", () => {
  const RAW_BODIES = [
    "",
    "{",
    "}",
    "nul",
    "null",
    "true",
    "123",
    '"string"',
    "[]",
    "[1,2,3]",
    '{"a":',
    '{"a":1}garbage',
    "\u0000",
    "\uFEFF{}",
    "{'single':'quotes'}",
    "NaN",
    "Infinity",
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    "[".repeat(5000) + "]".repeat(5000),
    '{"objectLabels":' + "[".repeat(2000) + "]".repeat(2000) + "}",
  ];
  const TYPED_BODIES: unknown[] = [
    {},
    { objectLabels: null },
    { objectLabels: [null] },
    { objectLabels: [1, 2] },
    { objectLabels: [{}], holdToken: {} },
    { objectLabels: ["A-1-1"], holdToken: ["x".repeat(10)] },
    { objectLabels: ["A-1-1"], holdToken: "x".repeat(100_000) },
    { objectLabels: ["x".repeat(100_000)], holdToken: token() },
    { objectLabels: ["A-1-1"], holdToken: token(), ttlSeconds: 1e308 },
    { objectLabels: ["A-1-1"], holdToken: token(), ttlSeconds: 1e-300 },
    { objectLabels: ["A-1-1"], holdToken: token(), extraData: { deep: JSON.parse("[".repeat(500) + "]".repeat(500)) } },
    { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: 1e20 },
    { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: Number.MAX_SAFE_INTEGER + 2 },
    { objectLabels: ["Floor"], holdToken: token(), objectType: "GA", quantity: 1 },
    { objectLabels: ["A-1-1"], holdToken: token(), objectType: "seat" },
    { name: null, draftVersion: null },
    { name: "abc", draftVersion: { sections: "x" } },
    { name: "abc", draftVersion: { categories: [{ key: null }] } },
    { name: "abc", draftVersion: { sections: [{ key: "A", label: "A", rows: [{ label: "1", seats: [{ label: "s", categoryKey: "nope" }] }] }] } },
    {
      name: "abc",
      draftVersion: { generalAdmission: [{ label: "G", categoryKey: "c", capacity: 1e300 }], categories: [{ key: "c", label: "c", color: "#fff" }] },
    },
    { chartKey: ["x"], eventKey: {} },
    { chartKey: "x".repeat(10_000) },
    { url: { href: "https://x" }, events: "seat.held" },
    { url: "https://hooks.example.com/x", events: [null] },
    { url: "javascript:alert(1)", events: ["seat.held"] },
    { url: "https://" + "a".repeat(5000) + ".com/", events: ["seat.held"] },
    { enabled: "yes" },
    { holdToken: null, objectLabels: null },
  ];

  it("bodies at every POST and PATCH route", async () => {
    const ep = (await call("POST", "/api/v1/webhooks", { key: f.sk, body: { url: "https://hooks.example.com/a", events: ["seat.held"] } })).body.id;
    const e = f.eventKey;
    const routes: [string, string, string | undefined][] = [
      ["POST", "/api/v1/charts", f.sk],
      ["PATCH", `/api/v1/charts/${f.chartKey}`, f.sk],
      ["POST", "/api/v1/events", f.sk],
      ["POST", `/api/v1/events/${e}/seats/hold`, f.pk],
      ["POST", `/api/v1/events/${e}/seats/hold`, f.sk],
      ["POST", `/api/v1/events/${e}/seats/book`, f.sk],
      ["POST", `/api/v1/events/${e}/seats/release`, f.pk],
      ["POST", `/api/v1/events/${e}/seats/release`, f.sk],
      ["POST", `/api/v1/events/${e}/seats/extend`, f.sk],
      ["POST", `/api/v1/events/${e}/seats/not-for-sale`, f.sk],
      ["POST", `/api/v1/events/${e}/seats/for-sale`, f.sk],
      ["POST", "/api/v1/webhooks", f.sk],
      ["PATCH", `/api/v1/webhooks/${ep}`, f.sk],
      ["POST", "/admin/v1/workspaces", undefined],
    ];
    const failures: string[] = [];
    for (const [method, path, key] of routes) {
      const headers = key === undefined ? ADMIN : {};
      const attempts: Promise<CallResult>[] = [];
      for (const rawBody of RAW_BODIES) attempts.push(call(method, path, { key, rawBody, headers }));
      for (const body of TYPED_BODIES) attempts.push(call(method, path, { key, body, headers }));
      // Content types that are not JSON.
      for (const ct of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json; charset=utf-16",
        "application/xml",
      ])
        attempts.push(
          call(method, path, { key, rawBody: '{"name":"abcd","objectLabels":["A-1-1"],"holdToken":"12345678"}', headers: { ...headers, "Content-Type": ct } }),
        );
      attempts.push(call(method, path, { key, headers }));
      failures.push(...(await insane(attempts)));
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("query strings at every GET route, and a garbage force on publish", async () => {
    const queries = [
      ...["", "abc", "-1", "0", "1e400", "1&limit=2"].map((v) => `?limit=${v}`),
      "?limit[]=1",
      ...["", "c1.!!!", "%", "%E0%A4%A", "x".repeat(5000)].map((v) => `?cursor=${v}`),
      ...["", ",,,,", "%ZZ", "%", "%E0%A4%A", encodeURIComponent("a\u0000b"), "x".repeat(20_000)].map((v) => `?labels=${v}`),
      ...["", "%", "%ZZ", "a&holdToken=b"].map((v) => `?holdToken=${v}`),
      "?holdToken[]=abc",
      ...["maybe", "", "%"].map((v) => `?force=${v}`),
      "?%=%",
      "?&&&=&",
    ];
    const paths = [
      "/api/v1/charts",
      `/api/v1/charts/${f.chartKey}`,
      `/api/v1/charts/${f.chartKey}/draft`,
      `/api/v1/charts/${f.chartKey}/published`,
      `/api/v1/charts/${f.chartKey}/publish-check`,
      "/api/v1/events",
      `/api/v1/events/${f.eventKey}`,
      `/api/v1/events/${f.eventKey}/status`,
      `/api/v1/events/${f.eventKey}/objects`,
      `/api/v1/events/${f.eventKey}/reports`,
      "/api/v1/webhooks",
    ];
    const failures: string[] = [];
    for (const p of paths) failures.push(...(await insane(queries.map((q) => call("GET", p + q, { key: f.sk })))));
    for (const q of ["?force=maybe", "?force=%", "?force=1"])
      failures.push(...(await insane([call("POST", `/api/v1/charts/${f.chartKey}/publish${q}`, { key: f.sk })])));
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("hostile path segments answer the envelope, never a 500", async () => {
    const segments = ["%", "%ZZ", "%E0%A4%A", "%00", "a%2Fb", "..", "x".repeat(5000), "%F0%9F%98%80", "ä", " ", "%20", "a.b", "-", "__proto__", "constructor"];
    const templates: [string, string, unknown][] = [
      ["GET", "/api/v1/events/{s}", undefined],
      ["GET", "/api/v1/events/{s}/status", undefined],
      ["POST", "/api/v1/events/{s}/seats/hold", { objectLabels: ["A-1-1"], holdToken: token() }],
      ["GET", "/api/v1/charts/{s}", undefined],
      ["POST", "/api/v1/charts/{s}/publish", undefined],
      ["GET", "/api/v1/webhooks/{s}", undefined],
      ["GET", "/sdk/{s}/seating.js", undefined],
      ["GET", "/admin/v1/workspaces/{s}", undefined],
    ];
    const failures: string[] = [];
    for (const s of segments)
      for (const [method, template, body] of templates)
        failures.push(...(await insane([call(method, template.replace("{s}", s), { key: f.sk, body, headers: ADMIN })])));
    expect(failures, failures.join("\n")).toEqual([]);
  });
});

describe("very large bodies", () => {
  it("a 300 KB extraData is refused with the envelope, not a 500", async () => {
    expectSane(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token(), extraData: { blob: "x".repeat(300_000) } }));
  });

  it("a chart of 100,000 seats in a single row is created, published and held on", async () => {
    const keys = await newWorkspace();
    const seats = Array.from({ length: 100_000 }, (_, i) => ({ label: `S-${i}`, categoryKey: "c" }));
    const layout = {
      categories: [{ key: "c", label: "C", color: "#abc" }],
      sections: [{ key: "S", label: "S", rows: [{ label: "1", seats }] }],
      generalAdmission: [],
    };
    expectOk(await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Huge", chartKey: "huge", draftVersion: layout } }), 201);
    expectOk(await call("POST", "/api/v1/charts/huge/publish", { key: keys.skLive }));
    expectOk(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey: "huge", eventKey: "huge-ev" } }), 201);
    expectOk(await call("POST", "/api/v1/events/huge-ev/seats/hold", { key: keys.pkLive, body: { objectLabels: ["S-99999"], holdToken: token() } }));
  }, 120_000);
});
