/**
 * The actions behind the panels of tables, booths, floors and zones: each reads what a person
 * typed (errors in words, linked to their field), runs an action of ../venue-actions.ts through the
 * designer and says what it did; {@link showVenue} fills the panels' lists from the scene.
 */
import { NOTHING } from "../editor";
import { addBooth, addFloor, addTable, addZone, removeBooths, removeFloor, removeTables, removeZone, setSectionFloor } from "../venue-actions";
import type { Designer } from "./designer";
import { categoryMade, chosenCategory } from "./form-actions";
import { $, input, select, type FieldError } from "./form-fields";
import { showProblems } from "./page-messages";

function wholeNumber(id: string, label: string, min: number, max: number, errors: FieldError[]): number {
  const v = Number(input(id).value);
  if (!Number.isInteger(v) || v < min || v > max) errors.push({ id, message: `${label} must be a whole number from ${min} to ${max}` });
  return v;
}

function positive(id: string, label: string, errors: FieldError[]): number {
  const v = Number(input(id).value);
  if (!(v > 0)) errors.push({ id, message: `${label} must be a number above 0` });
  return v;
}

/** Adds the form's table at the middle of the view, its seats around it. */
export function addTableFromForm(d: Designer): void {
  const errors: FieldError[] = [];
  const seats = wholeNumber("table-seats", "Seats at the table", 1, 100, errors);
  const category = chosenCategory(d.editor.scene, "table-category", "table-category-name");
  if ("errors" in category) errors.push(...category.errors);
  if (errors.length > 0 || "errors" in category) return showProblems("The table was not added.", errors);
  const shape = select("table-shape").value === "rect" ? "rect" : "round";
  const at = d.camera.centre();
  const made = addTable(category.scene, {
    sectionKey: select("table-section").value || undefined,
    label: input("table-name").value,
    shape,
    seats,
    categoryKey: category.key,
    x: at.x,
    y: at.y,
  });
  const words = `Table ${made.label} added: ${shape === "round" ? "round" : "rectangular"}, ${seats} ${seats === 1 ? "seat" : "seats"} around it`;
  if (!d.apply(made.scene, { ...NOTHING, sections: new Set([made.sectionKey]) }, words)) return;
  input("table-name").value = "";
  select("table-section").value = made.sectionKey;
  if (category.made) categoryMade("table-category", "table-category-name", category.key);
}

export function removeChosenTable(d: Designer): void {
  const label = select("table-select").value;
  if (!label) return showProblems("No table was removed.", [{ id: "table-select", message: "Choose the table to remove" }]);
  d.apply(removeTables(d.editor.scene, new Set([label])), NOTHING, `Table ${label} removed. Undo brings it back.`);
}

/** Adds the form's booth at the middle of the view. */
export function addBoothFromForm(d: Designer): void {
  const errors: FieldError[] = [];
  const width = positive("booth-width", "Booth width", errors);
  const height = positive("booth-height", "Booth height", errors);
  const category = chosenCategory(d.editor.scene, "booth-category", "booth-category-name");
  if ("errors" in category) errors.push(...category.errors);
  if (errors.length > 0 || "errors" in category) return showProblems("The booth was not added.", errors);
  const at = d.camera.centre();
  const floorKey = select("booth-floor").value || undefined;
  const made = addBooth(category.scene, {
    label: input("booth-name").value,
    categoryKey: category.key,
    x: at.x - width / 2,
    y: at.y - height / 2,
    width,
    height,
    floorKey,
  });
  if (!d.apply(made.scene, undefined, `Booth ${made.label} added`)) return;
  input("booth-name").value = "";
  if (category.made) categoryMade("booth-category", "booth-category-name", category.key);
}

export function removeChosenBooth(d: Designer): void {
  const label = select("booth-select").value;
  if (!label) return showProblems("No booth was removed.", [{ id: "booth-select", message: "Choose the booth to remove" }]);
  d.apply(removeBooths(d.editor.scene, new Set([label])), undefined, `Booth ${label} removed. Undo brings it back.`);
}

export function addFloorFromForm(d: Designer): void {
  const name = input("floor-name").value.trim();
  if (!name) return showProblems("The floor was not added.", [{ id: "floor-name", message: "Enter a floor name" }]);
  if (d.apply(addFloor(d.editor.scene, name).scene, undefined, `Floor ${name} added`)) input("floor-name").value = "";
}

export function removeChosenFloor(d: Designer): void {
  const key = select("floor-select").value;
  if (!key) return showProblems("No floor was removed.", [{ id: "floor-select", message: "Choose the floor to remove" }]);
  d.apply(removeFloor(d.editor.scene, key), undefined, "Floor removed. Undo brings it back.");
}

/** The selected section goes on the floor chosen. */
export function sectionFloorChanged(d: Designer): void {
  const sections = d.editor.selection.sections;
  if (sections.size === 0) return showProblems("No floor was set.", [{ id: "section-floor", message: "Select a section first" }]);
  const key = select("section-floor").value || undefined;
  d.apply(setSectionFloor(d.editor.scene, sections, key), undefined, key ? "The section is on that floor now" : "The section is on no floor now");
}

export function addZoneFromForm(d: Designer): void {
  const name = input("zone-name").value.trim();
  const sections = [...select("zone-sections").selectedOptions].map((o) => o.value);
  const errors: FieldError[] = [];
  if (!name) errors.push({ id: "zone-name", message: "Enter a zone name" });
  if (sections.length === 0) errors.push({ id: "zone-sections", message: "Choose the sections of the zone" });
  if (errors.length > 0) return showProblems("The zone was not added.", errors);
  if (
    d.apply(
      addZone(d.editor.scene, name, sections).scene,
      undefined,
      `Zone ${name} added with ${sections.length} ${sections.length === 1 ? "section" : "sections"}`,
    )
  )
    input("zone-name").value = "";
}

export function removeChosenZone(d: Designer): void {
  const key = select("zone-select").value;
  if (!key) return showProblems("No zone was removed.", [{ id: "zone-select", message: "Choose the zone to remove" }]);
  d.apply(removeZone(d.editor.scene, key), undefined, "Zone removed. Undo brings it back.");
}

/** Wires the panels' buttons and choices. */
export function attachVenueForms(d: Designer): void {
  const click = (id: string, f: () => void) => $(id).addEventListener("click", f);
  click("add-table", () => addTableFromForm(d));
  click("remove-table", () => removeChosenTable(d));
  click("add-booth", () => addBoothFromForm(d));
  click("remove-booth", () => removeChosenBooth(d));
  click("add-floor", () => addFloorFromForm(d));
  click("remove-floor", () => removeChosenFloor(d));
  click("add-zone", () => addZoneFromForm(d));
  click("remove-zone", () => removeChosenZone(d));
  select("section-floor").addEventListener("change", () => sectionFloorChanged(d));
  for (const id of ["table-category", "booth-category"]) select(id).addEventListener("change", () => (select(id).dataset.picked = "true"));
}
