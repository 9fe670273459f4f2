import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, call, type EventFixture, inObject, newEvent, smallLayout, stubOf, token } from "./support/fixtures";

/** Drawing hints are additive: rowLabel on seats, x/y on seats and GA areas, width/height on GA areas. */

type Entry = Record<string, unknown> & { objectLabel: string };

const categories = [{ key: "c", label: "C", color: "#123456" }];

/** Two rows without coordinates, and a GA area with every drawing field (zeros included). */
function plainSeatsDrawnArea() {
  return {
    categories,
    sections: [
      {
        key: "S",
        label: "Stage",
        rows: [
          { label: "R1", seats: [{ label: "s1", categoryKey: "c" }] },
          { label: "", seats: [{ label: "s2", categoryKey: "c" }] },
        ],
      },
    ],
    generalAdmission: [{ label: "Pit", categoryKey: "c", capacity: 5, x: 0, y: -12.5, width: 0, height: 40.25 }],
  };
}

async function objects(f: EventFixture, query = ""): Promise<Entry[]> {
  const res = await api.objects(f, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.objects as Entry[];
}

const byLabel = (list: Entry[], label: string) => list.find((o) => o.objectLabel === label);

/** Republishes the event's chart with a new draft. */
async function republish(f: EventFixture, layout: unknown): Promise<void> {
  expect((await call("PATCH", `/api/v1/charts/${f.chartKey}`, { key: f.keys.skTest, body: { draftVersion: layout } })).status).toBe(200);
  const res = await call("POST", `/api/v1/charts/${f.chartKey}/publish`, { key: f.keys.skTest });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("objects response drawing hints", () => {
  it("seats carry rowLabel and x/y from the layout; a GA area without hints gets none", async () => {
    const f = await newEvent();
    const list = await objects(f);
    // Every documented field unchanged, the hints added.
    expect(list[0]).toEqual({
      objectLabel: "A-1-1",
      categoryKey: "stalls",
      objectType: "seat",
      sectionKey: "A",
      sectionLabel: "Section A",
      rowLabel: "1",
      x: 0,
      y: 0,
    });
    expect(byLabel(list, "A-1-4")).toMatchObject({ rowLabel: "1", x: 30, y: 0 });
    expect(byLabel(list, "Floor")).toEqual({
      objectLabel: "Floor",
      categoryKey: "stalls",
      objectType: "generalAdmission",
      capacity: 50,
      label: "Floor",
      remaining: 50,
    });
    // The labels filter keeps them.
    expect(await objects(f, "?labels=A-1-2")).toEqual([
      { objectLabel: "A-1-2", categoryKey: "balcony", objectType: "seat", sectionKey: "A", sectionLabel: "Section A", rowLabel: "1", x: 10, y: 0 },
    ]);
  });

  it("seats without coordinates have rowLabel only; GA areas carry x, y, width, height (zeros kept)", async () => {
    const f = await newEvent({ layout: plainSeatsDrawnArea() });
    const list = await objects(f);
    expect(list).toEqual([
      { objectLabel: "s1", categoryKey: "c", objectType: "seat", sectionKey: "S", sectionLabel: "Stage", rowLabel: "R1" },
      { objectLabel: "s2", categoryKey: "c", objectType: "seat", sectionKey: "S", sectionLabel: "Stage", rowLabel: "" },
      {
        objectLabel: "Pit",
        categoryKey: "c",
        objectType: "generalAdmission",
        capacity: 5,
        label: "Pit",
        remaining: 5,
        x: 0,
        y: -12.5,
        width: 0,
        height: 40.25,
      },
    ]);
  });

  it("status entries and live-relevant reads do not gain the hints", async () => {
    const f = await newEvent({ layout: plainSeatsDrawnArea() });
    const t = token();
    expect((await api.hold(f, { objectLabels: ["s1"], holdToken: t })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["Pit"], objectType: "generalAdmission", quantity: 2, holdToken: t })).status).toBe(200);
    const status = (await api.status(f)).body.objects as Entry[];
    for (const e of status) for (const k of ["rowLabel", "x", "y", "width", "height"]) expect(e).not.toHaveProperty(k);
    expect(byLabel(await objects(f), "Pit")).toMatchObject({ remaining: 3, x: 0, width: 0 });
  });

  it("survive eviction (index reloaded from SQLite) and a republish (staged index promoted)", async () => {
    const f = await newEvent({ layout: plainSeatsDrawnArea() });
    const before = await objects(f);
    await evictDurableObject(stubOf(f));
    expect(await objects(f)).toEqual(before);

    const next = smallLayout(3);
    (next.generalAdmission[0] as Record<string, unknown>).x = 7;
    (next.generalAdmission[0] as Record<string, unknown>).width = 70;
    await republish(f, next);
    const expected = [
      { objectLabel: "A-1-1", categoryKey: "stalls", objectType: "seat", sectionKey: "A", sectionLabel: "Section A", rowLabel: "1", x: 0, y: 0 },
      { objectLabel: "A-1-2", categoryKey: "balcony", objectType: "seat", sectionKey: "A", sectionLabel: "Section A", rowLabel: "1", x: 10, y: 0 },
      { objectLabel: "A-1-3", categoryKey: "stalls", objectType: "seat", sectionKey: "A", sectionLabel: "Section A", rowLabel: "1", x: 20, y: 0 },
      // Only the hints the layout gives: x and width, no y or height.
      { objectLabel: "Floor", categoryKey: "stalls", objectType: "generalAdmission", capacity: 50, label: "Floor", remaining: 50, x: 7, width: 70 },
    ];
    expect(await objects(f)).toEqual(expected);
    await evictDurableObject(stubOf(f));
    expect(await objects(f)).toEqual(expected);
  });

  it("a stage reloaded from SQLite after a restart and then committed shows the new hints", async () => {
    const f = await newEvent();
    const next = plainSeatsDrawnArea();
    next.categories = [...next.categories, ...smallLayout().categories];
    next.sections = [...next.sections, ...smallLayout().sections];
    const staged = await stubOf(f).stagePublish({ stageId: "st-1", version: 2, layout: next as never, force: true });
    expect(staged.ok).toBe(true);
    await evictDurableObject(stubOf(f));
    expect((await stubOf(f).commitPublish("st-1")).ok).toBe(true);
    const list = await objects(f);
    expect(byLabel(list, "s1")).toEqual({ objectLabel: "s1", categoryKey: "c", objectType: "seat", sectionKey: "S", sectionLabel: "Stage", rowLabel: "R1" });
    expect(byLabel(list, "A-1-2")).toMatchObject({ rowLabel: "1", x: 10, y: 0 });
    expect(byLabel(list, "Pit")).toMatchObject({ x: 0, y: -12.5, width: 0, height: 40.25 });
  });

  it("the OpenAPI document lists the hints on EventObject (a seat or a GA area)", async () => {
    type Schema = { properties: Record<string, { type?: string }>; required?: string[] };
    const doc = (await call("GET", "/openapi.json")).body as { components: { schemas: Record<string, { oneOf?: Schema[] }> } };
    const [seat, area] = doc.components.schemas.EventObject!.oneOf!;
    for (const k of ["rowLabel", "x", "y"]) expect(seat!.properties[k], k).toBeDefined();
    for (const k of ["x", "y", "width", "height"]) expect(area!.properties[k], k).toBeDefined();
    expect(seat!.properties.x!.type).toBe("number");
    for (const k of ["rowLabel", "x", "y", "width", "height"]) {
      expect(seat!.required ?? []).not.toContain(k);
      expect(area!.required ?? []).not.toContain(k);
    }
  });
});
