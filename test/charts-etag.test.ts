import { describe, expect, it } from "vitest";
import { chartEtag, parseIfMatch } from "../src/charts/chart-etag";
import { ORIGIN, signedIn } from "./support/dashboard";
import { call, expectError, newWorkspace, smallLayout } from "./support/fixtures";

/** Optimistic concurrency of chart drafts (docs/dashboard.md#the-chart-designer): ETag on chart answers, If-Match on PATCH, 412 when stale. */

describe("parseIfMatch", () => {
  it.each([
    [undefined, undefined],
    ["*", undefined],
    ['"3"', [3]],
    ['W/"3"', [3]],
    ['"3", "4"', [3, 4]],
    ['"abc"', []],
    ["3", []],
  ])("%s → %j", (header, expected) => {
    expect(parseIfMatch(header)).toEqual(expected);
  });
});

describe("/api/v1/charts ETag and If-Match", () => {
  it("every single-chart answer carries ETag: the draftVersion", async () => {
    const k = await newWorkspace();
    const created = await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "etag-hall" } });
    expect(created.headers.get("ETag")).toBe('"1"');
    const patched = await call("PATCH", "/api/v1/charts/etag-hall", { key: k.skLive, body: { draftVersion: smallLayout(2) } });
    expect(patched.headers.get("ETag")).toBe('"2"');
    expect((await call("GET", "/api/v1/charts/etag-hall", { key: k.skLive })).headers.get("ETag")).toBe('"2"');
    expect((await call("GET", "/api/v1/charts/etag-hall/draft", { key: k.skLive })).headers.get("ETag")).toBe('"2"');
    expect((await call("POST", "/api/v1/charts/etag-hall/publish", { key: k.skLive })).headers.get("ETag")).toBe('"2"');
    expect((await call("POST", "/api/v1/charts/etag-hall/unpublish", { key: k.skLive })).headers.get("ETag")).toBe('"2"');
  });

  it("a PATCH naming the current version saves; naming an older one is 412 precondition_failed and saves nothing", async () => {
    const k = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "stale" } });
    const first = await call("PATCH", "/api/v1/charts/stale", { key: k.skLive, body: { draftVersion: smallLayout(2) }, headers: { "If-Match": chartEtag(1) } });
    expect(first.status).toBe(200);
    expect(first.body.draftVersion).toBe(2);
    const stale = await call("PATCH", "/api/v1/charts/stale", { key: k.skLive, body: { draftVersion: smallLayout(5) }, headers: { "If-Match": chartEtag(1) } });
    expectError(stale, 412, "precondition_failed");
    expect(stale.body.error).toBe("Precondition Failed");
    const draft = await call("GET", "/api/v1/charts/stale/draft", { key: k.skLive });
    expect(draft.body).toEqual(smallLayout(2));
    expect(draft.headers.get("ETag")).toBe('"2"');
  });

  it("without If-Match (or with *) a PATCH behaves as before", async () => {
    const k = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "free" } });
    expect((await call("PATCH", "/api/v1/charts/free", { key: k.skLive, body: { draftVersion: smallLayout(1) } })).body.draftVersion).toBe(2);
    expect(
      (await call("PATCH", "/api/v1/charts/free", { key: k.skLive, body: { draftVersion: smallLayout(2) }, headers: { "If-Match": "*" } })).body.draftVersion,
    ).toBe(3);
  });

  it("an If-Match that names no version at all never matches", async () => {
    const k = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "junk" } });
    expectError(
      await call("PATCH", "/api/v1/charts/junk", { key: k.skLive, body: { name: "New name" }, headers: { "If-Match": "yesterday" } }),
      412,
      "precondition_failed",
    );
  });

  it("the OpenAPI document lists 412 and the If-Match header on PATCH", async () => {
    const doc = await call("GET", "/openapi.json");
    expect(doc.status, JSON.stringify(doc.body).slice(0, 300)).toBe(200);
    const patch = doc.body.paths["/api/v1/charts/{chartKey}"].patch;
    expect(Object.keys(patch.responses)).toContain("412");
    expect(patch.parameters.some((p: { name: string; in: string }) => p.in === "header" && p.name.toLowerCase() === "if-match")).toBe(true);
    expect(patch.responses["200"].headers).toHaveProperty("ETag");
  });
});

describe("/dashboard/api/charts ETag and If-Match", () => {
  it("the designer's save: 200 with the next ETag, then 412 with the stale one", async () => {
    const { cookie } = await signedIn();
    const headers = (extra: Record<string, string> = {}) => ({ Cookie: cookie, Origin: ORIGIN, ...extra });
    const created = await call("POST", "/dashboard/api/charts", { body: { name: "Designed", chartKey: "designed" }, headers: headers() });
    expect(created.headers.get("ETag")).toBe('"1"');
    const draft = await call("GET", "/dashboard/api/charts/designed/draft", { headers: headers() });
    expect(draft.headers.get("ETag")).toBe('"1"');
    const saved = await call("PATCH", "/dashboard/api/charts/designed", { body: { draftVersion: smallLayout(3) }, headers: headers({ "If-Match": '"1"' }) });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("ETag")).toBe('"2"');
    const stale = await call("PATCH", "/dashboard/api/charts/designed", { body: { draftVersion: smallLayout(4) }, headers: headers({ "If-Match": '"1"' }) });
    expectError(stale, 412, "precondition_failed");
  });
});
