/**
 * The actions behind the fields that change what was drawn: the chosen table (label, kind, seats,
 * category, centre; turned by 90°), the chosen booth (label, category, floor, size, corner), a
 * floor's name and a zone's name and sections. Each reads the fields (errors in words, linked to
 * their field), runs one edit of ../venue-edits.ts through the designer (one step to undo) and
 * says what it did. Choosing a table or booth here selects it on the drawing, as a click does.
 */
import { NOTHING } from "../editor";
import { editBooth, editTable, editZone, findBooth, findTable, renameFloor, turnTable, type EditRefusal } from "../venue-edits";
import type { Designer } from "./designer";
import { $, input, select, type FieldError } from "./form-fields";
import { showNotice, showProblems } from "./page-messages";
import { say } from "./words";

/** A number field's value, or an error for it. */
function numberIn(id: string, errors: FieldError[], check: (v: number) => boolean, message: string): number {
  const text = input(id).value.trim();
  const v = Number(text);
  if (text === "" || !Number.isFinite(v) || !check(v)) errors.push({ id, message });
  return v;
}

/** A refused edit in words, linked to the label field it is about. */
function refusal(r: EditRefusal, labelField: string, chooseField: string, chooseFirst: string): FieldError {
  if (r.reason === "label_taken") return { id: labelField, message: say("venue.labelTaken", { label: r.label }) };
  if (r.reason === "empty_label") return { id: labelField, message: say("venue.enterLabel") };
  if (r.reason === "round") return { id: "edit-table-shape", message: say("venue.onlyRectTurns") };
  return { id: chooseField, message: chooseFirst };
}

/** Selects the table labelled `label` (as a click on it does) and says what it is. */
export function chooseTable(d: Designer, label: string): void {
  const found = findTable(d.editor.scene, label);
  if (!found) return d.editor.select(NOTHING);
  d.editor.select({ ...NOTHING, table: label });
  const t = found.table;
  showNotice(say("venue.tableChosen", { label, shape: t.shape, seats: t.seats.length, x: t.x ?? 0, y: t.y ?? 0 }));
}

/** Selects the booth labelled `label` and says where it is. */
export function chooseBooth(d: Designer, label: string): void {
  const found = findBooth(d.editor.scene, label);
  if (!found) return d.editor.select(NOTHING);
  d.editor.select({ ...NOTHING, booth: label });
  showNotice(say("venue.boothChosen", { label, x: found.booth.x ?? 0, y: found.booth.y ?? 0 }));
}

/** Applies the chosen table's fields: one step in the history. */
export function updateTableFromForm(d: Designer): void {
  const label = d.editor.selection.table;
  if (!label) return showProblems(say("venue.tableNotChanged"), [{ id: "table-select", message: say("venue.chooseTableFirst") }]);
  const errors: FieldError[] = [];
  const seatsField = say("venue.editTableSeats");
  const seats = numberIn(
    "edit-table-seats",
    errors,
    (v) => Number.isInteger(v) && v >= 1 && v <= 100,
    say("field.wholeRange", { field: seatsField, min: 1, max: 100 }),
  );
  const x = numberIn("edit-table-x", errors, () => true, say("field.number", { field: say("venue.editTableX") }));
  const y = numberIn("edit-table-y", errors, () => true, say("field.number", { field: say("venue.editTableY") }));
  if (errors.length > 0) return showProblems(say("venue.tableNotChanged"), errors);
  const shape = select("edit-table-shape").value === "rect" ? "rect" : "round";
  const categoryKey = select("edit-table-category").value || undefined;
  const made = editTable(d.editor.scene, label, { label: input("edit-table-name").value, shape, seats, categoryKey, x, y });
  if (!made.ok) return showProblems(say("venue.tableNotChanged"), [refusal(made, "edit-table-name", "table-select", say("venue.chooseTableFirst"))]);
  const t = findTable(made.scene, made.label)!.table;
  const words = say("venue.tableChanged", { label: made.label, shape: t.shape, seats: t.seats.length, x: t.x ?? 0, y: t.y ?? 0 });
  d.apply(made.scene, { ...NOTHING, table: made.label }, words);
}

/** Turns the chosen rectangular table by 90°. */
export function turnChosenTable(d: Designer): void {
  const label = d.editor.selection.table;
  if (!label) return showProblems(say("venue.tableNotChanged"), [{ id: "table-select", message: say("venue.chooseTableFirst") }]);
  const made = turnTable(d.editor.scene, label);
  if (!made.ok) return showProblems(say("venue.tableNotChanged"), [refusal(made, "edit-table-name", "table-select", say("venue.chooseTableFirst"))]);
  d.apply(made.scene, undefined, say("venue.tableTurned", { label }));
}

