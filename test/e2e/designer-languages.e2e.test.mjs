/**
 * The chart designer in German, by role and accessible name: a browser asking for German
 * (Accept-Language) gets the designer's page, its notices, its refusals and its keyboard help in
 * German; a Block with a new category, a Rollstuhlplatz row chosen by "Parkett Reihe B", a
 * Stehplatzbereich, Rückgängig/Wiederholen and a save, which the API's draft then holds. An English
 * browser whose member chooses Deutsch with the Language control gets the German designer too.
 * axe at 1280 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot, seriousViolations, sessionCookies, useBrowser, waitForText, watchErrors } from "./browser.mjs";
import { apiCall, newWorkspace } from "./service.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
const CHART = "stadthalle";

let ws;
let cookies;
const contexts = [];
const errorLists = [];

/** A signed-in browser of its own in `locale` (which sets its Accept-Language), watched for page errors. */
async function newBrowser(locale, viewport = { width: 1280, height: 900 }) {
  const context = await browser().newContext({ viewport, locale });
  contexts.push(context);
  await context.addCookies(cookies);
  const page = await context.newPage();
  errorLists.push(watchErrors(page, { console: true }));
  return page;
}

async function openDesigner(page) {
  const res = await page.goto(`${e2e.baseUrl}/dashboard/charts/${CHART}/design`);
  expect(res.status()).toBe(200);
  await page.waitForSelector("#designer[data-ready]");
}

beforeAll(async () => {
  ws = await newWorkspace(e2e, "Planer E2E");
  expect((await apiCall(e2e, ws.skTest, "POST", "/api/v1/charts", { name: "Stadthalle", chartKey: CHART })).status).toBe(201);
  cookies = await sessionCookies(browser(), e2e, ws.workspaceKey);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  for (const list of errorLists) expect(list, "uncaught page errors").toEqual([]);
});

