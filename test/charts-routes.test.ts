import { describe, expect, it } from "vitest";
import { call, expectError, expectOk, ISO, newWorkspace, smallLayout, uniqueKey } from "./support/fixtures";

describe("POST /api/v1/charts", () => {
  it("creates a chart with an empty draft at version 1", async () => {
    const k = await newWorkspace();
    const res = await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Main hall" } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Main hall", draftVersion: 1, publishedVersion: null, publishedAt: null });
    expect(res.body.chartKey).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
    expect(res.body.createdAt).toMatch(ISO);
    expect(res.body.updatedAt).toMatch(ISO);
    expect(res.body).not.toHaveProperty("id");
    const draft = await call("GET", `/api/v1/charts/${res.body.chartKey}/draft`, { key: k.skLive });
    expect(draft.status).toBe(200);
    expect(draft.body).toEqual({ categories: [], sections: [], generalAdmission: [] });
  });

  it("takes a chartKey and a draftVersion, and the draft reads back", async () => {
    const k = await newWorkspace();
    const layout = smallLayout(4);
    const res = await call("POST", "/api/v1/charts", { key: k.skTest, body: { name: "Hall", chartKey: "hall.A_1-x", draftVersion: layout } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ chartKey: "hall.A_1-x", draftVersion: 1, publishedVersion: null });
    const draft = await call("GET", "/api/v1/charts/hall.A_1-x/draft", { key: k.skTest });
    expect(draft.body).toEqual(layout);
  });

  it("answers 409 chart_exists for a duplicate chartKey, in the same workspace only", async () => {
    const k = await newWorkspace();
    const other = await newWorkspace();
    expect((await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "One", chartKey: "dup" } })).status).toBe(201);
    expectError(await call("POST", "/api/v1/charts", { key: k.skTest, body: { name: "Two", chartKey: "dup" } }), 409, "chart_exists");
    expect((await call("POST", "/api/v1/charts", { key: other.skLive, body: { name: "Three", chartKey: "dup" } })).status).toBe(201);
  });

  it.each([
    ["0 characters", "", 400],
    ["2 characters", "ab", 400],
    ["3 characters", "abc", 201],
    ["255 characters", "n".repeat(255), 201],
    ["256 characters", "n".repeat(256), 400],
  ])("name of %s → %i", async (_label, name, status) => {
    const k = await newWorkspace();
    const res = await call("POST", "/api/v1/charts", { key: k.skLive, body: { name } });
    if (status === 201) return expectOk(res, 201);
    expectError(res, 400, "validation_failed");
    expect(res.body.errors).toHaveProperty("name");
  });

  it.each([
    ["missing name", {}, "name"],
    ["numeric name", { name: 42 }, "name"],
    ["empty chartKey", { name: "abc", chartKey: "" }, "chartKey"],
    ["chartKey with a space", { name: "abc", chartKey: "a b" }, "chartKey"],
    ["chartKey with a slash", { name: "abc", chartKey: "a/b" }, "chartKey"],
    ["chartKey of 129 characters", { name: "abc", chartKey: "k".repeat(129) }, "chartKey"],
    ["draftVersion as an array", { name: "abc", draftVersion: [] }, "draftVersion"],
    ["draftVersion as a string", { name: "abc", draftVersion: "x" }, "draftVersion"],
    ["body as an array", [], "body"],
    ["body as a string", "hello", "body"],
    ["body as null", null, "body"],
  ])("%s → 400 naming %s", async (_label, body, path) => {
    const k = await newWorkspace();
    const res = await call("POST", "/api/v1/charts", { key: k.skLive, body });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors)).toContain(path);
  });

  it.each([
    ["{}", {}],
    ["three empty arrays", { categories: [], sections: [], generalAdmission: [] }],
  ])("accepts the empty layout as %s", async (_label, draftVersion) => {
    const k = await newWorkspace();
    const res = await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Empty", draftVersion } });
    expectOk(res, 201);
    expect((await call("GET", `/api/v1/charts/${res.body.chartKey}/draft`, { key: k.skLive })).body).toEqual({
      categories: [],
      sections: [],
      generalAdmission: [],
    });
  });

  it("accepts a chartKey of 128 characters", async () => {
    const k = await newWorkspace();
    const res = await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "abc", chartKey: "k".repeat(128) } });
    expect(res.status).toBe(201);
  });

  it("answers malformed JSON with 400 validation_failed", async () => {
    const k = await newWorkspace();
    expectError(await call("POST", "/api/v1/charts", { key: k.skLive, rawBody: '{"name": "abc",' }), 400, "validation_failed");
  });

  it("answers a non-JSON content type with 415 unsupported_media_type, not 500", async () => {
    const k = await newWorkspace();
    expectError(
      await call("POST", "/api/v1/charts", { key: k.skLive, rawBody: "name=abc", headers: { "Content-Type": "text/plain" } }),
      415,
      "unsupported_media_type",
    );
  });

  it("answers a request without a body with 400 naming the body (never read as an empty object)", async () => {
    const k = await newWorkspace();
    const res = await call("POST", "/api/v1/charts", { key: k.skLive });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors)).toEqual(["body"]);
  });
});

