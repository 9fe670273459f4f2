/**
 * interface.md "Errors" and contract §6: the envelope on every failure class, no non-JSON error
 * bodies, no 500 on garbage input (fuzzed bodies, query strings and paths at every route), the
 * 404/401/403/409/429 codes, CORS on the API.
 */
import { describe, expect, it } from "vitest";
import { act, call, expectError, expectOk, mkChart, newWorkspace, smallLayout, tok, world, type CallResult } from "./fixtures";

function expectSaneFailure(res: CallResult, ctx: string): void {
  expect(res.status, `${ctx} -> ${res.status} ${JSON.stringify(res.body)}`.slice(0, 500)).toBeLessThan(500);
  if (res.status >= 400) expectError(res, res.status, undefined, ctx);
}

describe("the envelope on every failure class", () => {
  it("400, 401, 403 (three codes), 404 (four codes), 409 (five codes) all carry statusCode, error, message, code", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t }));
    expectError(await act.hold(w, { objectLabels: [], holdToken: t }), 400, "validation_failed");
    expectError(await call("GET", "/api/v1/charts"), 401, "unauthorized");
    expectError(await act.book(w, { objectLabels: ["A-1-1"], holdToken: t }, w.pk), 403, "public_key_not_allowed");
    expectError(await act.reset(w), 403, "sandbox_only");
    const other = await newWorkspace();
    expectError(await call("GET", `/api/v1/events/${w.eventKey}`, { key: other.skLive }), 403, "forbidden");
    expectError(await call("GET", "/api/v1/charts/nope", { key: w.sk }), 404, "chart_not_found");
    expectError(await call("GET", "/api/v1/events/nope", { key: w.sk }), 404, "event_not_found");
    expectError(await call("GET", "/api/v1/webhooks/nope", { key: w.sk }), 404, "webhook_not_found");
    expectError(await call("GET", "/api/v1/no-such-route", { key: w.sk }), 404, "not_found");
    expectError(await call("GET", "/no-such-route"), 404, "not_found");
    expectError(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: tok() }), 409, "seat_unavailable");
    const t2 = tok();
    expectOk(await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 50, holdToken: t2 }));
    expectError(await act.hold(w, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 1, holdToken: tok() }), 409, "ga_capacity_exceeded");
    expectError(await call("POST", "/api/v1/events", { key: w.sk, body: { chartKey: w.chartKey, eventKey: w.eventKey } }), 409, "event_exists");
    expectError(await call("DELETE", `/api/v1/charts/${w.chartKey}`, { key: w.sk }), 409, "chart_has_events");
    expectOk(await call("PATCH", `/api/v1/charts/${w.chartKey}`, { key: w.sk, body: { draftVersion: {} } }));
    expectError(await call("POST", `/api/v1/charts/${w.chartKey}/publish`, { key: w.sk }), 409, "publish_affects_reservations");
  });

  it("validation failures carry errors: { property: [messages] }", async () => {
    const w = await world();
    const res = await act.hold(w, { objectLabels: "x", holdToken: "short" });
    expectError(res, 400, "validation_failed");
    expect(res.body.errors).toBeTypeOf("object");
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(["objectLabels", "holdToken"]));
  });

  it("wrong methods on known paths answer a JSON envelope (404 or 405), never text", async () => {
    const w = await world();
    const cases: [string, string][] = [
      ["PUT", "/api/v1/charts"],
      ["DELETE", "/api/v1/charts"],
      ["GET", `/api/v1/events/${w.eventKey}/seats/hold`],
      ["PUT", `/api/v1/events/${w.eventKey}`],
      ["PATCH", `/api/v1/events/${w.eventKey}/status`],
      ["GET", `/api/v1/charts/${w.chartKey}/publish`],
      ["PUT", "/api/v1/webhooks"],
      ["POST", "/sdk/v5.10.0/seating.js"],
      ["GET", "/admin/v1/workspaces"],
    ];
    for (const [m, p] of cases) {
      const res = await call(m, p, { key: w.sk, headers: { Authorization: "Bearer test-admin-token" } });
      expect([404, 405], `${m} ${p} -> ${res.status}`).toContain(res.status);
      expectError(res, res.status, undefined, `${m} ${p}`);
    }
  });
});

