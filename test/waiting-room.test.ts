import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signAdmission } from "../src/waiting-room/admission";
import { signFields } from "../src/keys/signing";
import { pacerStub } from "../src/waiting-room/pacer-stub";
import { api, call, expectError, expectOk, ISO, keyFor, newEvent, newWorkspace, token, type EventFixture } from "./support/fixtures";

/** docs/waiting-room.md: the waiting room's configuration, join, tickets, and the admission on every hold. */

const HOUR = 3_600_000;
const room = (f: EventFixture) => `/api/v1/events/${f.eventKey}/waiting-room`;
const ip = (client: string) => ({ "CF-Connecting-IP": client });
const scopeOf = (f: EventFixture) => ({ workspaceId: f.keys.workspaceId, environment: f.environment, eventKey: f.eventKey });

async function configure(f: EventFixture, body: Record<string, unknown>) {
  const res = await call("PUT", room(f), {
    key: f.sk,
    body: { enabled: true, opensAt: new Date(Date.now() - 1000).toISOString(), admitPerMinute: 600, sessionMinutes: 10, ...body },
  });
  expectOk(res);
  return res;
}

const join = (f: EventFixture, client: string, key = f.pk) => call("POST", `${room(f)}/join`, { key, headers: ip(client) });
const ticket = (f: EventFixture, t: string, key = f.pk) => call("GET", `${room(f)}/tickets/${encodeURIComponent(t)}`, { key });
const holdAs = (f: EventFixture, client: string, admission: string | undefined, label = "A-1-1") =>
  call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
    key: f.pk,
    headers: { ...ip(client), ...(admission === undefined ? {} : { "X-Admission": admission }) },
    body: { objectLabels: [label], holdToken: token() },
  });

/** Runs pacer ticks at simulated times until `client`'s ticket is admitted; answers its admission. */
async function admitted(f: EventFixture, t: string, from = Date.now()): Promise<{ admission: string; admissionExpiresAt: string }> {
  for (let i = 0; i < 30; i++) {
    const res = await ticket(f, t);
    if (res.body.admitted) return res.body;
    await pacerStub(env, scopeOf(f)).tickAt(from + i * 1000);
  }
  throw new Error("never admitted");
}

describe("the event record tells every key whether to queue", () => {
  it("waitingRoom is null without a room, then { enabled, opensAt } for publishable and secret keys, enabled false once switched off", async () => {
    const f = await newEvent();
    const record = async (key: string) => {
      const res = await call("GET", `/api/v1/events/${f.eventKey}`, { key });
      expectOk(res);
      return res.body.waitingRoom;
    };
    expect(await record(f.pk)).toBeNull();
    expect(await record(f.sk)).toBeNull();
    const opensAt = new Date(Date.now() + HOUR).toISOString();
    await configure(f, { opensAt });
    expect(await record(f.pk)).toEqual({ enabled: true, opensAt });
    expect(await record(f.sk)).toEqual({ enabled: true, opensAt });
    const listed = await call("GET", "/api/v1/events?limit=100", { key: f.sk });
    expect(listed.body.items.find((e: { eventKey: string }) => e.eventKey === f.eventKey).waitingRoom).toEqual({ enabled: true, opensAt });
    await configure(f, { enabled: false, opensAt });
    expect(await record(f.pk)).toEqual({ enabled: false, opensAt });
    // The join of an event whose room is off stays 404, which the seat map now never asks for.
    expectError(await join(f, "10.0.0.9"), 404, "not_found");
  });
});

