/**
 * The chart designer in a real browser (docs/dashboard.md#the-chart-designer), driven by role and accessible name: a
 * section of 10 rows × 20 seats on a curve with an aisle, two categories assigned by selection, a
 * GA area of 300 and the stage; saved; the API's draft holds exactly that; after publishing, the
 * SDK draws the same seats at the same places. Undo/redo, export/import, the stale If-Match (412)
 * and axe are checked too. Screenshots go to test-results/.
 */
import { readFile } from "node:fs/promises";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { openMap, screenshot, seriousViolations, signInThrough, useBrowser, waitForText, watchErrors } from "./browser.mjs";
import { apiCall, newWorkspace, signInLink } from "./service.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
let context;
let page;
let ws;
let errors;

const CHART = "designed-hall";
const COPY = "designed-copy";

const api = (method, path, body) => apiCall(e2e, ws.skTest, method, path, body);

async function openDesigner(chartKey) {
  const res = await page.goto(`${e2e.baseUrl}/dashboard/charts/${chartKey}/design`);
  expect(res.status()).toBe(200);
  await page.waitForSelector("#designer[data-ready]");
}

const saveState = () => page.locator("#save-state");

/** Centres of the designer's drawn seats by label (drawn units, the SVG's own attributes). */
const designerSeats = () =>
  page.$$eval("circle.d-seat", (nodes) =>
    Object.fromEntries(nodes.map((n) => [n.getAttribute("data-label"), [Number(n.getAttribute("cx")), Number(n.getAttribute("cy"))]])),
  );

