/**
 * Tables, booths and floors from the designer to the buyer and the box office, in a real browser:
 * a round table of 8 and a rectangular one of 6 drawn in the designer by keyboard-reachable
 * controls, a booth on a second floor; published; the event page sets table T1 to be sold whole;
 * the SDK holds T1 whole and a seat of T2 by seat, refuses a seat of T1, switches floors, lists
 * tables and booths; a table's price (its seats' together) in its name, tooltip, list entry and the
 * total; the SDK's venue part loaded for such a venue, and its failure told on the map; the box
 * office books the booth. Axe on each page.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot, seriousViolations, signInThrough, useBrowser, waitForStatus, waitForText, watchErrors } from "./browser.mjs";
import { apiCall, newWorkspace, signInLink } from "./service.mjs";
import { galaLayout } from "../../bench/lib/gala.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
const CHART = "gala-hall";
const EVENT = "gala-night";
let ws;
let context;
let page;
let errors;

const api = (method, path, body) => apiCall(e2e, ws.skTest, method, path, body);

beforeAll(async () => {
  ws = await newWorkspace(e2e, "Tables E2E workspace");
  context = await browser().newContext({ viewport: { width: 1400, height: 1000 } });
  page = await context.newPage();
  errors = watchErrors(page, { console: true });
  await signInThrough(page, (await signInLink(e2e, ws.workspaceKey)).url);
  expect((await api("POST", "/api/v1/charts", { name: "Gala hall", chartKey: CHART })).status).toBe(201);
});

afterAll(() => expect(errors, "uncaught page errors").toEqual([]));

/** Opens the buyer's map of the event with this workspace's publishable key. */
async function openBuyerMap(event = EVENT) {
  const buyer = await browser().newContext({ viewport: { width: 1280, height: 860 } });
  const p = await buyer.newPage();
  const pageErrors = watchErrors(p);
  await p.goto(`${e2e.baseUrl}/?${new URLSearchParams({ key: ws.pkTest, event })}`);
  await p.waitForSelector("body[data-rendered]", { timeout: 30_000 });
  expect(await p.getAttribute("body", "data-rendered")).toBe("true");
  return { buyer, page: p, errors: pageErrors, token: await p.evaluate(() => window.chart.holdToken) };
}

