import { describe, expect, it } from "vitest";
import { indexLayout } from "../src/domain/layout";
import { LayoutError, MAX_LABEL, parseLayout } from "../src/domain/layout-schema";
import { bigLayout, call, expectError, newWorkspace, smallLayout } from "./support/fixtures";

type Mutable = ReturnType<typeof smallLayout> & Record<string, unknown>;

/** A valid layout changed by `edit`, and the exact `errors` path that must be reported. */
const CASES: [name: string, edit: (l: Mutable) => unknown, path: string][] = [
  ["a colour without #", (l) => (l.categories[0]!.color = "4f7cff"), "categories.0.color"],
  ["a colour of 5 hex digits", (l) => (l.categories[0]!.color = "#12345"), "categories.0.color"],
  ["a named colour", (l) => (l.categories[1]!.color = "red"), "categories.1.color"],
  ["a duplicate category key", (l) => (l.categories[1]!.key = "stalls"), "categories.1.key"],
  ["an empty category key", (l) => (l.categories[0]!.key = ""), "categories.0.key"],
  ["a category without label", (l) => delete (l.categories[0] as Partial<Mutable["categories"][0]>).label, "categories.0.label"],
  ["an unknown seat category", (l) => (l.sections[0]!.rows[0]!.seats[3]!.categoryKey = "vip"), "sections.0.rows.0.seats.3.categoryKey"],
  ["an empty seat label", (l) => (l.sections[0]!.rows[0]!.seats[2]!.label = ""), "sections.0.rows.0.seats.2.label"],
  ["a seat label of 129 characters", (l) => (l.sections[0]!.rows[0]!.seats[1]!.label = "x".repeat(MAX_LABEL + 1)), "sections.0.rows.0.seats.1.label"],
  ["a numeric seat label", (l) => ((l.sections[0]!.rows[0]!.seats[1] as Record<string, unknown>).label = 7), "sections.0.rows.0.seats.1.label"],
  ["a duplicate seat label", (l) => (l.sections[0]!.rows[0]!.seats[5]!.label = "A-1-1"), "sections.0.rows.0.seats.5.label"],
  ["a string x", (l) => ((l.sections[0]!.rows[0]!.seats[0] as Record<string, unknown>).x = "1"), "sections.0.rows.0.seats.0.x"],
  [
    "a seat without categoryKey",
    (l) => delete (l.sections[0]!.rows[0]!.seats[4] as Record<string, unknown>).categoryKey,
    "sections.0.rows.0.seats.4.categoryKey",
  ],
  ["seats that are not an array", (l) => ((l.sections[0]!.rows[0] as Record<string, unknown>).seats = {}), "sections.0.rows.0.seats"],
  ["a duplicate section key", (l) => l.sections.push({ key: "A", label: "Again", rows: [] }), "sections.1.key"],
  ["a GA label equal to a seat label", (l) => (l.generalAdmission[0]!.label = "A-1-2"), "generalAdmission.0.label"],
  ["a duplicate GA label", (l) => l.generalAdmission.push({ label: "Floor", categoryKey: "stalls", capacity: 5 }), "generalAdmission.1.label"],
  ["an unknown GA category", (l) => (l.generalAdmission[0]!.categoryKey = "nope"), "generalAdmission.0.categoryKey"],
  ["a GA capacity of 0", (l) => (l.generalAdmission[0]!.capacity = 0), "generalAdmission.0.capacity"],
  ["a GA capacity of 1.5", (l) => (l.generalAdmission[0]!.capacity = 1.5), "generalAdmission.0.capacity"],
  ["a string GA capacity", (l) => ((l.generalAdmission[0] as Record<string, unknown>).capacity = "5"), "generalAdmission.0.capacity"],
  ["a GA area without capacity", (l) => delete (l.generalAdmission[0] as Record<string, unknown>).capacity, "generalAdmission.0.capacity"],
  ["an empty GA label", (l) => (l.generalAdmission[0]!.label = ""), "generalAdmission.0.label"],
  ["categories as an object", (l) => ((l as Record<string, unknown>).categories = {}), "categories"],
  ["sections as an object", (l) => ((l as Record<string, unknown>).sections = {}), "sections"],
  ["generalAdmission as null", (l) => ((l as Record<string, unknown>).generalAdmission = null), "generalAdmission"],
  ["a string aisleAfter", (l) => ((l.sections[0]!.rows[0]!.seats[2] as Record<string, unknown>).aisleAfter = "true"), "sections.0.rows.0.seats.2.aisleAfter"],
  ["a focal point without y", (l) => (l.focalPoint = { x: 1 }), "focalPoint.y"],
  ["a string focal x", (l) => (l.focalPoint = { x: "1", y: 2 }), "focalPoint.x"],
  ["a focal point as an array", (l) => (l.focalPoint = [1, 2]), "focalPoint"],
];

