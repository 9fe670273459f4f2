import { createExecutionContext, createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../src/app";
import { describeError, logError, scrubLogText } from "../src/domain/log-safety";
import { handleWebhookBatch } from "../src/webhooks/consumer";
import { newReceiver, newWorkspace, seedDelivery, seedEndpoint } from "./support/fixtures";

/**
 * No log line contains an API key, a webhook secret, a hold token or an SQL parameter
 * (docs/security.md). The console is captured while the service fails in the ways that log: an unexpected error
 * in a route (app.onError) and in the queue consumer, with D1 failing mid-query.
 */

/** Everything written to the console while `run` runs, as one string per call. */
async function captured(run: () => Promise<unknown>): Promise<string[]> {
  const lines: string[] = [];
  const record = (...args: unknown[]) =>
    void lines.push(args.map((a) => (a instanceof Error ? `${a.stack} ${JSON.stringify({ ...a })}` : typeof a === "string" ? a : JSON.stringify(a))).join(" "));
  const spies = (["error", "warn", "log", "info", "debug"] as const).map((m) => vi.spyOn(console, m).mockImplementation(record));
  try {
    await run();
  } finally {
    for (const s of spies) s.mockRestore();
  }
  return lines;
}

afterEach(() => vi.restoreAllMocks());

/** The test bindings with a D1 whose statements fail when they touch `table`, as D1 does when it is overloaded or a constraint breaks. */
function failingDb(table: RegExp) {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") {
        return (query: string) => {
          const statement = target.prepare(query);
          if (!table.test(query)) return statement;
          const fail = () => Promise.reject(new Error("D1_ERROR: database is overloaded"));
          return new Proxy(statement, {
            get(s, p) {
              if (p === "bind") return (...values: unknown[]) => failingStatement(s.bind(...values), fail);
              if (p === "run" || p === "all" || p === "first" || p === "raw") return fail;
              const v: unknown = Reflect.get(s, p);
              return typeof v === "function" ? v.bind(s) : v;
            },
          });
        };
      }
      if (prop === "batch") return () => Promise.reject(new Error("D1_ERROR: database is overloaded"));
      const value: unknown = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function failingStatement(s: D1PreparedStatement, fail: () => Promise<never>): D1PreparedStatement {
  return new Proxy(s, {
    get(t, p) {
      if (p === "run" || p === "all" || p === "first" || p === "raw") return fail;
      const v: unknown = Reflect.get(t, p);
      return typeof v === "function" ? v.bind(t) : v;
    },
  });
}

const SECRET_SHAPES = [/whsec_/, /(?:pk|sk)_(?:live|test)_[0-9A-Za-z]{6,}/];

describe("log text", () => {
  it("drops drizzle's parameters and masks keys, secrets and bearer tokens", () => {
    const err = new DrizzleQueryError(
      'insert into "webhook_endpoints" ("id", "secret") values (?, ?)',
      ["wh_1", "whsec_abcdefABCDEF0123456789"],
      new Error("UNIQUE constraint failed"),
    );
    const text = describeError(err);
    expect(text).toContain('insert into "webhook_endpoints"');
    expect(text).toContain("params: [not logged]");
    expect(text).toContain("caused by Error: UNIQUE constraint failed");
    expect(text).not.toContain("whsec_");
    expect(text).not.toContain("wh_1");
    expect(scrubLogText("key sk_live_0123456789abcdefABCDEF0123456789 and pk_test_abc")).toBe("key [api key] and [api key]");
    expect(scrubLogText("Authorization: Bearer abc.def")).toBe("Authorization: Bearer [redacted]");
    expect(scrubLogText("GET /live?key=pk_test_zzz&since=3")).not.toContain("pk_test_zzz");
    expect(describeError(42)).toBe("number thrown");
  });

  it("logError writes text, never the error object with its fields", async () => {
    const err = new DrizzleQueryError("select 1", ["sk_live_0123456789abcdefABCDEF0123456789", "hold-token-123456"], undefined);
    const lines = await captured(async () => logError("something failed", err, "dlv_1", 3));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("something failed dlv_1 3 DrizzleQueryError: Failed query: select 1");
    expect(lines[0]).not.toContain("hold-token-123456");
    for (const shape of SECRET_SHAPES) expect(lines[0]).not.toMatch(shape);
  });
});

describe("the service's own logs", () => {
  it("an unexpected D1 failure while registering a webhook logs no secret, key or parameter, and answers 500 internal_error", async () => {
    const keys = await newWorkspace();
    const bindings = { ...env, DB: failingDb(/webhook_endpoints/) };
    const hookUrl = "https://hooks.example.com/private-path-7731";
    let status = 0;
    const lines = await captured(async () => {
      const res = await createApp().fetch(
        new Request("http://service.test/api/v1/webhooks", {
          method: "POST",
          headers: { "X-Api-Key": keys.skLive, "Content-Type": "application/json", "Idempotency-Key": "log-test-1" },
          body: JSON.stringify({ url: hookUrl, events: ["seat.held"], description: "hold-token-looking-text" }),
        }),
        bindings,
        createExecutionContext(),
      );
      status = res.status;
      expect(await res.json()).toMatchObject({ code: "internal_error" });
    });
    expect(status).toBe(500);
    expect(lines.length).toBeGreaterThan(0);
    const all = lines.join("\n");
    for (const shape of SECRET_SHAPES) expect(all).not.toMatch(shape);
    expect(all).not.toContain(keys.skLive);
    expect(all).not.toContain(hookUrl);
    expect(all).not.toContain("hold-token-looking-text");
    expect(all).not.toContain("log-test-1");
  });

  it("the queue consumer's failures log no secret or parameter", async () => {
    const keys = await newWorkspace();
    const ep = await seedEndpoint({ workspaceId: keys.workspaceId, environment: "production", url: newReceiver().url });
    const dlv = await seedDelivery(ep.id);
    const bindings = { ...env, DB: failingDb(/webhook_deliveries|webhook_endpoints/) } as unknown as Env;
    const batch = createMessageBatch<unknown>("seat-webhooks", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { kind: "deliver", deliveryId: dlv.id } },
    ]);
    const lines = await captured(() => handleWebhookBatch(batch as MessageBatch<unknown>, bindings));
    expect(lines.join("\n")).toContain("webhooks: message failed, will retry");
    const all = lines.join("\n");
    for (const shape of SECRET_SHAPES) expect(all).not.toMatch(shape);
    expect(all).not.toContain(ep.secret);
    expect(all).not.toContain(dlv.id.slice(4));
  });
});
