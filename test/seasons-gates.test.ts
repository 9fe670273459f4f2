import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Layout, SeatFeature } from "../src/domain/layout";
import { signAdmission } from "../src/waiting-room/admission";
import { putChannels } from "./support/channels";
import { call, expectError, expectOk, stubOf, token } from "./support/fixtures";
import { eventOf, newSeason, seasonSeats, statusIn, type Season } from "./support/seasons";

/**
 * A season's hold is a hold in each of its events (docs/seasons.md, docs/security.md): every gate of an event's own
 * hold applies in every event, the waiting room's admission (docs/waiting-room.md), the accessible hold-back (docs/accessibility.md),
 * channels (docs/channels.md) and selection rules (docs/selling-rules.md), and a refusal in any event changes nothing anywhere.
 */

const W: SeatFeature[] = ["wheelchair"];
const C: SeatFeature[] = ["companion"];

/** One row: a wheelchair space, its companion seat, then six plain seats; and a GA area of 20. */
function stand(): Layout {
  const features: (SeatFeature[] | null)[] = [W, C, null, null, null, null, null, null];
  return {
    categories: [{ key: "std", label: "Standard", color: "#123456" }],
    sections: [
      {
        key: "A",
        label: "Section A",
        rows: [{ label: "1", seats: features.map((f, i) => ({ label: `A-1-${i + 1}`, categoryKey: "std", ...(f ? { features: f } : {}) })) }],
      },
    ],
    generalAdmission: [{ label: "Terrace", categoryKey: "std", capacity: 20 }],
  };
}

const CLIENT = "198.51.100.7";
const hold = (s: Season, body: Record<string, unknown>, key = s.pk, headers: Record<string, string> = {}) =>
  seasonSeats(s, "hold", { holdToken: token(), ...body }, { key, headers: { "CF-Connecting-IP": CLIENT, ...headers } });

/** Every event of the season free of anything held? */
async function untouched(s: Season, label: string): Promise<boolean> {
  for (const e of s.eventKeys) if ((await statusIn(s, e, label)) !== undefined) return false;
  return true;
}

/** An admission to one event of the season for `client`, signed as the waiting room signs them. */
async function admissionTo(s: Season, eventKey: string, client = CLIENT): Promise<string> {
  const meta = await stubOf(eventOf(s, eventKey)).info();
  const scope = { workspaceId: s.keys.workspaceId, environment: "sandbox" as const, eventKey };
  return signAdmission(env, scope, meta!.eventId, `0.${"A".repeat(22)}`, client, Date.now() + 600_000);
}

async function openRoom(s: Season, eventKey: string): Promise<void> {
  const body = { enabled: true, opensAt: new Date(Date.now() - 1000).toISOString(), admitPerMinute: 60, sessionMinutes: 10 };
  expectOk(await call("PUT", `/api/v1/events/${eventKey}/waiting-room`, { key: s.sk, body }));
}

