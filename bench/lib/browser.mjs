/**
 * The browser side of the SDK benchmark: Debian's Chromium driven by playwright-core, a host page
 * served from its own loopback origin (so the SDK is embedded cross-origin, as on a ticketing
 * site), the in-page instrumentation the figures are read from, and the browser's memory.
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { freePort } from "../../scripts/lib/ports.mjs";

export { launchChromium } from "../../scripts/lib/chromium.mjs";

/**
 * Runs in the host page before the SDK: long tasks, WebSocket messages and fetch answers with their
 * times, a frame recorder, and a "drawn" probe (the frame after a DOM change has been presented).
 */
const INSTRUMENT = `
window.__bench = { longTasks: [], ws: [], fetches: [], marks: [] };
try {
  new PerformanceObserver((list) => { for (const e of list.getEntries()) __bench.longTasks.push({ start: e.startTime, duration: e.duration }); })
    .observe({ type: "longtask", buffered: true });
} catch {}
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    __bench.wsUrl = String(args[0]);
    this.addEventListener("message", (ev) => {
      const text = typeof ev.data === "string" ? ev.data : "";
      __bench.ws.push({ t: performance.now(), size: text.length, text: text.length < 4000 ? text : null });
    });
  }
};
const nativeFetch = window.fetch.bind(window);
window.fetch = async (...args) => {
  const res = await nativeFetch(...args);
  __bench.fetches.push({ url: String(args[0] && args[0].url ? args[0].url : args[0]), t: performance.now(), status: res.status });
  return res;
};
for (const type of ["pointerdown", "pointerup"]) addEventListener(type, (e) => __bench.marks.push({ type, t: e.timeStamp }), true);
__bench.afterPaint = (fn) => requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => fn(performance.now()); ch.port2.postMessage(0); });
__bench.recordFrames = () => {
  const frames = [];
  let on = true;
  const loop = (t) => { if (!on) return; frames.push(t); requestAnimationFrame(loop); };
  requestAnimationFrame(loop);
  __bench.stopFrames = () => { on = false; return frames; };
};
__bench.watchStatus = (el, status) => new Promise((resolve) => {
  const mo = new MutationObserver(() => {
    if (el.getAttribute("data-status") !== status) return;
    mo.disconnect();
    const changed = performance.now();
    __bench.afterPaint((painted) => resolve({ changed, painted }));
  });
  mo.observe(el, { attributes: true, attributeFilter: ["data-status"] });
});
`;

function page(apiBase, publicKey, eventKey) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>SDK bench</title>
<style>html,body{margin:0;height:100%}#seating{height:100vh}</style>
<script>${INSTRUMENT}</script></head><body><div id="seating"></div>
<script src="${apiBase}/sdk/latest/seating.js"></script>
<script>
const chart = new Seating.SeatingChart({ divId: "seating", publicKey: ${JSON.stringify(publicKey)}, event: ${JSON.stringify(eventKey)} });
window.chart = chart;
chart.render().then(() => {
  __bench.rendered = performance.now();
  __bench.afterPaint((t) => { __bench.painted = t; });
}, (err) => { __bench.error = String(err && err.message || err); });
</script></body></html>`;
}

/**
 * A host page server on its own loopback port: `/map?key=&event=` embeds the SDK of `apiBase`,
 * `/blank` is an empty page of the same origin (the memory baseline). Returns `{ url, close }`.
 */
export async function startHostPage(apiBase) {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    res.setHeader("content-type", "text/html; charset=utf-8");
    if (url.pathname === "/map") res.end(page(apiBase, url.searchParams.get("key") ?? "", url.searchParams.get("event") ?? ""));
    else res.end("<!doctype html><title>blank</title>");
  });
  await new Promise((r) => server.listen(port, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return -1;
  }
}

/**
 * Proportional set size (MB) of every Chromium process started by this Node process: the
 * browser, its renderers and helpers. PSS splits shared pages fairly, so the sum is not inflated
 * by shared libraries. The descendants of this process only, never other people's browsers.
 */
export function chromiumMemoryMB() {
  const pids = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const parents = new Map(pids.map((p) => [p, parentOf(p)]));
  const mine = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 20; p = parents.get(p) ?? -1, hops++) if (p === process.pid) return true;
    return false;
  };
  let kb = 0;
  for (const pid of pids) {
    let exe = "";
    try {
      exe = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0];
    } catch {
      continue;
    }
    if (!/chrom/i.test(exe) || !mine(pid)) continue;
    try {
      const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
      if (m) kb += Number(m[1]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return kb / 1024;
}
