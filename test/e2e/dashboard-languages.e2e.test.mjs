/**
 * The dashboard in German, by role and accessible name: a browser that asks for German
 * (Accept-Language) gets the sign-in link's page and the event page in German, its seat map in
 * German too, the waiting-room panel and the box office; a member whose browser asks for English
 * switches with the Language control and keeps German on the next page; the designer's
 * Translations control writes a section's German name, which the buyer's German map then shows.
 * axe at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openMap, seriousViolations, useBrowser, watchErrors } from "./browser.mjs";
import { apiCall, demoLayout, newWorkspace, signInLink } from "./service.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

let ws;
const contexts = [];
const errorLists = [];

/** A browser of its own in `locale` (which sets its Accept-Language), watched for page errors. */
async function newBrowser(locale, viewport = DESKTOP) {
  const context = await browser().newContext({ viewport, locale });
  contexts.push(context);
  const page = await context.newPage();
  errorLists.push(watchErrors(page, { console: true }));
  return page;
}

/** Signs in through a one-time link, pressing the Continue page's button by its name in the page's language. */
async function signIn(page, button) {
  await page.goto((await signInLink(e2e, ws.workspaceKey)).url);
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL((u) => /^\/dashboard\/(production|sandbox)\//.test(u.pathname));
  await page.waitForSelector("body[data-ready]");
}

beforeAll(async () => {
  ws = await newWorkspace(e2e, "Sprachen E2E");
  const sk = ws.skTest;
  expect((await apiCall(e2e, sk, "POST", "/api/v1/charts", { name: "Stadthalle", chartKey: "stadthalle", draftVersion: demoLayout() })).status).toBe(201);
  expect((await apiCall(e2e, sk, "POST", "/api/v1/charts/stadthalle/publish")).status).toBe(200);
  expect((await apiCall(e2e, sk, "POST", "/api/v1/events", { chartKey: "stadthalle", eventKey: "konzert" })).status).toBe(201);
  const room = { enabled: false, opensAt: new Date(Date.now() + 3_600_000).toISOString(), admitPerMinute: 200, sessionMinutes: 10 };
  expect((await apiCall(e2e, sk, "PUT", "/api/v1/events/konzert/waiting-room", room)).status).toBe(200);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  for (const list of errorLists) expect(list, "uncaught page errors").toEqual([]);
});

describe("the dashboard in German", () => {
  it("by Accept-Language: the sign-in page, the navigation, the event page with its map, box office and waiting room", async () => {
    const page = await newBrowser("de-DE");
    await page.goto((await signInLink(e2e, ws.workspaceKey)).url);
    await page.getByRole("heading", { level: 1, name: "Bei Sprachen E2E anmelden" }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("de");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Weiter" }).click();
    await page.waitForSelector("body[data-ready]");
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    await nav.getByRole("link", { name: "Veranstaltungen" }).click();
    await page.getByRole("heading", { level: 1, name: "Veranstaltungen" }).waitFor();
    await page.getByRole("link", { name: "konzert" }).click();
    await page.getByRole("heading", { level: 2, name: "Sitzplan" }).waitFor();
    // The box office's map speaks German too (the SDK follows the page's lang).
    await page.getByRole("button", { name: "Aus einer Liste wählen" }).waitFor({ timeout: 15_000 });
    const boxOffice = page.getByRole("region", { name: "Kasse" });
    await boxOffice.getByRole("button", { name: "Buchen" }).waitFor();
    expect(await boxOffice.getByRole("textbox", { name: "Bestellnummer", exact: true }).count()).toBe(1);
    const room = page.getByRole("region", { name: "Warteraum" });
    expect(await room.getByRole("combobox", { name: "Warteraum" }).count()).toBe(1);
    expect(await room.getByRole("button", { name: "Warteraum speichern" }).count()).toBe(1);
    expect(await room.getByRole("spinbutton", { name: "Eingelassene Käufer pro Minute" }).count()).toBe(1);
    // A form's answer is told in German.
    await page.getByRole("region", { name: "Auswahlregeln" }).getByRole("button", { name: "Regeln speichern" }).click();
    await page.locator("#notice", { hasText: "Auswahlregeln gespeichert" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("by the Language control: an English browser chooses Deutsch and keeps it", async () => {
    const page = await newBrowser("en-GB");
    await signIn(page, "Continue");
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Deutsch" });
    await page.getByRole("button", { name: "Change" }).click();
    await page.getByRole("combobox", { name: "Sprache" }).waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("de");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Konto" }).click();
    await page.getByRole("heading", { level: 1, name: "Konto" }).waitFor();
    expect(await page.getByRole("heading", { level: 2, name: "Ihre Sitzungen" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // Back to the browser's language.
    await page.getByRole("combobox", { name: "Sprache" }).selectOption({ label: "Wie im Browser" });
    await page.getByRole("button", { name: "Ändern" }).click();
    await page.getByRole("heading", { level: 1, name: "Account" }).waitFor();
  });

  it("on a phone, in German, with the menu folded", async () => {
    const page = await newBrowser("de", PHONE);
    await signIn(page, "Weiter");
    await page.getByRole("button", { name: "Menü" }).click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Saalpläne" }).click();
    await page.getByRole("heading", { level: 1, name: "Saalpläne" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("translations in the designer", () => {
  it("writes a section's German name with the Translations control; the German map shows it", async () => {
    const page = await newBrowser("en-GB");
    await signIn(page, "Continue");
    await page.goto(`${e2e.baseUrl}/dashboard/charts/stadthalle/design`);
    await page.waitForSelector("#designer[data-ready]");
    const panel = page.getByRole("region", { name: "Translations" });
    await panel.getByRole("combobox", { name: "Name to translate" }).selectOption({ label: "Section: Section A" });
    await panel.getByRole("textbox", { name: "Names in other languages" }).fill("de: Parkett\nfr: Parterre");
    await panel.getByRole("button", { name: "Save translations" }).click();
    await page.locator("#notice", { hasText: "Section: Section A: 2 languages" }).waitFor();
    await panel.getByRole("combobox", { name: "Name to translate" }).selectOption({ label: "Category: VIP" });
    await panel.getByRole("textbox", { name: "Names in other languages" }).fill("de-DE Logen");
    await panel.getByRole("button", { name: "Save translations" }).click();
    await page.locator("#error-summary", { hasText: "Line 1 must be a language, a colon and the name" }).waitFor();
    await panel.getByRole("textbox", { name: "Names in other languages" }).fill("de: Logen");
    await panel.getByRole("button", { name: "Save translations" }).click();
    await page.locator("#notice", { hasText: "Category: VIP: 1 language" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.locator("#notice", { hasText: /saved/i }).waitFor();
    const draft = await apiCall(e2e, ws.skTest, "GET", "/api/v1/charts/stadthalle/draft");
    expect(draft.body.sections[0].labels).toEqual({ de: "Parkett", fr: "Parterre" });
    expect(draft.body.categories[0].labels).toEqual({ de: "Logen" });
    expect((await apiCall(e2e, ws.skTest, "POST", "/api/v1/charts/stadthalle/publish")).status).toBe(200);
    const buyer = await openMap(browser(), { ...e2e, publicKey: ws.pkTest }, "konzert", { language: "de" });
    contexts.push(buyer.context);
    expect(await buyer.page.locator('[data-object-label="A-1-1"]').getAttribute("aria-label")).toBe("Platz A-1-1, Parkett, Logen, frei");
  });
});
