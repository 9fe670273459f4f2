import { describe, expect, it } from "vitest";
import {
  api,
  call,
  createEvent,
  ENVIRONMENTS,
  type Environment,
  type EventFixture,
  expectError,
  expectOk,
  KEY_KINDS,
  keyFor,
  newChart,
  newEvent,
  newWorkspace,
  token,
} from "./support/fixtures";

/**
 * Who may call the event routes: each key kind in each environment on its own events (the
 * permission table), on the other environment's events (absent: 404) and on another workspace's
 * events (403). A refused call never changes anything.
 */

const other = (environment: Environment): Environment => (environment === "production" ? "sandbox" : "production");

describe("permission table", () => {
  type Row = {
    op: string;
    method: string;
    path: (f: EventFixture) => string;
    /** The body, given the token holding A-1-1. */
    body?: (t: string, f: EventFixture) => unknown;
    public: number;
    secretSandbox: number;
    secretProd: number;
  };
  const rows: Row[] = [
    { op: "GET event", method: "GET", path: (f) => `/api/v1/events/${f.eventKey}`, public: 200, secretSandbox: 200, secretProd: 200 },
    { op: "GET status", method: "GET", path: (f) => `/api/v1/events/${f.eventKey}/status`, public: 200, secretSandbox: 200, secretProd: 200 },
    { op: "GET objects", method: "GET", path: (f) => `/api/v1/events/${f.eventKey}/objects`, public: 200, secretSandbox: 200, secretProd: 200 },
    { op: "GET reports", method: "GET", path: (f) => `/api/v1/events/${f.eventKey}/reports`, public: 403, secretSandbox: 200, secretProd: 200 },
    {
      op: "hold",
      method: "POST",
      path: (f) => `/api/v1/events/${f.eventKey}/seats/hold`,
      body: (t) => ({ objectLabels: ["A-1-3"], holdToken: t }),
      public: 200,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "book",
      method: "POST",
      path: (f) => `/api/v1/events/${f.eventKey}/seats/book`,
      body: (t) => ({ objectLabels: ["A-1-1"], holdToken: t }),
      public: 403,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "extend",
      method: "POST",
      path: (f) => `/api/v1/events/${f.eventKey}/seats/extend`,
      body: (t) => ({ holdToken: t }),
      public: 403,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "release",
      method: "POST",
      path: (f) => `/api/v1/events/${f.eventKey}/seats/release`,
      body: () => ({ objectLabels: ["A-1-1"] }),
      public: 400,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "release with token",
      method: "POST",
      path: (f) => `/api/v1/events/${f.eventKey}/seats/release`,
      body: (t) => ({ holdToken: t }),
      public: 200,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "not-for-sale",
      method: "POST",
      path: (f) => `/api/v1/events/${f.eventKey}/seats/not-for-sale`,
      body: () => ({ objectLabels: ["A-1-9"] }),
      public: 403,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "for-sale",
      method: "POST",
      path: (f) => `/api/v1/events/${f.eventKey}/seats/for-sale`,
      body: () => ({ objectLabels: ["A-1-9"] }),
      public: 403,
      secretSandbox: 200,
      secretProd: 200,
    },
    { op: "reset", method: "POST", path: (f) => `/api/v1/events/${f.eventKey}/reset`, public: 403, secretSandbox: 200, secretProd: 403 },
    { op: "list", method: "GET", path: () => `/api/v1/events`, public: 403, secretSandbox: 200, secretProd: 200 },
    {
      op: "create",
      method: "POST",
      path: () => `/api/v1/events`,
      body: (_t, f) => ({ chartKey: f.chartKey }),
      public: 403,
      secretSandbox: 201,
      secretProd: 201,
    },
    {
      op: "move",
      method: "POST",
      path: (f) => `/api/v1/events/${f.eventKey}/actions/move-to-new-chart-copy`,
      public: 403,
      secretSandbox: 200,
      secretProd: 200,
    },
    { op: "delete", method: "DELETE", path: (f) => `/api/v1/events/${f.eventKey}`, public: 403, secretSandbox: 200, secretProd: 200 },
  ];
  for (const row of rows) {
    for (const kind of KEY_KINDS) {
      for (const environment of ENVIRONMENTS) {
        it(`${row.op} with a ${kind} ${environment} key`, async () => {
          const f = await newEvent({ environment });
          const t = token();
          await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
          const before = (await api.status(f, "", f.sk)).body;
          const res = await call(row.method, row.path(f), { key: keyFor(f.keys, kind, environment), body: row.body?.(t, f) });
          const expected = kind === "public" ? row.public : environment === "sandbox" ? row.secretSandbox : row.secretProd;
          if (expected < 400) return expectOk(res, expected);
          expectError(res, expected, expected === 400 ? "validation_failed" : kind === "public" ? "public_key_not_allowed" : "sandbox_only");
          expect((await api.status(f, "", f.sk)).body).toEqual(before);
        });
      }
    }
  }
});

