/**
 * Selling rules in the browser (docs/sdk.md and docs/selling-rules.md): best available from the demo page's control,
 * the event's selection rules applied by the map before it asks, a refusal by the server reaching
 * onHoldFailed, and aisles drawn as gaps.
 */
import { describe, expect, inject, it } from "vitest";
import { screenshot, seat, useSeatMaps, waitForStatus } from "./browser.mjs";
import { Api } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const open = useSeatMaps(e2e);

/** Every hold request the page sends, by path. */
function recordHolds(page) {
  const holds = [];
  page.on("request", (r) => r.method() === "POST" && r.url().includes("/seats/hold") && holds.push(new URL(r.url()).pathname));
  return holds;
}

const failures = (page) => page.evaluate(() => window.seatingEvents.filter((e) => e.type === "holdFailed").map((e) => e.payload));
const putRules = (ev, rules) => api.call("PUT", `/api/v1/events/${ev}/selection-rules`, rules);

describe("best available in the seat map", () => {
  it("the demo page's control holds adjacent seats of the chosen category and selects them", async () => {
    const ev = await api.newEvent();
    const { page, token } = await open(ev);
    await page.getByRole("spinbutton", { name: "Seats" }).fill("3");
    await page.getByRole("combobox", { name: "Category" }).selectOption({ label: "VIP" });
    await page.getByRole("checkbox", { name: "Only seats next to each other" }).check();
    await page.getByRole("button", { name: "Find best seats" }).click();
    await page.waitForFunction(() => window.chart.selectedObjects.length === 3);
    const selected = await page.evaluate(() => window.chart.selectedObjects);
    // Section A row 1 is the only VIP row; with no focal point the run nearest its middle wins.
    expect(selected).toEqual(["A-1-3", "A-1-4", "A-1-5"]);
    for (const label of selected) await waitForStatus(page, label, "selected");
    const status = await api.status(ev, token);
    expect(selected.every((l) => status.get(l)?.mine === true)).toBe(true);
    expect(await page.textContent("#log")).toBe("Together: A-1-3, A-1-4, A-1-5");
    const events = await page.evaluate(() => window.seatingEvents.filter((e) => e.type === "selected").map((e) => e.payload));
    expect(events).toEqual(selected.map((objectLabel) => ({ objectLabel, objectType: "seat", categoryKey: "vip" })));
    await screenshot(page, "seat-map-best-available");
  });

  it("a request the venue cannot meet reaches onHoldFailed with the server's reason and holds nothing", async () => {
    const ev = await api.newEvent();
    const { page, token } = await open(ev, { max: 50 });
    const outcome = await page.evaluate(() =>
      window.chart.holdBestAvailable({ quantity: 12, together: true }).then(
        () => "held",
        (err) => err.detail,
      ),
    );
    expect(outcome).toMatchObject({ code: "no_best_available", status: 409 });
    const [failure] = await failures(page);
    expect(failure).toMatchObject({ objects: [], error: { code: "no_best_available" } });
    expect(await page.textContent("#log")).toBe(failure.error.message);
    expect((await api.status(ev, token)).size).toBe(0);
  });
});

describe("selection rules in the seat map", () => {
  it("exposes the rules and applies them before asking: an orphan and the per-token cap never reach the API", async () => {
    const ev = await api.newEvent();
    await putRules(ev, { maxSeatsPerToken: 2, noOrphanSeats: true });
    const { page, token } = await open(ev);
    expect(await page.evaluate(() => window.chart.selectionRules)).toEqual({ maxSeatsPerToken: 2, noOrphanSeats: true });
    expect(await page.getByRole("list").filter({ hasText: "At most 2 seats per order" }).count()).toBe(1);
    const holds = recordHolds(page);
    await seat(page, "A-2-1").click();
    await waitForStatus(page, "A-2-1", "selected");
    // A-2-3 would leave A-2-2 alone between two taken seats.
    await seat(page, "A-2-3").click();
    await page.waitForFunction(() => window.seatingEvents.some((e) => e.type === "holdFailed"));
    expect((await failures(page))[0]).toEqual({
      objects: [{ objectLabel: "A-2-3", objectType: "seat", categoryKey: "stalls" }],
      error: { code: "selection_rule_violated", message: "That would leave seat A-2-2 on its own", failed: [{ objectLabel: "A-2-2", reason: "orphan_seat" }] },
    });
    await seat(page, "A-2-2").click();
    await waitForStatus(page, "A-2-2", "selected");
    await seat(page, "A-3-5").click();
    await page.waitForFunction(() => window.seatingEvents.filter((e) => e.type === "holdFailed").length === 2);
    expect((await failures(page))[1].error).toMatchObject({
      code: "selection_rule_violated",
      failed: [{ objectLabel: "A-3-5", reason: "max_seats_per_token" }],
    });
    expect(holds).toHaveLength(2);
    expect(await seat(page, "A-3-5").getAttribute("data-status")).toBe("free");
    expect([...(await api.status(ev, token)).keys()].sort()).toEqual(["A-2-1", "A-2-2"]);
  });

  it("a rule set after the map was drawn is enforced by the server, reported with its reason, and learnt by the map", async () => {
    const ev = await api.newEvent();
    const { page } = await open(ev);
    expect(await page.evaluate(() => window.chart.selectionRules)).toEqual({});
    await putRules(ev, { maxSeatsPerCategory: { balcony: 1 } });
    await seat(page, "B-2-1").click();
    await waitForStatus(page, "B-2-1", "selected");
    await seat(page, "B-2-5").click();
    await page.waitForFunction(() => window.seatingEvents.some((e) => e.type === "holdFailed"));
    expect((await failures(page))[0]).toMatchObject({
      objects: [{ objectLabel: "B-2-5" }],
      error: { code: "selection_rule_violated", status: 409, failed: [{ reason: "max_seats_per_category" }] },
    });
    expect(await seat(page, "B-2-5").getAttribute("data-status")).toBe("free");
    await page.waitForFunction(() => window.chart.selectionRules.maxSeatsPerCategory?.balcony === 1);
    // Best available now stops in the map for a balcony request, before any call.
    const holds = recordHolds(page);
    const code = await page.evaluate(() => window.chart.holdBestAvailable({ quantity: 1, categories: ["balcony"] }).catch((e) => e.detail.code));
    expect(code).toBe("selection_rule_violated");
    expect(holds).toEqual([]);
  });
});

describe("aisles", () => {
  it("a map without coordinates draws an aisle as a gap in its row", async () => {
    const layout = {
      categories: [{ key: "std", label: "Standard", color: "#2f6fed" }],
      sections: [
        {
          key: "M",
          label: "Main",
          rows: [
            {
              label: "1",
              seats: [
                { label: "M-1", categoryKey: "std" },
                { label: "M-2", categoryKey: "std", aisleAfter: true },
                { label: "M-3", categoryKey: "std" },
                { label: "M-4", categoryKey: "std" },
              ],
            },
          ],
        },
      ],
      generalAdmission: [],
    };
    const chart = await api.call("POST", "/api/v1/charts", { name: "Aisle hall", draftVersion: layout });
    await api.call("POST", `/api/v1/charts/${chart.chartKey}/publish`);
    const ev = (await api.call("POST", "/api/v1/events", { chartKey: chart.chartKey })).eventKey;
    const { page } = await open(ev);
    const x = async (label) => Number(await seat(page, label).getAttribute("cx"));
    const [a, b, c, d] = [await x("M-1"), await x("M-2"), await x("M-3"), await x("M-4")];
    expect(c - b).toBeCloseTo(2 * (b - a));
    expect(d - c).toBeCloseTo(b - a);
  });
});
