/**
 * Every kind of the SDK's options reaches the map through `<SeatingChart>` (docs/api.md#idempotent-requests): a
 * members' presale (channelKeys), the list mode and a switch of `mode` on the same chart, the
 * tooltip off and with prices, a buyer stating an access need (accessible), a season's map, a
 * waiting room's queue (onQueueChanged), and the hold options (holdToken, ttlSeconds,
 * maxSelectedObjects, live, holdCountdown, notices, onHoldFailed). Found by role and accessible
 * name; the React page is a site of its own origin.
 */
import { describe, expect, inject, it } from "vitest";
import { useBrowser, waitForStatus } from "./browser.mjs";
import { clubChart, clubEvent, MEMBERS, putChannels, TERRACE } from "./club-layout.mjs";
import { useReactHarness } from "./react-harness.mjs";
import { Api } from "./service.mjs";

const e2e = inject("e2e");
const api = Api.ofDemo(e2e);
const browser = useBrowser();
const harness = useReactHarness(browser, e2e);

/** Mounts `<SeatingChart>` with the harness's props plus `extra` (source text) and waits until it is drawn. */
async function mounted(extra, { strict = true, viewport } = {}) {
  const opened = await harness.open(viewport);
  await opened.page.evaluate(`window.harness.mount(${harness.props(extra)}, ${strict})`);
  await opened.page.waitForFunction(() => window.rendered === 1, null, { timeout: 30_000 });
  return opened;
}

const seatButton = (page, label) => page.getByRole("button", { name: new RegExp(`^Seat ${label},`) });
const ev = (key) => `, event: ${JSON.stringify(key)}`;

