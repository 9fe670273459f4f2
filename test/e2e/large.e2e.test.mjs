/**
 * A 100,000-seat stadium (docs/sdk.md#large-maps-more-than-10000-objects): it renders promptly, sections are buttons a
 * keyboard reaches, Enter on a section brings its seats up as elements, a seat is held by keyboard
 * and by click, and seats too small to click are drawn without elements. The renderer is a part of
 * the SDK loaded on demand: when it cannot be loaded, the buyer is told the map could not be loaded.
 */
import { expect, inject, it } from "vitest";
import { openMap, screenshot, useBrowser, waitForStatus } from "./browser.mjs";
import { Api } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);

const SECTIONS = 20;
const ROWS = 50;
const PER_ROW = 100;
const SEATS = SECTIONS * ROWS * PER_ROW;

function stadium() {
  return {
    categories: [
      { key: "a", label: "Lower", color: "#2f6fed" },
      { key: "b", label: "Upper", color: "#2b9348" },
    ],
    sections: Array.from({ length: SECTIONS }, (_, s) => ({
      key: `S${s + 1}`,
      label: `Section ${s + 1}`,
      rows: Array.from({ length: ROWS }, (_, r) => ({
        label: String(r + 1),
        seats: Array.from({ length: PER_ROW }, (_, n) => ({ label: `S${s + 1}-${r + 1}-${n + 1}`, categoryKey: s < SECTIONS / 2 ? "a" : "b" })),
      })),
    })),
    generalAdmission: [{ label: "Field", categoryKey: "a", capacity: 5000 }],
  };
}

const browser = useBrowser();

it(`draws ${SEATS.toLocaleString("en-US")} seats, and a keyboard and a mouse both reach and hold seats`, { timeout: 180_000 }, async () => {
  const chart = await api.call("POST", "/api/v1/charts", { name: "Stadium", draftVersion: stadium() });
  await api.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
  const ev = (await api.call("POST", "/api/v1/events", { chartKey: chart.chartKey })).eventKey;
  await api.call("POST", `/api/v1/events/${ev}/seats/hold`, { objectLabels: ["S3-1-1", "S3-1-2"], holdToken: "another-buyer-1" }, e2e.publicKey);

  const started = Date.now();
  const { page, context, errors } = await openMap(browser(), e2e, ev);
  const renderMs = Date.now() - started;

  // At full view seats are about a pixel: drawn on the canvas, not as elements; sections and the GA area are buttons.
  expect(await page.locator('[data-object-type="seat"]').count()).toBe(0);
  const section3 = page.getByRole("button", { name: /^Section 3: 4,998 of 5,000 seats available/ });
  await expect.poll(() => section3.count()).toBe(1);
  expect(await page.getByRole("button", { name: /^Field \(Field\), .*general admission/ }).count()).toBe(1);
  await screenshot(page, "stadium-full");

  // Keyboard: Enter on a section zooms in and moves focus to one of its seats; Space holds it.
  await section3.focus();
  await page.keyboard.press("Enter");
  const focused = page.locator(":focus");
  await expect.poll(() => focused.getAttribute("aria-label")).toMatch(/^Seat S3-\d+-\d+, Section 3, Lower, available$/);
  const keyed = await focused.getAttribute("data-object-label");
  await page.keyboard.press(" ");
  await waitForStatus(page, keyed, "selected", 15_000);
  expect(await page.locator(`[data-object-label="${keyed}"]`).getAttribute("aria-pressed")).toBe("true");

  // Every seat element now on screen is at least 8 CSS px across (docs/sdk.md), and so clickable.
  const sizes = await page.$$eval('[data-object-type="seat"]', (els) => els.map((e) => e.getBoundingClientRect().width));
  expect(sizes.length).toBeGreaterThan(100);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(8);

  // A click on another seat by its accessible name holds it too; another buyer's hold shows as held.
  const clicked = "S3-25-50";
  await page.getByRole("button", { name: `Seat ${clicked}, Section 3, Lower, available`, exact: true }).click();
  await waitForStatus(page, clicked, "selected", 15_000).catch(async (err) => {
    // What the page knew when the click did not show up: the selection, the element, the focus.
    const state = await page.evaluate((l) => {
      const node = document.querySelector(`[data-object-label="${l}"]`);
      return {
        selected: window.chart.selectedObjects,
        status: node?.getAttribute("data-status"),
        box: node?.getBoundingClientRect().toJSON(),
        focus: document.activeElement?.getAttribute("aria-label"),
      };
    }, clicked);
    console.error("click not shown as selected:", JSON.stringify(state), errors);
    throw err;
  });
  expect(await page.evaluate(() => window.chart.selectedObjects.sort())).toEqual([clicked, keyed].sort());
  await screenshot(page, "stadium-zoomed");

  // Zoomed out again, the seat elements go (the focused one may stay).
  await page.getByRole("button", { name: "Show the whole map", exact: true }).click();
  await expect.poll(() => page.locator('[data-object-type="seat"]').count(), { timeout: 10_000 }).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
  console.log(`${SEATS} seats: page load to drawn map ${renderMs} ms`);
  expect(renderMs).toBeLessThan(30_000);
  await context.close();
});

it("a map above 10,000 objects whose renderer cannot be loaded says so", { timeout: 120_000 }, async () => {
  const layout = { categories: [{ key: "a", label: "Lower", color: "#2f6fed" }], sections: stadium().sections.slice(0, 3) };
  const chart = await api.call("POST", "/api/v1/charts", { name: "Three stands", draftVersion: layout });
  await api.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
  const ev = (await api.call("POST", "/api/v1/events", { chartKey: chart.chartKey })).eventKey;
  const context = await browser().newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  // The renderer is a part of the SDK loaded on demand; the network fails it.
  await page.route("**/large-map.mjs", (route) => route.abort());
  await page.goto(`${e2e.baseUrl}/?${new URLSearchParams({ key: e2e.publicKey, event: ev })}`);
  await page.waitForSelector("body[data-rendered]", { timeout: 30_000 });
  expect(await page.getAttribute("body", "data-rendered")).toBe("error");
  await expect.poll(() => page.getByRole("status").filter({ hasText: "The seat map could not be loaded" }).count()).toBe(1);
  await context.close();
});
