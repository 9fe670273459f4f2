/**
 * A sandbox event or season copied to production with its settings and not its sales
 * (POST /events/import-from-sandbox, POST /seasons/import-from-sandbox): a production secret key
 * only, the same chart, details and settings, nothing held, booked or off sale, the sandbox
 * original unchanged, and a conflict refused with nothing made.
 */
import { describe, expect, it } from "vitest";
import { api, call, expectError, expectOk, newChart, newWorkspace, token, uniqueKey, type TestKeys } from "./support/fixtures";

/** A sandbox event set up and partly sold: rules, a channel, hold-back, a waiting room, a booking, a hold and a seat off sale. */
async function rehearsedEvent(keys: TestKeys, chartKey: string, eventKey = uniqueKey("gala")) {
  const sk = keys.skTest;
  expectOk(
    await call("POST", "/api/v1/events", {
      key: sk,
      body: { chartKey, eventKey, name: "Gala night", startsAt: "2027-03-06 19:30", timeZone: "Europe/Paris" },
    }),
    201,
  );
  const base = `/api/v1/events/${eventKey}`;
  expectOk(await call("PUT", `${base}/selection-rules`, { key: sk, body: { maxSeatsPerToken: 6 } }));
  expectOk(await call("PUT", `${base}/channels`, { key: sk, body: { channels: [{ key: "sponsor", name: "Sponsor", objectLabels: ["A-1-9", "A-1-10"] }] } }));
  expectOk(await call("PUT", `${base}/accessibility`, { key: sk, body: { holdBack: true, releaseWhen: "event_sold_out" } }));
  expectOk(
    await call("PUT", `${base}/waiting-room`, { key: sk, body: { enabled: true, opensAt: "2027-03-01T09:00:00Z", admitPerMinute: 400, sessionMinutes: 15 } }),
  );
  const f = { keys, chartKey, eventKey, environment: "sandbox" as const, sk, pk: keys.pkTest };
  const t = token();
  expectOk(await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }, sk));
  expectOk(await api.book(f, { objectLabels: ["A-1-1"], holdToken: t, orderId: "rehearsal-1" }));
  expectOk(await api.notForSale(f, { objectLabels: ["A-1-5"] }));
  return eventKey;
}

describe("copying a sandbox event to production", () => {
  it("makes the production event with its chart, details and settings, and none of its sales", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const eventKey = await rehearsedEvent(keys, chartKey);
    const res = await call("POST", "/api/v1/events/import-from-sandbox", { key: keys.skLive, body: { eventKey } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      eventKey,
      chartKey,
      environment: "production",
      name: "Gala night",
      startsAt: "2027-03-06T18:30:00.000Z",
      timeZone: "Europe/Paris",
      selectionRules: { maxSeatsPerToken: 6 },
      channels: [{ key: "sponsor", name: "Sponsor" }],
    });
    const live = `/api/v1/events/${eventKey}`;
    const sk = keys.skLive;
    expect((await call("GET", `${live}/channels`, { key: sk })).body.channels[0].objectLabels).toEqual(["A-1-9", "A-1-10"]);
    expect((await call("GET", `${live}/accessibility`, { key: sk })).body).toMatchObject({ holdBack: true, releaseWhen: "event_sold_out" });
    expect((await call("GET", `${live}/waiting-room`, { key: sk })).body).toMatchObject({
      enabled: true,
      opensAt: "2027-03-01T09:00:00.000Z",
      admitPerMinute: 400,
      sessionMinutes: 15,
    });
    // Nothing held, booked or off sale came along; no history either.
    expect((await call("GET", `${live}/status`, { key: sk })).body.objects).toEqual([]);
    expect((await call("GET", `${live}/status-changes`, { key: sk })).body.items).toEqual([]);
    // The sandbox event is as it was.
    const sandbox = (await call("GET", `/api/v1/events/${eventKey}/status`, { key: keys.skTest })).body.objects.map(
      (o: { objectLabel: string; status: string }) => [o.objectLabel, o.status],
    );
    expect(sandbox).toEqual(
      expect.arrayContaining([
        ["A-1-1", "booked"],
        ["A-1-2", "held"],
        ["A-1-5", "not_for_sale"],
      ]),
    );
  });

  it("takes a new key, needs a production secret key, and refuses a key production has with nothing made", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const eventKey = await rehearsedEvent(keys, chartKey);
    const newEventKey = uniqueKey("gala-live");
    const renamed = await call("POST", "/api/v1/events/import-from-sandbox", { key: keys.skLive, body: { eventKey, newEventKey } });
    expect(renamed.status).toBe(201);
    expect(renamed.body.eventKey).toBe(newEventKey);

    const bySandbox = await call("POST", "/api/v1/events/import-from-sandbox", { key: keys.skTest, body: { eventKey } });
    expectError(bySandbox, 403, "forbidden");
    expectError(await call("POST", "/api/v1/events/import-from-sandbox", { key: keys.pkLive, body: { eventKey } }), 403, "public_key_not_allowed");
    expectError(await call("GET", `/api/v1/events/${eventKey}`, { key: keys.skLive }), 404, "event_not_found");

    expectError(await call("POST", "/api/v1/events/import-from-sandbox", { key: keys.skLive, body: { eventKey, newEventKey } }), 409, "event_exists");
    expectError(await call("POST", "/api/v1/events/import-from-sandbox", { key: keys.skLive, body: { eventKey: uniqueKey("none") } }), 404, "event_not_found");
    expectError(await call("POST", "/api/v1/events/import-from-sandbox", { key: keys.skLive, body: { eventKey: "bad key!" } }), 400, "validation_failed");
    // Another workspace's sandbox event is not reachable from this workspace's production.
    const stranger = await newWorkspace();
    expectError(await call("POST", "/api/v1/events/import-from-sandbox", { key: stranger.skLive, body: { eventKey } }), 403, "forbidden");
  });
});

