/**
 * Prices on the buyer's map and in the dashboard (docs/prices.md), in Chromium, found by role and
 * accessible name: each category's price (or "from") in the legend, the seat's price in the
 * tooltip and its accessible name, the ticket-type picker, the selection's running total, the
 * list mode with prices, at 1280 px and on a 390 px phone, axe clean; and the dashboard's Prices
 * form that a venue fills in, its result priced in the box office's selection and on the next hold.
 */
import { describe, expect, inject, it } from "vitest";
import { seat, seriousViolations, sessionCookies, useBrowser, useSeatMaps, waitForStatus, waitForText, watchErrors } from "./browser.mjs";
import { Api, demoLayout, newWorkspace } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const open = useSeatMaps(e2e);

const PRICING = {
  currency: "EUR",
  categories: {
    vip: { amount: 4500 },
    stalls: { amount: 2500 },
    balcony: {
      ticketTypes: [
        { key: "adult", label: "Adult", amount: 3000 },
        { key: "child", label: "Child", amount: 1500 },
      ],
    },
  },
  fee: { percent: 10 },
};

/** The ticketTypes of every hold request the page sends. */
function recordTicketTypes(page) {
  const sent = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes("/seats/hold")) sent.push(JSON.parse(r.postData() ?? "{}").ticketTypes ?? null);
  });
  return sent;
}

async function pricedEvent() {
  const ev = await api.newEvent();
  await api.call("PUT", `/api/v1/events/${ev}/pricing`, PRICING);
  return ev;
}

