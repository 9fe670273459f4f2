import { describe, expect, it } from "vitest";
import {
  call,
  expectError,
  expectOk,
  keyFor,
  newChart,
  newWorkspace,
  outboxEvents,
  pauseOutbox,
  sleep,
  token,
  uniqueKey,
  type EventFixture,
  type TestKeys,
} from "./support/fixtures";

/** Seasons (docs/seasons.md): one seat across many events, atomically. */

interface Season {
  keys: TestKeys;
  sk: string;
  pk: string;
  chartKey: string;
  seasonKey: string;
  eventKeys: string[];
}

async function newSeason(events = 3, keys?: TestKeys): Promise<Season> {
  const k = keys ?? (await newWorkspace());
  const chartKey = await newChart(k);
  const seasonKey = uniqueKey("season");
  const eventKeys = Array.from({ length: events }, (_, i) => `${seasonKey}-g${i + 1}`);
  const res = await call("POST", "/api/v1/seasons", { key: k.skTest, body: { seasonKey, name: "Home games", chartKey, eventKeys } });
  expectOk(res, 201);
  return { keys: k, sk: k.skTest, pk: k.pkTest, chartKey, seasonKey, eventKeys };
}

const seasonSeats = (s: Season, action: string, body: unknown, key = s.sk, partial?: string) =>
  call("POST", `/api/v1/seasons/${s.seasonKey}${partial ? `/partial-seasons/${partial}` : ""}/seats/${action}`, { key, body });

async function statusOf(s: Season, eventKey: string, label: string): Promise<Record<string, unknown> | undefined> {
  const res = await call("GET", `/api/v1/events/${eventKey}/status`, { key: s.sk });
  expectOk(res);
  return (res.body.objects as Record<string, unknown>[]).find((o) => o.objectLabel === label);
}

describe("season records", () => {
  it("creates a season with its events, reads, lists and deletes it", async () => {
    const s = await newSeason(3);
    const got = await call("GET", `/api/v1/seasons/${s.seasonKey}`, { key: s.pk });
    expectOk(got);
    expect(got.body).toMatchObject({ seasonKey: s.seasonKey, name: "Home games", chartKey: s.chartKey, eventKeys: s.eventKeys, partialSeasons: [] });
    expect(typeof got.body.createdAt).toBe("string");
    for (const e of s.eventKeys) expectOk(await call("GET", `/api/v1/events/${e}`, { key: s.sk }));
    const list = await call("GET", "/api/v1/seasons?limit=1", { key: s.sk });
    expectOk(list);
    expect(list.body.items).toHaveLength(1);
    expect(list.body).toHaveProperty("nextCursor");
    const del = await call("DELETE", `/api/v1/seasons/${s.seasonKey}`, { key: s.sk });
    expectOk(del);
    expect(del.body).toEqual({ seasonKey: s.seasonKey, deleted: true });
    expectError(await call("GET", `/api/v1/seasons/${s.seasonKey}`, { key: s.sk }), 404, "season_not_found");
  });

  it("pages the list like events", async () => {
    const keys = await newWorkspace();
    await newSeason(1, keys);
    await newSeason(1, keys);
    await newSeason(1, keys);
    const first = await call("GET", "/api/v1/seasons?limit=2", { key: keys.skTest });
    expect(first.body.items).toHaveLength(2);
    const next = await call("GET", `/api/v1/seasons?limit=2&cursor=${first.body.nextCursor}`, { key: keys.skTest });
    expect(next.body.items).toHaveLength(1);
    expect(next.body.nextCursor).toBeNull();
  });

  it("refuses an existing event key with 409 event_exists and creates nothing", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const taken = uniqueKey("ev");
    expectOk(await call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey, eventKey: taken } }), 201);
    const seasonKey = uniqueKey("season");
    const fresh = uniqueKey("ev");
    expectError(await call("POST", "/api/v1/seasons", { key: keys.skTest, body: { seasonKey, chartKey, eventKeys: [fresh, taken] } }), 409, "event_exists");
    expectError(await call("GET", `/api/v1/seasons/${seasonKey}`, { key: keys.skTest }), 404, "season_not_found");
    expectError(await call("GET", `/api/v1/events/${fresh}`, { key: keys.skTest }), 404, "event_not_found");
  });

  it("validates the body and the chart", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    expectError(await call("POST", "/api/v1/seasons", { key: keys.skTest, body: { chartKey, eventKeys: [] } }), 400, "validation_failed");
    expectError(await call("POST", "/api/v1/seasons", { key: keys.skTest, body: { chartKey, eventKeys: ["a", "a"] } }), 400, "validation_failed");
    expectError(await call("POST", "/api/v1/seasons", { key: keys.skTest, body: { chartKey: "nope", eventKeys: [uniqueKey("e")] } }), 404, "chart_not_found");
  });

  it("needs a secret key to create, list and delete; keeps environments and workspaces apart", async () => {
    const s = await newSeason(1);
    const chartKey = s.chartKey;
    expectError(await call("POST", "/api/v1/seasons", { key: s.pk, body: { chartKey, eventKeys: [uniqueKey("e")] } }), 403, "public_key_not_allowed");
    expectError(await call("GET", "/api/v1/seasons", { key: s.pk }), 403, "public_key_not_allowed");
    expectError(await call("DELETE", `/api/v1/seasons/${s.seasonKey}`, { key: s.pk }), 403, "public_key_not_allowed");
    expectError(await call("GET", `/api/v1/seasons/${s.seasonKey}`), 401, "unauthorized");
    expectError(await call("GET", `/api/v1/seasons/${s.seasonKey}`, { key: keyFor(s.keys, "secret", "production") }), 404, "season_not_found");
    const other = await newWorkspace();
    expectError(await call("GET", `/api/v1/seasons/${s.seasonKey}`, { key: other.skTest }), 403, "forbidden");
    expectError(await seasonSeats(s, "hold", { objectLabels: ["A-1-1"], holdToken: token() }, other.pkTest), 403, "forbidden");
  });
});

