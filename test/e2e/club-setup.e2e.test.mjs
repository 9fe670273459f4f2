/**
 * A club setting up its season, at 1280 px and on a 390 px phone: the season form names and dates
 * each game on the venue's clock (adding games as needed), the season page makes a partial season,
 * applies one game's settings to every game and sells a seat for the season from its map; the
 * designer's first minutes name a stand and its category (none made up), place the next stand
 * beside it and keep each seat feature's box beside its words. By role and accessible name,
 * axe-clean; the season form's picture goes to docs/season-form.png.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations, sessionCookies, useBrowser, waitForStatus, waitForText, watchErrors } from "./browser.mjs";
import { apiCall, demoLayout, newWorkspace } from "./service.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
let ws;
let cookies;
const errors = [];
const api = (method, path, body) => apiCall(e2e, ws.skTest, method, path, body);

async function signedInPage(viewport) {
  // A British club's staff: dates as they read them.
  const context = await browser().newContext({ viewport, locale: "en-GB" });
  await context.addCookies(cookies);
  const page = await context.newPage();
  errors.push(watchErrors(page, { console: true }));
  page.on("dialog", (d) => d.accept());
  return page;
}

async function open(page, path) {
  await page.goto(e2e.baseUrl + path);
  await page.waitForSelector("body[data-ready]");
}

const sideways = (page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  ws = await newWorkspace(e2e, "Rovers Football Club");
  expect((await api("POST", "/api/v1/charts", { name: "Rovers ground", chartKey: "rovers-ground", draftVersion: demoLayout() })).status).toBe(201);
  expect((await api("POST", "/api/v1/charts/rovers-ground/publish")).status).toBe(200);
  expect((await api("POST", "/api/v1/charts", { name: "New stand", chartKey: "new-stand" })).status).toBe(201);
  cookies = await sessionCookies(browser(), e2e, ws.workspaceKey);
});

afterAll(() => {
  for (const e of errors) expect(e, "page errors").toEqual([]);
});

describe("a season of games", () => {
  const SEASON = "home-games-2027";
  const games = [
    ["Rovers v City", "2027-02-06T15:00"],
    ["Rovers v United", "2027-03-13T15:00"],
    ["Rovers v Athletic", "2027-04-10T12:30"],
    ["Rovers v Wanderers", "2027-05-01T17:30"],
  ];

  it("the season form names and dates each game on the venue's clock, with a game added", async () => {
    const page = await signedInPage(DESKTOP);
    await open(page, "/dashboard/sandbox/seasons");
    const form = page.getByRole("form", { name: "Create a season" });
    await form.getByLabel("Chart").selectOption("rovers-ground");
    await form.getByLabel("Name", { exact: true }).first().fill("Home games 2027");
    // The browser's own zone was filled in; the venue's replaces it.
    expect(await form.getByLabel("Time zone").inputValue()).not.toBe("");
    await form.getByLabel("Time zone").fill("Europe/London");
    await form.getByRole("button", { name: "Add another game" }).click();
    const group = (n) => form.getByRole("group", { name: `Game ${n}`, exact: true });
    expect(await page.evaluate(() => document.activeElement?.closest("[data-row]")?.querySelector("legend")?.textContent?.trim())).toBe("Game 4");
    for (const [i, [name, start]] of games.entries()) {
      await group(i + 1)
        .getByLabel("Name")
        .fill(name);
      await group(i + 1)
        .getByLabel("Starts at")
        .fill(start);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate(() => document.activeElement?.blur());
    await page.locator(".panel", { has: form }).screenshot({ path: "docs/season-form.png" });
    await form.getByRole("button", { name: "Create season" }).click();
    await page.waitForURL(`**/dashboard/sandbox/seasons/${SEASON}`);
    await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
    const table = page.getByRole("table", { name: "Games of this season" });
    await waitForText(table, /Rovers v City/);
    await waitForText(table, /Sat 6 Feb 2027, 15:00 \(UTC\+00:00, Europe\/London\)/);
    await waitForText(table, /Sat 1 May 2027, 17:30 \(UTC\+01:00, Europe\/London\)/);
    const game = (await api("GET", `/api/v1/events/${SEASON}-rovers-v-athletic`)).body;
    expect(game).toMatchObject({ name: "Rovers v Athletic", startsAt: "2027-04-10T11:30:00.000Z", timeZone: "Europe/London" });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("edits a game in place, makes a partial season and applies one game's settings to every game", async () => {
    const page = await signedInPage(DESKTOP);
    await open(page, `/dashboard/sandbox/seasons/${SEASON}`);
    await page.getByRole("textbox", { name: "Name of Rovers v Wanderers" }).fill("Rovers v Wanderers (derby)");
    await page.getByRole("button", { name: "Save Rovers v Wanderers" }).click();
    await waitForText(page.locator("#notice"), /Rovers v Wanderers saved/);
    expect((await api("GET", `/api/v1/events/${SEASON}-rovers-v-wanderers`)).body.name).toBe("Rovers v Wanderers (derby)");

    await page.reload();
    await page.waitForSelector("body[data-ready]");
    const partial = page.getByRole("form", { name: "Create a partial season" });
    await partial.getByLabel("Partial season key").fill("first-half");
    await partial.getByRole("checkbox", { name: "Rovers v City" }).check();
    await partial.getByRole("checkbox", { name: "Rovers v United" }).check();
    await partial.getByRole("button", { name: "Create partial season" }).click();
    await page.waitForSelector("body[data-ready]");
    await waitForText(page.getByRole("region", { name: "Partial seasons" }), /first-half: Rovers v City, Rovers v United/);

    // Set up the first game (a members' presale and a limit), then every game at once.
    const first = `${SEASON}-rovers-v-city`;
    expect((await api("PUT", `/api/v1/events/${first}/selection-rules`, { maxSeatsPerToken: 6 })).status).toBe(200);
    const members = await api("PUT", `/api/v1/events/${first}/channels`, { channels: [{ key: "members", name: "Members", objectLabels: ["A-1-1", "A-1-2"] }] });
    expect(members.status, JSON.stringify(members.body)).toBe(200);
    const apply = page.getByRole("form", { name: "Apply settings to every game" });
    await apply.getByLabel("Copy the settings of").selectOption({ label: "Rovers v City" });
    await apply.getByRole("checkbox", { name: "Waiting room" }).uncheck();
    await apply.getByRole("button", { name: "Apply to every game" }).click();
    await page.waitForSelector("body[data-ready]");
    for (const g of ["rovers-v-united", "rovers-v-athletic", "rovers-v-wanderers"]) {
      const ev = (await api("GET", `/api/v1/events/${SEASON}-${g}`)).body;
      expect(ev, g).toMatchObject({ selectionRules: { maxSeatsPerToken: 6 }, channels: [{ key: "members", name: "Members" }] });
    }
    await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("sells a seat for the season from the season's map", async () => {
    const page = await signedInPage(DESKTOP);
    await open(page, `/dashboard/sandbox/seasons/${SEASON}`);
    await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
    await page.getByRole("button", { name: /^Seat B-2-3,/ }).click();
    await page.getByRole("button", { name: "Select whole rows" }).click();
    expect((await page.getByLabel("Seats", { exact: true }).inputValue()).split("\n")).toHaveLength(8);
    await page.getByLabel("Sell for").selectOption("first-half");
    await page.getByRole("button", { name: "Book for the season" }).click();
    await waitForText(page.locator("#notice"), /Booked for the season/);
    await waitForStatus(page, "B-2-3", "booked", 5000).catch(() => undefined);
    for (const g of ["rovers-v-city", "rovers-v-united"]) {
      const st = (await api("GET", `/api/v1/events/${SEASON}-${g}/status?labels=B-2-1,B-2-8`)).body.objects;
      expect(st.map((o) => o.status)).toEqual(["booked", "booked"]);
    }
    expect((await api("GET", `/api/v1/events/${SEASON}-rovers-v-athletic/status?labels=B-2-1`)).body.objects).toEqual([]);
  });

  it("on a 390 px phone: the season list, form and page fit the width; axe is clean", async () => {
    const page = await signedInPage(PHONE);
    for (const path of ["/dashboard/sandbox/seasons", `/dashboard/sandbox/seasons/${SEASON}`]) {
      await open(page, path);
      // The season's map first: axe judges the page a person uses, not one half drawn.
      if (path.includes(SEASON)) await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
      expect(await sideways(page), path).toBeLessThanOrEqual(PHONE.width);
      expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
    }
    await open(page, "/dashboard/sandbox/seasons");
    const form = page.getByRole("form", { name: "Create a season" });
    await form.getByRole("group", { name: "Game 1", exact: true }).getByLabel("Name").fill("Friendly");
    await form.getByRole("group", { name: "Game 1", exact: true }).getByLabel("Starts at").fill("2027-07-20T19:45");
    await form.getByLabel("Chart").selectOption("rovers-ground");
    await form.getByLabel("Name", { exact: true }).first().fill("Friendlies");
    await form.getByLabel("Time zone").fill("Europe/London");
    await form.getByRole("button", { name: "Create season" }).click();
    await page.waitForURL("**/dashboard/sandbox/seasons/friendlies");
    await waitForText(page.getByRole("table", { name: "Games of this season" }), /Tue 20 Jul 2027, 19:45 \(UTC\+01:00, Europe\/London\)/);
  });
});

describe("the designer's first minutes", () => {
  /** The check that a checkbox sits beside its words on one line. */
  const featureLines = (page) =>
    page.getByRole("group", { name: "Seat features of the selection" }).evaluate((fs) =>
      [...fs.querySelectorAll("label")].map((label) => {
        const box = label.getBoundingClientRect();
        const input = label.querySelector("input").getBoundingClientRect();
        const line = parseFloat(getComputedStyle(label).lineHeight) || 24;
        return { text: label.textContent.trim(), oneLine: box.height < line * 1.6, beside: input.top >= box.top - 1 && input.bottom <= box.bottom + 1 };
      }),
    );

  for (const [name, viewport] of [
    ["1280 px", DESKTOP],
    ["a 390 px phone", PHONE],
  ]) {
    it(`keeps each seat feature's box beside its words at ${name}, and the designer is axe-clean`, async () => {
      const page = await signedInPage(viewport);
      await page.goto(`${e2e.baseUrl}/dashboard/charts/new-stand/design`);
      await page.waitForSelector("#designer[data-ready]");
      const lines = await featureLines(page);
      expect(lines).toHaveLength(6);
      for (const l of lines) expect(l, l.text).toMatchObject({ oneLine: true, beside: true });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it("names a stand and its category, puts the next stand beside it, and labels seats from the names", async () => {
    const page = await signedInPage(DESKTOP);
    await page.goto(`${e2e.baseUrl}/dashboard/charts/new-stand/design`);
    await page.waitForSelector("#designer[data-ready]");
    const sections = page.getByRole("region", { name: "Sections" });
    expect(await sections.getByLabel("Category of its seats").inputValue()).toBe("+new");
    await sections.getByLabel("Section name").fill("N1");
    await sections.getByLabel("Rows", { exact: true }).fill("3");
    await sections.getByLabel("Seats per row").fill("8");
    await page.getByRole("button", { name: "Add section" }).click();
    // No category is made up: the first stand asks for one.
    await waitForText(page.getByRole("alert"), /Name the category of these places/);
    await sections.getByLabel("Name of a new category").fill("Home");
    await page.getByRole("button", { name: "Add section" }).click();
    await waitForText(page.locator("#canvas-summary"), /1 section, 24 seats/);
    // N1 is selected now, and the form edits it: choose no section before naming the next.
    await page.getByLabel("Selected section").selectOption("");
    await sections.getByLabel("Section name").fill("N2");
    await page.getByRole("button", { name: "Add section" }).click();
    await waitForText(page.locator("#canvas-summary"), /2 sections, 48 seats/);
    const outlines = await page
      .locator(".d-section .d-edge")
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
    expect(outlines).toHaveLength(2);
    expect(outlines[1].left).toBeGreaterThan(outlines[0].right);

    const ga = page.getByRole("region", { name: "General admission" });
    await ga.getByLabel("Area name").fill("Family Terrace");
    await ga.getByLabel("Category of its places").selectOption({ label: "A new category, named below" });
    await ga.getByLabel("Name of a new category").fill("Standing");
    await page.getByRole("button", { name: "Add GA area" }).click();
    await waitForText(page.locator("#canvas-summary"), /1 GA area of 100 places/);
    await page.getByRole("button", { name: "Save draft" }).click();
    await waitForText(page.locator("#save-state"), /All changes saved/);

    const draft = (await api("GET", "/api/v1/charts/new-stand/draft")).body;
    expect(draft.categories.map((c) => c.label)).toEqual(["Home", "Standing"]);
    expect(draft.sections.map((s) => [s.key, s.label])).toEqual([
      ["N1", "N1"],
      ["N2", "N2"],
    ]);
    expect(draft.sections[0].rows[0].seats[0].label).toBe("N1-A-1");
    expect(draft.sections[1].rows[2].seats[7].label).toBe("N2-C-8");
    expect(draft.generalAdmission).toEqual([expect.objectContaining({ label: "Family Terrace", categoryKey: draft.categories[1].key })]);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