describe("configuration (secret key)", () => {
  it("PUT stores the room, GET answers it with stats", async () => {
    const f = await newEvent();
    const opensAt = new Date(Date.now() + HOUR).toISOString();
    const put = await configure(f, { opensAt, admitPerMinute: 120, sessionMinutes: 5 });
    expect(put.body).toMatchObject({
      enabled: true,
      opensAt,
      admitPerMinute: 120,
      sessionMinutes: 5,
      stats: { waiting: 0, admittedTotal: 0, admittedLastMinute: 0 },
    });
    await join(f, "10.0.0.1");
    await join(f, "10.0.0.2");
    const got = await call("GET", room(f), { key: f.sk });
    expectOk(got);
    expect(got.body.stats).toEqual({ waiting: 2, admittedTotal: 0, admittedLastMinute: 0 });
  });

  it("refuses a publishable key, bad bodies, unknown events and another workspace's event", async () => {
    const f = await newEvent();
    expectError(
      await call("PUT", room(f), { key: f.pk, body: { enabled: true, opensAt: new Date().toISOString(), admitPerMinute: 1, sessionMinutes: 1 } }),
      403,
      "public_key_not_allowed",
    );
    expectError(await call("GET", room(f), { key: f.pk }), 403, "public_key_not_allowed");
    for (const bad of [
      { enabled: true, opensAt: "soon", admitPerMinute: 10, sessionMinutes: 1 },
      { enabled: true, opensAt: new Date().toISOString(), admitPerMinute: 0, sessionMinutes: 1 },
      { enabled: true, opensAt: new Date().toISOString(), admitPerMinute: 100_001, sessionMinutes: 1 },
      { enabled: true, opensAt: new Date().toISOString(), admitPerMinute: 10, sessionMinutes: 61 },
      { enabled: "yes", opensAt: new Date().toISOString(), admitPerMinute: 10, sessionMinutes: 1 },
      { opensAt: new Date().toISOString(), admitPerMinute: 10, sessionMinutes: 1 },
    ]) {
      expectError(await call("PUT", room(f), { key: f.sk, body: bad }), 400, "validation_failed");
    }
    expectError(await call("GET", room(f), { key: f.sk }), 404, "not_found");
    const body = { enabled: true, opensAt: new Date().toISOString(), admitPerMinute: 10, sessionMinutes: 1 };
    expectError(await call("PUT", "/api/v1/events/no-such-event/waiting-room", { key: f.sk, body }), 404, "event_not_found");
    const other = await newWorkspace();
    expectError(await call("PUT", room(f), { key: keyFor(other, "secret", "sandbox"), body }), 403, "forbidden");
    expectError(await call("POST", `${room(f)}/join`, { key: keyFor(other, "public", "sandbox"), headers: ip("1.1.1.1") }), 403, "forbidden");
    // The other environment's keys do not see the room.
    await configure(f, {});
    expectError(await call("POST", `${room(f)}/join`, { key: keyFor(f.keys, "public", "production"), headers: ip("1.1.1.1") }), 404);
  });
});

