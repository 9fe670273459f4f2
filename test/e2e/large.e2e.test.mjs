/**
 * A large hall: how long the SDK takes to fetch and draw a 20,000-seat event in headless Chromium
 * on this machine, and that a click still holds promptly. Logged, with a generous bound.
 */
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { launchBrowser, openMap, screenshot, seat, waitForStatus } from "./browser.mjs";
import { Api } from "./fixtures.mjs";

const e2e = inject("e2e");
const api = new Api(e2e.baseUrl, e2e.secretKey, e2e.publicKey);
let browser;

const SECTIONS = 20;
const ROWS = 25;
const PER_ROW = 40;

function bigLayout() {
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
    generalAdmission: [],
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

it(`draws ${SECTIONS * ROWS * PER_ROW} seats and still holds on click`, async () => {
  const chart = await api.call("POST", "/api/v1/charts", { name: "Big hall", draftVersion: bigLayout() });
  await api.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
  const ev = (await api.call("POST", "/api/v1/events", { chartKey: chart.chartKey })).eventKey;
  const started = Date.now();
  const { page, context } = await openMap(browser, e2e, ev);
  const renderMs = Date.now() - started;
  expect(await page.$$eval("[data-object-label]", (els) => els.length)).toBe(SECTIONS * ROWS * PER_ROW);
  const clickStarted = Date.now();
  await seat(page, "S1-1-1").click();
  await waitForStatus(page, "S1-1-1", "selected", 10_000);
  const clickMs = Date.now() - clickStarted;
  console.log(`${SECTIONS * ROWS * PER_ROW} seats: page load to drawn map ${renderMs} ms; click to selected ${clickMs} ms`);
  await screenshot(page, "seat-map-20k");
  expect(renderMs).toBeLessThan(30_000);
  await context.close();
});
