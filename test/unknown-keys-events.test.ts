import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { newEvent, newWorkspace, token } from "./support/fixtures";

/**
 * What made-up names cost (docs/security.md): an unknown or malformed API key costs no D1 read after the
 * first few, and an address sending more than 100 of them in 10 seconds gets 429; an event key that
 * exists in no workspace is 404 `event_not_found` before any Durable Object is touched, so it never
 * creates storage. The app runs on bindings that count what they are asked.
 */

/** The test bindings, with D1 queries and Durable Object look-ups counted. */
function countingEnv() {
  const counts = { keyQueries: 0, eventQueries: 0, objects: 0 };
  const DB = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") {
        return (query: string) => {
          if (/from\s+"?api_keys"?/i.test(query)) counts.keyQueries++;
          if (/from\s+"?events"?/i.test(query)) counts.eventQueries++;
          return target.prepare(query);
        };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const counted = <T extends object>(ns: T): T =>
    new Proxy(ns, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (prop === "get" || prop === "getByName") counts.objects++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  const bindings = {
    ...env,
    DB,
    EVENTS: counted(env.EVENTS),
    WAITING_ROOM_SHARDS: counted(env.WAITING_ROOM_SHARDS),
    WAITING_ROOM_PACERS: counted(env.WAITING_ROOM_PACERS),
    // The crowd's objects: a live socket's relay, and the hub that answers publishable reads.
    LIVE_HUBS: counted(env.LIVE_HUBS),
    LIVE_RELAYS: counted(env.LIVE_RELAYS),
  };
  return { bindings, counts };
}

const app = createApp();

function request(bindings: object, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const init: RequestInit = { method, headers: { "Content-Type": "application/json", ...headers } };
  if (body !== undefined) init.body = JSON.stringify(body);
  return app.fetch(new Request(`http://service.test${path}`, init), bindings, createExecutionContext());
}

/** A well-formed key that no workspace has. */
const forged = (i: number) => `pk_live_${String(i).padStart(32, "0")}`;

describe("unknown API keys", () => {
  it("an address is refused with 429 past 100 unknown keys in 10 s, with no D1 read; others are untouched", async () => {
    const { bindings, counts } = countingEnv();
    const bot = { "CF-Connecting-IP": "198.51.100.1" };
    for (let i = 0; i < 100; i++) expect((await request(bindings, "GET", "/api/v1/events/x", { ...bot, "X-Api-Key": forged(i) })).status).toBe(401);
    expect(counts.keyQueries).toBe(100);
    const refused = await request(bindings, "GET", "/api/v1/events/x", { ...bot, "X-Api-Key": forged(100) });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ statusCode: 429, code: "rate_limited" });
    const retry = Number(refused.headers.get("Retry-After"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(10);
    for (let i = 101; i < 150; i++) expect((await request(bindings, "GET", "/api/v1/events/x", { ...bot, "X-Api-Key": forged(i) })).status).toBe(429);
    // Malformed keys and the live socket's key are refused the same way while the window lasts.
    expect((await request(bindings, "GET", "/api/v1/events/x", { ...bot, "X-Api-Key": "nonsense" })).status).toBe(429);
    expect((await request(bindings, "GET", `/api/v1/events/x/live?key=${forged(9999)}`, { ...bot, Upgrade: "websocket" })).status).toBe(429);
    expect(counts.keyQueries).toBe(100);
    // Another address is counted on its own.
    expect((await request(bindings, "GET", "/api/v1/events/x", { "CF-Connecting-IP": "198.51.100.2", "X-Api-Key": forged(1) })).status).toBe(401);
  });

  it("the same unknown key is looked up once; malformed keys never", async () => {
    const { bindings, counts } = countingEnv();
    const headers = { "CF-Connecting-IP": "198.51.100.20", "X-Api-Key": forged(424242) };
    for (let i = 0; i < 20; i++) expect((await request(bindings, "GET", "/api/v1/events/x", headers)).status).toBe(401);
    expect(counts.keyQueries).toBe(1);
    for (const bad of ["pk_live_short", "sk_test_" + "!".repeat(32), "x".repeat(300)]) {
      expect((await request(bindings, "GET", "/api/v1/events/x", { "CF-Connecting-IP": "198.51.100.21", "X-Api-Key": bad })).status).toBe(401);
    }
    expect(counts.keyQueries).toBe(1);
  });

  it("malformed keys count against the address too; a publishable key the isolate knows still works from it", async () => {
    const f = await newEvent({ environment: "production" });
    const { bindings } = countingEnv();
    const office = { "CF-Connecting-IP": "2001:db8:5:5::1" };
    expect((await request(bindings, "GET", `/api/v1/events/${f.eventKey}`, { ...office, "X-Api-Key": f.pk })).status).toBe(200);
    for (let i = 0; i < 100; i++) {
      const ip = { "CF-Connecting-IP": `2001:db8:5:5::${(i + 2).toString(16)}` };
      expect((await request(bindings, "GET", "/api/v1/events/x", { ...ip, "X-Api-Key": `garbage-${i}` })).status).toBe(401);
    }
    expect((await request(bindings, "GET", "/api/v1/events/x", { ...office, "X-Api-Key": "garbage" })).status).toBe(429);
    // A buyer behind the same address as the bot keeps buying with the page's key.
    expect((await request(bindings, "GET", `/api/v1/events/${f.eventKey}`, { ...office, "X-Api-Key": f.pk })).status).toBe(200);
  });
});

describe("event keys that exist in no workspace", () => {
  it("every route naming one is 404 event_not_found without touching a Durable Object", async () => {
    const keys = await newWorkspace();
    const { bindings, counts } = countingEnv();
    const ghost = "no-such-event-anywhere";
    const pk = { "X-Api-Key": keys.pkLive, "CF-Connecting-IP": "203.0.113.50" };
    const sk = { "X-Api-Key": keys.skLive };
    const calls: [string, string, Record<string, string>, unknown?][] = [
      ["GET", `/api/v1/events/${ghost}`, pk],
      ["GET", `/api/v1/events/${ghost}/status`, pk],
      ["GET", `/api/v1/events/${ghost}/status?format=compact`, pk],
      ["GET", `/api/v1/events/${ghost}/status?holdToken=${token()}`, pk],
      ["GET", `/api/v1/events/${ghost}/objects`, pk],
      ["GET", `/api/v1/events/${ghost}/channels`, pk],
      ["GET", `/api/v1/events/${ghost}/selection-rules`, pk],
      ["POST", `/api/v1/events/${ghost}/seats/hold`, pk, { objectLabels: ["A-1-1"], holdToken: token() }],
      ["POST", `/api/v1/events/${ghost}/seats/hold-best-available`, pk, { quantity: 2, holdToken: token() }],
      ["POST", `/api/v1/events/${ghost}/seats/release`, pk, { holdToken: token() }],
      ["POST", `/api/v1/events/${ghost}/waiting-room/join`, pk],
      ["GET", `/api/v1/events/${ghost}/waiting-room/tickets/1.AAAAAAAAAAAAAAAAAAAAAA`, pk],
      ["GET", `/api/v1/events/${ghost}/live?key=${keys.pkLive}`, { Upgrade: "websocket" }],
      ["GET", `/api/v1/events/${ghost}/reports`, sk],
      ["GET", `/api/v1/events/${ghost}/status-changes`, sk],
      ["PUT", `/api/v1/events/${ghost}/selection-rules`, sk, {}],
      ["PUT", `/api/v1/events/${ghost}/waiting-room`, sk, { enabled: true, opensAt: new Date().toISOString(), admitPerMinute: 10, sessionMinutes: 5 }],
      ["GET", `/api/v1/events/${ghost}/waiting-room`, sk],
      ["POST", `/api/v1/events/${ghost}/seats/book`, sk, { objectLabels: ["A-1-1"], holdToken: token() }],
      ["DELETE", `/api/v1/events/${ghost}`, sk],
    ];
    for (const [method, path, headers, body] of calls) {
      const res = await request(bindings, method, path, headers, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { code: string }).code, `${method} ${path}`).toBe("event_not_found");
    }
    expect(counts.objects).toBe(0);
  });

  it("another workspace's event is 403 without touching its object; a known event is served; misses are remembered briefly", async () => {
    const f = await newEvent({ environment: "production" });
    const other = await newWorkspace();
    const { bindings, counts } = countingEnv();
    const foreign = await request(bindings, "GET", `/api/v1/events/${f.eventKey}/status`, { "X-Api-Key": other.pkLive });
    expect(foreign.status).toBe(403);
    expect(counts.objects).toBe(0);
    expect((await request(bindings, "GET", `/api/v1/events/${f.eventKey}/status`, { "X-Api-Key": f.pk })).status).toBe(200);
    expect(counts.objects).toBeGreaterThan(0);
    // The hold path asks D1 about the event once, not per hold.
    const before = counts.eventQueries;
    for (let i = 0; i < 5; i++) {
      const res = await request(
        bindings,
        "POST",
        `/api/v1/events/${f.eventKey}/seats/hold`,
        { "X-Api-Key": f.pk },
        { objectLabels: [`A-1-${i + 1}`], holdToken: token() },
      );
      expect(res.status).toBe(200);
    }
    expect(counts.eventQueries).toBe(before);
    const ghostQueries = counts.eventQueries;
    for (let i = 0; i < 5; i++) await request(bindings, "GET", "/api/v1/events/made-up-key-1/status", { "X-Api-Key": f.pk });
    expect(counts.eventQueries - ghostQueries).toBeLessThanOrEqual(2);
  });

  it("an event created or deleted in this isolate is known at once", async () => {
    const keys = await newWorkspace();
    const { bindings } = countingEnv();
    const sk = { "X-Api-Key": keys.skTest };
    const chart = await request(bindings, "POST", "/api/v1/charts", sk, {
      name: "Hall",
      chartKey: "hall",
      draftVersion: {
        categories: [{ key: "c", label: "C", color: "#123456" }],
        sections: [{ key: "A", label: "A", rows: [{ label: "1", seats: [{ label: "A-1-1", categoryKey: "c" }] }] }],
      },
    });
    expect(chart.status).toBe(201);
    expect((await request(bindings, "POST", "/api/v1/charts/hall/publish", sk)).status).toBe(200);
    expect((await request(bindings, "GET", "/api/v1/events/soon", sk)).status).toBe(404);
    expect((await request(bindings, "POST", "/api/v1/events", sk, { chartKey: "hall", eventKey: "soon" })).status).toBe(201);
    expect((await request(bindings, "GET", "/api/v1/events/soon/status", { "X-Api-Key": keys.pkTest })).status).toBe(200);
    expect((await request(bindings, "DELETE", "/api/v1/events/soon", sk)).status).toBe(200);
    expect((await request(bindings, "GET", "/api/v1/events/soon/status", { "X-Api-Key": keys.pkTest })).status).toBe(404);
  });
});
