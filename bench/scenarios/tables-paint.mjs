/**
 * Tables on the buyer's map (docs/tables.md): a 100,000-object chart with 5,000 tables (each with
 * its 10 seats, 55,000 objects, beside 45,000 seats in rows) against the same 100,000 objects as
 * seats in rows only, each drawn by the SDK in headless Chromium from a host page on another
 * origin, as the sdk scenario draws its maps. Per chart, `rounds` page loads (after one uncounted
 * warm-up): render() resolved and first paint (from navigation start), the longest main-thread
 * task and the DOM elements; then a full-view repaint timed by a wheel zoom of 10 notches in and
 * out (frame intervals). TABLES_PAINT_ROUNDS=n loads each chart n times; TABLES_PAINT_PAIRS=n adds
 * the median ratio of n side-by-side pairs of loads (see pairedRatio). TABLES_PAINT_PROFILE,
 * TABLES_PAINT_ALLOCATIONS and TABLES_PAINT_TRACE (each a directory) keep what each load spent.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { launchChromium, startHostPage } from "../lib/browser.mjs";
import { galaLayout } from "../lib/gala.mjs";
import { seatLayout } from "../lib/layouts.mjs";
import { command } from "../lib/scenario.mjs";
import { median } from "../lib/stats.mjs";

export const name = "tables-paint";
const VIEWPORT = { width: 1280, height: 860 };

/** The two charts: 100,000 seats in rows; 45,000 seats in rows and 5,000 tables of 10. */
function charts() {
  const rows = seatLayout(100_000).layout;
  const mixed = seatLayout(45_000).layout;
  const gala = galaLayout(5_000, 10).layout;
  mixed.categories = [...mixed.categories, ...gala.categories];
  // The gala's sections are keyed S0, S1 … as the rows' are: renamed so the keys stay unique.
  mixed.sections = [...mixed.sections, ...gala.sections.map((g) => ({ ...g, key: `G${g.key}` }))];
  return [
    ["rows only", rows],
    ["5,000 tables", mixed],
  ];
}

/** What TABLES_PAINT_TRACE records: the main thread's tasks, V8's work in them (GC, compiling, parsing) and the frames. */
const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.execute", "disabled-by-default-v8.gc", "blink", "loading"];