describe("season seat actions", () => {
  it("holds a seat in every event with one expiry, tagged with the season, and books it", async () => {
    const s = await newSeason(3);
    const t = token();
    const held = await seasonSeats(s, "hold", { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }, s.pk);
    expectOk(held);
    expect(held.body.seasonKey).toBe(s.seasonKey);
    expect(held.body.holdToken).toBe(t);
    expect(held.body.objects).toHaveLength(2);
    for (const o of held.body.objects) expect(o.eventKeys.sort()).toEqual([...s.eventKeys].sort());
    const expiries = new Set<unknown>();
    for (const e of s.eventKeys) {
      const entry = await statusOf(s, e, "A-1-1");
      expect(entry).toMatchObject({ status: "held" });
      expiries.add(entry?.holdExpiresAt);
    }
    expect(expiries.size).toBe(1);
    const booked = await seasonSeats(s, "book", { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, orderId: "season-1" });
    expectOk(booked);
    expect(booked.body.objects[0]).toMatchObject({ status: "booked", orderId: "season-1" });
    for (const e of s.eventKeys) expect(await statusOf(s, e, "A-1-2")).toMatchObject({ status: "booked" });
  });

  it("is atomic: a conflict in one event is 409 seat_unavailable with eventKey, and nothing changes anywhere", async () => {
    const s = await newSeason(3);
    const other = token("single");
    expectOk(await call("POST", `/api/v1/events/${s.eventKeys[1]}/seats/hold`, { key: s.pk, body: { objectLabels: ["A-1-3"], holdToken: other } }));
    const res = await seasonSeats(s, "hold", { objectLabels: ["A-1-3", "A-1-4"], holdToken: token() }, s.pk);
    expectError(res, 409, "seat_unavailable");
    expect(res.body.failed).toEqual([{ objectLabel: "A-1-3", reason: "held", eventKey: s.eventKeys[1] }]);
    for (const e of [s.eventKeys[0]!, s.eventKeys[2]!]) {
      expect(await statusOf(s, e, "A-1-3")).toBeUndefined();
      expect(await statusOf(s, e, "A-1-4")).toBeUndefined();
    }
  });

  it("refuses single-event holds on a season-held seat, releases and extends across the season", async () => {
    const s = await newSeason(2);
    const t = token();
    expectOk(await seasonSeats(s, "hold", { objectLabels: ["A-1-5"], holdToken: t }, s.pk));
    const single = await call("POST", `/api/v1/events/${s.eventKeys[0]}/seats/hold`, { key: s.pk, body: { objectLabels: ["A-1-5"], holdToken: token("x") } });
    expectError(single, 409, "seat_unavailable");
    const ext = await seasonSeats(s, "extend", { holdToken: t, ttlSeconds: 3600 });
    expectOk(ext);
    expect(Date.parse(ext.body.holdExpiresAt) - Date.now()).toBeGreaterThan(3000_000);
    expectError(await seasonSeats(s, "extend", { holdToken: t }, s.pk), 403, "public_key_not_allowed");
    expectError(await seasonSeats(s, "release", { objectLabels: ["A-1-5"] }, s.pk), 400, "validation_failed");
    const rel = await seasonSeats(s, "release", { holdToken: t }, s.pk);
    expectOk(rel);
    expect(rel.body.objects).toEqual([{ objectLabel: "A-1-5", status: "free", eventKeys: expect.arrayContaining(s.eventKeys) }]);
    for (const e of s.eventKeys) expect(await statusOf(s, e, "A-1-5")).toBeUndefined();
    // Labels alone (secret key) free what was taken for the season, never a single-event buyer's seat.
    expectOk(await call("POST", `/api/v1/events/${s.eventKeys[0]}/seats/hold`, { key: s.pk, body: { objectLabels: ["A-1-6"], holdToken: token("one") } }));
    const none = await seasonSeats(s, "release", { objectLabels: ["A-1-6"] });
    expectOk(none);
    expect(none.body.objects).toEqual([]);
    expect(await statusOf(s, s.eventKeys[0]!, "A-1-6")).toMatchObject({ status: "held" });
  });

  it("needs a secret key to book; refuses unknown seasons", async () => {
    const s = await newSeason(1);
    expectError(await seasonSeats(s, "book", { objectLabels: ["A-1-1"], holdToken: token() }, s.pk), 403, "public_key_not_allowed");
    expectError(
      await call("POST", "/api/v1/seasons/nope/seats/hold", { key: s.pk, body: { objectLabels: ["A-1-1"], holdToken: token() } }),
      404,
      "season_not_found",
    );
    const bad = await seasonSeats(s, "book", { objectLabels: ["A-1-1"], holdToken: token() });
    expectError(bad, 409, "seat_unavailable");
    expect(bad.body.failed[0]).toMatchObject({ objectLabel: "A-1-1", reason: "not_held_by_token", eventKey: s.eventKeys[0] });
  });

  it("answers a repeated Idempotency-Key with the first answer and does nothing again", async () => {
    const s = await newSeason(2);
    const t = token();
    const headers = { "Idempotency-Key": crypto.randomUUID() };
    const body = { objectLabels: ["A-1-6"], holdToken: t };
    const first = await call("POST", `/api/v1/seasons/${s.seasonKey}/seats/hold`, { key: s.pk, body, headers });
    expectOk(first);
    const again = await call("POST", `/api/v1/seasons/${s.seasonKey}/seats/hold`, { key: s.pk, body, headers });
    expectOk(again);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("refuses DELETE while in use (409 season_in_use)", async () => {
    const s = await newSeason(2);
    const t = token();
    expectOk(await seasonSeats(s, "hold", { objectLabels: ["A-1-1"], holdToken: t }, s.pk));
    expectError(await call("DELETE", `/api/v1/seasons/${s.seasonKey}`, { key: s.sk }), 409, "season_in_use");
    expectOk(await seasonSeats(s, "release", { holdToken: t }, s.pk));
    expectOk(await call("DELETE", `/api/v1/seasons/${s.seasonKey}`, { key: s.sk }));
  });
});

describe("partial seasons and added events", () => {
  it("defines a partial season of a subset and acts on its events only", async () => {
    const s = await newSeason(4);
    const subset = s.eventKeys.slice(0, 2);
    const made = await call("POST", `/api/v1/seasons/${s.seasonKey}/partial-seasons`, {
      key: s.sk,
      body: { partialSeasonKey: "first-half", eventKeys: subset },
    });
    expectOk(made, 201);
    expect(made.body.partialSeasons).toEqual([{ partialSeasonKey: "first-half", eventKeys: subset, createdAt: expect.any(String) }]);
    expectError(
      await call("POST", `/api/v1/seasons/${s.seasonKey}/partial-seasons`, { key: s.sk, body: { partialSeasonKey: "x", eventKeys: ["not-a-member"] } }),
      400,
      "validation_failed",
    );
    expectError(
      await call("POST", `/api/v1/seasons/${s.seasonKey}/partial-seasons`, { key: s.sk, body: { partialSeasonKey: "first-half", eventKeys: subset } }),
      409,
      "season_exists",
    );
    const held = await seasonSeats(s, "hold", { objectLabels: ["A-1-1"], holdToken: token() }, s.pk, "first-half");
    expectOk(held);
    expect(held.body.partialSeasonKey).toBe("first-half");
    expect(held.body.objects[0].eventKeys.sort()).toEqual([...subset].sort());
    expect(await statusOf(s, s.eventKeys[3]!, "A-1-1")).toBeUndefined();
    expectError(await seasonSeats(s, "hold", { objectLabels: ["A-1-1"], holdToken: token() }, s.pk, "nope"), 404, "partial_season_not_found");
  });

  it("starts an added event with the season's booked seats booked", async () => {
    const s = await newSeason(2);
    const t = token();
    expectOk(await seasonSeats(s, "hold", { objectLabels: ["A-1-7", "A-1-8"], holdToken: t }, s.pk));
    expectOk(await seasonSeats(s, "book", { objectLabels: ["A-1-7"], holdToken: t }));
    const added = `${s.seasonKey}-g9`;
    const res = await call("POST", `/api/v1/seasons/${s.seasonKey}/events`, { key: s.sk, body: { eventKeys: [added] } });
    expectOk(res);
    expect(res.body.eventKeys).toEqual([...s.eventKeys, added]);
    expect(await statusOf(s, added, "A-1-7")).toMatchObject({ status: "booked" });
    expect(await statusOf(s, added, "A-1-8")).toBeUndefined();
    expectError(await call("POST", `/api/v1/seasons/${s.seasonKey}/events`, { key: s.sk, body: { eventKeys: [added] } }), 409, "event_exists");
  });
});

describe("season webhooks and recovery", () => {
  it("tags status entries, history records and seat.* webhooks with seasonKey and partialSeasonKey", async () => {
    const s = await newSeason(2);
    const f: EventFixture = { keys: s.keys, chartKey: s.chartKey, eventKey: s.eventKeys[0]!, environment: "sandbox", sk: s.sk, pk: s.pk };
    await pauseOutbox(f);
    expectOk(
      await call("POST", `/api/v1/seasons/${s.seasonKey}/partial-seasons`, { key: s.sk, body: { partialSeasonKey: "half", eventKeys: s.eventKeys } }),
      201,
    );
    const t = token();
    expectOk(await seasonSeats(s, "hold", { objectLabels: ["A-1-2"], holdToken: t }, s.pk, "half"));
    expect(await statusOf(s, f.eventKey, "A-1-2")).toMatchObject({ status: "held", seasonKey: s.seasonKey, partialSeasonKey: "half" });
    const history = await call("GET", `/api/v1/events/${f.eventKey}/status-changes?objectLabel=A-1-2`, { key: s.sk });
    expectOk(history);
    expect(history.body.items[0]).toMatchObject({ cause: "hold", status: "held", seasonKey: s.seasonKey, partialSeasonKey: "half" });
    const held = (await outboxEvents(f)).find((e) => e.type === "seat.held" && e.object.objectLabel === "A-1-2");
    expect(held?.object).toMatchObject({ seasonKey: s.seasonKey, partialSeasonKey: "half" });
  });

  it("keeps the season's tags on changes made outside a season action: an expiry, an event route's release", async () => {
    const s = await newSeason(2);
    const [first, second] = s.eventKeys as [string, string];
    expectOk(await seasonSeats(s, "hold", { objectLabels: ["A-1-3"], holdToken: token(), ttlSeconds: 1 }, s.pk));
    const t = token();
    expectOk(await seasonSeats(s, "hold", { objectLabels: ["A-1-4"], holdToken: t }, s.pk));
    expectOk(await call("POST", `/api/v1/events/${first}/seats/release`, { key: s.pk, body: { objectLabels: ["A-1-4"], holdToken: t } }));
    const released = await call("GET", `/api/v1/events/${first}/status-changes?objectLabel=A-1-4`, { key: s.sk });
    expectOk(released);
    expect(released.body.items.at(-1)).toMatchObject({ cause: "release", status: "free", seasonKey: s.seasonKey });
    await new Promise((r) => setTimeout(r, 1_200));
    for (const e of [first, second]) {
      expect(await statusOf(s, e, "A-1-3")).toBeUndefined();
      const expired = await call("GET", `/api/v1/events/${e}/status-changes?objectLabel=A-1-3`, { key: s.sk });
      expectOk(expired);
      expect(expired.body.items.at(-1)).toMatchObject({ cause: "expire", status: "free", seasonKey: s.seasonKey });
    }
  });

  it("settles a prepared action whose coordinator never decided: presumed abort within seconds", async () => {
    const s = await newSeason(1);
    const { env } = await import("cloudflare:workers");
    const { eventStub } = await import("../src/event-object/event-stub");
    const stub = eventStub(env, s.keys.workspaceId, "sandbox", s.eventKeys[0]!);
    const t = token();
    const prepared = await stub.seasonPrepare(
      {
        actionId: `sa-${crypto.randomUUID()}`,
        coordinator: `${s.keys.workspaceId}:sandbox:${s.seasonKey}`,
        prepareWindowMs: 200,
        season: { seasonKey: s.seasonKey },
        expiresAt: Date.now() + 60_000,
        kind: "hold",
        body: { objectLabels: ["A-1-9"], holdToken: t, ttlSeconds: 60 },
      },
      { kind: "secret" },
    );
    expect(prepared.ok).toBe(true);
    expect(await statusOf(s, s.eventKeys[0]!, "A-1-9")).toMatchObject({ status: "held" });
    let entry: unknown = "held";
    for (let i = 0; i < 50 && entry !== undefined; i++) {
      await sleep(100);
      entry = await statusOf(s, s.eventKeys[0]!, "A-1-9");
    }
    expect(entry).toBeUndefined();
  });
});