describe("the other environment's events", () => {
  const rows = KEY_KINDS.flatMap((kind) => ENVIRONMENTS.map((environment) => [kind, environment] as const));

  it.each(rows)("a %s %s key finds no event of the other environment (404 event_not_found)", async (kind, environment) => {
    const f = await newEvent({ environment: other(environment) });
    const key = keyFor(f.keys, kind, environment);
    for (const [method, path, body] of [
      ["GET", `/api/v1/events/${f.eventKey}`],
      ["GET", `/api/v1/events/${f.eventKey}/status`],
      ["GET", `/api/v1/events/${f.eventKey}/objects`],
      ["POST", `/api/v1/events/${f.eventKey}/seats/hold`, { objectLabels: ["A-1-1"], holdToken: token() }],
    ] as [string, string, unknown?][]) {
      expectError(await call(method, path, { key, body }), 404, "event_not_found");
    }
  });

  it("lists only the events of the key's environment", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const prod = await createEvent(keys, chartKey, "production");
    const sand = await createEvent(keys, chartKey, "sandbox");
    expect((await call("GET", "/api/v1/events", { key: keys.skLive })).body.items.map((e: { eventKey: string }) => e.eventKey)).toEqual([prod]);
    expect((await call("GET", "/api/v1/events", { key: keys.skTest })).body.items.map((e: { eventKey: string }) => e.eventKey)).toEqual([sand]);
  });

  it("the same eventKey in both environments names two independent events", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const live = await newEvent({ keys, chartKey, environment: "production" });
    const test = {
      ...live,
      environment: "sandbox" as const,
      eventKey: await createEvent(keys, chartKey, "sandbox", live.eventKey),
      sk: keys.skTest,
      pk: keys.pkTest,
    };
    expectOk(await api.hold(live, { objectLabels: ["A-1-1"], holdToken: token() }));
    expect((await api.status(test)).body.objects).toEqual([]);
    // The sandbox event lets another token take A-1-1.
    expectOk(await api.hold(test, { objectLabels: ["A-1-1"], holdToken: token() }));
    expect((await api.event(live)).body.environment).toBe("production");
    expect((await api.event(test)).body.environment).toBe("sandbox");
  });
});

describe("another workspace's events", () => {
  const rows = KEY_KINDS.flatMap((kind) => ENVIRONMENTS.map((environment) => [kind, environment] as const));

  it.each(rows)("a %s %s key of another workspace gets 403 forbidden on every route it may call, and changes nothing", async (kind, environment) => {
    const a = await newEvent({ environment: "production" });
    const t = token();
    expectOk(await api.hold(a, { objectLabels: ["A-1-1"], holdToken: t }));
    const key = keyFor(await newWorkspace("Other"), kind, environment);
    const e = a.eventKey;
    // [method, path, body, may a publishable key call it]
    const routes: [string, string, unknown, boolean][] = [
      ["GET", `/api/v1/events/${e}`, undefined, true],
      ["GET", `/api/v1/events/${e}/status`, undefined, true],
      ["GET", `/api/v1/events/${e}/objects`, undefined, true],
      ["GET", `/api/v1/events/${e}/reports`, undefined, false],
      ["POST", `/api/v1/events/${e}/seats/hold`, { objectLabels: ["A-1-2"], holdToken: token() }, true],
      ["POST", `/api/v1/events/${e}/seats/book`, { objectLabels: ["A-1-1"], holdToken: t }, false],
      ["POST", `/api/v1/events/${e}/seats/release`, { objectLabels: ["A-1-1"], holdToken: t }, false],
      ["POST", `/api/v1/events/${e}/seats/release`, { objectLabels: ["A-1-1"] }, false],
      ["POST", `/api/v1/events/${e}/seats/extend`, { holdToken: t, ttlSeconds: 5 }, false],
      ["POST", `/api/v1/events/${e}/seats/not-for-sale`, { objectLabels: ["A-1-3"] }, false],
      ["POST", `/api/v1/events/${e}/seats/for-sale`, { objectLabels: ["A-1-3"] }, false],
      ["POST", `/api/v1/events/${e}/reset`, undefined, false],
      ["POST", `/api/v1/events/${e}/actions/move-to-new-chart-copy`, undefined, false],
      ["DELETE", `/api/v1/events/${e}`, undefined, false],
    ];
    for (const [method, path, body, publicAllowed] of routes) {
      if (kind === "public" && !publicAllowed) continue;
      expectError(await call(method, path, { key, body }), 403, "forbidden");
    }
    expect((await api.status(a, "", a.sk)).body.objects).toEqual([expect.objectContaining({ objectLabel: "A-1-1", status: "held" })]);
    expectOk(await api.event(a, a.sk));
  });
});
