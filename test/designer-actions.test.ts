import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addArea,
  addCategory,
  addSection,
  assignCategory,
  copySections,
  deleteObjects,
  EMPTY_SCENE,
  moveAreas,
  moveSections,
  nextSectionKey,
  rotateSections,
  seatsInBox,
  seatsOfRows,
  setFocalPoint,
  translationBetween,
  updateSection,
  type Scene,
} from "../src/designer/actions";
import { Editor } from "../src/designer/editor";
import { defaultGenerator } from "../src/designer/generate";
import { commit, redo, startHistory, undo } from "../src/designer/undo-history";
import { checkScene } from "../src/designer/validate";

// The designer's actions (pure scene → scene), its history and its editor, without a browser.

const small = (n = 3) => ({ ...defaultGenerator("standard"), rows: n, seatsPerRow: n });
const base = (): Scene => addCategory(EMPTY_SCENE, "Standard", "#4f7cff").scene;
const labels = (s: Scene) => s.sections.flatMap((x) => x.rows.flatMap((r) => r.seats.map((seat) => seat.label)));

describe("actions", () => {
  it("adds sections under the next free key, A, B … and keeps the scene valid", () => {
    let s = addSection(base(), small(), { x: 0, y: 0 });
    s = addSection(s, small(), { x: 200, y: 0 });
    expect(s.sections.map((x) => [x.key, x.label])).toEqual([
      ["A", "Section A"],
      ["B", "Section B"],
    ]);
    expect(nextSectionKey(s)).toBe("C");
    expect(checkScene(s).ok).toBe(true);
  });

  it("moves every seat and the placement, and rotation keeps the seats' centre", () => {
    const s = addSection(base(), small(), { x: 0, y: 0 });
    const moved = moveSections(s, new Set(["A"]), 10, -5);
    expect(moved.sections[0]!.x).toBe(10);
    expect(moved.sections[0]!.rows[0]!.seats[0]!.x).toBeCloseTo(s.sections[0]!.rows[0]!.seats[0]!.x! + 10, 6);
    const turned = rotateSections(moved, new Set(["A"]), 90);
    expect(turned.sections[0]!.rotation).toBe(90);
    const centre = (x: Scene) => {
      const seats = x.sections[0]!.rows.flatMap((r) => r.seats);
      return [seats.reduce((a, b) => a + b.x!, 0) / seats.length, seats.reduce((a, b) => a + b.y!, 0) / seats.length];
    };
    expect(centre(turned)[0]).toBeCloseTo(centre(moved)[0]!, 1);
    expect(centre(turned)[1]).toBeCloseTo(centre(moved)[1]!, 1);
  });

  it("tells a moved section from any other change (what lets the page keep a moved section's drawing)", () => {
    const s = addSection(base(), { ...small(), curve: 30 }, { x: 0, y: 0 });
    const moved = moveSections(moveSections(s, new Set(["A"]), 10.004, -5.333), new Set(["A"]), 0.333, 0);
    const d = translationBetween(s.sections[0]!, moved.sections[0]!);
    expect(d!.x).toBeCloseTo(10.337, 1);
    expect(d!.y).toBeCloseTo(-5.333, 1);
    expect(translationBetween(s.sections[0]!, rotateSections(s, new Set(["A"]), 10).sections[0]!)).toBeNull();
    const premium = addCategory(s, "Premium", "#d9480f");
    const recoloured = assignCategory(premium.scene, new Set([s.sections[0]!.rows[0]!.seats[0]!.label]), premium.key);
    expect(translationBetween(s.sections[0]!, recoloured.sections[0]!)).toBeNull();
  });

  it("copies a generated section under a new key with its own labels and categories", () => {
    let s = addSection(base(), small(2), { x: 0, y: 0 });
    const vip = addCategory(s, "VIP", "#d4351c");
    s = assignCategory(vip.scene, new Set(["A-A-1"]), vip.key);
    const { scene, copies } = copySections(s, new Set(["A"]));
    expect(copies).toEqual(["B"]);
    expect(labels(scene)).toEqual(["A-A-1", "A-A-2", "A-B-1", "A-B-2", "B-A-1", "B-A-2", "B-B-1", "B-B-2"]);
    expect(scene.sections[1]!.rows[0]!.seats[0]!.categoryKey).toBe("vip");
    expect(checkScene(scene).ok).toBe(true);
  });

  it("assigns categories to seats and areas, widens a selection to rows, finds seats in a box", () => {
    let s = addSection(base(), small(3), { x: 0, y: 0 });
    s = addArea(s, { label: "Floor", categoryKey: "standard", capacity: 300, x: 0, y: 200, width: 100, height: 50, shape: "ellipse" });
    const vip = addCategory(s, "VIP", "#000000");
    const row = seatsOfRows(vip.scene, new Set(["A-B-2"]));
    expect(row).toEqual(["A-B-1", "A-B-2", "A-B-3"]);
    s = assignCategory(vip.scene, new Set([...row, "Floor"]), vip.key);
    expect(s.sections[0]!.rows[1]!.seats.every((x) => x.categoryKey === "vip")).toBe(true);
    expect(s.generalAdmission[0]!.categoryKey).toBe("vip");
    // Untouched rows keep their objects (history shares them).
    expect(s.sections[0]!.rows[0]).toBe(vip.scene.sections[0]!.rows[0]);
    const front = s.sections[0]!.rows[0]!.seats;
    expect(seatsInBox(s, { x: front[0]!.x! - 1, y: front[0]!.y! - 1 }, { x: front[2]!.x! + 1, y: front[0]!.y! + 1 })).toEqual(["A-A-1", "A-A-2", "A-A-3"]);
    expect(moveAreas(s, new Set(["Floor"]), 5, 5).generalAdmission[0]).toMatchObject({ x: 5, y: 205 });
  });

  it("regenerates a section from new settings, deletes, and sets or removes the stage", () => {
    let s = addSection(base(), small(3), { x: 0, y: 0 });
    s = updateSection(s, "A", { generator: { rows: 5, seatsPerRow: 4, rowLabels: "numbers" } });
    expect(s.sections[0]!.rows.map((r) => r.label)).toEqual(["1", "2", "3", "4", "5"]);
    expect(s.sections[0]!.rows[0]!.seats).toHaveLength(4);
    s = setFocalPoint(s, { x: 1.234, y: -50 });
    expect(s.focalPoint).toEqual({ x: 1.23, y: -50 });
    expect(setFocalPoint(s, null)).not.toHaveProperty("focalPoint");
    expect(deleteObjects(s, new Set(["A"]), new Set()).sections).toEqual([]);
  });
});

