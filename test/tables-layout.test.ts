import { describe, expect, it } from "vitest";
import { indexLayout, type Layout } from "../src/domain/layout";
import { layoutSchema } from "../src/domain/layout-schema";
import { publishImpact } from "../src/domain/publish-impact";
import { decodeHints, encodeLayout } from "../src/event-object/state/layout-codec";
import { LayoutColumns } from "../src/event-object/state/layout-columns";
import { api, call, expectError, newWorkspace, token } from "./support/fixtures";
import { gala, putTableBooking, seatsOf } from "./support/tables";

/**
 * The layout's tables, booths, zones and floors (docs/tables.md): every rule with the path it names
 * (as a unit and over HTTP), the draft and published reads keeping them, the codec's table and
 * hint columns, and the publish impact of a label changing its type and of a table taken whole
 * whose seats change.
 */

type Edit = (l: Layout) => void;
const hall = (l: Layout) => l.sections[0]!;
const table = (l: Layout, i = 0) => hall(l).tables![i]!;

const CASES: [string, string, Edit][] = [
  ["a table label taken by a seat", "sections.0.tables.0.label", (l) => (table(l).label = "R-1")],
  ["a table seat's label taken by another table's seat", "sections.0.tables.1.seats.0.label", (l) => (table(l, 1).seats[0]!.label = "T1-1")],
  ["a booth label taken by a table", "booths.0.label", (l) => (l.booths![0]!.label = "T2")],
  ["a GA label taken by a booth", "generalAdmission.0.label", (l) => (l.generalAdmission[0]!.label = "HB1")],
  ["a table's unknown category", "sections.0.tables.0.categoryKey", (l) => (table(l).categoryKey = "nope")],
  ["a table seat's unknown category", "sections.0.tables.0.seats.2.categoryKey", (l) => (table(l).seats[2]!.categoryKey = "nope")],
  ["a section booth's unknown category", "sections.0.booths.0.categoryKey", (l) => (hall(l).booths![0]!.categoryKey = "nope")],
  ["a section's unknown floor", "sections.1.floorKey", (l) => (l.sections[1]!.floorKey = "roof")],
  ["a GA area's unknown floor", "generalAdmission.0.floorKey", (l) => (l.generalAdmission[0]!.floorKey = "roof")],
  ["a top-level booth's unknown floor", "booths.1.floorKey", (l) => (l.booths![1]!.floorKey = "roof")],
  ["a zone's unknown section", "zones.1.sectionKeys.1", (l) => (l.zones![1]!.sectionKeys = ["hall", "attic"])],
  ["a duplicate zone key", "zones.1.key", (l) => (l.zones![1]!.key = "front")],
  ["a duplicate floor key", "floors.1.key", (l) => (l.floors![1]!.key = "ground")],
  ["a table shape that is not round or rect", "sections.0.tables.0.shape", (l) => Object.assign(table(l), { shape: "oval" })],
  ["a table without seats", "sections.0.tables.0.seats", (l) => (table(l).seats = [])],
  ["a translation under a tag that is no language", "floors.0.labels.not a tag!", (l) => (l.floors![0]!.labels = { "not a tag!": "x" })],
];

describe("layout validation", () => {
  it("accepts the gala, and keeps its tables, booths, zones and floors", () => {
    const parsed = layoutSchema.parse(gala());
    expect(parsed).toEqual(gala());
  });

  it.each(CASES)("refuses %s, naming %s", (_name, path, edit) => {
    const layout = gala();
    edit(layout);
    const result = layoutSchema.safeParse(layout);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join("."))).toContain(path);
  });

  it("counts tables, their seats and booths against the object limit", () => {
    const layout = gala({ tables: 1 });
    const many = Array.from({ length: 100 }, (_, i) => ({ label: `X${i}`, categoryKey: "dinner" }));
    hall(layout).tables = Array.from({ length: 1_990 }, (_, t) => ({
      label: `Big${t}`,
      shape: "round" as const,
      categoryKey: "dinner",
      seats: many.map((s) => ({ ...s, label: `${s.label}-${t}` })),
    }));
    const result = layoutSchema.safeParse(layout);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/at most 200000 objects/);
  });

  it("over HTTP: 400 validation_failed naming draftVersion's path, and the draft and published reads keep every part", async () => {
    const k = await newWorkspace();
    const bad = gala();
    table(bad).seats[1]!.label = "R-2";
    const refused = await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Gala", chartKey: "gala", draftVersion: bad } });
    expectError(refused, 400, "validation_failed");
    expect(Object.keys(refused.body.errors), JSON.stringify(refused.body)).toContain("draftVersion.sections.0.tables.0.seats.1.label");
    expect((await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Gala", chartKey: "gala", draftVersion: gala() } })).status).toBe(201);
    expect((await call("GET", "/api/v1/charts/gala/draft", { key: k.skLive })).body).toEqual(gala());
    expect((await call("POST", "/api/v1/charts/gala/publish", { key: k.skLive })).status).toBe(200);
    expect((await call("GET", "/api/v1/charts/gala/published", { key: k.skLive })).body).toEqual(gala());
  });
});