describe("layout validation (unit)", () => {
  it.each(CASES)("rejects %s at %s", (_name, edit, path) => {
    const layout = smallLayout(10) as Mutable;
    edit(layout);
    let caught: unknown;
    try {
      parseLayout(layout);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(LayoutError);
    expect((caught as LayoutError).issues.map((i) => i.path.join("."))).toContain(path);
  });

  it("accepts {} and the three empty arrays as the empty layout", () => {
    const empty = { categories: [], sections: [], generalAdmission: [] };
    expect(parseLayout({})).toEqual(empty);
    expect(parseLayout(empty)).toEqual(empty);
    expect(parseLayout({ categories: [{ key: "a", label: "A", color: "#abc" }] })).toEqual({ ...empty, categories: [{ key: "a", label: "A", color: "#abc" }] });
  });

  it.each(["#abc", "#ABCDEF", "#4f7cff80"])("accepts the colour %s", (color) => {
    expect(() => parseLayout({ categories: [{ key: "a", label: "A", color }] })).not.toThrow();
  });

  it("accepts a 128-character label, optional coordinates and GA drawing fields; drops unknown fields", () => {
    const label = "L".repeat(MAX_LABEL);
    const parsed = parseLayout({
      categories: [{ key: "c", label: "C", color: "#000" }],
      sections: [
        {
          key: "S",
          label: "S",
          rows: [
            {
              label: "1",
              seats: [
                { label, categoryKey: "c" },
                { label: "b", categoryKey: "c", x: -1.5, y: 2, extra: true },
              ],
            },
          ],
        },
      ],
      generalAdmission: [{ label: "GA", categoryKey: "c", capacity: 1, x: 0, y: 0, width: 10, height: 5 }],
    });
    expect(parsed.sections[0]!.rows[0]!.seats).toEqual([
      { label, categoryKey: "c" },
      { label: "b", categoryKey: "c", x: -1.5, y: 2 },
    ]);
    expect(indexLayout(parsed).get("GA")).toMatchObject({ objectType: "generalAdmission", capacity: 1 });
  });

  it("keeps focalPoint and aisleAfter (true and false) unchanged; the index carries aisleAfter and the row's position", () => {
    const layout = withSellingFields();
    const parsed = parseLayout(layout);
    expect(parsed).toEqual(layout);
    expect(indexLayout(parsed).get("A-1-3")).toMatchObject({ aisleAfter: true, rowIndex: 0 });
    expect(indexLayout(parsed).get("A-1-4")).not.toHaveProperty("aisleAfter");
    expect(parseLayout({})).not.toHaveProperty("focalPoint");
  });

  it("reports each of several problems at its own path", () => {
    const layout = smallLayout(10) as Mutable;
    layout.sections[0]!.rows[0]!.seats[1]!.categoryKey = "x";
    layout.sections[0]!.rows[0]!.seats[7]!.label = "A-1-1";
    try {
      parseLayout(layout);
      expect.unreachable();
    } catch (err) {
      expect((err as LayoutError).issues.map((i) => i.path.join("."))).toEqual(["sections.0.rows.0.seats.1.categoryKey", "sections.0.rows.0.seats.7.label"]);
    }
  });

  it("refuses more than 200,000 objects", () => {
    const seats = Array.from({ length: 200_001 }, (_, i) => ({ label: `s${i}`, categoryKey: "c" }));
    expect(() =>
      parseLayout({ categories: [{ key: "c", label: "C", color: "#000" }], sections: [{ key: "S", label: "S", rows: [{ label: "1", seats }] }] }),
    ).toThrow(LayoutError);
  });

  it("refuses more than 1,000 categories", () => {
    const categories = Array.from({ length: 1001 }, (_, i) => ({ key: `c${i}`, label: "C", color: "#000" }));
    expect(() => parseLayout({ categories })).toThrow(LayoutError);
    expect(() => parseLayout({ categories: categories.slice(0, 1000) })).not.toThrow();
  });

  it("validates a 100,000-seat layout in well under a second", () => {
    const layout = bigLayout(100_000);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      parseLayout(layout);
      times.push(performance.now() - t);
    }
    console.log(`validate 100,000 seats: ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
    expect(Math.min(...times)).toBeLessThan(1000);
  });
});

/** The small layout with a focal point and aisles (true and an explicit false). */
function withSellingFields() {
  const base = smallLayout(10);
  const seats = base.sections[0]!.rows[0]!.seats.map((seat, i) => (i === 2 ? { ...seat, aisleAfter: true } : i === 5 ? { ...seat, aisleAfter: false } : seat));
  return { ...base, focalPoint: { x: 45, y: -20.5 }, sections: [{ ...base.sections[0]!, rows: [{ label: "1", seats }] }] };
}

describe("layout validation over HTTP", () => {
  it("draft and published reads keep focalPoint and aisleAfter unchanged", async () => {
    const k = await newWorkspace();
    const layout = withSellingFields();
    const created = await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", draftVersion: layout } });
    expect(created.status).toBe(201);
    const chartKey = created.body.chartKey as string;
    expect((await call("POST", `/api/v1/charts/${chartKey}/publish`, { key: k.skLive })).status).toBe(200);
    for (const version of ["draft", "published"]) {
      const res = await call("GET", `/api/v1/charts/${chartKey}/${version}`, { key: k.skLive });
      expect(res.body).toEqual(layout);
    }
  });

  it.each(CASES)("POST with %s → 400 naming draftVersion.%s", async (_name, edit, path) => {
    const k = await newWorkspace();
    const layout = smallLayout(10) as Mutable;
    edit(layout);
    const res = await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", draftVersion: layout } });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors)).toContain(`draftVersion.${path}`);
    expect((await call("GET", "/api/v1/charts", { key: k.skLive })).body.items).toEqual([]);
  });

  it("reports at most 100 paths when every seat is wrong", async () => {
    const k = await newWorkspace();
    const layout = smallLayout(500);
    for (const seat of layout.sections[0]!.rows[0]!.seats) seat.categoryKey = "missing";
    const res = await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", draftVersion: layout } });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors).length).toBeLessThanOrEqual(100);
    expect(Object.keys(res.body.errors)).toContain("draftVersion.sections.0.rows.0.seats.0.categoryKey");
  });
});
