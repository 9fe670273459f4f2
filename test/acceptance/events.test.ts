/**
 * contract §3 (event routes, record, keys, 409/404/403 codes) and move-to-new-chart-copy (§4),
 * checked from outside.
 */
import { describe, expect, it } from "vitest";
import { act, call, expectError, expectOk, ISO, mkChart, mkEvent, newWorkspace, smallLayout, tok, uid, world } from "./fixtures";

const RECORD = ["eventKey", "chartKey", "environment", "chartPublishedVersion", "createdAt"];

function expectRecord(body: Record<string, unknown>): void {
  for (const f of RECORD) expect(body, `field ${f} in ${JSON.stringify(body)}`).toHaveProperty(f);
  expect(["production", "sandbox"]).toContain(body.environment);
  expect(body.createdAt).toMatch(ISO);
}

describe("POST /api/v1/events", () => {
  it("201 the event record; environment from the key; chartPublishedVersion number or null", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys);
    const ek = `gala-${uid()}`;
    const res = await call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey, eventKey: ek } });
    expectOk(res, 201);
    expectRecord(res.body);
    expect(res.body).toMatchObject({ eventKey: ek, chartKey, environment: "sandbox", chartPublishedVersion: 1 });
    const unpublished = await mkChart(keys, { publish: false });
    const r2 = await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey: unpublished } });
    expectOk(r2, 201);
    expectRecord(r2.body);
    expect(r2.body.chartPublishedVersion).toBeNull();
    expect(r2.body.environment).toBe("production");
    expect(r2.body.eventKey).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
  });

  it("eventKey: 1 to 128 of letters, digits, '-', '_', '.'; others 400 validation_failed", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys);
    for (const eventKey of ["a", "A.b_c-9", "x".repeat(128)])
      expectOk(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey } }), 201, eventKey);
    for (const eventKey of ["", "x".repeat(129), "a b", "a/b", "ä", "a?b", "a,b", 42, null]) {
      expectError(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey } }), 400, "validation_failed", String(eventKey));
    }
    expectError(await call("POST", "/api/v1/events", { key: keys.skLive, body: {} }), 400, "validation_failed", "no chartKey");
  });

  it("existing eventKey 409 event_exists; missing chart 404 chart_not_found; same key allowed in the other environment", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys);
    const ek = await mkEvent(keys, chartKey, "production");
    expectError(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey: ek } }), 409, "event_exists");
    expectOk(await call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey, eventKey: ek } }), 201);
    expectError(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey: "no-such-chart" } }), 404, "chart_not_found");
  });

  it("another workspace's chart cannot be used", async () => {
    const a = await newWorkspace();
    const chartKey = await mkChart(a);
    const b = await newWorkspace();
    const res = await call("POST", "/api/v1/events", { key: b.skLive, body: { chartKey } });
    expect([403, 404]).toContain(res.status);
    expectError(res, res.status);
  });
});

describe("GET /api/v1/events (list)", () => {
  it("{ items: [event…], nextCursor } paginated by limit and cursor", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await mkEvent(keys, chartKey, "production"));
    const all = await call("GET", "/api/v1/events", { key: keys.skLive });
    expectOk(all);
    expect(all.body.items).toHaveLength(5);
    expect(all.body.nextCursor).toBeNull();
    for (const e of all.body.items) expectRecord(e);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : "?limit=2";
      const page = await call("GET", `/api/v1/events${q}`, { key: keys.skLive });
      expectOk(page);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((e: { eventKey: string }) => e.eventKey));
      cursor = page.body.nextCursor;
      expect(cursor === null || typeof cursor === "string").toBe(true);
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.sort()).toEqual([...made].sort());
  });

  it("bad limit or cursor is 400 validation_failed, not 500", async () => {
    const keys = await newWorkspace();
    for (const q of ["limit=0", "limit=-1", "limit=abc", "limit=1.5", "limit=100000", "cursor=%%%", "cursor=zzz", "cursor="]) {
      const res = await call("GET", `/api/v1/events?${q}`, { key: keys.skLive });
      if (res.status === 200) continue; // cursor= (empty) may be treated as absent
      expectError(res, 400, "validation_failed", q);
    }
  });
});

