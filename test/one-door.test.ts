import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { SERVER_VERSION } from "../src/http/version";
import { newEvent, newWorkspace, token, type EventFixture } from "./support/fixtures";

/**
 * One door (src/http/pipeline.ts): the Worker's entry is the app, with nothing in front of it. The
 * on-sale hold once had a fast lane at the entry that repeated the router's steps by hand; this
 * file held the two to the same answers and now holds the entry to the app's, so a second door
 * can never come back unnoticed: the same requests sent to the Worker's entry and to the app alone,
 * on two events in the same state, get the same status, body and headers, and every answer
 * carries the pipeline's steps (the envelope, CORS, Server-Timing, the server's version).
 */

type Case = {
  name: string;
  key: (f: EventFixture) => string | null;
  body: string;
  headers?: Record<string, string>;
  eventKey?: (f: EventFixture) => string;
};

const app = createApp();
const PIPELINE_HEADERS = ["content-type", "access-control-allow-origin", "access-control-expose-headers", "retry-after", "seats-server-version"];

async function answer(via: "entry" | "app", f: EventFixture, c: Case) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.9", ...c.headers };
  const key = c.key(f);
  if (key !== null) headers["X-Api-Key"] = key;
  const path = `/api/v1/events/${c.eventKey ? c.eventKey(f) : f.eventKey}/seats/hold`;
  const request = new Request(`http://service.test${path}`, { method: "POST", headers, body: c.body });
  const res = via === "entry" ? await exports.default.fetch(request) : await app.fetch(request, env, createExecutionContext());
  const text = await res.text();
  // Times differ between the two calls; the rest must not.
  const body = text
    .replace(/"holdExpiresAt":"[^"]+"/, '"holdExpiresAt":"…"')
    .replaceAll(f.eventKey, "{event}")
    .replaceAll(f.chartKey, "{chart}");
  const seen = PIPELINE_HEADERS.map((h) => [h, res.headers.get(h)]);
  return { status: res.status, body, headers: Object.fromEntries(seen), timed: /^app;dur=[\d.]+$/.test(res.headers.get("server-timing") ?? "") };
}

describe("the one door", () => {
  it("answers every outcome of a hold at the Worker's entry exactly as the app does, with every step of the pipeline", async () => {
    const other = await newWorkspace();
    const cases: Case[] = [
      { name: "a hold", key: (f) => f.pk, body: JSON.stringify({ objectLabels: ["A-1-1", "A-1-2"], holdToken: "door-token-1", extraData: { n: 1 } }) },
      { name: "its retry", key: (f) => f.pk, body: JSON.stringify({ objectLabels: ["A-1-1"], holdToken: "door-token-1" }) },
      { name: "a taken seat", key: (f) => f.pk, body: JSON.stringify({ objectLabels: ["A-1-2"], holdToken: "door-token-2" }) },
      {
        name: "a GA hold",
        key: (f) => f.sk,
        body: JSON.stringify({ objectLabels: ["Floor"], holdToken: "door-token-3", objectType: "generalAdmission", quantity: 3 }),
      },
      { name: "no key", key: () => null, body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "door-token-4" }) },
      { name: "a forged key", key: () => "pk_test_forged", body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "door-token-4" }) },
      { name: "malformed JSON", key: (f) => f.pk, body: "{" },
      { name: "an empty body", key: (f) => f.pk, body: "" },
      { name: "a body that is not JSON", key: (f) => f.pk, body: "objectLabels=A-1-3", headers: { "Content-Type": "text/plain" } },
      { name: "an invalid body", key: (f) => f.pk, body: JSON.stringify({ objectLabels: [], holdToken: "x" }) },
      {
        name: "the override with a publishable key",
        key: (f) => f.pk,
        body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "door-token-5", ignoreSelectionRules: true }),
      },
      { name: "an unknown label", key: (f) => f.pk, body: JSON.stringify({ objectLabels: ["Z-9"], holdToken: "door-token-6" }) },
      {
        name: "an unknown event",
        key: (f) => f.pk,
        body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "door-token-7" }),
        eventKey: () => "no-such-event",
      },
      {
        name: "a percent-encoded event key",
        key: (f) => f.pk,
        body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "door-token-7" }),
        eventKey: (f) => encodeURIComponent(`${f.eventKey} `),
      },
      { name: "another workspace's key", key: () => other.pkTest, body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "door-token-8" }) },
      { name: "a wrong-environment key", key: (f) => f.keys.pkLive, body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "door-token-9" }) },
    ];
    const entry = await newEvent();
    const alone = await newEvent({ keys: entry.keys, chartKey: entry.chartKey });
    const statuses = new Set<number>();
    for (const c of cases) {
      const [a, b] = [await answer("entry", entry, c), await answer("app", alone, c)];
      expect(a, c.name).toEqual(b);
      expect(a.timed, c.name).toBe(true);
      expect(a.headers["seats-server-version"], c.name).toBe(SERVER_VERSION);
      expect(a.headers["access-control-allow-origin"], c.name).toBe("*");
      expect(a.headers["access-control-expose-headers"]?.toLowerCase(), c.name).toContain("seats-server-version");
      if (a.status !== 200) expect(JSON.parse(a.body), c.name).toMatchObject({ statusCode: a.status, code: expect.any(String) });
      statuses.add(a.status);
    }
    // The table reaches every kind of answer a hold has.
    expect([...statuses].sort()).toEqual([200, 400, 401, 403, 404, 409, 415]);
  });

  it("counts a publishable hold against the client's limit and answers 429 with Retry-After past it", async () => {
    const f = await newEvent({ environment: "production" });
    const hold = (n: number) =>
      exports.default.fetch(
        new Request(`http://service.test/api/v1/events/${f.eventKey}/seats/hold`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Api-Key": f.pk, "CF-Connecting-IP": "198.51.100.77" },
          body: JSON.stringify({ objectLabels: [`A-1-${(n % 10) + 1}`], holdToken: token("flood") }),
        }),
      );
    let limited: Response | null = null;
    for (let n = 0; n < 150 && !limited; n++) {
      const res = await hold(n);
      if (res.status === 429) limited = res;
      else await res.arrayBuffer();
    }
    expect(limited?.headers.get("retry-after")).toBe("10");
    expect(limited?.headers.get("seats-server-version")).toBe(SERVER_VERSION);
    expect(await limited?.json()).toMatchObject({ code: "rate_limited" });
  });
});
