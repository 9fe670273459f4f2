/**
 * The map on a phone: it opens on the whole venue, where a first tap on seats too small for a
 * finger zooms in and the next tap holds; two fingers pinch-zoom. Touches are sent through the
 * Chrome DevTools Protocol, so the page sees real touch pointer events.
 */
import { expect, inject, it } from "vitest";
import { screenshot, seat, useBrowser, waitForStatus } from "./browser.mjs";
import { Api } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const browser = useBrowser();

it("a tap zooms in, the next tap holds, and a pinch zooms on a phone-sized screen", async () => {
  const ev = await api.newEvent();
  const context = await browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}/?key=${e2e.publicKey}&event=${ev}`);
  await page.waitForSelector("body[data-rendered=true]");
  const width = () => page.evaluate(() => document.querySelector('[data-object-label="A-2-5"]').getBoundingClientRect().width);
  if ((await width()) < 24) {
    await seat(page, "A-2-5").tap();
    await page.waitForFunction(() => document.querySelector('[data-object-label="A-2-5"]').getBoundingClientRect().width >= 24);
    expect(await seat(page, "A-2-5").getAttribute("data-status")).toBe("free");
  }
  await seat(page, "A-2-5").tap();
  await waitForStatus(page, "A-2-5", "selected");
  const token = await page.evaluate(() => window.chart.holdToken);
  expect((await api.status(ev, token)).get("A-2-5")).toMatchObject({ status: "held", mine: true });

  const box = await page.locator(".seating-map").boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const seatWidth = () => page.evaluate(() => document.querySelector('[data-object-label="A-2-5"]').getBoundingClientRect().width);
  const before = await seatWidth();
  const cdp = await context.newCDPSession(page);
  const touch = (type, spread) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints:
        type === "touchEnd"
          ? []
          : [
              { x: cx - spread, y: cy, id: 1 },
              { x: cx + spread, y: cy, id: 2 },
            ],
    });
  await touch("touchStart", 20);
  for (let s = 30; s <= 120; s += 10) await touch("touchMove", s);
  await touch("touchEnd", 0);
  // Fingers 40 px apart moving to 240 px apart: seats drawn about six times bigger.
  await page.waitForFunction((w) => document.querySelector('[data-object-label="A-2-5"]').getBoundingClientRect().width > w * 3, before);
  expect(await page.evaluate(() => window.chart.selectedObjects)).toEqual(["A-2-5"]);
  await screenshot(page, "seat-map-phone-pinched");
  await context.close();
});
