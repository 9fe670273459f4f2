import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signForScope } from "../src/db/signing-secrets";
import { passFields, passText } from "../src/domain/channel-passes";
import { hall, putChannels } from "./support/channels";
import { ADMIN, api, call, expectError, expectOk, newEvent, stubOf, token, type EventFixture } from "./support/fixtures";

/**
 * Channels that are not for everyone (docs/security.md): a protected channel is taken from with a
 * publishable key only with a pass issued for that event and channel (signed, never stored, bound
 * to its expiry and to the workspace's signing secret), and `maxSeats` caps what one pass holds.
 */

const CLIENT = { "CF-Connecting-IP": "192.0.2.77" };
const PRESALE = { key: "presale", name: "Presale", protected: true, objectLabels: ["R1-1", "R1-2", "R1-3", "R1-4"], areaPlaces: { Floor: 10 } };
const SPONSOR = { key: "sponsor", name: "Sponsor", protected: true, objectLabels: ["R2-1"] };
const OPEN = { key: "resale", name: "Resale", objectLabels: ["R2-6"] };

async function presaleEvent(): Promise<EventFixture> {
  const f = await newEvent({ layout: hall() });
  expectOk(await putChannels(f, [PRESALE, SPONSOR, OPEN]));
  return f;
}

const issue = (f: EventFixture, channelKey: string, body: unknown = {}, key = f.sk) =>
  call("POST", `/api/v1/events/${f.eventKey}/channels/${channelKey}/passes`, { key, body });

async function passFor(f: EventFixture, channelKey = "presale", body: unknown = {}): Promise<string> {
  const res = await issue(f, channelKey, body);
  expectOk(res, 201);
  return res.body.pass as string;
}

const hold = (f: EventFixture, body: Record<string, unknown>, pass?: string, key = f.pk) =>
  call("POST", `/api/v1/events/${f.eventKey}/seats/hold`, {
    key,
    body: { holdToken: token(), channelKeys: ["presale"], ...body },
    headers: { ...CLIENT, ...(pass ? { "X-Channel-Pass": pass } : {}) },
  });

describe("issuing a pass", () => {
  it("answers 201 { pass, expiresAt } for a protected channel, with a secret key only", async () => {
    const f = await presaleEvent();
    const before = Date.now();
    const res = await issue(f, "presale", { ttlSeconds: 120, maxSeats: 3 });
    expectOk(res, 201);
    expect(Object.keys(res.body).sort()).toEqual(["expiresAt", "pass"]);
    const expires = Date.parse(res.body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 120_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 120_000);
    // The default lifetime is an hour.
    const plain = await issue(f, "presale");
    expect(Date.parse(plain.body.expiresAt) - Date.now()).toBeGreaterThan(3_590_000);
    expectError(await issue(f, "presale", {}, f.pk), 403);
    for (const bad of [{ ttlSeconds: 59 }, { ttlSeconds: 86_401 }, { maxSeats: 0 }, { maxSeats: 101 }, { maxSeat: 2 }])
      expectError(await issue(f, "presale", bad), 400, "validation_failed");
    expectError(await issue(f, "nope"), 404, "not_found");
    expectError(await issue(f, "resale"), 409, "conflict");
  });

  it("is recorded in the audit trail without the pass itself", async () => {
    const f = await presaleEvent();
    const pass = await passFor(f, "presale", { maxSeats: 2 });
    const log = await call("GET", "/api/v1/audit-log?limit=5", { key: f.sk });
    const entry = log.body.items.find((i: { action: string }) => i.action === "channel.pass_issued");
    expect(entry).toMatchObject({ target: { type: "event", key: f.eventKey }, details: { channelKey: "presale", maxSeats: 2 } });
    expect(JSON.stringify(log.body)).not.toContain(pass.split(".").at(-1));
  });
});

