/**
 * The dashboard in a real browser (docs/dashboard.md), walked the way a person with a screen reader
 * finds things: by role and accessible name. One workspace of its own, signed in by a one-time link;
 * every page is checked with axe-core (no serious or critical violation) and photographed into
 * test-results/.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { eventually, screenshot, seriousViolations, useBrowser, waitForStatus, waitForText, watchErrors } from "./browser.mjs";
import { apiCall, demoLayout, newWorkspace, signatureValid, signInLink, startReceiver } from "./service.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
let context;
let page;
let ws;
let receiver;
let errors;
/** Every dashboard page visited, for the secrets scan at the end. */
const visited = new Set();

const CHART_KEY = "dash-hall";
const EVENT_KEY = "dash-gala";

/** Opens a dashboard path and waits for the page's module to run. */
async function open(path) {
  const res = await page.goto(e2e.baseUrl + path);
  await page.waitForSelector("body[data-ready]");
  visited.add(path);
  return res;
}

/** axe on the current page, then a full-page screenshot. */
async function checkPage(name) {
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
  await screenshot(page, `dashboard-${name}`);
}

const notice = () => page.locator("#notice");

beforeAll(async () => {
  ws = await newWorkspace(e2e, "Dashboard E2E workspace");
  receiver = await startReceiver();
  context = await browser().newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  errors = watchErrors(page, { console: true });
  // Destructive buttons ask first; the person says yes.
  page.on("dialog", (dialog) => dialog.accept());
});

afterAll(async () => {
  await receiver?.close();
});

