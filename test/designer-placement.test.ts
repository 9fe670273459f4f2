import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addArea, addCategory, addSection, EMPTY_SCENE, rekeySection, sectionKeyFor, type Scene } from "../src/designer/actions";
import { defaultGenerator } from "../src/designer/generate";
import { areaBox, besideOthers, occupied, overlaps, sectionBox } from "../src/designer/placement";
import { checkScene } from "../src/designer/validate";

// The designer's first minutes, without a browser: a new section or area goes beside the others
// (never on top of one), a named section's seat labels start with its name, and a rename of a
// never-published section takes its labels along.

const base = (): Scene => addCategory(EMPTY_SCENE, "Home", "#4f7cff").scene;
const gen = (rows = 3, seats = 4) => ({ ...defaultGenerator("home"), rows, seatsPerRow: seats });
const labels = (s: Scene) => s.sections.flatMap((x) => x.rows.flatMap((r) => r.seats.map((seat) => seat.label)));

/** Adds a section the way the page does: tried at `view`, moved beside the others when that spot is taken. */
function addBeside(scene: Scene, view: { x: number; y: number }, name?: string, rows = 3, seats = 4): Scene {
  const key = name ? sectionKeyFor(scene, name) : undefined;
  const trial = addSection(scene, gen(rows, seats), { ...view, key, label: name });
  const box = sectionBox(trial.sections.at(-1)!)!;
  const at = besideOthers(scene, box, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  return addSection(scene, gen(rows, seats), { ...at, key, label: name });
}

describe("where a new section or area goes", () => {
  it("goes where the person looks when that spot is free, beside the others when it is not", () => {
    const first = addBeside(base(), { x: 0, y: 0 }, "N1");
    const firstBox = sectionBox(first.sections[0]!)!;
    expect(firstBox.x + firstBox.width / 2).toBeCloseTo(0, 0);
    // The view has not moved: the second stand would be drawn exactly on the first; it goes to its right, level with it.
    const second = addBeside(first, { x: 0, y: 0 }, "N2");
    const a = sectionBox(second.sections[0]!)!;
    const b = sectionBox(second.sections[1]!)!;
    expect(overlaps(a, b)).toBe(false);
    expect(b.x).toBeGreaterThan(a.x + a.width);
    expect(b.y + b.height / 2).toBeCloseTo(a.y + a.height / 2, 0);
    // Somewhere empty, the view wins.
    const far = addBeside(second, { x: 0, y: 2000 }, "S1");
    expect(sectionBox(far.sections[2]!)!.y).toBeGreaterThan(1500);
    expect(checkScene(far).ok).toBe(true);
  });

  it("places an area beside the seats rather than over them", () => {
    const s = addBeside(base(), { x: 0, y: 0 }, "N1");
    const size = { width: 240, height: 120 };
    const c = besideOthers(s, size, { x: 0, y: 0 });
    const withArea = addArea(s, { label: "Family Terrace", categoryKey: "home", capacity: 300, x: c.x - 120, y: c.y - 60, width: 240, height: 120 });
    expect(overlaps(areaBox(withArea.generalAdmission[0]!), sectionBox(s.sections[0]!)!)).toBe(false);
  });

  it("never puts a new block on top of another, wherever the person looks (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: fc.integer({ min: -600, max: 600 }), y: fc.integer({ min: -600, max: 600 }), rows: fc.integer({ min: 1, max: 6 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (views) => {
          let s = base();
          for (const v of views) s = addBeside(s, v, undefined, v.rows, 5);
          const boxes = occupied(s);
          for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!)).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("seat labels from what the person named", () => {
  it("keys a named section by its name, so its labels start with it; unnamed sections keep letters", () => {
    const s = addBeside(addBeside(base(), { x: 0, y: 0 }, "N1"), { x: 0, y: 0 });
    expect(s.sections.map((x) => [x.key, x.label])).toEqual([
      ["N1", "N1"],
      ["A", "Section A"],
    ]);
    expect(labels(s).slice(0, 2)).toEqual(["N1-A-1", "N1-A-2"]);
    expect(labels(s)).toContain("A-A-1");
    expect(sectionKeyFor(s, "N1")).toBe("N1-2");
    expect(sectionKeyFor(s, "  North Stand ")).toBe("North Stand");
    expect(sectionKeyFor(s, "")).toBe("B");
  });

  it("a rename takes the section's key and seat labels along; a section made elsewhere keeps them", () => {
    const s = addBeside(base(), { x: 0, y: 0 });
    const renamed = rekeySection(s, "A", "N1");
    expect(renamed.key).toBe("N1");
    expect(renamed.scene.sections[0]).toMatchObject({ key: "N1", label: "N1" });
    expect(labels(renamed.scene)[0]).toBe("N1-A-1");
    expect(checkScene(renamed.scene).ok).toBe(true);
    const imported: Scene = {
      ...base(),
      sections: [{ key: "X", label: "Imported", rows: [{ label: "1", seats: [{ label: "X-1", categoryKey: "home", x: 0, y: 0 }] }] }],
    };
    expect(rekeySection(imported, "X", "N1").scene).toBe(imported);
  });
});