describe("holding from a protected channel", () => {
  it("without a valid pass for that channel and event, refuses it like a pool the buyer may not use", async () => {
    const f = await presaleEvent();
    const other = await presaleEvent();
    const none = await hold(f, { objectLabels: ["R1-1"] });
    expectError(none, 409, "seat_unavailable");
    expect(none.body.failed).toEqual([{ objectLabel: "R1-1", reason: "not_in_channel" }]);
    // Another channel's pass, another event's pass, a forged one, an expired one: the same refusal.
    const forged = (await passFor(f)).replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const meta = (await stubOf(f).info())!;
    const scope = { workspaceId: f.keys.workspaceId, environment: f.environment };
    const past = { eventId: meta.eventId, channelKey: "presale", passId: "AAAAAAAAAAAAAAAA", maxSeats: null };
    const expiredAt = Date.now() - 1000;
    const expired = passText(past, expiredAt, await signForScope(env, scope, "pass", passFields(scope.workspaceId, scope.environment, past, expiredAt)));
    for (const pass of [await passFor(f, "sponsor"), await passFor(other), forged, expired, "not-a-pass"]) {
      const res = await hold(f, { objectLabels: ["R1-1"] }, pass);
      expectError(res, 409, "seat_unavailable");
      expect(res.body.failed).toEqual([{ objectLabel: "R1-1", reason: "not_in_channel" }]);
    }
    // A secret key takes from it without one (the box office).
    expectOk(await hold(f, { objectLabels: ["R1-4"] }, undefined, f.sk));
    // The right pass opens it; the pass only opens its own channel.
    expectOk(await hold(f, { objectLabels: ["R1-1"] }, await passFor(f)));
    const sponsorOnly = await hold(f, { objectLabels: ["R2-1"], channelKeys: ["sponsor"] }, await passFor(f));
    expect(sponsorOnly.body.failed).toEqual([{ objectLabel: "R2-1", reason: "not_in_channel" }]);
    // Several passes, comma-separated, open several channels.
    const both = `${await passFor(f)},${await passFor(f, "sponsor")}`;
    expectOk(await hold(f, { objectLabels: ["R1-2", "R2-1"], channelKeys: ["presale", "sponsor"] }, both));
  });

  it("refuses GA places of a protected pool without its pass, and best available does not offer its seats", async () => {
    const f = await presaleEvent();
    const ga = (pass?: string) => hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 2 }, pass);
    const none = await ga();
    expectError(none, 409, "seat_unavailable");
    expect(none.body.failed).toEqual([{ objectLabel: "Floor", reason: "not_in_channel" }]);
    expectOk(await ga(await passFor(f)));
    const best = (pass?: string) =>
      call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, {
        key: f.pk,
        body: { holdToken: token(), quantity: 1, channelKeys: ["presale"] },
        headers: { ...CLIENT, ...(pass ? { "X-Channel-Pass": pass } : {}) },
      });
    expectError(await best(), 409, "no_best_available");
    expectOk(await best(await passFor(f)));
  });

  it("caps the seats plus places held or booked under one pass at its maxSeats (pass_limit)", async () => {
    const f = await presaleEvent();
    const pass = await passFor(f, "presale", { maxSeats: 3 });
    const t = token("pass-buyer");
    expectOk(await hold(f, { objectLabels: ["R1-1", "R1-2"], holdToken: t }, pass));
    const over = await hold(f, { objectLabels: ["R1-3", "R1-4"] }, pass);
    expectError(over, 409, "seat_unavailable");
    expect(over.body.failed).toEqual([
      { objectLabel: "R1-3", reason: "pass_limit" },
      { objectLabel: "R1-4", reason: "pass_limit" },
    ]);
    // Booked seats still count; GA places count with seats.
    expectOk(await api.book(f, { objectLabels: ["R1-1", "R1-2"], holdToken: t }));
    expectError(await hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 2 }, pass), 409, "seat_unavailable");
    expectOk(await hold(f, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity: 1 }, pass));
    // Released, the count goes down; another pass has its own count.
    expectOk(await api.release(f, { objectLabels: ["R1-1"], holdToken: t }));
    expectOk(await hold(f, { objectLabels: ["R1-3"] }, pass));
    expectOk(await hold(f, { objectLabels: ["R1-4"] }, await passFor(f, "presale", { maxSeats: 1 })));
  });

  it("stops working once the publishable key it was signed under is rotated out (after its grace period)", async () => {
    const f = await presaleEvent();
    const pass = await passFor(f);
    const rotate = (graceSeconds: number) =>
      call("POST", `/admin/v1/workspaces/${f.keys.workspaceKey}/public-keys/${f.environment}/rotate`, { headers: ADMIN, body: { graceSeconds } });
    // Within the grace period the previous secret still verifies.
    const first = await rotate(3600);
    expectOk(first);
    const pk = first.body.publicKey as string;
    expectOk(await hold(f, { objectLabels: ["R1-1"] }, pass, pk));
    // A rotation that ends every older key at once: passes signed under them stop too.
    const second = await rotate(0);
    const res = await hold(f, { objectLabels: ["R1-2"] }, pass, second.body.publicKey as string);
    expectError(res, 409, "seat_unavailable");
    expect(res.body.failed).toEqual([{ objectLabel: "R1-2", reason: "not_in_channel" }]);
    // A pass issued now is signed with the new secret and works.
    expectOk(await hold(f, { objectLabels: ["R1-2"] }, await passFor(f), second.body.publicKey as string));
  });
});
