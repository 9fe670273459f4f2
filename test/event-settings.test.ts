/**
 * An event's settings copied to other events (POST /events/{eventKey}/copy-settings): selection
 * rules, channels, the accessible hold-back and the waiting room, with times that belong to the
 * date kept at their distance to each event's start; targets checked before anything is written.
 */
import { describe, expect, it } from "vitest";
import { api, call, expectError, expectOk, newChart, newWorkspace, uniqueKey, type TestKeys } from "./support/fixtures";

const DAY = 86_400_000;

/** A chart and three events on it (sandbox), the first with every setting a venue sets for a game. */
async function configuredGames(keys: TestKeys) {
  const sk = keys.skTest;
  const chartKey = await newChart(keys);
  const starts = ["2027-02-06T15:00:00.000Z", "2027-02-20T15:00:00.000Z", null];
  const games = [];
  for (const startsAt of starts) {
    const eventKey = uniqueKey("game");
    expectOk(await call("POST", "/api/v1/events", { key: sk, body: { chartKey, eventKey, ...(startsAt ? { startsAt } : {}) } }), 201);
    games.push(eventKey);
  }
  const [source] = games as [string, string, string];
  const base = `/api/v1/events/${source}`;
  expectOk(await call("PUT", `${base}/selection-rules`, { key: sk, body: { maxSeatsPerToken: 4, noOrphanSeats: true } }));
  expectOk(
    await call("PUT", `${base}/channels`, {
      key: sk,
      body: { channels: [{ key: "members", name: "Members' presale", color: "#aa3377", objectLabels: ["A-1-1", "A-1-2"], areaPlaces: { Floor: 10 } }] },
    }),
  );
  expectOk(await call("PUT", `${base}/accessibility`, { key: sk, body: { holdBack: true, releaseWhen: { at: "2027-02-05T15:00:00Z" } } }));
  expectOk(
    await call("PUT", `${base}/waiting-room`, { key: sk, body: { enabled: true, opensAt: "2027-01-30T10:00:00Z", admitPerMinute: 250, sessionMinutes: 12 } }),
  );
  return { chartKey, games };
}

