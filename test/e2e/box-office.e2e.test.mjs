/**
 * A football club's box office, at 1280 px and on a 390 px phone: a standing area whose name has a
 * space ("Family Terrace") and seats whose labels hold commas are clicked or typed and booked; a
 * clicked seat widens to its whole row or section; the map rings each channel's seats (colour,
 * pattern, words in the legend and the seat's description); the event's start is picked on the
 * venue's clock and shown with its offset; a sandbox event is copied to production. By role and
 * accessible name, axe-clean at both widths; the desktop picture goes to docs/box-office.png.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eventually, seriousViolations, sessionCookies, useBrowser, waitForStatus, waitForText, watchErrors } from "./browser.mjs";
import { apiCall, newWorkspace } from "./service.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const CHART = "club-ground";
const EVENT = "city-v-united";
let ws;
let cookies;
const errors = [];

/** Two stands and a family terrace, the way a club names them. */
function groundLayout() {
  const stand = (key, x0, y0) => ({
    key,
    label: key === "N1" ? "North Stand" : "South Stand",
    rows: ["A", "B"].map((row, r) => ({
      label: row,
      seats: Array.from({ length: 8 }, (_, i) => ({ label: `${key}-${row}-${i + 1}`, categoryKey: "home", x: x0 + i * 24, y: y0 + r * 30 })),
    })),
  });
  const north = stand("N1", 0, 0);
  north.rows.push({ label: "Boxes", seats: ["Box 3, left", "Box 3, right"].map((label, i) => ({ label, categoryKey: "home", x: 60 + i * 48, y: 70 })) });
  return {
    categories: [
      { key: "home", label: "Home", color: "#1d70b8" },
      { key: "family", label: "Family", color: "#00703c" },
    ],
    sections: [north, stand("S1", 0, 260)],
    generalAdmission: [{ label: "Family Terrace", categoryKey: "family", capacity: 300, x: 240, y: 60, width: 320, height: 170 }],
  };
}

const api = (method, path, body) => apiCall(e2e, ws.skTest, method, path, body);

async function signedInPage(viewport) {
  const context = await browser().newContext({ viewport });
  await context.addCookies(cookies);
  const page = await context.newPage();
  errors.push(watchErrors(page, { console: true }));
  page.on("dialog", (d) => d.accept());
  return page;
}

async function openEvent(page, eventKey = EVENT) {
  await page.goto(`${e2e.baseUrl}/dashboard/sandbox/events/${eventKey}`);
  await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
}

const selection = (page) => page.getByLabel("Selected seats and areas");
const lines = async (page) => (await selection(page).inputValue()).split("\n").filter(Boolean);

beforeAll(async () => {
  ws = await newWorkspace(e2e, "City Football Club");
  expect((await api("POST", "/api/v1/charts", { name: "City ground", chartKey: CHART, draftVersion: groundLayout() })).status).toBe(201);
  expect((await api("POST", `/api/v1/charts/${CHART}/publish`)).status).toBe(200);
  expect((await api("POST", "/api/v1/events", { chartKey: CHART, eventKey: EVENT, name: "City v United", timeZone: "Europe/London" })).status).toBe(201);
  const channels = [
    { key: "members", name: "Members' presale", objectLabels: ["N1-A-1", "N1-A-2", "N1-A-3", "N1-A-4"] },
    { key: "away", name: "Away fans", objectLabels: ["S1-B-5", "S1-B-6", "S1-B-7", "S1-B-8"] },
  ];
  expect((await api("PUT", `/api/v1/events/${EVENT}/channels`, { channels })).status).toBe(200);
  cookies = await sessionCookies(browser(), e2e, ws.workspaceKey);
});

afterAll(() => {
  for (const e of errors) expect(e, "page errors").toEqual([]);
});

