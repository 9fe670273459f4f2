import { z } from "@hono/zod-openapi";

/**
 * Translations of a layout's names (docs/languages.md): a category, a section (and, as venues grow, a
 * zone or a floor) may carry `labels`, a name per language, `{ "de": "Parkett", "fr": "Parterre" }`.
 * The object's own `label` stays the name in every other language. Reads give `labels` back as
 * written; the SDK shows the name of its chart's language (`labelFor`, translated-names.ts). One
 * schema, reused by every part of the layout that has a name.
 */

/**
 * A well-formed BCP 47 tag of the forms people use for a language: a language subtag, then an
 * optional script, region and variants ("de", "pt-BR", "zh-Hant-TW", "sr-Latn", "es-419").
 */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|\d{3}))?(?:-(?:[A-Za-z\d]{5,8}|\d[A-Za-z\d]{3}))*$/;

/** Most languages one name may be translated into. */
export const MAX_TRANSLATIONS = 100;

/** A BCP 47 language tag, as a translation is keyed by. */
export const languageTagSchema = z
  .string()
  .max(35, "must be at most 35 characters")
  .regex(LANGUAGE_TAG, "must be a BCP 47 language tag, like de, fr or pt-BR")
  .openapi({ example: "de" });

/** A name in one language: 1 to 255 characters, like the name it translates. */
const translation = z.string().min(1, "must be 1 to 255 characters").max(255, "must be 1 to 255 characters");

/** `{ languageTag: text }`: the name of a category, section, zone or floor in other languages. */
export const labelsSchema = z
  .record(languageTagSchema, translation)
  .superRefine((labels, ctx) => {
    const seen = new Set<string>();
    const tags = Object.keys(labels);
    if (tags.length > MAX_TRANSLATIONS) ctx.addIssue({ code: "custom", message: `must have at most ${MAX_TRANSLATIONS} languages`, path: [] });
    for (const tag of tags) {
      const folded = tag.toLowerCase();
      // "de" and "DE" are one language: two names for it would be a coin toss.
      if (seen.has(folded)) ctx.addIssue({ code: "custom", message: `names the language "${tag}" twice (tags ignore case)`, path: [tag] });
      seen.add(folded);
    }
  })
  .openapi("Labels", {
    description:
      "Translations of the name (docs/languages.md): a BCP 47 language tag (`de`, `pt-BR`) to the name in that language, 1 to 255 characters, " +
      `at most ${MAX_TRANSLATIONS} languages. The SDK shows the name of its language (\`de-AT\` reads \`de\`), else \`label\`. Changing them has no publish impact.`,
    example: { de: "Parkett", fr: "Parterre", ja: "1階席" },
  });
export type Labels = z.infer<typeof labelsSchema>;
