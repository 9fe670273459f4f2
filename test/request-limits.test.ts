import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { BODY_LIMIT, LAYOUT_BODY_LIMIT, PUBLIC_KEY_BODY_LIMIT } from "../src/http/body-limit";
import { ADMIN, bigLayout, call, expectError, newEvent, newWorkspace, send, token } from "./support/fixtures";
import { ORIGIN, signedIn } from "./support/dashboard";

/**
 * Request bodies (docs/security.md): over 1 MiB, or 64 KiB with a publishable key, is 413
 * `payload_too_large`, answered before the body is read past the limit, whether it declares its
 * length or arrives chunked; a chart's layout may be larger (docs/charts.md#the-layout).
 */

const KIB = 1024;

/**
 * A chunked body (no Content-Length) of `size` bytes of JSON, sent in 16 KiB pieces; `pulled`
 * counts the bytes the Worker actually read.
 */
function chunkedJson(size: number): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  const head = new TextEncoder().encode('{"holdToken":"');
  const tail = new TextEncoder().encode('"}');
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(16 * KIB, size - sent);
      const chunk = new Uint8Array(n).fill(0x61);
      if (sent === 0) chunk.set(head);
      if (sent + n === size) chunk.set(tail, n - tail.length);
      sent += n;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => sent };
}

function post(path: string, headers: Record<string, string>, body: BodyInit) {
  return send(new Request(`http://service.test${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body }));
}

describe("the API", () => {
  it("a publishable key's body over 64 KiB is 413, with or without Content-Length; at the limit it is read", async () => {
    const f = await newEvent();
    const path = `/api/v1/events/${f.eventKey}/seats/hold`;
    const big = JSON.stringify({ objectLabels: ["A-1-1"], holdToken: token(), extraData: { pad: "x".repeat(PUBLIC_KEY_BODY_LIMIT) } });
    const declared = await post(path, { "X-Api-Key": f.pk }, big);
    expectError(declared, 413, "payload_too_large");
    expect(declared.body.message).toContain("64 KiB");
    const chunked = chunkedJson(2 * PUBLIC_KEY_BODY_LIMIT);
    expectError(await post(path, { "X-Api-Key": f.pk }, chunked.body), 413, "payload_too_large");
    // Read up to the limit and a chunk past it, not the whole body.
    expect(chunked.pulled()).toBeLessThanOrEqual(PUBLIC_KEY_BODY_LIMIT + 32 * KIB);
    // A body at the limit passes the limit (and is judged by the route: here a hold token too long).
    const atLimit = chunkedJson(PUBLIC_KEY_BODY_LIMIT);
    expectError(await post(path, { "X-Api-Key": f.pk }, atLimit.body), 400, "validation_failed");
    // A chunked body under the limit is put back for the route, which holds.
    const small = new Blob([JSON.stringify({ objectLabels: ["A-1-2"], holdToken: token() })]).stream();
    expect((await post(path, { "X-Api-Key": f.pk }, small)).status).toBe(200);
  });

  it("a secret key's body over 1 MiB is 413 either way; 100 KiB is fine", async () => {
    const f = await newEvent();
    const path = `/api/v1/events/${f.eventKey}/seats/hold`;
    const pad = (n: number) => JSON.stringify({ objectLabels: ["A-1-3"], holdToken: token(), extraData: { pad: "x".repeat(n) } });
    expectError(await post(path, { "X-Api-Key": f.sk }, pad(BODY_LIMIT)), 413, "payload_too_large");
    const chunked = chunkedJson(BODY_LIMIT + 200 * KIB);
    expectError(await post(path, { "X-Api-Key": f.sk }, chunked.body), 413, "payload_too_large");
    expect(chunked.pulled()).toBeLessThanOrEqual(BODY_LIMIT + 32 * KIB);
    // 100 KiB is within the secret key's limit (and over extraData's own 16 KiB rule: 400, not 413).
    expectError(await post(path, { "X-Api-Key": f.sk }, pad(100 * KIB)), 400, "validation_failed");
  });

  it("with an Idempotency-Key the body is refused before the idempotency layer reads it, and no key is claimed", async () => {
    const keys = await newWorkspace();
    const path = "/api/v1/events";
    const chunked = chunkedJson(3 * BODY_LIMIT);
    expectError(await post(path, { "X-Api-Key": keys.skTest, "Idempotency-Key": "big-body-1" }, chunked.body), 413, "payload_too_large");
    expect(chunked.pulled()).toBeLessThan(2 * BODY_LIMIT);
    const claims = await env.DB.prepare("SELECT COUNT(*) AS n FROM idempotency_keys WHERE scope_key LIKE ?").bind("%big-body-1").first<{ n: number }>();
    expect(claims?.n).toBe(0);
    const seat = chunkedJson(2 * PUBLIC_KEY_BODY_LIMIT);
    const f = await newEvent({ keys });
    expectError(
      await post(`/api/v1/events/${f.eventKey}/seats/hold`, { "X-Api-Key": f.pk, "Idempotency-Key": "big-body-2" }, seat.body),
      413,
      "payload_too_large",
    );
  });

  it("an unknown key is 401 without its body being read", async () => {
    const chunked = chunkedJson(5 * BODY_LIMIT);
    expectError(await post("/api/v1/charts", { "X-Api-Key": "sk_test_00000000000000000000000000000000" }, chunked.body), 401, "unauthorized");
    expect(chunked.pulled()).toBeLessThanOrEqual(64 * KIB);
  });

  it("a chart's layout may be larger than 1 MiB (a stadium), up to its own limit", async () => {
    const keys = await newWorkspace();
    const layout = bigLayout(30_000);
    const bytes = JSON.stringify(layout).length;
    expect(bytes).toBeGreaterThan(BODY_LIMIT);
    expect((await call("POST", "/api/v1/charts", { key: keys.skLive, body: { name: "Arena", chartKey: "arena", draftVersion: layout } })).status).toBe(201);
    expect((await call("PATCH", "/api/v1/charts/arena", { key: keys.skLive, body: { draftVersion: layout } })).status).toBe(200);
    const over = chunkedJson(LAYOUT_BODY_LIMIT + 64 * KIB);
    expectError(await post("/api/v1/charts", { "X-Api-Key": keys.skLive }, over.body), 413, "payload_too_large");
    // Any other secret-key route keeps 1 MiB.
    const rules = JSON.stringify({ maxSeatsPerToken: 4, pad: "x".repeat(BODY_LIMIT) });
    const f = await newEvent({ keys });
    const res = await send(
      new Request(`http://service.test/api/v1/events/${f.eventKey}/selection-rules`, {
        method: "PUT",
        headers: { "X-Api-Key": f.sk, "Content-Type": "application/json" },
        body: rules,
      }),
    );
    expectError(res, 413, "payload_too_large");
  }, 60_000);
});

