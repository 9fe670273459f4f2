import { describe, expect, it } from "vitest";
import { call, expectError, newChart, newWorkspace, uniqueKey } from "./support/fixtures";

/** Event details (docs/channels.md): name and startsAt on create, in the record and lists, and PATCH. */

describe("event details: name and startsAt", () => {
  it("create takes them, the record and the list show them (null when unset), PATCH changes them", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const sk = keys.skTest;
    const eventKey = uniqueKey("ev");
    const created = await call("POST", "/api/v1/events", { key: sk, body: { chartKey, eventKey, name: "Gala night", startsAt: "2026-12-31T20:00:00+01:00" } });
    expect(created.status).toBe(201);
    expect([created.body.name, created.body.startsAt, created.body.channels]).toEqual(["Gala night", "2026-12-31T19:00:00.000Z", []]);
    const bare = await call("POST", "/api/v1/events", { key: sk, body: { chartKey } });
    expect([bare.body.name, bare.body.startsAt]).toEqual([null, null]);
    const list = await call("GET", "/api/v1/events", { key: sk });
    expect(list.body.items.find((e: { eventKey: string }) => e.eventKey === eventKey)).toMatchObject({
      name: "Gala night",
      startsAt: "2026-12-31T19:00:00.000Z",
    });

    const renamed = await call("PATCH", `/api/v1/events/${eventKey}`, { key: sk, body: { name: "New Year's Gala" } });
    expect(renamed.status).toBe(200);
    expect([renamed.body.name, renamed.body.startsAt]).toEqual(["New Year's Gala", "2026-12-31T19:00:00.000Z"]);
    const moved = await call("PATCH", `/api/v1/events/${eventKey}`, { key: sk, body: { startsAt: "2027-01-01T18:30:00Z" } });
    expect([moved.body.name, moved.body.startsAt]).toEqual(["New Year's Gala", "2027-01-01T18:30:00.000Z"]);
    expect((await call("GET", `/api/v1/events/${eventKey}`, { key: keys.pkTest })).body.startsAt).toBe("2027-01-01T18:30:00.000Z");
  });

  it("validates name and startsAt, needs one of them, a secret key, and an event of the scope", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const sk = keys.skTest;
    for (const body of [
      { chartKey, name: "" },
      { chartKey, name: "x".repeat(256) },
      { chartKey, startsAt: "tomorrow" },
      { chartKey, startsAt: "2026-12-31" },
    ]) {
      expectError(await call("POST", "/api/v1/events", { key: sk, body }), 400, "validation_failed");
    }
    const eventKey = uniqueKey("ev");
    await call("POST", "/api/v1/events", { key: sk, body: { chartKey, eventKey } });
    expectError(await call("PATCH", `/api/v1/events/${eventKey}`, { key: sk, body: {} }), 400, "validation_failed");
    expectError(await call("PATCH", `/api/v1/events/${eventKey}`, { key: sk, body: { startsAt: "soon" } }), 400, "validation_failed");
    expectError(await call("PATCH", `/api/v1/events/${eventKey}`, { key: keys.pkTest, body: { name: "x" } }), 403, "public_key_not_allowed");
    expectError(await call("PATCH", `/api/v1/events/nope-${eventKey}`, { key: sk, body: { name: "x" } }), 404, "event_not_found");
    const other = await newWorkspace();
    expectError(await call("PATCH", `/api/v1/events/${eventKey}`, { key: other.skTest, body: { name: "x" } }), 403, "forbidden");
  });
});
