import { env, exports } from "cloudflare:workers";
import type { Environment } from "../src/db/schema";
import { createWorkspace, issueSecretKey } from "../src/workspaces/provision";

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
export function keyFor(keys: TestKeys, kind: "public" | "secret", environment: Environment): string {
  if (kind === "public") return environment === "production" ? keys.pkLive : keys.pkTest;
  return environment === "production" ? keys.skLive : keys.skTest;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  /** A raw body string, sent as is (for malformed JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls the Worker's fetch handler and parses the JSON answer. */
// Tests read arbitrary JSON shapes; `any` is confined to this helper.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key !== undefined) headers["X-Api-Key"] = opts.key;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["Content-Type"] = "application/json";
  const res = await exports.default.fetch(new Request(`http://service.test${path}`, { method, headers, body }));
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Non-JSON bodies (the SDK bundle, the docs page) are returned as text.
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** A small layout: section A with `seats` seats in one row, categories `stalls` and `balcony`, and a GA area `Floor`. */
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
