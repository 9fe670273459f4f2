/**
 * The one entry point of the test fixtures: workspaces and keys, `call()` into the Worker, the
 * error envelope check, layouts, charts and events made through the API, seat shortcuts, and the
 * hooks that reach inside an event's Durable Object (its clock and its outbox). The webhook
 * receiver client and the D1 and queue seeding helpers live in ./webhooks and are re-exported here,
 * so every test imports from this file alone.
 */
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import type { Environment } from "../../src/domain/scope";
import { eventStub } from "../../src/event-object/event-stub";
import { fillOutbox, rowEventJson } from "../../src/event-object/outbox/outbox";
import type { ErrorCode } from "../../src/domain/errors";
import type { ErrorBody } from "../../src/http/errors";
import { createWorkspace, issueSecretKey } from "../../src/workspaces/provision";
import type { EventObject } from "./worker";

export * from "./webhooks";
export * from "./crowd";

// ---------------------------------------------------------------------------------------------
// Workspaces and keys

export type { Environment };
export type KeyKind = "public" | "secret";
export const ENVIRONMENTS: readonly Environment[] = ["production", "sandbox"];
export const KEY_KINDS: readonly KeyKind[] = ["public", "secret"];

/** The four keys of a test workspace. */
export interface TestKeys {
  workspaceKey: string;
  workspaceId: string;
  pkLive: string;
  pkTest: string;
  skLive: string;
  skTest: string;
}

/** A fresh workspace with all four keys, provisioned directly (no operator API involved). */
export async function newWorkspace(name = "Test workspace"): Promise<TestKeys> {
  const ws = await createWorkspace(env, name);
  const live = await issueSecretKey(env, ws.id, "production");
  const test = await issueSecretKey(env, ws.id, "sandbox");
  return {
    workspaceKey: ws.workspaceKey,
    workspaceId: ws.id,
    pkLive: ws.publicKeys.production,
    pkTest: ws.publicKeys.sandbox,
    skLive: live.secretKey,
    skTest: test.secretKey,
  };
}

/** The key of a kind for an environment. */
export function keyFor(keys: TestKeys, kind: KeyKind, environment: Environment): string {
  if (kind === "public") return environment === "production" ? keys.pkLive : keys.pkTest;
  return environment === "production" ? keys.skLive : keys.skTest;
}

/** The operator token of the test runtime. Secrets are declared on the global Env (src/secrets.d.ts), not on the test bindings type. */
export const ADMIN_TOKEN = (env as unknown as Env).ADMIN_TOKEN ?? "";
/** The headers of an operator API call. */
export const ADMIN = { Authorization: `Bearer ${ADMIN_TOKEN}` };

// ---------------------------------------------------------------------------------------------
// Calling the Worker

export interface CallOptions {
  key?: string;
  body?: unknown;
  /** A raw body string, sent as is (for malformed JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = Record<string, unknown>> {
  /** "METHOD path" of the request, for failure messages. */
  request: string;
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the Worker's fetch handler (sending JSON unless told otherwise) and parses the JSON answer. */
// Tests read arbitrary JSON shapes; `any` is confined to this helper.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key !== undefined) headers["X-Api-Key"] = opts.key;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["Content-Type"] = "application/json";
  return send<T>(new Request(`http://service.test${path}`, { method, headers, body }));
}

/** Sends a request exactly as built (no headers added) to the Worker and parses the answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function send<T = any>(request: Request): Promise<CallResult<T>> {
  const res = await exports.default.fetch(request);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Non-JSON bodies (the SDK bundle, the docs page) are returned as text.
  }
  return { request: `${request.method} ${new URL(request.url).pathname}`, status: res.status, headers: res.headers, body: parsed as T };
}

// ---------------------------------------------------------------------------------------------
// Assertions

/** The reason phrase each status carries in the envelope's `error`. */
const REASON: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
};