describe("the other doors", () => {
  it("the operator API and the dashboard refuse over 1 MiB too", async () => {
    const name = "x".repeat(BODY_LIMIT + 10);
    expectError(await post("/admin/v1/workspaces", ADMIN, JSON.stringify({ name })), 413, "payload_too_large");
    expectError(await post("/admin/v1/workspaces", ADMIN, chunkedJson(2 * BODY_LIMIT).body), 413, "payload_too_large");
    const { cookie } = await signedIn();
    const res = await post("/dashboard/api/sandbox/webhooks", { Cookie: cookie, Origin: ORIGIN }, chunkedJson(2 * BODY_LIMIT).body);
    expectError(res, 413, "payload_too_large");
  });

  it("the answer is the envelope through the Worker's entry and the app alike", async () => {
    const f = await newEvent();
    const body = JSON.stringify({ objectLabels: ["A-1-1"], holdToken: token(), extraData: { pad: "x".repeat(PUBLIC_KEY_BODY_LIMIT) } });
    const request = () =>
      new Request(`http://service.test/api/v1/events/${f.eventKey}/seats/hold`, {
        method: "POST",
        headers: { "X-Api-Key": f.pk, "Content-Type": "application/json" },
        body,
      });
    const viaEntry = await exports.default.fetch(request());
    const viaApp = await createApp().fetch(request(), env, createExecutionContext());
    expect(viaEntry.status).toBe(413);
    expect(await viaEntry.json()).toEqual(await viaApp.json());
  });
});
