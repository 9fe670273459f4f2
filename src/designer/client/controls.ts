/**
 * The page's controls wired to what they do: a button marked `data-command` runs that command of
 * the table (../commands.ts), the same one its keys run; the panel's other buttons and fields run
 * the form's actions (form-actions.ts), and the file field imports a layout.
 */
import { attachSeatFeatures } from "./seat-features-form";
import { attachTranslations } from "./translations-form";
import { commandNamed } from "../commands";
import { NOTHING } from "../editor";
import type { Designer } from "./designer";
import {
  addAreaFromForm,
  addCategoryFromForm,
  addSectionFromForm,
  areaSettingChanged,
  assignChosenCategory,
  removeStage,
  sectionSettingChanged,
  selectByLabels,
  widenToRows,
  widenToSections,
} from "./form-actions";
import { $, input, select } from "./form-fields";
import { exportLayout, importLayout } from "./layout-files";
import { attachVenueEditForms } from "./venue-edit-forms";
import { attachVenueForms } from "./venue-forms";

/** The section settings: a change regenerates the selected section. */
const SECTION_FIELDS = [
  "section-name",
  "rows",
  "seats-per-row",
  "row-labels",
  "row-order",
  "seat-numbering",
  "curve",
  "skew",
  "rotation",
  "seat-spacing",
  "row-spacing",
  "aisles",
  "label-pattern",
];
const AREA_FIELDS = ["area-name", "area-capacity", "area-shape", "area-width", "area-height"];

export function attachControls(d: Designer): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-command]")) {
    const command = commandNamed(button.dataset.command!);
    button.addEventListener("click", () => command.run(d, ""));
  }
  const click = (id: string, f: () => void) => $(id).addEventListener("click", f);
  click("reload-draft", () => void d.drafts.reload());
  click("save-copy", () => void d.drafts.saveAsCopy());
  click("export", () => exportLayout(d));
  click("add-section", () => addSectionFromForm(d));
  click("add-category", () => addCategoryFromForm(d));
  click("assign-category", () => assignChosenCategory(d));
  attachSeatFeatures(d);
  attachVenueForms(d);
  attachVenueEditForms(d);
  attachTranslations(d);
  click("select-rows", () => widenToRows(d));
  click("select-labelled", () => selectByLabels(d));
  click("select-sections", () => widenToSections(d));
  click("add-area", () => addAreaFromForm(d));
  click("remove-stage", () => removeStage(d));
  click("place-stage", () => d.togglePlacingStage());
  const importer = input("import");
  importer.addEventListener("change", () => {
    const file = importer.files?.[0];
    if (file) void importLayout(d, file).finally(() => (importer.value = ""));
  });
  for (const id of SECTION_FIELDS) $(id).addEventListener("change", () => sectionSettingChanged(d));
  for (const id of AREA_FIELDS) $(id).addEventListener("change", () => areaSettingChanged(d));
  select("section-select").addEventListener("change", (e) => {
    const key = (e.target as HTMLSelectElement).value;
    d.editor.select(key ? { ...NOTHING, sections: new Set([key]) } : NOTHING);
  });
  for (const id of ["section-category", "area-category"]) select(id).addEventListener("change", () => (select(id).dataset.picked = "true"));
  select("area-select").addEventListener("change", (e) => {
    const label = (e.target as HTMLSelectElement).value;
    d.editor.select(label ? { ...NOTHING, areas: new Set([label]) } : NOTHING);
  });
}