describe("prices on the buyer's map", () => {
  it("legend, tooltip, accessible names, ticket-type picker and the running total (1280 px)", async () => {
    const ev = await pricedEvent();
    const { page, token } = await open(ev);
    const sent = recordTicketTypes(page);
    const legend = await page.locator(".seating-legend").textContent();
    expect(legend).toContain("VIP: €45.00");
    expect(legend).toContain("Stalls: €25.00");
    expect(legend).toContain("Balcony: from €15.00");
    expect(await page.getByRole("button", { name: "Seat A-1-3, Section A, VIP, €45.00, available" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Seat B-1-1, Section B, Balcony, €30.00, available" }).count()).toBe(1);

    await seat(page, "A-1-3").hover();
    const tip = page.getByRole("tooltip");
    await tip.waitFor({ state: "visible", timeout: 5000 });
    expect(await tip.textContent()).toContain("€45.00");

    const total = page.locator(".seating-total");
    expect(await total.textContent()).toBe("Total: nothing selected");
    // The picker: a labelled select, reached and changed from the keyboard.
    const picker = page.getByRole("combobox", { name: "Ticket type for Balcony" });
    await picker.focus();
    await picker.selectOption({ label: "Child, €15.00" });
    expect(await picker.inputValue()).toBe("child");
    expect(await page.getByRole("button", { name: "Seat B-1-1, Section B, Balcony, €15.00, available" }).count()).toBe(1);

    await seat(page, "B-1-1").click();
    await waitForStatus(page, "B-1-1", "selected");
    await waitForText(total, /^Total: €15\.00 plus €1\.50 fees$/);
    await seat(page, "A-1-3").click();
    await waitForStatus(page, "A-1-3", "selected");
    await waitForText(total, /^Total: €60\.00 plus €6\.00 fees$/);
    expect(sent).toEqual([{ "B-1-1": "child" }, null]);
    expect(await page.evaluate(() => window.chart.selectionTotal)).toEqual({ amount: 6000, fee: 600, currency: "EUR" });
    // What the server locked is what the map added up.
    const status = await api.call("GET", `/api/v1/events/${ev}/status`);
    const held = new Map(status.objects.map((o) => [o.objectLabel, o.price]));
    expect(held.get("B-1-1")).toEqual({ amount: 1500, fee: 150, currency: "EUR", ticketType: "child" });
    expect(held.get("A-1-3")).toEqual({ amount: 4500, fee: 450, currency: "EUR" });
    expect(await seriousViolations(page)).toEqual([]);

    // Released, the total follows.
    await seat(page, "B-1-1").click();
    await waitForStatus(page, "B-1-1", "free");
    await waitForText(total, /^Total: €45\.00 plus €4\.50 fees$/);
    expect(token).toBeTruthy();

    // The list mode names each seat with its price.
    await page.getByRole("button", { name: "Choose from a list" }).click();
    await page.getByRole("button", { name: /^Section A/ }).click();
    expect(await page.getByRole("button", { name: "Section A, row 1, seat 4, VIP, €45.00, available", exact: true }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Section A, row 1, seat 3, VIP, €45.00, selected", exact: true }).count()).toBe(1);
    expect(await page.getByText(/General admission, Stalls, €25\.00 each/).count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("on a 390 px phone: the prices bar fits, the total follows a hold, axe clean", async () => {
    const ev = await pricedEvent();
    const { page } = await open(ev, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const picker = page.getByRole("combobox", { name: "Ticket type for Balcony" });
    expect(await picker.isVisible()).toBe(true);
    await page.evaluate(() => window.chart.holdBestAvailable({ quantity: 2, categories: ["stalls"] }));
    await waitForText(page.locator(".seating-total"), /^Total: €50\.00 plus €5\.00 fees$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("an event without prices shows none: no prices bar, no price in names", async () => {
    const ev = await api.newEvent();
    const { page } = await open(ev);
    expect(await page.locator(".seating-prices").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Seat A-1-3, Section A, VIP, available" }).count()).toBe(1);
    expect(await page.locator(".seating-legend").textContent()).not.toContain("€");
  });
});

describe("the dashboard's Prices form", () => {
  const browser = useBrowser();

  it("a venue sets prices in euros and cents; the box office and the next hold are priced by them", async () => {
    const ws = await newWorkspace(e2e, "Prices E2E workspace");
    const owner = new Api(e2e.baseUrl, ws.skTest, ws.pkTest);
    const chart = await owner.call("POST", "/api/v1/charts", { name: "Price hall", draftVersion: demoLayout() });
    await owner.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
    const ev = (await owner.call("POST", "/api/v1/events", { chartKey: chart.chartKey, name: "Priced night" })).eventKey;
    const context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(await sessionCookies(browser(), e2e, ws.workspaceKey));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${e2e.baseUrl}/dashboard/sandbox/events/${ev}`);
    await page.waitForSelector("body[data-ready]");
    await page.getByRole("heading", { name: "Prices", level: 2 }).waitFor();
    const form = page.getByRole("form", { name: "Prices" });
    await form.getByRole("textbox", { name: "Currency" }).fill("EUR");
    await form.getByRole("textbox", { name: "VIP", exact: true }).fill("45.50");
    await form.getByRole("textbox", { name: "Stalls", exact: true }).fill("twenty");
    await form.getByRole("button", { name: "Save prices" }).click();
    // The problem is named next to its field and in the summary.
    await page
      .getByRole("alert")
      .filter({ hasText: /Enter a price in EUR/ })
      .first()
      .waitFor({ timeout: 5000 });
    await form.getByRole("textbox", { name: "Stalls", exact: true }).fill("25");
    const first = form.getByRole("group", { name: "Ticket type 1" });
    await first.getByRole("combobox", { name: "Category" }).selectOption({ label: "Balcony" });
    await first.getByRole("textbox", { name: "Name" }).fill("Adult");
    await first.getByRole("textbox", { name: "Key" }).fill("adult");
    await first.getByRole("textbox", { name: "Price" }).fill("30");
    await form.getByRole("spinbutton", { name: "Percent of the price" }).fill("2.5");
    await form.getByRole("button", { name: "Save prices" }).click();
    await waitForText(page.locator("#notice"), /Prices saved/);
    await waitForText(page.locator("#prices-now"), /€45\.50/);
    expect(await seriousViolations(page)).toEqual([]);
    // The box office prices the clerk's selection at the prices now, fee apart.
    await page.reload();
    await page.waitForSelector("body[data-ready]");
    await page.getByLabel("Selected seats and areas").fill("A-1-1");
    await waitForText(page.locator("#bo-summary"), /^1 selected\. Price: €45\.50 plus €1\.14 fees\.$/);
    expect(await owner.call("GET", `/api/v1/events/${ev}/pricing`, undefined, ws.pkTest)).toEqual({
      currency: "EUR",
      categories: { vip: { amount: 4550 }, stalls: { amount: 2500 }, balcony: { ticketTypes: [{ key: "adult", label: "Adult", amount: 3000 }] } },
      fee: { percent: 2.5 },
    });
    const held = await owner.call("POST", `/api/v1/events/${ev}/seats/hold`, { objectLabels: ["A-1-1"], holdToken: "priced-buyer-1" }, ws.pkTest);
    expect(held.total).toEqual({ amount: 4550, fee: 114, currency: "EUR" });
    expect(errors).toEqual([]);
    await context.close();
  });
});
