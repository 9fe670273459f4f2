import { describe, expect, it } from "vitest";
import { api, call, createEvent, expectError, expectOk, ISO, newChart, newEvent, newWorkspace, stubOf, token } from "./support/fixtures";

/** Every route under /api/v1/events/{eventKey}, with a body where it needs one. */
const eventRoutes = (e: string): [string, string, unknown?][] => [
  ["GET", `/api/v1/events/${e}`],
  ["GET", `/api/v1/events/${e}/status`],
  ["GET", `/api/v1/events/${e}/objects`],
  ["GET", `/api/v1/events/${e}/reports`],
  ["POST", `/api/v1/events/${e}/seats/hold`, { objectLabels: ["A-1-1"], holdToken: token() }],
  ["POST", `/api/v1/events/${e}/seats/book`, { objectLabels: ["A-1-1"], holdToken: token() }],
  ["POST", `/api/v1/events/${e}/seats/release`, { objectLabels: ["A-1-1"] }],
  ["POST", `/api/v1/events/${e}/seats/extend`, { holdToken: token() }],
  ["POST", `/api/v1/events/${e}/seats/not-for-sale`, { objectLabels: ["A-1-1"] }],
  ["POST", `/api/v1/events/${e}/seats/for-sale`, { objectLabels: ["A-1-1"] }],
  ["POST", `/api/v1/events/${e}/reset`],
  ["POST", `/api/v1/events/${e}/actions/move-to-new-chart-copy`],
  ["DELETE", `/api/v1/events/${e}`],
];

describe("POST /api/v1/events", () => {
  it("creates an event with its record, and refuses duplicates and missing charts", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const res = await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey: "gala-2026" } });
    expectOk(res, 201);
    expect(res.body).toEqual({
      eventKey: "gala-2026",
      chartKey,
      environment: "production",
      chartPublishedVersion: 1,
      createdAt: expect.stringMatching(ISO),
      selectionRules: {},
      name: null,
      startsAt: null,
      timeZone: "UTC",
      channels: [],
      waitingRoom: null,
    });
    expectError(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey: "gala-2026" } }), 409, "event_exists");
    // The same key in the other environment is an independent event.
    expectOk(await call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey, eventKey: "gala-2026" } }), 201);
    expectError(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey: "nope" } }), 404, "chart_not_found");
    const generated = await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey } });
    expectOk(generated, 201);
    expect(generated.body.eventKey).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
  });

  it("takes an eventKey of 1 to 128 letters, digits, '-', '_' and '.', and refuses anything else with 400", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    for (const eventKey of ["a", "A.b_c-9", "x".repeat(128)])
      expectOk(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey } }), 201);
    for (const eventKey of ["", "a b", "x".repeat(129), "é", "ä", "a/b", "a?b", "a,b", 42, null])
      expectError(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey } }), 400, "validation_failed");
    expectError(await call("POST", "/api/v1/events", { key: keys.skLive, body: {} }), 400, "validation_failed");
  });

  it("creates an event on a chart never published: no published version, no objects, no status", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys, { publish: false });
    const res = await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey } });
    expectOk(res, 201);
    expect(res.body).toMatchObject({ chartKey, environment: "production", chartPublishedVersion: null, createdAt: expect.stringMatching(ISO) });
    const eventKey = res.body.eventKey;
    expect((await call("GET", `/api/v1/events/${eventKey}/objects`, { key: keys.pkLive })).body).toEqual({ eventKey, categories: [], objects: [] });
    expect((await call("GET", `/api/v1/events/${eventKey}/status`, { key: keys.pkLive })).body).toEqual({ eventKey, seq: 0, objects: [] });
  });
});

describe("GET /api/v1/events", () => {
  it("gets an event with either key kind and lists with a cursor", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    for (const k of ["e1", "e2", "e3"]) await createEvent(keys, chartKey, "sandbox", k);
    expect((await call("GET", "/api/v1/events/e2", { key: keys.pkTest })).body).toMatchObject({ eventKey: "e2", chartKey, environment: "sandbox" });
    expectOk(await call("GET", "/api/v1/events/e2", { key: keys.skTest }));
    const page1 = await call("GET", "/api/v1/events?limit=2", { key: keys.skTest });
    expect(page1.body.items.map((e: { eventKey: string }) => e.eventKey)).toEqual(["e1", "e2"]);
    const page2 = await call("GET", `/api/v1/events?limit=2&cursor=${page1.body.nextCursor}`, { key: keys.skTest });
    expect(page2.body).toMatchObject({ items: [{ eventKey: "e3", chartPublishedVersion: 1, createdAt: expect.stringMatching(ISO) }], nextCursor: null });
    expectError(await call("GET", "/api/v1/events", { key: keys.pkTest }), 403, "public_key_not_allowed");
    expect((await call("GET", "/api/v1/events", { key: keys.skLive })).body.items).toEqual([]);
  });

  it.each(["limit=0", "limit=-1", "limit=abc", "limit=1.5", "limit=100000", "cursor=%%%", "cursor=zzz"])("lists with %s → 400 validation_failed", async (q) => {
    const keys = await newWorkspace();
    expectError(await call("GET", `/api/v1/events?${q}`, { key: keys.skLive }), 400, "validation_failed");
  });

  it("lists with an empty cursor as without one (or refuses it with the envelope)", async () => {
    const keys = await newWorkspace();
    const res = await call("GET", "/api/v1/events?cursor=", { key: keys.skLive });
    if (res.status === 200) expect(res.body.items).toEqual([]);
    else expectError(res, 400, "validation_failed");
  });
});

describe("DELETE /api/v1/events/{eventKey}", () => {
  it("deletes an event and wipes its Durable Object; every route then answers 404; the chart is free to delete", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expectError(await call("DELETE", `/api/v1/events/${f.eventKey}`, { key: f.pk }), 403, "public_key_not_allowed");
    expect((await call("DELETE", `/api/v1/events/${f.eventKey}`, { key: f.sk })).body).toEqual({ eventKey: f.eventKey, deleted: true });
    for (const [method, path, body] of eventRoutes(f.eventKey)) expectError(await call(method, path, { key: f.sk, body }), 404, "event_not_found");
    expect(await stubOf(f).info()).toBeNull();
    // Re-creating the key starts from a clean slate.
    expectOk(await call("POST", "/api/v1/events", { key: f.sk, body: { chartKey: f.chartKey, eventKey: f.eventKey } }), 201);
    expect((await api.status(f)).body.objects).toEqual([]);
    // Once its last event is gone, the chart can be deleted.
    expectError(await call("DELETE", `/api/v1/charts/${f.chartKey}`, { key: f.keys.skLive }), 409, "chart_has_events");
    expectOk(await call("DELETE", `/api/v1/events/${f.eventKey}`, { key: f.sk }));
    expect((await call("DELETE", `/api/v1/charts/${f.chartKey}`, { key: f.keys.skLive })).body).toEqual({ chartKey: f.chartKey, deleted: true });
  });

  it("answers event_not_found for an unknown event on every route", async () => {
    const keys = await newWorkspace();
    for (const [method, path, body] of eventRoutes("no-such-event")) expectError(await call(method, path, { key: keys.skTest, body }), 404, "event_not_found");
    expectError(
      await call("POST", "/api/v1/events/nope/seats/hold", { key: keys.pkTest, body: { objectLabels: ["A"], holdToken: token() } }),
      404,
      "event_not_found",
    );
  });
});