describe("no 500 and no non-JSON error body on garbage input", () => {
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
    { objectLabels: ["x".repeat(100_000)], holdToken: tok() },
    { objectLabels: ["A-1-1"], holdToken: tok(), ttlSeconds: 1e308 },
    { objectLabels: ["A-1-1"], holdToken: tok(), ttlSeconds: 1e-300 },
    { objectLabels: ["A-1-1"], holdToken: tok(), extraData: { deep: JSON.parse("[".repeat(500) + "]".repeat(500)) } },
    { objectLabels: ["Floor"], holdToken: tok(), objectType: "generalAdmission", quantity: 1e20 },
    { objectLabels: ["Floor"], holdToken: tok(), objectType: "generalAdmission", quantity: Number.MAX_SAFE_INTEGER + 2 },
    { objectLabels: ["Floor"], holdToken: tok(), objectType: "GA", quantity: 1 },
    { objectLabels: ["A-1-1"], holdToken: tok(), objectType: "seat" },
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

  it("fuzzed bodies at every POST/PATCH route", async () => {
    const w = await world();
    const ep = (await call("POST", "/api/v1/webhooks", { key: w.sk, body: { url: "https://hooks.example.com/a", events: ["seat.held"] } })).body.id;
    const routes: [string, string, string][] = [
      ["POST", "/api/v1/charts", w.sk],
      ["PATCH", `/api/v1/charts/${w.chartKey}`, w.sk],
      ["POST", "/api/v1/events", w.sk],
      ["POST", `/api/v1/events/${w.eventKey}/seats/hold`, w.pk],
      ["POST", `/api/v1/events/${w.eventKey}/seats/hold`, w.sk],
      ["POST", `/api/v1/events/${w.eventKey}/seats/book`, w.sk],
      ["POST", `/api/v1/events/${w.eventKey}/seats/release`, w.pk],
      ["POST", `/api/v1/events/${w.eventKey}/seats/release`, w.sk],
      ["POST", `/api/v1/events/${w.eventKey}/seats/extend`, w.sk],
      ["POST", `/api/v1/events/${w.eventKey}/seats/not-for-sale`, w.sk],
      ["POST", `/api/v1/events/${w.eventKey}/seats/for-sale`, w.sk],
      ["POST", "/api/v1/webhooks", w.sk],
      ["PATCH", `/api/v1/webhooks/${ep}`, w.sk],
      ["POST", "/admin/v1/workspaces", ""],
    ];
    const failures: string[] = [];
    for (const [m, p, key] of routes) {
      const headers = key === "" ? { Authorization: "Bearer test-admin-token" } : undefined;
      const k = key === "" ? undefined : key;
      const attempts: { ctx: string; res: Promise<CallResult> }[] = [];
      for (const raw of RAW_BODIES)
        attempts.push({ ctx: `${m} ${p} raw ${JSON.stringify(raw.slice(0, 30))}`, res: call(m, p, { key: k, rawBody: raw, headers }) });
      for (const body of TYPED_BODIES)
        attempts.push({ ctx: `${m} ${p} body ${JSON.stringify(body).slice(0, 60)}`, res: call(m, p, { key: k, body, headers }) });
      // Content types that are not JSON.
      for (const ct of [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/json; charset=utf-16",
        "application/xml",
      ]) {
        attempts.push({
          ctx: `${m} ${p} content-type ${ct}`,
          res: call(m, p, { key: k, rawBody: '{"name":"abcd","objectLabels":["A-1-1"],"holdToken":"12345678"}', headers: { ...headers, "Content-Type": ct } }),
        });
      }
      attempts.push({ ctx: `${m} ${p} no content-type`, res: call(m, p, { key: k, headers: { ...headers } }) });
      for (const a of attempts) {
        const res = await a.res;
        try {
          expectSaneFailure(res, a.ctx);
        } catch (err) {
          failures.push(`${a.ctx} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
          void err;
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("non-JSON content types on body routes are refused 400 (or 415) with the envelope, not accepted", async () => {
    const w = await world();
    for (const ct of ["text/plain", "application/x-www-form-urlencoded"]) {
      const res = await call("POST", `/api/v1/events/${w.eventKey}/seats/hold`, {
        key: w.pk,
        rawBody: JSON.stringify({ objectLabels: ["A-1-1"], holdToken: tok() }),
        headers: { "Content-Type": ct },
      });
      expect([400, 415], `${ct} -> ${res.status}`).toContain(res.status);
      expectError(res, res.status, undefined, ct);
    }
  });

  it("fuzzed query strings at every GET route", async () => {
    const w = await world();
    const queries = [
      "?limit=",
      "?limit=abc",
      "?limit=-1",
      "?limit=0",
      "?limit=1e400",
      "?limit=1&limit=2",
      "?limit[]=1",
      "?cursor=",
      "?cursor=c1.!!!",
      "?cursor=%",
      "?cursor=%E0%A4%A",
      "?cursor=" + "x".repeat(5000),
      "?labels=",
      "?labels=,,,,",
      "?labels=%ZZ",
      "?labels=%",
      "?labels=%E0%A4%A",
      "?labels=" + encodeURIComponent("a\u0000b"),
      "?labels=" + "x".repeat(20_000),
      "?holdToken=",
      "?holdToken=%",
      "?holdToken=%ZZ",
      "?holdToken[]=abc",
      "?holdToken=a&holdToken=b",
      "?force=maybe",
      "?force=",
      "?force=%",
      "?%=%",
      "?&&&=&",
    ];
    const paths = [
      "/api/v1/charts",
      `/api/v1/charts/${w.chartKey}`,
      `/api/v1/charts/${w.chartKey}/draft`,
      `/api/v1/charts/${w.chartKey}/published`,
      `/api/v1/charts/${w.chartKey}/publish-check`,
      "/api/v1/events",
      `/api/v1/events/${w.eventKey}`,
      `/api/v1/events/${w.eventKey}/status`,
      `/api/v1/events/${w.eventKey}/objects`,
      `/api/v1/events/${w.eventKey}/reports`,
      "/api/v1/webhooks",
    ];
    const failures: string[] = [];
    for (const p of paths) {
      const results = await Promise.all(queries.map((q) => call("GET", p + q, { key: w.sk }).then((res) => ({ q, res }))));
      for (const { q, res } of results) {
        try {
          expectSaneFailure(res, `GET ${p}${q.slice(0, 40)}`);
        } catch {
          failures.push(`GET ${p}${q.slice(0, 40)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
    }
    // POST publish with a garbage force.
    for (const q of ["?force=maybe", "?force=%", "?force=1"]) {
      const res = await call("POST", `/api/v1/charts/${w.chartKey}/publish${q}`, { key: w.sk });
      try {
        expectSaneFailure(res, `publish${q}`);
      } catch {
        failures.push(`POST publish${q} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("garbage path segments answer JSON envelopes, never 500", async () => {
    const w = await world();
    const segments = ["%", "%ZZ", "%E0%A4%A", "%00", "a%2Fb", "..", "x".repeat(5000), "%F0%9F%98%80", "ä", " ", "%20", "a.b", "-", "__proto__", "constructor"];
    const failures: string[] = [];
    for (const s of segments) {
      for (const [m, tpl, body] of [
        ["GET", "/api/v1/events/{s}", undefined],
        ["GET", "/api/v1/events/{s}/status", undefined],
        ["POST", "/api/v1/events/{s}/seats/hold", { objectLabels: ["A-1-1"], holdToken: tok() }],
        ["GET", "/api/v1/charts/{s}", undefined],
        ["POST", "/api/v1/charts/{s}/publish", undefined],
        ["GET", "/api/v1/webhooks/{s}", undefined],
        ["GET", "/sdk/{s}/seating.js", undefined],
        ["GET", "/admin/v1/workspaces/{s}", undefined],
      ] as [string, string, unknown][]) {
        const p = tpl.replace("{s}", s);
        const res = await call(m, p, { key: w.sk, body, headers: { Authorization: "Bearer test-admin-token" } });
        if (res.status >= 500 || (res.status >= 400 && (typeof res.body !== "object" || res.body === null || res.body.statusCode !== res.status))) {
          failures.push(`${m} ${p.slice(0, 60)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("a large extraData and a 100,000-seat chart body do not produce a 500", async () => {
    const w = await world();
    const big = { blob: "x".repeat(300_000) };
    const res = await act.hold(w, { objectLabels: ["A-1-1"], holdToken: tok(), extraData: big });
    expectSaneFailure(res, "300 KB extraData");
    const keys = await newWorkspace();
    const seats = Array.from({ length: 100_000 }, (_, i) => ({ label: `S-${i}`, categoryKey: "c" }));
    const layout = {
      categories: [{ key: "c", label: "C", color: "#abc" }],
      sections: [{ key: "S", label: "S", rows: [{ label: "1", seats }] }],
      generalAdmission: [],
    };
    const created = await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Huge", chartKey: "huge", draftVersion: layout } });
    expectOk(created, 201, "100k chart");
    expectOk(await call("POST", "/api/v1/charts/huge/publish", { key: keys.skLive }), 200, "100k publish");
    expectOk(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey: "huge", eventKey: "huge-ev" } }), 201, "100k event");
    const h = await call("POST", "/api/v1/events/huge-ev/seats/hold", { key: keys.pkLive, body: { objectLabels: ["S-99999"], holdToken: tok() } });
    expectOk(h, 200, "hold on the 100k chart");
    void smallLayout;
  }, 120_000);
});

describe("rate limits and CORS (contract §6, §7)", () => {
  it("sandbox: at least 100 requests per 10 s accepted; beyond the limit 429 rate_limited with Retry-After; production not limited", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys);
    await call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey, eventKey: "rl" } });
    await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey: "rl" } });
    const sandbox: CallResult[] = [];
    // The limiter counts fixed windows: on a slow machine 400 requests can straddle two windows, so
    // send until the first 429, bounded in count and time.
    const deadline = Date.now() + 40_000;
    while (sandbox.length < 3000 && Date.now() < deadline && !sandbox.some((r) => r.status === 429)) {
      sandbox.push(...(await Promise.all(Array.from({ length: 25 }, () => call("GET", "/api/v1/events/rl/status", { key: keys.pkTest })))));
    }
    const firstLimited = sandbox.findIndex((r) => r.status === 429);
    expect(firstLimited === -1 || firstLimited >= 100, `limited after ${firstLimited}`).toBe(true);
    const limited = sandbox.find((r) => r.status === 429);
    expect(limited, `no 429 after ${sandbox.length} sandbox requests`).toBeDefined();
    expectError(limited!, 429, "rate_limited");
    expect(limited!.headers.get("Retry-After")).toMatch(/^\d+$/);
    const prod: CallResult[] = [];
    for (let i = 0; i < 40; i++)
      prod.push(...(await Promise.all(Array.from({ length: 10 }, () => call("GET", "/api/v1/events/rl/status", { key: keys.pkLive })))));
    expect(prod.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);
  }, 90_000);

  it("CORS: the API answers preflight and cross-origin requests from any origin", async () => {
    const w = await world();
    const pre = await call("OPTIONS", `/api/v1/events/${w.eventKey}/seats/hold`, {
      headers: { Origin: "https://tickets.example.org", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-api-key, content-type" },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get("Access-Control-Allow-Origin")).toMatch(/^(\*|https:\/\/tickets\.example\.org)$/);
    expect((pre.headers.get("Access-Control-Allow-Headers") ?? "").toLowerCase()).toContain("x-api-key");
    const get = await call("GET", `/api/v1/events/${w.eventKey}/status`, { key: w.pk, headers: { Origin: "https://tickets.example.org" } });
    expect(get.headers.get("Access-Control-Allow-Origin")).toBeTruthy();
    // A cross-origin SDK can read the status ETag and the server time, and revalidate with If-None-Match.
    expect((get.headers.get("Access-Control-Expose-Headers") ?? "").toLowerCase()).toContain("etag");
    expect((get.headers.get("Access-Control-Expose-Headers") ?? "").toLowerCase()).toContain("server-timing");
    expect((pre.headers.get("Access-Control-Allow-Headers") ?? "").toLowerCase()).toContain("if-none-match");
    const err = await call("GET", `/api/v1/events/${w.eventKey}/status`, { headers: { Origin: "https://tickets.example.org" } });
    expect(err.status).toBe(401);
    expect(err.headers.get("Access-Control-Allow-Origin"), "CORS header on error responses").toBeTruthy();
  });
});
