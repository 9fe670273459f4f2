import { createExecutionContext, evictDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { createApp } from "../src/app";
import { describe, expect, it } from "vitest";
import { hall, putChannels } from "./support/channels";
import { api, call, expectError, newEvent, outboxEvents, pauseOutbox, stubOf, token, type EventFixture } from "./support/fixtures";

/**
 * Channels (docs/channels.md) through the API: PUT/GET and the event record, validation that names the
 * path, enforcement on every hold path (seat, GA, best available, the hold lane), the box office's
 * ignoreChannels, and the reads (objects, status, webhooks, reports) that carry channelKey.
 */

const getChannels = (f: EventFixture, key = f.pk) => call("GET", `/api/v1/events/${f.eventKey}/channels`, { key });
const bestAvailable = (f: EventFixture, body: Record<string, unknown>, key = f.pk) =>
  call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, { key, body });
const ga = (f: EventFixture, t: string, quantity: number, extra: Record<string, unknown> = {}, key = f.pk) =>
  api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity, ...extra }, key);

const presale = { key: "presale", name: "Presale", color: "#123456", objectLabels: ["R1-1", "R1-2", "R1-3"], areaPlaces: { Floor: 10 } };
const sponsor = { key: "sponsor", name: "Sponsor", objectLabels: ["R2-6"] };

describe("channels: storage, routes and validation", () => {
  it("PUT replaces the channels, GET answers them, the event record and list carry keys and names", async () => {
    const f = await newEvent({ layout: hall() });
    const put = await putChannels(f, [presale, sponsor]);
    expect(put.status).toBe(200);
    expect(put.body.channels).toEqual([presale, { ...sponsor }]);
    expect((await getChannels(f)).body.channels).toEqual([presale, sponsor]);
    expect((await api.event(f)).body.channels).toEqual([
      { key: "presale", name: "Presale" },
      { key: "sponsor", name: "Sponsor" },
    ]);
    const list = await call("GET", "/api/v1/events", { key: f.sk });
    expect(list.body.items.find((e: { eventKey: string }) => e.eventKey === f.eventKey).channels).toHaveLength(2);
    // Replaced wholesale; [] clears.
    expect((await putChannels(f, [sponsor])).body.channels).toEqual([sponsor]);
    expect((await putChannels(f, [])).body.channels).toEqual([]);
    expect((await api.event(f)).body.channels).toEqual([]);
  });

  it("refuses bad channels with 400 naming the path, and changes nothing", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [presale]);
    const cases: [unknown, string][] = [
      [[{ key: "NO_CHANNEL", name: "x", objectLabels: [] }], "channels.0.key"],
      [[{ key: "bad key", name: "x", objectLabels: [] }], "channels.0.key"],
      [[{ key: "k".repeat(65), name: "x", objectLabels: [] }], "channels.0.key"],
      [[{ key: "a", name: "", objectLabels: [] }], "channels.0.name"],
      [
        [
          { key: "a", name: "A", objectLabels: [] },
          { key: "a", name: "B", objectLabels: [] },
        ],
        "channels.1.key",
      ],
      [
        [
          { key: "a", name: "A", objectLabels: ["R1-1"] },
          { key: "b", name: "B", objectLabels: ["R1-2", "R1-1"] },
        ],
        "channels.1.objectLabels.1",
      ],
      [[{ key: "a", name: "A", objectLabels: ["R1-1", "nope"] }], "channels.0.objectLabels.1"],
      [[{ key: "a", name: "A", objectLabels: ["Floor"] }], "channels.0.objectLabels.0"],
      [[{ key: "a", name: "A", objectLabels: [], areaPlaces: { "R1-1": 2 } }], "channels.0.areaPlaces.R1-1"],
      [[{ key: "a", name: "A", objectLabels: [], areaPlaces: { Nope: 2 } }], "channels.0.areaPlaces.Nope"],
      [
        [
          { key: "a", name: "A", objectLabels: [], areaPlaces: { Floor: 60 } },
          { key: "b", name: "B", objectLabels: [], areaPlaces: { Floor: 41 } },
        ],
        "channels.0.areaPlaces.Floor",
      ],
      [[{ key: "a", name: "A", objectLabels: [], color: "red" }], "channels.0.color"],
    ];
    for (const [channels, path] of cases) {
      const res = await putChannels(f, channels);
      expectError(res, 400, "validation_failed");
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(channels)).toContain(path);
    }
    expect((await getChannels(f)).body.channels).toEqual([presale]);
    expectError(await putChannels(f, [], f.pk), 403, "public_key_not_allowed");
    expectError(await call("GET", "/api/v1/events/nope/channels", { key: f.pk }), 404, "event_not_found");
  });
});

