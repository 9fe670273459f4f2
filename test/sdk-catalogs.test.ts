/**
 * The SDK's catalogs (docs/languages.md): every language has exactly the English ids, each message is
 * whole (no stray brace, every plural and select with `other`) and shows the values its English
 * shows, and what the Worker serves at /sdk/{version}/i18n/ is the catalog as written.
 */
import { describe, expect, it } from "vitest";
import { messageArguments } from "../src/domain/message-format";
import { EN, type Catalog } from "../src/sdk/catalogs/en";
import { EN_VENUE } from "../src/sdk/catalogs/en-venue";
import { CATALOG_LANGUAGES, loadWords } from "../src/sdk/language";
import { isMessageId } from "../src/sdk/words";
import { call } from "./support/fixtures";
import ar from "../src/sdk/catalogs/ar";
import de from "../src/sdk/catalogs/de";
import es from "../src/sdk/catalogs/es";
import fr from "../src/sdk/catalogs/fr";
import it_ from "../src/sdk/catalogs/it";
import ja from "../src/sdk/catalogs/ja";
import nl from "../src/sdk/catalogs/nl";
import pl from "../src/sdk/catalogs/pl";
import pt from "../src/sdk/catalogs/pt";

const CATALOGS: Record<string, Catalog> = { ar, de, es, fr, it: it_, ja, nl, pl, pt };
/** English whole: the bundle's messages and the venue part's. */
const ENGLISH: Catalog = { ...EN, ...EN_VENUE };
const IDS = Object.keys(ENGLISH).sort();

describe("SDK catalogs", () => {
  it("cover the languages the SDK offers", () => {
    expect(["en", ...Object.keys(CATALOGS)].sort()).toEqual([...CATALOG_LANGUAGES].sort());
  });

  it.each(Object.keys(CATALOGS))("%s has every English id and no other", (language) => {
    const ids = Object.keys(CATALOGS[language]!).sort();
    expect(
      IDS.filter((id) => !ids.includes(id)),
      "missing",
    ).toEqual([]);
    expect(
      ids.filter((id) => !IDS.includes(id)),
      "not in English",
    ).toEqual([]);
  });

  it.each(["en", ...Object.keys(CATALOGS)])("%s: every message is whole and asks for what the English asks for", (language) => {
    const catalog: Catalog = language === "en" ? ENGLISH : CATALOGS[language]!;
    const wrong: string[] = [];
    for (const [id, english] of Object.entries(ENGLISH)) {
      const text = catalog[id as keyof Catalog];
      const mine = messageArguments(text);
      const theirs = messageArguments(english);
      const given = [...theirs.values, ...theirs.selectors];
      if (!mine.whole) wrong.push(`${id}: not whole`);
      // Nothing the English does not give (it would show as "{name}"); every value the English
      // shows shown too (as a value, or as a plural's number). A plural the language does not
      // have (Japanese) may be left out.
      for (const name of [...mine.values, ...mine.selectors]) if (!given.includes(name)) wrong.push(`${id}: {${name}} is not given`);
      for (const name of theirs.values) if (!mine.values.includes(name) && !mine.selectors.includes(name)) wrong.push(`${id}: {${name}} is left out`);
      if (text.trim() === "" && id !== "list.separator") wrong.push(`${id}: empty`);
    }
    expect(wrong).toEqual([]);
  });

  it("leaves the venue part's English out of the bundle's catalog, and knows its ids for overrides", async () => {
    // Tables, booths, floors and zones say these; a map of rows never does (docs/sdk.md).
    for (const id of Object.keys(EN_VENUE)) {
      expect(Object.keys(EN), id).not.toContain(id);
      expect(isMessageId(id), id).toBe(true);
    }
    expect(isMessageId("map.name")).toBe(true);
    expect(isMessageId("nothing.here")).toBe(false);
    const words = await loadWords("https://tickets.example", "en", { "venue.floors": "Levels" });
    expect(words.t("venue.floors")).toBe("Levels");
  });

  it("serves each catalog as JSON, immutable at the version and five minutes at latest, to any origin", async () => {
    for (const [language, catalog] of Object.entries(CATALOGS)) {
      const res = await call("GET", `/sdk/v5.11.0/i18n/${language}.json`, { headers: { Origin: "https://tickets.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.body).toEqual(catalog);
    }
    const latest = await call("GET", "/sdk/latest/i18n/de.json");
    expect(latest.headers.get("cache-control")).toBe("public, max-age=300");
    const again = await call("GET", "/sdk/latest/i18n/de.json", { headers: { "If-None-Match": latest.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);
  });

  it("has no file for English (built in), an unknown language or another version", async () => {
    for (const path of ["/sdk/v5.11.0/i18n/en.json", "/sdk/v5.11.0/i18n/sv.json", "/sdk/v5.9.0/i18n/de.json", "/sdk/v5.11.0/i18n/__proto__"]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(404);
      expect((res.body as { code: string }).code).toBe("not_found");
    }
  });
});
