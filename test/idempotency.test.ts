/**
 * Idempotency-Key (docs/api.md#idempotent-requests): seat actions keep their answer in the event's object, written in
 * the change's own transaction; every other POST claims its key in D1 first. Each rule below is
 * checked through the Worker's fetch handler.
 */
import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  call,
  expectError,
  freeze,
  advance,
  inObject,
  newEvent,
  newWorkspace,
  smallLayout,
  stubOf,
  token,
  uniqueKey,
  type EventFixture,
} from "./support/fixtures";

const DAY = 24 * 60 * 60 * 1000;

function seatPost(f: EventFixture, action: string, body: unknown, key: string, idempotencyKey: string) {
  return call("POST", `/api/v1/events/${f.eventKey}/seats/${action}`, { key, body, headers: { "Idempotency-Key": idempotencyKey } });
}

/** How many status changes the event's object recorded (one per changed object). */
function historyCount(f: EventFixture): Promise<number> {
  return inObject(f, (_o, state) => Number(state.storage.sql.exec("SELECT COUNT(*) AS n FROM history").one().n));
}

describe("Idempotency-Key on seat actions (stored in the event's object)", () => {
  it("answers a repeat with the first answer, marked replayed, and changes nothing again", async () => {
    const f = await newEvent();
    const body = { objectLabels: ["A-1-1"], holdToken: token(), ttlSeconds: 60 };
    const first = await seatPost(f, "hold", body, f.pk, "k-1");
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const again = await seatPost(f, "hold", body, f.pk, "k-1");
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await historyCount(f)).toBe(1);
  });

  it("refuses the same key with a different body: 422 idempotency_key_reused", async () => {
    const f = await newEvent();
    const t = token();
    expect((await seatPost(f, "hold", { objectLabels: ["A-1-1"], holdToken: t }, f.pk, "k-2")).status).toBe(200);
    const other = await seatPost(f, "hold", { objectLabels: ["A-1-2"], holdToken: t }, f.pk, "k-2");
    expectError(other, 422, "idempotency_key_reused");
    expect(await historyCount(f)).toBe(1);
  });

  it("replays a refusal too: the first answer is the answer", async () => {
    const f = await newEvent();
    const other = token("other");
    await seatPost(f, "hold", { objectLabels: ["A-1-1"], holdToken: other }, f.pk, "first-buyer");
    const body = { objectLabels: ["A-1-1"], holdToken: token("late") };
    expectError(await seatPost(f, "hold", body, f.pk, "k-3"), 409, "seat_unavailable");
    await seatPost(f, "release", { holdToken: other }, f.sk, "free-it");
    const replay = await seatPost(f, "hold", body, f.pk, "k-3");
    expectError(replay, 409, "seat_unavailable");
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("scopes keys by the API key's kind", async () => {
    const f = await newEvent();
    const a = await seatPost(f, "hold", { objectLabels: ["A-1-1"], holdToken: token("a") }, f.pk, "shared");
    const b = await seatPost(f, "hold", { objectLabels: ["A-1-2"], holdToken: token("b") }, f.sk, "shared");
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("covers book, extend, release, not-for-sale, for-sale, best available and reset", async () => {
    const f = await newEvent({ environment: "sandbox" });
    const t = token();
    const steps: [string, unknown, string][] = [
      ["hold", { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }, f.pk],
      ["extend", { holdToken: t, ttlSeconds: 600 }, f.sk],
      ["book", { objectLabels: ["A-1-1"], holdToken: t }, f.sk],
      ["release", { holdToken: t, objectLabels: ["A-1-2"] }, f.sk],
      ["not-for-sale", { objectLabels: ["A-1-3"] }, f.sk],
      ["for-sale", { objectLabels: ["A-1-3"] }, f.sk],
      ["hold-best-available", { quantity: 2, holdToken: token("best") }, f.pk],
    ];
    for (const [action, body, key] of steps) {
      const first = await seatPost(f, action, body, key, `k-${action}`);
      expect(first.status, `${action} ${JSON.stringify(first.body)}`).toBe(200);
      const before = await historyCount(f);
      const again = await seatPost(f, action, body, key, `k-${action}`);
      expect(again.headers.get("Idempotent-Replayed"), action).toBe("true");
      expect(again.body, action).toEqual(first.body);
      expect(await historyCount(f), action).toBe(before);
    }
    const reset = () => call("POST", `/api/v1/events/${f.eventKey}/reset`, { key: f.sk, headers: { "Idempotency-Key": "k-reset" } });
    expect((await reset()).status).toBe(200);
    const again = await reset();
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("keeps the answer through a crash between the change and the answer (eviction)", async () => {
    const f = await newEvent();
    const hold = { objectLabels: ["A-1-1"], holdToken: token() };
    const first = await seatPost(f, "hold", hold, f.pk, "crash-1");
    // The client never saw `first`: the object is evicted and the request sent again.
    await evictDurableObject(stubOf(f));
    const again = await seatPost(f, "hold", hold, f.pk, "crash-1");
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const book = { objectLabels: ["A-1-1"], holdToken: hold.holdToken };
    const booked = await seatPost(f, "book", book, f.sk, "crash-2");
    await evictDurableObject(stubOf(f));
    const rebooked = await seatPost(f, "book", book, f.sk, "crash-2");
    expect(rebooked.headers.get("Idempotent-Replayed")).toBe("true");
    expect(rebooked.body).toEqual(booked.body);
    expect(await historyCount(f)).toBe(2);
  });

  it("executes 20 concurrent duplicates once", async () => {
    const f = await newEvent();
    const body = { objectLabels: ["A-1-1", "A-1-2", "A-1-3"], holdToken: token() };
    const answers = await Promise.all(Array.from({ length: 20 }, () => seatPost(f, "hold", body, f.pk, "burst")));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.headers.get("Idempotent-Replayed") === null)).toHaveLength(1);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(await historyCount(f)).toBe(3);
  });

  it("forgets a key after 24 hours: the alarm deletes the answer and the key runs again", async () => {
    const f = await newEvent();
    await freeze(f);
    const body = { objectLabels: ["A-1-1"], holdToken: token(), ttlSeconds: 60 };
    expect((await seatPost(f, "hold", body, f.pk, "old")).status).toBe(200);
    await advance(f, DAY + 1000);
    expect(await runDurableObjectAlarm(stubOf(f))).toBe(true);
    const rows = await inObject(f, (_o, state) => Number(state.storage.sql.exec("SELECT COUNT(*) AS n FROM idempotency").one().n));
    expect(rows).toBe(0);
    const again = await seatPost(f, "hold", body, f.pk, "old");
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("refuses a key longer than 255 characters", async () => {
    const f = await newEvent();
    expectError(await seatPost(f, "hold", { objectLabels: ["A-1-1"], holdToken: token() }, f.pk, "x".repeat(256)), 400, "validation_failed");
  });

  it("lets browsers send Idempotency-Key and read Idempotent-Replayed (CORS)", async () => {
    const f = await newEvent();
    const preflight = await call("OPTIONS", `/api/v1/events/${f.eventKey}/seats/hold`, {
      headers: {
        Origin: "https://tickets.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "x-api-key,content-type,idempotency-key",
      },
    });
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("idempotency-key");
    const held = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
      key: f.pk,
      body: { objectLabels: ["A-1-1"], holdToken: token() },
      headers: { Origin: "https://tickets.example", "Idempotency-Key": "cors" },
    });
    expect(held.headers.get("access-control-expose-headers")).toContain("Idempotent-Replayed");
  });

  it("sends an idempotent hold through the router, not the fast lane, with the same answer shape", async () => {
    const f = await newEvent();
    const res = await seatPost(f, "hold", { objectLabels: ["A-1-1"], holdToken: token() }, f.pk, "lane");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eventKey: f.eventKey, objects: [{ objectLabel: "A-1-1", status: "held" }] });
  });
});

describe("Idempotency-Key on other POSTs (claimed in D1)", () => {
  async function chartOf(keys: Awaited<ReturnType<typeof newWorkspace>>) {
    const created = await call("POST", "/api/v1/charts", { key: keys.skTest, body: { name: "Hall", draftVersion: smallLayout() } });
    expect(created.status).toBe(201);
    const chartKey = created.body.chartKey as string;
    expect((await call("POST", `/api/v1/charts/${chartKey}/publish`, { key: keys.skTest })).status).toBe(200);
    return chartKey;
  }

  async function eventCount(keys: Awaited<ReturnType<typeof newWorkspace>>): Promise<number> {
    const list = await call("GET", "/api/v1/events?limit=100", { key: keys.skTest });
    return (list.body.items as unknown[]).length;
  }

  it("creates one event for a repeated create and replays its 201", async () => {
    const keys = await newWorkspace();
    const chartKey = await chartOf(keys);
    const post = () => call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey }, headers: { "Idempotency-Key": "create-1" } });
    const first = await post();
    expect(first.status).toBe(201);
    const again = await post();
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await eventCount(keys)).toBe(1);
  });

  it("refuses the same key with a different body or path: 422", async () => {
    const keys = await newWorkspace();
    const chartKey = await chartOf(keys);
    const h = { "Idempotency-Key": "create-2" };
    expect((await call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey }, headers: h })).status).toBe(201);
    expectError(await call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey, eventKey: "other" }, headers: h }), 422, "idempotency_key_reused");
    expectError(await call("POST", "/api/v1/charts", { key: keys.skTest, body: { name: "Other" }, headers: h }), 422, "idempotency_key_reused");
    expect(await eventCount(keys)).toBe(1);
  });

  it("scopes keys per workspace and environment", async () => {
    const a = await newWorkspace();
    const b = await newWorkspace();
    const h = { "Idempotency-Key": "same-everywhere" };
    const inA = await call("POST", "/api/v1/charts", { key: a.skTest, body: { name: "Hall" }, headers: h });
    const inB = await call("POST", "/api/v1/charts", { key: b.skTest, body: { name: "Hall" }, headers: h });
    const inALive = await call("POST", "/api/v1/charts", { key: a.skLive, body: { name: "Hall" }, headers: h });
    for (const r of [inA, inB, inALive]) {
      expect(r.status).toBe(201);
      expect(r.headers.get("Idempotent-Replayed")).toBeNull();
    }
  });

  it("executes 20 concurrent duplicates once (the others wait for the answer or get 409 idempotency_key_in_use)", async () => {
    const keys = await newWorkspace();
    const chartKey = await chartOf(keys);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call("POST", "/api/v1/events", { key: keys.skTest, body: { chartKey }, headers: { "Idempotency-Key": "burst" } })),
    );
    const created = answers.filter((a) => a.status === 201);
    for (const a of answers.filter((x) => x.status !== 201)) expectError(a, 409, "idempotency_key_in_use");
    expect(created.length).toBeGreaterThan(0);
    expect(created.filter((a) => a.headers.get("Idempotent-Replayed") === null)).toHaveLength(1);
    expect(new Set(created.map((a) => a.body.eventKey)).size).toBe(1);
    expect(await eventCount(keys)).toBe(1);
  });

  it("runs a key again once its 24 hours are over", async () => {
    const keys = await newWorkspace();
    const h = { "Idempotency-Key": "expiring" };
    const first = await call("POST", "/api/v1/charts", { key: keys.skTest, body: { name: "Hall" }, headers: h });
    await env.DB.prepare("UPDATE idempotency_keys SET expires_at = ? WHERE scope_key LIKE ?")
      .bind(Date.now() - 1, `${keys.workspaceId}:%`)
      .run();
    const again = await call("POST", "/api/v1/charts", { key: keys.skTest, body: { name: "Hall" }, headers: h });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(again.body.chartKey).not.toBe(first.body.chartKey);
  });

  it("gives the key back when the request fails with a retryable status", async () => {
    const keys = await newWorkspace();
    const h = { "Idempotency-Key": "unknown-chart" };
    // A 404 is an answer: kept and replayed.
    const missing = await call("POST", `/api/v1/charts/${uniqueKey("nope")}/publish`, { key: keys.skTest, headers: h });
    expectError(missing, 404, "chart_not_found");
    const rows = await env.DB.prepare("SELECT state, status FROM idempotency_keys WHERE scope_key LIKE ?").bind(`${keys.workspaceId}:%`).all();
    expect(rows.results).toEqual([{ state: "done", status: 404 }]);
  });
});
