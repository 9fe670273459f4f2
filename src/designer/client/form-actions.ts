/**
 * The actions behind the panel's buttons and fields: each reads what a person typed (errors in
 * words, linked to their field), runs a named action of ../actions.ts through the designer, and
 * says what it did.
 */
import { addArea, addCategory, addSection, assignCategory, seatsOfRows, setFocalPoint, updateArea, updateSection, type Scene } from "../actions";
import { NOTHING, selectedObjects } from "../editor";
import { CATEGORY_PALETTE, nextCategoryColour } from "../palette";
import type { Designer } from "./designer";
import { input, readGenerator, select, type FieldError } from "./form-fields";
import { clearProblems, showNotice, showProblems } from "./page-messages";
import { seatsAndAreas } from "./page-view";

type Area = Scene["generalAdmission"][number];

/** The category things get when the layout has none yet. */
const DEFAULT_CATEGORY = { name: "Standard", color: CATEGORY_PALETTE[0] };

/** The category new things get: the one chosen for the selection, else the first, else a new "Standard". */
function categoryFor(scene: Scene): { scene: Scene; key: string } {
  const chosen = select("assign-category-select").value;
  if (chosen && scene.categories.some((c) => c.key === chosen)) return { scene, key: chosen };
  if (scene.categories.length > 0) return { scene, key: scene.categories[0]!.key };
  return addCategory(scene, DEFAULT_CATEGORY.name, DEFAULT_CATEGORY.color);
}

/** The one selected section's key, or null. */
function onlySelectedSection(d: Designer): string | null {
  const s = d.editor.selection.sections;
  return s.size === 1 ? [...s][0]! : null;
}

/** Adds a section made from the form's settings at the middle of the view, and selects it. */
export function addSectionFromForm(d: Designer): void {
  const form = readGenerator();
  if ("errors" in form) return showProblems("The section was not added.", form.errors);
  const { scene, key: categoryKey } = categoryFor(d.editor.scene);
  const before = new Set(scene.sections.map((s) => s.key));
  const next = addSection(scene, { ...form.generator, categoryKey }, { ...d.camera.centre(), rotation: form.rotation, label: form.label || undefined });
  const added = next.sections.find((s) => !before.has(s.key))!;
  const done = `${added.label} added: ${form.generator.rows} rows of ${form.generator.seatsPerRow} seats`;
  if (d.apply(next, { ...NOTHING, sections: new Set([added.key]) }, done)) input("section-name").value = added.label;
}

/** A section setting changed: the selected generated section is made again with it. */
export function sectionSettingChanged(d: Designer): void {
  const key = onlySelectedSection(d);
  if (!key) return;
  const form = readGenerator();
  if ("errors" in form) return showProblems("The section was not changed.", form.errors);
  const section = d.editor.scene.sections.find((s) => s.key === key)!;
  d.apply(
    updateSection(d.editor.scene, key, {
      generator: section.generator ? form.generator : undefined,
      label: form.label || section.label,
      rotation: form.rotation,
    }),
  );
}

export function addCategoryFromForm(d: Designer): void {
  const name = input("category-name").value.trim();
  if (!name) return showProblems("The category was not added.", [{ id: "category-name", message: "Enter a category name" }]);
  const { scene, key } = addCategory(d.editor.scene, name, input("category-colour").value);
  if (d.apply(scene, undefined, `Category ${name} added`)) {
    select("assign-category-select").value = key;
    input("category-name").value = "";
    // The next category starts from a colour no category has, so two never look alike by default.
    input("category-colour").value = nextCategoryColour(scene.categories.map((c) => c.color));
  }
}

/** Gives the chosen category to everything selected. */
export function assignChosenCategory(d: Designer): void {
  const key = select("assign-category-select").value;
  const labels = selectedObjects(d.editor.scene, d.editor.selection);
  if (!key) return showProblems("No category was assigned.", [{ id: "category-name", message: "Add a category first" }]);
  if (labels.size === 0) return showProblems("No category was assigned.", ["Select seats, rows, sections or GA areas first."]);
  const name = d.editor.scene.categories.find((c) => c.key === key)?.label ?? key;
  d.apply(assignCategory(d.editor.scene, labels, key), undefined, `${name} assigned to ${seatsAndAreas(d.editor.scene, labels)}`);
}

/**
 * Selects seats by what a person calls them: a section's name ("Stalls"), a section and row
 * ("Stalls row C"), a GA area's name, seat labels ("A-C-1"), or a label prefix ("A-C-*"). Names
 * are matched without regard to case. Seat selection without a pointer.
 */
