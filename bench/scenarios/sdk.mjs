/**
 * The browser SDK on big maps (docs/sdk.md#large-maps-more-than-10000-objects): events of 1k, 10k, 50k and 100k seats with 30% reserved
 * (20% held, 10% booked, spread over the map), each drawn by the SDK in headless Chromium (software
 * rendering) from a host page on another origin. Per size: `rounds` page loads for the load figures
 * (render() resolved, first paint, longest main-thread task, DOM elements, memory growth, bytes
 * fetched), then on the last load the interactions: wheel zoom in and out, a drag, an own click and
 * another buyer's hold, each timed in the page. Every figure is one row with the four sizes and the
 * ratio of 100k to 1k; the 100k map is photographed at full view and zoomed in.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromiumMemoryMB, launchChromium, startHostPage } from "../lib/browser.mjs";
import { seatLayout, shuffled } from "../lib/layouts.mjs";
import { ROOT } from "../lib/runtime.mjs";
import { median, percentile } from "../lib/stats.mjs";

export const name = "sdk";
const SIZES = [1_000, 10_000, 50_000, 100_000];
const RESERVED = 0.3;
const BOOKED_SHARE = 1 / 3;
const VIEWPORT = { width: 1280, height: 860 };

const k = (n) => (n >= 1000 ? `${n / 1000}k` : String(n));

/** Runs the scenario and adds its rows to the report. */
export async function run(ctx) {
  const sizes = ctx.opts.sdkSizes ?? SIZES;
  const rounds = ctx.opts.sdkRounds ?? 3;
  const events = [];
  for (const seats of sizes) events.push(await provision(ctx, seats));
  await ctx.settle();
  const host = await startHostPage(ctx.baseUrl);
  const browser = await launchChromium();
  const results = new Map();
  commit = currentCommit();
  try {
    // A first page load that is not counted: a fresh browser compiles the SDK and warms its caches.
    await (await load(ctx, browser, host, events[0])).context.close();
    for (const ev of events) {
      ctx.log(`  ${k(ev.seats)}: ${rounds} page load(s) and interactions…`);
      const loads = [];
      let last = null;
      for (let r = 0; r < rounds; r++) {
        last?.context.close();
        // --profile: the last load of the largest map is profiled (after the timed ones, so it does not bend them).
        last = await load(ctx, browser, host, ev, ctx.opts.profile && r === rounds - 1 && ev === events[events.length - 1]);
        loads.push(last.figures);
      }
      const interactions = await interact(ctx, last.page, ev, ev.seats === sizes[sizes.length - 1]);
      await last.context.close();
      results.set(ev.seats, { loads, interactions });
    }
  } finally {
    await browser.close();
    await host.close();
  }
  report(ctx, sizes, results);
}

/**
 * A published chart of `size` objects (size - 1 seats plus one GA area without drawing hints, so
 * the 10k map sits exactly on the 10,000-object line of docs/sdk.md#large-maps-more-than-10000-objects), an event, 30% of the seats reserved.
 */
async function provision(ctx, size) {
  const seats = size - 1;
  const keys = await ctx.api.workspace(`Bench sdk ${size}`);
  const { layout, labels } = seatLayout(seats);
  layout.generalAdmission = [{ label: "Floor", categoryKey: "a", capacity: 2000 }];
  ctx.log(`  sdk: chart of ${seats.toLocaleString("en-US")} seats and a GA area…`);
  const chartKey = await ctx.api.publishedChart(keys, layout, `Bench sdk ${seats}`);
  const eventKey = await ctx.api.event(keys, chartKey);
  const reserved = shuffled(labels, 7).slice(0, Math.round(seats * RESERVED));
  const batches = await ctx.api.holdMany(keys, eventKey, reserved, { concurrency: 4 });
  await ctx.api.bookMany(keys, eventKey, batches.slice(0, Math.round(batches.length * BOOKED_SHARE)));
  const reservedSet = new Set(reserved);
  return { seats: size, keys, eventKey, free: labels.filter((l) => !reservedSet.has(l)) };
}

