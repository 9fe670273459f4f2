import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { db } from "../src/db/client";
import { getChartByKey } from "../src/db/charts";
import { chartLayouts, events } from "../src/db/schema";
import { eq } from "drizzle-orm";
import { bigLayout, call, expectError, newWorkspace, smallLayout } from "./support/fixtures";

async function storedVersions(workspaceId: string, chartKey: string): Promise<number[]> {
  const chart = await getChartByKey(db(env), workspaceId, chartKey);
  const rows = await db(env).selectDistinct({ version: chartLayouts.version }).from(chartLayouts).where(eq(chartLayouts.chartId, chart!.id)).all();
  return rows.map((r) => r.version).sort((a, b) => a - b);
}

describe("publish and unpublish", () => {
  it("publishes the draft: publishedVersion = draftVersion, the published layout reads back", async () => {
    const k = await newWorkspace();
    const layout = smallLayout(6);
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "hall", draftVersion: layout } });
    expectError(await call("GET", "/api/v1/charts/hall/published", { key: k.skLive }), 404, "not_found");

    const res = await call("POST", "/api/v1/charts/hall/publish", { key: k.skLive });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ chartKey: "hall", name: "Hall", draftVersion: 1, publishedVersion: 1 });
    expect(res.body.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body.updatedAt).toBe(res.body.publishedAt);
    expect((await call("GET", "/api/v1/charts/hall/published", { key: k.skTest })).body).toEqual(layout);
    expect((await call("GET", "/api/v1/charts/hall", { key: k.skLive })).body).toMatchObject({ publishedVersion: 1, publishedAt: res.body.publishedAt });
  });

  it("keeps the published layout while the draft moves on, and stores only draft and published versions", async () => {
    const k = await newWorkspace();
    const v1 = smallLayout(3);
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "hall", draftVersion: v1 } });
    await call("POST", "/api/v1/charts/hall/publish", { key: k.skLive });
    const v2 = smallLayout(5);
    const v3 = smallLayout(7);
    expect((await call("PATCH", "/api/v1/charts/hall", { key: k.skLive, body: { draftVersion: v2 } })).body).toMatchObject({
      draftVersion: 2,
      publishedVersion: 1,
    });
    expect((await call("PATCH", "/api/v1/charts/hall", { key: k.skLive, body: { draftVersion: v3 } })).body).toMatchObject({
      draftVersion: 3,
      publishedVersion: 1,
    });
    expect(await storedVersions(k.workspaceId, "hall")).toEqual([1, 3]);
    expect((await call("GET", "/api/v1/charts/hall/published", { key: k.skLive })).body).toEqual(v1);
    expect((await call("GET", "/api/v1/charts/hall/draft", { key: k.skLive })).body).toEqual(v3);

    const published = await call("POST", "/api/v1/charts/hall/publish?force=false", { key: k.skLive });
    expect(published.body).toMatchObject({ draftVersion: 3, publishedVersion: 3 });
    expect(await storedVersions(k.workspaceId, "hall")).toEqual([3]);
    expect((await call("GET", "/api/v1/charts/hall/published", { key: k.skLive })).body).toEqual(v3);

    // Publishing again without a draft change is harmless.
    expect((await call("POST", "/api/v1/charts/hall/publish?force=true", { key: k.skLive })).body).toMatchObject({ draftVersion: 3, publishedVersion: 3 });
  });

  it("unpublishes: publishedVersion null, the draft stays, and it can be published again", async () => {
    const k = await newWorkspace();
    const layout = smallLayout(2);
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "hall", draftVersion: layout } });
    await call("POST", "/api/v1/charts/hall/publish", { key: k.skLive });
    const res = await call("POST", "/api/v1/charts/hall/unpublish", { key: k.skTest });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ chartKey: "hall", name: "Hall", draftVersion: 1, publishedVersion: null, publishedAt: null });
    expect(typeof res.body.updatedAt).toBe("string");
    expect((await call("GET", "/api/v1/charts/hall", { key: k.skLive })).body).toMatchObject({ publishedVersion: null, publishedAt: null });
    expectError(await call("GET", "/api/v1/charts/hall/published", { key: k.skLive }), 404, "not_found");
    expect((await call("GET", "/api/v1/charts/hall/draft", { key: k.skLive })).body).toEqual(layout);
    // Unpublishing an unpublished chart is fine too.
    expect((await call("POST", "/api/v1/charts/hall/unpublish", { key: k.skLive })).status).toBe(200);
    expect((await call("POST", "/api/v1/charts/hall/publish", { key: k.skLive })).body.publishedVersion).toBe(1);
  });

  it.each(["force=yes", "force=1", "force="])("publish with %s → 400", async (q) => {
    const k = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "hall" } });
    expectError(await call("POST", `/api/v1/charts/hall/publish?${q}`, { key: k.skLive }), 400, "validation_failed");
    expect((await call("GET", "/api/v1/charts/hall", { key: k.skLive })).body.publishedVersion).toBeNull();
  });

  it("publish-check answers the chart key and an affected list (empty without events)", async () => {
    const k = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "hall", draftVersion: smallLayout() } });
    const res = await call("GET", "/api/v1/charts/hall/publish-check", { key: k.skTest });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ chartKey: "hall", affected: [] });
  });
});

