import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { LIVE_SOCKETS_PER_CLIENT } from "../src/domain/client-address";
import { publicReadLimit } from "../src/http/read-limit";
import { rotatePublicKey } from "../src/workspaces/provision";
import { call, expectError, expectOk, newEvent, token, type EventFixture } from "./support/fixtures";

/**
 * Per-client limits of docs/security.md on reads and sockets, and idempotency scoped per API key and
 * client: publishable-key reads of an event per client address (PUBLIC_READ_LIMIT per 10 s, default
 * 300), at most 8 live sockets per client address and event, and two browsers with the same
 * publishable key never receiving each other's stored answer.
 */

describe("publishable-key reads of an event", () => {
  it("default to 300 per 10 s, configurable by PUBLIC_READ_LIMIT", () => {
    expect(publicReadLimit({} as Env)).toBe(300);
    expect(publicReadLimit({ PUBLIC_READ_LIMIT: "50" } as Env)).toBe(50);
    for (const bad of ["0", "-3", "1.5", "many", ""]) expect(publicReadLimit({ PUBLIC_READ_LIMIT: bad } as Env)).toBe(300);
    expect(env.PUBLIC_READ_LIMIT).toBe("300");
  });

  it("count record, status, objects, channels and rules per client and event; 429 with Retry-After past the limit", async () => {
    const f = await newEvent({ environment: "production" });
    const g = await newEvent({ keys: f.keys, environment: "production" });
    const app = createApp();
    const bindings = { ...env, PUBLIC_READ_LIMIT: "6" };
    const read = (ev: EventFixture, suffix: string, headers: Record<string, string>) =>
      app.fetch(new Request(`http://service.test/api/v1/events/${ev.eventKey}${suffix}`, { headers }), bindings, createExecutionContext());
    const buyer = { "X-Api-Key": f.pk, "CF-Connecting-IP": "203.0.113.61" };
    for (const suffix of ["", "/status", "/objects", "/channels", "/selection-rules", "/status?format=compact"]) {
      expect((await read(f, suffix, buyer)).status, suffix).toBe(200);
    }
    const refused = await read(f, "/status", buyer);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    // Another client, another event and the secret key are untouched; holds are not reads.
    expect((await read(f, "/status", { ...buyer, "CF-Connecting-IP": "203.0.113.62" })).status).toBe(200);
    expect((await read(g, "/status", buyer)).status).toBe(200);
    expect((await read(f, "/status", { "X-Api-Key": f.sk, "CF-Connecting-IP": "203.0.113.61" })).status).toBe(200);
    const hold = await app.fetch(
      new Request(`http://service.test/api/v1/events/${f.eventKey}/seats/hold`, {
        method: "POST",
        headers: { ...buyer, "Content-Type": "application/json" },
        body: JSON.stringify({ objectLabels: ["A-1-1"], holdToken: token() }),
      }),
      bindings,
      createExecutionContext(),
    );
    expect(hold.status).toBe(200);
  });

  it("at the default, the 301st read of one client within 10 s is refused", async () => {
    // Production: the sandbox's own limit per workspace would meet the burst first.
    const f = await newEvent({ environment: "production" });
    const headers = { "CF-Connecting-IP": "2001:db8:300::1" };
    const results = await Promise.all(Array.from({ length: 301 }, () => call("GET", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.pk, headers })));
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body.code])).toEqual([[429, "rate_limited"]]);
    expectError(
      results.find((r) => r.status !== 200)!,
      429,
      "rate_limited",
    );
  });
});

