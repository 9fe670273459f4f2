/**
 * contract §5 (webhook management routes and shapes, 202s, secret only at registration and
 * rotation, URL policy basics) and interface.md "Events" (envelope, data.object, signature),
 * checked from outside against the local receiver of test/receiver-setup.ts.
 */
import { describe, expect, it } from "vitest";
import { act, call, expectError, expectOk, hmacHex, ISO, newWorkspace, receiver, sleep, tok, world } from "./fixtures";

const RECORD = ["id", "url", "events", "description", "enabled", "environment", "createdAt"];

function expectEndpoint(body: Record<string, unknown>): void {
  for (const f of RECORD) expect(body, `field ${f} in ${JSON.stringify(body)}`).toHaveProperty(f);
  expect(body).not.toHaveProperty("secret");
}

async function register(key: string, url: string, events: string[], description?: string) {
  const res = await call("POST", "/api/v1/webhooks", { key, body: description === undefined ? { url, events } : { url, events, description } });
  expectOk(res, 201, "register");
  return res.body as { id: string; secret: string; url: string };
}

type Req = { method: string; headers: Record<string, string>; body: string; receivedAt: number };

async function waitFor(r: ReturnType<typeof receiver>, pred: (items: Req[]) => boolean, timeout = 10_000): Promise<Req[]> {
  const end = Date.now() + timeout;
  let items: Req[] = [];
  while (Date.now() < end) {
    items = await r.requests();
    if (pred(items)) return items;
    await sleep(100);
  }
  return items;
}

async function verify(req: Req, secret: string): Promise<boolean> {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(req.headers["service-signature"] ?? "");
  if (!m) return false;
  if (Math.abs(Number(m[1]) - Date.now() / 1000) > 300) return false;
  return (await hmacHex(secret, `${m[1]}.${req.body}`)) === m[2];
}

