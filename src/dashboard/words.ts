/**
 * What the dashboard's pages say, in the language of the request (language.ts): messages by id from
 * one catalog per language (catalogs/en.ts, catalogs/de.ts), any missing one in English, with
 * plurals and numbers by `Intl`. Pages ask `words()` while they render; the request they render
 * for is found through Hono's context storage (the dashboard's first middleware), so no page has
 * to pass a language along. Outside a request (a unit test) the words are English.
 */
import { tryGetContext } from "hono/context-storage";
import { MessageLocale, type MessageValues } from "../domain/message-format";
import { EN, type DashboardMessageId } from "./catalogs/en";
import DE from "./catalogs/de";
import type { DashEnv } from "./context";
import { languageOf, type DashboardLanguage } from "./language";

export type { DashboardMessageId } from "./catalogs/en";

export class DashboardWords {
  private readonly locale: MessageLocale;

  constructor(
    readonly language: DashboardLanguage,
    private readonly texts: Readonly<Partial<Record<DashboardMessageId, string>>>,
  ) {
    this.locale = new MessageLocale(language);
  }

  /** The message `id` with its values. */
  t(id: DashboardMessageId, values?: MessageValues): string {
    return this.locale.format(this.texts[id] ?? EN[id], values);
  }

  /** A count in the language's grouping ("1.234" in German). */
  number(n: number): string {
    return this.locale.number(n);
  }
}

const BY_LANGUAGE: Record<DashboardLanguage, DashboardWords> = { en: new DashboardWords("en", EN), de: new DashboardWords("de", DE) };

/** The words of one language. */
export function wordsIn(language: DashboardLanguage): DashboardWords {
  return BY_LANGUAGE[language];
}

/** The words of the request being answered: its member's choice, else its Accept-Language, else English. */
export function words(): DashboardWords {
  const c = tryGetContext<DashEnv>();
  if (!c) return BY_LANGUAGE.en;
  const session = c.get("session") as DashEnv["Variables"]["session"] | undefined;
  return BY_LANGUAGE[languageOf(session?.language, c.req.header("accept-language"))];
}
