/**
 * The people's side, as a venue and a box-office clerk meet it: on a desktop and on a
 * 390 px phone. Messages written for people (an empty order id), names before keys, sold and held
 * per event, the sales plot's axes, the phone's folded menu and stacked tables with nothing
 * scrolling sideways, and the designer's first minute at 1280×800. Found by role and accessible
 * name; axe-core stays clean at both widths. Screenshots go to docs/ for the README.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seriousViolations, signInThrough, useBrowser, waitForText, watchErrors } from "./browser.mjs";
import { apiCall, demoLayout, newWorkspace, signInLink } from "./service.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
const CHART = "riverside";
const EVENT = "opening-night";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
let ws;
let cookies;
const contexts = [];
const errors = [];

/** A signed-in page at `viewport`. */
async function signedInPage(viewport, device = {}) {
  const context = await browser().newContext({ viewport, ...device });
  contexts.push(context);
  await context.addCookies(cookies);
  const page = await context.newPage();
  errors.push(watchErrors(page));
  page.on("dialog", (d) => d.accept());
  return page;
}

async function open(page, path) {
  await page.goto(e2e.baseUrl + path);
  await page.waitForSelector("body[data-ready]");
}

const noSidewaysScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  ws = await newWorkspace(e2e, "Riverside Theatre");
  const api = (method, path, body) => apiCall(e2e, ws.skTest, method, path, body);
  expect((await api("POST", "/api/v1/charts", { name: "Riverside main hall", chartKey: CHART, draftVersion: demoLayout() })).status).toBe(201);
  expect((await api("POST", `/api/v1/charts/${CHART}/publish`)).status).toBe(200);
  const startsAt = new Date(Date.now() + 20 * 60_000).toISOString();
  expect((await api("POST", "/api/v1/events", { chartKey: CHART, eventKey: EVENT, name: "Opening night", startsAt })).status).toBe(201);
  // A few sales and a hold, so the counts and the plot have something to show.
  const hold = (labels, token) => apiCall(e2e, ws.pkTest, "POST", `/api/v1/events/${EVENT}/seats/hold`, { objectLabels: labels, holdToken: token });
  expect((await hold(["A-1-1", "A-1-2", "A-1-3"], "buyer-one-token")).status).toBe(200);
  expect((await api("POST", `/api/v1/events/${EVENT}/seats/book`, { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: "buyer-one-token" })).status).toBe(
    200,
  );
  expect((await hold(["B-2-4", "B-2-5"], "buyer-two-token")).status).toBe(200);
  // Sign in once; the session cookie serves every context.
  const first = await browser().newContext();
  await signInThrough(await first.newPage(), (await signInLink(e2e, ws.workspaceKey)).url);
  cookies = (await first.cookies()).filter((c) => c.name === "dashboard_session");
  await first.close();
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  for (const list of errors) expect(list, "uncaught page errors").toEqual([]);
});

