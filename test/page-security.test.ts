import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ADMIN, newEvent } from "./support/fixtures";
import { signedIn, signInLink } from "./support/dashboard";

/**
 * docs/security.md: every answer over https carries Strict-Transport-Security, and every HTML page (the
 * demo page, the API reference, the dashboard and its sign-in) a Content-Security-Policy that lets
 * no inline script run, and carries none.
 */

const ORIGIN = "https://service.test";

function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers, redirect: "manual" }));
}

/** The CSP's script sources, asserted free of inline script. */
function expectNoInlineScripts(res: Response, html: string, what: string): void {
  const csp = res.headers.get("content-security-policy");
  expect(csp, what).toBeTruthy();
  const directives = new Map(
    csp!
      .split(";")
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...values]) => [name, values]),
  );
  const scripts = directives.get("script-src") ?? directives.get("default-src") ?? [];
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(directives.has("script-src") || directives.get("default-src")?.includes("'none'"), what).toBe(true);
  // Every <script> of the page is a file: an inline one would not run under this policy anyway.
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) expect(tag, what).toMatch(/\bsrc=/);
  expect(html, what).not.toMatch(/\son[a-z]+\s*=\s*["']/i);
}

describe("Strict-Transport-Security", () => {
  it("is on every answer over https: API successes and errors, preflights, pages, the SDK, the operator API, unknown routes", async () => {
    const f = await newEvent();
    const answers = [
      await get(`/api/v1/events/${f.eventKey}`, { "X-Api-Key": f.pk }),
      await get(`/api/v1/events/${f.eventKey}`, { "X-Api-Key": "nope" }),
      await get(`/api/v1/events/${f.eventKey}`, { Origin: "https://shop.example", "Access-Control-Request-Method": "POST" }, "OPTIONS"),
      await get("/"),
      await get("/docs"),
      await get("/openapi.json"),
      await get("/sdk/latest/seating.js"),
      await get("/dashboard/sign-in"),
      await get("/admin/v1/workspaces/none", ADMIN),
      await get("/no/such/route"),
    ];
    for (const res of answers) {
      expect(res.headers.get("strict-transport-security"), `${res.status} ${res.url}`).toMatch(/^max-age=\d{7,}/);
      await res.body?.cancel();
    }
  });

  it("is not sent over plain http (local development), where browsers ignore it", async () => {
    const res = await exports.default.fetch(new Request("http://localhost:8787/docs"));
    expect(res.headers.get("strict-transport-security")).toBeNull();
    await res.body?.cancel();
  });
});

describe("Content-Security-Policy without inline scripts", () => {
  it("on the demo page and the API reference, whose scripts are files of this origin", async () => {
    for (const path of ["/", "/docs"]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expectNoInlineScripts(res, await res.text(), path);
    }
    for (const path of ["/demo.js", "/docs/reference.js"]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/javascript/);
      await res.body?.cancel();
    }
  });

  it("on the dashboard's pages: sign-in, signed out, a signed-in page, the designer, an error page", async () => {
    const { keys, cookie } = await signedIn();
    const link = await signInLink(keys.workspaceKey);
    const pages: [string, Record<string, string>][] = [
      ["/dashboard/sign-in", {}],
      [new URL(link.url).pathname + new URL(link.url).search, {}],
      ["/dashboard/signed-out", {}],
      ["/dashboard/sandbox/keys", { Cookie: cookie }],
      ["/dashboard/sandbox/events", { Cookie: cookie }],
      ["/dashboard/sandbox/events/nothing-here", { Cookie: cookie }],
    ];
    for (const [path, headers] of pages) {
      const res = await get(path, headers);
      const html = await res.text();
      if (res.headers.get("content-type")?.startsWith("text/html")) expectNoInlineScripts(res, html, path);
      else expect(res.headers.get("content-security-policy"), path).toBeTruthy();
    }
  });
});