describe("GET / DELETE /api/v1/events/{eventKey}", () => {
  it("GET: 200 the event record with either key kind; unknown 404 event_not_found", async () => {
    const w = await world({ env: "sandbox" });
    for (const key of [w.pk, w.sk]) {
      const res = await call("GET", `/api/v1/events/${w.eventKey}`, { key });
      expectOk(res);
      expectRecord(res.body);
      expect(res.body).toMatchObject({ eventKey: w.eventKey, chartKey: w.chartKey, environment: "sandbox", chartPublishedVersion: 1 });
    }
    expectError(await call("GET", "/api/v1/events/no-such-event", { key: w.pk }), 404, "event_not_found");
  });

  it("DELETE: 200 { eventKey, deleted: true }; afterwards 404 event_not_found on every route", async () => {
    const w = await world();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: tok() }));
    const del = await call("DELETE", `/api/v1/events/${w.eventKey}`, { key: w.sk });
    expectOk(del);
    expect(del.body).toEqual({ eventKey: w.eventKey, deleted: true });
    expectError(await call("GET", `/api/v1/events/${w.eventKey}`, { key: w.sk }), 404, "event_not_found");
    expectError(await act.status(w), 404, "event_not_found");
    expectError(await act.objects(w), 404, "event_not_found");
    expectError(await act.reports(w), 404, "event_not_found");
    expectError(await act.hold(w, { objectLabels: ["A-1-2"], holdToken: tok() }), 404, "event_not_found");
    expectError(await call("DELETE", `/api/v1/events/${w.eventKey}`, { key: w.sk }), 404, "event_not_found");
  });

  it("unknown event: 404 event_not_found on every event route", async () => {
    const keys = await newWorkspace();
    const ek = `missing-${uid()}`;
    const routes: [string, string, unknown?][] = [
      ["GET", `/api/v1/events/${ek}`],
      ["GET", `/api/v1/events/${ek}/status`],
      ["GET", `/api/v1/events/${ek}/objects`],
      ["GET", `/api/v1/events/${ek}/reports`],
      ["POST", `/api/v1/events/${ek}/seats/hold`, { objectLabels: ["A-1-1"], holdToken: tok() }],
      ["POST", `/api/v1/events/${ek}/seats/book`, { objectLabels: ["A-1-1"], holdToken: tok() }],
      ["POST", `/api/v1/events/${ek}/seats/release`, { objectLabels: ["A-1-1"] }],
      ["POST", `/api/v1/events/${ek}/seats/extend`, { holdToken: tok() }],
      ["POST", `/api/v1/events/${ek}/seats/not-for-sale`, { objectLabels: ["A-1-1"] }],
      ["POST", `/api/v1/events/${ek}/seats/for-sale`, { objectLabels: ["A-1-1"] }],
      ["POST", `/api/v1/events/${ek}/reset`],
      ["POST", `/api/v1/events/${ek}/actions/move-to-new-chart-copy`],
      ["DELETE", `/api/v1/events/${ek}`],
    ];
    for (const [m, p, body] of routes) expectError(await call(m, p, { key: keys.skTest, body }), 404, "event_not_found", `${m} ${p}`);
  });
});

describe("move-to-new-chart-copy (contract §4, Events rule 3)", () => {
  it("200 { eventKey, chartKey (new), previousChartKey }; copy is a new published chart; holds unchanged; old chart publishes no longer affect it", async () => {
    const w = await world();
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t }));
    expectOk(await act.hold(w, { objectLabels: ["A-1-2"], holdToken: t }));
    expectOk(await act.book(w, { objectLabels: ["A-1-2"], holdToken: t }));
    const res = await call("POST", `/api/v1/events/${w.eventKey}/actions/move-to-new-chart-copy`, { key: w.sk });
    expectOk(res);
    expect(res.body).toMatchObject({ eventKey: w.eventKey, previousChartKey: w.chartKey });
    const copy = res.body.chartKey as string;
    expect(copy).not.toBe(w.chartKey);
    const chart = await call("GET", `/api/v1/charts/${copy}`, { key: w.sk });
    expectOk(chart);
    expect(typeof chart.body.publishedVersion).toBe("number");
    const pub = await call("GET", `/api/v1/charts/${copy}/published`, { key: w.sk });
    const draft = await call("GET", `/api/v1/charts/${copy}/draft`, { key: w.sk });
    const orig = await call("GET", `/api/v1/charts/${w.chartKey}/published`, { key: w.sk });
    expect(pub.body).toEqual(orig.body);
    expect(draft.body).toEqual(orig.body);
    const rec = await call("GET", `/api/v1/events/${w.eventKey}`, { key: w.sk });
    expect(rec.body.chartKey).toBe(copy);
    const st = await act.status(w, "", w.sk);
    const labels = Object.fromEntries(st.body.objects.map((o: { objectLabel: string; status: string }) => [o.objectLabel, o.status]));
    expect(labels).toEqual({ "A-1-1": "held", "A-1-2": "booked" });
    // Publishing the previous chart (removing everything) no longer affects the event.
    expectOk(await call("PATCH", `/api/v1/charts/${w.chartKey}`, { key: w.sk, body: { draftVersion: {} } }));
    const check = await call("GET", `/api/v1/charts/${w.chartKey}/publish-check`, { key: w.sk });
    expect(check.body.affected).toEqual([]);
    expectOk(await call("POST", `/api/v1/charts/${w.chartKey}/publish`, { key: w.sk }));
    expect((await act.objects(w)).body.objects).toHaveLength(11);
    // The old chart now has no events and can be deleted.
    expectOk(await call("DELETE", `/api/v1/charts/${w.chartKey}`, { key: w.sk }));
    // The copy cannot be deleted while the event is on it.
    expectError(await call("DELETE", `/api/v1/charts/${copy}`, { key: w.sk }), 409, "chart_has_events");
  });

  it("moving an event of an unpublished chart keeps it empty", async () => {
    const keys = await newWorkspace();
    const chartKey = await mkChart(keys, { publish: false, layout: smallLayout(2) });
    const ek = await mkEvent(keys, chartKey, "sandbox");
    const res = await call("POST", `/api/v1/events/${ek}/actions/move-to-new-chart-copy`, { key: keys.skTest });
    expect(res.status).toBeLessThan(500);
    if (res.status === 200) {
      expect(res.body).toMatchObject({ eventKey: ek, previousChartKey: chartKey });
      const objs = await call("GET", `/api/v1/events/${ek}/objects`, { key: keys.pkTest });
      expect(objs.body.objects).toEqual([]);
    }
  });
});
