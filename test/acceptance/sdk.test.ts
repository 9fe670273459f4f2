/**
 * interface.md "Versioning" rules 5-8 and contract §6/§7: the SDK bundle routes and their headers.
 */
import { describe, expect, it } from "vitest";
import { call, expectError } from "./fixtures";

describe("/sdk routes", () => {
  it("rule 6: /sdk/v5.10.0/seating.js with Cache-Control public, max-age=31536000, immutable and ACAO *", async () => {
    const res = await call("GET", "/sdk/v5.10.0/seating.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(res.headers.get("Content-Type") ?? "").toMatch(/javascript/);
    expect(typeof res.body).toBe("string");
    expect(res.body as unknown as string).toContain("Seating");
  });

  it("rule 7: /sdk/latest/seating.js with public, max-age=300 and ACAO *; same bundle as the current version", async () => {
    const res = await call("GET", "/sdk/latest/seating.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const v = await call("GET", "/sdk/v5.10.0/seating.js");
    expect(res.body).toBe(v.body);
  });

  it("rule 8: ACAO * also with an Origin header and on a preflight", async () => {
    const res = await call("GET", "/sdk/v5.10.0/seating.js", { headers: { Origin: "https://shop.example.net" } });
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const pre = await call("OPTIONS", "/sdk/latest/seating.js", { headers: { Origin: "https://shop.example.net", "Access-Control-Request-Method": "GET" } });
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("other versions and files are 404 with the JSON envelope (and ACAO *)", async () => {
    for (const p of [
      "/sdk/v5.9.0/seating.js",
      "/sdk/v5.10.1/seating.js",
      "/sdk/v6.0.0/seating.js",
      "/sdk/5.10.0/seating.js",
      "/sdk/v5.10/seating.js",
      "/sdk/LATEST/seating.js",
      "/sdk/v5.10.0/other.js",
      "/sdk/latest/seating",
      "/sdk/v5.10.0/",
      "/sdk/",
      "/sdk/v5.10.0/seating.js/extra",
    ]) {
      const res = await call("GET", p);
      expectError(res, 404, undefined, p);
      expect(res.headers.get("Access-Control-Allow-Origin"), p).toBe("*");
    }
  });

  it("object-prototype names in the version or file segment are 404, not 500", async () => {
    for (const p of [
      "/sdk/__proto__/seating.js",
      "/sdk/constructor/seating.js",
      "/sdk/toString/seating.js",
      "/sdk/v5.10.0/__proto__",
      "/sdk/latest/constructor",
      "/sdk/latest/hasOwnProperty",
    ]) {
      expectError(await call("GET", p), 404, undefined, p);
    }
  });

  it("a versioned path never changes: ETag stable across requests", async () => {
    const a = await call("GET", "/sdk/v5.10.0/seating.js");
    const b = await call("GET", "/sdk/v5.10.0/seating.js");
    expect(a.body).toBe(b.body);
    if (a.headers.get("ETag")) expect(a.headers.get("ETag")).toBe(b.headers.get("ETag"));
  });
});