describe("channels: enforcement on every hold path", () => {
  it("a seat hold takes only from the named pools (default the open pool); a refusal is 409 not_in_channel and changes nothing", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [presale, sponsor]);
    const t = token();
    const refused = await api.hold(f, { objectLabels: ["R1-4", "R1-1"], holdToken: t });
    expectError(refused, 409, "seat_unavailable");
    expect(refused.body.failed).toEqual([{ objectLabel: "R1-1", reason: "not_in_channel" }]);
    expect((await api.status(f)).body.objects).toEqual([]);
    // One free seat (the one-statement claim in holds.ts) is gated alike.
    const single = await api.hold(f, { objectLabels: ["R1-3"], holdToken: token() });
    expectError(single, 409, "seat_unavailable");
    expect(single.body.failed).toEqual([{ objectLabel: "R1-3", reason: "not_in_channel" }]);
    expect((await api.hold(f, { objectLabels: ["R1-1", "R1-2"], holdToken: t, channelKeys: ["presale"] })).status).toBe(200);
    // presale alone cannot take an open seat; presale plus NO_CHANNEL can.
    expectError(await api.hold(f, { objectLabels: ["R1-4"], holdToken: t, channelKeys: ["presale"] }), 409, "seat_unavailable");
    expect((await api.hold(f, { objectLabels: ["R1-4"], holdToken: t, channelKeys: ["presale", "NO_CHANNEL"] })).status).toBe(200);
    // A retry of what the token holds passes whatever the keys.
    expect((await api.hold(f, { objectLabels: ["R1-1"], holdToken: t })).status).toBe(200);
    // An unknown channel key is a pool with no seats.
    expectError(await api.hold(f, { objectLabels: ["R2-1"], holdToken: token(), channelKeys: ["ghost"] }), 409, "seat_unavailable");
  });

  it("the hold fast lane and the router refuse alike, and a publishable key may not send ignoreChannels", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [presale]);
    const app = createApp();
    const answer = async (via: "lane" | "router", body: unknown) => {
      const request = new Request(`http://service.test/api/v1/events/${f.eventKey}/seats/hold`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Api-Key": f.pk, "CF-Connecting-IP": "203.0.113.7" },
        body: JSON.stringify(body),
      });
      const res = via === "lane" ? await exports.default.fetch(request) : await app.fetch(request, env, createExecutionContext());
      return { status: res.status, body: await res.json() };
    };
    for (const body of [
      { objectLabels: ["R1-1"], holdToken: token() },
      { objectLabels: ["R1-1"], holdToken: token(), ignoreChannels: true },
      { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: 11, channelKeys: ["presale"] },
    ]) {
      const [lane, router] = [await answer("lane", body), await answer("router", body)];
      expect(lane).toEqual(router);
      expect([409, 400]).toContain(lane.status);
    }
    const bad = await api.hold(f, { objectLabels: ["R1-1"], holdToken: token(), ignoreChannels: true });
    expectError(bad, 400, "validation_failed");
    expect(bad.body.errors).toHaveProperty("ignoreChannels");
    expectError(await bestAvailable(f, { quantity: 1, holdToken: token(), ignoreChannels: true }), 400, "validation_failed");
    expectError(await api.hold(f, { objectLabels: ["R1-1"], holdToken: token(), channelKeys: [] }), 400, "validation_failed");
    expectError(await api.hold(f, { objectLabels: ["R1-1"], holdToken: token(), channelKeys: ["bad key"] }), 400, "validation_failed");
    // The box office takes from any pool.
    expect((await api.hold(f, { objectLabels: ["R1-1", "R2-1"], holdToken: token(), ignoreChannels: true }, f.sk)).status).toBe(200);
  });

  it("GA places come from the named pools only: 409 insufficient_capacity beyond them, nothing changed", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [presale]); // Floor: 10 presale, 90 open
    const a = token("a");
    const over = await ga(f, a, 11, { channelKeys: ["presale"] });
    expectError(over, 409, "seat_unavailable");
    expect(over.body.failed).toEqual([{ objectLabel: "Floor", reason: "insufficient_capacity" }]);
    expect((await ga(f, a, 10, { channelKeys: ["presale"] })).status).toBe(200);
    expectError(await ga(f, token("b"), 1, { channelKeys: ["presale"] }), 409, "seat_unavailable");
    // A publishable key holds at most 50 places per request: the open pool's 90 go to two buyers.
    expect((await ga(f, token("c"), 50)).status).toBe(200);
    expect((await ga(f, token("c2"), 40)).status).toBe(200);
    expectError(await ga(f, token("d"), 1), 409);
    // Resizing within its pool; a booked token stays in its pool.
    expect((await ga(f, a, 5, { channelKeys: ["presale"] })).status).toBe(200);
    expect((await api.book(f, { objectLabels: ["Floor"], holdToken: a })).status).toBe(200);
    const report = (await api.reports(f)).body.byChannel as { channelKey: string | null; status: string; count: number }[];
    const count = (k: string | null, s: string) => report.find((r) => r.channelKey === k && r.status === s)?.count;
    // Seats count too: 3 presale seats and 9 open ones, all free.
    expect([count("presale", "booked"), count("presale", "free"), count(null, "held"), count(null, "free")]).toEqual([5, 3 + 5, 90, 9 + 0]);
  });

  it("best available considers only seats in the named pools", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [{ key: "presale", name: "Presale", objectLabels: ["R2-3", "R2-4"] }]);
    const got = await bestAvailable(f, { quantity: 2, holdToken: token(), channelKeys: ["presale"] });
    expect(got.status).toBe(200);
    expect(got.body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["R2-3", "R2-4"]);
    expectError(await bestAvailable(f, { quantity: 1, holdToken: token(), channelKeys: ["presale"] }), 409, "no_best_available");
    const open = await bestAvailable(f, { quantity: 10, holdToken: token() });
    expect(open.status).toBe(200);
    expect(open.body.objects.every((o: { objectLabel: string }) => !["R2-3", "R2-4"].includes(o.objectLabel))).toBe(true);
    expectError(await bestAvailable(f, { quantity: 1, holdToken: token() }), 409, "no_best_available");
  });

  it("moving a held or booked seat between channels keeps its status; book, release and extend ignore channels", async () => {
    const f = await newEvent({ layout: hall() });
    const t = token();
    expect((await api.hold(f, { objectLabels: ["R1-1", "R1-2"], holdToken: t })).status).toBe(200);
    expect((await api.book(f, { objectLabels: ["R1-1"], holdToken: t })).status).toBe(200);
    await putChannels(f, [presale]);
    const status = (await api.status(f, "", f.sk)).body.objects as { objectLabel: string; status: string; channelKey?: string }[];
    expect(status.map((e) => [e.objectLabel, e.status, e.channelKey]).sort()).toEqual([
      ["R1-1", "booked", "presale"],
      ["R1-2", "held", "presale"],
    ]);
    expect((await api.extend(f, { holdToken: t })).status).toBe(200);
    expect((await api.book(f, { objectLabels: ["R1-2"], holdToken: t })).status).toBe(200);
    expect((await api.release(f, { objectLabels: ["R1-1"], holdToken: t })).status).toBe(200);
  });
});