describe("the box office at 1280 px", () => {
  it("books the Family Terrace by a click on the map, and seats whose labels hold a comma", async () => {
    const page = await signedInPage(DESKTOP);
    await openEvent(page);
    await page.getByRole("button", { name: /^Family Terrace \(Family Terrace\)/ }).click();
    expect(await lines(page)).toEqual(["Family Terrace"]);
    await page.getByLabel("Places per general admission area").fill("3");
    await page.getByLabel("Order id", { exact: true }).fill("T-100");
    await page.getByRole("button", { name: "Book", exact: true }).click();
    await waitForText(page.locator("#notice"), /Booked Family Terrace under order T-100/);
    const terrace = (await api("GET", `/api/v1/events/${EVENT}/status?labels=Family%20Terrace`)).body.objects[0];
    expect(terrace).toMatchObject({ objectLabel: "Family Terrace", booked: 3 });

    // Typed, one per line or several on a line separated by commas: a label with a comma stays whole.
    await selection(page).fill("Box 3, left\nN1-B-1, N1-B-2");
    await page.getByLabel("Order id", { exact: true }).fill("B-200");
    await page.getByRole("button", { name: "Book", exact: true }).click();
    await waitForText(page.locator("#notice"), /under order B-200/);
    for (const label of ["Box 3, left", "N1-B-1", "N1-B-2"]) await waitForStatus(page, label, "booked", 5000);
    expect(await lines(page)).toEqual([]);
  });

  it("widens a clicked seat to its whole row, then its whole section, and clears", async () => {
    const page = await signedInPage(DESKTOP);
    await openEvent(page);
    await page.getByRole("button", { name: /^Seat S1-A-3,/ }).click();
    await page.getByRole("button", { name: "Select whole rows" }).click();
    expect(await lines(page)).toEqual(["S1-A-3", ...[1, 2, 4, 5, 6, 7, 8].map((n) => `S1-A-${n}`)]);
    await waitForText(page.locator("#bo-summary"), /^8 selected\.$/);
    await page.getByRole("button", { name: "Select whole sections" }).click();
    expect(await lines(page)).toHaveLength(16);
    await waitForText(page.locator("#bo-summary"), /16 selected \(4 in Away fans\)/);
    expect(await page.locator('[data-box-office="selected"]').count()).toBe(16);
    await page.getByRole("button", { name: "Clear selection" }).click();
    expect(await lines(page)).toEqual([]);
    expect(await page.locator('[data-box-office="selected"]').count()).toBe(0);
  });

  it("rings each channel's seats in its colour and pattern, says so in the legend and in each seat's description; axe is clean", async () => {
    const page = await signedInPage(DESKTOP);
    await openEvent(page);
    const rings = page.locator(".bo-channel-ring");
    await eventually(async () => (await rings.count()) === 8, { what: "8 channel rings" });
    const looks = await rings.evaluateAll((els) => [
      ...new Set(els.map((e) => `${e.getAttribute("stroke")} ${e.getAttribute("stroke-dasharray") ?? "solid"}`)),
    ]);
    expect(looks).toHaveLength(2);
    const legend = page.locator("#bo-channel-legend");
    await waitForText(legend, /Members' presale: solid ring, 4 seats/);
    await waitForText(legend, /Away fans: dashed ring, 4 seats/);
    await waitForText(legend, /Open pool: no ring/);
    const described = await page
      .getByRole("button", { name: /^Seat N1-A-2,/ })
      .evaluate((el) => document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent ?? "");
    expect(described).toMatch(/^Members' presale: solid ring/);
    // A seat of the open pool has no channel description.
    expect(await page.getByRole("button", { name: /^Seat N1-A-5,/ }).getAttribute("aria-describedby")).toBeNull();
    // A click on a ringed seat reaches the seat, not the ring.
    await page.getByRole("button", { name: /^Seat N1-A-2,/ }).click();
    await waitForText(page.locator("#bo-announce"), /N1-A-2 \(Members' presale\) added to the selection/);
    await page.getByRole("button", { name: "Select whole rows" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator(".event-grid").screenshot({ path: "docs/box-office.png" });

    // Moving seats to another channel redraws their rings.
    await selection(page).fill("N1-A-5\nN1-A-6");
    await page.getByRole("form", { name: "Box office" }).getByLabel("Channel key").fill("away");
    await page.getByRole("button", { name: "Assign to channel" }).click();
    await waitForText(legend, /Away fans: dashed ring, 6 seats/);
    await eventually(async () => (await rings.count()) === 10, { what: "10 channel rings" });
  });

  it("picks the start on the venue's clock and shows it with the offset", async () => {
    const page = await signedInPage(DESKTOP);
    await openEvent(page);
    const details = page.getByRole("form", { name: "Event details" });
    await details.getByLabel("Starts at").fill("2027-02-06T15:00");
    await details.getByLabel("Time zone").fill("Europe/Berlin");
    await details.getByRole("button", { name: "Save details" }).click();
    await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
    await waitForText(page.locator("main"), /starts Sat 6 Feb 2027, 15:00 \(UTC\+01:00, Europe\/Berlin\)/);
    expect((await api("GET", `/api/v1/events/${EVENT}`)).body).toMatchObject({ startsAt: "2027-02-06T14:00:00.000Z", timeZone: "Europe/Berlin" });
    expect(await page.getByRole("form", { name: "Event details" }).getByLabel("Starts at").inputValue()).toBe("2027-02-06T15:00");
    await page.goto(`${e2e.baseUrl}/dashboard/sandbox/events`);
    await page.waitForSelector("body[data-ready]");
    await waitForText(page.locator("table"), /Sat 6 Feb 2027, 15:00 \(UTC\+01:00, Europe\/Berlin\)/);
  });

  it("copies the sandbox event to production with its channels and none of its sales", async () => {
    const page = await signedInPage(DESKTOP);
    await openEvent(page);
    const copy = page.getByRole("form", { name: "Copy to production" });
    await copy.getByLabel("Production event key (optional)").fill("city-v-united-live");
    await copy.getByRole("button", { name: "Copy to production" }).click();
    await page.waitForURL("**/dashboard/production/events/city-v-united-live");
    await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
    await page.getByRole("heading", { level: 1, name: "City v United" }).waitFor();
    await waitForText(page.locator("#bo-channel-legend"), /Members' presale: solid ring, 4 seats/);
    expect(await page.locator('[data-status="booked"]').count()).toBe(0);
    expect(await page.getByRole("form", { name: "Copy to production" }).count()).toBe(0);
  });
});

describe("the box office on a 390 px phone", () => {
  it("books the Family Terrace typed by name, with nothing scrolling sideways; axe is clean", async () => {
    const page = await signedInPage(PHONE);
    await openEvent(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await selection(page).fill("Family Terrace");
    await page.getByLabel("Order id", { exact: true }).fill("T-101");
    await page.getByRole("button", { name: "Book", exact: true }).click();
    await waitForText(page.locator("#notice"), /Booked Family Terrace under order T-101/);
    const terrace = (await api("GET", `/api/v1/events/${EVENT}/status?labels=Family%20Terrace`)).body.objects[0];
    expect(terrace.booked).toBe(4);
    await page.getByRole("button", { name: "Select whole rows" }).scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: /^Seat N1-A-7,/ }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Select whole sections" }).click();
    expect((await lines(page)).length).toBeGreaterThanOrEqual(16);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "test-results/box-office-phone.png", fullPage: true });
  });
});
