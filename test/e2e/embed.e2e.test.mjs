/**
 * Embedding from another origin, as an integrator's ticketing site would (docs/sdk.md): the page is
 * served by a separate local HTTP server, loads the SDK from the service's origin, and lets the SDK
 * default its API origin to where the script came from. Both builds: classic script and ES module.
 * The parts of the SDK a chart loads only when it needs them (the waiting room's queue screen here)
 * come from the same origin and version as the bundle, through CORS, in both builds. And the
 * integrator's worst mistake, a secret key in the page: refused before any request.
 */
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { useBrowser, waitForStatus, watchErrors } from "./browser.mjs";
import { Api } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const browser = useBrowser();
let site;
let siteUrl;

const options = (eventKey) => `{
  divId: "seating", publicKey: ${JSON.stringify(e2e.publicKey)}, event: ${JSON.stringify(eventKey)}, maxSelectedObjects: 4,
  onObjectSelected(o) { window.selected.push(o.objectLabel); },
  onObjectDeselected() {}, onHoldFailed() {}, onHoldTokenExpired() {},
}`;

const PAGES = {
  "/classic": (ev) => `<!doctype html><div id="seating" style="height:500px"></div>
<script src="${e2e.baseUrl}/sdk/v5.11.0/seating.js"></script>
<script>
  window.selected = [];
  const chart = new Seating.SeatingChart(${options(ev)});
  window.chart = chart;
  chart.render().then(() => { document.body.dataset.rendered = "true"; }, (e) => { document.body.dataset.rendered = "error:" + e.message; });
</script>`,
  "/module": (ev) => `<!doctype html><div id="seating" style="height:500px"></div>
<script type="module">
  import { SeatingChart } from "${e2e.baseUrl}/sdk/latest/seating.mjs";
  window.selected = [];
  const chart = new SeatingChart(${options(ev)});
  window.chart = chart;
  chart.render().then(() => { document.body.dataset.rendered = "true"; }, (e) => { document.body.dataset.rendered = "error:" + e.message; });
</script>`,
  // An integrator's mistake: the secret key in the page. Whatever the constructor throws is shown.
  "/secret-key": (ev, build) => `<!doctype html><div id="seating" style="height:500px"></div>
<script type="module">
  const { SeatingChart } = ${build === "module" ? `await import("${e2e.baseUrl}/sdk/latest/seating.mjs")` : "window.Seating"};
  try {
    await new SeatingChart({ divId: "seating", publicKey: ${JSON.stringify(e2e.secretKey)}, event: ${JSON.stringify(ev)} }).render();
    document.body.dataset.refused = "no";
  } catch (e) {
    document.body.dataset.refused = e.message;
  }
</script>${build === "module" ? "" : `<script src="${e2e.baseUrl}/sdk/v5.11.0/seating.js"></script>`}`,
};

beforeAll(async () => {
  site = createServer((req, res) => {
    const url = new URL(req.url, "http://site");
    const page = PAGES[url.pathname];
    res.writeHead(page ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    res.end(page ? page(url.searchParams.get("event"), url.searchParams.get("build")) : "not found");
  });
  await new Promise((r) => site.listen(0, "127.0.0.1", r));
  // "localhost" vs the service's "127.0.0.1": a different origin, and still a secure context.
  siteUrl = `http://localhost:${site.address().port}`;
});

afterAll(async () => {
  await new Promise((r) => site?.close(r));
});

describe("embedding on another origin", () => {
  for (const kind of ["/classic", "/module"]) {
    it(`${kind}: renders, holds through CORS and goes live over the socket`, async () => {
      const ev = await api.newEvent();
      const context = await browser().newContext();
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(`${siteUrl}${kind}?event=${ev}`);
      await page.waitForSelector("body[data-rendered]");
      expect(await page.getAttribute("body", "data-rendered")).toBe("true");
      expect(new URL(page.url()).origin).not.toBe(e2e.baseUrl);
      await page.locator('[data-object-label="A-2-6"]').click();
      await waitForStatus(page, "A-2-6", "selected");
      const token = await page.evaluate(() => window.chart.holdToken);
      expect((await api.status(ev, token)).get("A-2-6")).toMatchObject({ status: "held", mine: true });
      await page.waitForFunction(() => window.chart.liveMode === "socket", null, { timeout: 10_000 });
      await api.call("POST", `/api/v1/events/${ev}/seats/hold`, { objectLabels: ["A-2-7"], holdToken: "other-buyer-token" }, e2e.publicKey);
      await waitForStatus(page, "A-2-7", "held", 2000);
      expect(await page.evaluate(() => window.selected)).toEqual(["A-2-6"]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("a part of the SDK loaded on demand", () => {
  for (const kind of ["/classic", "/module"]) {
    it(`${kind}: the queue screen comes from the bundle's origin at its version, and the buyer is admitted`, async () => {
      const ev = await api.newEvent();
      await api.call("PUT", `/api/v1/events/${ev}/waiting-room`, {
        enabled: true,
        opensAt: new Date(Date.now() + 3000).toISOString(),
        admitPerMinute: 600,
        sessionMinutes: 10,
      });
      const context = await browser().newContext();
      const page = await context.newPage();
      const errors = watchErrors(page);
      const parts = [];
      page.on("requestfinished", async (r) => {
        if (r.url().endsWith(".mjs") && !r.url().endsWith("/seating.mjs")) parts.push([r.url(), (await r.response())?.status()]);
      });
      await page.goto(`${siteUrl}${kind}?event=${ev}`);
      await page.getByRole("heading", { name: "Waiting room" }).waitFor({ timeout: 10_000 });
      // Even the module build loaded from `latest` asks for the part at its own version.
      expect(parts).toEqual([[`${e2e.baseUrl}/sdk/v5.11.0/queue-screen.mjs`, 200]]);
      await page.waitForSelector("body[data-rendered]", { timeout: 30_000 });
      expect(await page.getAttribute("body", "data-rendered")).toBe("true");
      await page.locator('[data-object-label="A-2-6"]').click();
      await waitForStatus(page, "A-2-6", "selected");
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
  }
});

describe("a secret key in the page", () => {
  for (const build of ["classic", "module"]) {
    it(`${build}: the constructor refuses it with a clear message before any request`, async () => {
      const ev = await api.newEvent();
      const context = await browser().newContext();
      const page = await context.newPage();
      const requests = [];
      page.on("request", (r) => requests.push(r.url()));
      await page.goto(`${siteUrl}/secret-key?event=${ev}&build=${build}`);
      await page.waitForSelector("body[data-refused]");
      expect(await page.getAttribute("body", "data-refused")).toBe(
        "SeatingChart was given a secret key (sk_…): use your publishable key (pk_…); a secret key must never reach a browser.",
      );
      // The page and the SDK bundle, nothing else: no API call, no socket, the key sent nowhere.
      expect(requests.filter((u) => !u.startsWith(siteUrl) && !u.includes("/sdk/"))).toEqual([]);
      expect(requests.some((u) => u.includes(e2e.secretKey))).toBe(false);
      await context.close();
    });
  }
});
