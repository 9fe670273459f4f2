/**
 * The dashboard's language (docs/languages.md): English and German. A member's own choice (the
 * "Language" control, kept on the member) wins; without one, the browser's Accept-Language picks
 * the first language the dashboard speaks; else English. The sign-in pages, before anyone is
 * known, follow the browser alone.
 */

/** The languages the dashboard speaks, as BCP 47 tags. */
export const DASHBOARD_LANGUAGES = ["en", "de"] as const;
export type DashboardLanguage = (typeof DASHBOARD_LANGUAGES)[number];

/** Each language in its own words, as the Language control lists them. */
export const LANGUAGE_NAMES: Record<DashboardLanguage, string> = { en: "English", de: "Deutsch" };

export const isDashboardLanguage = (v: unknown): v is DashboardLanguage => DASHBOARD_LANGUAGES.includes(v as DashboardLanguage);

/**
 * The first language of an Accept-Language header the dashboard speaks, by the header's weights
 * ("de-CH, fr;q=0.8" is German), or null when none is.
 */
export function negotiateLanguage(header: string | undefined | null): DashboardLanguage | null {
  if (!header) return null;
  const wanted = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split("-")[0]!, weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((w) => w.weight > 0 && Number.isFinite(w.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return wanted.map((w) => w.base).find(isDashboardLanguage) ?? null;
}

/** The language of a request: the member's choice when it is one the dashboard speaks, else the browser's, else English. */
export function languageOf(choice: string | null | undefined, acceptLanguage: string | undefined | null): DashboardLanguage {
  if (isDashboardLanguage(choice)) return choice;
  return negotiateLanguage(acceptLanguage) ?? "en";
}