/** The only keys the error envelope has. */
const ENVELOPE_KEYS = ["statusCode", "error", "message", "code", "failed", "errors"];

/**
 * Asserts that `res` is the service's one error envelope with `status` (and `code`, when given):
 * JSON, `{ statusCode, error, message, code, failed?, errors? }` and nothing else, the reason phrase
 * of the status in `error`, `failed` entries naming a label and a reason, `errors` mapping each
 * property path to its messages.
 */
export function expectError(res: Pick<CallResult<unknown>, "status" | "headers" | "body"> & { request?: string }, status: number, code?: ErrorCode): void {
  const what = `${res.request ?? "response"} -> ${res.status} ${JSON.stringify(res.body)}`.slice(0, 600);
  expect(res.status, what).toBe(status);
  expect(res.headers.get("content-type") ?? "", what).toMatch(/^application\/json/);
  expect(typeof res.body === "object" && res.body !== null, what).toBe(true);
  const body = res.body as Partial<ErrorBody>;
  for (const key of Object.keys(body)) expect(ENVELOPE_KEYS, what).toContain(key);
  expect(body.statusCode, what).toBe(status);
  expect(body.error, what).toBe(REASON[status] ?? body.error);
  expect(typeof body.error, what).toBe("string");
  expect(typeof body.message, what).toBe("string");
  expect(typeof body.code, what).toBe("string");
  if (code !== undefined) expect(body.code, what).toBe(code);
  if (body.failed !== undefined) {
    expect(Array.isArray(body.failed), what).toBe(true);
    for (const f of body.failed) expect(f, what).toMatchObject({ objectLabel: expect.any(String), reason: expect.any(String) });
  }
  if (body.errors !== undefined) {
    expect(typeof body.errors, what).toBe("object");
    for (const messages of Object.values(body.errors)) {
      expect(Array.isArray(messages), what).toBe(true);
      for (const m of messages) expect(typeof m, what).toBe("string");
    }
  }
}

/** Expects a success status, printing the request and the body otherwise. */
export function expectOk(res: CallResult<unknown>, status = 200): void {
  expect(res.status, `${res.request} -> ${res.status} ${JSON.stringify(res.body)}`.slice(0, 600)).toBe(status);
}

/** An ISO 8601 timestamp as the API writes them. */
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

// ---------------------------------------------------------------------------------------------
// Layouts

/** A small layout: section A with `seats` seats A-1-1… in one row (odd ones `stalls`, even ones `balcony`), and a GA area `Floor`. */
export function smallLayout(seats = 10, gaCapacity = 50) {
  return {
    categories: [
      { key: "stalls", label: "Stalls", color: "#4f7cff" },
      { key: "balcony", label: "Balcony", color: "#ff7c4f" },
    ],
    sections: [
      {
        key: "A",
        label: "Section A",
        rows: [
          {
            label: "1",
            seats: Array.from({ length: seats }, (_, i) => ({ label: `A-1-${i + 1}`, categoryKey: i % 2 === 0 ? "stalls" : "balcony", x: i * 10, y: 0 })),
          },
        ],
      },
    ],
    generalAdmission: [{ label: "Floor", categoryKey: "stalls", capacity: gaCapacity }],
  };
}

/** `seats` seats in rows of 100, in sections of 100 rows, two categories, one GA area of 1,000. */
export function bigLayout(seats: number) {
  const sections = [];
  for (let s = 0; s * 10_000 < seats; s++) {
    const rows = [];
    for (let r = 0; r < 100 && s * 10_000 + r * 100 < seats; r++) {
      const row = [];
      for (let i = 0; i < 100 && s * 10_000 + r * 100 + i < seats; i++)
        row.push({ label: `S${s}-${r}-${i}`, categoryKey: i % 2 ? "a" : "b", x: i * 10, y: r * 10 });
      rows.push({ label: String(r + 1), seats: row });
    }
    sections.push({ key: `S${s}`, label: `Section ${s}`, rows });
  }
  return {
    categories: [
      { key: "a", label: "A", color: "#4f7cff" },
      { key: "b", label: "B", color: "#ff7c4f" },
    ],
    sections,
    generalAdmission: [{ label: "Floor", categoryKey: "a", capacity: 1000 }],
  };
}

