/**
 * Translations of names in the designer (docs/languages.md): a category's or section's `labels`, its
 * name per language, written as one line per language ("de: Parkett") and set by a named action.
 * Pure functions over the scene, tested without a page; the editor then checks the result with the
 * API's layout schema like every other action.
 */
import { languageTagSchema, MAX_TRANSLATIONS, type Labels } from "../domain/labels";
import type { Scene } from "./actions";
import { ENGLISH, type DesignerWords } from "./words";

/** What is translated: a category or a section, by key. */
export interface NameOwner {
  kind: "category" | "section";
  key: string;
}

/** The labels as the text field shows them: "de: Parkett", one language per line, in the layout's order. */
export function translationsText(labels: Labels | undefined): string {
  return Object.entries(labels ?? {})
    .map(([tag, name]) => `${tag}: ${name}`)
    .join("\n");
}

/**
 * The lines a person typed as labels, or what is wrong with them, line by line. Empty lines are
 * skipped; a line is a language tag, a colon and the name ("pt-BR: Plateia"); a tag given twice
 * (in any case) is an error, as the API would refuse it. The errors are in the language of `words`.
 */
export function parseTranslations(text: string, words: DesignerWords = ENGLISH): { labels: Labels } | { errors: string[] } {
  const labels: Labels = {};
  const errors: string[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === "") return;
    const colon = line.indexOf(":");
    const at = { line: String(i + 1) };
    if (colon === -1) return void errors.push(words.t("translations.lineForm", at));
    const tag = line.slice(0, colon).trim();
    const name = line.slice(colon + 1).trim();
    if (!languageTagSchema.safeParse(tag).success) return void errors.push(words.t("translations.lineTag", { ...at, tag }));
    if (seen.has(tag.toLowerCase())) return void errors.push(words.t("translations.lineTwice", { ...at, tag }));
    if (name.length < 1 || name.length > 255) return void errors.push(words.t("translations.lineLength", at));
    seen.add(tag.toLowerCase());
    labels[tag] = name;
  });
  if (seen.size > MAX_TRANSLATIONS) errors.push(words.t("translations.tooMany", { max: MAX_TRANSLATIONS }));
  return errors.length > 0 ? { errors } : { labels };
}

/** The scene with `owner`'s translations replaced by `labels` (none removes them). */
export function setTranslations(scene: Scene, owner: NameOwner, labels: Labels): Scene {
  const next = Object.keys(labels).length > 0 ? labels : undefined;
  const apply = <T extends { key: string; labels?: Labels }>(items: T[]): T[] =>
    items.map((item) => {
      if (item.key !== owner.key) return item;
      const { labels: _old, ...rest } = item;
      return (next ? { ...rest, labels: next } : rest) as T;
    });
  return owner.kind === "category" ? { ...scene, categories: apply(scene.categories) } : { ...scene, sections: apply(scene.sections) };
}

/** The translations `owner` has now (none when it has none, or when it is gone). */
export function translationsOf(scene: Scene, owner: NameOwner): Labels | undefined {
  const items: { key: string; labels?: Labels }[] = owner.kind === "category" ? scene.categories : scene.sections;
  return items.find((item) => item.key === owner.key)?.labels;
}
