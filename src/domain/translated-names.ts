/**
 * Which of a layout object's names to show (docs/languages.md): its `labels` hold a name per language,
 * and a reader in one language sees the closest one. Kept apart from the schema (labels.ts) so the
 * browser bundles that pick names carry no validation code.
 */
import type { Labels } from "./labels";

/**
 * The name for `language` among `labels`: the tag itself ("pt-BR"), then its language ("pt"), then
 * any region of that language ("pt-PT" for "pt"); undefined when none fits (the caller shows `label`).
 */
export function labelFor(labels: Labels | undefined, language: string): string | undefined {
  if (!labels) return undefined;
  const wanted = language.toLowerCase();
  const base = wanted.split("-")[0]!;
  let sameBase: string | undefined;
  let regional: string | undefined;
  for (const [tag, text] of Object.entries(labels)) {
    const t = tag.toLowerCase();
    if (t === wanted) return text;
    if (t === base) sameBase ??= text;
    else if (t.split("-")[0] === base) regional ??= text;
  }
  return sameBase ?? regional;
}