describe("join and tickets (publishable key)", () => {
  it("answers 201 with a ticket; the same address gets the same ticket, another a new one", async () => {
    const f = await newEvent();
    const opensAt = new Date(Date.now() + HOUR).toISOString();
    await configure(f, { opensAt });
    const a = await join(f, "192.0.2.1");
    expect(a.status).toBe(201);
    expect(a.body).toEqual({ ticket: expect.any(String), position: null, opensAt, estimatedWaitSeconds: expect.any(Number) });
    expect(a.body.estimatedWaitSeconds).toBeGreaterThanOrEqual(3599);
    expect((await join(f, "192.0.2.1")).body.ticket).toBe(a.body.ticket);
    expect((await join(f, "192.0.2.2")).body.ticket).not.toBe(a.body.ticket);
    const t = await ticket(f, a.body.ticket);
    expectOk(t);
    expect(t.body).toEqual({ position: null, admitted: false, retryAfterSeconds: 30 });
  });

  it("404 for an event without an enabled room and for unknown tickets", async () => {
    const f = await newEvent();
    expectError(await join(f, "1.2.3.4"), 404, "not_found");
    await configure(f, { enabled: false });
    expectError(await join(f, "1.2.3.4"), 404, "not_found");
    await configure(f, {});
    expectError(await ticket(f, "0.AAAAAAAAAAAAAAAAAAAAAA"), 404, "not_found");
    expectError(await ticket(f, "nonsense"), 404, "not_found");
    expectError(await call("POST", `${room(f)}/join`, { headers: ip("1.2.3.4") }), 401, "unauthorized");
  });

  it("an event that does not exist is 404 event_not_found, another workspace's 403, for a join and a ticket alike", async () => {
    const f = await newEvent();
    const missing = { ...f, eventKey: "no-such-event" };
    expectError(await join(missing, "1.2.3.4"), 404, "event_not_found");
    expectError(await ticket(missing, "0.AAAAAAAAAAAAAAAAAAAAAA"), 404, "event_not_found");
    expectError(await call("POST", "/api/v1/events/not%20a%20key/waiting-room/join", { key: f.pk, headers: ip("1.2.3.4") }), 404, "event_not_found");
    const other = await newWorkspace();
    expectError(await join(f, "1.2.3.4", other.pkTest), 403, "forbidden");
  });

  it("after opensAt joiners go in join order, each admitted once, with a position that falls", async () => {
    const f = await newEvent();
    await configure(f, { admitPerMinute: 60 });
    const tickets: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await join(f, `198.51.100.${i}`);
      expect(res.status).toBe(201);
      // Open: a place at once (estimated from this shard), and a wait at the pace.
      expect(res.body.position).toEqual(expect.any(Number));
      expect(res.body.position).toBeGreaterThanOrEqual(0);
      tickets.push(res.body.ticket);
    }
    const now = Date.now();
    const order: string[] = [];
    for (let s = 0; s < 6; s++) {
      await pacerStub(env, scopeOf(f)).tickAt(now + s * 1000);
      for (const t of tickets) if (!order.includes(t) && (await ticket(f, t)).body.admitted) order.push(t);
    }
    expect(order).toEqual(tickets);
    const stats = (await call("GET", room(f), { key: f.sk })).body.stats;
    expect(stats).toMatchObject({ waiting: 0, admittedTotal: 5 });
  });
});