describe("delete with events", () => {
  it.each(["production", "sandbox"] as const)("refuses 409 chart_has_events while a %s event references the chart", async (environment) => {
    const k = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "hall" } });
    const chart = await getChartByKey(db(env), k.workspaceId, "hall");
    await db(env)
      .insert(events)
      .values({
        id: `evt_row_${environment}_${k.workspaceId}`,
        workspaceId: k.workspaceId,
        environment,
        eventKey: "gala",
        chartId: chart!.id,
        createdAt: new Date().toISOString(),
      });
    for (const key of [k.skLive, k.skTest]) expectError(await call("DELETE", "/api/v1/charts/hall", { key }), 409, "chart_has_events");
    expect((await call("GET", "/api/v1/charts/hall", { key: k.skLive })).status).toBe(200);
    await db(env).delete(events).where(eq(events.chartId, chart!.id));
    expect((await call("DELETE", "/api/v1/charts/hall", { key: k.skLive })).status).toBe(200);
  });
});

describe("a 100,000-seat chart", () => {
  it("is created, published and read back", async () => {
    const k = await newWorkspace();
    const layout = bigLayout(100_000);
    const t0 = performance.now();
    const created = await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Stadium", chartKey: "stadium", draftVersion: layout } });
    const t1 = performance.now();
    expect(created.status).toBe(201);
    const published = await call("POST", "/api/v1/charts/stadium/publish", { key: k.skLive });
    const t2 = performance.now();
    expect(published.body.publishedVersion).toBe(1);
    const read = await call("GET", "/api/v1/charts/stadium/published", { key: k.skLive });
    const t3 = performance.now();
    expect(read.status).toBe(200);
    expect(read.body.sections.reduce((n: number, s: { rows: { seats: unknown[] }[] }) => n + s.rows.reduce((m, r) => m + r.seats.length, 0), 0)).toBe(100_000);
    expect(read.body).toEqual(layout);
    const parts = await db(env)
      .select({ part: chartLayouts.part })
      .from(chartLayouts)
      .where(eq(chartLayouts.chartId, (await getChartByKey(db(env), k.workspaceId, "stadium"))!.id))
      .all();
    const bytes = JSON.stringify(layout).length;
    console.log(
      `100,000 seats (${(bytes / 1e6).toFixed(1)} MB JSON, ${parts.length} parts): create ${(t1 - t0).toFixed(0)} ms, publish ${(t2 - t1).toFixed(0)} ms, read published ${(t3 - t2).toFixed(0)} ms`,
    );
    const t4 = performance.now();
    const patched = await call("PATCH", "/api/v1/charts/stadium", { key: k.skLive, body: { draftVersion: layout } });
    console.log(`100,000 seats: replace draft ${(performance.now() - t4).toFixed(0)} ms`);
    expect(patched.body).toMatchObject({ draftVersion: 2, publishedVersion: 1 });
  }, 120_000);
});
