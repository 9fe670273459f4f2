/**
 * A page of its own origin that renders packages/react's `<SeatingChart>` (its built dist) against
 * the dev server, for the React suites: `window.harness.mount(props, strict)`, `update(props)` and
 * `unmount()`; `window.rendered` counts onChartRendered, `window.calls` collects what a test's
 * callbacks record (`window.harness.selector(tag)`, `window.harness.record(tag)`), and
 * `window.sockets` and `window.listeners` count live sockets and window/document listeners from
 * before any script of the page runs.
 */
import { createServer } from "node:http";
import * as esbuild from "esbuild";
import { afterAll, beforeAll } from "vitest";
import { watchErrors } from "./browser.mjs";
import { ROOT } from "./server.mjs";

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
  record(tag) { return (...args) => window.calls.push([tag, ...args]); },
};
`;

/**
 * Serves the harness for a test file's tests (built once, before them). `open(viewport?)` opens it
 * in a fresh context of `browser()`; `props(extra)` writes a props expression for mount/update.
 */
export function useReactHarness(browser, e2e) {
  let site;
  let siteUrl;
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
      res.end(
        `<!doctype html><html lang="en"><title>React harness</title><link rel="icon" href="data:,"><script>${INSTRUMENT}</script><main id="app"></main><script type="module" src="/harness.js"></script>`,
      );
    });
    await new Promise((resolve) => site.listen(0, "127.0.0.1", resolve));
    siteUrl = `http://127.0.0.1:${site.address().port}/`;
  });

  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
  });

  return {
    async open(viewport = { width: 1100, height: 800 }) {
      const context = await browser().newContext({ viewport });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(siteUrl);
      await page.waitForFunction(() => window.harness !== undefined);
      return { page, errors, close: () => context.close() };
    },
    /** `{ publicKey, apiBaseUrl, style, …extra }` as a JavaScript expression (extra: source text of more properties). */
    props(extra = "") {
      return `({ publicKey: ${JSON.stringify(e2e.publicKey)}, apiBaseUrl: ${JSON.stringify(e2e.baseUrl)}, style: { height: "500px" }${extra} })`;
    },
  };
}
