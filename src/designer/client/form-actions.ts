/**
 * The actions behind the panel's buttons and fields: each reads what a person typed (errors in
 * words, linked to their field), runs a named action of ../actions.ts through the designer, and
 * says what it did.
 */
import {
  addArea,
  addCategory,
  addSection,
  assignCategory,
  nextSectionKey,
  rekeySection,
  sectionKeyFor,
  seatsOfRows,
  setFocalPoint,
  updateArea,
  updateSection,
  type Scene,
} from "../actions";
import { NOTHING, selectedObjects } from "../editor";
import { splitTypedLabels } from "../../domain/typed-labels";
import { nextCategoryColour } from "../palette";
import { besideOthers, sectionBox } from "../placement";
import type { Designer } from "./designer";
import { input, NEW_CATEGORY, readGenerator, select, type FieldError } from "./form-fields";
import { clearProblems, showNotice, showProblems } from "./page-messages";
import { seatsAndAreas } from "./page-view";
import { say } from "./words";

type Area = Scene["generalAdmission"][number];

/**
 * The category a new section's seats (or a new area) get: the one chosen in `selectId`, or a new
 * one named in `nameId` (its colour one no category has yet). Nothing is made up: a chart starts
 * with the categories its person names, and none goes unused.
 */
function chosenCategory(scene: Scene, selectId: string, nameId: string): { scene: Scene; key: string; made?: string } | { errors: FieldError[] } {
  const chosen = select(selectId).value;
  if (chosen && chosen !== NEW_CATEGORY && scene.categories.some((c) => c.key === chosen)) return { scene, key: chosen };
  const name = input(nameId).value.trim();
  if (!name) return { errors: [{ id: nameId, message: say("categories.nameIt") }] };
  const made = addCategory(scene, name, nextCategoryColour(scene.categories.map((c) => c.color)));
  return { ...made, made: name };
}

/** After a new category was made from a name field: it is the choice now (the page has listed it), and the field is emptied. */
function categoryMade(selectId: string, nameId: string, key: string): void {
  select(selectId).value = key;
  input(nameId).value = "";
}

/** Whether seat labels still follow section names: the chart has never been published, so no event has its labels yet. */
function labelsFollowNames(): boolean {
  return document.getElementById("designer")?.dataset.published !== "true";
}

/** The one selected section's key, or null. */
function onlySelectedSection(d: Designer): string | null {
  const s = d.editor.selection.sections;
  return s.size === 1 ? [...s][0]! : null;
}

/**
 * Adds a section made from the form's settings, keyed by its name (so `{section}` in its labels is
 * the name), at the middle of the view when that spot is free, else beside the sections already
 * drawn; selects it and shows it.
 */
export function addSectionFromForm(d: Designer): void {
  const form = readGenerator();
  const category = chosenCategory(d.editor.scene, "section-category", "section-category-name");
  const errors = [...("errors" in form ? form.errors : []), ...("errors" in category ? category.errors : [])];
  if ("errors" in form || "errors" in category) return showProblems(say("sections.notAdded"), errors);
  const { scene, key: categoryKey } = category;
  // Unnamed, a section takes the next letter and is called by it in the page's language ("Block A").
  const key = form.label ? sectionKeyFor(scene, form.label) : nextSectionKey(scene);
  const label = form.label || say("sections.defaultName", { key });
  const g = { ...form.generator, categoryKey };
  const view = d.camera.centre();
  const trial = addSection(scene, g, { ...view, rotation: form.rotation, key, label });
  const box = sectionBox(trial.sections.at(-1)!);
  const at = box ? besideOthers(scene, box, { x: box.x + box.width / 2, y: box.y + box.height / 2 }) : view;
  const moved = at.x !== view.x || at.y !== view.y;
  const next = moved ? addSection(scene, g, { ...at, rotation: form.rotation, key, label }) : trial;
  const added = next.sections.at(-1)!;
  const done = say("sections.added", {
    label: added.label,
    moved: moved ? "yes" : "no",
    rows: form.generator.rows,
    seats: form.generator.seatsPerRow,
    made: category.made ? "yes" : "no",
    category: category.made ?? "",
  });
  if (!d.apply(next, { ...NOTHING, sections: new Set([added.key]) }, done)) return;
  input("section-name").value = added.label;
  if (category.made) categoryMade("section-category", "section-category-name", categoryKey);
  if (moved) d.camera.centreOn(at);
}