describe("GET /api/v1/charts", () => {
  it("pages through every chart of the workspace with an opaque cursor", async () => {
    const k = await newWorkspace();
    const other = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: other.skLive, body: { name: "Not mine", chartKey: "c-00" } });
    const keys = Array.from({ length: 5 }, (_, i) => `c-${String(i + 1).padStart(2, "0")}`);
    for (const chartKey of keys) await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: `Chart ${chartKey}`, chartKey } });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2";
      const res = await call("GET", `/api/v1/charts${q}`, { key: k.skTest });
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      for (const item of res.body.items) {
        expect(Object.keys(item).sort()).toEqual(["chartKey", "createdAt", "draftVersion", "name", "publishedAt", "publishedVersion", "updatedAt"]);
        expect(item).toMatchObject({ draftVersion: 1, publishedVersion: null, createdAt: expect.stringMatching(ISO), updatedAt: expect.stringMatching(ISO) });
        seen.push(item.chartKey);
      }
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(keys);
    expect(pages).toBe(3);
  });

  it("defaults to 20 items and answers nextCursor null on the last page", async () => {
    const k = await newWorkspace();
    for (let i = 0; i < 21; i++) await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: `Chart ${i}` } });
    const first = await call("GET", "/api/v1/charts", { key: k.skLive });
    expect(first.body.items).toHaveLength(20);
    expect(typeof first.body.nextCursor).toBe("string");
    const second = await call("GET", `/api/v1/charts?cursor=${encodeURIComponent(first.body.nextCursor)}`, { key: k.skLive });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const all = await call("GET", "/api/v1/charts?limit=100", { key: k.skLive });
    expect(all.body.items).toHaveLength(21);
    expect(all.body.nextCursor).toBeNull();
  });

  it("answers an empty workspace with no items", async () => {
    const k = await newWorkspace();
    const res = await call("GET", "/api/v1/charts", { key: k.skLive });
    expect(res.body).toEqual({ items: [], nextCursor: null });
  });

  it.each(["limit=0", "limit=101", "limit=abc", "limit=1.5", "limit=-1", "cursor=garbage", "cursor=c1.%25%25", "cursor=c1.YS9i"])("%s → 400", async (q) => {
    const k = await newWorkspace();
    expectError(await call("GET", `/api/v1/charts?${q}`, { key: k.skLive }), 400, "validation_failed");
  });

  it.each(["limit=1", "limit=100"])("%s is accepted", async (q) => {
    const k = await newWorkspace();
    expect((await call("GET", `/api/v1/charts?${q}`, { key: k.skLive })).status).toBe(200);
  });
});

describe("GET, PATCH, DELETE /api/v1/charts/{chartKey}", () => {
  it("gets a chart with every record field", async () => {
    const k = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "hall" } });
    const res = await call("GET", "/api/v1/charts/hall", { key: k.skLive });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["chartKey", "createdAt", "draftVersion", "name", "publishedAt", "publishedVersion", "updatedAt"]);
  });

  it("renames without bumping draftVersion; replacing the draft bumps it by one", async () => {
    const k = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "hall" } });
    const renamed = await call("PATCH", "/api/v1/charts/hall", { key: k.skLive, body: { name: "Great hall" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ chartKey: "hall", name: "Great hall", draftVersion: 1, publishedVersion: null });
    const layout = smallLayout(3);
    const drafted = await call("PATCH", "/api/v1/charts/hall", { key: k.skLive, body: { draftVersion: layout } });
    expect(drafted.body).toMatchObject({ name: "Great hall", draftVersion: 2 });
    expect((await call("GET", "/api/v1/charts/hall/draft", { key: k.skLive })).body).toEqual(layout);
    const both = await call("PATCH", "/api/v1/charts/hall", { key: k.skLive, body: { name: "Hall 3", draftVersion: {} } });
    expect(both.body).toMatchObject({ name: "Hall 3", draftVersion: 3 });
    expect((await call("GET", "/api/v1/charts/hall/draft", { key: k.skLive })).body).toEqual({ categories: [], sections: [], generalAdmission: [] });
    const got = await call("GET", "/api/v1/charts/hall", { key: k.skLive });
    expect(got.body).toMatchObject({ name: "Hall 3", draftVersion: 3, publishedVersion: null });
    expect(got.body.createdAt).toBe(renamed.body.createdAt);
  });

  it.each([
    ["an empty body", {}, "body"],
    ["a short name", { name: "ab" }, "name"],
    ["a long name", { name: "x".repeat(256) }, "name"],
    ["an invalid draft", { draftVersion: { categories: [{ key: "a", label: "A", color: "red" }] } }, "draftVersion.categories.0.color"],
    ["an array body", [], "body"],
  ])("PATCH with %s → 400 naming %s", async (_l, body, path) => {
    const k = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "hall" } });
    const res = await call("PATCH", "/api/v1/charts/hall", { key: k.skLive, body });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors)).toContain(path);
    expect((await call("GET", "/api/v1/charts/hall", { key: k.skLive })).body).toMatchObject({ name: "Hall", draftVersion: 1 });
  });

  it("deletes a chart, which then is 404", async () => {
    const k = await newWorkspace();
    // A key no other workspace of this file has: theirs would answer 403 (workspace-isolation.test.ts).
    const hall = uniqueKey("hall");
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: hall, draftVersion: smallLayout() } });
    await call("POST", `/api/v1/charts/${hall}/publish`, { key: k.skLive });
    const res = await call("DELETE", `/api/v1/charts/${hall}`, { key: k.skTest });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ chartKey: hall, deleted: true });
    expectError(await call("GET", `/api/v1/charts/${hall}`, { key: k.skLive }), 404, "chart_not_found");
    expectError(await call("DELETE", `/api/v1/charts/${hall}`, { key: k.skLive }), 404, "chart_not_found");
    // The key is free again.
    expect((await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: hall } })).body.draftVersion).toBe(1);
  });
});