describe("live sockets", () => {
  const open = (f: EventFixture, ip: string, key = f.pk) =>
    exports.default.fetch(
      new Request(`http://service.test/api/v1/events/${f.eventKey}/live?key=${key}`, { headers: { Upgrade: "websocket", "CF-Connecting-IP": ip } }),
    );

  it("at most 8 per client address and event: the 9th upgrade is 429 with Retry-After; closing one makes room", async () => {
    const f = await newEvent();
    const sockets: WebSocket[] = [];
    for (let i = 0; i < LIVE_SOCKETS_PER_CLIENT; i++) {
      // Addresses of one /64: one client.
      const res = await open(f, `2001:db8:8:8::${i + 1}`);
      expect(res.status).toBe(101);
      res.webSocket!.accept();
      sockets.push(res.webSocket!);
    }
    const ninth = await open(f, "2001:db8:8:8::ffff");
    expect(ninth.status).toBe(429);
    expect(await ninth.json()).toMatchObject({ statusCode: 429, code: "rate_limited" });
    expect(Number(ninth.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    // Another client, and a secret key (a server), are not counted against it.
    const other = await open(f, "2001:db8:8:9::1");
    expect(other.status).toBe(101);
    other.webSocket!.accept();
    const server = await exports.default.fetch(
      new Request(`http://service.test/api/v1/events/${f.eventKey}/live`, {
        headers: { Upgrade: "websocket", "CF-Connecting-IP": "2001:db8:8:8::1", "X-Api-Key": f.sk },
      }),
    );
    expect(server.status).toBe(101);
    server.webSocket!.accept();
    // A client cannot name another client to the event's object.
    const spoof = await exports.default.fetch(
      new Request(`http://service.test/api/v1/events/${f.eventKey}/live?key=${f.pk}`, {
        headers: { Upgrade: "websocket", "CF-Connecting-IP": "2001:db8:8:8::2", "X-Seats-Live-Client": "192.0.2.200" },
      }),
    );
    expect(spoof.status).toBe(429);
    sockets[0]!.close(1000, "done");
    await expect
      .poll(
        async () => {
          const res = await open(f, "2001:db8:8:8::77");
          if (res.status === 101) res.webSocket!.accept();
          return res.status;
        },
        { timeout: 5000 },
      )
      .toBe(101);
    for (const ws of [...sockets.slice(1), other.webSocket!, server.webSocket!]) ws.close(1000, "done");
  });
});

describe("idempotency per API key and client", () => {
  it("two browsers with the same publishable key and Idempotency-Key each get their own answer", async () => {
    const f = await newEvent();
    const hold = (ip: string, label: string) =>
      call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
        key: f.pk,
        headers: { "CF-Connecting-IP": ip, "Idempotency-Key": "cart-1" },
        body: { objectLabels: [label], holdToken: `token-of-${ip}` },
      });
    const a = await hold("203.0.113.70", "A-1-1");
    const b = await hold("203.0.113.71", "A-1-2");
    expectOk(a);
    expectOk(b);
    expect(b.headers.get("Idempotent-Replayed")).toBeNull();
    expect(b.body.objects[0].objectLabel).toBe("A-1-2");
    const again = await hold("203.0.113.70", "A-1-1");
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    // The same browser with another body under its key is still 422.
    expectError(await hold("203.0.113.70", "A-1-3"), 422, "idempotency_key_reused");
    // Other POSTs too: two browsers joining a waiting room with one Idempotency-Key get their own tickets.
    expectOk(
      await call("PUT", `/api/v1/events/${f.eventKey}/waiting-room`, {
        key: f.sk,
        body: { enabled: true, opensAt: new Date(Date.now() + 60_000).toISOString(), admitPerMinute: 60, sessionMinutes: 5 },
      }),
    );
    const join = (ip: string) =>
      call("POST", `/api/v1/events/${f.eventKey}/waiting-room/join`, { key: f.pk, headers: { "CF-Connecting-IP": ip, "Idempotency-Key": "join-1" } });
    const [ja, jb] = [await join("203.0.113.70"), await join("203.0.113.71")];
    expect(ja.status).toBe(201);
    expect(jb.status).toBe(201);
    expect(jb.body.ticket).not.toBe(ja.body.ticket);
  });

  it("a rotated publishable key starts with no stored answers", async () => {
    const f = await newEvent();
    const hold = (key: string, label: string) =>
      call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
        key,
        headers: { "CF-Connecting-IP": "203.0.113.80", "Idempotency-Key": "cart-2" },
        body: { objectLabels: [label], holdToken: "token-of-rotation" },
      });
    expectOk(await hold(f.pk, "A-1-4"));
    const { publicKey } = await rotatePublicKey(env as unknown as Env, f.keys.workspaceId, "sandbox", 60);
    const fresh = await hold(publicKey, "A-1-5");
    expectOk(fresh);
    expect(fresh.headers.get("Idempotent-Replayed")).toBeNull();
  });
});