/** One page load: the load figures, and the page left open for interactions. */
async function load(ctx, browser, host, ev, profile = false) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${host.url}/blank`);
  await cdp.send("HeapProfiler.collectGarbage");
  const memBefore = chromiumMemoryMB();
  const bytes = { objects: 0, status: 0, other: 0, socket: 0 };
  const server = { objects: [], status: [] };
  let renderedAt = Infinity;
  page.on("response", async (res) => {
    const url = res.url();
    if (!url.startsWith(ctx.baseUrl) || !url.includes("/api/v1/") || res.request().method() === "OPTIONS") return;
    const at = Date.now();
    const timing = Number(/app;dur=([\d.]+)/.exec(res.headers()["server-timing"] ?? "")?.[1]);
    if (url.includes("/objects") && Number.isFinite(timing)) server.objects.push(timing);
    else if (url.includes("/status") && Number.isFinite(timing)) server.status.push(timing);
    const size = (await res.body().catch(() => Buffer.alloc(0))).length;
    if (at > renderedAt) return;
    if (url.includes("/objects")) bytes.objects += size;
    else if (url.includes("/status")) bytes.status += size;
    else bytes.other += size;
  });
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => (bytes.socket += typeof f.payload === "string" ? Buffer.byteLength(f.payload) : f.payload.length)),
  );
  const params = new URLSearchParams({ key: ev.keys.pk, event: ev.eventKey });
  if (profile) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
    await cdp.send("Profiler.start");
  }
  await page.goto(`${host.url}/map?${params}`);
  await page.waitForFunction(() => window.__bench.painted !== undefined || window.__bench.error !== undefined, null, { timeout: 120_000, polling: 50 });
  renderedAt = Date.now();
  if (profile)
    ctx.report.note(name, `CPU profile of a ${k(ev.seats)} load, self time to first paint: ${topFunctions((await cdp.send("Profiler.stop")).profile)}`);
  // The live socket's first message, and any work it causes, within the next two seconds.
  await page.waitForTimeout(2000);
  await cdp.send("HeapProfiler.collectGarbage");
  const memAfter = chromiumMemoryMB();
  const f = await page.evaluate(() => ({
    error: window.__bench.error ?? null,
    rendered: window.__bench.rendered,
    painted: window.__bench.painted,
    longest: window.__bench.longTasks.reduce((m, t) => Math.max(m, t.duration), 0),
    elements: document.getElementsByTagName("*").length,
  }));
  if (f.error) throw new Error(`the ${k(ev.seats)} map did not render: ${f.error}`);
  return { context, page, figures: { ...f, memory: memAfter - memBefore, bytes: { ...bytes }, server } };
}

/** Frame intervals (ms) of the frames that started within [from, to]. */
function intervals(frames, from = -Infinity, to = Infinity) {
  const out = [];
  for (let i = 1; i < frames.length; i++) if (frames[i] >= from && frames[i - 1] <= to) out.push(frames[i] - frames[i - 1]);
  return out;
}

/** Centre of the map stage in page pixels. */
async function stageCentre(page) {
  const box = await page.locator(".seating-stage").boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A drawn element of a free seat near the stage centre (elementFromPoint on a spiral), or null. */
function freeSeatNear(page, centre, avoid = "") {
  return page.evaluate(
    ({ x, y, avoid }) => {
      for (let r = 0; r < 400; r += 6) {
        for (let a = 0; a < 16; a++) {
          const px = x + r * Math.cos((a * Math.PI) / 8);
          const py = y + r * Math.sin((a * Math.PI) / 8);
          const el = document.elementFromPoint(px, py)?.closest("[data-object-label]");
          const label = el?.getAttribute("data-object-label");
          if (el && label !== avoid && el.getAttribute("data-status") === "free" && el.getAttribute("data-object-type") !== "generalAdmission") {
            const b = el.getBoundingClientRect();
            if (b.width >= 4) return { label, x: b.x + b.width / 2, y: b.y + b.height / 2, size: b.width };
          }
        }
      }
      return null;
    },
    { ...centre, avoid },
  );
}

/** Zoom, drag, own click and another buyer's change on an open map; screenshots when `shoot`. */
async function interact(ctx, page, ev, shoot) {
  const out = {};
  const centre = await stageCentre(page);
  if (shoot) out.shots = [await screenshot(page, ev, "full")];
  // Wheel zoom around the centre: 14 notches in, 14 out.
  await page.mouse.move(centre.x, centre.y);
  await page.evaluate(() => window.__bench.recordFrames());
  const cdp = ctx.opts.profile && shoot ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
    await cdp.send("Profiler.start");
  }
  const zoomStart = await page.evaluate(() => performance.now());
  for (const dy of [...Array(14).fill(-100), ...Array(14).fill(100)]) {
    await page.mouse.wheel(0, dy);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(400);
  const zoomFrames = await page.evaluate(() => window.__bench.stopFrames());
  out.zoom = intervals(zoomFrames, zoomStart);
  if (cdp) {
    const { profile } = await cdp.send("Profiler.stop");
    const worst = Math.max(...out.zoom);
    ctx.report.note(name, `CPU profile of the ${k(ev.seats)} wheel zoom (worst frame ${Math.round(worst)} ms), self time: ${topFunctions(profile)}`);
    const at = zoomFrames.findIndex((t, i) => i > 0 && t - zoomFrames[i - 1] === worst);
    ctx.report.note(
      name,
      `worst zoom frame ${Math.round(zoomFrames[at - 1] - zoomStart)}-${Math.round(zoomFrames[at] - zoomStart)} ms after the first notch; busiest functions inside it: ${topFunctions(profile, 8, [zoomFrames[at - 1], zoomFrames[at]])}`,
    );
  }
  // Zoom in with the button to where seats are a few pixels wide or more, and let the map settle.
  const zoomIn = page.getByRole("button", { name: "Zoom in", exact: true });
  for (let i = 0; i < Math.round(Math.log(ev.seats / 1000) / Math.log(1.4 * 1.4)) + 1; i++) await zoomIn.click();
  await page.waitForTimeout(1000);
  // A drag of 300 px in 30 moves.
  await page.evaluate(() => {
    window.__bench.marks.length = 0;
    window.__bench.recordFrames();
  });
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x - 300, centre.y - 150, { steps: 30 });
  await page.mouse.up();
  await page.waitForTimeout(400);
  const drag = await page.evaluate(() => ({ frames: window.__bench.stopFrames(), marks: window.__bench.marks.slice() }));
  const down = drag.marks.find((m) => m.type === "pointerdown")?.t ?? drag.frames[0];
  const up = drag.marks.find((m) => m.type === "pointerup")?.t ?? drag.frames[drag.frames.length - 1];
  out.drag = intervals(drag.frames, down, up);
  out.dragStart = Math.max(0, ...intervals(drag.frames, down, down + 150));
  out.dragEnd = Math.max(0, ...intervals(drag.frames, up, up + 300));
  await page.waitForTimeout(600);
  // The buyer's own click: from the hold's answer to the frame that shows the seat selected.
  const mine = await freeSeatNear(page, centre);
  if (mine) {
    const watch = page.evaluate((l) => window.__bench.watchStatus(document.querySelector(`[data-object-label="${l}"]`), "selected"), mine.label);
    await page.mouse.click(mine.x, mine.y);
    const seen = await watch;
    const answer = await page.evaluate(() => window.__bench.fetches.filter((f) => f.url.includes("/seats/hold")).pop()?.t);
    out.ownClick = seen.painted - answer;
    out.ownLabel = mine.label;
  }
  // Another buyer holds a seat on screen: from the live message to the frame that shows it held.
  const other = await freeSeatNear(page, centre, mine?.label);
  if (other) {
    const watch = page.evaluate((l) => window.__bench.watchStatus(document.querySelector(`[data-object-label="${l}"]`), "held"), other.label);
    const res = await ctx.api.hold(ev.keys, ev.eventKey, [other.label], `bench-sdk-other-${Date.now()}`, 600);
    let why = `the hold answered ${res.status}`;
    if (res.status === 200) {
      const seen = await Promise.race([watch, new Promise((r) => setTimeout(() => r(null), 10_000))]);
      const msg = await page.evaluate((l) => window.__bench.ws.filter((m) => m.text && m.text.includes(`"${l}"`)).pop()?.t, other.label);
      if (seen && msg !== undefined) out.otherChange = seen.painted - msg;
      why = `seen ${!!seen}, live message ${msg !== undefined}, live mode ${await page.evaluate(() => window.chart.liveMode)}`;
    }
    if (out.otherChange === undefined) ctx.report.note(name, `${k(ev.seats)}: another buyer's hold of ${other.label} not timed (${why})`);
  }
  if (!mine || !other) ctx.report.note(name, `${k(ev.seats)}: no free seat element found near the centre for the click figures`);
  // Zoomed in, with the buyer's own seat and the other buyer's hold on screen.
  await page.waitForTimeout(300);
  if (shoot) out.shots.push(await screenshot(page, ev, "zoomed"));
  return out;
}

