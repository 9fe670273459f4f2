import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { defaultGenerator, generateSection } from "../src/designer/generate";
import { api, call, type EventFixture, newEvent, stubOf } from "./support/fixtures";

/**
 * What the designer adds to a layout reaches the SDK through the event's objects read: a GA area's
 * shape and the focal point (the stage), in the full and the compact form, after a restart too.
 * Section hints (x, y, rotation, generator) stay in the chart's layout; the seats carry their x/y.
 */

const designed = () => ({
  categories: [{ key: "std", label: "Standard", color: "#4f7cff" }],
  sections: [generateSection({ ...defaultGenerator("std"), rows: 2, seatsPerRow: 3, curve: 20 }, { key: "A", label: "Section A", x: 0, y: 0, rotation: 15 })],
  generalAdmission: [
    { label: "Standing", categoryKey: "std", capacity: 300, x: -100, y: 200, width: 240, height: 120, shape: "ellipse" },
    { label: "Boxes", categoryKey: "std", capacity: 8, x: 200, y: 200, width: 80, height: 40 },
  ],
  focalPoint: { x: 0, y: -300 },
});

async function publishDesigned(f: EventFixture): Promise<void> {
  expect((await call("PATCH", `/api/v1/charts/${f.chartKey}`, { key: f.keys.skTest, body: { draftVersion: designed() } })).status).toBe(200);
  const res = await call("POST", `/api/v1/charts/${f.chartKey}/publish`, { key: f.keys.skTest });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("designer hints through the objects read", () => {
  it("the chart keeps every section hint; the objects carry GA shape and the focal point (full and compact)", async () => {
    const f = await newEvent();
    await publishDesigned(f);
    const draft = await call("GET", `/api/v1/charts/${f.chartKey}/published`, { key: f.keys.skTest });
    expect(draft.body).toEqual(designed());
    const full = await api.objects(f);
    expect(full.body.focalPoint).toEqual({ x: 0, y: -300 });
    const areas = (full.body.objects as { objectLabel: string; shape?: string }[]).filter((o) => o.objectLabel === "Standing" || o.objectLabel === "Boxes");
    expect(areas).toEqual([expect.objectContaining({ objectLabel: "Standing", shape: "ellipse" }), expect.not.objectContaining({ shape: expect.anything() })]);
    const compact = await api.objects(f, "?format=compact");
    expect(compact.body.focalPoint).toEqual({ x: 0, y: -300 });
    expect(compact.body.areas.find((a: { objectLabel: string }) => a.objectLabel === "Standing").shape).toBe("ellipse");
  });

  it("survive a restart of the event object (read back from its layout table)", async () => {
    const f = await newEvent();
    await publishDesigned(f);
    await evictDurableObject(stubOf(f));
    const full = await api.objects(f);
    expect(full.body.focalPoint).toEqual({ x: 0, y: -300 });
    expect((full.body.objects as { objectLabel: string; shape?: string }[]).find((o) => o.objectLabel === "Standing")?.shape).toBe("ellipse");
  });

  it("a layout without a focal point answers none", async () => {
    const f = await newEvent();
    expect((await api.objects(f)).body).not.toHaveProperty("focalPoint");
  });
});
