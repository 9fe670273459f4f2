/**
 * The waiting room in the seat map (docs/waiting-room.md): a buyer opening the map of an event whose room
 * opens in a few seconds sees the queue screen first (a heading, the place, the wait, a polite
 * live region; axe finds no serious violation), is admitted when the room opens, then the map is
 * drawn and every hold carries X-Admission.
 */
import { describe, expect, inject, it } from "vitest";
import { seat, seriousViolations, useBrowser, waitForStatus, watchErrors } from "./browser.mjs";
import { Api } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const browser = useBrowser();

describe("waiting room", () => {
  it("a buyer waits in the queue screen, is admitted, and holds with the admission", async () => {
    const ev = await api.newEvent();
    await api.call("PUT", `/api/v1/events/${ev}/waiting-room`, {
      enabled: true,
      opensAt: new Date(Date.now() + 6000).toISOString(),
      admitPerMinute: 600,
      sessionMinutes: 10,
    });
    const context = await browser().newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const admissions = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/seats/hold")) admissions.push(r.headers()["x-admission"]);
    });
    await page.goto(`${e2e.baseUrl}/?${new URLSearchParams({ key: e2e.publicKey, event: ev })}`);
    const heading = page.getByRole("heading", { name: "Waiting room" });
    await heading.waitFor({ timeout: 10_000 });
    expect(await page.locator(".seating-queue").textContent()).toMatch(/You are in the queue\. The sale opens at .*Estimated wait/);
    expect(await page.locator(".seating-queue [role=status][aria-live=polite]").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // Admitted when the room opens: the map replaces the queue.
    await page.waitForSelector("body[data-rendered]", { timeout: 30_000 });
    expect(await page.getAttribute("body", "data-rendered")).toBe("true");
    expect(await heading.count()).toBe(0);
    const queue = await page.evaluate(() => window.seatingEvents.filter((e) => e.type === "queue").map((e) => e.payload));
    expect(queue[0]).toEqual({ position: null, admitted: false });
    expect(queue.at(-1)).toEqual({ position: 0, admitted: true });
    await seat(page, "A-1-1").click();
    await waitForStatus(page, "A-1-1", "selected");
    expect(admissions).toHaveLength(1);
    expect(admissions[0]).toMatch(/^\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]{43}$/);
    const token = await page.evaluate(() => window.chart.holdToken);
    expect((await api.status(ev, token)).get("A-1-1").status).toBe("held");
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
