import { describe, expect, it } from "vitest";
import { api, call, expectError, newEvent } from "./support/fixtures";

/**
 * Headers every API answer carries. The API is called from buyers' browsers on any shop's origin
 * (the SDK): preflights pass, answers carry Access-Control-Allow-Origin, errors included, and the
 * SDK can read the status ETag and the server time. The SDK bundle's own CORS is in sdk.test.ts.
 */
const ORIGIN = "https://tickets.example.org";

describe("CORS on the API", () => {
  it("answers a preflight from any origin, allowing the key, JSON and revalidation headers", async () => {
    const f = await newEvent();
    const pre = await call("OPTIONS", `/api/v1/events/${f.eventKey}/seats/hold`, {
      headers: { Origin: ORIGIN, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-api-key, content-type" },
    });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get("Access-Control-Allow-Origin")).toMatch(/^(\*|https:\/\/tickets\.example\.org)$/);
    const allowed = (pre.headers.get("Access-Control-Allow-Headers") ?? "").toLowerCase();
    expect(allowed).toContain("x-api-key");
    expect(allowed).toContain("if-none-match");
  });

  it("lets a cross-origin page read answers, the status ETag and Server-Timing, and errors", async () => {
    const f = await newEvent();
    const get = await call("GET", `/api/v1/events/${f.eventKey}/status`, { key: f.pk, headers: { Origin: ORIGIN } });
    expect(get.headers.get("Access-Control-Allow-Origin")).toBeTruthy();
    const exposed = (get.headers.get("Access-Control-Expose-Headers") ?? "").toLowerCase();
    expect(exposed).toContain("etag");
    expect(exposed).toContain("server-timing");
    const refused = await call("GET", `/api/v1/events/${f.eventKey}/status`, { headers: { Origin: ORIGIN } });
    expectError(refused, 401, "unauthorized");
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBeTruthy();
  });
});

describe("Server-Timing", () => {
  it("reports the server's time on API answers, errors included, so clients can tell it from transfer time", async () => {
    const f = await newEvent();
    const timing = (res: { headers: Headers }) => res.headers.get("server-timing");
    const status = await api.status(f);
    expect(timing(status)).toMatch(/^app;dur=\d+(\.\d)?$/);
    expect(timing(await api.status(f, "?format=compact"))).toMatch(/^app;dur=\d+(\.\d)?$/);
    const refused = await call("GET", `/api/v1/events/${f.eventKey}/status`, { key: "pk_live_nope" });
    expectError(refused, 401, "unauthorized");
    expect(timing(refused)).toMatch(/^app;dur=/);
    expect(timing(await call("GET", "/api/v1/no-such-route"))).toMatch(/^app;dur=/);
  });
});