describe("the index and the codec", () => {
  it("lists each table before its seats, in drawing order, with their places", () => {
    const objects = [...indexLayout(gala()).values()];
    const t1 = objects.findIndex((o) => o.label === "T1");
    expect(objects[t1]).toMatchObject({ objectType: "table", tableShape: "round", sectionKey: "hall", floorKey: "ground", seatLabels: seatsOf(gala(), "T1") });
    expect(objects[t1 + 1]).toMatchObject({ label: "T1-1", objectType: "seat", tableLabel: "T1", floorKey: "ground" });
    expect(objects.find((o) => o.label === "B1")).toMatchObject({ objectType: "booth", floorKey: "ground", width: 60 });
    expect(objects.find((o) => o.label === "B1")?.sectionKey).toBeUndefined();
    expect(objects.find((o) => o.label === "Bar")).toMatchObject({ objectType: "generalAdmission", floorKey: "ground" });
  });

  it("writes and reads back every object with its type, table, seats and hints", () => {
    const objects = [...indexLayout(gala()).values()];
    const layout = gala();
    const parts = encodeLayout(objects, "", { zones: layout.zones, floors: layout.floors });
    const columns = new LayoutColumns(parts);
    const all = columns.objects();
    const hints = decodeHints(all.labels, columns.dict, parts);
    const merged = [...all.objects.values()].map((o) => (o.objectType === "generalAdmission" ? o : { ...o, ...hints.get(o.label) }));
    expect(merged).toEqual(objects.map(({ tableShape, ...o }) => (tableShape ? { ...o, tableShape } : o)));
    expect(columns.object("T3")).toMatchObject({ objectType: "table", seatLabels: seatsOf(layout, "T3") });
    expect(columns.tableOf("T3-2")).toBe("T3");
    expect(columns.tableOf("R-1")).toBeUndefined();
    expect(columns.objectTypeOf("HB1")).toBe("booth");
    expect(columns.dict.zones).toEqual(layout.zones);
    expect(columns.dict.floors).toEqual(layout.floors);
    expect(columns.dict.tables).toBe(6);
  });
});

describe("publish impact", () => {
  const index = (l: Layout) => indexLayout(l);
  const reservation = { held: 1, booked: 0 };

  it("names a label that turns between seat, table and booth, and a table taken whole whose seats change", () => {
    const next = gala();
    // T1 becomes a booth, B1 a table's seat label; T2 loses a seat; T3's seats only move.
    table(next).label = "T1x";
    next.booths![0]!.label = "T1";
    table(next, 1).seats.pop();
    table(next, 2).seats.reverse();
    const reserved = [
      { objectLabel: "T1", objectType: "table" as const, categoryKey: "vip", seatLabels: seatsOf(gala(), "T1"), ...reservation },
      { objectLabel: "T2", objectType: "table" as const, categoryKey: "dinner", seatLabels: seatsOf(gala(), "T2"), ...reservation },
      { objectLabel: "T3", objectType: "table" as const, categoryKey: "dinner", seatLabels: seatsOf(gala(), "T3"), ...reservation },
      { objectLabel: "B2", objectType: "booth" as const, categoryKey: "expo", ...reservation },
    ];
    expect(publishImpact(index(next), reserved).map((e) => [e.objectLabel, e.reason])).toEqual([
      ["T1", "object_type_changed"],
      ["T2", "table_changed"],
    ]);
  });

  it("through a publish: a table held whole refuses a draft that changes its seats, and a seat held alone does not", async () => {
    const k = await newWorkspace();
    await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Gala", chartKey: "gala", draftVersion: gala() } });
    await call("POST", "/api/v1/charts/gala/publish", { key: k.skLive });
    const eventKey = "gala-night";
    await call("POST", "/api/v1/events", { key: k.skTest, body: { chartKey: "gala", eventKey } });
    const f = { keys: k, chartKey: "gala", eventKey, environment: "sandbox" as const, sk: k.skTest, pk: k.pkTest };
    await putTableBooking(f, { mode: "by_table_or_seat" });
    await api.hold(f, { objectLabels: ["T2"], holdToken: token() });
    await api.hold(f, { objectLabels: ["T1-1"], holdToken: token() });
    const draft = gala();
    table(draft, 1).seats.pop();
    table(draft).seats.pop();
    await call("PATCH", "/api/v1/charts/gala", { key: k.skLive, body: { draftVersion: draft } });
    const check = await call("GET", "/api/v1/charts/gala/publish-check", { key: k.skLive });
    expect(check.body.affected).toEqual([{ eventKey, environment: "sandbox", objectLabel: "T2", reason: "table_changed", held: 1, booked: 0 }]);
    expectError(await call("POST", "/api/v1/charts/gala/publish", { key: k.skLive }), 409, "publish_affects_reservations");
    // Forced, the table keeps its hold, and the history records it with the seats it was held with.
    expect((await call("POST", "/api/v1/charts/gala/publish?force=true", { key: k.skLive })).status).toBe(200);
    const records = (await call("GET", `/api/v1/events/${eventKey}/status-changes?objectLabel=T2`, { key: f.sk })).body.items;
    expect(records.at(-1)).toMatchObject({ objectType: "table", cause: "publish", status: "held", seatLabels: seatsOf(gala(), "T2") });
  });
});