describe("the designer in German", () => {
  it("by Accept-Language: draws a Block and a Stehplatzbereich, sets Rollstuhlplätze, undoes, redoes and saves, all by German names", async () => {
    const page = await newBrowser("de-DE");
    await openDesigner(page);
    expect(await page.getAttribute("html", "lang")).toBe("de");
    await page.getByRole("heading", { level: 1, name: "Saalplan Stadthalle gestalten" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Dieser Saalplan ist leer" }).waitFor();
    await waitForText(page.locator("#save-state"), /Alle Änderungen gespeichert · Entwurfsversion 1/);
    expect(await page.getByRole("application", { name: "Zeichnung des Saalplans" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // A Block of 4 Reihen × 6 Plätze in a new category, from the Blöcke panel and the toolbar.
    const toolbar = page.getByRole("toolbar", { name: "Planer" });
    const blocks = page.getByRole("region", { name: "Blöcke" });
    await blocks.getByRole("textbox", { name: "Blockname" }).fill("Parkett");
    await blocks.getByRole("textbox", { name: "Name einer neuen Kategorie" }).fill("Parkett");
    await blocks.getByRole("spinbutton", { name: "Reihen", exact: true }).fill("4");
    await blocks.getByRole("spinbutton", { name: "Plätze pro Reihe" }).fill("6");
    await toolbar.getByRole("button", { name: "Block hinzufügen" }).click();
    await waitForText(page.locator("#notice"), /Parkett hinzugefügt: 4 Reihen mit 6 Plätzen, in der neuen Kategorie Parkett/);
    await waitForText(page.locator("#canvas-summary"), /1 Block, 24 Sitzplätze, 0 Stehplatzbereiche mit 0 Plätzen\./);
    await waitForText(page.locator("#save-state"), /Ungespeicherte Änderungen/);

    // A refusal in German, linked to its field.
    await blocks.getByRole("spinbutton", { name: "Reihen", exact: true }).fill("0");
    await blocks.getByRole("spinbutton", { name: "Reihen", exact: true }).dispatchEvent("change");
    const summary = page.locator("#error-summary");
    await waitForText(summary, /Der Block wurde nicht geändert\./);
    await summary.getByRole("link", { name: "Reihen: Geben Sie eine ganze Zahl von 1 bis 1000 ein" }).waitFor();
    await blocks.getByRole("spinbutton", { name: "Reihen", exact: true }).fill("4");
    await blocks.getByRole("spinbutton", { name: "Reihen", exact: true }).dispatchEvent("change");

    // A row chosen as a German venue names it, made Rollstuhlplätze.
    const categories = page.getByRole("region", { name: "Kategorien" });
    await categories.getByRole("textbox", { name: "Plätze nach Bezeichnung auswählen" }).fill("Parkett Reihe B");
    await categories.getByRole("button", { name: "Plätze auswählen", exact: true }).click();
    await waitForText(page.locator("#selection-summary"), /Ausgewählt: 6 Plätze\./);
    await categories.getByRole("group", { name: "Platzmerkmale der Auswahl" }).getByRole("checkbox", { name: "Rollstuhlplatz" }).check();
    await categories.getByRole("button", { name: "Merkmale setzen" }).click();
    await waitForText(page.locator("#notice"), /6 Plätze haben jetzt: Rollstuhlplatz/);

    // A Stehplatzbereich of 500 in a category of its own, named by the designer.
    const standing = page.getByRole("region", { name: "Stehplätze" });
    await standing.getByRole("combobox", { name: "Kategorie seiner Plätze" }).selectOption({ label: "Eine neue Kategorie, unten benannt" });
    await standing.getByRole("textbox", { name: "Name einer neuen Kategorie" }).fill("Stehplatz");
    await standing.getByRole("spinbutton", { name: "Kapazität" }).fill("500");
    await toolbar.getByRole("button", { name: "Stehplatzbereich hinzufügen" }).click();
    await waitForText(page.locator("#notice"), /Stehplatzbereich Stehbereich 1 mit 500 Plätzen hinzugefügt, in der neuen Kategorie Stehplatz/);
    await waitForText(page.locator("#canvas-summary"), /1 Block, 24 Sitzplätze, 1 Stehplatzbereich mit 500 Plätzen\./);
    expect(await page.locator(".d-area-capacity").textContent()).toBe("500 Plätze");

    // Rückgängig and Wiederholen, named and keyed from the command table.
    const undo = toolbar.getByRole("button", { name: "Rückgängig" });
    expect(await undo.getAttribute("aria-keyshortcuts")).toBe("Control+Z");
    await undo.click();
    await waitForText(page.locator("#canvas-summary"), /1 Block, 24 Sitzplätze, 0 Stehplatzbereiche/);
    await toolbar.getByRole("button", { name: "Wiederholen" }).click();
    await waitForText(page.locator("#canvas-summary"), /1 Stehplatzbereich mit 500 Plätzen/);

    // The keyboard help in German key names.
    const shortcuts = page.getByRole("region", { name: "Tastenkürzel" });
    const redoRow = shortcuts.getByRole("row", { name: /Wiederholen/ });
    expect(await redoRow.getByRole("cell").nth(1).textContent()).toBe("Strg+Umschalt+Z oder Strg+Y");
    expect(
      await shortcuts
        .getByRole("row", { name: /Auswahl löschen/ })
        .getByRole("cell")
        .nth(1)
        .textContent(),
    ).toBe("Entf oder Rücktaste");

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "designer-de");
    await toolbar.getByRole("button", { name: "Entwurf speichern" }).click();
    await waitForText(page.locator("#notice"), /Entwurf als Version 2 gespeichert/);
    await waitForText(page.locator("#save-state"), /Alle Änderungen gespeichert · Entwurfsversion 2/);

    const draft = (await apiCall(e2e, ws.skTest, "GET", `/api/v1/charts/${CHART}/draft`)).body;
    expect(draft.categories.map((c) => c.label)).toEqual(["Parkett", "Stehplatz"]);
    expect(draft.sections[0].label).toBe("Parkett");
    expect(draft.sections[0].rows[1].seats.every((s) => s.features?.includes("wheelchair"))).toBe(true);
    expect(draft.generalAdmission[0]).toMatchObject({ label: "Stehbereich 1", capacity: 500 });
  });

  it("on a phone, with no serious or critical axe violation", async () => {
    const page = await newBrowser("de-AT", { width: 390, height: 844 });
    await openDesigner(page);
    await page.getByRole("heading", { level: 2, name: "Übersetzungen" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("by the Language control: an English browser chooses Deutsch on the designer's page and gets the German designer", async () => {
    const page = await newBrowser("en-GB");
    await openDesigner(page);
    await page.getByRole("button", { name: "Add section" }).waitFor();
    await page.getByRole("combobox", { name: "Language" }).selectOption({ label: "Deutsch" });
    await page.getByRole("button", { name: "Change" }).click();
    await page.waitForSelector("#designer[data-ready]");
    expect(await page.getAttribute("html", "lang")).toBe("de");
    await page.getByRole("button", { name: "Block hinzufügen" }).waitFor();
    await waitForText(page.locator("#save-state"), /Alle Änderungen gespeichert · Entwurfsversion 2/);
    // Back to the browser's language, so the other tests' member stays as it was.
    await page.getByRole("combobox", { name: "Sprache" }).selectOption({ label: "Wie im Browser" });
    await page.getByRole("button", { name: "Ändern" }).click();
    await page.getByRole("button", { name: "Add section" }).waitFor();
  });
});
