import { describe, expect, it } from "vitest";
import pkg from "../package.json";
import { call } from "./support/fixtures";

interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { security?: Record<string, string[]>[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, Record<string, string>>; schemas: Record<string, unknown> };
}

describe("GET /openapi.json", () => {
  it("is an OpenAPI 3.1 document with title and the server's version from package.json", async () => {
    const res = await call<OpenApiDoc>("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body.info.title).toBeTruthy();
    expect(res.body.info.version).toBe(pkg.version);
    // SDK 5.7.x and 5.8.x need a server of 1.16.0 or later (docs/api.md#versioning).
    const [major, minor] = res.body.info.version.split(".").map(Number);
    expect(major > 1 || (major === 1 && minor >= 16)).toBe(true);
  });

  it("declares the ApiKey security scheme (header X-Api-Key) and the operator bearer scheme", async () => {
    const { body } = await call<OpenApiDoc>("GET", "/openapi.json");
    expect(body.components.securitySchemes.ApiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-Api-Key" });
    expect(body.components.securitySchemes.AdminToken).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("documents the operator routes with the error envelope", async () => {
    const { body } = await call<OpenApiDoc>("GET", "/openapi.json");
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(["/admin/v1/workspaces", "/admin/v1/workspaces/{workspaceKey}", "/admin/v1/workspaces/{workspaceKey}/secret-keys/{environment}"]),
    );
    const create = body.paths["/admin/v1/workspaces"].post;
    expect(create.security).toEqual([{ AdminToken: [] }]);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "401"]));
    expect(body.components.schemas).toHaveProperty("Error");
  });

  it("documents every resource, each under its versioned prefix", async () => {
    const { body } = await call<OpenApiDoc>("GET", "/openapi.json");
    const paths = Object.keys(body.paths);
    for (const path of paths) expect(path).toMatch(/^\/(api\/v1|admin\/v1|sdk)(\/|$)/);
    for (const prefix of ["/api/v1/charts", "/api/v1/events", "/api/v1/webhooks", "/admin/v1/workspaces"]) {
      expect(
        paths.some((p) => p.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it("marks the public API with the ApiKey scheme", async () => {
    const { body } = await call<OpenApiDoc>("GET", "/openapi.json");
    const docSecurity = (body as unknown as { security?: unknown }).security;
    for (const [path, item] of Object.entries(body.paths)) {
      if (!path.startsWith("/api/v1/")) continue;
      for (const op of Object.values(item)) expect(op.security ?? docSecurity, path).toEqual([{ ApiKey: [] }]);
    }
  });
});

describe("GET /docs", () => {
  it("serves a self-contained HTML page that loads nothing from another origin", async () => {
    const res = await call<string>("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/i);
    // No external script, stylesheet, font or image: the page must work offline.
    expect(html).not.toMatch(/<script[^>]+src="(?!\/docs\/)/i);
    expect(html).not.toMatch(/<link[^>]+href="(?!data:)/i);
    expect(html).not.toMatch(/url\(\s*['"]?https?:/i);
    expect(html).not.toMatch(/https?:\/\/(?!service\.test)/);
  });

  it("runs no inline script: its one script is a file of its own origin, which reads /openapi.json", async () => {
    const res = await call<string>("GET", "/docs");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i);
    const script = await call<string>("GET", "/docs/reference.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/text\/javascript/);
    expect(script.body).toContain("/openapi.json");
    expect(script.body).toContain("operationId");
  });

  it("links every guide", async () => {
    const html = (await call<string>("GET", "/docs")).body;
    for (const guide of ["api", "events", "charts", "channels", "seasons", "webhooks", "sdk", "deploy"]) expect(html).toContain(`href="/docs/guides/${guide}"`);
  });
});

describe("GET /docs/guides", () => {
  it("lists the guides, each linked to its page", async () => {
    const res = await call<string>("GET", "/docs/guides");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.body).toContain('href="/docs/guides/overview"');
    expect(res.body).toContain('href="/docs/guides/selling-rules"');
    expect(res.body).toContain("Selling rules");
  });

  it("serves a guide rendered from its Markdown, with GitHub's heading anchors and links between guides", async () => {
    const res = await call<string>("GET", "/docs/guides/channels");
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1 id="channels">Channels</h1>');
    expect(res.body).toContain('<h2 id="rules">');
    expect(res.body).toMatch(/href="\/docs\/guides\/events#general-admission"/);
    // The rule the guide states, in words a reader of the repository finds too.
    expect(res.body).toContain("not_in_channel");
  });

  it("sends no script and allows none", async () => {
    for (const path of ["/docs/guides", "/docs/guides/overview", "/docs/guides/webhooks"]) {
      const res = await call<string>("GET", path);
      expect(res.body, path).not.toMatch(/<script/i);
      expect(res.headers.get("content-security-policy"), path).toMatch(/^default-src 'none'/);
      expect(res.headers.get("content-security-policy"), path).not.toMatch(/script-src/);
      // Links may lead elsewhere; nothing is loaded from there.
      expect(res.body, path).not.toMatch(/<(img|iframe|object|embed)\b|<link(?![^>]*href="data:)/i);
    }
  });

  it("answers an unknown guide with the 404 envelope", async () => {
    const res = await call("GET", "/docs/guides/no-such-guide");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: "not_found" });
  });
});

describe("the OpenAPI document and the rate limit", () => {
  it("documents 429 with the error envelope on every /api/v1 operation (all of them are rate limited)", async () => {
    const doc = (await call("GET", "/openapi.json")).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/api/v1/"))
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ what: `${method.toUpperCase()} ${path}`, op })));
    expect(operations.length).toBeGreaterThan(25);
    for (const { what, op } of operations)
      expect(op.responses["429"], what).toMatchObject({ content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
  });
});

describe("charts in the OpenAPI document", () => {
  it("lists every chart route with the Layout and Chart schemas", async () => {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      "/api/v1/charts",
      "/api/v1/charts/{chartKey}",
      "/api/v1/charts/{chartKey}/draft",
      "/api/v1/charts/{chartKey}/published",
      "/api/v1/charts/{chartKey}/publish",
      "/api/v1/charts/{chartKey}/publish-check",
      "/api/v1/charts/{chartKey}/unpublish",
    ]) {
      expect(paths).toContain(p);
    }
    expect(Object.keys(res.body.components.schemas)).toEqual(expect.arrayContaining(["Layout", "Chart", "ChartCreate", "ChartUpdate"]));
    const layout = res.body.components.schemas.Layout;
    expect(layout.properties).toHaveProperty("sections");
    const seats = layout.properties.sections.items.properties.rows.items.properties.seats;
    expect(seats).toMatchObject({ type: "array", items: { required: ["label", "categoryKey"] } });
  });
});
