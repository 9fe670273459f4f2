/**
 * The dashboard's languages (docs/languages.md): German by the browser's Accept-Language and by the
 * member's Language control (kept on the member, for every session), the sign-in pages by
 * Accept-Language alone, `<html lang>` on every page, and the catalogs: every language has exactly
 * the English ids (server pages, the browser module and the chart designer), each message whole
 * and showing what the English shows.
 */
import { describe, expect, it } from "vitest";
import { messageArguments } from "../src/domain/message-format";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "../src/domain/webhook-messages";
import DE from "../src/dashboard/catalogs/de";
import { EN } from "../src/dashboard/catalogs/en";
import CLIENT_DE from "../src/dashboard/client/catalogs/de";
import { CLIENT_EN } from "../src/dashboard/client/catalogs/en";
import { languageOf, negotiateLanguage } from "../src/dashboard/language";
import DESIGNER_DE from "../src/designer/catalogs/de";
import { DESIGNER_EN } from "../src/designer/catalogs/en";
import { continueSignIn, fetchWorker, ORIGIN, sessionCookie, signedIn, signInLink } from "./support/dashboard";
import { newWorkspace } from "./support/fixtures";

/** A dashboard page's HTML as a member with `cookie` sees it, with the headers given. */
async function page(path: string, cookie: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string }> {
  const res = await fetchWorker(path, { headers: { Cookie: cookie, ...headers } });
  return { status: res.status, html: await res.text() };
}

/** The Language control's form post, as the page sends it. */
function chooseLanguage(cookie: string, language: string, back = "/dashboard/sandbox/events"): Promise<Response> {
  return fetchWorker("/dashboard/language", {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ language, back }).toString(),
  });
}

describe("choosing the dashboard's language", () => {
  it("reads Accept-Language by weight, the first language the dashboard speaks", () => {
    expect(negotiateLanguage("de-CH, fr;q=0.9, en;q=0.8")).toBe("de");
    expect(negotiateLanguage("fr-FR, en-GB;q=0.7, de;q=0.9")).toBe("de");
    expect(negotiateLanguage("fr, es")).toBeNull();
    expect(negotiateLanguage("de;q=0, en")).toBe("en");
    expect(negotiateLanguage("")).toBeNull();
    expect(negotiateLanguage(undefined)).toBeNull();
    expect(languageOf("en", "de")).toBe("en");
    expect(languageOf(null, "de-AT")).toBe("de");
    expect(languageOf("tlh", "fr")).toBe("en");
  });

  it("answers German by Accept-Language, with the page's lang, its navigation and its words", async () => {
    const { cookie } = await signedIn();
    const { status, html } = await page("/dashboard/sandbox/events", cookie, { "Accept-Language": "de-DE,de;q=0.9,en;q=0.5" });
    expect(status).toBe(200);
    expect(html).toContain('<html lang="de">');
    for (const words of ["Veranstaltungen", "Saalpläne", "Schlüssel", "Abmelden", "Zum Hauptinhalt springen", "Veranstaltung anlegen"])
      expect(html).toContain(words);
    expect(html).toContain('<label for="dashboard-language">Sprache</label>');
    const english = await page("/dashboard/sandbox/events", cookie, { "Accept-Language": "en-GB" });
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain("Create an event");
    expect((await page("/dashboard/sandbox/events", cookie)).html).toContain('<html lang="en">');
  });

  it("keeps the Language control's choice on the member: every session follows it, whatever the browser asks", async () => {
    const keys = await newWorkspace("Languages");
    const first = await signedIn(keys);
    const res = await chooseLanguage(first.cookie, "de", "/dashboard/sandbox/keys");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard/sandbox/keys");
    const keysPage = await page("/dashboard/sandbox/keys", first.cookie, { "Accept-Language": "en-US" });
    expect(keysPage.html).toContain('<html lang="de">');
    expect(keysPage.html).toContain("Veröffentlichbare Schlüssel");
    expect(keysPage.html).toMatch(/<option value="de" lang="de" selected="">Deutsch<\/option>/);
    // Another session of the same member, on another browser, speaks German too.
    const second = await continueSignIn((await signInLink(keys.workspaceKey)).url);
    const other = sessionCookie(second).pair;
    expect((await page("/dashboard/production/account", other, { "Accept-Language": "en" })).html).toContain("Ihre Sitzungen");
    // Back to the browser's language.
    await chooseLanguage(other, "");
    expect((await page("/dashboard/sandbox/events", first.cookie, { "Accept-Language": "en" })).html).toContain('<html lang="en">');
    expect((await page("/dashboard/sandbox/events", first.cookie, { "Accept-Language": "de" })).html).toContain('<html lang="de">');
  });

  it("never sends the member elsewhere than a dashboard page, and refuses a post from another site", async () => {
    const { cookie } = await signedIn();
    for (const back of ["https://evil.example/", "//evil.example/x", "/api/v1/events", "javascript:alert(1)"])
      expect((await chooseLanguage(cookie, "de", back)).headers.get("location")).toBe("/dashboard");
    const forged = await fetchWorker("/dashboard/language", {
      method: "POST",
      headers: { Cookie: cookie, Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "language=de",
    });
    expect(forged.status).toBe(403);
    const anonymous = await fetchWorker("/dashboard/language", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: "language=de",
    });
    expect(anonymous.status).toBe(401);
  });

  it("shows the sign-in pages in the browser's language", async () => {
    const res = await fetchWorker("/dashboard/sandbox/events", { headers: { "Accept-Language": "de" } });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("Beim Dashboard anmelden");
    const keys = await newWorkspace("Continue in German");
    const link = await signInLink(keys.workspaceKey);
    const open = await fetchWorker(new URL(link.url).pathname + new URL(link.url).search, { headers: { "Accept-Language": "de-AT" } });
    const text = await open.text();
    expect(text).toContain("Bei Continue in German anmelden");
    expect(text).toMatch(/<button type="submit" class="button">\s*Weiter\s*<\/button>/);
  });
});

