/**
 * Which language a chart speaks, and its catalog (docs/languages.md). The `language` option (a BCP 47
 * tag) wins, else the page's `<html lang>`, else English. A regional tag uses its language's
 * catalog ("de-AT" speaks German) and keeps its region for numbers and times; a language with no
 * catalog speaks English, with one console warning per page and tag.
 *
 * English is built into the bundle. Any other catalog is fetched once per page from the service
 * the chart talks to, `/sdk/v{version}/i18n/{language}.json` (cached for a year: the path carries
 * the version), so a buyer downloads their own language only. A catalog that cannot be fetched
 * leaves the chart in English, with a warning.
 */
import { EN, type MessageId } from "./catalogs/en";
import { SDK_VERSION } from "./version";
import { isMessageId, Words } from "./words";

/** The languages with a catalog. */
export const CATALOG_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "ja", "ar"] as const;
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];

/** What a chart asked for: the tag `Intl` formats with, and the catalog that holds its words. */
export interface LanguageChoice {
  tag: string;
  catalog: CatalogLanguage;
}

/** Tags already warned about on this page: one warning each, however many charts ask. */
const warned = new Set<string>();

function warnOnce(key: string, text: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(`SeatingChart: ${text}`);
}

/** The language asked for (option, else the page's), or null when it has no catalog (then English is used). */
export function chooseLanguage(option: string | undefined, pageLang: string | undefined): LanguageChoice | null {
  const asked = (option ?? pageLang ?? "").trim();
  if (asked === "") return { tag: "en", catalog: "en" };
  let tag: string;
  try {
    tag = Intl.getCanonicalLocales(asked)[0] ?? "";
  } catch {
    return null;
  }
  const base = tag.toLowerCase().split("-")[0] as CatalogLanguage;
  return CATALOG_LANGUAGES.includes(base) ? { tag, catalog: base } : null;
}

/** Catalog fetches by URL: charts of one page share one request. */
const fetches = new Map<string, Promise<Record<string, string> | null>>();

function fetchCatalog(url: string): Promise<Record<string, string> | null> {
  let pending = fetches.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: "omit" })
      .then((res) => (res.ok ? res.json() : null))
      .then((body: unknown) => (body !== null && typeof body === "object" ? (body as Record<string, string>) : null))
      .catch(() => null);
    fetches.set(url, pending);
  }
  return pending;
}

/** Only the known ids with text values: a catalog or override cannot add anything else. */
function known(texts: Record<string, unknown> | null | undefined, onUnknown?: (id: string) => void): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, text] of Object.entries(texts ?? {})) {
    if (isMessageId(id) && typeof text === "string") out[id] = text;
    else onUnknown?.(id);
  }
  return out;
}

/**
 * The words of a chart: its language's catalog (fetched from `apiBase` unless English), English
 * for any message the catalog lacks, and `messages` over both.
 */
export async function loadWords(
  apiBase: string,
  option: string | undefined,
  messages: Partial<Record<MessageId, string>> | undefined,
  pageLang = typeof document !== "undefined" ? document.documentElement.lang : undefined,
): Promise<Words> {
  let choice = chooseLanguage(option, pageLang);
  if (!choice) {
    const asked = option ?? pageLang ?? "";
    warnOnce(`lang:${asked}`, `no messages for the language "${asked}"; the map speaks English`);
    choice = { tag: "en", catalog: "en" };
  }
  let texts: Record<string, string> = {};
  if (choice.catalog !== "en") {
    const url = `${apiBase}/sdk/v${SDK_VERSION}/i18n/${choice.catalog}.json`;
    const catalog = await fetchCatalog(url);
    if (catalog) texts = known(catalog);
    else {
      warnOnce(`fetch:${url}`, `the messages of "${choice.catalog}" could not be loaded from ${url}; the map speaks English`);
      choice = { tag: "en", catalog: "en" };
    }
  }
  const unknown: string[] = [];
  const overrides = known(messages, (id) => unknown.push(id));
  if (unknown.length > 0) warnOnce(`ids:${unknown.join()}`, `messages has ids the SDK does not know: ${unknown.join(", ")}`);
  return new Words(choice.tag, { ...EN, ...texts, ...overrides });
}
