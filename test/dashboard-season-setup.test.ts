/**
 * Setting up a season of games in the dashboard: the season form names and dates each game (keys
 * made from the names), the season page edits games, makes partial seasons and applies one game's
 * settings to every game, a new event copies another's settings, times are read and shown on the
 * event's clock, and sandbox events and seasons are copied to production with their settings.
 */
import { describe, expect, it } from "vitest";
import { call, newChart, uniqueKey } from "./support/fixtures";
import { dash, fetchWorker, signedIn } from "./support/dashboard";

const page = async (cookie: string, path: string) => {
  const res = await fetchWorker(path, { headers: { Cookie: cookie } });
  expect(res.status, path).toBe(200);
  return res.text();
};

describe("a season's games in the dashboard", () => {
  it("creates the games with names and starts on the season's clock, keyed from their names", async () => {
    const { keys, cookie } = await signedIn();
    const chartKey = await newChart(keys);
    const name = `Home games ${uniqueKey("y")}`;
    const made = await dash(cookie, "POST", "/dashboard/api/sandbox/seasons", {
      chartKey,
      name,
      timeZone: "Europe/London",
      events: [
        { name: "City v United", startsAt: "2027-02-06T15:00" },
        { name: "City v Rovers", startsAt: "2027-04-10T15:00" },
        { eventKey: uniqueKey("typed"), name: "City v United" },
      ],
    });
    expect(made.status).toBe(201);
    const seasonKey = made.body.seasonKey as string;
    expect(seasonKey).toBe(name.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
    const [first, second, third] = made.body.eventKeys as string[];
    expect([first, second]).toEqual([`${seasonKey}-city-v-united`, `${seasonKey}-city-v-rovers`]);
    expect(third).toMatch(/^typed-/);
    expect((await call("GET", `/api/v1/events/${first}`, { key: keys.skTest })).body).toMatchObject({
      name: "City v United",
      startsAt: "2027-02-06T15:00:00.000Z",
      timeZone: "Europe/London",
    });
    expect((await call("GET", `/api/v1/events/${second}`, { key: keys.skTest })).body.startsAt).toBe("2027-04-10T14:00:00.000Z");

    const html = await page(cookie, `/dashboard/sandbox/seasons/${seasonKey}`);
    expect(html).toContain("Sat 6 Feb 2027, 15:00 (UTC+00:00, Europe/London)");
    expect(html).toContain("Sat 10 Apr 2027, 15:00 (UTC+01:00, Europe/London)");
    expect(html).toContain('value="2027-04-10T15:00"');
    for (const words of ["Apply settings to every game", "Create a partial season", "Add games", "Season box office", "Copy to production"])
      expect(html).toContain(words);

    // A season with no game is refused in words; so is a game start that is no date.
    const none = await dash(cookie, "POST", "/dashboard/api/sandbox/seasons", { chartKey, name: "Empty", events: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ events: ["add at least one game"] });
    const bad = await dash<{ errors: Record<string, string[]> }>(cookie, "POST", "/dashboard/api/sandbox/seasons", {
      chartKey,
      events: [{ name: "X", startsAt: "next week" }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["events.0.startsAt"]);
  });

  it("adds games, renames and re-dates one, makes a partial season, and changes the season's zone", async () => {
    const { keys, cookie } = await signedIn();
    const chartKey = await newChart(keys);
    const seasonKey = uniqueKey("season");
    const api = `/dashboard/api/sandbox/seasons/${seasonKey}`;
    expect(
      (await dash(cookie, "POST", "/dashboard/api/sandbox/seasons", { seasonKey, chartKey, timeZone: "Europe/Berlin", events: [{ name: "Game one" }] })).status,
    ).toBe(201);
    const added = await dash(cookie, "POST", `${api}/events`, { events: [{ name: "Game two", startsAt: "2027-08-01T18:30" }] });
    expect(added.status).toBe(200);
    const [one, two] = added.body.eventKeys as string[];
    expect(two).toBe(`${seasonKey}-game-two`);
    expect((await call("GET", `/api/v1/events/${two}`, { key: keys.skTest })).body).toMatchObject({
      startsAt: "2027-08-01T16:30:00.000Z",
      timeZone: "Europe/Berlin",
    });

    const patched = await dash(cookie, "PATCH", `/dashboard/api/sandbox/events/${one}`, { name: "Game one (moved)", startsAt: "2027-07-25T20:00" });
    expect(patched.body).toMatchObject({ name: "Game one (moved)", startsAt: "2027-07-25T18:00:00.000Z" });

    const partial = await dash(cookie, "POST", `${api}/partial-seasons`, { partialSeasonKey: "summer", eventKeys: [two] });
    expect(partial.status).toBe(201);
    expect(partial.body.partialSeasons).toMatchObject([{ partialSeasonKey: "summer", eventKeys: [two] }]);
    expect((await dash(cookie, "POST", `${api}/partial-seasons`, { partialSeasonKey: "empty", eventKeys: [] })).status).toBe(400);

    expect((await dash(cookie, "PATCH", api, { name: "Summer league", timeZone: "Europe/Lisbon" })).body).toMatchObject({
      name: "Summer league",
      timeZone: "Europe/Lisbon",
    });
    const html = await page(cookie, `/dashboard/sandbox/seasons/${seasonKey}`);
    expect(html).toContain("Summer league");
    expect(html).toContain("<strong>summer</strong>: Game two");
  });

  it("applies one game's settings to every game, or to a partial season's, and refuses a game of another season", async () => {
    const { keys, cookie } = await signedIn();
    const sk = keys.skTest;
    const chartKey = await newChart(keys);
    const seasonKey = uniqueKey("season");
    const games = [1, 2, 3].map((n) => ({ eventKey: `${seasonKey}-${n}`, startsAt: `2027-0${n + 1}-06T15:00` }));
    expect((await dash(cookie, "POST", "/dashboard/api/sandbox/seasons", { seasonKey, chartKey, events: games })).status).toBe(201);
    await dash(cookie, "POST", `/dashboard/api/sandbox/seasons/${seasonKey}/partial-seasons`, { partialSeasonKey: "late", eventKeys: [games[2]!.eventKey] });
    const [g1, g2, g3] = games.map((g) => g.eventKey) as [string, string, string];
    await call("PUT", `/api/v1/events/${g1}/selection-rules`, { key: sk, body: { maxSeatsPerToken: 3 } });
    await call("PUT", `/api/v1/events/${g1}/channels`, { key: sk, body: { channels: [{ key: "members", name: "Members", objectLabels: ["A-1-1"] }] } });
    await call("PUT", `/api/v1/events/${g1}/accessibility`, { key: sk, body: { holdBack: true, releaseWhen: "section_sold_out" } });

    const api = `/dashboard/api/sandbox/seasons/${seasonKey}/apply-settings`;
    const late = await dash(cookie, "POST", api, { fromEventKey: g1, settings: ["selectionRules"], partialSeasonKey: "late" });
    expect(late.body).toEqual({ eventKey: g1, toEventKeys: [g3], settings: ["selectionRules"] });
    expect((await call("GET", `/api/v1/events/${g2}/selection-rules`, { key: sk })).body).toEqual({});
    expect((await call("GET", `/api/v1/events/${g3}/selection-rules`, { key: sk })).body).toEqual({ maxSeatsPerToken: 3 });

    const all = await dash(cookie, "POST", api, {
      fromEventKey: g1,
      settings: ["selectionRules", "channels", "accessibility", "waitingRoom", "pricing"],
      partialSeasonKey: "",
    });
    expect(all.body.toEventKeys).toEqual([g2, g3]);
    for (const g of [g2, g3]) {
      const ev = (await call("GET", `/api/v1/events/${g}`, { key: sk })).body;
      expect(ev).toMatchObject({ selectionRules: { maxSeatsPerToken: 3 }, channels: [{ key: "members", name: "Members" }] });
      expect((await call("GET", `/api/v1/events/${g}/accessibility`, { key: sk })).body).toMatchObject({ holdBack: true });
    }
    const stranger = await dash(cookie, "POST", api, { fromEventKey: uniqueKey("other"), settings: ["channels"] });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors).toHaveProperty("fromEventKey");
    expect((await dash(cookie, "POST", api, { fromEventKey: g1, settings: [] })).status).toBe(400);
    expect((await dash(cookie, "POST", api, { fromEventKey: g1, settings: ["channels"], partialSeasonKey: "nope" })).body.code).toBe(
      "partial_season_not_found",
    );
  });
});

describe("events set up like another, times on the event's clock", () => {
  it("copies another event's settings into a new one (channels only from the same chart) and shows times in its zone", async () => {
    const { keys, cookie } = await signedIn();
    const sk = keys.skTest;
    const chartKey = await newChart(keys);
    const source = uniqueKey("source");
    expect((await dash(cookie, "POST", "/dashboard/api/sandbox/events", { chartKey, eventKey: source })).status).toBe(201);
    await call("PUT", `/api/v1/events/${source}/selection-rules`, { key: sk, body: { noOrphanSeats: true } });
    await call("PUT", `/api/v1/events/${source}/channels`, { key: sk, body: { channels: [{ key: "press", name: "Press", objectLabels: ["A-1-2"] }] } });

    const twin = await dash(cookie, "POST", "/dashboard/api/sandbox/events", {
      chartKey,
      name: "Matinee",
      startsAt: "2027-02-06T15:00",
      timeZone: "Europe/Berlin",
      copySettingsFrom: source,
    });
    expect(twin.status).toBe(201);
    expect(twin.body).toMatchObject({
      startsAt: "2027-02-06T14:00:00.000Z",
      timeZone: "Europe/Berlin",
      selectionRules: { noOrphanSeats: true },
      channels: [{ key: "press", name: "Press" }],
    });
    const otherChart = await newChart(keys);
    const elsewhere = await dash(cookie, "POST", "/dashboard/api/sandbox/events", { chartKey: otherChart, copySettingsFrom: source });
    expect(elsewhere.body).toMatchObject({ selectionRules: { noOrphanSeats: true }, channels: [] });
    const missing = await dash(cookie, "POST", "/dashboard/api/sandbox/events", {
      chartKey,
      eventKey: uniqueKey("never"),
      copySettingsFrom: uniqueKey("none"),
    });
    expect(missing.body.code).toBe("event_not_found");

    // The waiting room's opening and the hold-back's release are picked on the event's clock.
    const api = `/dashboard/api/sandbox/events/${twin.body.eventKey}`;
    const room = await dash(cookie, "PUT", `${api}/waiting-room`, { enabled: true, opensAt: "2027-02-01T10:00", admitPerMinute: 100, sessionMinutes: 10 });
    expect(room.body.opensAt).toBe("2027-02-01T09:00:00.000Z");
    const access = await dash(cookie, "PUT", `${api}/accessibility`, { holdBack: true, releaseWhen: "at", releaseAt: "2027-02-05T12:00" });
    expect(access.body).toMatchObject({ releaseWhen: { at: "2027-02-05T11:00:00.000Z" } });

    const html = await page(cookie, `/dashboard/sandbox/events/${twin.body.eventKey}`);
    expect(html).toContain("Sat 6 Feb 2027, 15:00 (UTC+01:00, Europe/Berlin)");
    expect(html).toMatch(/id="event-starts"[^>]*value="2027-02-06T15:00"|value="2027-02-06T15:00"[^>]*id="event-starts"/);
    expect(html).toMatch(/id="room-opens"[^>]*value="2027-02-01T10:00"|value="2027-02-01T10:00"[^>]*id="room-opens"/);
    expect(html).toContain('value="2027-02-05T12:00"');
    const list = await page(cookie, "/dashboard/sandbox/events");
    expect(list).toContain("Sat 6 Feb 2027, 15:00 (UTC+01:00, Europe/Berlin)");
  });
});

describe("copying to production from the dashboard", () => {
  it("copies a sandbox event and a sandbox season for the workspace, only into production", async () => {
    const { keys, cookie } = await signedIn();
    const chartKey = await newChart(keys);
    const eventKey = uniqueKey("gala");
    await dash(cookie, "POST", "/dashboard/api/sandbox/events", { chartKey, eventKey, name: "Gala" });
    await call("PUT", `/api/v1/events/${eventKey}/selection-rules`, { key: keys.skTest, body: { maxSeatsPerToken: 8 } });
    const sandboxPage = await page(cookie, `/dashboard/sandbox/events/${eventKey}`);
    expect(sandboxPage).toContain("Copy to production");
    expect(await page(cookie, `/dashboard/sandbox/events`)).not.toContain("sk_test_");

    const copied = await dash(cookie, "POST", "/dashboard/api/production/events/import-from-sandbox", { eventKey, newEventKey: `${eventKey}-live` });
    expect(copied.status).toBe(201);
    expect(copied.body).toMatchObject({ eventKey: `${eventKey}-live`, environment: "production", name: "Gala", selectionRules: { maxSeatsPerToken: 8 } });
    expect((await call("GET", `/api/v1/events/${eventKey}-live`, { key: keys.skLive })).status).toBe(200);
    expect(await page(cookie, `/dashboard/production/events/${eventKey}-live`)).not.toContain("Copy to production");
    expect((await dash(cookie, "POST", "/dashboard/api/sandbox/events/import-from-sandbox", { eventKey })).status).toBe(404);

    const seasonKey = uniqueKey("season");
    await dash(cookie, "POST", "/dashboard/api/sandbox/seasons", { seasonKey, chartKey, events: [{ name: "Opener", startsAt: "2027-09-01T19:00" }] });
    const season = await dash(cookie, "POST", "/dashboard/api/production/seasons/import-from-sandbox", { seasonKey });
    expect(season.status).toBe(201);
    expect(season.body).toMatchObject({ seasonKey, eventKeys: [`${seasonKey}-opener`] });
    expect(await page(cookie, `/dashboard/production/seasons/${seasonKey}`)).toContain("Opener");
  });
});
