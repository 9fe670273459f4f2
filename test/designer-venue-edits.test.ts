import { describe, expect, it } from "vitest";
import { addCategory, assignCategory, EMPTY_SCENE, type Scene } from "../src/designer/actions";
import { Editor, NOTHING } from "../src/designer/editor";
import { checkScene } from "../src/designer/validate";
import { addBooth, addFloor, addTable, addZone, removeFloor } from "../src/designer/venue-actions";
import { editBooth, editTable, editZone, findBooth, findTable, moveBooth, moveTable, renameFloor, turnTable } from "../src/designer/venue-edits";

/**
 * The designer's edits of what it drew (docs/tables.md): a table's label, kind, seat count,
 * category, place and turn; a booth's fields; a zone's and a floor's; each a valid scene and one
 * step of the editor's history.
 */

/** A scene with categories Gala and VIP, a round table T1 of 8 at (0, 0) and a rectangular T2 of 6 beside it. */
function gala(): Scene {
  let s = addCategory(EMPTY_SCENE, "Gala", "#4f7cff").scene;
  s = addCategory(s, "VIP", "#d4351c").scene;
  const first = addTable(s, { shape: "round", seats: 8, categoryKey: "gala", x: 0, y: 0 });
  s = addTable(first.scene, { sectionKey: first.sectionKey, shape: "rect", seats: 6, categoryKey: "gala", x: 0, y: 0 }).scene;
  return s;
}

const valid = (s: Scene) => expect(checkScene(s)).toEqual({ ok: true, scene: expect.anything() });
const table = (s: Scene, label: string) => findTable(s, label)!.table;
const distance = (p: { x?: number; y?: number }, c: { x?: number; y?: number }) => Math.hypot((p.x ?? 0) - (c.x ?? 0), (p.y ?? 0) - (c.y ?? 0));
const ok = <T extends { ok: boolean }>(r: T) => {
  expect(r.ok).toBe(true);
  return r as Extract<T, { ok: true }>;
};

