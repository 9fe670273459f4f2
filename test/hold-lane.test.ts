import { createExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { holdLaneEventKey } from "../src/routes/events/hold-lane";
import { newEvent, newWorkspace, token, type EventFixture } from "./support/fixtures";

/**
 * The hold route's fast lane (src/routes/events/hold-lane.ts) answers exactly as the router's hold
 * route: the same requests sent to the Worker's entry (the lane) and to the router alone, on two
 * events in the same state, get the same status, body and headers.
 */

type Case = { name: string; key: (f: EventFixture) => string | null; body: string; headers?: Record<string, string>; eventKey?: (f: EventFixture) => string };

const app = createApp();

async function answer(via: "lane" | "router", f: EventFixture, c: Case) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "CF-Connecting-IP": "203.0.113.9", ...c.headers };
  const key = c.key(f);
  if (key !== null) headers["X-Api-Key"] = key;
  const path = `/api/v1/events/${c.eventKey ? c.eventKey(f) : f.eventKey}/seats/hold`;
  const request = new Request(`http://service.test${path}`, { method: "POST", headers, body: c.body });
  const res = via === "lane" ? await exports.default.fetch(request) : await app.fetch(request, env, createExecutionContext());
  const text = await res.text();
  // Times differ between the two calls; the rest must not.
  const body = text
    .replace(/"holdExpiresAt":"[^"]+"/, '"holdExpiresAt":"…"')
    .replaceAll(f.eventKey, "{event}")
    .replaceAll(f.chartKey, "{chart}");
  const seen = ["content-type", "access-control-allow-origin", "access-control-expose-headers", "retry-after"].map((h) => [h, res.headers.get(h)]);
  return { status: res.status, body, headers: Object.fromEntries(seen), timed: /^app;dur=[\d.]+$/.test(res.headers.get("server-timing") ?? "") };
}

describe("the hold fast lane", () => {
  it("takes only plain JSON holds and leaves everything else to the router", () => {
    const req = (path: string, init: RequestInit = {}) =>
      new Request(`http://service.test${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, ...init });
    expect(holdLaneEventKey(req("/api/v1/events/ev-1/seats/hold"))).toBe("ev-1");
    expect(holdLaneEventKey(req("/api/v1/events/ev-1/seats/hold?x=1"))).toBe("ev-1");
    expect(holdLaneEventKey(req("/api/v1/events/ev-1/seats/hold", { headers: { "Content-Type": "application/vnd.api+json; charset=utf-8" } }))).toBe("ev-1");
    expect(holdLaneEventKey(req("/api/v1/events/ev-1/seats/hold", { headers: { "Content-Type": "text/plain" } }))).toBeNull();
    expect(holdLaneEventKey(req("/api/v1/events/ev-1/seats/hold", { method: "GET", headers: {} }))).toBeNull();
    expect(holdLaneEventKey(req("/api/v1/events/ev%201/seats/hold"))).toBeNull();
    expect(holdLaneEventKey(req("/api/v1/events/ev-1/seats/hold-best-available"))).toBeNull();
    expect(holdLaneEventKey(req("/api/v1/events/ev-1/seats/hold/"))).toBeNull();
  });

  it("answers every outcome exactly as the router does", async () => {
    const other = await newWorkspace();
    const cases: Case[] = [
      { name: "a hold", key: (f) => f.pk, body: JSON.stringify({ objectLabels: ["A-1-1", "A-1-2"], holdToken: "lane-token-1", extraData: { n: 1 } }) },
      { name: "its retry", key: (f) => f.pk, body: JSON.stringify({ objectLabels: ["A-1-1"], holdToken: "lane-token-1" }) },
      { name: "a taken seat", key: (f) => f.pk, body: JSON.stringify({ objectLabels: ["A-1-2"], holdToken: "lane-token-2" }) },
      {
        name: "a GA hold",
        key: (f) => f.sk,
        body: JSON.stringify({ objectLabels: ["Floor"], holdToken: "lane-token-3", objectType: "generalAdmission", quantity: 3 }),
      },
      { name: "no key", key: () => null, body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "lane-token-4" }) },
      { name: "a forged key", key: () => "pk_test_forged", body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "lane-token-4" }) },
      { name: "malformed JSON", key: (f) => f.pk, body: "{" },
      { name: "an empty body", key: (f) => f.pk, body: "" },
      { name: "an invalid body", key: (f) => f.pk, body: JSON.stringify({ objectLabels: [], holdToken: "x" }) },
      {
        name: "the override with a publishable key",
        key: (f) => f.pk,
        body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "lane-token-5", ignoreSelectionRules: true }),
      },
      { name: "an unknown label", key: (f) => f.pk, body: JSON.stringify({ objectLabels: ["Z-9"], holdToken: "lane-token-6" }) },
      {
        name: "an unknown event",
        key: (f) => f.pk,
        body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "lane-token-7" }),
        eventKey: () => "no-such-event",
      },
      { name: "another workspace's key", key: () => other.pkTest, body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "lane-token-8" }) },
      { name: "a wrong-environment key", key: (f) => f.keys.pkLive, body: JSON.stringify({ objectLabels: ["A-1-3"], holdToken: "lane-token-9" }) },
    ];
    const lane = await newEvent();
    const router = await newEvent({ keys: lane.keys, chartKey: lane.chartKey });
    for (const c of cases) {
      const [a, b] = [await answer("lane", lane, c), await answer("router", router, c)];
      expect(a, c.name).toEqual(b);
      expect(a.timed, c.name).toBe(true);
    }
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
    expect(await limited?.json()).toMatchObject({ code: "rate_limited" });
  });
});
