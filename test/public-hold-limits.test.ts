import { describe, expect, it } from "vitest";
import { api, bigLayout, call, engineNow, expectError, expectOk, freeze, newEvent, smallLayout, token, type EventFixture } from "./support/fixtures";

/**
 * What a publishable key may ask of one hold (docs/security.md): its lifetime (at most the event's
 * maxPublicHoldSeconds, default 1800; omitted, the smaller of 900 and that), its GA quantity (50),
 * its extraData (1 KiB), and the per-client cap that applies by default (20). Secret keys keep the
 * general rules.
 */

const CLIENT = { "CF-Connecting-IP": "203.0.113.9" };
const rules = (f: EventFixture, body: unknown) => call("PUT", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.sk, body });
const hold = (f: EventFixture, body: Record<string, unknown>, key = f.pk, headers: Record<string, string> = CLIENT) =>
  call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, { key, body: { holdToken: token(), ...body }, headers });
const best = (f: EventFixture, body: Record<string, unknown>, key = f.pk) =>
  call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, { key, body: { holdToken: token(), ...body }, headers: CLIENT });

/** Seconds from the engine's now to a hold's expiry. */
async function lasts(f: EventFixture, holdExpiresAt: string): Promise<number> {
  return Math.round((Date.parse(holdExpiresAt) - (await engineNow(f))) / 1000);
}

describe("a publishable-key hold's lifetime", () => {
  it("defaults to 900 s, is capped at 1800 s by default, and the refusal names ttlSeconds", async () => {
    const f = await newEvent();
    await freeze(f);
    const omitted = await hold(f, { objectLabels: ["A-1-1"] });
    expectOk(omitted);
    expect(await lasts(f, omitted.body.holdExpiresAt)).toBe(900);
    expectOk(await hold(f, { objectLabels: ["A-1-2"], ttlSeconds: 1800 }));
    const over = await hold(f, { objectLabels: ["A-1-3"], ttlSeconds: 1801 });
    expectError(over, 400, "validation_failed");
    expect(Object.keys(over.body.errors)).toEqual(["ttlSeconds"]);
    // Best available and GA holds meet the same cap.
    expectError(await best(f, { quantity: 1, ttlSeconds: 3600 }), 400, "validation_failed");
    expectError(await hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 1, ttlSeconds: 3600 }), 400, "validation_failed");
    expect((await api.status(f, "", f.sk)).body.objects.map((o: { objectLabel: string }) => o.objectLabel).sort()).toEqual(["A-1-1", "A-1-2"]);
  });

  it("follows the event's maxPublicHoldSeconds (60..7200), shown by GET and the event record; {} restores the default", async () => {
    const f = await newEvent();
    await freeze(f);
    for (const bad of [59, 7201, 90.5]) expectError(await rules(f, { maxPublicHoldSeconds: bad }), 400, "validation_failed");
    expectOk(await rules(f, { maxPublicHoldSeconds: 600 }));
    expect((await call("GET", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.pk })).body).toEqual({ maxPublicHoldSeconds: 600 });
    expect((await api.event(f)).body.selectionRules).toEqual({ maxPublicHoldSeconds: 600 });
    // Omitted, a hold lasts the smaller of 900 and the event's maximum.
    const short = await hold(f, { objectLabels: ["A-1-1"] });
    expect(await lasts(f, short.body.holdExpiresAt)).toBe(600);
    expectError(await hold(f, { objectLabels: ["A-1-2"], ttlSeconds: 601 }), 400, "validation_failed");
    expectOk(await rules(f, { maxPublicHoldSeconds: 7200 }));
    expectOk(await hold(f, { objectLabels: ["A-1-2"], ttlSeconds: 7200 }));
    const long = await hold(f, { objectLabels: ["A-1-3"] });
    expect(await lasts(f, long.body.holdExpiresAt)).toBe(900);
    // {} clears the rules: the default maximum applies again.
    expectOk(await rules(f, {}));
    expectError(await hold(f, { objectLabels: ["A-1-4"], ttlSeconds: 1801 }), 400, "validation_failed");
  });

  it("does not bind a secret key, which keeps the general rule (at most 86400, default 900)", async () => {
    const f = await newEvent();
    await freeze(f);
    expectOk(await rules(f, { maxPublicHoldSeconds: 60 }));
    const day = await hold(f, { objectLabels: ["A-1-1"], ttlSeconds: 86_400 }, f.sk);
    expectOk(day);
    expect(await lasts(f, day.body.holdExpiresAt)).toBe(86_400);
    const omitted = await hold(f, { objectLabels: ["A-1-2"] }, f.sk);
    expect(await lasts(f, omitted.body.holdExpiresAt)).toBe(900);
    expectError(await hold(f, { objectLabels: ["A-1-3"], ttlSeconds: 86_401 }, f.sk), 400, "validation_failed");
  });
});