describe("dashboard catalogs", () => {
  /** What is wrong with `catalog` against `english`: ids missing or extra, messages not whole or showing other values. */
  function problems(english: Record<string, string>, catalog: Record<string, string>): string[] {
    const out: string[] = [];
    for (const id of Object.keys(english)) if (!(id in catalog)) out.push(`${id}: missing`);
    for (const id of Object.keys(catalog)) if (!(id in english)) out.push(`${id}: not in English`);
    for (const [id, text] of Object.entries(catalog)) {
      if (!(id in english)) continue;
      const mine = messageArguments(text);
      const theirs = messageArguments(english[id]!);
      const given = [...theirs.values, ...theirs.selectors];
      if (!mine.whole) out.push(`${id}: not whole`);
      for (const name of [...mine.values, ...mine.selectors]) if (!given.includes(name)) out.push(`${id}: {${name}} is not given`);
      for (const name of theirs.values) if (!mine.values.includes(name) && !mine.selectors.includes(name)) out.push(`${id}: {${name}} is left out`);
    }
    return out;
  }

  it("the pages' German has every English id and no other, each message whole", () => {
    expect(problems(EN, DE)).toEqual([]);
    expect(problems(EN, EN)).toEqual([]);
  });

  it("the browser module's German has every English id and no other", () => {
    expect(problems(CLIENT_EN, CLIENT_DE)).toEqual([]);
    expect(problems(CLIENT_EN, CLIENT_EN)).toEqual([]);
  });

  it("the chart designer's German has every English id and no other", () => {
    expect(problems(DESIGNER_EN, DESIGNER_DE)).toEqual([]);
    expect(problems(DESIGNER_EN, DESIGNER_EN)).toEqual([]);
  });

  it("names webhook event types as the API's documentation does", () => {
    for (const type of WEBHOOK_EVENT_TYPES) expect(EN[`webhookEvent.${type}`]).toBe(WEBHOOK_EVENT_DESCRIPTIONS[type]);
  });
});
