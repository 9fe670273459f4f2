/**
 * What a buyer sees beyond the seats: the reason a seat was refused, said on the map in
 * a live region; the limit in words; a tooltip on hover and focus; the hold's countdown; and the
 * demo page at phone width without sideways scrolling. Found by role and accessible name, with axe.
 */
import { describe, expect, inject, it } from "vitest";
import { screenshot, seat, seriousViolations, useSeatMaps, waitForStatus } from "./browser.mjs";
import { demoLayout as devDemoLayout } from "../../scripts/lib/demo.mjs";
import { Api } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const open = useSeatMaps(e2e);

describe("a buyer told why", () => {
  it("a seat taken a moment ago: the map says so in an alert, by the seat's label", async () => {
    const ev = await api.newEvent();
    // Polling only: the map has not yet heard of the other buyer's hold when this one clicks.
    const { page } = await open(ev, { live: "poll" });
    await api.call("POST", `/api/v1/events/${ev}/seats/hold`, { objectLabels: ["B-2-5"], holdToken: "another-buyer-token" }, api.publicKey);
    await seat(page, "B-2-5").click();
    const alert = page.getByRole("alert").filter({ hasText: "Seat B-2-5 was just taken — choose another seat" });
    await alert.waitFor({ timeout: 5000 });
    await waitForStatus(page, "B-2-5", "held");
    // Clicking the seat the map now shows taken says it is taken, without asking the server.
    await page.getByRole("button", { name: "Dismiss message" }).click();
    await seat(page, "B-2-5").click();
    await page.getByRole("alert").filter({ hasText: "Seat B-2-5 is taken — choose another seat" }).waitFor({ timeout: 5000 });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("the limit in words: You can select up to 2 seats", async () => {
    const ev = await api.newEvent();
    const { page } = await open(ev, { max: 2 });
    for (const l of ["A-3-1", "A-3-2"]) {
      await seat(page, l).click();
      await waitForStatus(page, l, "selected");
    }
    await seat(page, "A-3-3").click();
    await page.getByRole("alert").filter({ hasText: "You can select up to 2 seats" }).waitFor({ timeout: 5000 });
    expect(await seat(page, "A-3-3").getAttribute("data-status")).toBe("free");
    // The next success clears it.
    await seat(page, "A-3-2").click();
    await waitForStatus(page, "A-3-2", "free");
    await seat(page, "A-3-3").click();
    await waitForStatus(page, "A-3-3", "selected");
    expect(await page.getByRole("alert").isVisible()).toBe(false);
  });
});

describe("details and time", () => {
  it("a tooltip on hover and on focus names the section, row, seat, category and price; a countdown shows the hold", async () => {
    const ev = await api.newEvent();
    const { page } = await open(ev);
    await page.evaluate(() => {
      // The demo page's chart takes no prices: a second chart in the page shows a configured one.
      window.chart.destroy();
    });
    await page.evaluate(
      ([key, event]) =>
        new window.Seating.SeatingChart({ divId: "seating", publicKey: key, event, tooltip: { prices: { vip: 45 }, currency: "EUR" } })
          .render()
          .then((c) => (window.chart = c)),
      [e2e.publicKey, ev],
    );
    await seat(page, "A-1-3").hover();
    const tip = page.getByRole("tooltip");
    await tip.waitFor({ state: "visible", timeout: 5000 });
    const text = await tip.textContent();
    expect(text).toContain("Section A");
    expect(text).toContain("Row 1");
    expect(text).toContain("Seat 3");
    expect(text).toContain("VIP");
    expect(text).toMatch(/45/);
    await seat(page, "A-2-2").focus();
    expect(await seat(page, "A-2-2").getAttribute("aria-describedby")).toBe(await tip.getAttribute("id"));
    expect(await tip.textContent()).toContain("Stalls");
    expect(await page.getByRole("timer").isVisible()).toBe(false);
    await page.keyboard.press("Enter");
    await waitForStatus(page, "A-2-2", "selected");
    const timer = page.getByRole("timer", { name: "Time left to book your seats" });
    await timer.waitFor({ state: "visible", timeout: 3000 });
    expect(await timer.textContent()).toMatch(/^Held for 1?\d:\d\d$/);
    await page.mouse.move(5, 5);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("tooltip: false turns the tooltip off", async () => {
    const ev = await api.newEvent();
    const { page } = await open(ev);
    await page.evaluate(() => window.chart.destroy());
    await page.evaluate(
      ([key, event]) => new window.Seating.SeatingChart({ divId: "seating", publicKey: key, event, tooltip: false, holdCountdown: false }).render(),
      [e2e.publicKey, ev],
    );
    await seat(page, "A-1-3").hover();
    expect(await page.getByRole("tooltip").count()).toBe(0);
    await seat(page, "A-1-3").click();
    await waitForStatus(page, "A-1-3", "selected");
    expect(await page.getByRole("timer").count()).toBe(0);
  });
});

describe("npm run dev's demo page", () => {
  it("draws the Floor clear of the section names, and shows a tooltip, the countdown and a refusal where the buyer looks", async () => {
    const chart = await api.call("POST", "/api/v1/charts", { name: "Demo theatre", draftVersion: devDemoLayout() });
    await api.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
    const { eventKey } = await api.call("POST", "/api/v1/events", { chartKey: chart.chartKey });
    const { page } = await open(eventKey, { max: 2 });
    const floor = await page.locator('[data-object-label="Floor"]').boundingBox();
    for (const title of await page.locator(".seating-section-label").all()) {
      const box = await title.boundingBox();
      expect(box.y - (floor.y + floor.height), "gap between the Floor and a section's name").toBeGreaterThanOrEqual(8);
    }
    for (const l of ["A-3-5", "A-3-6"]) {
      await seat(page, l).click();
      await waitForStatus(page, l, "selected");
    }
    await seat(page, "A-3-7").click();
    await page.getByRole("alert").filter({ hasText: "You can select up to 2 seats" }).waitFor();
    await page.getByRole("timer").waitFor();
    await seat(page, "A-1-4").hover();
    await page.getByRole("tooltip").waitFor({ state: "visible" });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "buyer-map-dev-demo");
  });
});

describe("the demo page on a phone", () => {
  it("at 390 px nothing scrolls sideways, and axe is clean", async () => {
    const ev = await api.newEvent();
    const { page } = await open(ev, { viewport: { width: 390, height: 844 } });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The map opens on the whole venue; a click (a mouse, here) holds at once.
    await seat(page, "A-2-5").click();
    await waitForStatus(page, "A-2-5", "selected");
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "buyer-phone-demo");
  });
});
