import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Layout } from "../src/domain/layout";
import { signAdmission } from "../src/waiting-room/admission";
import { api, call, stubOf, token } from "./support/fixtures";
import { eventOf, newSeason, seasonSeats, type Season } from "./support/seasons";

/**
 * The season model (test/seasons-model.test.ts) against the real thing: random sequences of season
 * seat and GA holds, resizes, books and releases, single-event holds on the same seats and places,
 * waiting rooms opening and accessible seats held back in single events, and evictions of the event
 * objects between any two steps. After every step: each season token holds the same in every event
 * of the season (all or nothing), a refused season action changed no event at all, a publishable
 * season hold that lacks an event's admission or states no need for a held-back seat is refused,
 * and no GA area holds more than its capacity.
 */

const CLIENT = "198.51.100.42";
const CAPACITY = 10;
const LABELS = ["A-1-1", "A-1-2", "A-1-3", "A-1-4"];

/** A wheelchair space A-1-1 and three plain seats in one row, and a GA area of 10. */
function venue(): Layout {
  return {
    categories: [{ key: "std", label: "Standard", color: "#123456" }],
    sections: [
      {
        key: "A",
        label: "A",
        rows: [{ label: "1", seats: LABELS.map((label, i) => ({ label, categoryKey: "std", ...(i === 0 ? { features: ["wheelchair" as const] } : {}) })) }],
      },
    ],
    generalAdmission: [{ label: "Floor", categoryKey: "std", capacity: CAPACITY }],
  };
}

type Step =
  | { t: "seats"; labels: string[]; secret: boolean; admitted: number[]; accessible: boolean }
  | { t: "ga"; quantity: number; resize: boolean; secret: boolean; admitted: number[] }
  | { t: "book" }
  | { t: "release" }
  | { t: "single"; event: number; label: string }
  | { t: "singleGa"; event: number; quantity: number }
  | { t: "room"; event: number }
  | { t: "holdBack"; event: number }
  | { t: "evict"; event: number };

/** Mostly an admission to every event, so that the other gates are reached too. */
const admitted: fc.Arbitrary<number[]> = fc.oneof({ arbitrary: fc.constant<number[]>([0, 1, 2]), weight: 3 }, { arbitrary: fc.subarray([0, 1, 2]), weight: 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      t: fc.constant("seats" as const),
      labels: fc.subarray(LABELS, { minLength: 1 }),
      secret: fc.boolean(),
      admitted,
      accessible: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ t: fc.constant("ga" as const), quantity: fc.integer({ min: 1, max: 6 }), resize: fc.boolean(), secret: fc.boolean(), admitted }),
    weight: 3,
  },
  fc.record({ t: fc.constant("book" as const) }),
  fc.record({ t: fc.constant("release" as const) }),
  fc.record({ t: fc.constant("single" as const), event: fc.nat(2), label: fc.constantFrom(...LABELS) }),
  fc.record({ t: fc.constant("singleGa" as const), event: fc.nat(2), quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ t: fc.constant("room" as const), event: fc.nat(2) }),
  fc.record({ t: fc.constant("holdBack" as const), event: fc.nat(2) }),
  fc.record({ t: fc.constant("evict" as const), event: fc.nat(2) }),
);

/** What a token holds in one event: its seats and its GA places. */
async function holdings(s: Season, eventKey: string, t: string): Promise<string> {
  const res = await call("GET", `/api/v1/events/${eventKey}/status?holdToken=${t}`, { key: s.sk });
  const objects = res.body.objects as { objectLabel: string; status: string; mine?: boolean; mineQuantity?: number }[];
  const seats = objects.filter((o) => o.mine).map((o) => `${o.objectLabel}:${o.status}`);
  const places = objects.find((o) => o.objectLabel === "Floor")?.mineQuantity ?? 0;
  return JSON.stringify({ seats: seats.sort(), places });
}

/** Every event's whole status, for "nothing changed". */
async function everything(s: Season): Promise<string[]> {
  return Promise.all(s.eventKeys.map(async (e) => JSON.stringify((await call("GET", `/api/v1/events/${e}/status`, { key: s.sk })).body.objects)));
}

class Run {
  tokens: string[] = [];
  gaTokens: string[] = [];
  rooms = new Set<number>();
  heldBack = new Set<number>();
  private ids: string[] = [];

  constructor(readonly s: Season) {}

  async admissions(events: number[]): Promise<string> {
    if (this.ids.length === 0) this.ids = await Promise.all(this.s.eventKeys.map(async (e) => (await stubOf(eventOf(this.s, e)).info())!.eventId));
    const signed = events.map((i) => {
      const scope = { workspaceId: this.s.keys.workspaceId, environment: "sandbox" as const, eventKey: this.s.eventKeys[i]! };
      return signAdmission(env, scope, this.ids[i]!, `1.${"B".repeat(22)}`, CLIENT, Date.now() + 600_000);
    });
    return (await Promise.all(signed)).join(",");
  }

