/**
 * The buyer's map of a club's stand at desktop and phone widths (docs/sdk.md, docs/channels.md, docs/accessibility.md): what a
 * venue needs to see (wheelchair and companion marks with their legend entries, "Not for sale" and
 * "Not available here" drawn apart, the standing terrace telling an open-sale buyer the open
 * pool's places), the phone's overview of the whole venue then a tap that zooms to seats a finger
 * can hit and a tap that holds, controls that never cover the map, standing places bought from the
 * list by keyboard, and axe in map and list mode. Writes docs/buyer-map.png and docs/buyer-phone*.png.
 */
import { describe, expect, inject, it } from "vitest";
import { openMap, seriousViolations, useBrowser, waitForStatus, waitForText } from "./browser.mjs";
import { clubEvent, MEMBERS, putChannels, TERRACE } from "./club-layout.mjs";
import { Api } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

const seatButton = (page, label) => page.getByRole("button", { name: new RegExp(`^Seat ${label},`) });
const within = (inner, outer, slack = 0.5) =>
  inner.x >= outer.x - slack &&
  inner.y >= outer.y - slack &&
  inner.x + inner.width <= outer.x + outer.width + slack &&
  inner.y + inner.height <= outer.y + outer.height + slack;
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A stand with the members' presale set aside and one seat taken off sale. */
async function standEvent() {
  const eventKey = await clubEvent(api);
  await putChannels(api, eventKey, [MEMBERS]);
  await api.call("POST", `/api/v1/events/${eventKey}/seats/not-for-sale`, { objectLabels: ["N1-F-12"] });
  return eventKey;
}

/** Boxes of what must stay in view on the phone: every seat, the stage, the section names, the terrace. */
async function drawnBoxes(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    return {
      map: box(document.querySelector(".seating-map")),
      seats: [...document.querySelectorAll(".seating-seat")].map(box),
      stage: box(document.querySelector(".seating-stage-mark")),
      names: [...document.querySelectorAll(".seating-section-label")].map((t) => ({ text: t.textContent, ...box(t) })),
      rows: [...document.querySelectorAll('[data-section-key="N1"] .seating-row-label')].map(box),
      terrace: box(document.querySelector(`[data-object-type="generalAdmission"]`)),
      controls: [...document.querySelectorAll(".seating-controls button")].map(box),
    };
  });
}

