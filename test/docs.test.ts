import { describe, expect, it } from "vitest";
import { call } from "./helpers";

interface OpenApiDoc {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { security?: Record<string, string[]>[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, Record<string, string>>; schemas: Record<string, unknown> };
}

describe("GET /openapi.json", () => {
  it("is an OpenAPI 3.1 document with title and version 1.0.0", async () => {
    const res = await call<OpenApiDoc>("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body.info.title).toBeTruthy();
    expect(res.body.info.version).toBe("1.0.0");
  });

  it("declares the ApiKey security scheme (header X-Api-Key) and the operator bearer scheme", async () => {
    const { body } = await call<OpenApiDoc>("GET", "/openapi.json");
    expect(body.components.securitySchemes.ApiKey).toMatchObject({ type: "apiKey", in: "header", name: "X-Api-Key" });
    expect(body.components.securitySchemes.AdminToken).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("documents the operator routes with the error envelope", async () => {
    const { body } = await call<OpenApiDoc>("GET", "/openapi.json");
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/admin/v1/workspaces", "/admin/v1/workspaces/{workspaceKey}", "/admin/v1/workspaces/{workspaceKey}/secret-keys/{environment}"]));
    const create = body.paths["/admin/v1/workspaces"].post;
    expect(create.security).toEqual([{ AdminToken: [] }]);
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(["201", "400", "401"]));
    expect(body.components.schemas).toHaveProperty("Error");
  });

  it("lists every public route under /api/v1 with the shared prefix", async () => {
    const { body } = await call<OpenApiDoc>("GET", "/openapi.json");
    for (const path of Object.keys(body.paths)) expect(path).toMatch(/^\/(api|admin)\/v1\//);
  });
});

describe("GET /docs", () => {
  it("serves a self-contained HTML page that loads nothing from another origin", async () => {
    const res = await call<string>("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("/openapi.json");
    // No external script, stylesheet, font or image: the page must work offline.
    expect(html).not.toMatch(/<script[^>]+src=/i);
    expect(html).not.toMatch(/<link[^>]+href="(?!data:)/i);
    expect(html).not.toMatch(/url\(\s*['"]?https?:/i);
    expect(html).not.toMatch(/https?:\/\/(?!service\.test)/);
  });
});
