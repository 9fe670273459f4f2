/**
 * Channels in the seat map (docs/channels.md): a chart opened with channelKeys can select its pools'
 * seats and draws every other seat unavailable (aria-disabled, not clickable, in the legend); its
 * holds and best available send the keys. axe finds no serious violation on such a map.
 */
import { describe, expect, inject, it } from "vitest";
import { seat, seriousViolations, sessionCookies, useBrowser, useSeatMaps, waitForStatus, waitForText, watchErrors } from "./browser.mjs";
import { Api, demoLayout, newWorkspace } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const open = useSeatMaps(e2e);

const presale = { key: "presale", name: "Presale", objectLabels: ["A-1-1", "A-1-2", "A-1-3", "A-1-4"] };

/** The channelKeys of every hold request the page sends. */
function recordHoldKeys(page) {
  const keys = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/seats/hold")) keys.push(JSON.parse(r.postData() ?? "{}").channelKeys);
  });
  return keys;
}

describe("channels in the seat map", () => {
  it("a presale chart selects presale seats; open seats are unavailable, not clickable, and named in the legend", async () => {
    const ev = await api.newEvent();
    await api.call("PUT", `/api/v1/events/${ev}/channels`, { channels: [presale] });
    const { page, token } = await open(ev, { channels: ["presale"] });
    const sent = recordHoldKeys(page);
    expect(await seat(page, "A-2-1").getAttribute("aria-disabled")).toBe("true");
    expect(await seat(page, "A-1-1").getAttribute("aria-disabled")).toBeNull();
    expect(await page.getByRole("button", { name: /Seat A-2-1, .*not available here/ }).count()).toBe(1);
    expect(await page.locator(".seating-legend").textContent()).toContain("Not available here");
    // Playwright itself refuses to click an aria-disabled element; forced, the click does nothing.
    await seat(page, "A-2-1").click({ force: true });
    await seat(page, "A-1-1").click();
    await waitForStatus(page, "A-1-1", "selected");
    expect(await seat(page, "A-2-1").getAttribute("data-status")).toBe("free");
    expect(sent).toEqual([["presale"]]);
    const status = await api.status(ev, token);
    expect([...status.keys()]).toEqual(["A-1-1"]);
    expect(status.get("A-1-1").channelKey).toBe("presale");
    // Best available stays in the pool.
    await page.evaluate(() => window.chart.holdBestAvailable({ quantity: 2 }));
    const selected = await page.evaluate(() => window.chart.selectedObjects);
    expect(selected.every((l) => presale.objectLabels.includes(l))).toBe(true);
    expect(sent.at(-1)).toEqual(["presale"]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("a chart without channelKeys sells the open pool: channel seats are unavailable", async () => {
    const ev = await api.newEvent();
    await api.call("PUT", `/api/v1/events/${ev}/channels`, { channels: [presale] });
    const { page } = await open(ev);
    expect(await seat(page, "A-1-1").getAttribute("aria-disabled")).toBe("true");
    expect(await seat(page, "A-2-1").getAttribute("aria-disabled")).toBeNull();
    await seat(page, "A-2-1").click();
    await waitForStatus(page, "A-2-1", "selected");
  });
});

describe("a protected channel in the seat map", () => {
  it("is drawn unavailable without a pass, even to a chart naming it; with channelPasses it is drawn and held like any pool", async () => {
    const ev = await api.newEvent();
    await api.call("PUT", `/api/v1/events/${ev}/channels`, { channels: [{ ...presale, protected: true }] });
    const without = await open(ev, { channels: ["presale"] });
    expect(await seat(without.page, "A-1-1").getAttribute("data-status")).toBe("not_for_sale");
    expect(await seat(without.page, "A-1-1").getAttribute("aria-disabled")).toBe("true");
    const { pass } = await api.call("POST", `/api/v1/events/${ev}/channels/presale/passes`, { maxSeats: 2 });
    const { page, token } = await open(ev, { channels: ["presale"], passes: [pass] });
    const sent = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/seats/hold")) sent.push(r.headers()["x-channel-pass"]);
    });
    expect(await seat(page, "A-1-1").getAttribute("aria-disabled")).toBeNull();
    await seat(page, "A-1-1").click();
    await waitForStatus(page, "A-1-1", "selected");
    expect(sent).toEqual([pass]);
    // The secret key sees the hold in its channel; a publishable read without the pass does not name it.
    const asOwner = await api.call("GET", `/api/v1/events/${ev}/status`);
    expect(asOwner.objects.find((o) => o.objectLabel === "A-1-1").channelKey).toBe("presale");
    const asBuyer = (await api.status(ev, token)).get("A-1-1");
    expect(asBuyer.status).toBe("held");
    expect(asBuyer.channelKey).toBeUndefined();
    // The buyer without the pass sees the seat taken now, still without its channel.
    await waitForStatus(without.page, "A-1-1", "held");
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe("the dashboard's channel editor", () => {
  const browser = useBrowser();

  it("assigns seats selected on the map to a new channel, sets GA places, shows counts per channel; the box office sells any channel", async () => {
    const ws = await newWorkspace(e2e, "Channels E2E workspace");
    const owner = new Api(e2e.baseUrl, ws.skTest, ws.pkTest);
    const chart = await owner.call("POST", "/api/v1/charts", { name: "Channel hall", draftVersion: demoLayout() });
    await owner.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
    owner.chartKey = chart.chartKey;
    const ev = (await owner.call("POST", "/api/v1/events", { chartKey: chart.chartKey, name: "Presale night", startsAt: "2026-12-31T20:00:00Z" })).eventKey;
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(await sessionCookies(browser(), e2e, ws.workspaceKey));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${e2e.baseUrl}/dashboard/sandbox/events/${ev}`);
    await page.waitForSelector("body[data-ready]");
    await page.getByRole("heading", { name: "Presale night", level: 1 }).waitFor();
    // Select two seats on the map, name a channel, assign.
    await page.getByRole("button", { name: /^Seat A-1-1,/ }).click();
    await page.getByRole("button", { name: /^Seat A-1-2,/ }).click();
    await page.getByLabel("Channel key", { exact: true }).first().fill("presale");
    await page.getByLabel("Channel name (new channels)").first().fill("Presale");
    await page.getByRole("button", { name: "Assign to channel" }).click();
    await waitForText(page.locator("#notice"), /assigned to presale/);
    const stored = await owner.call("GET", `/api/v1/events/${ev}/channels`);
    expect(stored.channels).toEqual([{ key: "presale", name: "Presale", objectLabels: ["A-1-1", "A-1-2"] }]);
    // GA places per channel.
    const places = page.getByRole("form", { name: "Places per channel" });
    await places.getByLabel("Channel key").fill("presale");
    await places
      .getByRole("group", { name: "Places set aside in each area" })
      .getByLabel(/^Floor/)
      .fill("15");
    await places.getByRole("button", { name: "Save places" }).click();
    await waitForText(page.locator("#notice"), /Places of presale saved/);
    expect((await owner.call("GET", `/api/v1/events/${ev}/channels`)).channels[0].areaPlaces).toEqual({ Floor: 15 });
    // The channel table and the counts per channel.
    await page.getByRole("table", { name: "Channels of this event" }).getByRole("rowheader", { name: "Presale" }).waitFor();
    const byChannel = page.getByRole("table", { name: "By channel" });
    expect(await byChannel.getByRole("rowheader", { name: "Open pool" }).count()).toBe(1);
    expect(await byChannel.getByRole("rowheader", { name: "Presale" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // The box office books a presale seat (its hold ignores channels).
    await page.getByRole("button", { name: /^Seat A-1-1,/ }).click();
    await page.getByLabel("Order id", { exact: true }).fill("order-presale-1");
    await page.getByRole("button", { name: "Book", exact: true }).click();
    await waitForText(page.locator("#notice"), /Booked A-1-1 under order order-presale-1/);
    await waitForStatus(page, "A-1-1", "booked", 3000);
    // Protect the presale: buyers need a pass; the event page's own map still shows and sells it.
    const protect = page.getByRole("form", { name: "Who may buy from a channel" });
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    await protect.getByLabel("Channel key").fill("presale");
    await protect.getByLabel("Buyers").selectOption({ label: "Protected: only buyers with a pass" });
    await protect.getByRole("button", { name: "Save who may buy" }).click();
    await waitForText(page.locator("#notice"), /Channel presale saved/);
    expect((await owner.call("GET", `/api/v1/events/${ev}/channels`)).channels[0].protected).toBe(true);
    await page.getByRole("table", { name: "Channels of this event" }).getByRole("cell", { name: "Protected: buyers with a pass" }).waitFor();
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    await waitForStatus(page, "A-1-2", "free", 10_000);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
