/**
 * The documentation on the running service, as a reader finds it in Chromium: the API reference at
 * /docs names each operation's client method, shows an example request and answer, and lists every
 * path whole in its sidebar (nothing cut off); the guides at /docs/guides read as pages linked to
 * each other. No page runs a script its Content-Security-Policy refuses, logs an error, or has a
 * serious axe violation.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { SCREENSHOT_DIR, seriousViolations, useBrowser, watchErrors } from "./browser.mjs";

const e2e = inject("e2e");

/** What the reader sees first, not the whole page: the reference and the guides are long. */
async function viewportShot(page, name) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}
const browser = useBrowser();

async function open(path, viewport = { width: 1280, height: 900 }) {
  const context = await browser().newContext({ viewport });
  const page = await context.newPage();
  const errors = watchErrors(page, { console: true });
  const refused = [];
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  await page.goto(`${e2e.baseUrl}${path}`);
  return { page, errors, refused, close: () => context.close() };
}

describe("the API reference at /docs", () => {
  it("shows every operation with its client method, an example request and an example answer", async () => {
    const { page, errors, refused, close } = await open("/docs");
    const hold = page.getByRole("region", { name: "holdSeats: POST /api/v1/events/{eventKey}/seats/hold" });
    await hold.waitFor();
    expect(await hold.locator(".opid").textContent()).toBe("holdSeats");
    expect(await hold.getByText("Example request", { exact: true }).isVisible()).toBe(true);
    const [request, answer] = await hold.locator("pre").allTextContents();
    expect(request).toMatch(/curl -X POST '.*\/api\/v1\/events\/gala-2026\/seats\/hold'/);
    expect(JSON.parse(request.slice(request.indexOf("-d '") + 4, -1))).toMatchObject({ objectLabels: ["A-2-1", "A-2-2"] });
    expect(JSON.parse(answer)).toMatchObject({ eventKey: "gala-2026", objects: [{ status: "held" }, { status: "held" }] });
    expect(await hold.locator("pre.example").first().isVisible()).toBe(true);
    // Every operation is a region named by its method and path, each with a client method.
    const count = await page.locator("section.op").count();
    expect(count).toBeGreaterThan(60);
    expect(await page.locator("section.op .opid").count()).toBe(count);
    expect(errors).toEqual([]);
    expect(refused).toEqual([]);
    await close();
  });

  it("lists every path whole in the sidebar: none is cut or runs out of its box", async () => {
    const { page, close } = await open("/docs");
    const nav = page.getByRole("navigation", { name: "API reference" });
    await nav.getByRole("link", { name: /seats\/hold-best-available/ }).waitFor();
    const clipped = await nav
      .locator("a .p")
      .evaluateAll((spans) =>
        spans.filter((s) => s.scrollWidth > s.clientWidth + 1 || getComputedStyle(s).textOverflow === "ellipsis").map((s) => s.textContent),
      );
    expect(clipped).toEqual([]);
    // Long examples scroll inside their own box; the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    const longest = nav.getByRole("link", { name: /partial-seasons\/\{partialSeasonKey\}\/seats\/release/ });
    expect(await longest.textContent()).toContain("/api/v1/seasons/{seasonKey}/partial-seasons/{partialSeasonKey}/seats/release");
    expect(await longest.textContent()).toContain("releasePartialSeasonSeats");
    await longest.click();
    expect(new URL(page.url()).hash).toBe("#releasePartialSeasonSeats");
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${e2e.baseUrl}/docs#holdSeats`);
    const hold = page.getByRole("region", { name: /^holdSeats:/ });
    await hold.getByText("Example request", { exact: true }).evaluate((el) => el.scrollIntoView({ block: "start" }));
    await viewportShot(page, "docs-reference");
    await close();
  });
});

describe("the guides at /docs/guides", () => {
  it("lists the guides and opens one, whose links lead to the others", async () => {
    const { page, errors, refused, close } = await open("/docs/guides");
    await page.getByRole("main").getByRole("link", { name: "Channels" }).click();
    await page.getByRole("heading", { level: 1, name: "Channels" }).waitFor();
    await page.getByRole("navigation", { name: "Guides" }).getByRole("link", { name: "Rules", exact: true }).click();
    expect(page.url()).toMatch(/\/docs\/guides\/channels#rules$/);
    await page.getByRole("main").getByRole("link", { name: "GA hold" }).first().click();
    await page.waitForURL(/\/docs\/guides\/events#general-admission$/);
    expect(await page.getByRole("heading", { level: 3, name: /General admission/ }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect(refused).toEqual([]);
    await page.goto(`${e2e.baseUrl}/docs/guides/channels`);
    await viewportShot(page, "docs-guide");
    await close();
  });

  it("reads on a phone without scrolling sideways", async () => {
    const { page, close } = await open("/docs/guides/events", { width: 390, height: 844 });
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });
});
