import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { db } from "../src/db/client";
import { getChartByKey, loadPublishedLayout } from "../src/db/charts";
import { events } from "../src/db/schema";
import { eventStub } from "../src/event-object/event-stub";
import { call, expectError, newWorkspace, smallLayout, type TestKeys } from "./support/fixtures";

/**
 * Publish against real event Durable Objects. The event rows and objects are set up directly
 * (D1 insert + the engine's init), so these tests do not depend on the events routes.
 */
async function chartWithEvent(k: TestKeys, environment: "production" | "sandbox", eventKey: string) {
  await call("POST", "/api/v1/charts", { key: k.skLive, body: { name: "Hall", chartKey: "hall", draftVersion: smallLayout(4, 10) } });
  await call("POST", "/api/v1/charts/hall/publish", { key: k.skLive });
  const chart = (await getChartByKey(db(env), k.workspaceId, "hall"))!;
  const createdAt = new Date().toISOString();
  const eventId = `ev_${environment}_${k.workspaceId}`;
  await db(env).insert(events).values({ id: eventId, workspaceId: k.workspaceId, environment, eventKey, chartId: chart.id, createdAt });
  const stub = eventStub(env, k.workspaceId, environment, eventKey);
  await stub.init(
    { workspaceId: k.workspaceId, environment, eventKey, eventId, chartId: chart.id, chartKey: "hall", layoutVersion: chart.publishedVersion, createdAt },
    await loadPublishedLayout(db(env), chart),
  );
  return stub;
}

describe("publish with reservations on events", () => {
  it("publish-check lists, publish refuses, force publishes, unpublish never refuses", async () => {
    const k = await newWorkspace();
    const stub = await chartWithEvent(k, "sandbox", "gala");
    const held = await stub.hold({ objectLabels: ["A-1-1", "A-1-2"], holdToken: "token-123456", ttlSeconds: 600 }, { kind: "secret" });
    expect(held.ok).toBe(true);
    expect(
      (
        await stub.hold(
          { objectLabels: ["Floor"], holdToken: "token-123456", ttlSeconds: 600, objectType: "generalAdmission", quantity: 6 },
          { kind: "secret" },
        )
      ).ok,
    ).toBe(true);

    // Draft: A-1-1 removed, A-1-2 recategorised, Floor shrunk to 5 (6 held), A-1-3 untouched.
    const draft = smallLayout(4, 5);
    draft.sections[0]!.rows[0]!.seats.shift();
    draft.sections[0]!.rows[0]!.seats[0]!.categoryKey = "stalls";
    expect((await call("PATCH", "/api/v1/charts/hall", { key: k.skLive, body: { draftVersion: draft } })).body.draftVersion).toBe(2);

    const check = await call("GET", "/api/v1/charts/hall/publish-check", { key: k.skLive });
    expect(check.status).toBe(200);
    expect(check.body.chartKey).toBe("hall");
    expect(check.body.affected).toEqual(
      expect.arrayContaining([
        { eventKey: "gala", environment: "sandbox", objectLabel: "A-1-1", reason: "removed", held: 1, booked: 0 },
        { eventKey: "gala", environment: "sandbox", objectLabel: "A-1-2", reason: "category_changed", held: 1, booked: 0 },
        { eventKey: "gala", environment: "sandbox", objectLabel: "Floor", reason: "capacity_below_reserved", held: 6, booked: 0 },
      ]),
    );
    expect(check.body.affected).toHaveLength(3);

    const refused = await call("POST", "/api/v1/charts/hall/publish", { key: k.skTest });
    expectError(refused, 409, "publish_affects_reservations");
    expect(refused.body.failed).toEqual(expect.arrayContaining(check.body.affected));
    expect((await call("GET", "/api/v1/charts/hall", { key: k.skLive })).body).toMatchObject({ draftVersion: 2, publishedVersion: 1 });
    expect((await call("GET", "/api/v1/charts/hall/published", { key: k.skLive })).body).toEqual(smallLayout(4, 10));

    const forced = await call("POST", "/api/v1/charts/hall/publish?force=true", { key: k.skLive });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ draftVersion: 2, publishedVersion: 2 });
    expect((await call("GET", "/api/v1/charts/hall/published", { key: k.skLive })).body).toEqual(draft);

    const unpublished = await call("POST", "/api/v1/charts/hall/unpublish", { key: k.skLive });
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.publishedVersion).toBeNull();
  });

  it("a change that touches only free objects publishes without force", async () => {
    const k = await newWorkspace();
    const stub = await chartWithEvent(k, "production", "concert");
    expect((await stub.hold({ objectLabels: ["A-1-1"], holdToken: "token-abcdef", ttlSeconds: 600 }, { kind: "secret" })).ok).toBe(true);
    const draft = smallLayout(4, 10);
    draft.sections[0]!.rows[0]!.seats.pop();
    await call("PATCH", "/api/v1/charts/hall", { key: k.skLive, body: { draftVersion: draft } });
    expect((await call("GET", "/api/v1/charts/hall/publish-check", { key: k.skLive })).body.affected).toEqual([]);
    const res = await call("POST", "/api/v1/charts/hall/publish?force=false", { key: k.skLive });
    expect(res.status).toBe(200);
    expect(res.body.publishedVersion).toBe(2);
  });
});
