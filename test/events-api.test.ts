import { describe, expect, it } from "vitest";
import { api, call, newEvent, newWorkspace, newChart, stubOf, token } from "./support/fixtures";

describe("events API (contract §3)", () => {
  it("creates an event with its record, and refuses duplicates, bad keys and missing charts", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    const res = await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey: "gala-2026" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ eventKey: "gala-2026", chartKey, environment: "production", chartPublishedVersion: 1, createdAt: expect.any(String) });
    expect((await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey: "gala-2026" } })).body.code).toBe("event_exists");
    // The same key in the other environment is an independent event.
    expect((await call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey, eventKey: "gala-2026" } })).status).toBe(201);
    expect((await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey: "nope" } })).body.code).toBe("chart_not_found");
    for (const eventKey of ["", "a b", "x".repeat(129), "é"]) {
      const bad = await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey, eventKey } });
      expect(bad.status, eventKey).toBe(400);
      expect(bad.body.code).toBe("validation_failed");
    }
    const generated = await call("POST", "/api/v1/events", { key: keys.skLive, body: { chartKey } });
    expect(generated.status).toBe(201);
    expect(generated.body.eventKey).toMatch(/^[A-Za-z0-9._-]{1,128}$/);
  });

  it("gets an event with either key kind and lists with a cursor", async () => {
    const keys = await newWorkspace();
    const chartKey = await newChart(keys);
    for (const k of ["e1", "e2", "e3"]) await call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey, eventKey: k } });
    expect((await call("GET", "/api/v1/events/e2", { key: keys.pkTest })).body).toMatchObject({ eventKey: "e2", chartKey, environment: "sandbox" });
    expect((await call("GET", "/api/v1/events/e2", { key: keys.skTest })).status).toBe(200);
    const page1 = await call("GET", "/api/v1/events?limit=2", { key: keys.skTest });
    expect(page1.body.items.map((e: { eventKey: string }) => e.eventKey)).toEqual(["e1", "e2"]);
    const page2 = await call("GET", `/api/v1/events?limit=2&cursor=${page1.body.nextCursor}`, { key: keys.skTest });
    expect(page2.body).toMatchObject({ items: [{ eventKey: "e3" }], nextCursor: null });
    expect((await call("GET", "/api/v1/events", { key: keys.pkTest })).body.code).toBe("public_key_not_allowed");
    expect((await call("GET", "/api/v1/events", { key: keys.skLive })).body.items).toEqual([]);
  });

  it("deletes an event and wipes its Durable Object", async () => {
    const f = await newEvent();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token() });
    expect((await call("DELETE", `/api/v1/events/${f.eventKey}`, { key: f.pk })).status).toBe(403);
    expect((await call("DELETE", `/api/v1/events/${f.eventKey}`, { key: f.sk })).body).toEqual({ eventKey: f.eventKey, deleted: true });
    expect((await call("GET", `/api/v1/events/${f.eventKey}`, { key: f.sk })).body.code).toBe("event_not_found");
    expect((await api.status(f)).body.code).toBe("event_not_found");
    expect(await stubOf(f).info()).toBeNull();
    // Re-creating the key starts from a clean slate.
    expect((await call("POST", "/api/v1/events", { key: f.sk, body: { chartKey: f.chartKey, eventKey: f.eventKey } })).status).toBe(201);
    expect((await api.status(f)).body.objects).toEqual([]);
  });

  it("answers 404 across environments and 403 across workspaces, changing nothing", async () => {
    const f = await newEvent({ environment: "production" });
    const t = token();
    await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    // A sandbox key cannot see a production event.
    expect((await call("GET", `/api/v1/events/${f.eventKey}`, { key: f.keys.skTest })).status).toBe(404);
    expect(
      (await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, { key: f.keys.pkTest, body: { objectLabels: ["A-1-2"], holdToken: token() } })).body.code,
    ).toBe("event_not_found");
    const other = await newWorkspace("Other");
    const paths: [string, string, unknown][] = [
      ["GET", `/api/v1/events/${f.eventKey}`, undefined],
      ["GET", `/api/v1/events/${f.eventKey}/status`, undefined],
      ["GET", `/api/v1/events/${f.eventKey}/objects`, undefined],
      ["POST", `/api/v1/events/${f.eventKey}/seats/hold`, { objectLabels: ["A-1-2"], holdToken: token() }],
      ["POST", `/api/v1/events/${f.eventKey}/seats/book`, { objectLabels: ["A-1-1"], holdToken: t }],
      ["POST", `/api/v1/events/${f.eventKey}/seats/release`, { objectLabels: ["A-1-1"], holdToken: t }],
      ["DELETE", `/api/v1/events/${f.eventKey}`, undefined],
    ];
    for (const [method, path, body] of paths) {
      const res = await call(method, path, { key: other.skLive, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    const status = await api.status(f, "", f.sk);
    expect(status.body.objects).toEqual([expect.objectContaining({ objectLabel: "A-1-1", status: "held" })]);
  });

  it("answers event_not_found for an unknown event on every route", async () => {
    const keys = await newWorkspace();
    for (const path of ["status", "objects", "reports"])
      expect((await call("GET", `/api/v1/events/nope/${path}`, { key: keys.skTest })).body.code).toBe("event_not_found");
    expect((await call("POST", "/api/v1/events/nope/seats/hold", { key: keys.pkTest, body: { objectLabels: ["A"], holdToken: token() } })).body.code).toBe(
      "event_not_found",
    );
  });
});