describe("every gate of an event's hold holds on a season's hold", () => {
  it("the accessible hold-back: a publishable key needs accessible: true, in every event", async () => {
    const s = await newSeason(2, { layout: stand() });
    const [, second] = s.eventKeys as [string, string];
    // Held back in one event only: the refusal names it, and the other event is not touched either.
    expectOk(await call("PUT", `/api/v1/events/${second}/accessibility`, { key: s.sk, body: { holdBack: true, releaseWhen: "event_sold_out" } }));
    const refused = await hold(s, { objectLabels: ["A-1-1", "A-1-2"] });
    expectError(refused, 409, "seat_unavailable");
    expect(refused.body.failed).toEqual([
      { objectLabel: "A-1-1", reason: "accessible_only", eventKey: second },
      { objectLabel: "A-1-2", reason: "accessible_only", eventKey: second },
    ]);
    expect(await untouched(s, "A-1-1")).toBe(true);
    expectOk(await hold(s, { objectLabels: ["A-1-1", "A-1-2"], accessible: true }));
    expectOk(await hold(s, { objectLabels: ["A-1-3"] }));
  });

  it("the waiting room: each event whose room is open needs its own admission, sent in X-Admission", async () => {
    const s = await newSeason(3, { layout: stand() });
    const [first, second, third] = s.eventKeys as [string, string, string];
    await openRoom(s, second);
    await openRoom(s, third);
    expectError(await hold(s, { objectLabels: ["A-1-4"] }), 403, "admission_required");
    // One event's admission is not another's: the third still has none.
    expectError(await hold(s, { objectLabels: ["A-1-4"] }, s.pk, { "X-Admission": await admissionTo(s, second) }), 403, "admission_required");
    // An admission for another client address is no admission.
    const elsewhere = `${await admissionTo(s, second, "203.0.113.9")},${await admissionTo(s, third, "203.0.113.9")}`;
    expectError(await hold(s, { objectLabels: ["A-1-4"] }, s.pk, { "X-Admission": elsewhere }), 403, "admission_required");
    expect(await untouched(s, "A-1-4")).toBe(true);
    const both = `${await admissionTo(s, second)}, ${await admissionTo(s, third)}`;
    expectOk(await hold(s, { objectLabels: ["A-1-4"] }, s.pk, { "X-Admission": both }));
    for (const e of [first, second, third]) expect(await statusIn(s, e, "A-1-4")).toMatchObject({ status: "held" });
    // A GA hold passes the same gate; a secret key is never queued.
    expectError(await hold(s, { objectLabels: ["Terrace"], objectType: "generalAdmission", quantity: 2 }), 403, "admission_required");
    expectOk(await hold(s, { objectLabels: ["A-1-5"] }, s.sk));
    // A release only frees: no admission needed.
    const t = token();
    expectOk(
      await seasonSeats(s, "hold", { objectLabels: ["A-1-6"], holdToken: t }, { key: s.pk, headers: { "CF-Connecting-IP": CLIENT, "X-Admission": both } }),
    );
    expectOk(await seasonSeats(s, "release", { holdToken: t }, { key: s.pk, headers: { "CF-Connecting-IP": CLIENT } }));
  });

  it("channels and selection rules apply in every event; ignoreChannels and ignoreSelectionRules are the secret key's", async () => {
    const s = await newSeason(2, { layout: stand() });
    const [first, second] = s.eventKeys as [string, string];
    expectOk(await putChannels(eventOf(s, second), [{ key: "members", name: "Members", objectLabels: ["A-1-8"], areaPlaces: { Terrace: 5 } }]));
    const outside = await hold(s, { objectLabels: ["A-1-8"] });
    expectError(outside, 409, "seat_unavailable");
    expect(outside.body.failed).toEqual([{ objectLabel: "A-1-8", reason: "not_in_channel", eventKey: second }]);
    expectOk(await hold(s, { objectLabels: ["A-1-8"], channelKeys: ["members", "NO_CHANNEL"] }));
    // GA: the open pool of the second event has 15 places, so 16 do not fit there.
    const terrace = await hold(s, { objectLabels: ["Terrace"], objectType: "generalAdmission", quantity: 16 });
    expectError(terrace, 409, "seat_unavailable");
    expect(terrace.body.failed).toEqual([{ objectLabel: "Terrace", reason: "insufficient_capacity", eventKey: second }]);
    expectOk(await hold(s, { objectLabels: ["Terrace"], objectType: "generalAdmission", quantity: 16, ignoreChannels: true }, s.sk));
    expectError(await hold(s, { objectLabels: ["A-1-7"], ignoreChannels: true }), 400, "validation_failed");

    expectOk(await call("PUT", `/api/v1/events/${first}/selection-rules`, { key: s.sk, body: { maxSeatsPerToken: 1 } }));
    const rules = await hold(s, { objectLabels: ["A-1-6", "A-1-7"] });
    expectError(rules, 409, "selection_rule_violated");
    expect(rules.body.failed.every((f: { eventKey: string }) => f.eventKey === first)).toBe(true);
    expect(await untouched(s, "A-1-6")).toBe(true);
    expectOk(await hold(s, { objectLabels: ["A-1-6", "A-1-7"], ignoreSelectionRules: true }, s.sk));
  });
});