/**
 * A section setting changed: the selected generated section is made again with it. Renamed while
 * the chart has never been published, its key (and so its seat labels) follows the new name.
 */
export function sectionSettingChanged(d: Designer): void {
  const key = onlySelectedSection(d);
  if (!key) return;
  const form = readGenerator();
  if ("errors" in form) return showProblems(say("sections.notChanged"), form.errors);
  const section = d.editor.scene.sections.find((s) => s.key === key)!;
  const renamed =
    form.label && form.label !== section.label && labelsFollowNames() ? rekeySection(d.editor.scene, key, form.label) : { scene: d.editor.scene, key };
  const current = renamed.scene.sections.find((s) => s.key === renamed.key)!;
  d.apply(
    updateSection(renamed.scene, renamed.key, {
      generator: current.generator ? { ...form.generator, categoryKey: current.generator.categoryKey } : undefined,
      label: form.label || current.label,
      rotation: form.rotation,
    }),
    { ...NOTHING, sections: new Set([renamed.key]) },
  );
}

export function addCategoryFromForm(d: Designer): void {
  const name = input("category-name").value.trim();
  if (!name) return showProblems(say("categories.notAdded"), [{ id: "category-name", message: say("categories.enterName") }]);
  const { scene, key } = addCategory(d.editor.scene, name, input("category-colour").value);
  if (d.apply(scene, undefined, say("categories.added", { name }))) {
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
  if (!key) return showProblems(say("assign.none"), [{ id: "category-name", message: say("assign.addFirst") }]);
  if (labels.size === 0) return showProblems(say("assign.none"), [say("assign.selectFirst")]);
  const name = d.editor.scene.categories.find((c) => c.key === key)?.label ?? key;
  d.apply(assignCategory(d.editor.scene, labels, key), undefined, say("assign.done", { name, what: seatsAndAreas(d.editor.scene, labels) }));
}

/**
 * Selects seats by what a person calls them: a section's name ("Stalls"), a section and row
 * ("Stalls row C"), a GA area's name, seat labels ("A-C-1"), or a label prefix ("A-C-*"). Names
 * are matched without regard to case. Seat selection without a pointer.
 */
export function selectByLabels(d: Designer): void {
  // A label or a name may hold commas and spaces ("Box 3, left", "Family Terrace"): the text is one
  // term when it names something, else terms separated by commas (domain/typed-labels.ts).
  const scene = d.editor.scene;
  // "Stalls row C" in English, "Parkett Reihe C" in German: the page's word for a row, and English's.
  const rowWords = [...new Set(["row", say("select.rowWord").toLowerCase()])];
  const names = new Set<string>();
  for (const s of scene.sections) {
    names.add(s.label.toLowerCase()).add(s.key.toLowerCase());
    for (const r of s.rows) {
      for (const word of rowWords) names.add(`${s.label.toLowerCase()} ${word} ${r.label.toLowerCase()}`);
      for (const seat of r.seats) names.add(seat.label.toLowerCase());
    }
  }
  for (const a of scene.generalAdmission) names.add(a.label.toLowerCase());
  const terms = splitTypedLabels(input("select-labels").value.split(/\r?\n/), (t) => t.endsWith("*") || names.has(t.toLowerCase()));
  if (terms.length === 0) return showProblems(say("select.none"), [{ id: "select-labels", message: say("select.enterLabels") }]);
  const exact = new Set(terms.filter((t) => !t.endsWith("*")));
  const prefixes = terms.filter((t) => t.endsWith("*")).map((t) => t.slice(0, -1));
  const named = new Set(terms.map((t) => t.toLowerCase()));
  const seats = new Set<string>();
  for (const s of d.editor.scene.sections) {
    const section = s.label.toLowerCase();
    const whole = named.has(section) || named.has(s.key.toLowerCase());
    for (const r of s.rows) {
      const row =
        whole || rowWords.some((word) => named.has(`${section} ${word} ${r.label.toLowerCase()}`)) || named.has(`${section} ${r.label.toLowerCase()}`);
      for (const seat of r.seats) if (row || exact.has(seat.label) || prefixes.some((p) => seat.label.startsWith(p))) seats.add(seat.label);
    }
  }
  const areas = new Set(d.editor.scene.generalAdmission.filter((a) => named.has(a.label.toLowerCase())).map((a) => a.label));
  if (seats.size + areas.size === 0) return showProblems(say("select.none"), [{ id: "select-labels", message: say("select.noMatch") }]);
  clearProblems();
  d.editor.select({ ...NOTHING, seats, areas });
  showNotice(say("select.done", { what: seatsAndAreas(d.editor.scene, new Set([...seats, ...areas])) }));
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
  if (!Number.isInteger(capacity) || capacity < 1) errors.push({ id: "area-capacity", message: say("areas.capacityWhole") });
  if (!(width > 0)) errors.push({ id: "area-width", message: say("areas.widthAbove") });
  if (!(height > 0)) errors.push({ id: "area-height", message: say("areas.heightAbove") });
  if (errors.length > 0) return { errors };
  const shape = select("area-shape").value === "ellipse" ? "ellipse" : "rectangle";
  return { area: { label: name, capacity, width, height, shape } };
}

/**
 * Adds the form's GA area (named "GA 1", "GA 2" … when left unnamed) at the middle of the view when
 * that spot is free, else beside what is drawn, in the category chosen for it; selects it.
 */
export function addAreaFromForm(d: Designer): void {
  const read = readArea();
  const category = chosenCategory(d.editor.scene, "area-category", "area-category-name");
  if ("errors" in read || "errors" in category)
    return showProblems(say("areas.notAdded"), [...("errors" in read ? read.errors : []), ...("errors" in category ? category.errors : [])]);
  const { scene, key } = category;
  const taken = new Set(scene.generalAdmission.map((a) => a.label));
  let label = read.area.label;
  if (!label) for (let i = 1; !label || taken.has(label); i++) label = say("areas.defaultName", { n: String(i) });
  const size = { width: read.area.width!, height: read.area.height! };
  const view = d.camera.centre();
  const c = besideOthers(scene, size, view);
  const area: Area = { ...read.area, label, categoryKey: key, x: c.x - size.width / 2, y: c.y - size.height / 2 };
  const done = say("areas.added", { label, capacity: area.capacity, made: category.made ? "yes" : "no", category: category.made ?? "" });
  if (!d.apply(addArea(scene, area), { ...NOTHING, areas: new Set([label]) }, done)) return;
  input("area-name").value = label;
  if (category.made) categoryMade("area-category", "area-category-name", key);
  if (c.x !== view.x || c.y !== view.y) d.camera.centreOn(c);
}

/** An area setting changed: the selected area takes it. */
export function areaSettingChanged(d: Designer): void {
  const sel = d.editor.selection.areas;
  if (sel.size !== 1) return;
  const label = [...sel][0]!;
  const read = readArea();
  if ("errors" in read) return showProblems(say("areas.notChanged"), read.errors);
  const newLabel = read.area.label || label;
  d.apply(updateArea(d.editor.scene, label, { ...read.area, label: newLabel }), { ...NOTHING, areas: new Set([newLabel]) });
}

export function removeStage(d: Designer): void {
  if (d.editor.scene.focalPoint) d.apply(setFocalPoint(d.editor.scene, null), undefined, say("stage.removed"));
}
