import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import pkg from "../package.json";
import { SERVER_VERSION } from "../src/http/version";
import { ADMIN, api, call, newEvent, token } from "./support/fixtures";

/**
 * The server names its version (package.json's, the one source) on every answer, in the
 * `Seats-Server-Version` header: successes, errors, unknown routes, preflights, the pages and the
 * live socket's upgrade alike, so a client (SDK 5.7.x and 5.8.x need 1.16.0 or later) can always
 * tell which server it talks to. Browsers on other origins may read it from API answers.
 */
const ORIGIN = "https://tickets.example.org";
const version = (res: { headers: Headers }) => res.headers.get("seats-server-version");

describe("Seats-Server-Version", () => {
  it("is package.json's version", () => {
    expect(SERVER_VERSION).toBe(pkg.version);
    expect(SERVER_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("is on every API answer, errors, 404s and preflights included, and browsers may read it", async () => {
    const f = await newEvent();
    const answers = [
      await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() }),
      await api.status(f),
      await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, { key: f.pk, body: { objectLabels: [], holdToken: "x" } }),
      await call("GET", `/api/v1/events/${f.eventKey}/status`),
      await call("GET", "/api/v1/events/no-such-event", { key: f.sk }),
      await call("GET", "/api/v1/no-such-route"),
      await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, { key: f.pk, rawBody: "{", headers: { Origin: ORIGIN } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 400, 401, 404, 404, 400]);
    for (const res of answers) {
      expect(version(res)).toBe(SERVER_VERSION);
      expect(res.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("seats-server-version");
    }
    const preflight = await call("OPTIONS", `/api/v1/events/${f.eventKey}/seats/hold`, {
      headers: { Origin: ORIGIN, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-api-key, content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(version(preflight)).toBe(SERVER_VERSION);
    expect(preflight.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("seats-server-version");
  });

  it("is on the pages, the documents, the SDK, the operator API and unknown paths outside the API", async () => {
    const paths: Array<[string, string, number, Record<string, string>?]> = [
      ["GET", "/", 200],
      ["GET", "/docs", 200],
      ["GET", "/openapi.json", 200],
      ["GET", "/sdk/latest/seating.js", 200],
      ["GET", "/sdk/v0.0.0/seating.js", 404],
      ["GET", "/dashboard/sign-in", 401],
      ["POST", "/dashboard/sign-out", 403],
      ["GET", "/admin/v1/workspaces/ws_nope", 404, ADMIN],
      ["GET", "/admin/v1/workspaces/ws_nope", 401],
      ["GET", "/no-such-page", 404],
      ["OPTIONS", "/dashboard/sign-in", 403],
    ];
    for (const [method, path, status, headers] of paths) {
      const res = await call(method, path, { headers });
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(version(res), `${method} ${path}`).toBe(SERVER_VERSION);
    }
  });

  it("is on the live socket's upgrade, which the event's Durable Object answers", async () => {
    const f = await newEvent();
    const res = await exports.default.fetch(
      new Request(`http://service.test/api/v1/events/${f.eventKey}/live?key=${f.pk}`, { headers: { Upgrade: "websocket" } }),
    );
    expect(res.status).toBe(101);
    expect(version(res)).toBe(SERVER_VERSION);
    const ws = res.webSocket!;
    ws.accept();
    const first = await new Promise<string>((resolve) => ws.addEventListener("message", (e) => resolve(String(e.data)), { once: true }));
    expect(JSON.parse(first)).toMatchObject({ type: "snapshot" });
    ws.close();
  });
});
