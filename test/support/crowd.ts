/**
 * The crowd watching an event, as tests reach it: live sockets through the Worker's route, the
 * event's relays and hub (the test builds of test/support/worker.ts), and the live figures.
 */
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { eventObjectName, hubName, relayName } from "../../src/domain/live-relays";
import type { Environment } from "../../src/domain/scope";
import type { TestKeys } from "./fixtures";
import type { LiveHub, LiveRelay } from "./worker";

interface EventRef {
  keys: TestKeys;
  environment: Environment;
  eventKey: string;
  pk: string;
}

/** A live message as a test reads it. */
export interface LiveMessageSeen {
  type: string;
  seq: number;
  objects: { objectLabel: string; status: string; [k: string]: unknown }[];
}

/** An open live socket and what it received. */
export interface Viewer {
  ws: WebSocket;
  messages: LiveMessageSeen[];
  /** Waits until `count` messages have arrived (5 s at most) and answers the last of them. */
  next(count: number): Promise<LiveMessageSeen>;
  /** Resolves when the server closes the socket. */
  closed: Promise<number>;
}

/** The upgrade of a live socket through the Worker (not yet accepted). */
export function upgrade(f: EventRef, opts: { ip?: string; since?: string; key?: string } = {}): Promise<Response> {
  const query = new URLSearchParams({ key: opts.key ?? f.pk });
  if (opts.since !== undefined) query.set("since", opts.since);
  const headers: Record<string, string> = { Upgrade: "websocket" };
  if (opts.ip !== undefined) headers["CF-Connecting-IP"] = opts.ip;
  return exports.default.fetch(new Request(`http://service.test/api/v1/events/${f.eventKey}/live?${query}`, { headers }));
}

/** Opens a live socket and collects its messages. */
export async function watch(f: EventRef, opts: { ip?: string; since?: string; key?: string } = {}): Promise<Viewer> {
  const res = await upgrade(f, opts);
  expect(res.status, await (res.status === 101 ? Promise.resolve("") : res.clone().text())).toBe(101);
  const ws = res.webSocket!;
  const messages: LiveMessageSeen[] = [];
  const waiters: (() => void)[] = [];
  let closedWith: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => (closedWith = resolve));
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(String(e.data)) as LiveMessageSeen);
    waiters.splice(0).forEach((w) => w());
  });
  ws.addEventListener("close", (e) => closedWith(e.code));
  ws.accept();
  const next = async (count: number) => {
    const deadline = Date.now() + 5000;
    while (messages.length < count && Date.now() < deadline) await new Promise<void>((r) => (waiters.push(r), setTimeout(r, 100)));
    expect(messages.length, `waiting for message ${count}: ${JSON.stringify(messages)}`.slice(0, 800)).toBeGreaterThanOrEqual(count);
    return messages[count - 1]!;
  };
  return { ws, messages, next, closed };
}

function eventName(f: EventRef): string {
  return eventObjectName(f.keys.workspaceId, f.environment, f.eventKey);
}

/** The stub of the event's relay number `index`. */
export function relayStub(f: EventRef, index: number) {
  return env.LIVE_RELAYS.get(env.LIVE_RELAYS.idFromName(relayName(eventName(f), index)));
}

/** The stub of the event's hub. */
export function hubStub(f: EventRef) {
  return env.LIVE_HUBS.get(env.LIVE_HUBS.idFromName(hubName(eventName(f))));
}

/** Runs `fn` inside a relay, as the test build of the class. */
export function inRelay<R>(f: EventRef, index: number, fn: (relay: LiveRelay) => R | Promise<R>): Promise<R> {
  return runInDurableObject(relayStub(f, index), (relay) => fn(relay as LiveRelay));
}

/** Runs `fn` inside the event's hub, as the test build of the class. */
export function inHub<R>(f: EventRef, fn: (hub: LiveHub) => R | Promise<R>): Promise<R> {
  return runInDurableObject(hubStub(f), (hub) => fn(hub as LiveHub));
}

/** Makes the event's relays hold at most `n` viewers each, so a few sockets fill several. */
export async function smallRelays(f: EventRef, n: number): Promise<void> {
  await inHub(f, (hub) => {
    hub.viewersPerRelayForTests = n;
  });
}

/** Waits up to `ms` for `check` to hold (polled every 20 ms); answers whether it did. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

/** Every label and status a viewer has been told of, replayed in order (a snapshot replaces, changes patch). */
export function picture(viewer: Pick<Viewer, "messages">): Map<string, string> {
  const seen = new Map<string, string>();
  let drawn = -1;
  for (const m of viewer.messages) {
    if (m.type === "snapshot") {
      if (m.seq < drawn) continue;
      seen.clear();
    } else if (m.seq <= drawn) continue;
    drawn = m.seq;
    for (const o of m.objects) {
      if (o.objectType === "seat" && o.status === "free") seen.delete(o.objectLabel);
      else seen.set(o.objectLabel, o.status);
    }
  }
  return seen;
}
