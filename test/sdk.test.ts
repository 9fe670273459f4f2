/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { call, expectError } from "./support/fixtures";

// The archived files as committed (sdk-archive/), to compare with what the Worker serves.
const PUBLISHED = import.meta.glob<string>("../sdk-archive/5.10.0/**/*.{js,mjs,json}", { query: "?raw", import: "default", eager: true });

// The SDK bundle's URLs: a versioned path never changes and is cached for a year, `latest` for five minutes; any origin may load it.
describe("GET /sdk/{version}/{file}", () => {
  it("serves the versioned classic-script bundle, immutable, to any origin", async () => {
    const res = await call("GET", "/sdk/v5.11.0/seating.js", { headers: { Origin: "https://tickets.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    const body = res.body as unknown as string;
    expect(body).toContain("var Seating=");
    expect(body).toContain("SeatingChart");
    // A classic <script> must not contain module syntax.
    expect(body).not.toMatch(/\bexport\s*\{/);
    expect(body).not.toContain("import.meta");
    // A versioned path never changes: the same bytes and the same tag on every request.
    const again = await call("GET", "/sdk/v5.11.0/seating.js");
    expect(again.body).toBe(res.body);
    expect(again.headers.get("etag")).toBe(res.headers.get("etag"));
  });

  it("keeps serving an earlier version exactly as it was published, bundle, parts and messages", async () => {
    const archive = "../sdk-archive/5.10.0";
    for (const file of ["seating.js", "seating.mjs", "large-map.mjs", "queue-screen.mjs", "venue.mjs", "i18n/de.json"]) {
      const res = await call("GET", `/sdk/v5.10.0/${file}`, { headers: { Origin: "https://tickets.example" } });
      expect(res.status, file).toBe(200);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
      const published = PUBLISHED[`${archive}/${file}`]!;
      expect(file.endsWith(".json") ? JSON.stringify(JSON.parse(published)) : published).toBe(text);
      const tag = res.headers.get("etag")!;
      expect((await call("GET", `/sdk/v5.10.0/${file}`, { headers: { "If-None-Match": tag } })).status).toBe(304);
    }
    expect((await call("GET", "/sdk/v5.10.0/seating.js")).body).not.toBe((await call("GET", "/sdk/v5.11.0/seating.js")).body);
    expectError(await call("GET", "/sdk/v5.10.0/nope.mjs"), 404, "not_found");
    expectError(await call("GET", "/sdk/v5.9.0/seating.js"), 404, "not_found");
  });

  it("serves latest with a five-minute cache and the same bytes", async () => {
    const latest = await call("GET", "/sdk/latest/seating.js");
    const pinned = await call("GET", "/sdk/v5.11.0/seating.js");
    expect(latest.status).toBe(200);
    expect(latest.headers.get("cache-control")).toBe("public, max-age=300");
    expect(latest.headers.get("access-control-allow-origin")).toBe("*");
    expect(latest.body).toBe(pinned.body);
  });

  it("serves the ES module build exporting SeatingChart", async () => {
    const res = await call("GET", "/sdk/v5.11.0/seating.mjs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.body as unknown as string).toMatch(/export\s*\{[^}]*as SeatingChart/);
  });

  it("serves the parts the bundles import on demand, ES modules at the version, to any origin", async () => {
    for (const part of ["large-map.mjs", "queue-screen.mjs", "venue.mjs"]) {
      const res = await call("GET", `/sdk/v5.11.0/${part}`, { headers: { Origin: "https://tickets.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      const body = res.body as unknown as string;
      expect(body).toMatch(/export\s*\{/);
      // What the part shares with the bundle it takes from the bundle of its own version, not a copy.
      expect(body).toContain('Symbol.for("seating-sdk 5.11.0")');
      expect(body).not.toContain("Seat map of {event}");
    }
    const bundle = (await call("GET", "/sdk/v5.11.0/seating.js")).body as unknown as string;
    expect(bundle).toContain("/sdk/v");
    expect(bundle).not.toContain("seating-queue-title");
    // Tables, booths, floors and zones are the venue part's (docs/tables.md).
    expect(bundle).not.toContain("seating-table-top");
  });

  it("answers a matching If-None-Match with 304", async () => {
    const first = await call("GET", "/sdk/latest/seating.js");
    const etag = first.headers.get("etag") ?? "";
    const again = await call("GET", "/sdk/latest/seating.js", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("answers HEAD with the headers", async () => {
    const res = await call("HEAD", "/sdk/v5.11.0/seating.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it.each([
    "/sdk/v5.9.0/seating.js",
    "/sdk/v5.10.1/seating.js",
    "/sdk/v6.0.0/seating.js",
    "/sdk/5.11.0/seating.js",
    "/sdk/v5.10/seating.js",
    "/sdk/LATEST/seating.js",
    "/sdk/latest/seating",
    "/sdk/v5.11.0/",
    "/sdk/v5.11.0/other.js",
    "/sdk/latest/seating.css",
    "/sdk/v5.11.0",
    "/sdk/latest/",
    "/sdk/v5.11.0/seating.js/extra",
    "/sdk/",
    "/sdk/__proto__/seating.js",
    "/sdk/constructor/seating.js",
    "/sdk/toString/seating.js",
    "/sdk/latest/__proto__",
    "/sdk/latest/constructor",
    "/sdk/latest/hasOwnProperty",
    "/sdk/v5.11.0/hasOwnProperty",
  ])("%s is 404 not_found with the envelope", async (path) => {
    const res = await call("GET", path);
    expectError(res, 404, "not_found");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers a CORS preflight", async () => {
    const res = await call("OPTIONS", "/sdk/latest/seating.js", { headers: { Origin: "https://shop.example", "Access-Control-Request-Method": "GET" } });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("keeps CORS on a 404 so a cross-origin loader can read the error", async () => {
    const res = await call("GET", "/sdk/v1.0.0/seating.js", { headers: { Origin: "https://tickets.example" } });
    expectError(res, 404, "not_found");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
  });
});

// The demo page at `/` and the config endpoint it falls back to.
describe("demo page", () => {
  it("serves HTML that loads the latest SDK and renders the seat map div", async () => {
    const res = await call("GET", "/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = res.body as unknown as string;
    expect(html).toContain('<script src="/sdk/latest/seating.js"></script>');
    expect(html).toContain('<div id="seating"></div>');
    expect(html).toContain('<script src="/demo.js"></script>');
    const script = await call<string>("GET", "/demo.js");
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(script.body).toContain("new Seating.SeatingChart(");
  });

  it("GET /demo/config names the demo event and at most a publishable key", async () => {
    const res = await call("GET", "/demo/config");
    expect(res.status).toBe(200);
    // A developer's .dev.vars may carry DEMO_PUBLIC_KEY; it is never anything but a pk_ key.
    expect(res.body.eventKey).toBe("demo-event");
    expect(res.body.publicKey === null || /^pk_(test|live)_/.test(res.body.publicKey)).toBe(true);
  });
});