describe("channels: reads", () => {
  it("objects (full and compact) carry channelKey, status entries and seat.* webhooks too, reports byChannel", async () => {
    const f = await newEvent({ layout: hall() });
    await pauseOutbox(f);
    await putChannels(f, [presale]);
    const objects = (await api.objects(f)).body.objects as { objectLabel: string; channelKey?: string | null; channelPlaces?: unknown }[];
    expect(objects.find((o) => o.objectLabel === "R1-1")?.channelKey).toBe("presale");
    expect(objects.find((o) => o.objectLabel === "R2-1")?.channelKey).toBeNull();
    expect(objects.find((o) => o.objectLabel === "Floor")?.channelPlaces).toEqual({ presale: 10 });
    const compact = (await api.objects(f, "?format=compact")).body;
    expect(compact.channels).toEqual({ presale: ["R1-1", "R1-2", "R1-3"] });
    await api.hold(f, { objectLabels: ["R1-1"], holdToken: token(), channelKeys: ["presale"] });
    await api.hold(f, { objectLabels: ["R2-1"], holdToken: token() });
    const status = (await api.status(f)).body.objects as { objectLabel: string; channelKey?: string }[];
    expect(status.find((e) => e.objectLabel === "R1-1")?.channelKey).toBe("presale");
    expect(status.find((e) => e.objectLabel === "R2-1")).not.toHaveProperty("channelKey");
    const events = await outboxEvents(f);
    expect(events.find((e) => e.object.objectLabel === "R1-1")?.object.channelKey).toBe("presale");
    expect(events.find((e) => e.object.objectLabel === "R2-1")?.object).not.toHaveProperty("channelKey");
    const report = (await api.reports(f)).body.byChannel as { channelKey: string | null; status: string; count: number }[];
    const count = (k: string | null, s: string) => report.find((r) => r.channelKey === k && r.status === s)?.count;
    expect([count("presale", "held"), count("presale", "free"), count(null, "held"), count(null, "free")]).toEqual([1, 2 + 10, 1, 8 + 90]);
  });

  it("channels and GA pools survive a restart of the event's object", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [presale]);
    expect((await ga(f, token("a"), 8, { channelKeys: ["presale"] })).status).toBe(200);
    await evictDurableObject(stubOf(f));
    expect((await getChannels(f)).body.channels).toEqual([presale]);
    expectError(await api.hold(f, { objectLabels: ["R1-2"], holdToken: token() }), 409, "seat_unavailable");
    expect((await api.hold(f, { objectLabels: ["R1-2"], holdToken: token(), channelKeys: ["presale"] })).status).toBe(200);
    const over = await ga(f, token("b"), 3, { channelKeys: ["presale"] });
    expect(over.body.failed).toEqual([{ objectLabel: "Floor", reason: "insufficient_capacity" }]);
    expect((await bestAvailable(f, { quantity: 1, holdToken: token(), channelKeys: ["presale"] })).body.objects[0].objectLabel).toMatch(/^R1-[13]$/);
  });

  it("a channel change records no history", async () => {
    const f = await newEvent({ layout: hall() });
    await api.hold(f, { objectLabels: ["R1-1"], holdToken: token() });
    const before = (await call("GET", `/api/v1/events/${f.eventKey}/status-changes`, { key: f.sk })).body;
    await putChannels(f, [presale]);
    const after = (await call("GET", `/api/v1/events/${f.eventKey}/status-changes`, { key: f.sk })).body;
    expect(after).toEqual(before);
  });
});
