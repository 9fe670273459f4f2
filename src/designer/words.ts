/**
 * What the chart designer says, in the dashboard's language (English or German): messages by id
 * from one catalog per language (catalogs/en.ts, catalogs/de.ts), any missing one in English, with
 * plurals and numbers by `Intl`. The page is rendered in the language the dashboard chose for the
 * request (the member's choice, else Accept-Language); the browser module reads it back from the
 * page's `<html lang>` (client/words.ts), as the dashboard's own module does. No DOM here, so the
 * server-rendered page and the workerd tests use it too.
 */
import { MessageLocale, type MessageValues } from "../domain/message-format";
import { isSchemaWording, plainMessage, SCHEMA_WORDING } from "../domain/plain-messages";
import DE from "./catalogs/de";
import { DESIGNER_EN, type DesignerMessageId } from "./catalogs/en";

export type { DesignerMessageId } from "./catalogs/en";

/** Whether `id` is one of the catalogs' ids. */
export const isDesignerMessageId = (id: string): id is DesignerMessageId => Object.hasOwn(DESIGNER_EN, id);

const CATALOGS: Record<string, Readonly<Partial<Record<DesignerMessageId, string>>>> = { en: DESIGNER_EN, de: DE };

/** The layout schema's own messages (domain/layout-schema.ts, domain/labels.ts) as message ids; `value` is the first group. */
const LAYOUT_WORDING: readonly [RegExp, DesignerMessageId][] = [
  [/^duplicate object label "(.*)"$/, "problem.duplicateLabel"],
  [/^duplicate section key "(.*)"$/, "problem.duplicateSection"],
  [/^duplicate category key "(.*)"$/, "problem.duplicateCategory"],
  [/^unknown category "(.*)"$/, "problem.unknownCategory"],
  [/^a layout holds at most (\d+) objects$/, "problem.tooMany"],
  [/^must not repeat a feature$/, "problem.featureTwice"],
  [/^must be a finite number$/, "problem.finite"],
  [/^must have at most (\d+) languages$/, "problem.languages"],
  [/^names the language "(.*)" twice/, "problem.languageTwice"],
];

export class DesignerWords {
  private readonly locale: MessageLocale;

  constructor(
    /** "en" or "de": the catalog's language. */
    readonly language: string,
    private readonly texts: Readonly<Partial<Record<DesignerMessageId, string>>>,
  ) {
    this.locale = new MessageLocale(language);
  }

  /** The message `id` with its values. */
  t(id: DesignerMessageId, values?: MessageValues): string {
    return this.locale.format(this.texts[id] ?? DESIGNER_EN[id], values);
  }

  /** A count in the language's grouping ("1.234" in German). */
  number(n: number): string {
    return this.locale.number(n);
  }

  /**
   * A validation message about `where` (a field's label, "Stalls, row C") as a sentence. English
   * keeps the GOV.UK phrasing of plain-messages.ts and the schema's own words; another language
   * words zod's messages and the layout schema's by id, and keeps any other message after a colon.
   */
  problem(where: string, message: string): string {
    if (this.texts === DESIGNER_EN) {
      if (!where.trim()) return plainMessage("", message);
      return isSchemaWording(message) ? plainMessage(where, message) : `${where}: ${message}`;
    }
    const field = where.trim() || this.t("field.value");
    for (const [re, id] of [...SCHEMA_WORDING, ...LAYOUT_WORDING]) {
      const m = re.exec(message);
      if (m) return this.t(id, { field, n: m[1] ?? "", value: m[1] ?? "" });
    }
    return where.trim() ? this.t("problem.at", { field, message }) : message;
  }
}

const BY_LANGUAGE = new Map(Object.entries(CATALOGS).map(([language, texts]) => [language, new DesignerWords(language, texts)]));

/** The designer's English, which code outside a page (the tests, a default argument) speaks. */
export const ENGLISH = BY_LANGUAGE.get("en")!;

/** The words of `language` ("de", "de-AT", "en-GB"): its catalog by the primary subtag, else English. */
export function designerWords(language: string | null | undefined): DesignerWords {
  return BY_LANGUAGE.get((language ?? "").toLowerCase().split("-")[0]!) ?? ENGLISH;
}
