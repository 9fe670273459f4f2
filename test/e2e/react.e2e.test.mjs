/**
 * `<SeatingChart>` of packages/react in Chromium (docs/api.md#idempotent-requests), on a page of its own origin that
 * talks to the dev server: mount, StrictMode (one chart, one socket), prop changes (a new chart
 * only for event or publicKey), new callback identities (no redraw, the newest is called), unmount
 * (no socket left open, no listener left on window or document), and server rendering (nothing).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, inject, it } from "vitest";
import { useBrowser } from "./browser.mjs";
import { useReactHarness } from "./react-harness.mjs";
import { ROOT } from "./server.mjs";
import { Api, demoLabels } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const browser = useBrowser();
const harness = useReactHarness(browser, e2e);
const openHarness = () => harness.open();

const props = (eventKey, extra = "") => harness.props(`, event: ${JSON.stringify(eventKey)}${extra}`);
const label = demoLabels()[0];

describe("<SeatingChart> in Chromium", () => {
  for (const strict of [false, true]) {
    it(`${strict ? "under StrictMode " : ""}draws one chart with one live socket, and unmounting leaves nothing behind`, async () => {
      const { page, errors, close } = await openHarness();
      const eventKey = await api.newEvent();
      const baseline = await page.evaluate(() => [...window.listeners].map((l) => l.split(":")[0]));
      await page.evaluate(`window.harness.mount(${props(eventKey)}, ${strict})`);
      await page.waitForSelector(`[data-object-label="${label}"]`, { timeout: 30_000 });
      await page.waitForFunction(() => window.sockets.open === 1, null, { timeout: 10_000 });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => ({ rendered: window.rendered, made: window.sockets.made, hasRef: window.chartRef.current !== null }))).toEqual({
        rendered: 1,
        made: 1,
        hasRef: true,
      });
      await page.evaluate(() => window.harness.unmount());
      await page.waitForFunction(() => window.sockets.open === 0, null, { timeout: 5000 });
      expect(await page.evaluate(() => [...window.listeners].map((l) => l.split(":")[0]))).toEqual(baseline);
      expect(await page.evaluate(() => window.chartRef.current)).toBeNull();
      expect(await page.locator("[data-object-label]").count()).toBe(0);
      expect(errors).toEqual([]);
      await close();
    });
  }

  it("makes a new chart only when event or publicKey changes; new callbacks are called without a redraw", async () => {
    const { page, errors, close } = await openHarness();
    const first = await api.newEvent();
    const second = await api.newEvent();
    await page.evaluate(`window.harness.mount(${props(first, ", onObjectSelected: window.harness.selector('one')")}, true)`);
    await page.waitForFunction(() => window.rendered === 1, null, { timeout: 30_000 });
    // A new callback identity and another class: same chart, same socket.
    await page.evaluate(`window.harness.update(${props(first, ", className: 'other', onObjectSelected: window.harness.selector('two')")})`);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => [window.rendered, window.sockets.made])).toEqual([1, 1]);
    await page.locator(`[data-object-label="${label}"]`).click();
    await page.waitForFunction(() => window.calls.length > 0, null, { timeout: 10_000 });
    expect(await page.evaluate(() => window.calls)).toEqual([`two:${label}`]);
    // Another event: the old chart goes (its socket closes), a new one is drawn.
    await page.evaluate(`window.harness.update(${props(second)})`);
    await page.waitForFunction(() => window.rendered === 2, null, { timeout: 30_000 });
    await page.waitForFunction(() => window.sockets.open === 1, null, { timeout: 10_000 });
    expect(await page.evaluate(() => window.sockets.made)).toBe(2);
    await page.evaluate(() => window.harness.unmount());
    await page.waitForFunction(() => window.sockets.open === 0, null, { timeout: 5000 });
    expect(errors).toEqual([]);
    await close();
  });
});

describe("<SeatingChart> on the server", () => {
  it("renders nothing", async () => {
    const { SeatingChart } = await import(pathToFileURL(path.join(ROOT, "packages/react/dist/index.js")).href);
    expect(renderToString(createElement(SeatingChart, { publicKey: e2e.publicKey, event: "any" }))).toBe("");
  });
});