let commit = "worktree";

/** The short hash of HEAD when the run started (screenshot names), or "worktree". */
function currentCommit() {
  try {
    const dirty = execFileSync("git", ["-C", ROOT, "status", "--porcelain", "src"], { encoding: "utf8" }).trim() !== "";
    return execFileSync("git", ["-C", ROOT, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim() + (dirty ? "-dirty" : "");
  } catch {
    return "worktree";
  }
}

/** Saves a PNG of the map under bench/results/ (name carries the commit) and returns its path. */
async function screenshot(page, ev, what) {
  const dir = join(ROOT, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `sdk-${commit}-${k(ev.seats)}-${what}.png`);
  await page.screenshot({ path: file });
  return file;
}

const range = (values, unit = " ms") => {
  const v = values.filter(Number.isFinite);
  if (v.length === 0) return "n/a";
  const lo = Math.min(...v);
  const hi = Math.max(...v);
  const f = (x) => Math.round(x).toLocaleString("en-US");
  return lo === hi ? `${f(lo)}${unit}` : `${f(lo)}–${f(hi)}${unit}`;
};
const kib = (b) => `${Math.round(b / 1024).toLocaleString("en-US")} KiB`;

/** One row per figure: every size, the ratio of the largest to 1k, and the target judged at the largest. */
function report(ctx, sizes, results) {
  const big = sizes[sizes.length - 1];
  const small = sizes[0];
  const per = (fn, fmt) => sizes.map((s) => `${k(s)}: ${fmt(fn(results.get(s)))}`).join("; ");
  const med = (values) => median(values.filter(Number.isFinite));
  const ratioOf = (fn) => {
    const a = med([fn(results.get(big))].flat());
    const b = med([fn(results.get(small))].flat());
    return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? a / b : Number.NaN;
  };
  const ratioText = (fn) => {
    const r = ratioOf(fn);
    return Number.isFinite(r) ? `${k(big)}/${k(small)} ${r.toFixed(2)}x` : "n/a";
  };
  const rows = [
    {
      figure: "render() resolved, from navigation start: median (range of the loads)",
      target: "<= 1,000 ms and <= 5x 1k",
      fn: (r) => r.loads.map((l) => l.rendered),
      fmt: (v) => `${range([med(v)])} (${range(v)})`,
      met: (v, ratio) => med(v) <= 1000 && ratio <= 5,
    },
    {
      figure: "First paint of the map, from navigation start: median (range)",
      target: "<= 1,000 ms and <= 5x 1k",
      fn: (r) => r.loads.map((l) => l.painted),
      fmt: (v) => `${range([med(v)])} (${range(v)})`,
      met: (v, ratio) => med(v) <= 1000 && ratio <= 5,
    },
    {
      figure: "Longest main-thread task during load (long tasks API; none = < 50 ms)",
      target: "<= 200 ms",
      fn: (r) => r.loads.map((l) => l.longest),
      fmt: (v) => (Math.max(...v) === 0 ? "< 50 ms" : range(v)),
      met: (v) => Math.max(...v) <= 200,
    },
    { figure: "DOM elements after load", target: "(reported)", fn: (r) => r.loads.map((l) => l.elements), fmt: (v) => range(v, ""), met: null },
    {
      figure: "Page memory growth (PSS of the browser's processes, after GC)",
      target: "<= 120 MB",
      fn: (r) => r.loads.map((l) => l.memory),
      fmt: (v) => range(v, " MB"),
      met: (v) => med(v) <= 120,
    },
    {
      figure: "Data fetched for the first paint (API bodies, decoded)",
      target: "<= 2 MB",
      fn: (r) => r.loads.map((l) => l.bytes.objects + l.bytes.status + l.bytes.other),
      fmt: (v) => kib(med(v)),
      met: (v) => med(v) <= 2 * 1024 * 1024,
    },
    {
      figure: "  of which /objects | /status",
      target: "(reported)",
      fn: (r) => r.loads.map((l) => l.bytes.objects),
      fmt: (v) => kib(med(v)),
      met: null,
      extra: (r) => r.loads.map((l) => l.bytes.status),
    },
    {
      figure: "Server time (Server-Timing) of /objects | of the status read(s), per load",
      target: "/objects <= 20 ms warm",
      fn: (r) => r.loads.map((l) => l.server.objects.reduce((a, b) => a + b, 0)),
      fmt: (v) => range(v),
      met: (v) => Math.min(...v) <= 20,
      extra: (r) => r.loads.map((l) => l.server.status.reduce((a, b) => a + b, 0)),
      extraFmt: (v) => range(v),
    },
    {
      figure: "Live socket bytes in the 2 s after the first paint (the snapshot)",
      target: "no repeat of the first read",
      fn: (r) => r.loads.map((l) => l.bytes.socket),
      fmt: (v) => kib(med(v)),
      met: (v) => med(v) < 64 * 1024,
    },
    {
      figure: "Wheel zoom (14 notches in, 14 out): median frame | worst frame",
      target: "median <= 17 ms, worst <= 50 ms",
      fn: (r) => r.interactions.zoom,
      fmt: (v) => `${range([percentile(v, 50)])} | ${range([Math.max(...v)])}`,
      met: (v) => percentile(v, 50) <= 17 && Math.max(...v) <= 50,
      ratioFn: (r) => Math.max(...r.interactions.zoom),
    },
    {
      figure: "Drag (300 px in 30 moves, zoomed in): median frame | worst frame",
      target: "median <= 17 ms, worst <= 50 ms",
      fn: (r) => r.interactions.drag,
      fmt: (v) => `${range([percentile(v, 50)])} | ${range([Math.max(...v)])}`,
      met: (v) => percentile(v, 50) <= 17 && Math.max(...v) <= 50,
      ratioFn: (r) => Math.max(...r.interactions.drag),
    },
    {
      figure: "Drag start | end: longest frame right after pointerdown | pointerup",
      target: "no freeze (<= 50 ms)",
      fn: (r) => [r.interactions.dragStart, r.interactions.dragEnd],
      fmt: (v) => `${range([v[0]])} | ${range([v[1]])}`,
      met: (v) => Math.max(...v) <= 50,
    },
    {
      figure: "Own click: hold answer to the frame showing the seat selected",
      target: "<= 50 ms",
      fn: (r) => [r.interactions.ownClick],
      fmt: (v) => range(v),
      met: (v) => v[0] <= 50,
    },
    {
      figure: "Another buyer's hold: live message to the frame showing the seat held",
      target: "<= 50 ms",
      fn: (r) => [r.interactions.otherChange],
      fmt: (v) => range(v),
      met: (v) => v[0] <= 50,
    },
  ];
  for (const row of rows) {
    const ratioFn = row.ratioFn ?? row.fn;
    const ratio = ratioOf(ratioFn);
    const values = (row.fn(results.get(big)) ?? []).filter((x) => x !== undefined);
    let result = per(row.fn, row.fmt);
    if (row.extraFmt) result = sizes.map((s) => `${k(s)}: ${row.fmt(row.fn(results.get(s)))} | ${row.extraFmt(row.extra(results.get(s)))}`).join("; ");
    else if (row.extra) result = sizes.map((s) => `${k(s)}: ${kib(med(row.fn(results.get(s))))} | ${kib(med(row.extra(results.get(s))))}`).join("; ");
    ctx.report.add({
      scenario: name,
      figure: row.figure,
      target: row.target,
      result,
      met: row.met && values.length && values.every(Number.isFinite) ? row.met(values, ratio) : null,
      baseline: `the ${k(small)} map, same run`,
      ratio: ratioText(ratioFn),
    });
  }
  const shots = results.get(big)?.interactions.shots ?? [];
  if (shots.length) ctx.report.note(name, `screenshots of the ${k(big)} map: ${shots.map((s) => s.slice(ROOT.length + 1)).join(", ")}`);
}

/** The heaviest functions of a CDP CPU profile by self time, e.g. "drawMap 412 ms, (garbage collector) 80 ms, …". */
function topFunctions(profile, count = 12, window = null) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  // Sample times: startTime plus the running sum of timeDeltas (microseconds, the page's monotonic clock).
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (window && (t / 1000 < window[0] || t / 1000 > window[1])) return;
    const n = byNode.get(id);
    const f = n.callFrame;
    const key = `${f.functionName || "(anonymous)"}${f.url ? ` ${f.url.split("/").pop()}:${f.lineNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, t]) => `${key} ${Math.round(t)} ms`)
    .join(", ");
}
