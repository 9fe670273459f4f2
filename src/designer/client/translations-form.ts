/**
 * The panel's "Translations": pick a category or section, write its name in other languages one
 * per line ("de: Parkett"), save. The list follows the scene; picking a section on the drawing
 * picks it here too.
 */
import { parseTranslations, setTranslations } from "../translations";
import type { Designer } from "./designer";
import { $, select } from "./form-fields";
import { clearProblems, showProblems } from "./page-messages";
import { FIELD, OWNER, ownerOf, showChosen } from "./translation-owners";
import { pageWords, say } from "./words";

/** Saves the field's lines as the chosen name's translations. */
function save(d: Designer): void {
  const owner = ownerOf(select(OWNER).value);
  if (!owner) return showProblems(say("translations.noneSaved"), [say("translations.addFirst")]);
  const read = parseTranslations($<HTMLTextAreaElement>(FIELD).value, pageWords);
  if ("errors" in read)
    return showProblems(
      say("translations.notSaved"),
      read.errors.map((message) => ({ id: FIELD, message })),
    );
  clearProblems();
  const count = Object.keys(read.labels).length;
  const name = select(OWNER).selectedOptions[0]?.textContent ?? owner.key;
  d.apply(
    setTranslations(d.editor.scene, owner, read.labels),
    undefined,
    count === 0 ? say("translations.none", { name }) : say("translations.count", { name, n: count }),
  );
}

export function attachTranslations(d: Designer): void {
  select(OWNER).addEventListener("change", () => showChosen(d.editor.scene));
  document.getElementById("save-translations")?.addEventListener("click", () => save(d));
}