describe("the dashboard", () => {
  it("without a session shows the sign-in page (401) explaining how to get a link", async () => {
    const res = await page.goto(`${e2e.baseUrl}/dashboard/production/keys`);
    expect(res.status()).toBe(401);
    await page.getByRole("heading", { name: "Sign in to the dashboard" }).waitFor();
    await page.getByRole("heading", { name: "How to get a sign-in link" }).waitFor();
    await checkPage("sign-in");
  });

  it("signs in by a one-time link and its Continue button; the link does not work twice", async () => {
    const link = await signInLink(e2e, ws.workspaceKey);
    // Opening the link spends nothing: a page says whom it signs in, and Continue does it.
    const opened = await page.goto(link.url);
    expect(opened.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "Sign in to Dashboard E2E workspace" }).waitFor();
    await checkPage("continue");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/sandbox/events");
    await page.waitForSelector("body[data-ready]");
    // The sandbox first: where npm run dev's demo page holds its seats.
    expect(new URL(page.url()).pathname).toBe("/dashboard/sandbox/events");
    await page.getByRole("heading", { level: 1, name: "Events" }).waitFor();
    const [cookie] = (await context.cookies()).filter((c) => c.name === "dashboard_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/dashboard", secure: false });
    expect(cookie.expires * 1000 - Date.now()).toBeLessThanOrEqual(12 * 3600 * 1000);
    // The same link in another browser: spent.
    const other = await browser().newContext();
    const again = await (await other.newPage()).goto(link.url);
    expect(again.status()).toBe(401);
    await other.close();
  });

  it("has the navigation, the environment switch and sign out, by role and name", async () => {
    for (const name of ["Keys", "Charts", "Events", "Webhooks"]) await page.getByRole("navigation").getByRole("link", { name, exact: true }).waitFor();
    const environment = page.getByRole("combobox", { name: "Environment" });
    expect(await environment.locator("option").allTextContents()).toEqual(["Production", "Sandbox"]);
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    await environment.selectOption({ label: "Sandbox" });
    await page.getByRole("button", { name: "Switch" }).click();
    await page.waitForURL("**/dashboard/sandbox/events");
    await page.waitForSelector("body[data-ready]");
    expect(await page.locator(".sandbox-banner").textContent()).toContain("Sandbox");
    expect(await page.title()).toContain("Sandbox");
    await checkPage("events-empty");
  });

  it("keys: shows both publishable keys, creates then rotates a secret key shown once; the old one fails", async () => {
    await open("/dashboard/production/keys");
    await page.getByRole("link", { name: "Keys", exact: true }).waitFor();
    expect(await page.getByLabel("Production publishable key", { exact: true }).inputValue()).toBe(ws.pkLive);
    expect(await page.getByLabel("Sandbox publishable key", { exact: true }).inputValue()).toBe(ws.pkTest);
    expect(await page.getByText("This environment has no secret key yet").count()).toBe(1);
    await checkPage("keys");

    await page.getByRole("button", { name: "Create secret key" }).click();
    const shown = page.getByLabel("New secret key");
    await eventually(async () => (await shown.inputValue()).startsWith("sk_live_"), { what: "the new key" });
    const first = await shown.inputValue();
    expect((await apiCall(e2e, first, "GET", "/api/v1/charts")).status).toBe(200);
    await page.getByRole("button", { name: "Rotate secret key" }).waitFor();
    await screenshot(page, "dashboard-keys-created");

    await page.getByRole("button", { name: "Rotate secret key" }).click();
    await eventually(async () => (await shown.inputValue()) !== first, { what: "the rotated key" });
    const second = await shown.inputValue();
    expect(second).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect((await apiCall(e2e, first, "GET", "/api/v1/charts")).status).toBe(401);
    expect((await apiCall(e2e, second, "GET", "/api/v1/charts")).status).toBe(200);
    // Shown once: a reload of the page holds neither key.
    await open("/dashboard/production/keys");
    const html = await page.content();
    expect(html).not.toContain(first);
    expect(html).not.toContain(second);
    expect(await page.getByText(/A secret key exists, issued/).count()).toBe(1);
  });

  it("charts: creates a chart, replaces its draft and publishes it from the page", async () => {
    await open("/dashboard/sandbox/charts");
    await checkPage("charts-empty");
    await page.getByLabel("Name", { exact: true }).fill("Dashboard hall");
    await page.getByLabel("Chart key (optional)").fill(CHART_KEY);
    await page.getByRole("button", { name: "Create chart" }).click();
    await page.waitForURL(`**/dashboard/sandbox/charts/${CHART_KEY}`);
    await page.waitForSelector("body[data-ready]");
    visited.add(`/dashboard/sandbox/charts/${CHART_KEY}`);
    await page.getByRole("heading", { level: 1, name: "Dashboard hall" }).waitFor();

    // A mistake first: the error summary links to the field.
    await page.getByLabel("Draft layout (JSON)").fill("{ not json");
    await page.getByRole("button", { name: "Replace draft" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await summary.waitFor();
    await summary.getByRole("link", { name: /Draft layout \(JSON\) is not valid JSON/ }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("draft-json");
    await checkPage("chart-error");

    await page.getByLabel("Draft layout (JSON)").fill(JSON.stringify(demoLayout()));
    await page.getByRole("button", { name: "Replace draft" }).click();
    await waitForText(notice(), /Draft replaced/);
    await page.getByRole("img", { name: /^Draft layout: 52 seats in 2 sections/ }).waitFor();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await waitForText(notice(), /published/);
    await page.getByText("version 2 is published").waitFor();
    const chart = await apiCall(e2e, ws.skTest, "GET", `/api/v1/charts/${CHART_KEY}`);
    expect(chart.body).toMatchObject({ draftVersion: 2, publishedVersion: 2 });
    await checkPage("chart");
  });

  it("events: creates an event; its live map shows a hold made through the API within a second", async () => {
    await open("/dashboard/sandbox/events");
    await page.getByLabel("Chart", { exact: true }).selectOption(CHART_KEY);
    await page.getByLabel("Event key (optional)").fill(EVENT_KEY);
    await page.getByRole("button", { name: "Create event" }).click();
    await page.waitForURL(`**/dashboard/sandbox/events/${EVENT_KEY}`);
    await page.waitForSelector("body[data-map-ready]", { timeout: 20_000 });
    visited.add(`/dashboard/sandbox/events/${EVENT_KEY}`);
    await page.getByRole("group", { name: `Seat map of ${EVENT_KEY}` }).waitFor();
    // Give the map's live socket a moment to open, as a person would have.
    await page.waitForFunction(() => document.querySelectorAll("[data-object-label]").length === 53);
    await new Promise((r) => setTimeout(r, 500));
    const held = await apiCall(e2e, ws.pkTest, "POST", `/api/v1/events/${EVENT_KEY}/seats/hold`, { objectLabels: ["B-1-1"], holdToken: "api-buyer-0001" });
    expect(held.status).toBe(200);
    const ms = await waitForStatus(page, "B-1-1", "held", 1000);
    console.log(`dashboard live map: a hold through the API showed after ${ms} ms`);
    expect(ms).toBeLessThan(1000);
  });

  it("box office: books seats selected on the map with an order id, visible through the API", async () => {
    // By pointer and by keyboard: a click and Enter on a focused seat both select.
    await page.getByRole("button", { name: /^Seat A-2-3,/ }).click();
    await page.getByRole("button", { name: /^Seat A-2-4,/ }).focus();
    await page.keyboard.press("Enter");
    expect(await page.getByLabel("Selected seats and areas").inputValue()).toBe("A-2-3\nA-2-4");
    expect(await page.locator('[data-box-office="selected"]').count()).toBe(2);
    // Selecting holds nothing: the seats stay free until the booking.
    expect(await page.locator('[data-object-label="A-2-3"]').getAttribute("data-status")).toBe("free");
    await page.getByLabel("Order id", { exact: true }).fill("order-7781");
    await checkPage("event");
    await page.getByRole("button", { name: "Book", exact: true }).click();
    await waitForText(notice(), /Booked A-2-3, A-2-4 under order order-7781/);
    expect(await page.getByLabel("Selected seats and areas").inputValue()).toBe("");
    const status = await apiCall(e2e, ws.skTest, "GET", `/api/v1/events/${EVENT_KEY}/status?labels=A-2-3,A-2-4`);
    expect(status.body.objects.map((o) => [o.objectLabel, o.status, o.orderId])).toEqual([
      ["A-2-3", "booked", "order-7781"],
      ["A-2-4", "booked", "order-7781"],
    ]);
    await waitForStatus(page, "A-2-3", "booked", 2000);
    // The counts follow (the Booked column of "By status").
    await waitForText(page.locator("#counts"), /Booked/);
    await eventually(async () => (await page.locator("#counts table").first().locator("td").nth(2).textContent()) === "2", { what: "2 booked in the counts" });

    // A seat someone holds cannot be booked: the refusal is summarised with its reason.
    await page.getByLabel("Selected seats and areas").fill("B-1-1");
    await page.getByLabel("Order id", { exact: true }).fill("order-7782");
    await page.getByRole("button", { name: "Book", exact: true }).click();
    await waitForText(page.getByRole("alert").filter({ hasText: "There is a problem" }), /B-1-1 is held/);

    // Not for sale and back, then the whole order released.
    await page.getByLabel("Selected seats and areas").fill("B-3-8");
    await page.getByRole("button", { name: "Mark not for sale" }).click();
    await waitForStatus(page, "B-3-8", "not_for_sale", 3000);
    await page.getByLabel("Selected seats and areas").fill("B-3-8");
    await page.getByRole("button", { name: "Mark for sale" }).click();
    await waitForStatus(page, "B-3-8", "free", 3000);
    await page.getByLabel("Order id to release").fill("order-7781");
    await page.getByRole("button", { name: "Release order" }).click();
    await waitForText(notice(), /Order order-7781 released/);
    await waitForStatus(page, "A-2-3", "free", 3000);
    const history = await apiCall(e2e, ws.skTest, "GET", `/api/v1/events/${EVENT_KEY}/status-changes?orderId=order-7781`);
    expect(history.body.items.map((i) => i.cause)).toEqual(["book", "book", "release", "release"]);
    // Sales over time is drawn from that history.
    await page.getByRole("img", { name: /^Sales over time:/ }).waitFor();
    await screenshot(page, "dashboard-event-after");
  });

  it("selection rules: set on the event page, enforced on a buyer's hold through the API, cleared again", async () => {
    await open(`/dashboard/sandbox/events/${EVENT_KEY}`);
    const form = page.getByRole("form", { name: "Selection rules" });
    await form.getByLabel("Seats per order", { exact: true }).fill("2");
    await form.getByRole("group", { name: "Seats per order in a category" }).getByLabel("vip").fill("1");
    await form.getByLabel("Single seats left alone in a row").selectOption({ label: "Refused" });
    await form.getByLabel("Seats held at once per buyer address").fill("6");
    await form.getByRole("button", { name: "Save rules" }).click();
    await waitForText(notice(), /Selection rules saved/);
    const rules = { maxSeatsPerToken: 2, maxSeatsPerCategory: { vip: 1 }, noOrphanSeats: true, maxHeldSeatsPerClient: 6 };
    expect((await apiCall(e2e, ws.pkTest, "GET", `/api/v1/events/${EVENT_KEY}/selection-rules`)).body).toEqual(rules);
    // The page shows what is stored after the reload.
    expect(await page.getByRole("form", { name: "Selection rules" }).getByLabel("Seats per order", { exact: true }).inputValue()).toBe("2");
    await checkPage("event-rules");
    const refused = await apiCall(e2e, ws.pkTest, "POST", `/api/v1/events/${EVENT_KEY}/seats/hold`, {
      objectLabels: ["A-1-1", "A-1-2"],
      holdToken: "dash-rules-buyer",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("selection_rule_violated");
    expect(refused.body.failed.map((f) => f.reason)).toContain("max_seats_per_category");
    // Empty fields clear every rule.
    const cleared = page.getByRole("form", { name: "Selection rules" });
    for (const name of ["Seats per order", "Seats held at once per buyer address"]) await cleared.getByLabel(name, { exact: true }).fill("");
    await cleared.getByRole("group", { name: "Seats per order in a category" }).getByLabel("vip").fill("");
    await cleared.getByLabel("Single seats left alone in a row").selectOption({ label: "Allowed" });
    await cleared.getByRole("button", { name: "Save rules" }).click();
    await waitForText(notice(), /Selection rules saved/);
    expect((await apiCall(e2e, ws.pkTest, "GET", `/api/v1/events/${EVENT_KEY}/selection-rules`)).body).toEqual({});
  });

  it("charts: the publish check lists the held seat a new draft would remove first; Publish is refused, Publish anyway forces", async () => {
    await open(`/dashboard/sandbox/charts/${CHART_KEY}`);
    const layout = demoLayout();
    layout.sections[1].rows[0].seats.shift(); // B-1-1, which a buyer holds on the event
    await page.getByLabel("Draft layout (JSON)").fill(JSON.stringify(layout));
    await page.getByRole("button", { name: "Replace draft" }).click();
    await waitForText(notice(), /Draft replaced/);
    const affected = page.getByRole("table", { name: "Held or booked seats and areas the draft affects" });
    await affected.waitFor();
    const cells = await affected.getByRole("row").nth(1).getByRole("cell").allTextContents();
    expect(cells).toEqual([EVENT_KEY, "sandbox", "B-1-1", "Removed from the layout", "0", "1"]);
    await page.getByRole("img", { name: /^Draft layout: 51 seats/ }).waitFor();
    await page.getByRole("img", { name: /^Published layout: 52 seats/ }).waitFor();
    await checkPage("chart-affected");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await waitForText(
      page.getByRole("alert").filter({ hasText: "There is a problem" }),
      /Event dash-gala \(sandbox\): B-1-1 would be removed: 0 booked, 1 held/,
    );
    expect((await apiCall(e2e, ws.skTest, "GET", `/api/v1/charts/${CHART_KEY}`)).body.publishedVersion).toBe(2);
    await page.getByRole("button", { name: "Publish anyway" }).click();
    await waitForText(notice(), /published \(forced\)/);
    expect((await apiCall(e2e, ws.skTest, "GET", `/api/v1/charts/${CHART_KEY}`)).body).toMatchObject({ draftVersion: 3, publishedVersion: 3 });
    // The hold survives a forced publish, as docs/charts.md#publishing says.
    const status = await apiCall(e2e, ws.skTest, "GET", `/api/v1/events/${EVENT_KEY}/status?labels=B-1-1`);
    expect(status.body.objects[0]).toMatchObject({ objectLabel: "B-1-1", status: "held" });
  });

  it("webhooks: adds an endpoint (secret shown once), sends a test to a loopback receiver, replays it", async () => {
    await open("/dashboard/sandbox/webhooks");
    await checkPage("webhooks-empty");
    await page.getByLabel("URL", { exact: true }).fill(receiver.url);
    await page.getByLabel("Description (optional)").fill("Loopback receiver");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const secretField = page.getByLabel("Signing secret");
    await eventually(async () => (await secretField.inputValue()).startsWith("whsec_"), { what: "the signing secret" });
    const secret = await secretField.inputValue();
    await page.getByRole("link", { name: "Go to the new endpoint" }).click();
    await page.waitForURL("**/dashboard/sandbox/webhooks/wh_*");
    await page.waitForSelector("body[data-ready]");
    visited.add(new URL(page.url()).pathname);
    expect(await page.content()).not.toContain(secret);

    await page.getByRole("button", { name: "Send test" }).click();
    const test = await eventually(() => receiver.received.find((d) => d.json?.type === "webhook.test"), { timeout: 20_000, what: "the test delivery" });
    expect(signatureValid(test, secret)).toBe(true);
    expect(test.json.livemode).toBe(false);
    // The log shows it delivered, with its attempt count and status code.
    const log = page.locator("#delivery-log");
    await waitForText(log, /Succeeded/, 15_000);
    const row = log.getByRole("row").filter({ hasText: "webhook.test" });
    expect(await row.getByRole("cell").nth(3).textContent()).toBe("1");
    expect(await row.getByRole("cell").nth(4).textContent()).toBe("200");
    await checkPage("webhook");

    const before = receiver.received.length;
    await row.getByRole("button", { name: "Replay" }).click();
    const replayed = await eventually(() => receiver.received.slice(before).find((d) => d.json?.type === "webhook.test"), {
      timeout: 20_000,
      what: "the replayed delivery",
    });
    expect(replayed.json.id).toBe(test.json.id);
    expect(replayed.body).toBe(test.body);
    await eventually(async () => (await log.getByRole("row").filter({ hasText: "webhook.test" }).getByRole("cell").nth(3).textContent()) === "2", {
      timeout: 15_000,
      what: "two attempts in the log",
    });

    // Editing: an emptied description is cleared, not kept.
    const edit = page.getByRole("form", { name: "Edit the endpoint" });
    await edit.getByLabel("Description", { exact: true }).fill("");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await waitForText(notice(), /Endpoint saved/);
    const endpointId = new URL(page.url()).pathname.split("/").pop();
    expect((await apiCall(e2e, ws.skTest, "GET", `/api/v1/webhooks/${endpointId}`)).body.description).toBe("");

    // The delivery's own page lists every attempt.
    await page
      .locator("#delivery-log")
      .getByRole("link", { name: /webhook\.test/ })
      .click();
    await page.waitForSelector("body[data-ready]");
    visited.add(new URL(page.url()).pathname);
    await page.getByRole("heading", { name: "Attempts" }).waitFor();
    expect(await page.getByRole("row").count()).toBe(3);
    await checkPage("delivery");
  });

  it("no page, script or data answer carries a secret key", async () => {
    const pages = [...visited, "/dashboard/production/keys", "/dashboard/sandbox/keys", "/dashboard/production/events", "/dashboard/sandbox/charts"];
    const scripts = new Set();
    for (const path of pages) {
      const res = await context.request.get(e2e.baseUrl + path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, path).not.toMatch(/sk_(live|test)_|whsec_/);
      for (const m of html.matchAll(/(?:src|href)="(\/(?:dashboard\/assets|sdk)\/[^"]+)"/g)) scripts.add(m[1]);
    }
    expect(scripts.size).toBeGreaterThanOrEqual(3);
    for (const src of scripts) expect(await (await context.request.get(e2e.baseUrl + src)).text(), src).not.toMatch(/sk_(live|test)_|whsec_/);
    for (const path of ["/dashboard/api/charts", "/dashboard/api/sandbox/events", "/dashboard/api/sandbox/webhooks"]) {
      expect(await (await context.request.get(e2e.baseUrl + path)).text(), path).not.toMatch(/sk_(live|test)_|whsec_/);
    }
  });

  it("sign out ends the session: the pages answer the sign-in page again", async () => {
    await open("/dashboard/sandbox/events");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/dashboard/signed-out");
    await page.getByRole("heading", { name: "You have signed out" }).waitFor();
    await checkPage("signed-out");
    const res = await page.goto(`${e2e.baseUrl}/dashboard/sandbox/events`);
    expect(res.status()).toBe(401);
    expect((await context.request.get(`${e2e.baseUrl}/dashboard/api/sandbox/events`)).status()).toBe(401);
    expect(errors).toEqual([]);
  });
});
