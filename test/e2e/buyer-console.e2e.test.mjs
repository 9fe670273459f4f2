/**
 * A buyer's page opens with a clean console on every kind of event (docs/waiting-room.md): no console
 * error and no request answered 4xx/5xx or failed, whether the event has no waiting room, one that
 * is switched off, one that is open (the buyer is admitted at once), or channels; at desktop and
 * phone widths. The seat map learns from the event record whether to queue, so an event without
 * a room is never asked for a join it would refuse.
 */
import { describe, expect, inject, it } from "vitest";
import { useBrowser } from "./browser.mjs";
import { clubEvent, MEMBERS, putChannels } from "./club-layout.mjs";
import { Api } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const browser = useBrowser();

const WIDTHS = {
  desktop: { viewport: { width: 1280, height: 860 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
};

const room = (eventKey, enabled) =>
  api.call("PUT", `/api/v1/events/${eventKey}/waiting-room`, {
    enabled,
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    admitPerMinute: 6000,
    sessionMinutes: 10,
  });

/** The kinds of event a buyer may open, each set up on a new event of the stand. */
const EVENTS = {
  "no waiting room": async () => clubEvent(api),
  "a waiting room switched off": async () => {
    const key = await clubEvent(api);
    await room(key, false);
    return key;
  },
  "an open waiting room": async () => {
    const key = await clubEvent(api);
    await room(key, true);
    return key;
  },
  "channels (the open sale)": async () => {
    const key = await clubEvent(api);
    await putChannels(api, key, [MEMBERS]);
    return key;
  },
};

/** Opens the demo page on `eventKey` and records every console error, failed request and 4xx/5xx answer. */
async function openWatched(eventKey, options) {
  const context = await browser().newContext(options);
  const page = await context.newPage();
  const problems = [];
  const joins = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()} ${m.location().url ?? ""}`));
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.request().method()} ${r.url()}`));
  page.on("request", (r) => r.url().includes("/waiting-room/join") && joins.push(r.url()));
  await page.goto(`${e2e.baseUrl}/?${new URLSearchParams({ key: e2e.publicKey, event: eventKey })}`);
  await page.waitForSelector("body[data-rendered]", { timeout: 40_000 });
  expect(await page.getAttribute("body", "data-rendered")).toBe("true");
  await page.getByRole("button", { name: /^Seat N1-B-2,/ }).waitFor();
  await page.waitForTimeout(500);
  return { page, problems, joins, close: () => context.close() };
}

describe("a buyer's page has a clean console", () => {
  for (const [kind, make] of Object.entries(EVENTS)) {
    it(`on an event with ${kind}, at desktop and phone widths`, async () => {
      const eventKey = await make();
      for (const [width, options] of Object.entries(WIDTHS)) {
        const { problems, joins, close } = await openWatched(eventKey, options);
        expect(problems, `${kind} at ${width}`).toEqual([]);
        // Only an enabled room is joined.
        expect(joins.length, `joins at ${width}`).toBe(kind === "an open waiting room" ? 1 : 0);
        await close();
      }
    }, 90_000);
  }
});
