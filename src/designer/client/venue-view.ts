/**
 * Shows the scene's tables, booths, floors and zones in their panels, reading only: the lists, and
 * the choices of sections, tables, booths, floors, zones and categories.
 */
import type { Scene } from "../actions";
import type { Selection } from "../editor";
import { findBooth, findTable } from "../venue-edits";
import { $, fillSelect, input, NEW_CATEGORY, select } from "./form-fields";
import { BOOTH_DEFAULT } from "./venue-drawing";
import { say } from "./words";

function list(id: string, items: string[]): void {
  $(id).replaceChildren(
    ...items.map((text) => {
      const li = document.createElement("li");
      li.textContent = text;
      return li;
    }),
  );
}

const none = (): [string, string] => ["", say("common.none")];

/** Fills the panels' lists and choices from the scene; the selected section's floor, and the chosen table's and booth's fields, are shown. */
export function showVenue(scene: Scene, selection: Selection, selectedSection: string | null): void {
  const sections = scene.sections.map((s): [string, string] => [s.key, `${s.label} (${s.key})`]);
  fillSelect(select("table-section"), [["", say("venue.newTableSection")], ...sections]);
  fillSelect(select("zone-sections"), sections);
  const tables = scene.sections.flatMap((s) =>
    (s.tables ?? []).map((t): [string, string] => [t.label, say("venue.tableOption", { label: t.label, n: t.seats.length })]),
  );
  fillSelect(select("table-select"), [none(), ...tables], selection.table ?? "");
  const booths = [...(scene.booths ?? []), ...scene.sections.flatMap((s) => s.booths ?? [])].map((b): [string, string] => [b.label, b.label]);
  fillSelect(select("booth-select"), [none(), ...booths], selection.booth ?? "");
  const floors = (scene.floors ?? []).map((f): [string, string] => [f.key, f.label]);
  fillSelect(select("booth-floor"), [none(), ...floors]);
  fillSelect(select("floor-select"), [none(), ...floors]);
  fillSelect(select("edit-booth-floor"), [none(), ...floors]);
  fillSelect(select("edit-zone-sections"), sections);
  const onFloor = selectedSection ? (scene.sections.find((s) => s.key === selectedSection)?.floorKey ?? "") : "";
  fillSelect(select("section-floor"), [none(), ...floors], onFloor);
  fillSelect(select("zone-select"), [none(), ...(scene.zones ?? []).map((z): [string, string] => [z.key, z.label])]);
  const categories = scene.categories.map((c): [string, string] => [c.key, c.label]);
  for (const id of ["table-category", "booth-category"]) {
    const node = select(id);
    const firstInstead = node.value === NEW_CATEGORY && node.dataset.picked !== "true" ? categories[0]?.[0] : undefined;
    fillSelect(node, [...categories, [NEW_CATEGORY, say("common.newCategory")]], firstInstead);
  }
  fillSelect(select("edit-table-category"), categories);
  fillSelect(select("edit-booth-category"), categories);
  showChosenTable(scene, selection.table);
  showChosenBooth(scene, selection.booth);
  const sectionName = new Map(scene.sections.map((s) => [s.key, s.label]));
  list(
    "floor-list",
    (scene.floors ?? []).map((f) => {
      const on = scene.sections.filter((s) => s.floorKey === f.key).map((s) => s.label);
      return on.length > 0 ? say("venue.floorSections", { label: f.label, sections: on.join(", ") }) : say("venue.floorEmpty", { label: f.label });
    }),
  );
  list(
    "zone-list",
    (scene.zones ?? []).map((z) => `${z.label}: ${z.sectionKeys.map((k) => sectionName.get(k) ?? k).join(", ")}`),
  );
}

/** The chosen table's fields show what it is now (after a click, a move, an undo). */
function showChosenTable(scene: Scene, label: string | undefined): void {
  const t = label ? findTable(scene, label)?.table : undefined;
  input("edit-table-name").value = t?.label ?? "";
  if (t) {
    select("edit-table-shape").value = t.shape;
    select("edit-table-category").value = t.categoryKey;
  }
  input("edit-table-seats").value = t ? String(t.seats.length) : "";
  input("edit-table-x").value = t ? String(t.x ?? 0) : "";
  input("edit-table-y").value = t ? String(t.y ?? 0) : "";
  $<HTMLButtonElement>("turn-table").disabled = t?.shape !== "rect";
}

/** The chosen booth's fields; a booth in a section is on its section's floor, so its own floor is not offered. */
function showChosenBooth(scene: Scene, label: string | undefined): void {
  const found = label ? findBooth(scene, label) : null;
  const b = found?.booth;
  input("edit-booth-name").value = b?.label ?? "";
  if (b) select("edit-booth-category").value = b.categoryKey;
  select("edit-booth-floor").value = b?.floorKey ?? "";
  select("edit-booth-floor").disabled = Boolean(found && found.sectionKey !== null);
  input("edit-booth-width").value = b ? String(b.width ?? BOOTH_DEFAULT.width) : "";
  input("edit-booth-height").value = b ? String(b.height ?? BOOTH_DEFAULT.height) : "";
  input("edit-booth-x").value = b ? String(b.x ?? 0) : "";
  input("edit-booth-y").value = b ? String(b.y ?? 0) : "";
}