describe("the admission on every publishable hold", () => {
  it("holds need X-Admission while the room is enabled and open; secret keys never", async () => {
    const f = await newEvent();
    await configure(f, {});
    expectError(await holdAs(f, "203.0.113.7", undefined), 403, "admission_required");
    expectError(await holdAs(f, "203.0.113.7", "garbage"), 403, "admission_required");
    const best = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, {
      key: f.pk,
      headers: ip("203.0.113.7"),
      body: { quantity: 1, holdToken: token() },
    });
    expectError(best, 403, "admission_required");
    const ga = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
      key: f.pk,
      headers: ip("203.0.113.7"),
      body: { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: 1 },
    });
    expectError(ga, 403, "admission_required");
    expectOk(await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() }, f.sk));

    const j = await join(f, "203.0.113.7");
    const { admission, admissionExpiresAt } = await admitted(f, j.body.ticket);
    expect(admissionExpiresAt).toMatch(ISO);
    expect(Date.parse(admissionExpiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    const held = await holdAs(f, "203.0.113.7", admission);
    expectOk(held);
    const t = token();
    const bestOk = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, {
      key: f.pk,
      headers: { ...ip("203.0.113.7"), "X-Admission": admission },
      body: { quantity: 1, holdToken: t },
    });
    expectOk(bestOk);
    // A release only frees: no admission needed.
    expectOk(await call("POST", `/api/v1/events/${f.eventKey}/seats/release`, { key: f.pk, headers: ip("203.0.113.7"), body: { holdToken: t } }));
    // The ticket stays admitted once: polling again gives the same admission.
    expect((await ticket(f, j.body.ticket)).body.admission).toBe(admission);
  });

  it("refuses forged, expired, another event's and another client's admissions", async () => {
    const f = await newEvent();
    const g = await newEvent({ keys: f.keys });
    await configure(f, {});
    await configure(g, {});
    const j = await join(f, "203.0.113.9");
    const { admission } = await admitted(f, j.body.ticket);
    // Another client address with the same admission.
    expectError(await holdAs(f, "203.0.113.10", admission), 403, "admission_required");
    // Another event of the same workspace.
    expectError(await holdAs(g, "203.0.113.9", admission), 403, "admission_required");
    // A signature changed in one character.
    const last = admission.at(-1) === "A" ? "B" : "A";
    expectError(await holdAs(f, "203.0.113.9", admission.slice(0, -1) + last), 403, "admission_required");
    // A later expiry with the old signature.
    const parts = admission.split(".");
    const [t, eventId, exp, sig] = [parts.slice(0, 2).join("."), parts[2]!, parts[3]!, parts[4]!];
    expectError(await holdAs(f, "203.0.113.9", `${t}.${eventId}.${Number(exp) + 60_000}.${sig}`), 403, "admission_required");
    const secret = env as unknown as Env;
    // Signed with the right key, but expired.
    const expired = await signAdmission(secret, scopeOf(f), eventId, t, "203.0.113.9", Date.now() - 1);
    expectError(await holdAs(f, "203.0.113.9", expired), 403, "admission_required");
    // Signed with another key.
    const scope = scopeOf(f);
    const later = Date.now() + 60_000;
    const forgedSignature = await signFields("not-the-secret", "admission", [
      scope.workspaceId,
      scope.environment,
      scope.eventKey,
      eventId,
      t,
      "203.0.113.9",
      String(later),
    ]);
    expectError(await holdAs(f, "203.0.113.9", `${t}.${eventId}.${later}.${forgedSignature}`), 403, "admission_required");
    // Signed with the right key for another creation of the event (a deleted one of the same key).
    const stale = await signAdmission(secret, scopeOf(f), "ev_deleted", t, "203.0.113.9", Date.now() + 60_000);
    expectError(await holdAs(f, "203.0.113.9", stale), 403, "admission_required");
    // A signature this test made the server's way is accepted: the refusals above are the fields, not the test's signing.
    expectOk(await holdAs(f, "203.0.113.9", await signAdmission(secret, scopeOf(f), eventId, t, "203.0.113.9", Date.now() + 60_000), "A-1-6"));
    // And the real one still works.
    expectOk(await holdAs(f, "203.0.113.9", admission, "A-1-5"));
  });

  it("before opensAt and once disabled, holds need no admission", async () => {
    const f = await newEvent();
    await configure(f, { opensAt: new Date(Date.now() + HOUR).toISOString() });
    expectOk(await holdAs(f, "203.0.113.20", undefined, "A-1-3"));
    await configure(f, {});
    expectError(await holdAs(f, "203.0.113.20", undefined, "A-1-4"), 403, "admission_required");
    await configure(f, { enabled: false });
    expectOk(await holdAs(f, "203.0.113.20", undefined, "A-1-4"));
  });

  it("deleting the event deletes its room: a new event of the same key has none, and the old admission is void", async () => {
    const f = await newEvent();
    await configure(f, {});
    const j = await join(f, "203.0.113.30");
    const { admission } = await admitted(f, j.body.ticket);
    expectOk(await call("DELETE", `/api/v1/events/${f.eventKey}`, { key: f.sk }));
    expectOk(await call("POST", "/api/v1/events", { key: f.sk, body: { chartKey: f.chartKey, eventKey: f.eventKey } }), 201);
    expectError(await join(f, "203.0.113.30"), 404, "not_found");
    expectError(await ticket(f, j.body.ticket), 404, "not_found");
    expectError(await call("GET", room(f), { key: f.sk }), 404, "not_found");
    await configure(f, {});
    expectError(await holdAs(f, "203.0.113.30", admission), 403, "admission_required");
    const again = await join(f, "203.0.113.30");
    expect(again.body.ticket).not.toBe(j.body.ticket);
  });

  it("the preflight allows X-Admission", async () => {
    const f = await newEvent();
    const res = await call("OPTIONS", `/api/v1/events/${f.eventKey}/seats/hold`, {
      headers: { Origin: "https://shop.example", "Access-Control-Request-Method": "POST" },
    });
    expect(res.headers.get("Access-Control-Allow-Headers")).toContain("X-Admission");
  });
});