/** Applies the chosen booth's fields: one step in the history. */
export function updateBoothFromForm(d: Designer): void {
  const label = d.editor.selection.booth;
  if (!label) return showProblems(say("venue.boothNotChanged"), [{ id: "booth-select", message: say("venue.chooseBoothFirst") }]);
  const errors: FieldError[] = [];
  const above = (id: string, field: string) => numberIn(id, errors, (v) => v > 0, say("venue.aboveZero", { field }));
  const width = above("edit-booth-width", say("venue.editBoothWidth"));
  const height = above("edit-booth-height", say("venue.editBoothHeight"));
  const x = numberIn("edit-booth-x", errors, () => true, say("field.number", { field: say("venue.editBoothX") }));
  const y = numberIn("edit-booth-y", errors, () => true, say("field.number", { field: say("venue.editBoothY") }));
  if (errors.length > 0) return showProblems(say("venue.boothNotChanged"), errors);
  const floor = select("edit-booth-floor");
  const made = editBooth(d.editor.scene, label, {
    label: input("edit-booth-name").value,
    categoryKey: select("edit-booth-category").value || undefined,
    floorKey: floor.disabled ? undefined : floor.value,
    width,
    height,
    x,
    y,
  });
  if (!made.ok) return showProblems(say("venue.boothNotChanged"), [refusal(made, "edit-booth-name", "booth-select", say("venue.chooseBoothFirst"))]);
  d.apply(made.scene, { ...NOTHING, booth: made.label }, say("venue.boothChanged", { label: made.label }));
}

/** Gives the floor chosen under "Floor to rename or remove" the name typed. */
export function renameChosenFloor(d: Designer): void {
  const key = select("floor-select").value;
  const name = input("edit-floor-name").value.trim();
  const errors: FieldError[] = [];
  if (!key) errors.push({ id: "floor-select", message: say("venue.chooseFloorToRename") });
  if (!name) errors.push({ id: "edit-floor-name", message: say("venue.enterFloorName") });
  if (errors.length > 0) return showProblems(say("venue.floorNotRenamed"), errors);
  d.apply(renameFloor(d.editor.scene, key, name), undefined, say("venue.floorRenamed", { name }));
}

/** Gives the zone chosen its new name and sections. */
export function updateChosenZone(d: Designer): void {
  const key = select("zone-select").value;
  const name = input("edit-zone-name").value.trim();
  const sections = [...select("edit-zone-sections").selectedOptions].map((o) => o.value);
  const errors: FieldError[] = [];
  if (!key) errors.push({ id: "zone-select", message: say("venue.chooseZoneToChange") });
  if (!name) errors.push({ id: "edit-zone-name", message: say("venue.enterZoneName") });
  if (sections.length === 0) errors.push({ id: "edit-zone-sections", message: say("venue.chooseZoneSections") });
  if (errors.length > 0) return showProblems(say("venue.zoneNotChanged"), errors);
  d.apply(editZone(d.editor.scene, key, { label: name, sectionKeys: sections }), undefined, say("venue.zoneChanged", { name, n: sections.length }));
}

/** Fills the floor's and the zone's fields from the one chosen (their lists are filled by venue-view.ts). */
function showChosenFloor(d: Designer): void {
  const floor = (d.editor.scene.floors ?? []).find((f) => f.key === select("floor-select").value);
  input("edit-floor-name").value = floor?.label ?? "";
}

function showChosenZone(d: Designer): void {
  const zone = (d.editor.scene.zones ?? []).find((z) => z.key === select("zone-select").value);
  input("edit-zone-name").value = zone?.label ?? "";
  for (const o of select("edit-zone-sections").options) o.selected = zone?.sectionKeys.includes(o.value) ?? false;
}

/** Wires the edit fields' buttons and choices. */
export function attachVenueEditForms(d: Designer): void {
  const click = (id: string, f: () => void) => $(id).addEventListener("click", f);
  click("update-table", () => updateTableFromForm(d));
  click("turn-table", () => turnChosenTable(d));
  click("update-booth", () => updateBoothFromForm(d));
  click("rename-floor", () => renameChosenFloor(d));
  click("update-zone", () => updateChosenZone(d));
  select("table-select").addEventListener("change", () => chooseTable(d, select("table-select").value));
  select("booth-select").addEventListener("change", () => chooseBooth(d, select("booth-select").value));
  select("floor-select").addEventListener("change", () => showChosenFloor(d));
  select("zone-select").addEventListener("change", () => showChosenZone(d));
}
