/**
 * Time zones of events and seasons: the venue's IANA zone, validated with Intl, in records and
 * PATCH; a start typed as the venue's clock shows it ("2027-02-06 15:00") is read in that zone, over
 * daylight-saving changes too; and the words the dashboard shows a time in.
 */
import { describe, expect, it } from "vitest";
import { canonicalTimeZone, isDateTimeInput, localInputValue, toInstant, zonedText } from "../src/domain/time-zones";
import { call, expectError, newChart, newWorkspace, uniqueKey } from "./support/fixtures";

describe("time zones, as plain functions", () => {
  it("knows IANA names in their canonical spelling and refuses the rest", () => {
    expect(canonicalTimeZone("Europe/London")).toBe("Europe/London");
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    for (const bad of ["Mars/Olympus", "", "GMT+25", "x".repeat(70)]) expect(canonicalTimeZone(bad)).toBeNull();
  });

  it("reads a wall-clock time in the zone, the skipped hour just after the change and the doubled hour the first time", () => {
    expect(toInstant("2027-02-06 15:00", "Europe/London")).toBe("2027-02-06T15:00:00.000Z");
    expect(toInstant("2027-02-06T15:00", "Europe/Berlin")).toBe("2027-02-06T14:00:00.000Z");
    expect(toInstant("2027-07-06T15:00", "Europe/Berlin")).toBe("2027-07-06T13:00:00.000Z");
    expect(toInstant("2027-01-10T19:30", "America/New_York")).toBe("2027-01-11T00:30:00.000Z");
    expect(toInstant("2027-01-10T19:30", "Asia/Kathmandu")).toBe("2027-01-10T13:45:00.000Z");
    // London: clocks go forward at 01:00 GMT on 28 March 2027 and back at 02:00 BST on 31 October.
    expect(toInstant("2027-03-28T01:30", "Europe/London")).toBe("2027-03-28T01:30:00.000Z");
    expect(toInstant("2027-10-31T01:30", "Europe/London")).toBe("2027-10-31T00:30:00.000Z");
    // An offset decides by itself, whatever the zone.
    expect(toInstant("2027-02-06T15:00:00+01:00", "America/New_York")).toBe("2027-02-06T14:00:00.000Z");
    expect(toInstant("2027-02-06T15:00", undefined)).toBe("2027-02-06T15:00:00.000Z");
  });

  it("accepts the forms people type, and no date that does not exist", () => {
    for (const ok of ["2027-02-06 15:00", "2027-02-06T15:00", "2027-02-06T15:00:30", "2027-02-06T15:00:00Z", "2027-02-06T15:00:00.123+05:30"])
      expect(isDateTimeInput(ok), ok).toBe(true);
    for (const bad of ["2027-02-06", "tomorrow", "2027-02-30T10:00", "2027-13-01T10:00", "2027-02-06T25:00", "15:00"])
      expect(isDateTimeInput(bad), bad).toBe(false);
  });

  it("shows an instant on the venue's clock with its offset", () => {
    expect(zonedText("2027-02-06T14:00:00.000Z", "Europe/Berlin")).toBe("Sat 6 Feb 2027, 15:00 (UTC+01:00, Europe/Berlin)");
    expect(zonedText("2027-07-06T13:00:00.000Z", "Europe/Berlin")).toBe("Tue 6 Jul 2027, 15:00 (UTC+02:00, Europe/Berlin)");
    expect(zonedText("2027-01-11T00:30:00.000Z", "America/New_York")).toBe("Sun 10 Jan 2027, 19:30 (UTC-05:00, America/New_York)");
    expect(zonedText("2027-01-11T00:30:00.000Z", "UTC")).toBe("Mon 11 Jan 2027, 00:30 (UTC+00:00)");
    expect(localInputValue("2027-02-06T14:00:00.000Z", "Europe/Berlin")).toBe("2027-02-06T15:00");
    expect(localInputValue(null, "Europe/Berlin")).toBe("");
  });
});

