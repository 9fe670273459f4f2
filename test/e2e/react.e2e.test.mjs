/**
 * `<SeatingChart>` of packages/react in Chromium (contract §16), on a page of its own origin that
 * talks to the dev server: mount, StrictMode (one chart, one socket), prop changes (a new chart
 * only for event or publicKey), new callback identities (no redraw, the newest is called), unmount
 * (no socket left open, no listener left on window or document), and server rendering (nothing).
 */
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { useBrowser, watchErrors } from "./browser.mjs";
import { ROOT } from "./server.mjs";
import { Api, demoLabels } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const browser = useBrowser();
let site;
let siteUrl;

/** Counts sockets and window/document listeners from before any script of the page runs. */
const INSTRUMENT = `
window.sockets = { made: 0, open: 0 };
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) { super(...args); window.sockets.made++; window.sockets.open++;
    let closed = false; const done = () => { if (!closed) { closed = true; window.sockets.open--; } };
    this.addEventListener("close", done); const close = this.close.bind(this); this.close = (...a) => { done(); close(...a); }; }
};
window.listeners = new Set();
const add = EventTarget.prototype.addEventListener, remove = EventTarget.prototype.removeEventListener;
const tracked = (t) => t === window || t === document;
EventTarget.prototype.addEventListener = function (type, fn, opts) { if (tracked(this)) window.listeners.add(type + ":" + (fn && (fn.__id ??= Math.random()))); return add.call(this, type, fn, opts); };
EventTarget.prototype.removeEventListener = function (type, fn, opts) { if (tracked(this) && fn) window.listeners.delete(type + ":" + fn.__id); return remove.call(this, type, fn, opts); };
`;

const HARNESS = `
import { StrictMode, createElement, createRef } from "react";
import { createRoot } from "react-dom/client";
import { SeatingChart } from "./packages/react/dist/index.js";
// The root exists before the test's baseline: React listens for selectionchange on the document once per root.
let root = createRoot(document.getElementById("app"));
let strict = false;
window.rendered = 0;
window.calls = [];
window.chartRef = createRef();
function draw(props) {
  const el = createElement(SeatingChart, { ref: window.chartRef, onChartRendered: () => window.rendered++, ...props });
  root.render(strict ? createElement(StrictMode, null, el) : el);
}
window.harness = {
  mount(props, useStrict) { strict = useStrict; draw(props); },
  update(props) { draw(props); },
  unmount() { root.unmount(); root = null; },
  selector(tag) { return (o) => window.calls.push(tag + ":" + o.objectLabel); },
};
`;

beforeAll(async () => {
  const bundle = await esbuild.build({
    stdin: { contents: HARNESS, resolveDir: ROOT, loader: "js" },
    bundle: true,
    format: "esm",
    write: false,
    define: { "process.env.NODE_ENV": '"development"' },
    logLevel: "silent",
  });
  const script = bundle.outputFiles[0].text;
  site = createServer((req, res) => {
    if (req.url === "/harness.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end(script);
      return;
    }
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><script>${INSTRUMENT}</script><div id="app"></div><script type="module" src="/harness.js"></script>`);
  });
  await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${site.address().port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

async function openHarness() {
  const context = await browser().newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(siteUrl);
  await page.waitForFunction(() => window.harness !== undefined);
  return { page, errors, close: () => context.close() };
}

const props = (eventKey, extra = "") =>
  `({ publicKey: ${JSON.stringify(e2e.publicKey)}, event: ${JSON.stringify(eventKey)}, apiBaseUrl: ${JSON.stringify(e2e.baseUrl)}, style: { height: "500px" }${extra} })`;
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
