/**
 * The "Translations" panel's list of names (every category and section) and its field, shown from
 * the scene: what page-view.ts brings up to date after each change (translations-form.ts saves).
 */
import { translationsOf, translationsText, type NameOwner } from "../translations";
import type { Scene } from "../actions";
import { $, fillSelect, select } from "./form-fields";
import { say } from "./words";

export const OWNER = "translate-owner";
export const FIELD = "translations";

/** "section:stalls" for the select's value, and back. */
const valueOf = (o: NameOwner) => `${o.kind}:${o.key}`;
export function ownerOf(value: string): NameOwner | null {
  const at = value.indexOf(":");
  const kind = value.slice(0, at);
  return kind === "category" || kind === "section" ? { kind, key: value.slice(at + 1) } : null;
}

/** Fills the field with what the chosen name has now. */
export function showChosen(scene: Scene): void {
  const owner = ownerOf(select(OWNER).value);
  $<HTMLTextAreaElement>(FIELD).value = owner ? translationsText(translationsOf(scene, owner)) : "";
}

/** Brings the list of names up to date (the scene changed), choosing `selectedSection` when the drawing has one section selected. */
export function showTranslationOwners(scene: Scene, selectedSection: string | null): void {
  const options: [string, string][] = [
    ...scene.categories.map((c): [string, string] => [valueOf({ kind: "category", key: c.key }), say("translations.ofCategory", { label: c.label })]),
    ...scene.sections.map((s): [string, string] => [valueOf({ kind: "section", key: s.key }), say("translations.ofSection", { label: s.label })]),
  ];
  const before = select(OWNER).value;
  const chosen = selectedSection !== null ? valueOf({ kind: "section", key: selectedSection }) : undefined;
  fillSelect(select(OWNER), options.length > 0 ? options : [["", say("translations.noOwner")]], chosen);
  if (select(OWNER).value !== before || document.activeElement !== $(FIELD)) showChosen(scene);
}
