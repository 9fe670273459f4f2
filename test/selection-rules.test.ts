import { describe, expect, it } from "vitest";
import type { Layout } from "../src/domain/layout";
import { api, call, expectError, newEvent, token, type EventFixture } from "./support/fixtures";

/**
 * Selection rules (docs/selling-rules.md) through the API: stored per event, shown on the event record,
 * enforced on every hold path inside the event object, overridable by a secret key only, and the
 * per-client protections against inventory hoarding.
 */

/** One row of 8 seats (aisle after seat 4), a second row in another category, and a GA area. */
function hall(): Layout {
  const row = (r: number, categoryKey: string) => ({
    label: String(r),
    seats: Array.from({ length: 8 }, (_, i) => ({ label: `R${r}-${i + 1}`, categoryKey, ...(i === 3 ? { aisleAfter: true } : {}) })),
  });
  return {
    categories: [
      { key: "vip", label: "VIP", color: "#aa0000" },
      { key: "std", label: "Standard", color: "#0000aa" },
    ],
    sections: [{ key: "S", label: "S", rows: [row(1, "vip"), row(2, "std")] }],
    generalAdmission: [{ label: "Floor", categoryKey: "std", capacity: 100 }],
  };
}

const setRules = (f: EventFixture, rules: unknown, key = f.sk) => call("PUT", `/api/v1/events/${f.eventKey}/selection-rules`, { key, body: rules });
const holdFrom = (f: EventFixture, ip: string, body: Record<string, unknown>) =>
  call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, { key: f.pk, body, headers: { "CF-Connecting-IP": ip } });
const labelsOf = async (f: EventFixture) => ((await api.status(f, "", f.sk)).body.objects as { objectLabel: string }[]).map((o) => o.objectLabel).sort();

describe("selection rules: storage and routes", () => {
  it("PUT replaces the rules, GET and the event record show them, {} clears them", async () => {
    const f = await newEvent({ layout: hall() });
    const rules = { maxSeatsPerToken: 6, maxSeatsPerCategory: { vip: 2 }, noOrphanSeats: true, maxHeldSeatsPerClient: 10 };
    const put = await setRules(f, rules);
    expect([put.status, put.body]).toEqual([200, rules]);
    expect((await call("GET", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.pk })).body).toEqual(rules);
    expect((await call("GET", `/api/v1/events/${f.eventKey}`, { key: f.pk })).body.selectionRules).toEqual(rules);
    expect((await call("GET", "/api/v1/events", { key: f.sk })).body.items.find((e: { eventKey: string }) => e.eventKey === f.eventKey).selectionRules).toEqual(
      rules,
    );
    expect((await setRules(f, { noOrphanSeats: true })).body).toEqual({ noOrphanSeats: true });
    expect((await setRules(f, {})).body).toEqual({});
    expect((await call("GET", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.sk })).body).toEqual({});
  });

  it("validates every limit and is for secret keys to change", async () => {
    const f = await newEvent({ layout: hall() });
    for (const bad of [
      { maxSeatsPerToken: 0 },
      { maxSeatsPerToken: 10_001 },
      { maxSeatsPerToken: 1.5 },
      { maxSeatsPerCategory: { vip: 0 } },
      { noOrphanSeats: "yes" },
      { maxHeldSeatsPerClient: -1 },
      [],
    ]) {
      expectError(await setRules(f, bad), 400, "validation_failed");
    }
    expect((await setRules(f, { maxSeatsPerToken: 10_000, maxHeldSeatsPerClient: 1 })).status).toBe(200);
    expectError(await setRules(f, {}, f.pk), 403, "public_key_not_allowed");
    expectError(await call("GET", `/api/v1/events/nope/selection-rules`, { key: f.pk }), 404, "event_not_found");
  });
});