describe("<SeatingChart> passes every option to the map", () => {
  it("channelKeys: a members' presale page sells the members' seats and their terrace places, and nothing else", async () => {
    const eventKey = await clubEvent(api);
    await putChannels(api, eventKey, [MEMBERS]);
    const { page, errors, close } = await mounted(`${ev(eventKey)}, channelKeys: ["members"], onObjectSelected: window.harness.selector("selected")`);
    await seatButton(page, "N2-C-1").click();
    await waitForStatus(page, "N2-C-1", "selected");
    expect(await page.evaluate(() => window.calls)).toEqual(["selected:N2-C-1"]);
    expect(await seatButton(page, "N1-C-5").getAttribute("aria-label")).toMatch(/not available here$/);
    expect(await seatButton(page, "N1-C-5").getAttribute("aria-disabled")).toBe("true");
    // The terrace tells a members' buyer the members' places, not the area's 300.
    expect(await page.getByRole("button", { name: new RegExp(`^${TERRACE} \\(${TERRACE}\\), 100 left`) }).count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('mode="list" shows the list, and a new mode switches the same chart to the map', async () => {
    const eventKey = await clubEvent(api);
    const { page, errors, close } = await mounted(`${ev(eventKey)}, mode: "list"`);
    await page.getByRole("region", { name: "Seats as a list" }).waitFor();
    await page.getByRole("spinbutton", { name: `Places in ${TERRACE}` }).waitFor();
    expect(await page.locator(".seating-map").count()).toBe(0);
    await page.evaluate(`window.harness.update(${harness.props(`${ev(eventKey)}, mode: "map"`)})`);
    await seatButton(page, "N1-A-3").waitFor();
    expect(await page.getByRole("region", { name: "Seats as a list" }).isVisible()).toBe(false);
    expect(await page.evaluate(() => [window.rendered, window.chartRef.current.mode])).toEqual([1, "map"]);
    expect(errors).toEqual([]);
    await close();
  });

  it("tooltip: false shows none; tooltip with prices shows the seat's price", async () => {
    const eventKey = await clubEvent(api);
    const off = await mounted(`${ev(eventKey)}, tooltip: false`);
    await seatButton(off.page, "N1-B-3").hover();
    await off.page.waitForTimeout(300);
    expect(await off.page.getByRole("tooltip").count()).toBe(0);
    await off.close();
    const priced = await mounted(`${ev(eventKey)}, tooltip: { prices: { lower: 45 }, currency: "EUR" }`);
    await seatButton(priced.page, "N1-B-3").hover();
    const tip = priced.page.getByRole("tooltip");
    await tip.waitFor({ state: "visible" });
    expect(await tip.textContent()).toMatch(/€\s?45|45[.,]00\s?€/);
    expect(priced.errors).toEqual([]);
    await priced.close();
  });

  it("accessible: a buyer who states the need holds a wheelchair space the event holds back", async () => {
    const eventKey = await clubEvent(api);
    await api.call("PUT", `/api/v1/events/${eventKey}/accessibility`, { holdBack: true, releaseWhen: "event_sold_out" });
    const { page, errors, close } = await mounted(`${ev(eventKey)}, accessible: true`);
    await seatButton(page, "N1-A-1").click();
    await waitForStatus(page, "N1-A-1", "selected");
    const token = await page.evaluate(() => window.chartRef.current.holdToken);
    expect((await api.status(eventKey, token)).get("N1-A-1")).toMatchObject({ status: "held", mine: true });
    expect(errors).toEqual([]);
    await close();
  });

  it("season: the season's map holds a seat in every event of the season", async () => {
    const keys = [`react-season-${Date.now()}-1`, `react-season-${Date.now()}-2`];
    const season = await api.call("POST", "/api/v1/seasons", { chartKey: await clubChart(api), eventKeys: keys });
    const { page, errors, close } = await mounted(`, season: ${JSON.stringify(season.seasonKey)}`);
    await seatButton(page, "N1-D-4").click();
    await waitForStatus(page, "N1-D-4", "selected", 10_000);
    for (const key of keys) expect((await api.status(key)).get("N1-D-4")?.status).toBe("held");
    expect(errors).toEqual([]);
    await close();
  });

  it("onQueueChanged: a waiting room's queue is told, then the map is drawn", async () => {
    const eventKey = await clubEvent(api);
    await api.call("PUT", `/api/v1/events/${eventKey}/waiting-room`, {
      enabled: true,
      opensAt: new Date(Date.now() + 4000).toISOString(),
      admitPerMinute: 600,
      sessionMinutes: 10,
    });
    const opened = await harness.open();
    await opened.page.evaluate(`window.harness.mount(${harness.props(`${ev(eventKey)}, onQueueChanged: window.harness.record("queue")`)}, true)`);
    await opened.page.getByRole("heading", { name: "Waiting room" }).waitFor({ timeout: 10_000 });
    await opened.page.waitForFunction(() => window.rendered === 1, null, { timeout: 40_000 });
    const queue = await opened.page.evaluate(() => window.calls.filter((c) => c[0] === "queue").map((c) => c[1]));
    expect(queue[0]).toEqual({ position: null, admitted: false });
    expect(queue.at(-1)).toEqual({ position: 0, admitted: true });
    expect(opened.errors).toEqual([]);
    await opened.close();
  }, 60_000);

  it("holdToken, ttlSeconds, maxSelectedObjects, live, holdCountdown, notices and onHoldFailed reach the chart", async () => {
    const eventKey = await clubEvent(api);
    const holdToken = `react-token-${Date.now()}`;
    const { page, errors, close } = await mounted(
      `${ev(eventKey)}, holdToken: ${JSON.stringify(holdToken)}, ttlSeconds: 120, maxSelectedObjects: 1, live: false, holdCountdown: false, notices: false, onHoldFailed: window.harness.record("failed")`,
    );
    expect(await page.evaluate(() => window.chartRef.current.holdToken)).toBe(holdToken);
    await seatButton(page, "N1-E-2").click();
    await waitForStatus(page, "N1-E-2", "selected");
    const held = (await api.status(eventKey, holdToken)).get("N1-E-2");
    expect(held).toMatchObject({ status: "held", mine: true });
    expect(Date.parse(held.holdExpiresAt) - Date.now()).toBeLessThanOrEqual(121_000);
    await seatButton(page, "N1-E-3").click();
    await page.waitForFunction(() => window.calls.some((c) => c[0] === "failed"));
    const failed = await page.evaluate(() => window.calls.find((c) => c[0] === "failed"));
    expect(failed[2].code).toBe("max_selected_objects");
    // No notice, no countdown, no live socket (polling instead).
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByRole("timer").count()).toBe(0);
    expect(await page.evaluate(() => [window.sockets.made, window.chartRef.current.liveMode])).toEqual([0, "polling"]);
    expect(errors).toEqual([]);
    await close();
  });
});