describe("on a desktop", () => {
  it("the events list names each event and its chart, with sold and held counts", async () => {
    const page = await signedInPage(DESKTOP);
    await open(page, "/dashboard/events");
    expect(new URL(page.url()).pathname).toBe("/dashboard/sandbox/events");
    const row = page.getByRole("row", { name: /Opening night/ });
    await row.waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells[0]).toContain("Opening night");
    expect(cells[2]).toBe("3");
    expect(cells[3]).toBe("2");
    expect(cells[4]).toContain("Riverside main hall");
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "docs/dashboard-events.png", fullPage: true });
  });

  it("the event page links its chart by name, plots sales with labelled axes and the start, and says 'Enter an order id'", async () => {
    const page = await signedInPage(DESKTOP);
    await open(page, `/dashboard/sandbox/events/${EVENT}`);
    await page.getByRole("link", { name: "Riverside main hall" }).waitFor();
    const plot = page.getByRole("img", { name: /^Sales over time:/ });
    await plot.waitFor();
    const words = await plot.locator("text").allTextContents();
    expect(words).toEqual(expect.arrayContaining(["Places", "Time (UTC+00:00)", "Event starts"]));
    expect(words.filter((w) => /^\d\d:\d\d$/.test(w)).length).toBeGreaterThanOrEqual(3);
    await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
    await page.getByLabel("Selected seats and areas").fill("A-3-1");
    await page.getByRole("button", { name: "Book", exact: true }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await waitForText(summary, /Enter an order id/);
    expect(await summary.textContent()).not.toMatch(/Invalid input|expected string|undefined/);
    await page.getByRole("link", { name: "Enter an order id" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "docs/dashboard-event.png", fullPage: true });
    // The next success clears the stale error.
    await page.getByLabel("Order id", { exact: true }).fill("box-1");
    await page.getByLabel("Selected seats and areas").fill("A-3-1");
    await page.getByRole("button", { name: "Book", exact: true }).click();
    await waitForText(page.locator("#notice"), /Booked A-3-1 under order box-1/);
    expect(await summary.isVisible()).toBe(false);
  });

  it("webhook event types are described in words beside their ids", async () => {
    const page = await signedInPage(DESKTOP);
    await open(page, "/dashboard/sandbox/webhooks");
    await page.getByRole("checkbox", { name: "A hold ran out before it was booked seat.hold_expired" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the designer's first minute at 1280×800: the drawing and its main actions on the first screen, an empty state, distinct category colours", async () => {
    const api = (method, path, body) => apiCall(e2e, ws.skTest, method, path, body);
    expect((await api("POST", "/api/v1/charts", { name: "Studio", chartKey: "studio" })).status).toBe(201);
    const page = await signedInPage(DESKTOP);
    await page.goto(`${e2e.baseUrl}/dashboard/charts/studio/design`);
    await page.waitForSelector("#designer[data-ready]");
    await page.screenshot({ path: "docs/designer-empty.png" });
    const canvas = await page.getByRole("application", { name: "Seat map drawing" }).boundingBox();
    expect(canvas.y).toBeLessThan(300);
    expect(canvas.y + canvas.height).toBeLessThanOrEqual(DESKTOP.height);
    const add = await page.getByRole("button", { name: "Add section" }).boundingBox();
    expect(add.y + add.height).toBeLessThan(DESKTOP.height);
    await page.getByRole("heading", { name: "This chart is empty" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const colour = () => page.getByLabel("Colour").inputValue();
    const colours = [];
    for (const name of ["Stalls", "Circle", "Boxes"]) {
      colours.push(await colour());
      await page.getByLabel("Category name").fill(name);
      await page.getByRole("button", { name: "Add category" }).click();
    }
    expect(new Set(colours).size).toBe(3);
    await page.getByLabel("Rows", { exact: true }).fill("6");
    await page.getByLabel("Seats per row").fill("12");
    await page.getByLabel("Section name").fill("Stalls");
    await page.getByRole("button", { name: "Add section" }).click();
    await waitForText(page.locator("#canvas-summary"), /1 section, 72 seats, 0 GA areas of 0 places/);
    expect(await page.getByRole("heading", { name: "This chart is empty" }).isVisible()).toBe(false);
    // Search by the name a person gave, not the key.
    await page.getByLabel("Select seats by label").fill("Stalls row C");
    await page.getByRole("button", { name: "Select seats", exact: true }).click();
    await waitForText(page.locator("#selection-summary"), /Selected: 12 seats/);
    await page.getByLabel("Category for the selection").selectOption({ label: "Circle" });
    await page.getByRole("button", { name: "Assign category" }).click();
    await waitForText(page.getByRole("status").filter({ hasText: "Circle assigned" }), /Circle assigned to 12 seats/);
    await page.getByLabel("Select seats by label").fill("Stalls");
    await page.getByRole("button", { name: "Select seats", exact: true }).click();
    await waitForText(page.locator("#selection-summary"), /Selected: 72 seats/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: "docs/designer.png" });
  });
});

describe("on a 390 px phone", () => {
  const pages = [
    "/dashboard/sandbox/events",
    `/dashboard/sandbox/events/${EVENT}`,
    "/dashboard/sandbox/charts",
    "/dashboard/sandbox/webhooks",
    "/dashboard/sandbox/keys",
  ];

  it("no page scrolls sideways, tables stack into labelled rows, and axe is clean", async () => {
    const page = await signedInPage(PHONE);
    for (const path of pages) {
      await open(page, path);
      if (path.includes(EVENT)) await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
      expect(await noSidewaysScroll(page), path).toBeLessThanOrEqual(PHONE.width);
      expect(await seriousViolations(page), `axe on ${path}`).toEqual([]);
    }
    await open(page, "/dashboard/sandbox/events");
    const firstCell = page.getByRole("cell").first();
    expect(await firstCell.getAttribute("data-label")).toBe("Event");
    await page.screenshot({ path: "docs/phone-events.png", fullPage: true });
  });

  it("the navigation folds behind Menu, and the content starts on the first screen", async () => {
    const page = await signedInPage(PHONE);
    await open(page, "/dashboard/sandbox/events");
    const h1 = await page.getByRole("heading", { level: 1, name: "Events" }).boundingBox();
    expect(h1.y).toBeLessThan(PHONE.height * 0.3);
    expect(await page.getByRole("link", { name: "Webhooks", exact: true }).isVisible()).toBe(false);
    const menu = page.getByRole("button", { name: "Menu" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("navigation").getByRole("link", { name: "Webhooks", exact: true }).waitFor({ state: "visible" });
    await page.getByRole("combobox", { name: "Environment" }).waitFor({ state: "visible" });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "docs/phone-menu.png" });
  });

  it("the event map opens on the whole venue, and Zoom in reaches seats a finger can hit (24 px or more)", async () => {
    const page = await signedInPage(PHONE, { hasTouch: true, isMobile: true });
    await open(page, `/dashboard/sandbox/events/${EVENT}`);
    await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
    await page.waitForTimeout(300);
    const width = () => page.evaluate(() => document.querySelector('[data-object-label="A-2-5"]').getBoundingClientRect().width);
    for (let i = 0; i < 8 && (await width()) < 24; i++) {
      await page.getByRole("button", { name: "Zoom in" }).tap();
      await page.waitForTimeout(150);
    }
    expect(await width()).toBeGreaterThanOrEqual(24);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: "docs/phone-event.png" });
  });
});
