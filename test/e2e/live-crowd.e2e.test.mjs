/**
 * The live crowd on the dashboard's event page: with seat maps open on an event, the event page
 * shows how many viewers are watching, on how many relays, and what of the crowd reaches the
 * event (found by role and name; axe finds no serious violation), and the figures follow as
 * another map opens, without a reload.
 */
import { describe, expect, inject, it } from "vitest";
import { eventually, seriousViolations, signInThrough, useBrowser, watchErrors } from "./browser.mjs";
import { Api, signInLink } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const browser = useBrowser();

/** Opens the demo seat map of `eventKey` in a context of its own and waits until it is drawn and live. */
async function openLiveMap(eventKey) {
  const context = await browser().newContext();
  const page = await context.newPage();
  await page.goto(`${e2e.baseUrl}/?${new URLSearchParams({ key: e2e.publicKey, event: eventKey })}`);
  await page.waitForSelector("body[data-rendered=true]", { timeout: 30_000 });
  return context;
}

describe("the live crowd on the event page", () => {
  it("shows the viewers, relays and rates of an event and follows a map that opens", async () => {
    const ev = await api.newEvent();
    const first = await openLiveMap(ev);
    const context = await browser().newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signInThrough(page, (await signInLink(e2e, e2e.workspaceKey)).url);
    await page.goto(`${e2e.baseUrl}/dashboard/sandbox/events/${ev}`);
    await page.waitForSelector("body[data-ready]");

    const region = page.getByRole("region", { name: "Live crowd" });
    const table = region.getByRole("table", { name: "Live figures" });
    const headers = await table.getByRole("columnheader").allTextContents();
    expect(headers.map((h) => h.trim())).toEqual([
      "Viewers",
      "Relays",
      "Messages sent by the event per second",
      "Public reads per second",
      "Reads reaching the event per second",
    ]);
    const figures = async () => (await table.getByRole("cell").allTextContents()).map((t) => t.trim());
    // The dashboard's own seat map is a viewer too: the first map and it, on one relay.
    expect(await eventually(async () => (await figures())[0] === "2", { timeout: 15_000, what: "two viewers" })).toBeTruthy();
    expect((await figures())[1]).toBe("1");
    expect(await seriousViolations(page)).toEqual([]);

    // Another map opens; the page's figures follow on their own (refreshed every 5 s).
    const second = await openLiveMap(ev);
    expect(await eventually(async () => (await figures())[0] === "3", { timeout: 15_000, what: "three viewers" })).toBeTruthy();
    await second.close();
    await first.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
