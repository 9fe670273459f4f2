/**
 * The seat map in a real browser against the real dev server.
 */
import { describe, expect, inject, it } from "vitest";
import { screenshot, seat, useSeatMaps, waitForStatus } from "./browser.mjs";
import { Api, demoLabels } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const open = useSeatMaps(e2e);

describe("seat map", () => {
  it("renders every seat and GA area of the demo chart, with a legend", async () => {
    const { page } = await open("demo-event");
    const labels = await page.$$eval("[data-object-label]", (els) => els.map((e) => e.getAttribute("data-object-label")));
    expect(labels.sort()).toEqual(demoLabels().sort());
    const first = seat(page, "A-1-1");
    await expect(first.getAttribute("role")).resolves.toBe("button");
    await expect(first.getAttribute("tabindex")).resolves.toBe("0");
    await expect(first.getAttribute("data-status")).resolves.toBe("free");
    await expect(first.getAttribute("aria-pressed")).resolves.toBe("false");
    expect(await first.getAttribute("aria-label")).toContain("A-1-1");
    expect(await seat(page, "Floor").getAttribute("aria-label")).toContain("40 of 40 left");
    expect(await page.textContent(".seating-legend")).toContain("VIP");
    expect(await page.$$eval(".seating-section", (els) => els.length)).toBe(2);
    await screenshot(page, "seat-map-demo");
  });

  it("a click holds the seat under the chart's token and a second click releases it", async () => {
    const ev = await api.newEvent();
    const { page, token } = await open(ev);
    await seat(page, "A-2-3").click();
    await waitForStatus(page, "A-2-3", "selected");
    expect(await seat(page, "A-2-3").getAttribute("aria-pressed")).toBe("true");
    const held = (await api.status(ev, token)).get("A-2-3");
    expect(held).toMatchObject({ status: "held", mine: true });
    expect(await page.evaluate(() => window.chart.selectedObjects)).toEqual(["A-2-3"]);
    expect(await page.textContent("#selected")).toContain("A-2-3");

    await seat(page, "A-2-3").click();
    await waitForStatus(page, "A-2-3", "free");
    expect((await api.status(ev, token)).has("A-2-3")).toBe(false);
    const events = await page.evaluate(() => window.seatingEvents.map((e) => `${e.type}:${e.payload?.objectLabel}`));
    expect(events).toEqual(["selected:A-2-3", "deselected:A-2-3"]);
  });

  it("another buyer's map shows the hold and the release live", async () => {
    const ev = await api.newEvent();
    const buyer = await open(ev);
    const watcher = await open(ev);
    await watcher.page.waitForFunction(() => window.chart.liveMode === "socket", null, { timeout: 10_000 });
    await seat(buyer.page, "B-1-4").click();
    await waitForStatus(buyer.page, "B-1-4", "selected");
    const heldAfter = await waitForStatus(watcher.page, "B-1-4", "held", 2000);
    await seat(buyer.page, "B-1-4").click();
    await waitForStatus(buyer.page, "B-1-4", "free");
    const freedAfter = await waitForStatus(watcher.page, "B-1-4", "free", 2000);
    console.log(`live propagation: held seen +${heldAfter} ms, release seen +${freedAfter} ms after the buyer's map updated`);
    // The watcher cannot take a seat it sees as held: no API call, onHoldFailed instead.
    await seat(buyer.page, "B-1-5").click();
    await waitForStatus(watcher.page, "B-1-5", "held", 2000);
    await seat(watcher.page, "B-1-5").click();
    const failed = await watcher.page.evaluate(() => window.seatingEvents.filter((e) => e.type === "holdFailed").map((e) => e.payload.error.code));
    expect(failed).toEqual(["seat_unavailable"]);
  });

  it("the polling fallback also shows other buyers' holds", async () => {
    const ev = await api.newEvent();
    const watcher = await open(ev, { live: "poll" });
    expect(await watcher.page.evaluate(() => window.chart.liveMode)).toBe("polling");
    await api.call("POST", `/api/v1/events/${ev}/seats/hold`, { objectLabels: ["A-3-1"], holdToken: "someone-else-token" }, e2e.publicKey);
    await waitForStatus(watcher.page, "A-3-1", "held", 4000);
  });

  it("maxSelectedObjects stops the next selection without an API call", async () => {
    const ev = await api.newEvent();
    const { page, token } = await open(ev, { max: 2 });
    const holds = [];
    page.on("request", (r) => r.method() === "POST" && r.url().includes("/seats/hold") && holds.push(r.url()));
    for (const label of ["A-2-1", "A-2-2"]) {
      await seat(page, label).click();
      await waitForStatus(page, label, "selected");
    }
    await seat(page, "A-2-3").click();
    await page.waitForFunction(() => window.seatingEvents.some((e) => e.type === "holdFailed"));
    const failure = await page.evaluate(() => window.seatingEvents.find((e) => e.type === "holdFailed").payload);
    expect(failure.objects).toEqual([{ objectLabel: "A-2-3", objectType: "seat", categoryKey: "stalls" }]);
    expect(failure.error).toMatchObject({ code: "max_selected_objects", failed: [{ objectLabel: "A-2-3", reason: "max_total" }] });
    expect(await seat(page, "A-2-3").getAttribute("data-status")).toBe("free");
    expect(holds).toHaveLength(2);
    expect([...(await api.status(ev, token)).keys()].sort()).toEqual(["A-2-1", "A-2-2"]);
  });

  it("perCategory caps one category only", async () => {
    const ev = await api.newEvent();
    const { page } = await open(ev, { max: { total: 5, perCategory: { vip: 1 } } });
    await seat(page, "A-1-1").click();
    await waitForStatus(page, "A-1-1", "selected");
    await seat(page, "A-1-2").click();
    await page.waitForFunction(() => window.seatingEvents.some((e) => e.type === "holdFailed"));
    expect(await page.evaluate(() => window.seatingEvents.find((e) => e.type === "holdFailed").payload.error.failed[0].reason)).toBe("max_per_category");
    await seat(page, "A-2-1").click();
    await waitForStatus(page, "A-2-1", "selected");
  });

  it("Enter and Space toggle a focused seat", async () => {
    const ev = await api.newEvent();
    const { page, token } = await open(ev);
    await seat(page, "B-2-2").focus();
    await page.keyboard.press("Enter");
    await waitForStatus(page, "B-2-2", "selected");
    expect((await api.status(ev, token)).get("B-2-2")).toMatchObject({ status: "held", mine: true });
    await page.keyboard.press("Space");
    await waitForStatus(page, "B-2-2", "free");
    expect((await api.status(ev, token)).has("B-2-2")).toBe(false);
  });

  it("a GA area asks for a quantity and holds it", async () => {
    const ev = await api.newEvent();
    const { page, token } = await open(ev);
    await seat(page, "Floor").click();
    const dialog = page.locator("[data-seating-dialog=quantity]");
    await dialog.waitFor();
    await dialog.locator("input[name=quantity]").fill("3");
    await dialog.locator("button[data-action=hold]").click();
    await waitForStatus(page, "Floor", "selected");
    expect(await seat(page, "Floor").getAttribute("aria-label")).toContain("37 of 40 left");
    expect((await api.status(ev, token)).get("Floor")).toMatchObject({ objectType: "generalAdmission", mineQuantity: 3, remaining: 37 });
    const selected = await page.evaluate(() => window.seatingEvents.find((e) => e.type === "selected").payload);
    expect(selected).toEqual({ objectLabel: "Floor", objectType: "generalAdmission", categoryKey: "stalls", quantity: 3 });
    // Reopening offers Release.
    await seat(page, "Floor").click();
    await dialog.locator("button[data-action=release]").click();
    await waitForStatus(page, "Floor", "free");
    expect((await api.status(ev, token)).has("Floor")).toBe(false);
  });

  it("a reload in the same tab keeps the token and the selection", async () => {
    const ev = await api.newEvent();
    const { page, token } = await open(ev);
    await seat(page, "A-3-5").click();
    await waitForStatus(page, "A-3-5", "selected");
    await page.reload();
    await page.waitForSelector("body[data-rendered=true]");
    expect(await page.evaluate(() => window.chart.holdToken)).toBe(token);
    await waitForStatus(page, "A-3-5", "selected");
  });

  it("when the earliest hold expires the chart clears its selection and calls onHoldTokenExpired", async () => {
    const ev = await api.newEvent();
    const { page, token } = await open(ev, { ttl: 2 });
    const watcher = await open(ev);
    await seat(page, "B-3-3").click();
    await waitForStatus(page, "B-3-3", "selected");
    await waitForStatus(watcher.page, "B-3-3", "held", 2000);
    await page.waitForFunction(() => window.seatingEvents.some((e) => e.type === "expired"), null, { timeout: 6000 });
    expect(await page.evaluate(() => window.chart.selectedObjects)).toEqual([]);
    expect(await seat(page, "B-3-3").getAttribute("data-status")).toBe("free");
    expect((await api.status(ev, token)).has("B-3-3")).toBe(false);
    // The other map learns it too (the release, or the expiry sweep).
    await waitForStatus(watcher.page, "B-3-3", "free", 6000);
    // The same token keeps working for a new hold.
    await seat(page, "B-3-4").click();
    await waitForStatus(page, "B-3-4", "selected");
    expect(await page.evaluate(() => window.chart.holdToken)).toBe(token);
  });

  it("a screenshot of a busy map, zoomed, looks right", async () => {
    const ev = await api.newEvent();
    await api.call("POST", `/api/v1/events/${ev}/seats/hold`, { objectLabels: ["A-2-4", "A-2-5", "B-3-1"], holdToken: "another-buyer-1" }, e2e.publicKey);
    await api.call("POST", `/api/v1/events/${ev}/seats/hold`, { objectLabels: ["A-3-3"], holdToken: "another-buyer-2" }, e2e.publicKey);
    await api.call("POST", `/api/v1/events/${ev}/seats/book`, { objectLabels: ["A-3-3"], holdToken: "another-buyer-2" });
    await api.call(
      "POST",
      `/api/v1/events/${ev}/seats/hold`,
      { objectLabels: ["Floor"], holdToken: "another-buyer-3", objectType: "generalAdmission", quantity: 12 },
      e2e.publicKey,
    );
    const { page } = await open(ev);
    await seat(page, "A-1-4").click();
    await waitForStatus(page, "A-1-4", "selected");
    expect(await seat(page, "A-2-4").getAttribute("data-status")).toBe("held");
    expect(await seat(page, "A-3-3").getAttribute("data-status")).toBe("booked");
    expect(await seat(page, "Floor").getAttribute("aria-label")).toContain("28 of 40 left");
    await screenshot(page, "seat-map-busy");
    // Wheel zoom draws the seats bigger; a drag moves them and selects nothing.
    const seatBox = () => page.evaluate(() => document.querySelector('[data-object-label="A-1-1"]').getBoundingClientRect().toJSON());
    const before = await seatBox();
    const box = await page.locator(".seating-map").boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await page.waitForFunction((w) => document.querySelector('[data-object-label="A-1-1"]').getBoundingClientRect().width > w * 1.5, before.width);
    const zoomed = await seatBox();
    // Drag from the middle of the map (whatever is under the pointer): it pans and selects nothing.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction((x) => Math.abs(document.querySelector('[data-object-label="A-1-1"]').getBoundingClientRect().x - x) > 40, zoomed.x);
    expect(await page.evaluate(() => window.chart.selectedObjects)).toEqual(["A-1-4"]);
    await screenshot(page, "seat-map-zoomed");
  });
});
