/**
 * Debian's Chromium driven by playwright-core, and helpers to open the demo page on an event.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { launchChromium } from "../../scripts/lib/chromium.mjs";
import { ROOT } from "./server.mjs";

export { launchChromium as launchBrowser };

export const SCREENSHOT_DIR = path.join(ROOT, "test-results");

/**
 * Opens the demo page for `eventKey` in a fresh context (a fresh buyer: own sessionStorage, own
 * hold token) and waits until the map is drawn.
 */
export async function openMap(browser, e2e, eventKey, { max, live, ttl, viewport = { width: 1280, height: 860 } } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  const params = new URLSearchParams({ key: e2e.publicKey, event: eventKey });
  if (max !== undefined) params.set("max", typeof max === "number" ? String(max) : JSON.stringify(max));
  if (live) params.set("live", live);
  if (ttl) params.set("ttl", String(ttl));
  await page.goto(`${e2e.baseUrl}/?${params}`);
  await page.waitForSelector("body[data-rendered]", { timeout: 30_000 });
  const rendered = await page.getAttribute("body", "data-rendered");
  if (rendered !== "true") throw new Error(`map did not render: ${await page.textContent("#seating")}`);
  return { context, page, errors, token: await page.evaluate(() => window.chart.holdToken) };
}

/** The element of one object. */
export const seat = (page, label) => page.locator(`[data-object-label="${label}"]`);

/** Waits until the object's data-status is `status`; resolves to the time it took. */
export async function waitForStatus(page, label, status, timeout = 5000) {
  const started = Date.now();
  await page.waitForFunction(([l, s]) => document.querySelector(`[data-object-label="${l}"]`)?.getAttribute("data-status") === s, [label, status], {
    timeout,
    polling: 25,
  });
  return Date.now() - started;
}

/** Saves a PNG under test-results/ and returns its path. */
export async function screenshot(page, name) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * A test file's browser for seat maps: launched before its tests, closed after them, when every
 * map opened through the returned `open` must have run without an uncaught page error.
 */
export function useSeatMaps(e2e) {
  let browser;
  const opened = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const m of opened) expect(m.errors, "uncaught page errors").toEqual([]);
    await browser?.close();
  });
  return async function open(eventKey, opts) {
    const m = await openMap(browser, e2e, eventKey, opts);
    opened.push(m);
    return m;
  };
}
