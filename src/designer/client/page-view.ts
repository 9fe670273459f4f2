/**
 * Shows the editor's state in the page, reading only: the drawing (through the renderer), the
 * undo and redo buttons, the save state, the selection summary, the lists of sections, areas and
 * categories, and the selected section's or area's settings in the form.
 */
import type { Scene } from "../actions";
import { selectedObjects, type Editor } from "../editor";
import type { DraftSaving } from "./draft-saving";
import { $, fillSelect, input, NEW_CATEGORY, select, showSection } from "./form-fields";
import type { Renderer } from "./scene-renderer";
import { findTable } from "../venue-edits";
import { showVenue } from "./venue-view";
import { showTranslationOwners } from "./translation-owners";
import { say } from "./words";

/** The size the form shows for an area drawn without one of its own (the size the renderer draws it). */
const AREA_DEFAULT = { width: 200, height: 110 };

/** Brings the page up to date with the editor; `why` says whether the scene or only the selection changed. */
export function showEditor(editor: Editor, renderer: Renderer, drafts: DraftSaving, why: "scene" | "selection"): void {
  const { scene, selection } = editor;
  renderer.render(scene, selection);
  $<HTMLButtonElement>("undo").disabled = !editor.canUndo;
  $<HTMLButtonElement>("redo").disabled = !editor.canRedo;
  drafts.showSavedState();
  const objects = selectedObjects(scene, selection);
  const sections = selection.sections.size;
  const table = selection.table ? findTable(scene, selection.table)?.table : undefined;
  $("selection-summary").textContent =
    objects.size + sections === 0
      ? table
        ? say("venue.tableOption", { label: table.label, n: table.seats.length })
        : (selection.booth ?? say("selection.nothing"))
      : sections
        ? say("selection.summarySections", { what: seatsAndAreas(scene, objects), sections })
        : say("selection.summary", { what: seatsAndAreas(scene, objects) });
  const onlySection = sections === 1 ? [...selection.sections][0]! : null;
  fillSelect(
    select("section-select"),
    [["", say("common.none")], ...scene.sections.map((s): [string, string] => [s.key, `${s.label} (${s.key})`])],
    onlySection ?? "",
  );
  const area = selection.areas.size === 1 ? [...selection.areas][0]! : "";
  fillSelect(
    select("area-select"),
    [["", say("common.none")], ...scene.generalAdmission.map((a): [string, string] => [a.label, `${a.label} (${a.capacity})`])],
    area,
  );
  const categories = scene.categories.map((c): [string, string] => [c.key, c.label]);
  fillSelect(select("assign-category-select"), categories);
  // New seats and areas take a category the person chose or names now: a chart starts with none made up.
  // Until someone picks "A new category" on purpose, a chart with categories offers its first one.
  for (const id of ["section-category", "area-category"]) {
    const node = select(id);
    const firstInstead = node.value === NEW_CATEGORY && node.dataset.picked !== "true" ? categories[0]?.[0] : undefined;
    fillSelect(node, [...categories, [NEW_CATEGORY, say("common.newCategory")]], firstInstead);
  }
  showSection(scene, onlySection);
  showVenue(scene, selection, onlySection);
  showTranslationOwners(scene, onlySection);
  const a = scene.generalAdmission.find((x) => x.label === area);
  if (a) {
    input("area-name").value = a.label;
    input("area-capacity").value = String(a.capacity);
    select("area-shape").value = a.shape ?? "rectangle";
    input("area-width").value = String(a.width ?? AREA_DEFAULT.width);
    input("area-height").value = String(a.height ?? AREA_DEFAULT.height);
  }
  if (why === "scene") showLists(scene);
}

/** "12 seats", "1 GA area", "12 seats and 1 GA area": what `labels` names, in words. */
export function seatsAndAreas(scene: Scene, labels: ReadonlySet<string>): string {
  const areas = scene.generalAdmission.filter((a) => labels.has(a.label)).length;
  const seats = labels.size - areas;
  if (areas === 0) return say("selection.seats", { n: seats });
  if (seats === 0) return say("selection.areas", { n: areas });
  return say("selection.seatsAndAreas", { seats: say("selection.seats", { n: seats }), areas: say("selection.areas", { n: areas }) });
}

/** The categories with their counts, the drawing's summary and the stage's place. */
function showLists(scene: Scene): void {
  const counts = new Map<string, number>();
  const count = (categoryKey: string) => counts.set(categoryKey, (counts.get(categoryKey) ?? 0) + 1);
  for (const s of scene.sections) {
    for (const r of s.rows) for (const seat of r.seats) count(seat.categoryKey);
    // Seats at tables and booths (docs/tables.md) are places of their categories too.
    for (const t of s.tables ?? []) for (const seat of t.seats) count(seat.categoryKey);
    for (const b of s.booths ?? []) count(b.categoryKey);
  }
  for (const b of scene.booths ?? []) count(b.categoryKey);
  for (const a of scene.generalAdmission) counts.set(a.categoryKey, (counts.get(a.categoryKey) ?? 0) + a.capacity);
  $("category-list").replaceChildren(
    ...scene.categories.map((c) => {
      const li = document.createElement("li");
      const sw = document.createElement("span");
      sw.className = "swatch";
      sw.style.background = c.color;
      li.append(sw, say("categories.places", { label: c.label, n: counts.get(c.key) ?? 0 }));
      return li;
    }),
  );
  $("canvas-empty").hidden = scene.sections.length > 0 || scene.generalAdmission.length > 0 || (scene.booths ?? []).length > 0;
  const tables = scene.sections.flatMap((s) => s.tables ?? []);
  const seatCount = scene.sections.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.seats.length, 0), 0) + tables.reduce((n, t) => n + t.seats.length, 0);
  const places = scene.generalAdmission.reduce((n, a) => n + a.capacity, 0);
  const booths = scene.sections.reduce((n, s) => n + (s.booths ?? []).length, (scene.booths ?? []).length);
  const totals = { sections: scene.sections.length, seats: seatCount, areas: scene.generalAdmission.length, places, tables: tables.length, booths };
  $("canvas-summary").textContent = say(scene.focalPoint ? "canvas.summaryStage" : "canvas.summary", totals);
  $("stage-state").textContent = scene.focalPoint ? say("stage.at", { x: scene.focalPoint.x, y: scene.focalPoint.y }) : say("stage.none");
}
