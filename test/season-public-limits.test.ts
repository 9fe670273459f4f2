import { describe, expect, it } from "vitest";
import { putChannels } from "./support/channels";
import { call, expectError, expectOk, smallLayout, token } from "./support/fixtures";
import { eventOf, newSeason, seasonSeats, statusIn, type Season } from "./support/seasons";

/**
 * A season's hold is a hold in each of its events (docs/seasons.md, docs/security.md): a publishable key's limits
 * (the hold's lifetime against each event's maxPublicHoldSeconds, the per-client cap, the GA
 * quantity, the size of extraData) and protected channels' passes apply in every event, and a
 * refusal in any event changes nothing anywhere.
 */

const CLIENT = { "CF-Connecting-IP": "198.51.100.44" };
const hold = (s: Season, body: Record<string, unknown>, headers: Record<string, string> = CLIENT, key = s.pk) =>
  seasonSeats(s, "hold", { holdToken: token(), ...body }, { key, headers });
const rulesOf = (s: Season, eventKey: string, body: unknown) => call("PUT", `/api/v1/events/${eventKey}/selection-rules`, { key: s.sk, body });

async function heldNowhere(s: Season, label: string): Promise<boolean> {
  for (const e of s.eventKeys) if ((await statusIn(s, e, label)) !== undefined) return false;
  return true;
}

describe("a publishable-key season hold meets each event's limits", () => {
  it("lasts at most the shortest maxPublicHoldSeconds of its events; omitted, the smaller of 900 and that", async () => {
    const s = await newSeason(3);
    expectOk(await rulesOf(s, s.eventKeys[1]!, { maxPublicHoldSeconds: 600 }));
    const over = await hold(s, { objectLabels: ["A-1-1"], ttlSeconds: 601 });
    expectError(over, 400, "validation_failed");
    expect(Object.keys(over.body.errors)).toEqual(["ttlSeconds"]);
    expect(await heldNowhere(s, "A-1-1")).toBe(true);
    // Omitted: the season holds for the shortest maximum (600), one expiry in every event.
    const before = Date.now();
    const omitted = await hold(s, { objectLabels: ["A-1-1"] });
    expectOk(omitted);
    const lasts = (Date.parse(omitted.body.holdExpiresAt) - before) / 1000;
    expect(lasts).toBeGreaterThan(595);
    expect(lasts).toBeLessThanOrEqual(605);
    for (const e of s.eventKeys) expect((await statusIn(s, e, "A-1-1"))?.holdExpiresAt).toBe(omitted.body.holdExpiresAt);
    // Every event at the default: 900 seconds, and 1800 at most.
    expectOk(await rulesOf(s, s.eventKeys[1]!, {}));
    const at = Date.now();
    const plain = await hold(s, { objectLabels: ["A-1-2"] });
    expect((Date.parse(plain.body.holdExpiresAt) - at) / 1000).toBeGreaterThan(895);
    expectError(await hold(s, { objectLabels: ["A-1-3"], ttlSeconds: 1801 }), 400, "validation_failed");
    expectOk(await hold(s, { objectLabels: ["A-1-3"], ttlSeconds: 3600 }, CLIENT, s.sk));
  });

  it("counts against the per-client cap (20 by default) in each event", async () => {
    const s = await newSeason(2, { layout: smallLayout(30) });
    const labels = Array.from({ length: 21 }, (_, i) => `A-1-${i + 1}`);
    const over = await hold(s, { objectLabels: labels });
    expectError(over, 409, "selection_rule_violated");
    expect(over.body.failed.every((f: { reason: string }) => f.reason === "client_hold_limit")).toBe(true);
    expect(await heldNowhere(s, "A-1-1")).toBe(true);
    expectOk(await hold(s, { objectLabels: labels.slice(0, 20) }));
    expectError(await hold(s, { objectLabels: ["A-1-21"] }), 409, "selection_rule_violated");
    // The event's own hold by the same client meets the same count.
    expectError(
      await call("POST", `/api/v1/events/${s.eventKeys[0]}/seats/hold`, { key: s.pk, body: { objectLabels: ["A-1-22"], holdToken: token() }, headers: CLIENT }),
      409,
      "selection_rule_violated",
    );
  });

  it("takes a GA quantity of at most 50, and extraData of at most 1024 bytes", async () => {
    const s = await newSeason(2, { layout: smallLayout(10, 200) });
    const ga = (quantity: number) => hold(s, { objectLabels: ["Floor"], objectType: "generalAdmission", quantity }, {});
    const over = await ga(51);
    expectError(over, 400, "validation_failed");
    expect(Object.keys(over.body.errors)).toEqual(["quantity"]);
    expectOk(await ga(50));
    const sized = (bytes: number) => ({ n: "x".repeat(bytes - 8) });
    expectError(await hold(s, { objectLabels: ["A-1-1"], extraData: sized(1025) }), 400, "validation_failed");
    expect(await heldNowhere(s, "A-1-1")).toBe(true);
    const ok = await hold(s, { objectLabels: ["A-1-1"], extraData: sized(1024) });
    expectOk(ok);
    expect(ok.body.objects[0].extraData).toEqual(sized(1024));
  });
});

describe("a season hold takes from a protected channel only with each event's pass", () => {
  it("refuses the channel in the event without a pass (not_in_channel, with eventKey), and holds everywhere with one", async () => {
    const s = await newSeason(2);
    const [first, second] = s.eventKeys as [string, string];
    for (const e of s.eventKeys) expectOk(await putChannels(eventOf(s, e), [{ key: "members", name: "Members", protected: true, objectLabels: ["A-1-5"] }]));
    const issue = async (eventKey: string) =>
      (await call("POST", `/api/v1/events/${eventKey}/channels/members/passes`, { key: s.sk, body: { maxSeats: 2 } })).body.pass as string;
    const body = { objectLabels: ["A-1-5"], channelKeys: ["members"] };
    const none = await hold(s, body);
    expectError(none, 409, "seat_unavailable");
    expect(none.body.failed).toContainEqual({ objectLabel: "A-1-5", reason: "not_in_channel", eventKey: first });
    // A pass of one event opens that event only.
    const onlyFirst = await hold(s, body, { ...CLIENT, "X-Channel-Pass": await issue(first) });
    expectError(onlyFirst, 409, "seat_unavailable");
    expect(onlyFirst.body.failed).toEqual([{ objectLabel: "A-1-5", reason: "not_in_channel", eventKey: second }]);
    expect(await heldNowhere(s, "A-1-5")).toBe(true);
    const both = [await issue(first), await issue(second)].join(",");
    const held = await hold(s, body, { ...CLIENT, "X-Channel-Pass": both });
    expectOk(held);
    expect(held.body.objects[0].eventKeys.sort()).toEqual([first, second].sort());
  });
});
