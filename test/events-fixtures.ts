import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import type { Environment } from "../src/db/schema";
import type { EventObject } from "./support/worker";
import { eventStub } from "../src/engine/stub";
import { call, keyFor, newWorkspace, smallLayout, type TestKeys } from "./helpers";

/** A workspace with a published chart and one event on it. */
export interface EventFixture {
  keys: TestKeys;
  chartKey: string;
  eventKey: string;
  environment: Environment;
  sk: string;
  pk: string;
}

let counter = 0;

/** Creates and publishes a chart through the charts API. */
export async function publishedChart(keys: TestKeys, layout: unknown = smallLayout()): Promise<string> {
  const chartKey = `chart-${Date.now()}-${++counter}`;
  const created = await call("POST", "/api/v1/charts", { key: keys.skTest, body: { name: "Test chart", chartKey, draftVersion: layout } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const published = await call("POST", `/api/v1/charts/${chartKey}/publish`, { key: keys.skTest });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return chartKey;
}

/** A fresh workspace, a published small chart (10 seats A-1-1..A-1-10 and GA "Floor" of 50) and an event. */
export async function newEvent(opts: { environment?: Environment; layout?: unknown; keys?: TestKeys; chartKey?: string } = {}): Promise<EventFixture> {
  const keys = opts.keys ?? (await newWorkspace());
  const environment = opts.environment ?? "sandbox";
  const chartKey = opts.chartKey ?? (await publishedChart(keys, opts.layout));
  const eventKey = `ev-${Date.now()}-${++counter}`;
  const sk = keyFor(keys, "secret", environment);
  const res = await call("POST", "/api/v1/events", { key: sk, body: { chartKey, eventKey } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { keys, chartKey, eventKey, environment, sk, pk: keyFor(keys, "public", environment) };
}

/** The event's Durable Object stub. */
export function stubOf(f: EventFixture) {
  return eventStub(env, f.keys.workspaceId, f.environment, f.eventKey);
}

/** Moves the event's engine clock forward by `ms`. */
export async function advance(f: EventFixture, ms: number): Promise<void> {
  await inObject(f, (o) => {
    o.clock.advance(ms);
  });
}

/** Stops the event's engine clock, so a test can step to an exact millisecond. */
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

/** Shorthands for the seat endpoints. */
export const api = {
  hold: (f: EventFixture, body: Record<string, unknown>, key = f.pk) => call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, { key, body }),
  book: (f: EventFixture, body: Record<string, unknown>, key = f.sk) => call("POST", `/api/v1/events/${f.eventKey}/seats/book`, { key, body }),
  release: (f: EventFixture, body: Record<string, unknown>, key = f.sk) => call("POST", `/api/v1/events/${f.eventKey}/seats/release`, { key, body }),
  extend: (f: EventFixture, body: Record<string, unknown>, key = f.sk) => call("POST", `/api/v1/events/${f.eventKey}/seats/extend`, { key, body }),
  status: (f: EventFixture, query = "", key = f.pk) => call("GET", `/api/v1/events/${f.eventKey}/status${query}`, { key }),
  objects: (f: EventFixture, query = "", key = f.pk) => call("GET", `/api/v1/events/${f.eventKey}/objects${query}`, { key }),
  reports: (f: EventFixture, key = f.sk) => call("GET", `/api/v1/events/${f.eventKey}/reports`, { key }),
};

/** A hold token of the required length. */
export function token(name = "buyer"): string {
  return `${name}-${crypto.randomUUID()}`;
}

/** Loses outbox sends from now on, so a test can read what the engine committed (see {@link outboxEvents}). */
export async function pauseOutbox(f: EventFixture): Promise<void> {
  await inObject(f, (o) => {
    o.loseOutboxSends = true;
  });
}

/** Runs `fn` inside the event's object, as the test build of the class. */
export function inObject<R>(f: EventFixture, fn: (o: EventObject, state: DurableObjectState) => R | Promise<R>): Promise<R> {
  // The EVENTS binding is typed with the production class; the test runtime serves the test build.
  return runInDurableObject(stubOf(f), (o, state) => fn(o as EventObject, state));
}

/** The webhook events waiting in the outbox, oldest first: [type, data.object]. */
export async function outboxEvents(f: EventFixture): Promise<{ id: string; type: string; object: Record<string, unknown> }[]> {
  return inObject(f, (_o, state) =>
    state.storage.sql
      .exec("SELECT body FROM outbox ORDER BY seq")
      .toArray()
      .map((r) => {
        const event = JSON.parse(String(r.body)) as { id: string; type: string; data: { object: Record<string, unknown> } };
        return { id: event.id, type: event.type, object: event.data.object };
      }),
  );
}

/** The outbox once the object has had up to three seconds to send it and have it confirmed. */
export async function drainedOutbox(f: EventFixture) {
  let left = await outboxEvents(f);
  for (let i = 0; i < 150 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 20));
    left = await outboxEvents(f);
  }
  return left;
}