// ---------------------------------------------------------------------------------------------
// Charts and events through the API

let counter = 0;
/** A key no other test of the file uses. */
export function uniqueKey(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${++counter}`;
}

/** A hold token of the required length, unique to the call. */
export function token(name = "buyer"): string {
  return `${name}-${crypto.randomUUID()}`;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Creates a chart through the charts API (a secret key of either environment) and, unless told not to, publishes it. */
export async function newChart(keys: TestKeys, opts: { layout?: unknown; publish?: boolean; key?: string; name?: string } = {}): Promise<string> {
  const chartKey = uniqueKey("chart");
  const key = opts.key ?? keys.skTest;
  const created = await call("POST", "/api/v1/charts", {
    key,
    body: { name: opts.name ?? "Test chart", chartKey, draftVersion: opts.layout ?? smallLayout() },
  });
  expectOk(created, 201);
  if (opts.publish !== false) expectOk(await call("POST", `/api/v1/charts/${chartKey}/publish`, { key }));
  return chartKey;
}

/** Creates an event on a chart with the secret key of an environment. */
export async function createEvent(keys: TestKeys, chartKey: string, environment: Environment, eventKey = uniqueKey("ev")): Promise<string> {
  expectOk(await call("POST", "/api/v1/events", { key: keyFor(keys, "secret", environment), body: { chartKey, eventKey } }), 201);
  return eventKey;
}

/** A workspace with a chart and one event on it, and the event's keys. */
export interface EventFixture {
  keys: TestKeys;
  chartKey: string;
  eventKey: string;
  environment: Environment;
  sk: string;
  pk: string;
}

/** A fresh workspace (or `keys`), a published chart (`smallLayout()` unless told otherwise, or `chartKey`) and an event on it (sandbox unless told otherwise). */
export async function newEvent(opts: { environment?: Environment; layout?: unknown; keys?: TestKeys; chartKey?: string } = {}): Promise<EventFixture> {
  const keys = opts.keys ?? (await newWorkspace());
  const environment = opts.environment ?? "sandbox";
  const chartKey = opts.chartKey ?? (await newChart(keys, { layout: opts.layout }));
  const eventKey = await createEvent(keys, chartKey, environment);
  return { keys, chartKey, eventKey, environment, sk: keyFor(keys, "secret", environment), pk: keyFor(keys, "public", environment) };
}

type Body = Record<string, unknown>;
const seats = (f: EventFixture, action: string, body: Body, key: string) => call("POST", `/api/v1/events/${f.eventKey}/seats/${action}`, { key, body });

/** Shorthands for the event routes, with the key each one usually takes. */
export const api = {
  hold: (f: EventFixture, body: Body, key = f.pk) => seats(f, "hold", body, key),
  book: (f: EventFixture, body: Body, key = f.sk) => seats(f, "book", body, key),
  release: (f: EventFixture, body: Body, key = f.sk) => seats(f, "release", body, key),
  extend: (f: EventFixture, body: Body, key = f.sk) => seats(f, "extend", body, key),
  notForSale: (f: EventFixture, body: Body, key = f.sk) => seats(f, "not-for-sale", body, key),
  forSale: (f: EventFixture, body: Body, key = f.sk) => seats(f, "for-sale", body, key),
  reset: (f: EventFixture, key = f.sk) => call("POST", `/api/v1/events/${f.eventKey}/reset`, { key }),
  event: (f: EventFixture, key = f.pk) => call("GET", `/api/v1/events/${f.eventKey}`, { key }),
  status: (f: EventFixture, query = "", key = f.pk) => call("GET", `/api/v1/events/${f.eventKey}/status${query}`, { key }),
  objects: (f: EventFixture, query = "", key = f.pk) => call("GET", `/api/v1/events/${f.eventKey}/objects${query}`, { key }),
  reports: (f: EventFixture, key = f.sk) => call("GET", `/api/v1/events/${f.eventKey}/reports`, { key }),
};

/** The status entry of a label (read with the secret key), or undefined while the object is free. */
export async function statusEntry(f: EventFixture, label: string, key = f.sk): Promise<Record<string, unknown> | undefined> {
  const res = await api.status(f, "", key);
  expectOk(res);
  return (res.body.objects as Record<string, unknown>[]).find((o) => o.objectLabel === label);
}

// ---------------------------------------------------------------------------------------------
// Inside the event's Durable Object (the test build of test/support/worker.ts)

/** The event's Durable Object stub. */
export function stubOf(f: Pick<EventFixture, "keys" | "environment" | "eventKey">) {
  return eventStub(env, f.keys.workspaceId, f.environment, f.eventKey);
}

/** Runs `fn` inside the event's object, as the test build of the class. */
export function inObject<R>(f: EventFixture, fn: (o: EventObject, state: DurableObjectState) => R | Promise<R>): Promise<R> {
  // The EVENTS binding is typed with the production class; the test runtime serves the test build.
  return runInDurableObject(stubOf(f), (o, state) => fn(o as EventObject, state));
}

/** Moves the event's engine clock forward by `ms`. */
export async function advance(f: EventFixture, ms: number): Promise<void> {
  await inObject(f, (o) => o.clock.advance(ms));
}

/** Stops the event's engine clock, so a test can step to an exact millisecond; returns the engine's time. */
export async function freeze(f: EventFixture): Promise<number> {
  return inObject(f, (o) => {
    o.clock.freeze();
    return o.clock.now();
  });
}

/** The engine's current time (ms). */
export async function engineNow(f: EventFixture): Promise<number> {
  return inObject(f, (o) => o.clock.now());
}

/** Loses outbox sends from now on, so a test can read what the engine committed (see {@link outboxEvents}). */
export async function pauseOutbox(f: EventFixture): Promise<void> {
  await inObject(f, (o) => {
    o.loseOutboxSends = true;
  });
}

/**
 * Reads the event's outbox rows as they stand once every committed change's event is in it: a
 * hold writes its history record, and the outbox is filled from the records a moment after commit.
 */
export function inFilledOutbox<R>(f: EventFixture, read: (sql: SqlStorage) => R): Promise<R> {
  return inObject(f, (_o, state) => {
    state.storage.transactionSync(() => fillOutbox(state.storage.sql, f.eventKey));
    return read(state.storage.sql);
  });
}

/** The outbox's rows, oldest first, with the extraData each names (kept once per request). */
export function outboxRowsOf(sql: SqlStorage): { seq: number; body: string; extra: string | null }[] {
  return sql
    .exec<{ seq: number; body: string; extra: string | null }>(
      "SELECT seq, body, (SELECT body FROM extras WHERE id = outbox.extra_id) AS extra FROM outbox ORDER BY seq",
    )
    .toArray();
}

/** The webhook events waiting in the outbox, oldest first. */
export async function outboxEvents(f: EventFixture): Promise<{ id: string; type: string; object: Record<string, unknown> }[]> {
  return inFilledOutbox(f, (sql) =>
    outboxRowsOf(sql).map((r) => {
      const event = JSON.parse(rowEventJson(r)) as { id: string; type: string; data: { object: Record<string, unknown> } };
      return { id: event.id, type: event.type, object: event.data.object };
    }),
  );
}

/** The outbox once the object has had up to three seconds to send it and have it confirmed. */
export async function drainedOutbox(f: EventFixture) {
  let left = await outboxEvents(f);
  for (let i = 0; i < 150 && left.length > 0; i++) {
    await sleep(20);
    left = await outboxEvents(f);
  }
  return left;
}