describe("copying a sandbox season to production", () => {
  it("copies the season, its games with their details and settings, and its partial seasons; season sales stay behind", async () => {
    const keys = await newWorkspace();
    const sk = keys.skTest;
    const chartKey = await newChart(keys);
    const seasonKey = uniqueKey("season");
    const games = [`${seasonKey}-1`, `${seasonKey}-2`, `${seasonKey}-3`];
    expectOk(
      await call("POST", "/api/v1/seasons", {
        key: sk,
        body: {
          seasonKey,
          chartKey,
          name: "Home games",
          timeZone: "Europe/London",
          events: games.map((eventKey, i) => ({ eventKey, name: `Game ${i + 1}`, startsAt: `2027-0${i + 2}-06 15:00` })),
        },
      }),
      201,
    );
    expectOk(
      await call("POST", `/api/v1/seasons/${seasonKey}/partial-seasons`, { key: sk, body: { partialSeasonKey: "first-half", eventKeys: games.slice(0, 2) } }),
      201,
    );
    expectOk(await call("PUT", `/api/v1/events/${games[1]}/selection-rules`, { key: sk, body: { maxSeatsPerToken: 2 } }));
    const t = token();
    expectOk(await call("POST", `/api/v1/seasons/${seasonKey}/seats/hold`, { key: sk, body: { objectLabels: ["A-1-3"], holdToken: t } }));
    expectOk(await call("POST", `/api/v1/seasons/${seasonKey}/seats/book`, { key: sk, body: { objectLabels: ["A-1-3"], holdToken: t } }));

    const res = await call("POST", "/api/v1/seasons/import-from-sandbox", { key: keys.skLive, body: { seasonKey } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ seasonKey, name: "Home games", chartKey, timeZone: "Europe/London", eventKeys: games });
    expect(res.body.partialSeasons.map((p: { partialSeasonKey: string; eventKeys: string[] }) => [p.partialSeasonKey, p.eventKeys])).toEqual([
      ["first-half", games.slice(0, 2)],
    ]);
    const second = (await call("GET", `/api/v1/events/${games[1]}`, { key: keys.skLive })).body;
    expect(second).toMatchObject({ environment: "production", name: "Game 2", startsAt: "2027-03-06T15:00:00.000Z", selectionRules: { maxSeatsPerToken: 2 } });
    for (const g of games) expect((await call("GET", `/api/v1/events/${g}/status`, { key: keys.skLive })).body.objects).toEqual([]);

    // Production can now sell the season, from the first seat.
    const live = token();
    expectOk(await call("POST", `/api/v1/seasons/${seasonKey}/seats/hold`, { key: keys.skLive, body: { objectLabels: ["A-1-3"], holdToken: live } }));

    // Again: production has the season now, so nothing more is made.
    expectError(await call("POST", "/api/v1/seasons/import-from-sandbox", { key: keys.skLive, body: { seasonKey } }), 409, "season_exists");
    expectError(await call("POST", "/api/v1/seasons/import-from-sandbox", { key: keys.skTest, body: { seasonKey } }), 403, "forbidden");
    expectError(
      await call("POST", "/api/v1/seasons/import-from-sandbox", { key: keys.skLive, body: { seasonKey: uniqueKey("none") } }),
      404,
      "season_not_found",
    );
  });

  it("refuses a season whose event key production already has, and makes nothing", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const seasonKey = uniqueKey("season");
    const games = [`${seasonKey}-1`, `${seasonKey}-2`];
    expectOk(await call("POST", "/api/v1/seasons", { key: keys.skTest, body: { seasonKey, chartKey, eventKeys: games } }), 201);
    expectOk(await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey: games[1] } }), 201);
    expectError(await call("POST", "/api/v1/seasons/import-from-sandbox", { key: keys.skLive, body: { seasonKey } }), 409, "event_exists");
    expectError(await call("GET", `/api/v1/seasons/${seasonKey}`, { key: keys.skLive }), 404, "season_not_found");
    expectError(await call("GET", `/api/v1/events/${games[0]}`, { key: keys.skLive }), 404, "event_not_found");
  });
});