describe("copying an event's settings to other events", () => {
  it("copies rules, channels, hold-back and waiting room; dated times keep their distance to each start", async () => {
    const keys = await newWorkspace();
    const sk = keys.skTest;
    const { games } = await configuredGames(keys);
    const [source, second, undated] = games as [string, string, string];
    const copied = await call("POST", `/api/v1/events/${source}/copy-settings`, { key: sk, body: { toEventKeys: [second, undated, source] } });
    expect(copied.status).toBe(200);
    expect(copied.body).toEqual({
      eventKey: source,
      toEventKeys: [second, undated],
      settings: ["selectionRules", "channels", "accessibility", "waitingRoom", "pricing"],
    });

    for (const game of [second, undated]) {
      const base = `/api/v1/events/${game}`;
      expect((await call("GET", `${base}/selection-rules`, { key: sk })).body).toMatchObject({ maxSeatsPerToken: 4, noOrphanSeats: true });
      expect((await call("GET", `${base}/channels`, { key: sk })).body.channels).toEqual([
        { key: "members", name: "Members' presale", color: "#aa3377", objectLabels: ["A-1-1", "A-1-2"], areaPlaces: { Floor: 10 } },
      ]);
      const event = (await call("GET", base, { key: sk })).body;
      expect(event.channels).toEqual([{ key: "members", name: "Members' presale" }]);
    }
    // Two weeks later, the release and the opening are two weeks later too; an undated game keeps the instants.
    const access = (game: string) => call("GET", `/api/v1/events/${game}/accessibility`, { key: sk }).then((r) => r.body);
    const room = (game: string) => call("GET", `/api/v1/events/${game}/waiting-room`, { key: sk }).then((r) => r.body);
    expect(await access(second)).toMatchObject({ holdBack: true, releaseWhen: { at: new Date(Date.parse("2027-02-05T15:00:00Z") + 14 * DAY).toISOString() } });
    expect(await room(second)).toMatchObject({
      enabled: true,
      opensAt: new Date(Date.parse("2027-01-30T10:00:00Z") + 14 * DAY).toISOString(),
      admitPerMinute: 250,
      sessionMinutes: 12,
    });
    expect(await access(undated)).toMatchObject({ releaseWhen: { at: "2027-02-05T15:00:00Z" } });
    expect(await room(undated)).toMatchObject({ opensAt: "2027-01-30T10:00:00.000Z" });

    // The copy sells like the source: a presale seat refused to the open pool, taken by the channel.
    const target = { keys, chartKey: "", eventKey: second, environment: "sandbox" as const, sk, pk: keys.pkTest };
    const refused = await api.hold(target, { objectLabels: ["A-1-1"], holdToken: "copy-open-1234" }, sk);
    expectError(refused, 409, "seat_unavailable");
    expect(refused.body.failed).toEqual([{ objectLabel: "A-1-1", reason: "not_in_channel" }]);
    expectOk(await api.hold(target, { objectLabels: ["A-1-1"], holdToken: "copy-members-1234", channelKeys: ["members"] }, sk));
  });

  it("copies only the settings named, and a source without a room switches the targets' rooms off", async () => {
    const keys = await newWorkspace();
    const sk = keys.skTest;
    const { chartKey, games } = await configuredGames(keys);
    const [source, second] = games as [string, string, string];
    const plain = uniqueKey("plain");
    expectOk(await call("POST", "/api/v1/events", { key: sk, body: { chartKey, eventKey: plain } }), 201);
    const only = await call("POST", `/api/v1/events/${source}/copy-settings`, { key: sk, body: { toEventKeys: [second], settings: ["selectionRules"] } });
    expect(only.body.settings).toEqual(["selectionRules"]);
    expect((await call("GET", `/api/v1/events/${second}/channels`, { key: sk })).body.channels).toEqual([]);
    expectError(await call("GET", `/api/v1/events/${second}/waiting-room`, { key: sk }), 404, "not_found");

    expectOk(await call("POST", `/api/v1/events/${source}/copy-settings`, { key: sk, body: { toEventKeys: [second], settings: ["waitingRoom"] } }));
    expect((await call("GET", `/api/v1/events/${second}/waiting-room`, { key: sk })).body.enabled).toBe(true);
    expectOk(await call("POST", `/api/v1/events/${plain}/copy-settings`, { key: sk, body: { toEventKeys: [second], settings: ["waitingRoom"] } }));
    expect((await call("GET", `/api/v1/events/${second}/waiting-room`, { key: sk })).body.enabled).toBe(false);
  });

  it("checks every target first: another chart's event for channels is 400, a missing one 404, and nothing is written", async () => {
    const keys = await newWorkspace();
    const sk = keys.skTest;
    const { games } = await configuredGames(keys);
    const [source, second] = games as [string, string, string];
    const otherChart = await newChart(keys);
    const elsewhere = uniqueKey("elsewhere");
    expectOk(await call("POST", "/api/v1/events", { key: sk, body: { chartKey: otherChart, eventKey: elsewhere } }), 201);

    const wrongChart = await call("POST", `/api/v1/events/${source}/copy-settings`, { key: sk, body: { toEventKeys: [second, elsewhere] } });
    expectError(wrongChart, 400, "validation_failed");
    expect(Object.keys(wrongChart.body.errors)).toEqual(["toEventKeys.1"]);
    expectError(
      await call("POST", `/api/v1/events/${source}/copy-settings`, { key: sk, body: { toEventKeys: [second, uniqueKey("none")] } }),
      404,
      "event_not_found",
    );
    expect((await call("GET", `/api/v1/events/${second}/selection-rules`, { key: sk })).body).toEqual({});
    // Without channels, another chart is fine.
    expectOk(await call("POST", `/api/v1/events/${source}/copy-settings`, { key: sk, body: { toEventKeys: [elsewhere], settings: ["selectionRules"] } }));

    for (const body of [
      {},
      { toEventKeys: [] },
      { toEventKeys: [second], settings: [] },
      { toEventKeys: [second], settings: ["prices"] },
      { toEventKeys: [second, second] },
    ])
      expectError(await call("POST", `/api/v1/events/${source}/copy-settings`, { key: sk, body }), 400, "validation_failed");
    expectError(
      await call("POST", `/api/v1/events/${source}/copy-settings`, { key: keys.pkTest, body: { toEventKeys: [second] } }),
      403,
      "public_key_not_allowed",
    );
    // Production's key does not reach sandbox events; another workspace's key is refused.
    expectError(await call("POST", `/api/v1/events/${source}/copy-settings`, { key: keys.skLive, body: { toEventKeys: [second] } }), 404, "event_not_found");
    const stranger = await newWorkspace();
    expectError(await call("POST", `/api/v1/events/${source}/copy-settings`, { key: stranger.skTest, body: { toEventKeys: [second] } }), 403, "forbidden");
  });
});
