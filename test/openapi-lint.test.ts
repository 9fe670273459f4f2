/**
 * The rules of the OpenAPI document that generated clients depend on, checked without any tool
 * outside workerd (Redocly's full lint runs as `npm run lint:openapi`): every operation has the
 * operationId its route declares, all unique and the same as in the committed client's document
 * (a rename would rename a generated client's method); `servers` is not empty; every $ref resolves.
 */
import { describe, expect, it } from "vitest";
import committed from "../packages/client/openapi.json";
import { call } from "./support/fixtures";

type Doc = { servers?: { url: string }[]; paths: Record<string, Record<string, { operationId?: string }>> } & Record<string, unknown>;

describe("OpenAPI document lint", () => {
  it("names every operation as its route declares, uniquely, and as the committed client knows it", async () => {
    const doc = (await call<Doc>("GET", "/openapi.json")).body;
    const known = (committed as unknown as Doc).paths;
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
        const before = known[path]?.[method]?.operationId;
        if (before !== undefined) expect(op.operationId, `${method} ${path}`).toBe(before);
        ids.push(op.operationId!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names its server: the origin it was served from", async () => {
    const doc = (await call<Doc>("GET", "/openapi.json")).body;
    expect(doc.servers).toEqual([{ url: "http://service.test", description: "This deployment" }]);
  });

  it("resolves every $ref", async () => {
    const doc = (await call<Doc>("GET", "/openapi.json")).body;
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith("#/"), ref).toBe(true);
      let at: unknown = doc;
      for (const part of ref.slice(2).split("/")) at = (at as Record<string, unknown> | undefined)?.[part.replaceAll("~1", "/").replaceAll("~0", "~")];
      expect(at, ref).toBeDefined();
    }
  });

  it("documents Idempotency-Key, Idempotent-Replayed, 409 and 422 on every POST of /api/v1", async () => {
    const doc = (await call("GET", "/openapi.json")).body as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      const post = item.post;
      if (!post || !path.startsWith("/api/v1/")) continue;
      expect(
        post.parameters?.some((p) => p.name === "Idempotency-Key" && p.in === "header"),
        path,
      ).toBe(true);
      expect(Object.keys(post.responses), path).toEqual(expect.arrayContaining(["409", "422"]));
      const ok = Object.entries(post.responses).find(([s]) => s.startsWith("2"))![1];
      expect(ok.headers, path).toHaveProperty("Idempotent-Replayed");
    }
  });
});