describe("tables, booths and floors end to end", () => {
  it("draws a round table of 8, a rectangular table of 6 and a booth on a balcony in the designer, and saves", async () => {
    await page.goto(`${e2e.baseUrl}/dashboard/charts/${CHART}/design`);
    await page.waitForSelector("#designer[data-ready]");
    await page.getByLabel("Category name").fill("Gala");
    await page.getByRole("button", { name: "Add category" }).click();
    await page.getByLabel("Floor name").fill("Ground floor");
    await page.getByRole("button", { name: "Add floor" }).click();
    await page.getByLabel("Floor name").fill("Balcony");
    await page.getByRole("button", { name: "Add floor" }).click();

    await page.getByLabel("Kind of table").selectOption({ label: "Round" });
    await page.getByLabel("Seats at the table").fill("8");
    await page.getByLabel("Category of the table's seats").selectOption({ label: "Gala" });
    await page.getByRole("button", { name: "Add table" }).click();
    await waitForText(page.locator("#notice"), /Table T1 added: round, 8 seats/);
    expect(await page.locator("circle.d-seat").count()).toBe(8);

    // The second table goes into the same section (chosen after the first), beside it.
    await page.getByLabel("Kind of table").selectOption({ label: "Rectangular" });
    await page.getByLabel("Seats at the table").fill("6");
    await page.getByRole("button", { name: "Add table" }).click();
    expect(await page.locator("circle.d-seat").count()).toBe(14);

    await page.getByLabel("Floor of the chosen section").selectOption({ label: "Ground floor" });
    await page.getByLabel("Booth name").fill("Stand 1");
    await page.getByLabel("Category of the booth").selectOption({ label: "Gala" });
    await page.getByLabel("Floor of the booth").selectOption({ label: "Balcony" });
    await page.getByRole("button", { name: "Add booth" }).click();
    expect(await page.locator(".d-booth").count()).toBe(1);
    await page.getByLabel("Zone name").fill("Front");
    await page.getByLabel("Sections of the zone").selectOption({ label: "Tables (A)" });
    await page.getByRole("button", { name: "Add zone" }).click();
    await waitForText(page.locator("#zone-list"), /Front: Tables/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, "tables-designer");
    await page.getByRole("button", { name: "Save draft" }).click();
    await waitForText(page.locator("#save-state"), /All changes saved/);

    const draft = (await api("GET", `/api/v1/charts/${CHART}/draft`)).body;
    const layout = draft.layout ?? draft;
    const section = layout.sections[0];
    expect(section.floorKey).toBe("ground-floor");
    expect(section.tables.map((t) => [t.label, t.shape, t.seats.length])).toEqual([
      ["T1", "round", 8],
      ["T2", "rect", 6],
    ]);
    expect(section.tables[0].seats.map((s) => s.label)).toEqual(["T1-1", "T1-2", "T1-3", "T1-4", "T1-5", "T1-6", "T1-7", "T1-8"]);
    expect(layout.booths).toEqual([expect.objectContaining({ label: "Stand 1", floorKey: "balcony" })]);
    expect(layout.floors.map((f) => f.label)).toEqual(["Ground floor", "Balcony"]);
    expect(layout.zones).toEqual([{ key: "front", label: "Front", sectionKeys: [section.key] }]);
  });

  it("publishes, and the event page sets table T1 to be sold whole", async () => {
    expect((await api("POST", `/api/v1/charts/${CHART}/publish`)).status).toBe(200);
    expect((await api("POST", "/api/v1/events", { chartKey: CHART, eventKey: EVENT })).status).toBe(201);
    await page.goto(`${e2e.baseUrl}/dashboard/sandbox/events/${EVENT}`);
    const form = page.getByRole("form", { name: "Table booking" });
    await form.getByLabel("How tables are sold").selectOption("by_seat");
    await form.getByLabel("Exceptions for single tables (optional)").fill('{"T1": "by_table"}');
    await form.getByRole("button", { name: "Save table booking" }).click();
    await waitForText(page.locator("body"), /Table booking saved/);
    expect((await api("GET", `/api/v1/events/${EVENT}/table-booking`)).body).toEqual({ mode: "by_seat", tables: { T1: "by_table" } });
  });

  it("holds T1 whole and a seat of T2 in the SDK, refuses a seat of T1, and switches floors", async () => {
    const m = await openBuyerMap();
    const p = m.page;
    // A venue with tables and floors: the SDK's venue part came before the map was drawn.
    const fetched = await p.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    expect(fetched.filter((url) => url.includes("/venue.mjs"))).toHaveLength(1);
    // The ground floor is shown first: its tables, not the balcony's booth.
    expect(await p.getByRole("button", { name: "Ground floor" }).getAttribute("aria-pressed")).toBe("true");
    expect(await p.locator('[data-object-label="Stand 1"]').count()).toBe(0);
    await p.getByRole("button", { name: /^Table T1, 8 seats/ }).click();
    await waitForStatus(p, "T1", "selected");
    await waitForStatus(p, "T1-3", "selected");
    await p.getByRole("button", { name: /^Seat T2-1,/ }).click();
    await waitForStatus(p, "T2-1", "selected");
    const status = (await api("GET", `/api/v1/events/${EVENT}/status`)).body;
    const entries = new Map(status.objects.map((e) => [e.objectLabel, e]));
    expect(entries.get("T1")).toEqual(expect.objectContaining({ objectType: "table", status: "held" }));
    expect(entries.get("T1-5")?.status).toBe("held");
    expect(entries.get("T2-1")?.status).toBe("held");
    expect(entries.get("T2")?.status).toBe("partially_taken");

    // A seat of a table sold whole is refused, with the reason.
    const refused = await apiCall(e2e, ws.pkTest, "POST", `/api/v1/events/${EVENT}/seats/hold`, { objectLabels: ["T1-1"], holdToken: "another-buyer-1" });
    expect(refused.status).toBe(409);

    expect(await seriousViolations(p)).toEqual([]);
    await screenshot(p, "tables-sdk-ground-floor");
    await p.getByRole("button", { name: "Balcony" }).click();
    await p.waitForSelector('[data-object-label="Stand 1"]');
    expect(await p.getByRole("button", { name: "Balcony" }).getAttribute("aria-pressed")).toBe("true");
    expect(await p.locator('[data-object-label="T1"]').count()).toBe(0);
    expect(await p.getByRole("button", { name: /^Booth Stand 1,/ }).count()).toBe(1);
    expect(await seriousViolations(p)).toEqual([]);
    await screenshot(p, "tables-sdk-balcony");

    // Zooming to a zone on the other floor shows that floor.
    await p.getByLabel("Zoom to").selectOption({ label: "Front" });
    await waitForText(p.locator(".seating-root [aria-live]").first(), /Front shown/);
    expect(await p.getByRole("button", { name: "Ground floor" }).getAttribute("aria-pressed")).toBe("true");

    // The list mode lists the tables (whole and by seat) and the booth.
    await p.getByRole("button", { name: "Choose from a list" }).click();
    await p.getByRole("button", { name: /^Tables, 2 tables/ }).click();
    expect(await p.getByRole("group", { name: "Table T1" }).getByRole("button").count()).toBe(9);
    expect(await p.getByRole("button", { name: /^Table T1, 8 seats.*selected/ }).count()).toBe(1);
    await p.getByRole("button", { name: /^Booths, 1 booth/ }).click();
    expect(await p.getByRole("button", { name: /^Booth Stand 1,/ }).count()).toBe(1);
    expect(await seriousViolations(p)).toEqual([]);
    expect(m.errors).toEqual([]);
    await m.buyer.close();
  });

  it("draws and holds a table whole on a large map (more than 10,000 objects)", { timeout: 240_000 }, async () => {
    const { layout } = galaLayout(1_100, 10);
    const chart = await api("POST", "/api/v1/charts", { name: "Big gala", draftVersion: layout });
    expect(chart.status).toBe(201);
    expect((await api("POST", `/api/v1/charts/${chart.body.chartKey}/publish`)).status).toBe(200);
    expect((await api("POST", "/api/v1/events", { chartKey: chart.body.chartKey, eventKey: "big-gala" })).status).toBe(201);
    expect((await api("PUT", "/api/v1/events/big-gala/table-booking", { mode: "by_table" })).status).toBe(200);
    const buyer = await browser().newContext({ viewport: { width: 1280, height: 860 } });
    const p = await buyer.newPage();
    const pageErrors = watchErrors(p);
    await p.goto(`${e2e.baseUrl}/?${new URLSearchParams({ key: ws.pkTest, event: "big-gala" })}`);
    await p.waitForSelector("body[data-rendered]", { timeout: 60_000 });
    expect(await p.locator(".seating-map-large").count()).toBe(1);
    // At full view the tables are too small to click: the canvas draws them, and each hall is a block a keyboard zooms into.
    expect(await p.locator('[data-object-type="table"]').count()).toBe(0);
    const hall = p.getByRole("button", { name: /^Hall 0: 1,000 of 1,000 seats available/ });
    await hall.focus();
    await p.keyboard.press("Enter");
    await p.waitForSelector('[data-object-type="table"]');
    const label = await p.locator('[data-object-type="table"]').first().getAttribute("data-object-label");
    const table = p.getByRole("button", { name: new RegExp(`^Table ${label}, 10 seats, Hall 0, (Front|Dinner), available$`) });
    await table.focus();
    await p.keyboard.press("Enter");
    await waitForStatus(p, label, "selected", 10_000);
    const held = (await api("GET", "/api/v1/events/big-gala/status")).body.objects.find((e) => e.objectLabel === label);
    expect(held).toEqual(expect.objectContaining({ objectType: "table", status: "held" }));
    await screenshot(p, "tables-large-map");
    expect(pageErrors).toEqual([]);
    await buyer.close();
  });

  it("prices a table at its seats' prices together: its name, its tooltip, the list and, held whole, the total", async () => {
    // Four round tables of 8 in the front category, sold whole.
    const { layout } = galaLayout(4, 8);
    const chart = await api("POST", "/api/v1/charts", { name: "Priced gala", draftVersion: layout });
    expect(chart.status).toBe(201);
    expect((await api("POST", `/api/v1/charts/${chart.body.chartKey}/publish`)).status).toBe(200);
    expect((await api("POST", "/api/v1/events", { chartKey: chart.body.chartKey, eventKey: "priced-gala" })).status).toBe(201);
    expect((await api("PUT", "/api/v1/events/priced-gala/table-booking", { mode: "by_table" })).status).toBe(200);
    const pricing = { currency: "EUR", categories: { front: { amount: 5000 }, dinner: { amount: 3000 } }, fee: { fixed: 100 } };
    expect((await api("PUT", "/api/v1/events/priced-gala/pricing", pricing)).status).toBe(200);
    const m = await openBuyerMap("priced-gala");
    const p = m.page;
    // Eight seats at €50.00: the table's name says €400.00, after its category, as a seat's says its own.
    const table = p.getByRole("button", { name: "Table S0-T1, 8 seats, Hall 0, Front, €400.00, available", exact: true });
    expect(await table.count()).toBe(1);
    await table.hover();
    const tip = p.getByRole("tooltip");
    await tip.waitFor({ state: "visible" });
    await waitForText(tip, /Table S0-T1[\s\S]*€400\.00/);
    const total = p.locator(".seating-total");
    expect(await total.textContent()).toBe("Total: nothing selected");
    await table.click();
    await waitForStatus(p, "S0-T1", "selected");
    // The hold locked each seat's price and fee; the total adds the table's.
    await waitForText(total, /^Total: €400\.00 plus €8\.00 fees$/);
    expect(await p.evaluate(() => window.chart.selectionTotal)).toEqual({ amount: 40000, fee: 800, currency: "EUR" });
    expect(await seriousViolations(p)).toEqual([]);
    // The list says the same price.
    await p.getByRole("button", { name: "Choose from a list" }).click();
    await p.getByRole("button", { name: /^Hall 0, 4 tables/ }).click();
    expect(await p.getByRole("button", { name: "Table S0-T1, 8 seats, Hall 0, Front, €400.00, selected", exact: true }).count()).toBe(1);
    expect(await p.getByRole("button", { name: "Table S0-T2, 8 seats, Hall 0, Front, €400.00, available", exact: true }).count()).toBe(1);
    expect(await seriousViolations(p)).toEqual([]);
    expect(m.errors).toEqual([]);
    await m.buyer.close();
  });

  it("a venue with tables whose venue part cannot be loaded says so on the map", async () => {
    const buyer = await browser().newContext({ viewport: { width: 1280, height: 860 } });
    const p = await buyer.newPage();
    // The part is loaded on demand; the network fails it.
    await p.route("**/venue.mjs", (route) => route.abort());
    await p.goto(`${e2e.baseUrl}/?${new URLSearchParams({ key: ws.pkTest, event: "priced-gala" })}`);
    await p.waitForSelector("body[data-rendered]", { timeout: 30_000 });
    expect(await p.getAttribute("body", "data-rendered")).toBe("error");
    await expect.poll(() => p.getByRole("status").filter({ hasText: "The seat map could not be loaded" }).count()).toBe(1);
    expect(await p.getByRole("status").filter({ hasText: "venue part" }).count()).toBe(1);
    await buyer.close();
  });

  it("books the booth at the box office", async () => {
    await page.goto(`${e2e.baseUrl}/dashboard/sandbox/events/${EVENT}`);
    await page.waitForSelector("#seat-map [data-object-label]");
    await page.getByLabel("Selected seats and areas").fill("Stand 1");
    await page.getByLabel("Order id", { exact: true }).fill("EXPO-1");
    await page.getByRole("button", { name: "Book", exact: true }).click();
    const status = await (async () => {
      for (let i = 0; i < 50; i++) {
        const s = (await api("GET", `/api/v1/events/${EVENT}/status`)).body;
        const booth = s.objects.find((e) => e.objectLabel === "Stand 1");
        if (booth?.status === "booked") return booth;
        await new Promise((r) => setTimeout(r, 100));
      }
      return null;
    })();
    expect(status).toEqual(expect.objectContaining({ objectType: "booth", status: "booked", orderId: "EXPO-1" }));
    expect(await seriousViolations(page)).toEqual([]);
  });
});