describe("the per-client cap applies by default", () => {
  for (const environment of ["sandbox", "production"] as const) {
    it(`in ${environment}: 20 seats per client address until the rules set another, and {} restores 20`, async () => {
      const f = await newEvent({ environment, layout: bigLayout(60) });
      const seat = (n: number) => `S0-0-${n}`;
      const labels = Array.from({ length: 20 }, (_, i) => seat(i));
      expectOk(await hold(f, { objectLabels: labels.slice(0, 19) }));
      // One at a time, as buyers do: the common one-seat path counts too.
      expectOk(await hold(f, { objectLabels: [labels[19]] }));
      const over = await hold(f, { objectLabels: [seat(21)] });
      expectError(over, 409, "selection_rule_violated");
      expect(over.body.failed).toEqual([{ objectLabel: seat(21), reason: "client_hold_limit" }]);
      // Another client address is its own buyer; a secret key is not counted.
      expectOk(await hold(f, { objectLabels: [seat(21)] }, f.pk, { "CF-Connecting-IP": "203.0.113.10" }));
      expectOk(await hold(f, { objectLabels: [seat(22)] }, f.sk));
      // The event may raise it; {} clears that and the default is back.
      expectOk(await rules(f, { maxHeldSeatsPerClient: 25 }));
      expectOk(await hold(f, { objectLabels: [seat(23), seat(24)] }));
      expectOk(await rules(f, {}));
      expect((await call("GET", `/api/v1/events/${f.eventKey}/selection-rules`, { key: f.pk })).body).toEqual({});
      expectError(await hold(f, { objectLabels: [seat(25)] }), 409, "selection_rule_violated");
    });
  }

  it("counts GA places with seats, and one IPv6 /64 as one client", async () => {
    const f = await newEvent({ layout: smallLayout(20, 100) });
    const v6 = (low: string) => ({ "CF-Connecting-IP": `2001:db8:7:7:${low}` });
    expectOk(await hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 15 }, f.pk, v6("1:2:3:4")));
    expectOk(await hold(f, { objectLabels: ["A-1-1", "A-1-2", "A-1-3", "A-1-4", "A-1-5"] }, f.pk, v6("a:b:c:d")));
    const over = await hold(f, { objectLabels: ["A-1-6"] }, f.pk, v6("ffff::1"));
    expectError(over, 409, "selection_rule_violated");
  });
});

describe("a publishable-key GA hold and its extraData", () => {
  it("takes a quantity of at most 50 (51 is 400 naming quantity); a secret key may take more", async () => {
    const f = await newEvent({ layout: smallLayout(10, 200) });
    const ga = (quantity: number, key = f.pk) => hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity }, key, {});
    const over = await ga(51);
    expectError(over, 400, "validation_failed");
    expect(Object.keys(over.body.errors)).toEqual(["quantity"]);
    expectOk(await ga(50));
    expectOk(await ga(120, f.sk));
  });

  it("sends at most 1024 bytes of extraData (1025 is 400), and a secret key 16 KiB", async () => {
    const f = await newEvent();
    // {"n":"…"} is 8 bytes around its text.
    const sized = (bytes: number) => ({ n: "x".repeat(bytes - 8) });
    expect(JSON.stringify(sized(1024)).length).toBe(1024);
    expectOk(await hold(f, { objectLabels: ["A-1-1"], extraData: sized(1024) }));
    const over = await hold(f, { objectLabels: ["A-1-2"], extraData: sized(1025) });
    expectError(over, 400, "validation_failed");
    expect(Object.keys(over.body.errors)).toEqual(["extraData"]);
    // UTF-8 bytes, not characters: 300 three-byte characters are 900 bytes and more.
    expectError(await hold(f, { objectLabels: ["A-1-2"], extraData: { n: "€".repeat(400) } }), 400, "validation_failed");
    expectError(await best(f, { quantity: 1, extraData: sized(1025) }), 400, "validation_failed");
    expectOk(await hold(f, { objectLabels: ["A-1-3"], extraData: sized(16_384) }, f.sk));
    expectError(await hold(f, { objectLabels: ["A-1-4"], extraData: sized(16_385) }, f.sk), 400, "validation_failed");
  });

  it("names every field over its limit in one refusal", async () => {
    const f = await newEvent({ layout: smallLayout(10, 200) });
    const res = await hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 60, ttlSeconds: 2000, extraData: { n: "x".repeat(2000) } });
    expectError(res, 400, "validation_failed");
    expect(Object.keys(res.body.errors).sort()).toEqual(["extraData", "quantity", "ttlSeconds"]);
  });
});