describe("management routes (contract §5)", () => {
  it("POST 201: endpoint record plus secret (only here); GET one/list never show the secret", async () => {
    const keys = await newWorkspace();
    const res = await call("POST", "/api/v1/webhooks", {
      key: keys.skLive,
      body: { url: "https://hooks.example.com/seats", events: ["seat.held", "seat.booked"], description: "main" },
    });
    expectOk(res, 201);
    for (const f of RECORD) expect(res.body).toHaveProperty(f);
    expect(res.body).toMatchObject({
      url: "https://hooks.example.com/seats",
      events: ["seat.held", "seat.booked"],
      description: "main",
      enabled: true,
      environment: "production",
    });
    expect(typeof res.body.secret).toBe("string");
    expect(res.body.secret.length).toBeGreaterThan(15);
    expect(res.body.createdAt).toMatch(ISO);
    const id = res.body.id;
    const one = await call("GET", `/api/v1/webhooks/${id}`, { key: keys.skLive });
    expectOk(one);
    expectEndpoint(one.body);
    expect(JSON.stringify(one.body)).not.toContain(res.body.secret);
    const list = await call("GET", "/api/v1/webhooks", { key: keys.skLive });
    expectOk(list);
    expect(list.body.items).toHaveLength(1);
    expectEndpoint(list.body.items[0]);
    expect(JSON.stringify(list.body)).not.toContain(res.body.secret);
    // description is optional.
    expectOk(await call("POST", "/api/v1/webhooks", { key: keys.skLive, body: { url: "https://hooks.example.com/b", events: ["seat.released"] } }), 201);
  });

  it("PATCH 200 endpoint record without the secret; DELETE 200 { id, deleted: true }; unknown id 404 webhook_not_found", async () => {
    const keys = await newWorkspace();
    const ep = await register(keys.skTest, "https://hooks.example.com/a", ["seat.held"]);
    const p = await call("PATCH", `/api/v1/webhooks/${ep.id}`, {
      key: keys.skTest,
      body: { url: "https://hooks.example.com/b", events: ["seat.booked"], description: "d", enabled: false },
    });
    expectOk(p);
    expectEndpoint(p.body);
    expect(p.body).toMatchObject({
      id: ep.id,
      url: "https://hooks.example.com/b",
      events: ["seat.booked"],
      description: "d",
      enabled: false,
      environment: "sandbox",
    });
    expectError(
      await call("PATCH", `/api/v1/webhooks/${ep.id}`, { key: keys.skTest, body: { url: "https://10.0.0.1/x" } }),
      400,
      "validation_failed",
      "private url on patch",
    );
    const d = await call("DELETE", `/api/v1/webhooks/${ep.id}`, { key: keys.skTest });
    expectOk(d);
    expect(d.body).toEqual({ id: ep.id, deleted: true });
    for (const [m, suffix, body] of [
      ["GET", "", undefined],
      ["PATCH", "", { enabled: true }],
      ["DELETE", "", undefined],
      ["POST", "/rotate-secret", undefined],
      ["POST", "/test", undefined],
      ["GET", "/deliveries", undefined],
      ["POST", "/deliveries/dlv_x/replay", undefined],
    ] as [string, string, unknown][]) {
      expectError(await call(m, `/api/v1/webhooks/${ep.id}${suffix}`, { key: keys.skTest, body }), 404, "webhook_not_found", `${m} ${suffix}`);
    }
  });

  it("endpoints belong to the registering environment (other environment: not visible)", async () => {
    const keys = await newWorkspace();
    const ep = await register(keys.skLive, "https://hooks.example.com/a", ["seat.held"]);
    expectError(await call("GET", `/api/v1/webhooks/${ep.id}`, { key: keys.skTest }), 404, "webhook_not_found");
    expect((await call("GET", "/api/v1/webhooks", { key: keys.skTest })).body.items).toEqual([]);
    const other = await newWorkspace();
    const res = await call("GET", `/api/v1/webhooks/${ep.id}`, { key: other.skLive });
    expect([403, 404]).toContain(res.status);
  });

  it("registration validation: events at least one known type; url HTTPS public (private ranges 400)", async () => {
    const keys = await newWorkspace();
    const bad: [string, unknown][] = [
      ["no events", { url: "https://hooks.example.com/a" }],
      ["empty events", { url: "https://hooks.example.com/a", events: [] }],
      ["unknown event type", { url: "https://hooks.example.com/a", events: ["seat.exploded"] }],
      ["no url", { events: ["seat.held"] }],
      ["not a url", { url: "not a url", events: ["seat.held"] }],
      ["ftp", { url: "ftp://hooks.example.com/a", events: ["seat.held"] }],
      ["10/8", { url: "https://10.1.2.3/a", events: ["seat.held"] }],
      ["192.168/16", { url: "https://192.168.1.10/a", events: ["seat.held"] }],
      ["172.16/12", { url: "https://172.20.0.1/a", events: ["seat.held"] }],
      ["metadata", { url: "https://169.254.169.254/latest", events: ["seat.held"] }],
      ["ipv6 ula", { url: "https://[fd00::1]/a", events: ["seat.held"] }],
      ["description not a string", { url: "https://hooks.example.com/a", events: ["seat.held"], description: 5 }],
    ];
    for (const [what, body] of bad) {
      const res = await call("POST", "/api/v1/webhooks", { key: keys.skLive, body });
      expectError(res, 400, "validation_failed", what);
    }
    expect((await call("GET", "/api/v1/webhooks", { key: keys.skLive })).body.items).toEqual([]);
  });

  it("rotate-secret: 200 { id, secret } with a new secret; later deliveries are signed with it; PATCH url keeps the secret", async () => {
    const keys = await newWorkspace();
    const r1 = receiver();
    const r2 = receiver();
    const ep = await register(keys.skLive, r1.url, ["webhook.test"]);
    // Changing the URL does not rotate the secret.
    expectOk(await call("PATCH", `/api/v1/webhooks/${ep.id}`, { key: keys.skLive, body: { url: r2.url } }));
    const q1 = await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skLive });
    expect(q1.status).toBe(202);
    let got = await waitFor(r2, (i) => i.length >= 1);
    expect(got).toHaveLength(1);
    expect(await verify(got[0]!, ep.secret)).toBe(true);
    expect((await r1.requests()).length).toBe(0);
    const rot = await call("POST", `/api/v1/webhooks/${ep.id}/rotate-secret`, { key: keys.skLive });
    expectOk(rot);
    expect(rot.body).toEqual({ id: ep.id, secret: expect.any(String) });
    expect(rot.body.secret).not.toBe(ep.secret);
    expectOk(await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skLive }), 202);
    got = await waitFor(r2, (i) => i.length >= 2);
    expect(got).toHaveLength(2);
    expect(await verify(got[1]!, rot.body.secret)).toBe(true);
    expect(await verify(got[1]!, ep.secret)).toBe(false);
  });

  it("test 202 -> webhook.test delivery; deliveries log newest first with documented fields; replay 202 re-sends the same evt_ id", async () => {
    const keys = await newWorkspace();
    const r = receiver();
    const ep = await register(keys.skTest, r.url, ["webhook.test"]);
    const q = await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skTest });
    expect(q.status).toBe(202);
    const got = await waitFor(r, (i) => i.length >= 1);
    const env = JSON.parse(got[0]!.body);
    expect(env).toMatchObject({ type: "webhook.test", livemode: false });
    expect(env.id).toMatch(/^evt_/);
    expect(typeof env.created).toBe("number");
    expect(env.data).toHaveProperty("object");
    let log: { items: Record<string, unknown>[] } = { items: [] };
    const end = Date.now() + 5000;
    while (Date.now() < end) {
      log = (await call("GET", `/api/v1/webhooks/${ep.id}/deliveries`, { key: keys.skTest })).body;
      if (log.items[0]?.status === "succeeded") break;
      await sleep(100);
    }
    expect(log.items).toHaveLength(1);
    const d = log.items[0]!;
    for (const f of ["id", "eventId", "type", "status", "attempts", "lastStatusCode", "createdAt"]) expect(d).toHaveProperty(f);
    expect(d).toMatchObject({ eventId: env.id, type: "webhook.test", status: "succeeded", lastStatusCode: 200 });
    expect(d.attempts).toBeGreaterThanOrEqual(1);
    const rp = await call("POST", `/api/v1/webhooks/${ep.id}/deliveries/${d.id}/replay`, { key: keys.skTest });
    expect(rp.status).toBe(202);
    const again = await waitFor(r, (i) => i.length >= 2);
    expect(again).toHaveLength(2);
    expect(JSON.parse(again[1]!.body).id).toBe(env.id);
    // A second test delivery is listed first (newest first).
    expect((await call("POST", `/api/v1/webhooks/${ep.id}/test`, { key: keys.skTest })).status).toBe(202);
    const log2 = (await call("GET", `/api/v1/webhooks/${ep.id}/deliveries`, { key: keys.skTest })).body;
    expect(log2.items.length).toBeGreaterThanOrEqual(2);
    expect(log2.items[1].eventId).toBe(env.id);
    expectError(await call("POST", `/api/v1/webhooks/${ep.id}/deliveries/dlv_nope/replay`, { key: keys.skTest }), 404, undefined, "unknown delivery");
  });
});

