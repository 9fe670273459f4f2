import { describe, expect, it } from "vitest";
import {
  api,
  call,
  createEvent,
  expectError,
  expectOk,
  newChart,
  newWorkspace,
  smallLayout,
  token,
  type EventFixture,
  type TestKeys,
} from "./support/fixtures";
import { dash, signedIn } from "./support/dashboard";

/**
 * A sandbox secret key may not change what production buyers hold (docs/security.md): its forced
 * publish, and its unpublish, are 403 `forbidden` where a production event of the chart has held or
 * booked objects that the change would affect, and change nothing; a production secret key may.
 * The dashboard follows the rule by the environment of its page.
 */

/** A chart of 10 seats with one production and one sandbox event; A-1-10 is held in production and A-1-9 booked. */
async function setUp(keys?: TestKeys) {
  const k = keys ?? (await newWorkspace());
  const chartKey = await newChart(k, { layout: smallLayout(10) });
  const production: EventFixture = {
    keys: k,
    chartKey,
    eventKey: await createEvent(k, chartKey, "production"),
    environment: "production",
    sk: k.skLive,
    pk: k.pkLive,
  };
  const sandbox: EventFixture = { keys: k, chartKey, eventKey: await createEvent(k, chartKey, "sandbox"), environment: "sandbox", sk: k.skTest, pk: k.pkTest };
  const t = token();
  expectOk(await api.hold(production, { objectLabels: ["A-1-10", "A-1-9"], holdToken: t }));
  expectOk(await api.book(production, { objectLabels: ["A-1-9"], holdToken: t }));
  // The draft drops the two seats.
  expectOk(await call("PATCH", `/api/v1/charts/${chartKey}`, { key: k.skTest, body: { draftVersion: smallLayout(8) } }));
  return { keys: k, chartKey, production, sandbox };
}

const publish = (chartKey: string, key: string, force: boolean) => call("POST", `/api/v1/charts/${chartKey}/publish${force ? "?force=true" : ""}`, { key });
const statusOf = async (f: EventFixture) =>
  (await api.status(f, "", f.sk)).body.objects.map((o: { objectLabel: string; status: string }) => [o.objectLabel, o.status]).sort();

describe("a sandbox secret key", () => {
  it("may not force a publish that affects production reservations: 403 forbidden naming them, nothing changed", async () => {
    const s = await setUp();
    const before = await statusOf(s.production);
    const refused = await publish(s.chartKey, s.keys.skTest, true);
    expectError(refused, 403, "forbidden");
    expect(refused.body.failed.map((e: { eventKey: string; objectLabel: string }) => [e.eventKey, e.objectLabel]).sort()).toEqual([
      [s.production.eventKey, "A-1-10"],
      [s.production.eventKey, "A-1-9"],
    ]);
    expect((await call("GET", `/api/v1/charts/${s.chartKey}`, { key: s.keys.skTest })).body.publishedVersion).toBe(1);
    expect(await statusOf(s.production)).toEqual(before);
    // Without force it is the usual conflict, for either key.
    expectError(await publish(s.chartKey, s.keys.skTest, false), 409, "publish_affects_reservations");
    // A production secret key may.
    expect((await publish(s.chartKey, s.keys.skLive, true)).body.publishedVersion).toBe(2);
  });

  it("may force a publish that affects only sandbox reservations, and any publish that affects nothing", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys, { layout: smallLayout(10) });
    const sandbox: EventFixture = {
      keys,
      chartKey,
      eventKey: await createEvent(keys, chartKey, "sandbox"),
      environment: "sandbox",
      sk: keys.skTest,
      pk: keys.pkTest,
    };
    await createEvent(keys, chartKey, "production");
    expectOk(await api.hold(sandbox, { objectLabels: ["A-1-10"], holdToken: token() }));
    expectOk(await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skTest, body: { draftVersion: smallLayout(9) } }));
    expect((await publish(chartKey, keys.skTest, true)).body.publishedVersion).toBe(2);
    expectOk(await api.release(sandbox, { objectLabels: ["A-1-10"] }));
    expectOk(await call("PATCH", `/api/v1/charts/${chartKey}`, { key: keys.skTest, body: { draftVersion: smallLayout(9) } }));
    expect((await publish(chartKey, keys.skTest, false)).body.publishedVersion).toBe(3);
  });

  it("may not unpublish a chart whose production events hold or have booked seats; may once they have none", async () => {
    const s = await setUp();
    const refused = await call("POST", `/api/v1/charts/${s.chartKey}/unpublish`, { key: s.keys.skTest });
    expectError(refused, 403, "forbidden");
    expect(refused.body.failed.every((e: { environment: string }) => e.environment === "production")).toBe(true);
    expect((await call("GET", `/api/v1/charts/${s.chartKey}`, { key: s.keys.skLive })).body.publishedVersion).toBe(1);
    // Sandbox reservations never stop it.
    expectOk(await api.hold(s.sandbox, { objectLabels: ["A-1-1"], holdToken: token() }));
    expectOk(await api.release(s.production, { objectLabels: ["A-1-10", "A-1-9"] }));
    expect((await call("POST", `/api/v1/charts/${s.chartKey}/unpublish`, { key: s.keys.skTest })).body.publishedVersion).toBeNull();
  });

  it("a production secret key may unpublish whatever production holds", async () => {
    const s = await setUp();
    expect((await call("POST", `/api/v1/charts/${s.chartKey}/unpublish`, { key: s.keys.skLive })).body.publishedVersion).toBeNull();
  });
});

describe("the dashboard", () => {
  it("follows the rule by the environment of the page", async () => {
    const { keys, cookie } = await signedIn();
    const s = await setUp(keys);
    const forced = (environment: string) => dash(cookie, "POST", `/dashboard/api/${environment}/charts/${s.chartKey}/publish`, { force: true });
    expectError(await forced("sandbox"), 403, "forbidden");
    expectError(await dash(cookie, "POST", `/dashboard/api/sandbox/charts/${s.chartKey}/unpublish`), 403, "forbidden");
    const page = await call("GET", `/dashboard/sandbox/charts/${s.chartKey}`, { headers: { Cookie: cookie } });
    expect(String(page.body)).toContain(`/dashboard/api/sandbox/charts/${s.chartKey}/publish`);
    expect((await forced("production")).body.publishedVersion).toBe(2);
  });
});
