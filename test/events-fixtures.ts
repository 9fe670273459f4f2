import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import type { Environment } from "../src/db/schema";
import type { EventObject } from "../src/engine/event-object";
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
  await runInDurableObject(stubOf(f), (o: EventObject) => {
    o.clock.advance(ms);
  });
}

/** Stops the event's engine clock, so a test can step to an exact millisecond. */
export async function freeze(f: EventFixture): Promise<number> {
  return runInDurableObject(stubOf(f), (o: EventObject) => {
    o.clock.freeze();
    return o.clock.now();
  });
}

/** The engine's current time (ms). */
export async function engineNow(f: EventFixture): Promise<number> {
  return runInDurableObject(stubOf(f), (o: EventObject) => o.clock.now());
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

/** Stops outbox sending so a test can read what the engine committed (see {@link outboxEvents}). */
export async function pauseOutbox(f: EventFixture): Promise<void> {
  await runInDurableObject(stubOf(f), (o: EventObject) => {
    o.outboxPaused = true;
  });
}

/** The webhook events waiting in the outbox, oldest first: [type, data.object]. */
export async function outboxEvents(f: EventFixture): Promise<{ id: string; type: string; object: Record<string, unknown> }[]> {
  return runInDurableObject(stubOf(f), (_o: EventObject, state: DurableObjectState) =>
    state.storage.sql
      .exec("SELECT body FROM outbox ORDER BY seq")
      .toArray()
      .map((r) => {
        const msg = JSON.parse(String(r.body)) as { event: { id: string; type: string; data: { object: Record<string, unknown> } } };
        return { id: msg.event.id, type: msg.event.type, object: msg.event.data.object };
      }),
  );
}
