/**
 * Changing what was drawn in the designer, in a real browser, by role and accessible name: a
 * round table of 8 chosen by name becomes a table of 10 and is renamed (a label in use refused),
 * moved by the arrow keys and by a drag; a table chosen by a click; a zone and a floor renamed; a
 * booth edited and moved; one edit undone and redone; saved, published, and the published layout
 * read back through the API with every edit. Axe on the page; one German label.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot, seriousViolations, sessionCookies, signInThrough, useBrowser, waitForText, watchErrors } from "./browser.mjs";
import { apiCall, newWorkspace, signInLink } from "./service.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
const CHART = "gala-edits";
let ws;
let context;
let page;
let errors;

const api = (method, path, body) => apiCall(e2e, ws.skTest, method, path, body);
const notice = () => page.locator("#notice");
const field = (name) => page.getByLabel(name, { exact: true });
const press = async (key, times = 1) => {
  await page.locator("#canvas").focus();
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
};

/** The screen centre of a drawn table's top. */
async function tableCentre(label) {
  const box = await page.locator(`[data-table-label="${label}"]`).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

beforeAll(async () => {
  ws = await newWorkspace(e2e, "Table edits E2E workspace");
  context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
  errors = watchErrors(page, { console: true });
  await signInThrough(page, (await signInLink(e2e, ws.workspaceKey)).url);
  expect((await api("POST", "/api/v1/charts", { name: "Gala edits", chartKey: CHART })).status).toBe(201);
});

afterAll(async () => {
  await context?.close();
  expect(errors, "uncaught page errors").toEqual([]);
});

describe("changing tables, booths, zones and floors in the designer", () => {
  it("draws a round table of 8, a rectangular one of 6, a booth, a floor and a zone", async () => {
    await page.goto(`${e2e.baseUrl}/dashboard/charts/${CHART}/design`);
    await page.waitForSelector("#designer[data-ready]");
    for (const name of ["Gala", "VIP"]) {
      await page.getByLabel("Category name").fill(name);
      await page.getByRole("button", { name: "Add category" }).click();
    }
    await page.getByLabel("Floor name").fill("Ground floor");
    await page.getByRole("button", { name: "Add floor" }).click();
    await page.getByLabel("Kind of table").selectOption({ label: "Round" });
    await page.getByLabel("Seats at the table").fill("8");
    await page.getByLabel("Category of the table's seats").selectOption({ label: "Gala" });
    await page.getByRole("button", { name: "Add table" }).click();
    await waitForText(notice(), /Table T1 added: round, 8 seats/);
    await page.getByLabel("Kind of table").selectOption({ label: "Rectangular" });
    await page.getByLabel("Seats at the table").fill("6");
    await page.getByRole("button", { name: "Add table" }).click();
    await waitForText(notice(), /Table T2 added/);
    await page.getByLabel("Booth name").fill("Stand 1");
    await page.getByLabel("Category of the booth").selectOption({ label: "Gala" });
    await page.getByRole("button", { name: "Add booth" }).click();
    // The new booth is chosen: Shift+arrows move it 100 at a time, off the tables drawn at the middle.
    await waitForText(notice(), /Booth Stand 1 added/);
    await press("Shift+ArrowUp", 2);
    await waitForText(notice(), /Booth Stand 1 moved to -?[\d.]+, -220/);
    await page.getByLabel("Zone name").fill("Front");
    await page.getByLabel("Sections of the zone").selectOption({ label: "Tables (A)" });
    await page.getByRole("button", { name: "Add zone" }).click();
    await waitForText(page.locator("#zone-list"), /Front: Tables/);
    expect(await page.locator("circle.d-seat").count()).toBe(14);
  });

  it("chooses T1 by name and gives it 10 seats; a label in use is refused, then it is renamed T7", async () => {
    await page.getByLabel("Table to change or remove").selectOption("T1");
    await waitForText(notice(), /Table T1 chosen: round, 8 seats/);
    expect(await field("Seats of the chosen table").inputValue()).toBe("8");
    await field("Seats of the chosen table").fill("10");
    await page.getByRole("button", { name: "Update table" }).click();
    await waitForText(notice(), /Table T1 changed: round, 10 seats around it/);
    expect(await page.locator("circle.d-seat").count()).toBe(16);

    await field("Label of the chosen table").fill("T2");
    await page.getByRole("button", { name: "Update table" }).click();
    await waitForText(page.locator("#error-summary"), /The label T2 is already used by another object/);
    expect(await field("Label of the chosen table").getAttribute("aria-invalid")).toBe("true");
    await field("Label of the chosen table").fill("T7");
    await page.getByRole("button", { name: "Update table" }).click();
    await waitForText(notice(), /Table T7 changed: round, 10 seats/);
    expect(await page.locator('circle.d-seat[data-label^="T7-"]').count()).toBe(10);
    expect(await page.getByLabel("Table to change or remove").inputValue()).toBe("T7");
  });

  it("moves T7 by the arrow keys and by a drag; a click chooses T2", async () => {
    const x0 = Number(await field("Table centre x").inputValue());
    const y0 = Number(await field("Table centre y").inputValue());
    await press("ArrowRight", 2);
    await press("ArrowDown");
    await waitForText(notice(), new RegExp(`Table T7 moved to ${x0 + 20}, ${y0 + 10}`));
    expect(Number(await field("Table centre x").inputValue())).toBe(x0 + 20);

    const from = await tableCentre("T7");
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 40, from.y, { steps: 4 });
    await page.mouse.move(from.x - 80, from.y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => Number(await field("Table centre x").inputValue())).toBeLessThan(x0 + 20);
    expect(Number(await field("Table centre y").inputValue())).toBe(y0 + 10);
    // The drawn table is where the pointer let go, its seats around it.
    const to = await tableCentre("T7");
    expect(Math.abs(to.x - (from.x - 80))).toBeLessThan(6);
    const seat = await page.locator('circle.d-seat[data-label="T7-1"]').boundingBox();
    expect(Math.abs(seat.x + seat.width / 2 - to.x)).toBeLessThan(2);

    const t2 = await tableCentre("T2");
    await page.mouse.click(t2.x, t2.y);
    await waitForText(notice(), /Table T2 chosen: rectangular, 6 seats/);
    expect(await page.getByLabel("Table to change or remove").inputValue()).toBe("T2");
    await page.getByRole("button", { name: "Turn table by 90°" }).click();
    await waitForText(notice(), /Table T2 turned by 90°/);
  });

  it("renames the zone and the floor, and edits and moves the booth", async () => {
    await page.getByLabel("Zone to change or remove").selectOption({ label: "Front" });
    expect(await field("New name of the zone").inputValue()).toBe("Front");
    await field("New name of the zone").fill("Front stalls");
    await page.getByRole("button", { name: "Update zone" }).click();
    await waitForText(page.locator("#zone-list"), /Front stalls: Tables/);

    await page.getByLabel("Floor to rename or remove").selectOption({ label: "Ground floor" });
    await field("New name of the floor").fill("Parterre");
    await page.getByRole("button", { name: "Rename floor" }).click();
    await waitForText(notice(), /Floor renamed to Parterre/);
    await waitForText(page.locator("#floor-list"), /Parterre/);

    await page.getByLabel("Booth to change or remove").selectOption("Stand 1");
    await waitForText(notice(), /Booth Stand 1 chosen/);
    await field("Label of the chosen booth").fill("Stand 9");
    await field("Category of the chosen booth").selectOption({ label: "VIP" });
    await field("Floor of the chosen booth").selectOption({ label: "Parterre" });
    await field("Width of the chosen booth").fill("90");
    await field("Booth left edge x").fill("300");
    await field("Booth top edge y").fill("-200");
    await page.getByRole("button", { name: "Update booth" }).click();
    await waitForText(notice(), /Booth Stand 9 changed/);
    await press("ArrowDown");
    await waitForText(notice(), /Booth Stand 9 moved to 300, -190/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("undoes and redoes one edit", async () => {
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => field("Booth top edge y").inputValue()).toBe("-200");
    await page.getByRole("button", { name: "Redo" }).click();
    await expect.poll(() => field("Booth top edge y").inputValue()).toBe("-190");
    await screenshot(page, "tables-designer-edits");
  });

  it("saves and publishes; the published layout reads back with every edit", async () => {
    await page.getByRole("button", { name: "Save draft" }).click();
    await waitForText(page.locator("#save-state"), /All changes saved/);
    expect((await api("POST", `/api/v1/charts/${CHART}/publish`)).status).toBe(200);
    const published = (await api("GET", `/api/v1/charts/${CHART}/published`)).body;
    const layout = published.layout ?? published;
    const [section] = layout.sections;
    const [t7, t2] = section.tables;
    expect(t7.label).toBe("T7");
    expect(t7.seats.map((s) => s.label)).toEqual(Array.from({ length: 10 }, (_, i) => `T7-${i + 1}`));
    expect(t2.height).toBeGreaterThan(t2.width);
    expect(layout.booths).toEqual([{ label: "Stand 9", categoryKey: "vip", floorKey: "ground-floor", x: 300, y: -190, width: 90, height: 40 }]);
    expect(layout.zones).toEqual([{ key: "front", label: "Front stalls", sectionKeys: [section.key] }]);
    expect(layout.floors).toEqual([{ key: "ground-floor", label: "Parterre" }]);
  });

  it("names the chosen table's seats in German", async () => {
    const german = await browser().newContext({ viewport: { width: 1280, height: 900 }, locale: "de-DE" });
    await german.addCookies(await sessionCookies(browser(), e2e, ws.workspaceKey));
    const p = await german.newPage();
    const pageErrors = watchErrors(p, { console: true });
    await p.goto(`${e2e.baseUrl}/dashboard/charts/${CHART}/design`);
    await p.waitForSelector("#designer[data-ready]");
    await p.getByLabel("Zu ändernder oder zu entfernender Tisch").selectOption("T7");
    expect(await p.getByLabel("Plätze am gewählten Tisch").inputValue()).toBe("10");
    expect(await p.getByRole("button", { name: "Tischänderungen übernehmen" }).count()).toBe(1);
    await german.close();
    expect(pageErrors).toEqual([]);
  });
});