describe("on a desktop", () => {
  it("marks wheelchair and companion seats, tells the statuses apart, shows the open pool's terrace places, and sells from the list", async () => {
    const eventKey = await standEvent();
    const { page, errors } = await openMap(browser(), e2e, eventKey);
    // Marks on the seats and entries in the legend.
    expect(await page.locator('.seating-map .seating-seat-mark[data-mark="wheelchair"]').count()).toBe(4);
    expect(await page.locator('.seating-map .seating-seat-mark[data-mark="companion"]').count()).toBe(4);
    const legend = page.getByLabel("Legend");
    for (const entry of ["Wheelchair space", "Companion seat", "Not for sale", "Not available here"]) expect(await legend.textContent()).toContain(entry);
    expect(await seatButton(page, "N1-A-1").getAttribute("aria-label")).toContain("wheelchair space");
    // "Not for sale" and "Not available here": different fills on the map and different swatches.
    await waitForStatus(page, "N1-F-12", "not_for_sale");
    const fill = (label) => page.evaluate((l) => getComputedStyle(document.querySelector(`[data-object-label="${l}"]`)).fill, label);
    expect(await fill("N2-C-1")).toMatch(/^url\(/);
    expect(await fill("N1-F-12")).not.toEqual(await fill("N2-C-1"));
    const swatches = await legend
      .locator(".seating-legend-item")
      .evaluateAll((items) =>
        Object.fromEntries(
          items.map((i) => [
            i.textContent,
            getComputedStyle(i.querySelector(".seating-swatch") ?? i).backgroundImage +
              getComputedStyle(i.querySelector(".seating-swatch") ?? i).backgroundColor,
          ]),
        ),
      );
    expect(swatches["Not for sale"]).not.toEqual(swatches["Not available here"]);
    // An open-sale buyer is told the open pool's 200 places, not the terrace's 300.
    const terrace = page.getByRole("button", { name: new RegExp(`^${TERRACE} \\(${TERRACE}\\), 200 left`) });
    expect(await terrace.count()).toBe(1);
    // A mouse click holds at once, whatever the seat's size.
    await seatButton(page, "N1-C-5").click();
    await waitForStatus(page, "N1-C-5", "selected");
    expect(await seriousViolations(page)).toEqual([]);
    await seatButton(page, "N1-B-7").hover();
    await page.getByRole("tooltip").waitFor({ state: "visible" });
    await page.locator("#seating").screenshot({ path: "docs/buyer-map.png" });

    // The list by keyboard: the terrace's places through its quantity field.
    await page.getByRole("button", { name: "Choose from a list" }).click();
    const field = page.getByRole("spinbutton", { name: `Places in ${TERRACE}` });
    // maxSelectedObjects 10 on the demo page, one seat already held.
    expect(await field.getAttribute("max")).toBe("9");
    await field.focus();
    await page.keyboard.type("2");
    await page.keyboard.press("Enter");
    await waitForText(page.locator(".seating-list-area-status"), /198 places left, you hold 2\./);
    const selected = await page.evaluate(() => window.seatingEvents.filter((e) => e.type === "selected").map((e) => e.payload));
    expect(selected.at(-1)).toEqual({ objectLabel: TERRACE, objectType: "generalAdmission", categoryKey: "terrace", quantity: 2 });
    const token = await page.evaluate(() => window.chart.holdToken);
    expect((await api.status(eventKey, token)).get(TERRACE)).toMatchObject({ mineQuantity: 2, remainingByChannel: { members: 100, NO_CHANNEL: 198 } });
    expect(await seriousViolations(page)).toEqual([]);
    // Rows and a standing area, no tables, booths, floors or zones: the SDK's venue part was never
    // asked for, on the map or in the list (docs/sdk.md).
    const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    expect(fetched.some((url) => /\/sdk\/[^/]+\/seating\.m?js/.test(url))).toBe(true);
    expect(fetched.filter((url) => url.includes("/venue.mjs"))).toEqual([]);
    await page.getByRole("button", { name: `Release places in ${TERRACE}` }).click();
    await waitForText(page.locator(".seating-list-area-status"), /200 places left\./);
    expect(errors).toEqual([]);
  });
});

describe("on a 390 px phone with touch", () => {
  it("opens on the whole venue, a tap zooms to seats a finger can hit with the row labels in view, the next tap holds", async () => {
    const eventKey = await standEvent();
    const { page, context, errors } = await openMap(browser(), e2e, eventKey, { viewport: PHONE, hasTouch: true, isMobile: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.waitForTimeout(300);
    // The overview: every seat, the stage, both section names and the terrace inside the map, nothing under the controls.
    const open = await drawnBoxes(page);
    expect(open.seats).toHaveLength(144);
    for (const s of open.seats) expect(within(s, open.map), "a seat outside the map").toBe(true);
    expect(within(open.stage, open.map)).toBe(true);
    expect(open.names.map((n) => n.text)).toEqual(["North 1", "North 2"]);
    for (const n of open.names) expect(within(n, open.map)).toBe(true);
    expect(within(open.terrace, open.map)).toBe(true);
    for (const c of open.controls) for (const thing of [open.map, open.stage, ...open.rows]) expect(overlap(c, thing), "a control over the map").toBe(false);
    expect(open.seats[0].width).toBeLessThan(24);
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator("#seating").screenshot({ path: "docs/buyer-phone.png" });

    // First tap: zoom to where seats are tappable; the seat is not held by a guess.
    await seatButton(page, "N1-C-5").tap();
    await page.waitForFunction(() => document.querySelector('[data-object-label="N1-C-5"]').getBoundingClientRect().width >= 24);
    await page.waitForTimeout(200);
    expect(await page.getAttribute('[data-object-label="N1-C-5"]', "data-status")).toBe("free");
    const zoomed = await drawnBoxes(page);
    for (const r of zoomed.rows) expect(within(r, zoomed.map), "a row label out of view").toBe(true);
    const seat = await seatButton(page, "N1-C-5").boundingBox();
    expect(within(seat, zoomed.map)).toBe(true);
    // Nothing of the page lies over the seat a finger now taps.
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.getAttribute("data-object-label"),
      [seat.x + seat.width / 2, seat.y + seat.height / 2],
    );
    expect(hit).toBe("N1-C-5");
    // Second tap holds.
    await seatButton(page, "N1-C-5").tap();
    await waitForStatus(page, "N1-C-5", "selected");
    const token = await page.evaluate(() => window.chart.holdToken);
    expect((await api.status(eventKey, token)).get("N1-C-5")).toMatchObject({ status: "held", mine: true });
    await page.getByRole("timer").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator("#seating").screenshot({ path: "docs/buyer-phone-zoomed.png" });
    // "Show the whole map" goes back to the overview.
    await page.getByRole("button", { name: "Show the whole map" }).tap();
    await page.waitForFunction(() => document.querySelector('[data-object-label="N1-C-5"]').getBoundingClientRect().width < 24);
    // The list mode at phone width: axe clean too.
    await page.getByRole("button", { name: "Choose from a list" }).tap();
    await page.getByRole("spinbutton", { name: `Places in ${TERRACE}` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