describe("an event's time zone through the API", () => {
  it("is UTC by default, set on create and by PATCH, and reads a start without an offset on its clock", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const sk = keys.skTest;
    const bare = await call("POST", "/api/v1/events", { key: sk, body: { chartKey } });
    expect(bare.body.timeZone).toBe("UTC");
    const eventKey = uniqueKey("ev");
    const created = await call("POST", "/api/v1/events", {
      key: sk,
      body: { chartKey, eventKey, timeZone: "europe/berlin", startsAt: "2027-02-06 15:00" },
    });
    expect(created.status).toBe(201);
    expect([created.body.timeZone, created.body.startsAt]).toEqual(["Europe/Berlin", "2027-02-06T14:00:00.000Z"]);
    expect((await call("GET", `/api/v1/events/${eventKey}`, { key: keys.pkTest })).body.timeZone).toBe("Europe/Berlin");

    // A new zone keeps the instant; a wall-clock start sent with it is read in the new zone.
    const moved = await call("PATCH", `/api/v1/events/${eventKey}`, { key: sk, body: { timeZone: "Europe/London" } });
    expect([moved.body.timeZone, moved.body.startsAt]).toEqual(["Europe/London", "2027-02-06T14:00:00.000Z"]);
    const both = await call("PATCH", `/api/v1/events/${eventKey}`, { key: sk, body: { timeZone: "America/New_York", startsAt: "2027-07-04T20:00" } });
    expect([both.body.timeZone, both.body.startsAt]).toEqual(["America/New_York", "2027-07-05T00:00:00.000Z"]);
    const listed = await call("GET", "/api/v1/events", { key: sk });
    expect(listed.body.items.find((e: { eventKey: string }) => e.eventKey === eventKey)).toMatchObject({ timeZone: "America/New_York" });
  });

  it("refuses a zone Intl does not know and a date that does not exist, naming the field", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const sk = keys.skTest;
    const bad = await call("POST", "/api/v1/events", { key: sk, body: { chartKey, timeZone: "Mars/Olympus" } });
    expectError(bad, 400, "validation_failed");
    expect(Object.keys(bad.body.errors)).toEqual(["timeZone"]);
    expectError(await call("POST", "/api/v1/events", { key: sk, body: { chartKey, startsAt: "2027-02-30 15:00" } }), 400, "validation_failed");
    const eventKey = uniqueKey("ev");
    await call("POST", "/api/v1/events", { key: sk, body: { chartKey, eventKey } });
    expectError(await call("PATCH", `/api/v1/events/${eventKey}`, { key: sk, body: { timeZone: 7 } }), 400, "validation_failed");
    expectError(await call("PATCH", `/api/v1/events/${eventKey}`, { key: keys.pkTest, body: { timeZone: "UTC" } }), 403, "public_key_not_allowed");
  });
});

describe("a season's games with names, starts and the venue's time zone", () => {
  it("creates its events with their names and starts read in the season's zone, adds more the same way, and changes its zone by PATCH", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const sk = keys.skTest;
    const seasonKey = uniqueKey("season");
    const games = [
      { eventKey: `${seasonKey}-1`, name: "City v United", startsAt: "2027-02-06 15:00" },
      { eventKey: `${seasonKey}-2`, name: "City v Rovers", startsAt: "2027-04-10T15:00" },
    ];
    const created = await call("POST", "/api/v1/seasons", {
      key: sk,
      body: { seasonKey, chartKey, name: "Home games", timeZone: "Europe/London", events: games },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ seasonKey, timeZone: "Europe/London", eventKeys: games.map((g) => g.eventKey) });
    const first = await call("GET", `/api/v1/events/${games[0]!.eventKey}`, { key: sk });
    expect(first.body).toMatchObject({ name: "City v United", startsAt: "2027-02-06T15:00:00.000Z", timeZone: "Europe/London" });
    // British Summer Time by April.
    expect((await call("GET", `/api/v1/events/${games[1]!.eventKey}`, { key: sk })).body.startsAt).toBe("2027-04-10T14:00:00.000Z");

    const added = await call("POST", `/api/v1/seasons/${seasonKey}/events`, {
      key: sk,
      body: { events: [{ eventKey: `${seasonKey}-3`, name: "City v Athletic", startsAt: "2027-05-01 12:30" }] },
    });
    expect(added.status).toBe(200);
    expect((await call("GET", `/api/v1/events/${seasonKey}-3`, { key: sk })).body).toMatchObject({
      name: "City v Athletic",
      startsAt: "2027-05-01T11:30:00.000Z",
      timeZone: "Europe/London",
    });

    const patched = await call("PATCH", `/api/v1/seasons/${seasonKey}`, { key: sk, body: { name: "Home games 2027", timeZone: "Europe/Dublin" } });
    expect(patched.body).toMatchObject({ name: "Home games 2027", timeZone: "Europe/Dublin" });
    expect((await call("GET", `/api/v1/seasons/${seasonKey}`, { key: sk })).body.timeZone).toBe("Europe/Dublin");
    expectError(await call("PATCH", `/api/v1/seasons/${seasonKey}`, { key: sk, body: {} }), 400, "validation_failed");
    expectError(await call("PATCH", `/api/v1/seasons/nope-${seasonKey}`, { key: sk, body: { name: "x" } }), 404, "season_not_found");
  });

  it("takes eventKeys or events, one of the two, and still takes eventKeys alone", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const sk = keys.skTest;
    const plain = await call("POST", "/api/v1/seasons", { key: sk, body: { chartKey, eventKeys: [uniqueKey("g")] } });
    expect(plain.status).toBe(201);
    expect(plain.body.timeZone).toBe("UTC");
    const k = uniqueKey("g");
    for (const body of [
      { chartKey },
      { chartKey, eventKeys: [k], events: [{ eventKey: k }] },
      { chartKey, events: [{ eventKey: k }, { eventKey: k }] },
      { chartKey, events: [{ eventKey: k, startsAt: "soon" }] },
      { chartKey, eventKeys: [k], timeZone: "Nowhere/Land" },
    ]) {
      expectError(await call("POST", "/api/v1/seasons", { key: sk, body }), 400, "validation_failed");
    }
    expectError(await call("GET", `/api/v1/events/${k}`, { key: sk }), 404, "event_not_found");
  });
});