describe("selection rules: enforcement on every hold path", () => {
  it("maxSeatsPerToken counts seats and GA places, held or booked, refuses only what a hold adds, and changes nothing on refusal", async () => {
    const f = await newEvent({ layout: hall() });
    await setRules(f, { maxSeatsPerToken: 4 });
    const t = token();
    expect((await api.hold(f, { objectLabels: ["R2-1", "R2-2"], holdToken: t })).status).toBe(200);
    expect((await api.book(f, { objectLabels: ["R2-1"], holdToken: t })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 2 })).status).toBe(200);
    const over = await api.hold(f, { objectLabels: ["R2-3"], holdToken: t });
    expectError(over, 409, "selection_rule_violated");
    expect(over.body.failed).toEqual([{ objectLabel: "R2-3", reason: "max_seats_per_token" }]);
    expectError(await api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 3 }), 409, "selection_rule_violated");
    expect(await labelsOf(f)).toEqual(["Floor", "R2-1", "R2-2"]);
    // A retry adds nothing, and a GA resize downwards takes away: both pass, even at the limit.
    expect((await api.hold(f, { objectLabels: ["R2-2"], holdToken: t })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 1 })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["R2-3"], holdToken: t })).status).toBe(200);
    // Another token has its own count.
    expect((await api.hold(f, { objectLabels: ["R2-5", "R2-6", "R2-7", "R2-8"], holdToken: token() })).status).toBe(200);
  });

  it("maxSeatsPerCategory caps each category on its own", async () => {
    const f = await newEvent({ layout: hall() });
    await setRules(f, { maxSeatsPerCategory: { vip: 2 } });
    const t = token();
    expect((await api.hold(f, { objectLabels: ["R1-1", "R1-2", "R2-1", "R2-2", "R2-3"], holdToken: t })).status).toBe(200);
    const res = await api.hold(f, { objectLabels: ["R1-3", "R2-4"], holdToken: t });
    expectError(res, 409, "selection_rule_violated");
    expect(res.body.failed).toEqual([{ objectLabel: "R1-3", reason: "max_seats_per_category" }]);
  });

  it("noOrphanSeats refuses a hold that strands a single free seat, names it, and never refuses a release", async () => {
    const f = await newEvent({ layout: hall() });
    await setRules(f, { noOrphanSeats: true });
    const t = token();
    // Seats 2 and 3 would leave seat 1 alone at the row's end, and seat 4 alone before the aisle.
    const stranding = await api.hold(f, { objectLabels: ["R2-2", "R2-3"], holdToken: t });
    expectError(stranding, 409, "selection_rule_violated");
    expect(stranding.body.failed).toEqual([
      { objectLabel: "R2-1", reason: "orphan_seat" },
      { objectLabel: "R2-4", reason: "orphan_seat" },
    ]);
    // Seats 3 and 4 leave 1 and 2 together; the aisle after 4 is an edge, not a stranded seat.
    expect((await api.hold(f, { objectLabels: ["R2-3", "R2-4"], holdToken: t })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["R2-5", "R2-6", "R2-7", "R2-8"], holdToken: t })).status).toBe(200);
    // Releasing seat 4 strands nothing worse, and a release is never refused anyway.
    expect((await api.release(f, { objectLabels: ["R2-3"], holdToken: t }, f.pk)).status).toBe(200);
  });

  it("maxHeldSeatsPerClient counts one address's live holds over all its tokens, for publishable keys only", async () => {
    const f = await newEvent({ layout: hall() });
    await setRules(f, { maxHeldSeatsPerClient: 3 });
    expect((await holdFrom(f, "203.0.113.7", { objectLabels: ["R2-1", "R2-2"], holdToken: token("a") })).status).toBe(200);
    expect((await holdFrom(f, "203.0.113.7", { objectLabels: ["Floor"], holdToken: token("b"), objectType: "generalAdmission", quantity: 1 })).status).toBe(
      200,
    );
    const hoard = await holdFrom(f, "203.0.113.7", { objectLabels: ["R2-5"], holdToken: token("c") });
    expectError(hoard, 409, "selection_rule_violated");
    expect(hoard.body.failed).toEqual([{ objectLabel: "R2-5", reason: "client_hold_limit" }]);
    // Another address is not affected, and the integrator's server (secret key) is never counted.
    expect((await holdFrom(f, "198.51.100.4", { objectLabels: ["R2-5", "R2-6", "R2-7"], holdToken: token("d") })).status).toBe(200);
    expect((await api.hold(f, { objectLabels: ["R1-1", "R1-2", "R1-3", "R1-4"], holdToken: token("e") }, f.sk)).status).toBe(200);
  });

  it("a secret key may skip the rules (box office); a publishable key may not ask to", async () => {
    const f = await newEvent({ layout: hall() });
    await setRules(f, { maxSeatsPerToken: 1, noOrphanSeats: true });
    const t = token();
    expectError(await api.hold(f, { objectLabels: ["R2-2", "R2-3"], holdToken: t }, f.sk), 409, "selection_rule_violated");
    expect((await api.hold(f, { objectLabels: ["R2-2", "R2-3"], holdToken: t, ignoreSelectionRules: true }, f.sk)).status).toBe(200);
    expectError(await api.hold(f, { objectLabels: ["R2-5"], holdToken: token(), ignoreSelectionRules: false }), 400, "validation_failed");
  });

  it("best available picks seats the rules allow, and names the rule when they allow none", async () => {
    const f = await newEvent({ layout: hall() });
    await setRules(f, { maxSeatsPerCategory: { vip: 1 } });
    const bestAvailable = (body: Record<string, unknown>) => call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, { key: f.pk, body });
    // Without rules the VIP row (first in layout order) would win; the cap sends the buyer to row 2.
    const two = await bestAvailable({ holdToken: token(), quantity: 2 });
    expect(two.body.objects.map((o: { objectLabel: string }) => o.objectLabel)).toEqual(["R2-3", "R2-4"]);
    const vipOnly = await bestAvailable({ holdToken: token(), quantity: 2, categories: ["vip"] });
    expectError(vipOnly, 409, "selection_rule_violated");
    expect(vipOnly.body.failed.map((e: { reason: string }) => e.reason)).toEqual(["max_seats_per_category", "max_seats_per_category"]);
  });
});

describe("inventory protection", () => {
  it("one client address flooding an event meets 429 with Retry-After, while another client at a normal pace never does", async () => {
    const f = await newEvent({ layout: hall() });
    // 210 at once against 100 per 10 s: even split across two of the limiter's windows, one window gets over 100.
    const flood = await Promise.all(
      Array.from({ length: 210 }, (_, i) =>
        call("POST", `/api/v1/events/${f.eventKey}/seats/release`, {
          key: f.pk,
          body: { holdToken: `flood-${i}-token` },
          headers: { "CF-Connecting-IP": "192.0.2.66" },
        }),
      ),
    );
    const limited = flood.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expectError(limited[0]!, 429, "rate_limited");
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) {
      const res = await holdFrom(f, "192.0.2.10", { objectLabels: [`R2-${(i % 8) + 1}`], holdToken: token(`fair-${i}`) });
      expect([200, 409]).toContain(res.status);
    }
    // The flood slows nobody's secret-key calls either.
    expect((await api.hold(f, { objectLabels: ["R1-8"], holdToken: token() }, f.sk)).status).toBe(200);
  });
});
