/**
 * Rotating a publishable key from the dashboard's Keys page (docs/security.md), by role and accessible
 * name, with axe: the person chooses how long the old key keeps working, confirms, and the page
 * shows the new key; the API takes the new key at once and the old one for the grace period.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot, seriousViolations, sessionCookies, useBrowser, watchErrors } from "./browser.mjs";
import { apiCall, newWorkspace } from "./service.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
let context;
let page;
let ws;
let errors;

beforeAll(async () => {
  ws = await newWorkspace(e2e, "Key rotation E2E workspace");
  context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies(await sessionCookies(browser(), e2e, ws.workspaceKey));
  page = await context.newPage();
  errors = watchErrors(page, { console: true });
  page.on("dialog", (dialog) => dialog.accept());
});

afterAll(async () => {
  await context?.close();
});

describe("the Keys page", () => {
  it("rotates the sandbox publishable key with the grace the person chose", async () => {
    await page.goto(`${e2e.baseUrl}/dashboard/sandbox/keys`);
    await page.waitForSelector("body[data-ready]");
    const field = page.getByLabel("Sandbox publishable key", { exact: true });
    expect(await field.inputValue()).toBe(ws.pkTest);
    expect(await seriousViolations(page), "axe on the keys page").toEqual([]);
    await page.getByLabel("The old key keeps working for").selectOption({ label: "1 hour" });
    await page.getByRole("button", { name: "Rotate publishable key" }).click();
    await page.waitForFunction((old) => document.querySelector("#pk-sandbox")?.value !== old, ws.pkTest, { timeout: 10_000 });
    await page.waitForSelector("body[data-ready]");
    const rotated = await page.getByLabel("Sandbox publishable key", { exact: true }).inputValue();
    expect(rotated).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(rotated).not.toBe(ws.pkTest);
    // The production key is untouched.
    expect(await page.getByLabel("Production publishable key", { exact: true }).inputValue()).toBe(ws.pkLive);
    await screenshot(page, "dashboard-keys-rotated");
    // Both keys work during the hour of grace.
    for (const key of [rotated, ws.pkTest]) expect((await apiCall(e2e, key, "GET", "/api/v1/events/none")).status).toBe(404);
    expect(errors).toEqual([]);
  });
});