describe("permission table", () => {
  type Row = {
    op: string;
    method: string;
    path: (e: string) => string;
    body?: (t: string) => unknown;
    public: number | "token";
    secretSandbox: number;
    secretProd: number;
  };
  const rows: Row[] = [
    { op: "GET event", method: "GET", path: (e) => `/api/v1/events/${e}`, public: 200, secretSandbox: 200, secretProd: 200 },
    { op: "GET status", method: "GET", path: (e) => `/api/v1/events/${e}/status`, public: 200, secretSandbox: 200, secretProd: 200 },
    { op: "GET objects", method: "GET", path: (e) => `/api/v1/events/${e}/objects`, public: 200, secretSandbox: 200, secretProd: 200 },
    { op: "GET reports", method: "GET", path: (e) => `/api/v1/events/${e}/reports`, public: 403, secretSandbox: 200, secretProd: 200 },
    {
      op: "hold",
      method: "POST",
      path: (e) => `/api/v1/events/${e}/seats/hold`,
      body: (t) => ({ objectLabels: ["A-1-3"], holdToken: t }),
      public: 200,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "book",
      method: "POST",
      path: (e) => `/api/v1/events/${e}/seats/book`,
      body: (t) => ({ objectLabels: ["A-1-1"], holdToken: t }),
      public: 403,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "extend",
      method: "POST",
      path: (e) => `/api/v1/events/${e}/seats/extend`,
      body: (t) => ({ holdToken: t }),
      public: 403,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "release",
      method: "POST",
      path: (e) => `/api/v1/events/${e}/seats/release`,
      body: () => ({ objectLabels: ["A-1-1"] }),
      public: 400,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "release with token",
      method: "POST",
      path: (e) => `/api/v1/events/${e}/seats/release`,
      body: (t) => ({ holdToken: t }),
      public: 200,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "not-for-sale",
      method: "POST",
      path: (e) => `/api/v1/events/${e}/seats/not-for-sale`,
      body: () => ({ objectLabels: ["A-1-9"] }),
      public: 403,
      secretSandbox: 200,
      secretProd: 200,
    },
    {
      op: "for-sale",
      method: "POST",
      path: (e) => `/api/v1/events/${e}/seats/for-sale`,
      body: () => ({ objectLabels: ["A-1-9"] }),
      public: 403,
      secretSandbox: 200,
      secretProd: 200,
    },
    { op: "reset", method: "POST", path: (e) => `/api/v1/events/${e}/reset`, public: 403, secretSandbox: 200, secretProd: 403 },
    { op: "list", method: "GET", path: () => `/api/v1/events`, public: 403, secretSandbox: 200, secretProd: 200 },
    { op: "move", method: "POST", path: (e) => `/api/v1/events/${e}/actions/move-to-new-chart-copy`, public: 403, secretSandbox: 200, secretProd: 200 },
    { op: "delete", method: "DELETE", path: (e) => `/api/v1/events/${e}`, public: 403, secretSandbox: 200, secretProd: 200 },
  ];
  for (const row of rows) {
    for (const kind of ["public", "secret"] as const) {
      for (const environment of ["sandbox", "production"] as const) {
        it(`${row.op} with a ${kind} ${environment} key`, async () => {
          const f = await newEvent({ environment });
          const t = token();
          await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
          const key = kind === "public" ? f.pk : f.sk;
          const res = await call(row.method, row.path(f.eventKey), { key, body: row.body?.(t) });
          const expected = kind === "public" ? row.public : environment === "sandbox" ? row.secretSandbox : row.secretProd;
          expect(res.status, JSON.stringify(res.body)).toBe(expected);
          if (res.status === 403) expect(res.body.code).toBe(kind === "public" ? "public_key_not_allowed" : "sandbox_only");
        });
      }
    }
  }
});