/** Screen centres of seats, for pointer gestures. */
const screenSeats = () =>
  page.$$eval("circle.d-seat", (nodes) =>
    nodes.map((n) => {
      const r = n.getBoundingClientRect();
      return { label: n.getAttribute("data-label"), x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }),
  );

/** The part of the page from the toolbar to the bottom of the drawing. */
async function viewClip() {
  const bar = await page.locator(".designer-toolbar").boundingBox();
  const canvas = await page.locator("#canvas").boundingBox();
  return { x: 0, y: bar.y - 8, width: 1400, height: Math.min(1000 - bar.y, canvas.y + canvas.height - bar.y + 40) };
}

beforeAll(async () => {
  ws = await newWorkspace(e2e, "Designer E2E workspace");
  context = await browser().newContext({ viewport: { width: 1400, height: 1000 }, acceptDownloads: true });
  page = await context.newPage();
  errors = watchErrors(page, { console: true });
  await signInThrough(page, (await signInLink(e2e, ws.workspaceKey)).url);
  expect((await api("POST", "/api/v1/charts", { name: "Designed hall", chartKey: CHART })).status).toBe(201);
});

describe("the chart designer", () => {
  let designed;
  let premium;
  let exported;

  it("is reachable from the chart's page and is accessible empty", async () => {
    await page.goto(`${e2e.baseUrl}/dashboard/sandbox/charts/${CHART}`);
    await page.getByRole("link", { name: "Open the designer" }).click();
    await page.waitForSelector("#designer[data-ready]");
    expect(new URL(page.url()).pathname).toBe(`/dashboard/charts/${CHART}/design`);
    await waitForText(saveState(), /All changes saved · draft version 1/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "designer-empty");
  });

  it("designs a curved section with an aisle, two categories by selection, a GA area of 300 and the stage, and saves", async () => {
    await page.getByLabel("Category name").fill("Stalls");
    await page.getByRole("button", { name: "Add category" }).click();
    await page.getByLabel("Rows", { exact: true }).fill("10");
    await page.getByLabel("Seats per row").fill("20");
    await page.getByLabel("Curve (degrees)").fill("30");
    await page.getByLabel("Aisles after seats").fill("10");
    await page.getByRole("button", { name: "Add section" }).click();
    await waitForText(page.locator("#canvas-summary"), /1 section, 200 seats/);
    await waitForText(saveState(), /Unsaved changes/);

    await page.getByLabel("Category name").fill("Premium");
    await page.getByLabel("Colour").fill("#d4351c");
    await page.getByRole("button", { name: "Add category" }).click();

    // A rectangle over the left part of the front rows, dragged from the empty space outside the section …
    const seats = await screenSeats();
    const front = seats.filter((s) => /^A-[AB]-/.test(s.label));
    const outline = await page.locator(".d-section .d-edge").boundingBox();
    const left = outline.x - 10;
    const top = Math.min(...front.map((s) => s.y)) - 12;
    const right = (Math.min(...front.map((s) => s.x)) + Math.max(...front.map((s) => s.x))) / 2;
    const bottom = Math.max(...seats.filter((s) => s.label.startsWith("A-B-")).map((s) => s.y)) + 2;
    await page.mouse.move(left, top);
    await page.mouse.down();
    await page.mouse.move((left + right) / 2, (top + bottom) / 2, { steps: 4 });
    await page.mouse.move(right, bottom, { steps: 4 });
    await page.mouse.up();
    const inRect = seats.filter((s) => s.x >= left && s.x <= right && s.y >= top && s.y <= bottom).map((s) => s.label);
    expect(inRect.length).toBeGreaterThan(5);
    await page.getByLabel("Category for the selection").selectOption({ label: "Premium" });
    await page.getByRole("button", { name: "Assign category" }).click();
    // … and the whole back row, by click, shift-click and "Select whole rows".
    const at = (label) => seats.find((s) => s.label === label);
    await page.mouse.click(at("A-J-15").x, at("A-J-15").y);
    await page.keyboard.down("Shift");
    await page.mouse.click(at("A-J-18").x, at("A-J-18").y);
    await page.keyboard.up("Shift");
    await waitForText(page.locator("#selection-summary"), /Selected: 2 seats/);
    await page.getByRole("button", { name: "Select whole rows" }).click();
    await waitForText(page.locator("#selection-summary"), /Selected: 20 seats/);
    await page.getByRole("button", { name: "Assign category" }).click();
    premium = new Set([...inRect, ...seats.filter((s) => s.label.startsWith("A-J-")).map((s) => s.label)]);
    // Seats can be selected without a pointer too: by label, or a row by its prefix.
    await page.getByLabel("Select seats by label").fill("A-E-*, A-F-3");
    await page.getByRole("button", { name: "Select seats", exact: true }).click();
    await waitForText(page.locator("#selection-summary"), /Selected: 21 seats/);

    // A standing area of 300, an ellipse, moved below the seats with the keyboard.
    await page.getByLabel("Area name").fill("Standing");
    await page.getByLabel("Capacity").fill("300");
    await page.getByLabel("Shape").selectOption("ellipse");
    await page.getByLabel("Category for the selection").selectOption({ label: "Stalls" });
    await page.getByRole("button", { name: "Add GA area" }).click();
    await page.locator("#canvas").focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowDown");

    // The stage: above the seats.
    await page.getByRole("button", { name: "Place the stage" }).click();
    await page.locator("#canvas").scrollIntoViewIfNeeded();
    const box = await page.locator("#canvas").boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + 30);
    await waitForText(page.locator("#stage-state"), /The stage is at/);
    await page.getByRole("button", { name: "Zoom out" }).click();
    await page.getByRole("button", { name: "Fit to view" }).click();

    await page.getByRole("button", { name: "Save draft" }).click();
    await waitForText(saveState(), /All changes saved · draft version 2/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "designer-designed");
    // The README's picture: the toolbar, the section settings and the drawing, with a section selected.
    await page.getByLabel("Selected section").selectOption("A");
    await page.locator(".designer-toolbar").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/designer-guide.png", clip: await viewClip() });
    expect(errors).toEqual([]);
  });

  it("the API's draft holds exactly those objects, with unique labels", async () => {
    const res = await api("GET", `/api/v1/charts/${CHART}/draft`);
    expect(res.status).toBe(200);
    designed = res.body;
    expect(designed.categories.map((c) => c.label)).toEqual(["Stalls", "Premium"]);
    const [stalls, prem] = designed.categories.map((c) => c.key);
    expect(designed.sections).toHaveLength(1);
    const [section] = designed.sections;
    expect(section.rows).toHaveLength(10);
    expect(section.rows.map((r) => r.label)).toEqual(["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]);
    const all = section.rows.flatMap((r) => r.seats);
    expect(all).toHaveLength(200);
    expect(new Set(all.map((s) => s.label)).size).toBe(200);
    for (const row of section.rows) {
      expect(row.seats).toHaveLength(20);
      expect(row.seats.map((s) => s.label)).toEqual(Array.from({ length: 20 }, (_, i) => `A-${row.label}-${i + 1}`));
      // The aisle after the tenth seat, and nowhere else.
      expect(row.seats.map((s, i) => (s.aisleAfter ? i + 1 : 0)).filter(Boolean)).toEqual([10]);
      // A curve: the row's ends are nearer the stage (smaller y) than its middle.
      expect(row.seats[0].y).toBeLessThan(row.seats[9].y);
    }
    expect(section.generator).toMatchObject({ rows: 10, seatsPerRow: 20, curve: 30, aisles: [10] });
    const byCategory = (key) => new Set(all.filter((s) => s.categoryKey === key).map((s) => s.label));
    expect(byCategory(prem)).toEqual(premium);
    expect(byCategory(stalls).size).toBe(200 - premium.size);
    expect(designed.generalAdmission).toEqual([expect.objectContaining({ label: "Standing", capacity: 300, shape: "ellipse", categoryKey: stalls })]);
    const [area] = designed.generalAdmission;
    expect(area.y).toBeGreaterThan(Math.max(...all.map((s) => s.y)) - 100);
    expect(designed.focalPoint.y).toBeLessThan(Math.min(...all.map((s) => s.y)));
  });

  it("undo and redo round-trip every change; export gives the saved draft", async () => {
    const steps = [];
    while (await page.getByRole("button", { name: "Undo" }).isEnabled()) {
      await page.getByRole("button", { name: "Undo" }).click();
      steps.push(await page.locator("#canvas-summary").textContent());
    }
    expect(steps.at(-1)).toMatch(/0 sections, 0 seats, 0 GA areas/);
    await waitForText(saveState(), /Unsaved changes/);
    await page.locator("#canvas").focus();
    for (let i = 0; i < steps.length - 1; i++) await page.keyboard.press("Control+Shift+Z");
    await page.getByRole("button", { name: "Redo" }).click();
    expect(await page.getByRole("button", { name: "Redo" }).isEnabled()).toBe(false);
    // Back at the saved scene itself: nothing to save.
    await waitForText(saveState(), /All changes saved · draft version 2/);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export layout JSON" }).click()]);
    exported = await download.path();
    expect(JSON.parse(await readFile(exported, "utf8"))).toEqual(designed);
  });

  it("importing the exported layout into another chart gives the same draft", async () => {
    expect((await api("POST", "/api/v1/charts", { name: "Designed copy", chartKey: COPY })).status).toBe(201);
    await openDesigner(COPY);
    await page.getByLabel("Import layout JSON").setInputFiles(exported);
    await waitForText(page.locator("#canvas-summary"), /1 section, 200 seats, 1 GA area of 300 places, stage placed/);
    await page.getByRole("button", { name: "Save draft" }).click();
    await waitForText(saveState(), /All changes saved · draft version 2/);
    expect((await api("GET", `/api/v1/charts/${COPY}/draft`)).body).toEqual(designed);
  });

  it("a save over a draft changed elsewhere is refused (412) and the page offers to reload or save a copy", async () => {
    await openDesigner(COPY);
    await page.getByLabel("Selected section").selectOption("A");
    await page.getByLabel("Rotation (degrees)").fill("10");
    await page.getByLabel("Rotation (degrees)").press("Tab");
    await waitForText(saveState(), /Unsaved changes/);
    // Someone else saves the draft meanwhile.
    expect((await api("PATCH", `/api/v1/charts/${COPY}`, { draftVersion: designed })).body.draftVersion).toBe(3);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "PATCH"),
      page.getByRole("button", { name: "Save draft" }).click(),
    ]);
    expect(response.status()).toBe(412);
    expect(response.request().headers()["if-match"]).toBe('"2"');
    const alert = page.getByRole("alert").filter({ hasText: "This draft was changed somewhere else" });
    await alert.waitFor();
    await waitForText(saveState(), /Unsaved changes/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "designer-conflict");
    await expect(page.getByRole("button", { name: "Save as a copy" }).isVisible()).resolves.toBe(true);
    await page.getByRole("button", { name: "Reload the draft" }).click();
    await waitForText(saveState(), /All changes saved · draft version 3/);
  });

  it("after publishing, the SDK draws the same seats at the same places as the designer", async () => {
    await openDesigner(CHART);
    const drawnInDesigner = await designerSeats();
    expect(Object.keys(drawnInDesigner)).toHaveLength(200);
    expect((await api("POST", `/api/v1/charts/${CHART}/publish`)).status).toBe(200);
    const event = await api("POST", "/api/v1/events", { chartKey: CHART, eventKey: "designed-gala" });
    expect(event.status).toBe(201);
    const objects = (await apiCall(e2e, ws.pkTest, "GET", "/api/v1/events/designed-gala/objects")).body;
    expect(objects.focalPoint).toEqual(designed.focalPoint);
    const map = await openMap(browser(), { ...e2e, publicKey: ws.pkTest }, "designed-gala");
    try {
      const drawn = await map.page.$$eval("circle[data-object-label]", (nodes) =>
        Object.fromEntries(nodes.map((n) => [n.getAttribute("data-object-label"), [Number(n.getAttribute("cx")), Number(n.getAttribute("cy"))]])),
      );
      const seats = objects.objects.filter((o) => o.objectType === "seat");
      expect(seats).toHaveLength(200);
      // One scale turns the objects' coordinates into the drawing, and it is the designer's drawing.
      const [first] = seats;
      const scale = drawn[first.objectLabel][0] / first.x;
      for (const s of seats) {
        expect(drawn[s.objectLabel][0]).toBeCloseTo(s.x * scale, 6);
        expect(drawn[s.objectLabel][1]).toBeCloseTo(s.y * scale, 6);
        expect(drawn[s.objectLabel][0]).toBeCloseTo(drawnInDesigner[s.objectLabel][0], 6);
        expect(drawn[s.objectLabel][1]).toBeCloseTo(drawnInDesigner[s.objectLabel][1], 6);
      }
      // The same outline, GA ellipse and stage.
      const designerRing = await page.getAttribute(".d-section .d-fill", "d");
      expect(await map.page.getAttribute(".seating-section-fill", "d")).toBe(designerRing);
      expect(await map.page.locator('[data-object-label="Standing"] ellipse').count()).toBe(1);
      await map.page.locator(".seating-stage-mark").waitFor();
      await screenshot(map.page, "designer-sdk-map");
      await map.page.screenshot({ path: "test-results/designer-buyers-view.png" });
      expect(map.errors).toEqual([]);
    } finally {
      await map.context.close();
    }
  });

  it("sets seat features on a selection and says when a companion seat has no wheelchair space beside it (docs/accessibility.md)", async () => {
    await openDesigner(CHART);
    const setFeatures = async (labels, feature) => {
      await page.getByLabel("Select seats by label").fill(labels);
      await page.getByRole("button", { name: "Select seats", exact: true }).click();
      for (const box of await page.locator(".seat-features input[type=checkbox]").all()) await box.uncheck();
      await page.getByRole("checkbox", { name: feature }).check();
      await page.getByRole("button", { name: "Set features" }).click();
    };
    await setFeatures("A-E-1", "Wheelchair space");
    await waitForText(page.locator("#notice"), /1 seat now has wheelchair/);
    await setFeatures("A-E-2", "Companion seat");
    await waitForText(page.locator("#notice"), /now has companion/);
    await setFeatures("A-E-5", "Companion seat");
    await waitForText(page.locator("#notice"), /Companion seats should be next to a wheelchair space; this one is not: A-E-5/);
    await page.getByRole("button", { name: "Save draft" }).click();
    await waitForText(saveState(), /All changes saved/);
    const draft = (await api("GET", `/api/v1/charts/${CHART}/draft`)).body;
    const byLabel = Object.fromEntries(draft.sections.flatMap((s) => s.rows.flatMap((r) => r.seats)).map((seat) => [seat.label, seat.features]));
    expect([byLabel["A-E-1"], byLabel["A-E-2"], byLabel["A-E-5"], byLabel["A-E-3"]]).toEqual([["wheelchair"], ["companion"], ["companion"], undefined]);
    expect(errors).toEqual([]);
  });
});