describe("editing a table", () => {
  it("takes 10 seats instead of 8: seats placed around it again, labelled after it, keeping their categories", () => {
    const before = assignCategory(gala(), new Set(["T1-2"]), "vip");
    const after = ok(editTable(before, "T1", { seats: 10 })).scene;
    valid(after);
    const t = table(after, "T1");
    expect(t.seats.map((s) => s.label)).toEqual(Array.from({ length: 10 }, (_, i) => `T1-${i + 1}`));
    expect(t.seats.map((s) => s.categoryKey)).toEqual(["gala", "vip", ...Array<string>(8).fill("gala")]);
    // On one circle round the table's centre, further out than the 8 were (a bigger table).
    const radii = t.seats.map((s) => distance(s, t));
    for (const r of radii) expect(r).toBeCloseTo(radii[0]!, 1);
    expect(radii[0]!).toBeGreaterThan(distance(table(before, "T1").seats[0]!, t));
    // The other table is the same object: nothing else changed.
    expect(table(after, "T2")).toBe(table(before, "T2"));
  });

  it("is renamed with its seats (T7-1 …), and a label another object has is refused, naming it", () => {
    const s = gala();
    const renamed = ok(editTable(s, "T1", { label: " T7 " }));
    expect(renamed.label).toBe("T7");
    expect(table(renamed.scene, "T7").seats.map((x) => x.label)).toEqual(Array.from({ length: 8 }, (_, i) => `T7-${i + 1}`));
    expect(findTable(renamed.scene, "T1")).toBeNull();
    valid(renamed.scene);
    expect(editTable(s, "T1", { label: "T2" })).toEqual({ ok: false, reason: "label_taken", label: "T2" });
    // A seat label clashes too: a booth named T9-3 takes the third seat's label of a table T9.
    const withBooth = addBooth(s, { label: "T9-3", categoryKey: "gala" }).scene;
    expect(editTable(withBooth, "T1", { label: "T9" })).toEqual({ ok: false, reason: "label_taken", label: "T9-3" });
    // Its own labels are no clash: T1 keeps T1 while it takes 9 seats.
    expect(ok(editTable(s, "T1", { label: "T1", seats: 9 })).label).toBe("T1");
    expect(editTable(s, "T1", { label: "  " })).toEqual({ ok: false, reason: "empty_label" });
    expect(editTable(s, "nope", { seats: 4 })).toEqual({ ok: false, reason: "not_found" });
  });

  it("gives a new category to the table and all its seats", () => {
    const after = ok(editTable(assignCategory(gala(), new Set(["T1-2"]), "vip"), "T1", { categoryKey: "vip" })).scene;
    const t = table(after, "T1");
    expect([t.categoryKey, ...new Set(t.seats.map((s) => s.categoryKey))]).toEqual(["vip", "vip"]);
    valid(after);
    // An unknown category is the schema's refusal, with the path.
    const bad = ok(editTable(gala(), "T1", { categoryKey: "nope" })).scene;
    const checked = checkScene(bad);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.problems.map((p) => p.path)).toContain("sections.0.tables.0.categoryKey");
  });

  it("moves by its x/y with its seats where they were around it; moveTable is the same move", () => {
    const s = gala();
    const t1 = table(s, "T1");
    const moved = ok(editTable(s, "T1", { x: (t1.x ?? 0) + 40, y: (t1.y ?? 0) - 25 })).scene;
    const t = table(moved, "T1");
    const r2 = (v: number) => Math.round(v * 100) / 100;
    expect(t.seats.map((x) => [x.label, x.x, x.y])).toEqual(t1.seats.map((x) => [x.label, r2((x.x ?? 0) + 40), r2((x.y ?? 0) - 25)]));
    expect(moveTable(s, "T1", 40, -25)).toEqual(moved);
    expect(moveTable(s, "T1", 0, 0)).toBe(s);
    valid(moved);
  });

  it("changes kind: a round table made rectangular has its seats along its long sides", () => {
    const after = ok(editTable(gala(), "T1", { shape: "rect" })).scene;
    const t = table(after, "T1");
    expect(t.shape).toBe("rect");
    expect(new Set(t.seats.map((s) => s.y)).size).toBe(2);
    valid(after);
  });

  it("turns a rectangular table by 90°: its top stands on end and its seats go round with it; four turns bring it back", () => {
    const s = gala();
    const turned = ok(turnTable(s, "T2")).scene;
    const [before, after] = [table(s, "T2"), table(turned, "T2")];
    expect(after.height).toBeGreaterThan(after.width!);
    // Its seats now stand left and right of it: two x values, as many y values as seats per side.
    expect(new Set(after.seats.map((x) => x.x)).size).toBe(2);
    for (const [i, seat] of after.seats.entries()) expect(distance(seat, after)).toBeCloseTo(distance(before.seats[i]!, before), 1);
    valid(turned);
    let back = turned;
    for (let i = 0; i < 3; i++) back = ok(turnTable(back, "T2")).scene;
    expect(table(back, "T2").seats).toEqual(before.seats);
    // A table that stands keeps standing when it takes more seats.
    const more = table(ok(editTable(turned, "T2", { seats: 8 })).scene, "T2");
    expect(more.height).toBeGreaterThan(more.width!);
    expect(new Set(more.seats.map((x) => x.x)).size).toBe(2);
    expect(turnTable(s, "T1")).toEqual({ ok: false, reason: "round" });
  });
});