export function selectByLabels(d: Designer): void {
  const terms = input("select-labels")
    .value.split(",")
    .map((t) => t.trim())
    .filter((t) => t !== "");
  if (terms.length === 0) return showProblems("Nothing was selected.", [{ id: "select-labels", message: "Enter seat labels, separated by commas" }]);
  const exact = new Set(terms.filter((t) => !t.endsWith("*")));
  const prefixes = terms.filter((t) => t.endsWith("*")).map((t) => t.slice(0, -1));
  const named = new Set(terms.map((t) => t.toLowerCase()));
  const seats = new Set<string>();
  for (const s of d.editor.scene.sections) {
    const section = s.label.toLowerCase();
    const whole = named.has(section) || named.has(s.key.toLowerCase());
    for (const r of s.rows) {
      const row = whole || named.has(`${section} row ${r.label.toLowerCase()}`) || named.has(`${section} ${r.label.toLowerCase()}`);
      for (const seat of r.seats) if (row || exact.has(seat.label) || prefixes.some((p) => seat.label.startsWith(p))) seats.add(seat.label);
    }
  }
  const areas = new Set(d.editor.scene.generalAdmission.filter((a) => named.has(a.label.toLowerCase())).map((a) => a.label));
  if (seats.size + areas.size === 0)
    return showProblems("Nothing was selected.", [{ id: "select-labels", message: "No section, row, area or seat has those names or labels" }]);
  clearProblems();
  d.editor.select({ ...NOTHING, seats, areas });
  showNotice(`${seatsAndAreas(d.editor.scene, new Set([...seats, ...areas]))} selected`);
}

/** Widens the selected seats to their whole rows. */
export function widenToRows(d: Designer): void {
  const sel = d.editor.selection;
  d.editor.select({ ...sel, seats: new Set(seatsOfRows(d.editor.scene, sel.seats)) });
}

/** Widens the selected seats to their whole sections. */
export function widenToSections(d: Designer): void {
  const sel = d.editor.selection;
  const keys = new Set(sel.sections);
  for (const s of d.editor.scene.sections) if (s.rows.some((r) => r.seats.some((x) => sel.seats.has(x.label)))) keys.add(s.key);
  d.editor.select({ ...sel, seats: new Set(), sections: keys });
}

/** The GA area in the form (without its category and place), or the errors to show. */
function readArea(): { area: Omit<Area, "categoryKey" | "x" | "y"> } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const name = input("area-name").value.trim();
  const capacity = Number(input("area-capacity").value);
  const width = Number(input("area-width").value);
  const height = Number(input("area-height").value);
  if (!Number.isInteger(capacity) || capacity < 1) errors.push({ id: "area-capacity", message: "Capacity must be a whole number of at least 1" });
  if (!(width > 0)) errors.push({ id: "area-width", message: "Width must be a number above 0" });
  if (!(height > 0)) errors.push({ id: "area-height", message: "Height must be a number above 0" });
  if (errors.length > 0) return { errors };
  const shape = select("area-shape").value === "ellipse" ? "ellipse" : "rectangle";
  return { area: { label: name, capacity, width, height, shape } };
}

/** Adds the form's GA area centred in the view (named "GA 1", "GA 2" … when left unnamed), and selects it. */
export function addAreaFromForm(d: Designer): void {
  const read = readArea();
  if ("errors" in read) return showProblems("The GA area was not added.", read.errors);
  const { scene, key } = categoryFor(d.editor.scene);
  const taken = new Set(scene.generalAdmission.map((a) => a.label));
  let label = read.area.label;
  if (!label) for (let i = 1; !label || taken.has(label); i++) label = `GA ${i}`;
  const c = d.camera.centre();
  const area: Area = { ...read.area, label, categoryKey: key, x: c.x - read.area.width! / 2, y: c.y - read.area.height! / 2 };
  if (d.apply(addArea(scene, area), { ...NOTHING, areas: new Set([label]) }, `GA area ${label} added with ${area.capacity} places`))
    input("area-name").value = label;
}

/** An area setting changed: the selected area takes it. */
export function areaSettingChanged(d: Designer): void {
  const sel = d.editor.selection.areas;
  if (sel.size !== 1) return;
  const label = [...sel][0]!;
  const read = readArea();
  if ("errors" in read) return showProblems("The GA area was not changed.", read.errors);
  const newLabel = read.area.label || label;
  d.apply(updateArea(d.editor.scene, label, { ...read.area, label: newLabel }), { ...NOTHING, areas: new Set([newLabel]) });
}

export function removeStage(d: Designer): void {
  if (d.editor.scene.focalPoint) d.apply(setFocalPoint(d.editor.scene, null), undefined, "The stage (focal point) is removed");
}
