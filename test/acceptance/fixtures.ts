import type { ErrorBody } from "../../src/http/errors";
/**
 * Shared black-box helpers of the acceptance suite: everything goes through HTTP (`call()`), never
 * through src/ internals, so these tests check the service the way the hidden acceptance tests do.
 */
import { expect, inject } from "vitest";
import { call, keyFor, newWorkspace, smallLayout, type CallResult, type TestKeys } from "../support/fixtures";

export { call, keyFor, newWorkspace, smallLayout };
export type { CallResult, TestKeys };

export type Env = "production" | "sandbox";
export const ENVS: Env[] = ["production", "sandbox"];

let n = 0;
/** A unique suffix. */
export const uid = (): string => `${Date.now().toString(36)}${(++n).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A fresh hold token (at least 8 characters). */
export const tok = (): string => `tok-${crypto.randomUUID()}`;

/** The reason phrase the envelope must carry for each status. */
export const REASON: Record<number, string> = {
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

/** Asserts the error envelope of interface.md "Errors" (and optionally the code). */
export function expectError(res: CallResult<Partial<ErrorBody>>, status: number, code?: string, ctx = ""): void {
  const what = `${ctx} -> ${res.status} ${JSON.stringify(res.body)}`.slice(0, 600);
  expect(res.status, what).toBe(status);
  expect(typeof res.body, what).toBe("object");
  expect(res.body, what).not.toBeNull();
  expect(res.headers.get("content-type") ?? "", what).toMatch(/application\/json/);
  expect(res.body.statusCode, what).toBe(status);
  expect(typeof res.body.error, what).toBe("string");
  if (REASON[status]) expect(res.body.error, what).toBe(REASON[status]);
  expect(typeof res.body.message, what).toBe("string");
  expect(typeof res.body.code, what).toBe("string");
  if (code !== undefined) expect(res.body.code, what).toBe(code);
  if (res.body.failed !== undefined) {
    expect(Array.isArray(res.body.failed), what).toBe(true);
    for (const f of res.body.failed) {
      expect(typeof f.objectLabel, what).toBe("string");
      expect(typeof f.reason, what).toBe("string");
    }
  }
  if (res.body.errors !== undefined) {
    expect(typeof res.body.errors, what).toBe("object");
    for (const v of Object.values(res.body.errors)) {
      expect(Array.isArray(v), what).toBe(true);
      for (const s of v as unknown[]) expect(typeof s, what).toBe("string");
    }
  }
}

/** Expects a 2xx status, printing the body otherwise. */
export function expectOk(res: CallResult, status = 200, ctx = ""): void {
  expect(res.status, `${ctx} -> ${res.status} ${JSON.stringify(res.body)}`.slice(0, 600)).toBe(status);
}

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A chart created (and optionally published) through the API with a secret key. */
export async function mkChart(keys: TestKeys, opts: { layout?: unknown; publish?: boolean; key?: string; name?: string } = {}): Promise<string> {
  const chartKey = `ch-${uid()}`;
  const res = await call("POST", "/api/v1/charts", {
    key: opts.key ?? keys.skLive,
    body: { name: opts.name ?? "Acceptance chart", chartKey, draftVersion: opts.layout ?? smallLayout() },
  });
  expectOk(res, 201, "create chart");
  if (opts.publish !== false) expectOk(await call("POST", `/api/v1/charts/${chartKey}/publish`, { key: opts.key ?? keys.skLive }), 200, "publish");
  return chartKey;
}

/** An event on a chart in an environment. */
export async function mkEvent(keys: TestKeys, chartKey: string, env: Env, eventKey = `ev-${uid()}`): Promise<string> {
  const res = await call("POST", "/api/v1/events", { key: keyFor(keys, "secret", env), body: { chartKey, eventKey } });
  expectOk(res, 201, "create event");
  return eventKey;
}

/** A fresh workspace with a published small chart (A-1-1..A-1-10, GA Floor of 50) and one event. */
export interface World {
  keys: TestKeys;
  chartKey: string;
  eventKey: string;
  env: Env;
  sk: string;
  pk: string;
}

export async function world(opts: { env?: Env; layout?: unknown; keys?: TestKeys } = {}): Promise<World> {
  const keys = opts.keys ?? (await newWorkspace());
  const env = opts.env ?? "production";
  const chartKey = await mkChart(keys, { layout: opts.layout });
  const eventKey = await mkEvent(keys, chartKey, env);
  return { keys, chartKey, eventKey, env, sk: keyFor(keys, "secret", env), pk: keyFor(keys, "public", env) };
}

/** Seat-action shorthands on a world. */
export const act = {
  hold: (w: World, body: unknown, key = w.pk) => call("POST", `/api/v1/events/${w.eventKey}/seats/hold`, { key, body }),
  book: (w: World, body: unknown, key = w.sk) => call("POST", `/api/v1/events/${w.eventKey}/seats/book`, { key, body }),
  release: (w: World, body: unknown, key = w.sk) => call("POST", `/api/v1/events/${w.eventKey}/seats/release`, { key, body }),
  extend: (w: World, body: unknown, key = w.sk) => call("POST", `/api/v1/events/${w.eventKey}/seats/extend`, { key, body }),
  nfs: (w: World, body: unknown, key = w.sk) => call("POST", `/api/v1/events/${w.eventKey}/seats/not-for-sale`, { key, body }),
  forSale: (w: World, body: unknown, key = w.sk) => call("POST", `/api/v1/events/${w.eventKey}/seats/for-sale`, { key, body }),
  status: (w: World, query = "", key = w.pk) => call("GET", `/api/v1/events/${w.eventKey}/status${query}`, { key }),
  objects: (w: World, query = "", key = w.pk) => call("GET", `/api/v1/events/${w.eventKey}/objects${query}`, { key }),
  reports: (w: World, key = w.sk) => call("GET", `/api/v1/events/${w.eventKey}/reports`, { key }),
  reset: (w: World, key = w.sk) => call("POST", `/api/v1/events/${w.eventKey}/reset`, { key }),
};

/** The status entry of a label, or undefined when the label is free (omitted). */
export async function entryOf(w: World, label: string, key = w.sk): Promise<Record<string, unknown> | undefined> {
  const res = await act.status(w, "", key);
  expectOk(res, 200, "status");
  return (res.body.objects as Record<string, unknown>[]).find((o) => o.objectLabel === label);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Base URL of the local webhook receiver (test/receiver-setup.ts), and a unique path on it. */
export function receiver(): { url: string; requests: () => Promise<{ method: string; headers: Record<string, string>; body: string; receivedAt: number }[]> } {
  const base = inject("receiverUrl");
  const path = `/hook/acc-${uid()}`;
  return {
    url: `${base}${path}`,
    requests: async () =>
      (
        (await (await fetch(`${base}/__requests?path=${encodeURIComponent(path)}`)).json()) as {
          items: { method: string; headers: Record<string, string>; body: string; receivedAt: number }[];
        }
      ).items,
  };
}

/** Lowercase hex HMAC-SHA256 (interface.md "Events", signature rule 1). */
export async function hmacHex(secret: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(message)));
  return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
}