  /** A season hold, checked against the gates it must meet and for all-or-nothing. */
  async seasonHold(body: Record<string, unknown>, secret: boolean, admittedTo: number[], wheelchair: boolean): Promise<void> {
    const before = await everything(this.s);
    const headers = { "CF-Connecting-IP": CLIENT, ...(admittedTo.length > 0 ? { "X-Admission": await this.admissions(admittedTo) } : {}) };
    const res = await seasonSeats(this.s, "hold", body, { key: secret ? this.s.sk : this.s.pk, headers });
    const t = String(body.holdToken);
    const lacksAdmission = !secret && [...this.rooms].some((e) => !admittedTo.includes(e));
    if (lacksAdmission) expect(res.status, "a season hold into an open room without its admission").toBe(403);
    if (!secret && wheelchair && body.accessible !== true && this.heldBack.size > 0) expect(res.status, "a held-back seat").not.toBe(200);
    if (res.status !== 200) {
      expect([403, 409]).toContain(res.status);
      expect(await everything(this.s), "a refused season action changes nothing").toEqual(before);
    } else if (!this.tokens.includes(t)) this.tokens.push(t);
  }

  async apply(m: Step): Promise<void> {
    const s = this.s;
    if (m.t === "seats") {
      await this.seasonHold({ objectLabels: m.labels, holdToken: token("s"), accessible: m.accessible }, m.secret, m.admitted, m.labels.includes("A-1-1"));
    } else if (m.t === "ga") {
      const t = m.resize && this.gaTokens.length > 0 ? this.gaTokens[0]! : token("g");
      await this.seasonHold({ objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: m.quantity }, m.secret, m.admitted, false);
      if (this.tokens.includes(t) && !this.gaTokens.includes(t)) this.gaTokens.push(t);
    } else if (m.t === "book" || m.t === "release") {
      const t = this.tokens.at(-1);
      if (t === undefined) return;
      const labels = [...LABELS, "Floor"];
      const mine = new Set<string>();
      for (const e of s.eventKeys) for (const l of JSON.parse(await holdings(s, e, t)).seats as string[]) mine.add(l.split(":")[0]!);
      if (this.gaTokens.includes(t)) mine.add("Floor");
      const before = await everything(s);
      const res =
        m.t === "book"
          ? await seasonSeats(s, "book", { objectLabels: labels.filter((l) => mine.has(l)), holdToken: t })
          : await seasonSeats(s, "release", { holdToken: t });
      if (res.status !== 200) expect(await everything(s)).toEqual(before);
    } else if (m.t === "single") {
      await api.hold(eventOf(s, s.eventKeys[m.event]!), { objectLabels: [m.label], holdToken: token("one") }, s.sk);
    } else if (m.t === "singleGa") {
      const f = eventOf(s, s.eventKeys[m.event]!);
      await api.hold(f, { objectLabels: ["Floor"], holdToken: token("one"), objectType: "generalAdmission", quantity: m.quantity }, s.sk);
    } else if (m.t === "room") {
      const body = { enabled: true, opensAt: new Date(Date.now() - 1000).toISOString(), admitPerMinute: 60, sessionMinutes: 10 };
      expect((await call("PUT", `/api/v1/events/${s.eventKeys[m.event]}/waiting-room`, { key: s.sk, body })).status).toBe(200);
      this.rooms.add(m.event);
    } else if (m.t === "holdBack") {
      const body = { holdBack: true, releaseWhen: "event_sold_out" };
      expect((await call("PUT", `/api/v1/events/${s.eventKeys[m.event]}/accessibility`, { key: s.sk, body })).status).toBe(200);
      this.heldBack.add(m.event);
    } else await evictDurableObject(stubOf(eventOf(s, s.eventKeys[m.event]!)));
  }

  /** Every season token holds the same in all events; no area is over capacity. */
  async check(): Promise<void> {
    for (const t of this.tokens) {
      const seen = new Set(await Promise.all(this.s.eventKeys.map((e) => holdings(this.s, e, t))));
      expect(seen.size, `${t}: ${[...seen].join(" / ")}`).toBe(1);
    }
    for (const e of this.s.eventKeys) {
      const res = await call("GET", `/api/v1/events/${e}/status`, { key: this.s.sk });
      const floor = (res.body.objects as { objectLabel: string; held: number; booked: number }[]).find((o) => o.objectLabel === "Floor");
      expect((floor?.held ?? 0) + (floor?.booked ?? 0)).toBeLessThanOrEqual(CAPACITY);
    }
  }
}

describe("season model against the event objects", () => {
  it("keeps season actions all-or-nothing, gated in every event, under random steps and evictions", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 10 }), async (steps) => {
        const run = new Run(await newSeason(3, { layout: venue() }));
        for (const m of steps) {
          await run.apply(m);
          await run.check();
        }
      }),
      {
        numRuns: 8,
        // Each gate met at least once, whatever the seed: a held-back seat, an open room, a GA hold into one.
        examples: [
          [
            [
              { t: "holdBack", event: 1 },
              { t: "seats", labels: ["A-1-1", "A-1-2"], secret: false, admitted: [0, 1, 2], accessible: false },
            ],
          ],
          [
            [
              { t: "room", event: 2 },
              { t: "evict", event: 2 },
              { t: "seats", labels: ["A-1-3"], secret: false, admitted: [0, 1], accessible: false },
            ],
          ],
          [
            [
              { t: "singleGa", event: 0, quantity: 4 },
              { t: "room", event: 1 },
              { t: "ga", quantity: 6, resize: false, secret: false, admitted: [0, 1, 2] },
              { t: "ga", quantity: 7, resize: true, secret: false, admitted: [0, 1, 2] },
              { t: "book" },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
