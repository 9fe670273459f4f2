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
import { say } from "./words";

function wholeNumber(id: string, field: string, min: number, max: number, errors: FieldError[]): number {
  const v = Number(input(id).value);
  if (!Number.isInteger(v) || v < min || v > max) errors.push({ id, message: say("field.wholeRange", { field, min, max }) });
  return v;
}

function positive(id: string, field: string, errors: FieldError[]): number {
  const v = Number(input(id).value);
  if (!(v > 0)) errors.push({ id, message: say("venue.aboveZero", { field }) });
  return v;
}

/** Adds the form's table at the middle of the view, its seats around it. */
export function addTableFromForm(d: Designer): void {
  const errors: FieldError[] = [];
  const seats = wholeNumber("table-seats", say("venue.tableSeats"), 1, 100, errors);
  const category = chosenCategory(d.editor.scene, "table-category", "table-category-name");
  if ("errors" in category) errors.push(...category.errors);
  if (errors.length > 0 || "errors" in category) return showProblems(say("venue.tableNotAdded"), errors);
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
    sectionLabel: say("venue.tablesSectionName"),
  });
  const words = say("venue.tableAdded", { label: made.label, shape, seats });
  // The new table is chosen (its fields shown, the arrow keys move it) and its section selected.
  if (!d.apply(made.scene, { ...NOTHING, sections: new Set([made.sectionKey]), table: made.label }, words)) return;
  input("table-name").value = "";
  select("table-section").value = made.sectionKey;
  if (category.made) categoryMade("table-category", "table-category-name", category.key);
}

export function removeChosenTable(d: Designer): void {
  const label = select("table-select").value;
  if (!label) return showProblems(say("venue.noTableRemoved"), [{ id: "table-select", message: say("venue.chooseTable") }]);
  d.apply(removeTables(d.editor.scene, new Set([label])), NOTHING, say("venue.tableRemoved", { label }));
}

/** Adds the form's booth at the middle of the view. */
export function addBoothFromForm(d: Designer): void {
  const errors: FieldError[] = [];
  const width = positive("booth-width", say("venue.boothWidth"), errors);
  const height = positive("booth-height", say("venue.boothHeight"), errors);
  const category = chosenCategory(d.editor.scene, "booth-category", "booth-category-name");
  if ("errors" in category) errors.push(...category.errors);
  if (errors.length > 0 || "errors" in category) return showProblems(say("venue.boothNotAdded"), errors);
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
    defaultLabel: (n) => say("venue.boothDefaultName", { n }),
  });
  if (!d.apply(made.scene, { ...NOTHING, booth: made.label }, say("venue.boothAdded", { label: made.label }))) return;
  input("booth-name").value = "";
  if (category.made) categoryMade("booth-category", "booth-category-name", category.key);
}

export function removeChosenBooth(d: Designer): void {
  const label = select("booth-select").value;
  if (!label) return showProblems(say("venue.noBoothRemoved"), [{ id: "booth-select", message: say("venue.chooseBooth") }]);
  d.apply(removeBooths(d.editor.scene, new Set([label])), undefined, say("venue.boothRemoved", { label }));
}

export function addFloorFromForm(d: Designer): void {
  const name = input("floor-name").value.trim();
  if (!name) return showProblems(say("venue.floorNotAdded"), [{ id: "floor-name", message: say("venue.enterFloorName") }]);
  if (d.apply(addFloor(d.editor.scene, name).scene, undefined, say("venue.floorAdded", { name }))) input("floor-name").value = "";
}

export function removeChosenFloor(d: Designer): void {
  const key = select("floor-select").value;
  if (!key) return showProblems(say("venue.noFloorRemoved"), [{ id: "floor-select", message: say("venue.chooseFloor") }]);
  d.apply(removeFloor(d.editor.scene, key), undefined, say("venue.floorRemoved"));
}

/** The selected section goes on the floor chosen. */
export function sectionFloorChanged(d: Designer): void {
  const sections = d.editor.selection.sections;
  if (sections.size === 0) return showProblems(say("venue.noFloorSet"), [{ id: "section-floor", message: say("venue.selectSectionFirst") }]);
  const key = select("section-floor").value || undefined;
  d.apply(setSectionFloor(d.editor.scene, sections, key), undefined, say(key ? "venue.sectionOnFloor" : "venue.sectionOnNoFloor"));
}

export function addZoneFromForm(d: Designer): void {
  const name = input("zone-name").value.trim();
  const sections = [...select("zone-sections").selectedOptions].map((o) => o.value);
  const errors: FieldError[] = [];
  if (!name) errors.push({ id: "zone-name", message: say("venue.enterZoneName") });
  if (sections.length === 0) errors.push({ id: "zone-sections", message: say("venue.chooseZoneSections") });
  if (errors.length > 0) return showProblems(say("venue.zoneNotAdded"), errors);
  if (d.apply(addZone(d.editor.scene, name, sections).scene, undefined, say("venue.zoneAdded", { name, n: sections.length }))) input("zone-name").value = "";
}

export function removeChosenZone(d: Designer): void {
  const key = select("zone-select").value;
  if (!key) return showProblems(say("venue.noZoneRemoved"), [{ id: "zone-select", message: say("venue.chooseZone") }]);
  d.apply(removeZone(d.editor.scene, key), undefined, say("venue.zoneRemoved"));
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