async function load(browser, host, keys, eventKey) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  // What the first paint waited for: the bytes and the server time (Server-Timing) of /objects and /status.
  const reads = { bytes: 0, server: 0 };
  page.on("response", async (res) => {
    const url = res.url();
    if (!url.includes("/api/v1/") || res.request().method() === "OPTIONS" || !/\/(objects|status)/.test(url)) return;
    reads.server += Number(/app;dur=([\d.]+)/.exec(res.headers()["server-timing"] ?? "")?.[1]) || 0;
    reads.bytes += (await res.body().catch(() => Buffer.alloc(0))).length;
  });
  // TABLES_PAINT_PROFILE=dir keeps a CPU profile of each load (DevTools' .cpuprofile), to see where the first paint goes.
  const profileDir = process.env.TABLES_PAINT_PROFILE;
  const allocDir = process.env.TABLES_PAINT_ALLOCATIONS;
  const cdp = profileDir || allocDir ? await context.newCDPSession(page) : null;
  // TABLES_PAINT_ALLOCATIONS=dir keeps V8's allocation samples of each load (DevTools' .heapprofile): where the garbage comes from.
  if (cdp && allocDir) {
    await cdp.send("HeapProfiler.enable");
    await cdp.send("HeapProfiler.startSampling", { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  }
  if (cdp && profileDir) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
  }
  // TABLES_PAINT_TRACE=dir keeps a Chromium trace of each load (DevTools' Performance panel reads it): the main thread's parsing, GC, compiling and painting, which a CPU profile lumps together.
  const traceDir = process.env.TABLES_PAINT_TRACE;
  if (traceDir) {
    mkdirSync(traceDir, { recursive: true });
    await browser.startTracing(page, { path: join(traceDir, `${eventKey}-${Date.now()}.json`), categories: TRACE_CATEGORIES });
  }
  await page.goto(`${host.url}/map?${new URLSearchParams({ key: keys.pk, event: eventKey })}`);
  await page.waitForFunction(() => window.__bench.painted !== undefined || window.__bench.error !== undefined, null, { timeout: 180_000, polling: 50 });
  if (traceDir) await browser.stopTracing();
  if (cdp && allocDir) {
    const { profile } = await cdp.send("HeapProfiler.stopSampling");
    mkdirSync(allocDir, { recursive: true });
    writeFileSync(join(allocDir, `${eventKey}-${Date.now()}.heapprofile`), JSON.stringify(profile));
  }
  if (cdp && profileDir) {
    const { profile } = await cdp.send("Profiler.stop");
    mkdirSync(profileDir, { recursive: true });
    writeFileSync(join(profileDir, `${eventKey}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
  const f = await page.evaluate(() => ({
    error: window.__bench.error ?? null,
    rendered: window.__bench.rendered,
    painted: window.__bench.painted,
    longest: window.__bench.longTasks.reduce((m, t) => Math.max(m, t.duration), 0),
    elements: document.getElementsByTagName("*").length,
  }));
  if (f.error) throw new Error(`the map did not render: ${f.error}`);
  return { context, page, figures: { ...f, ...reads } };
}

/**
 * TABLES_PAINT_PAIRS=n: n pairs of loads, rows only then tables, each pair's ratio of first paints
 * and their median. On a machine shared with other work the load moves within a run; two loads
 * side by side see about the same load, so their ratio moves less than the two charts' medians do.
 */
async function pairedRatio(browser, host, keys, events, pairs) {
  const ratios = [];
  for (let i = 0; i < pairs; i++) {
    const painted = [];
    for (const ev of events) {
      const l = await load(browser, host, keys, ev.eventKey);
      await l.context.close();
      painted.push(l.figures.painted);
    }
    ratios.push(painted[1] / painted[0]);
  }
  return `first paint, tables ÷ rows only, ${pairs} pairs of loads: median ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)})`;
}

/** Frame intervals of a wheel zoom at the stage centre: 10 notches in, 10 out. */
async function zoomFrames(page) {
  const box = await page.locator(".seating-stage").boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.evaluate(() => window.__bench.recordFrames());
  for (const dy of [...Array(10).fill(-100), ...Array(10).fill(100)]) {
    await page.mouse.wheel(0, dy);
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(400);
  const frames = await page.evaluate(() => window.__bench.stopFrames());
  const out = [];
  for (let i = 1; i < frames.length; i++) out.push(frames[i] - frames[i - 1]);
  return out;
}

export async function run(ctx) {
  const api = ctx.api;
  const rounds = Number(process.env.TABLES_PAINT_ROUNDS) || (ctx.opts.quick ? 2 : 3);
  const keys = await api.workspace("Bench tables paint");
  const events = [];
  for (const [what, layout] of charts()) {
    ctx.log(`  tables-paint: chart of 100,000 objects, ${what}…`);
    const chartKey = await api.publishedChart(keys, layout, `Bench paint ${what}`);
    events.push({ what, eventKey: await api.event(keys, chartKey) });
  }
  await ctx.settle();
  const host = await startHostPage(ctx.baseUrl);
  const browser = await launchChromium();
  const results = [];
  try {
    await (await load(browser, host, keys, events[0].eventKey)).context.close();
    if (Number(process.env.TABLES_PAINT_PAIRS) > 0)
      ctx.log(`  tables-paint: ${await pairedRatio(browser, host, keys, events, Number(process.env.TABLES_PAINT_PAIRS))}`);
    for (const ev of events) {
      const loads = [];
      let last = null;
      for (let r = 0; r < rounds; r++) {
        await last?.context.close();
        last = await load(browser, host, keys, ev.eventKey);
        loads.push(last.figures);
      }
      const frames = await zoomFrames(last.page);
      await last.context.close();
      results.push({ ...ev, loads, frames });
    }
  } finally {
    await browser.close();
    await host.close();
  }
  const [rows, tables] = results;
  const first = (r) => median(r.loads.map((l) => l.painted));
  const frame = (r) => median(r.frames);
  const worst = (r) => Math.max(...r.frames);
  const ratio = first(tables) / first(rows);
  const range = (r) => `${Math.round(Math.min(...r.loads.map((l) => l.painted)))}–${Math.round(Math.max(...r.loads.map((l) => l.painted)))}`;
  ctx.report.add({
    scenario: name,
    figure:
      "First paint of a 100,000-object chart with 5,000 tables (45,000 seats in rows, 5,000 tables of 10) against 100,000 seats in rows only, headless Chromium",
    target: "<= 1.2× the rows-only chart",
    result: `median ${Math.round(first(tables))} ms (${range(tables)}) against ${Math.round(first(rows))} ms (${range(rows)}); render() ${Math.round(median(tables.loads.map((l) => l.rendered)))} against ${Math.round(median(rows.loads.map((l) => l.rendered)))} ms; longest task ${Math.round(median(tables.loads.map((l) => l.longest)))} against ${Math.round(median(rows.loads.map((l) => l.longest)))} ms; DOM elements ${tables.loads[0].elements} against ${rows.loads[0].elements}; /objects and /status ${Math.round(median(tables.loads.map((l) => l.bytes)) / 1024)} against ${Math.round(median(rows.loads.map((l) => l.bytes)) / 1024)} KiB, server time ${Math.round(median(tables.loads.map((l) => l.server)))} against ${Math.round(median(rows.loads.map((l) => l.server)))} ms`,
    met: ratio <= 1.2,
    baseline: `rows only: first paint median ${Math.round(first(rows))} ms`,
    ratio: `${ratio.toFixed(2)}×`,
    command: command(name),
  });
  ctx.report.add({
    scenario: name,
    figure: "Wheel zoom over the whole map (10 notches in, 10 out): frame intervals, 5,000 tables against rows only",
    target: "<= 1.2× the rows-only chart",
    result: `median ${Math.round(frame(tables))} ms, worst ${Math.round(worst(tables))} ms against median ${Math.round(frame(rows))} ms, worst ${Math.round(worst(rows))} ms`,
    met: frame(tables) <= 1.2 * frame(rows),
    baseline: `rows only: median frame ${Math.round(frame(rows))} ms`,
    ratio: `${(frame(tables) / Math.max(1, frame(rows))).toFixed(2)}×`,
    command: command(name),
  });
}
