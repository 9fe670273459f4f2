import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseLayout } from "../src/domain/layout-schema";
import { createChart, createChartCopy, getChartByKey, loadLayout, loadPublishedLayout, markPublished, saveLayout, splitLayoutJson } from "../src/db/charts";
import { db } from "../src/db/client";
import { chartLayouts } from "../src/db/schema";
import { call, newWorkspace, smallLayout } from "./support/fixtures";

describe("splitLayoutJson", () => {
  it("keeps a small layout in one part and an empty string as one part", () => {
    expect(splitLayoutJson("{}")).toEqual(["{}"]);
    expect(splitLayoutJson("")).toEqual([""]);
  });

  it("cuts ASCII at 900,000 characters and non-ASCII at 300,000, never inside a surrogate pair", () => {
    const ascii = "a".repeat(2_000_000);
    expect(splitLayoutJson(ascii).map((p) => p.length)).toEqual([900_000, 900_000, 200_000]);
    const emoji = "😀".repeat(400_000); // 800,000 code units
    const parts = splitLayoutJson(emoji);
    expect(parts.join("")).toBe(emoji);
    for (const p of parts) {
      expect(new TextEncoder().encode(p).length).toBeLessThan(1_000_000);
      expect(p.charCodeAt(p.length - 1)).not.toBe(NaN);
      expect(/[\ud800-\udbff]$/.test(p)).toBe(false);
      expect(/^[\udc00-\udfff]/.test(p)).toBe(false);
    }
  });
});

describe("chart queries", () => {
  it("store and load a multi-part layout with non-ASCII labels exactly", async () => {
    const k = await newWorkspace();
    const seats = Array.from({ length: 40_000 }, (_, i) => ({ label: `Sitz-ä-😀-${i}`, categoryKey: "c" }));
    const layout = parseLayout({
      categories: [{ key: "c", label: "Catégorie", color: "#000" }],
      sections: [{ key: "S", label: "Sektion", rows: [{ label: "1", seats }] }],
    });
    const chart = await createChart(db(env), { workspaceId: k.workspaceId, chartKey: "uni", name: "Unicode", layout });
    const parts = await db(env).select().from(chartLayouts).where(eq(chartLayouts.chartId, chart.id)).all();
    expect(parts.length).toBeGreaterThan(4);
    expect(await loadLayout(db(env), chart.id, 1)).toEqual(layout);
    expect(await loadLayout(db(env), chart.id, 2)).toBeNull();
    expect(await loadPublishedLayout(db(env), chart)).toBeNull();
  });

  it("createChartCopy makes a new chart whose draft and published layout are the given layout", async () => {
    const k = await newWorkspace();
    const layout = parseLayout(smallLayout(3));
    const from = await createChart(db(env), { workspaceId: k.workspaceId, chartKey: "orig", name: "Original", layout: parseLayout({}) });
    const copy = await createChartCopy(db(env), k.workspaceId, from, layout);
    expect(copy.chartKey).not.toBe("orig");
    expect(copy).toMatchObject({ name: "Original (copy)", draftVersion: 1, publishedVersion: 1 });
    expect(await loadPublishedLayout(db(env), copy)).toEqual(layout);
    const res = await call("GET", `/api/v1/charts/${copy.chartKey}`, { key: k.skLive });
    expect(res.body).toMatchObject({ name: "Original (copy)", draftVersion: 1, publishedVersion: 1 });
    expect((await call("GET", `/api/v1/charts/${copy.chartKey}/draft`, { key: k.skLive })).body).toEqual(layout);
    expect((await call("GET", `/api/v1/charts/${copy.chartKey}/published`, { key: k.skTest })).body).toEqual(layout);
    const long = await createChartCopy(db(env), k.workspaceId, { name: "n".repeat(255) }, layout);
    expect(long.name).toHaveLength(255);
  });

  it("a save from a stale draft version changes nothing and reports null", async () => {
    const k = await newWorkspace();
    const d = db(env);
    const chart = await createChart(d, { workspaceId: k.workspaceId, chartKey: "race", name: "Race", layout: parseLayout({}) });
    const first = await saveLayout(d, chart, parseLayout(smallLayout(1)));
    expect(first?.draftVersion).toBe(2);
    await expect(saveLayout(d, chart, parseLayout(smallLayout(2)))).rejects.toThrow();
    const again = await saveLayout(d, first!, parseLayout(smallLayout(3)));
    expect(again?.draftVersion).toBe(3);
    // Version 2 was pruned: a stale writer from version 1 now inserts 2 without conflict, but its
    // chart update matches nothing, so it reports null and its parts are pruned again.
    expect(await saveLayout(d, chart, parseLayout(smallLayout(4)))).toBeNull();
    const now = await getChartByKey(d, k.workspaceId, "race");
    expect(now?.draftVersion).toBe(3);
    expect(await loadLayout(d, chart.id, 3)).toEqual(parseLayout(smallLayout(3)));
    expect(await loadLayout(d, chart.id, 2)).toBeNull();
  });

  it("markPublished refuses a version that is no longer the draft", async () => {
    const k = await newWorkspace();
    const d = db(env);
    const chart = await createChart(d, { workspaceId: k.workspaceId, chartKey: "p", name: "Pub", layout: parseLayout({}) });
    await saveLayout(d, chart, parseLayout(smallLayout(1)));
    expect(await markPublished(d, chart.id, 1)).toBe(false);
    expect(await markPublished(d, chart.id, 2)).toBe(true);
    expect((await getChartByKey(d, k.workspaceId, "p"))?.publishedVersion).toBe(2);
  });
});
