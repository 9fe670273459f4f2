/**
 * Debian's Chromium driven by playwright-core, and what the suites do with pages: a file's browser
 * lifecycle, the page-error watch, a dashboard session, opening the demo page on an event, waiting
 * for a seat's status or a text, the accessibility check and screenshots.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import { afterAll, beforeAll, expect } from "vitest";
import { launchChromium } from "../../scripts/lib/chromium.mjs";
import { ROOT } from "./server.mjs";
import { signInLink } from "./service.mjs";

export const SCREENSHOT_DIR = path.join(ROOT, "test-results");

/** A test file's browser: launched before its tests, closed after them. Call the result for the browser. */
export function useBrowser() {
  let browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser;
}

/**
 * Collects a page's uncaught errors (and, with `console`, its console errors) into the returned
 * array, which a test expects empty. Failed loads are left out of the console's: refusals a test
 * provokes (401, 409) are logged by the browser that way.
 */
export function watchErrors(page, { console = false } = {}) {
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  if (console)
    page.on("console", (msg) => {
      if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) errors.push(msg.text());
    });
  return errors;
}

/**
 * Uses a one-time sign-in link as a person does: opening it shows whom it signs in and a button
 * "Continue", whose press spends it and lands on the dashboard. Resolves once the dashboard's page is ready.
 */
export async function signInThrough(page, url) {
  await page.goto(url);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((u) => /^\/dashboard\/(production|sandbox)\//.test(u.pathname));
  await page.waitForSelector("body[data-ready]");
}

/** Signs in to a workspace's dashboard by a one-time link in a context of its own; the session cookie, for other contexts. */
export async function sessionCookies(browser, e2e, workspaceKey) {
  const context = await browser.newContext();
  await signInThrough(await context.newPage(), (await signInLink(e2e, workspaceKey)).url);
  const cookies = (await context.cookies()).filter((c) => c.name === "dashboard_session");
  await context.close();
  expect(cookies).toHaveLength(1);
  return cookies;
}

/**
 * Opens the demo page for `eventKey` in a fresh context (a fresh buyer: own sessionStorage, own
 * hold token; a phone with `hasTouch` and `isMobile`) and waits until the map is drawn. `language`
 * is the SDK's option, `pageLang` the page's own `<html lang>`, `messages` the SDK's overrides.
 */
export async function openMap(
  browser,
  e2e,
  eventKey,
  { max, live, ttl, channels, passes, mode, language, pageLang, messages, viewport = { width: 1280, height: 860 }, hasTouch, isMobile } = {},
) {
  const context = await browser.newContext({ viewport, ...(hasTouch ? { hasTouch, isMobile } : {}) });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const params = new URLSearchParams({ key: e2e.publicKey, event: eventKey });
  if (max !== undefined) params.set("max", typeof max === "number" ? String(max) : JSON.stringify(max));
  if (live) params.set("live", live);
  if (ttl) params.set("ttl", String(ttl));
  if (channels) params.set("channels", channels.join(","));
  if (passes) params.set("passes", passes.join(","));
  if (mode) params.set("mode", mode);
  if (language) params.set("language", language);
  if (pageLang) params.set("lang", pageLang);
  if (messages) params.set("messages", JSON.stringify(messages));
  await page.goto(`${e2e.baseUrl}/?${params}`);
  await page.waitForSelector("body[data-rendered]", { timeout: 30_000 });
  const rendered = await page.getAttribute("body", "data-rendered");
  if (rendered !== "true") throw new Error(`map did not render: ${await page.textContent("#seating")}`);
  return { context, page, errors, token: await page.evaluate(() => window.chart.holdToken) };
}

/**
 * A test file's browser for seat maps: launched before its tests, closed after them, when every
 * map opened through the returned `open` must have run without an uncaught page error.
 */
export function useSeatMaps(e2e) {
  const browser = useBrowser();
  const opened = [];
  afterAll(() => {
    for (const m of opened) expect(m.errors, "uncaught page errors").toEqual([]);
  });
  return async function open(eventKey, opts) {
    const m = await openMap(browser(), e2e, eventKey, opts);
    opened.push(m);
    return m;
  };
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

/** Waits until `check()` resolves truthy; returns its value. */
export async function eventually(check, { timeout = 10_000, interval = 100, what = "condition" } = {}) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** Waits until the element's text matches `pattern`; returns the text. */
export async function waitForText(locator, pattern, timeout = 10_000) {
  let text = "";
  await eventually(
    async () => {
      text = (await locator.textContent().catch(() => null)) ?? "";
      return pattern.test(text);
    },
    { timeout, interval: 50, what: `${pattern}` },
  ).catch(() => {
    throw new Error(`timed out waiting for ${pattern} in: ${text}`);
  });
  return text;
}

/** axe-core on the page as it is now: the serious and critical violations (none expected). */
export async function seriousViolations(page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`).slice(0, 5) }));
}

/** Saves a PNG under test-results/ and returns its path. */
export async function screenshot(page, name) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