describe("history", () => {
  it("undo then redo of any sequence of commits returns the very same scenes (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 40 }), (values, back) => {
        let h = startHistory<number[]>([]);
        const scenes = [h.present];
        for (const v of values) {
          h = commit(h, [...h.present, v]);
          scenes.push(h.present);
        }
        const steps = Math.min(back, values.length);
        for (let i = 0; i < steps; i++) h = undo(h);
        expect(h.present).toBe(scenes[scenes.length - 1 - steps]);
        for (let i = 0; i < steps; i++) h = redo(h);
        expect(h.present).toBe(scenes[scenes.length - 1]);
        expect(redo(h)).toBe(h);
      }),
    );
  });

  it("a commit after an undo drops the redo stack", () => {
    let h = commit(commit(startHistory(0), 1), 2);
    h = commit(undo(h), 3);
    expect(h.future).toEqual([]);
    expect(undo(h).present).toBe(1);
  });
});

describe("editor", () => {
  it("refuses a change the API's schema would refuse (a duplicate label) and keeps the scene", () => {
    const start = addSection(base(), small(2), { x: 0, y: 0 });
    const editor = new Editor(start, 4);
    const duplicate = addSection(start, { ...small(2), labelPattern: "A-{row}-{seat}" }, { x: 100, y: 0 });
    const result = editor.apply(duplicate);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.join(" ")).toMatch(/Section B, row A: duplicate object label "A-A-1"/);
    expect(editor.scene).toBe(start);
    expect(editor.dirty).toBe(false);
  });

  it("tracks unsaved changes: undo back to the saved scene is clean again", () => {
    const start = base();
    const editor = new Editor(start, 1);
    expect(editor.apply(addSection(start, small(), { x: 0, y: 0 })).ok).toBe(true);
    expect(editor.dirty).toBe(true);
    editor.undo();
    expect(editor.dirty).toBe(false);
    editor.redo();
    editor.markSaved(2);
    expect(editor.dirty).toBe(false);
    expect(editor.version).toBe(2);
  });
});