describe("seat event deliveries (interface.md Events)", () => {
  it("hold, book, release: signed envelopes, data.object fields, holdExpiresAt only on seat.held, no token; one seat.booked per newly booked seat", async () => {
    const w = await world({ env: "production" });
    const r = receiver();
    const ep = await register(w.sk, r.url, ["seat.held", "seat.booked", "seat.released", "seat.hold_expired"]);
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, extraData: { order: "o-1" } }));
    expectOk(await act.book(w, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
    expectOk(await act.book(w, { objectLabels: ["A-1-1"], holdToken: t })); // retry: no event
    expectOk(await act.release(w, { objectLabels: ["A-1-1"] }));
    const got = await waitFor(r, (i) => i.length >= 5);
    await sleep(500);
    const all = await r.requests();
    const envs = all.map((q) => JSON.parse(q.body));
    const types = envs.map((e) => `${e.type}:${e.data.object.objectLabel}`).sort();
    expect(types).toEqual(["seat.booked:A-1-1", "seat.booked:A-1-2", "seat.held:A-1-1", "seat.held:A-1-2", "seat.released:A-1-1"]);
    for (const q of got) {
      expect(await verify(q, ep.secret), q.body).toBe(true);
      expect(q.body).not.toContain(t);
    }
    for (const e of envs) {
      expect(e.id).toMatch(/^evt_/);
      expect(typeof e.created).toBe("number");
      expect(e.livemode).toBe(true);
      const o = e.data.object;
      expect(o).toMatchObject({ eventKey: w.eventKey, objectType: "seat", extraData: { order: "o-1" } });
      expect(o.categoryKey === null || typeof o.categoryKey === "string").toBe(true);
      const expected = { "seat.held": "held", "seat.booked": "booked", "seat.released": "free" }[e.type as string];
      expect(o.status, e.type).toBe(expected);
      if (e.type === "seat.held") expect(o.holdExpiresAt).toMatch(ISO);
      else expect(o, e.type).not.toHaveProperty("holdExpiresAt");
    }
    expect(new Set(envs.map((e) => e.id)).size).toBe(envs.length);
  });

  it("seat.hold_expired within a few seconds of expiry; status free; holdExpiresAt present", async () => {
    const w = await world({ env: "sandbox" });
    const r = receiver();
    const ep = await register(w.sk, r.url, ["seat.hold_expired"]);
    expectOk(await act.hold(w, { objectLabels: ["A-1-3"], holdToken: tok(), ttlSeconds: 1 }));
    const got = await waitFor(r, (i) => i.length >= 1, 12_000);
    expect(got.length, "no seat.hold_expired within 12 s").toBe(1);
    const e = JSON.parse(got[0]!.body);
    expect(e.type).toBe("seat.hold_expired");
    expect(e.livemode).toBe(false);
    expect(e.data.object).toMatchObject({ eventKey: w.eventKey, objectLabel: "A-1-3", status: "free" });
    expect(e.data.object.holdExpiresAt).toMatch(ISO);
    expect(await verify(got[0]!, ep.secret)).toBe(true);
  });

  it("endpoints receive only subscribed types and only their environment's events", async () => {
    const keys = await newWorkspace();
    const w = await world({ env: "production", keys });
    const rHeld = receiver();
    const rSandbox = receiver();
    await register(keys.skLive, rHeld.url, ["seat.booked"]);
    await register(keys.skTest, rSandbox.url, ["seat.held", "seat.booked"]);
    const t = tok();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: t }));
    expectOk(await act.book(w, { objectLabels: ["A-1-1"], holdToken: t }));
    const got = await waitFor(rHeld, (i) => i.length >= 1);
    await sleep(800);
    expect((await rHeld.requests()).map((q) => JSON.parse(q.body).type)).toEqual(["seat.booked"]);
    expect(got.length).toBe(1);
    expect(await rSandbox.requests()).toEqual([]);
  });

  it("event.chart_changed on move-to-new-chart-copy: data.object { eventKey, chartKey, previousChartKey }; no seat.* events", async () => {
    const w = await world();
    expectOk(await act.hold(w, { objectLabels: ["A-1-1"], holdToken: tok() }));
    // Let the hold's seat.held leave the queue before the endpoint exists.
    await sleep(2000);
    const r = receiver();
    await register(w.sk, r.url, ["event.chart_changed", "seat.held", "seat.released", "seat.booked"]);
    const mv = await call("POST", `/api/v1/events/${w.eventKey}/actions/move-to-new-chart-copy`, { key: w.sk });
    expectOk(mv);
    const got = await waitFor(r, (i) => i.length >= 1);
    await sleep(500);
    const all = (await r.requests()).map((q) => JSON.parse(q.body));
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(all.map((e) => e.type)).toEqual(["event.chart_changed"]);
    expect(all[0].data.object).toEqual({ eventKey: w.eventKey, chartKey: mv.body.chartKey, previousChartKey: w.chartKey });
  });
});
