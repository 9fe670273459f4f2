import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyPublishToEvents } from "../src/charts/publish-fanout";
import { getChartByKey, loadLayout, markPublished } from "../src/db/charts";
import { db } from "../src/db/client";
import { STAGE_TTL_MS } from "../src/event-object/layout/staging";
import { api, call, type EventFixture, inObject, newEvent, smallLayout, stubOf, token } from "./support/fixtures";

/**
 * A publish commits in D1 between the two phases of its fan-out to the event objects. Whatever
 * dies or is evicted between the phases, and whatever event appears meanwhile, every event object
 * converges on the version D1 records, without anyone calling anything again.
 */

/** smallLayout plus seat A-1-11: the draft that is being published. */
function grown() {
  const l = smallLayout();
  l.sections[0]!.rows[0]!.seats.push({ label: "A-1-11", categoryKey: "stalls", x: 100, y: 0 });
  return l;
}

/** Saves `grown()` as the chart's draft and returns what a publish of it needs. */
async function draftGrown(f: EventFixture) {
  const saved = await call("PATCH", `/api/v1/charts/${f.chartKey}`, { key: f.sk, body: { draftVersion: grown() } });
  expect(saved.status).toBe(200);
  const chart = (await getChartByKey(db(env), f.keys.workspaceId, f.chartKey))!;
  const layout = (await loadLayout(db(env), chart.id, chart.draftVersion))!;
  return { chart, layout, input: { workspaceId: f.keys.workspaceId, chartId: chart.id, chartKey: chart.chartKey, version: chart.draftVersion, layout } };
}

const labels = async (f: EventFixture) => ((await api.objects(f)).body.objects as { objectLabel: string }[]).map((o) => o.objectLabel);

describe("a publish heals", () => {
  it("an object that was staged but evicted before the final swap converges on D1's version from its own alarm", async () => {
    const f = await newEvent();
    const t = token();
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t })).status).toBe(200);
    const { chart, layout } = await draftGrown(f);
    // Phase 1 reaches the object, D1 commits, then the publisher dies: no phase 2.
    const staged = await stubOf(f).stagePublish({ stageId: "stage-1", version: chart.draftVersion, layout, force: false });
    expect(staged.ok).toBe(true);
    expect(await markPublished(db(env), chart.id, chart.draftVersion)).toBe(true);
    await evictDurableObject(stubOf(f));
    expect(await labels(f)).not.toContain("A-1-11");
    // The stage's settle time comes; the alarm checks D1 and promotes the stage.
    await inObject(f, (o) => o.clock.advance(STAGE_TTL_MS));
    expect(await runDurableObjectAlarm(stubOf(f))).toBe(true);
    expect(await labels(f)).toContain("A-1-11");
    expect((await call("GET", `/api/v1/events/${f.eventKey}`, { key: f.pk })).body.chartPublishedVersion).toBe(chart.draftVersion);
    // Reservations survived, and the new seat can be held.
    expect((await api.status(f, "", f.sk)).body.objects).toMatchObject([{ objectLabel: "A-1-1", status: "held" }]);
    expect((await api.hold(f, { objectLabels: ["A-1-11"], holdToken: token() })).status).toBe(200);
  });

  it("an object whose stage was lost altogether (wiped with its memory) still converges: it reloads the layout from D1", async () => {
    const f = await newEvent();
    const { chart } = await draftGrown(f);
    // D1 says published; the object never heard of it (as if phase 1 and 2 both missed it).
    expect(await markPublished(db(env), chart.id, chart.draftVersion)).toBe(true);
    expect(await labels(f)).not.toContain("A-1-11");
    const healed = await stubOf(f).commitPublish("a-stage-it-never-saw");
    expect(healed).toEqual({ ok: true, value: { layoutVersion: chart.draftVersion } });
    expect(await labels(f)).toContain("A-1-11");
  });

  it("an event created while its chart is being published reads the new layout", async () => {
    const f = await newEvent();
    const { chart, input } = await draftGrown(f);
    let late: EventFixture | null = null;
    // The event appears after phase 1 listed the chart's events, and before D1 commits.
    const result = await applyPublishToEvents(env, input, false, async () => {
      late = await newEvent({ keys: f.keys, chartKey: f.chartKey });
      expect(await labels(late)).not.toContain("A-1-11");
      expect(await markPublished(db(env), chart.id, chart.draftVersion)).toBe(true);
    });
    expect(result).toEqual({ ok: true });
    expect(await labels(f)).toContain("A-1-11");
    expect(await labels(late!)).toContain("A-1-11");
    expect((await call("GET", `/api/v1/events/${late!.eventKey}`, { key: f.pk })).body.chartPublishedVersion).toBe(chart.draftVersion);
  });

  it("a publish whose D1 commit failed leaves every event on the previous layout, checked against D1 shortly after", async () => {
    const f = await newEvent();
    const { input } = await draftGrown(f);
    await expect(
      applyPublishToEvents(env, input, false, async () => {
        throw new Error("D1 unavailable");
      }),
    ).rejects.toThrow("D1 unavailable");
    expect(await labels(f)).not.toContain("A-1-11");
    await inObject(f, (o) => o.clock.advance(2_000));
    await runDurableObjectAlarm(stubOf(f));
    expect(await labels(f)).not.toContain("A-1-11");
    // A hold the stage would have guarded is allowed again.
    expect((await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() })).status).toBe(200);
  });

  it("an object that missed a chart move adopts the chart D1 binds it to", async () => {
    const f = await newEvent();
    const moved = await call("POST", `/api/v1/events/${f.eventKey}/actions/move-to-new-chart-copy`, { key: f.sk });
    expect(moved.status).toBe(200);
    // Put the object back on the old chart, as if the move's last step never reached it.
    await inObject(f, (_o, state) => {
      const meta = JSON.parse(String(state.storage.sql.exec("SELECT v FROM meta WHERE k = 'event'").one().v)) as Record<string, unknown>;
      state.storage.sql.exec("UPDATE meta SET v = ? WHERE k = 'event'", JSON.stringify({ ...meta, chartKey: f.chartKey, chartId: "chr_old" }));
    });
    await evictDurableObject(stubOf(f));
    expect(await stubOf(f).reconcile()).toMatchObject({ ok: true });
    expect(await stubOf(f).info()).toMatchObject({ chartKey: moved.body.chartKey });
  });

  it("an object whose event D1 no longer has wipes itself when it checks", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    await env.DB.prepare("DELETE FROM events WHERE workspace_id = ? AND event_key = ?").bind(f.keys.workspaceId, f.eventKey).run();
    expect(await stubOf(f).reconcile()).toMatchObject({ ok: false, code: "event_not_found" });
    expect(await stubOf(f).info()).toBeNull();
  });
});