describe("editing a booth", () => {
  it("changes its label, category, size, floor and place; a label in use is refused", () => {
    let s = addFloor(gala(), "Balcony").scene;
    // Away from the gala's tables (a booth asked for on a table goes beside it).
    s = addBooth(s, { label: "Stand 1", categoryKey: "gala", x: 5000, y: 20, width: 60, height: 40 }).scene;
    const edited = ok(editBooth(s, "Stand 1", { label: "Stand 9", categoryKey: "vip", width: 80, height: 50, floorKey: "balcony", x: 100, y: 200 }));
    expect(findBooth(edited.scene, "Stand 9")!.booth).toEqual({
      label: "Stand 9",
      categoryKey: "vip",
      width: 80,
      height: 50,
      floorKey: "balcony",
      x: 100,
      y: 200,
    });
    valid(edited.scene);
    expect(findBooth(ok(editBooth(edited.scene, "Stand 9", { floorKey: "" })).scene, "Stand 9")!.booth.floorKey).toBeUndefined();
    expect(editBooth(s, "Stand 1", { label: "T1-4" })).toEqual({ ok: false, reason: "label_taken", label: "T1-4" });
    expect(moveBooth(s, "Stand 1", 5, -5)).toEqual(ok(editBooth(s, "Stand 1", { x: 5005, y: 15 })).scene);
  });

  it("leaves a section's booth on its section's floor", () => {
    const s = gala();
    const withBooth: Scene = { ...s, sections: s.sections.map((x) => ({ ...x, booths: [{ label: "Box 1", categoryKey: "gala" }] })) };
    const edited = ok(editBooth(addFloor(withBooth, "Balcony").scene, "Box 1", { floorKey: "balcony", width: 30 })).scene;
    expect(findBooth(edited, "Box 1")).toEqual({ booth: { label: "Box 1", categoryKey: "gala", width: 30 }, sectionKey: "A" });
    valid(edited);
  });
});

describe("editing zones and floors", () => {
  it("renames a zone and changes its sections, keeping its key; renames a floor, keeping what is on it", () => {
    let s = addTable(gala(), { shape: "round", seats: 4, categoryKey: "gala", x: 0, y: 0 }).scene;
    s = addZone(s, "Front", ["A"]).scene;
    s = addFloor(s, "Ground floor").scene;
    s = { ...s, sections: s.sections.map((x) => ({ ...x, floorKey: "ground-floor" })) };
    const zoned = editZone(s, "front", { label: "Front stalls", sectionKeys: ["A", "B"] });
    expect(zoned.zones).toEqual([{ key: "front", label: "Front stalls", sectionKeys: ["A", "B"] }]);
    valid(zoned);
    const floored = renameFloor(zoned, "ground-floor", "Parterre");
    expect(floored.floors).toEqual([{ key: "ground-floor", label: "Parterre" }]);
    expect(floored.sections.map((x) => x.floorKey)).toEqual(["ground-floor", "ground-floor"]);
    expect(renameFloor(floored, "ground-floor", " ")).toBe(floored);
    expect(editZone(floored, "nope", { label: "X" })).toBe(floored);
    // Removing the floor takes its sections off it.
    expect(removeFloor(floored, "ground-floor").sections.map((x) => x.floorKey)).toEqual([undefined, undefined]);
  });
});

describe("an edit in the editor", () => {
  it("is one step: undo brings the scene back exactly and redo makes the edit again; the chosen table follows", () => {
    const start = gala();
    const editor = new Editor(start, 1);
    editor.select({ ...NOTHING, table: "T1" });
    const edited = ok(editTable(start, "T1", { label: "T7", seats: 10 }));
    expect(editor.apply(edited.scene, { ...NOTHING, table: "T7" })).toEqual({ ok: true });
    expect(editor.selection.table).toBe("T7");
    editor.undo();
    expect(editor.scene).toBe(start);
    // T7 is gone after the undo: the choice is dropped rather than left naming nothing.
    expect(editor.selection.table).toBeUndefined();
    editor.redo();
    expect(editor.scene).toBe(edited.scene);
    expect(editor.canRedo).toBe(false);
  });

  it("refuses an edit the API's layout schema refuses, with the path, and changes nothing", () => {
    const start = addZone(gala(), "Front", ["A"]).scene;
    const editor = new Editor(start, 1);
    const result = editor.apply(editZone(start, "front", { sectionKeys: ["Z"] }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join(" ")).toMatch(/zones\.0\.sectionKeys\.0/);
    expect(editor.scene).toBe(start);
    expect(editor.canUndo).toBe(false);
  });
});
