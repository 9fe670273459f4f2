/**
 * Shows the scene's tables, booths, floors and zones in their panels, reading only: the lists, and
 * the choices of sections, tables, booths, floors, zones and categories.
 */
import type { Scene } from "../actions";
import { $, fillSelect, NEW_CATEGORY, select } from "./form-fields";
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

/** Fills the panels' lists and choices from the scene; the selected section's floor is shown. */
export function showVenue(scene: Scene, selectedSection: string | null): void {
  const sections = scene.sections.map((s): [string, string] => [s.key, `${s.label} (${s.key})`]);
  fillSelect(select("table-section"), [["", say("venue.newTableSection")], ...sections]);
  fillSelect(select("zone-sections"), sections);
  const tables = scene.sections.flatMap((s) =>
    (s.tables ?? []).map((t): [string, string] => [t.label, say("venue.tableOption", { label: t.label, n: t.seats.length })]),
  );
  fillSelect(select("table-select"), [none(), ...tables]);
  const booths = [...(scene.booths ?? []), ...scene.sections.flatMap((s) => s.booths ?? [])].map((b): [string, string] => [b.label, b.label]);
  fillSelect(select("booth-select"), [none(), ...booths]);
  const floors = (scene.floors ?? []).map((f): [string, string] => [f.key, f.label]);
  fillSelect(select("booth-floor"), [none(), ...floors]);
  fillSelect(select("floor-select"), [none(), ...floors]);
  const onFloor = selectedSection ? (scene.sections.find((s) => s.key === selectedSection)?.floorKey ?? "") : "";
  fillSelect(select("section-floor"), [none(), ...floors], onFloor);
  fillSelect(select("zone-select"), [none(), ...(scene.zones ?? []).map((z): [string, string] => [z.key, z.label])]);
  const categories = scene.categories.map((c): [string, string] => [c.key, c.label]);
  for (const id of ["table-category", "booth-category"]) {
    const node = select(id);
    const firstInstead = node.value === NEW_CATEGORY && node.dataset.picked !== "true" ? categories[0]?.[0] : undefined;
    fillSelect(node, [...categories, [NEW_CATEGORY, say("common.newCategory")]], firstInstead);
  }
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
