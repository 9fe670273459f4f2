import { describe, expect, it } from "vitest";
import type { Layout } from "../src/domain/layout";
import { holdBestAvailableRequestSchema, holdBestAvailableResultSchema, selectionRulesSchema, type SelectionRules } from "../src/domain/selling";
import { Occupancy } from "../src/selling/occupancy";
import { checkGaHold, checkSeatHold, quantityAllowed, type RuleContext } from "../src/selling/rule-checks";
import { sellingIndexOfLayout } from "../src/selling/selling-index";

/** One row r0..r5 (vip, vip, std, std, std, std), an aisle after r3, and a second row t0..t1 (std). */
const layout: Layout = {
  categories: [
    { key: "vip", label: "VIP", color: "#f00" },
    { key: "std", label: "Std", color: "#00f" },
  ],
  sections: [
    {
      key: "A",
      label: "A",
      rows: [
        {
          label: "1",
          seats: ["vip", "vip", "std", "std", "std", "std"].map((categoryKey, i) => ({
            label: `r${i}`,
            categoryKey,
            ...(i === 3 ? { aisleAfter: true } : {}),
          })),
        },
        { label: "2", seats: [0, 1].map((i) => ({ label: `t${i}`, categoryKey: "std" })) },
      ],
    },
  ],
  generalAdmission: [{ label: "Floor", categoryKey: "std", capacity: 100 }],
};
const index = sellingIndexOfLayout(layout);
const ids = (...labels: string[]) => labels.map((l) => index.ids.get(l)!);

function check(rules: SelectionRules, hold: string[], opts: { token?: Record<string, number>; client?: number; nonFree?: string[] } = {}) {
  const ctx: RuleContext = { rules, token: new Map(Object.entries(opts.token ?? {})), ...(opts.client !== undefined ? { client: opts.client } : {}) };
  return checkSeatHold(ctx, index, Occupancy.fromNonFree(index, opts.nonFree ?? []), ids(...hold));
}

describe("selection rules: the request bodies", () => {
  it("take limits 1..10000, {} clears, and category caps by key", () => {
    for (const v of [1, 10_000]) expect(selectionRulesSchema.safeParse({ maxSeatsPerToken: v, maxHeldSeatsPerClient: v }).success).toBe(true);
    for (const v of [0, 10_001, 1.5, "3"]) expect(selectionRulesSchema.safeParse({ maxSeatsPerToken: v }).success).toBe(false);
    expect(selectionRulesSchema.parse({})).toEqual({});
    expect(selectionRulesSchema.safeParse({ maxSeatsPerCategory: { vip: 0 } }).success).toBe(false);
    expect(selectionRulesSchema.parse({ maxSeatsPerCategory: { vip: 2 }, noOrphanSeats: true })).toEqual({
      maxSeatsPerCategory: { vip: 2 },
      noOrphanSeats: true,
    });
  });

  it("hold-best-available: quantity 1..50, a token of 8..255, together false by default", () => {
    const body = { holdToken: "12345678", quantity: 1 };
    // An omitted ttlSeconds stays omitted: the event resolves it (900, or shorter for a publishable key).
    const parsed = holdBestAvailableRequestSchema.parse(body);
    expect(parsed).toMatchObject({ together: false });
    expect(parsed.ttlSeconds).toBeUndefined();
    expect(holdBestAvailableRequestSchema.safeParse({ ...body, quantity: 50, categories: ["vip"], sections: ["A"] }).success).toBe(true);
    for (const bad of [{ quantity: 0 }, { quantity: 51 }, { quantity: 2.5 }, { holdToken: "1234567" }, { categories: [] }, { ttlSeconds: 0 }])
      expect(holdBestAvailableRequestSchema.safeParse({ ...body, ...bad }).success).toBe(false);
    const hold = { chartKey: "c", eventKey: "e", holdToken: "t", holdExpiresAt: "x", objects: [] };
    expect(holdBestAvailableResultSchema.safeParse({ ...hold, nextToEachOther: true }).success).toBe(true);
    expect(holdBestAvailableResultSchema.safeParse(hold).success).toBe(false);
  });
});

describe("selection rules: counts at their boundaries", () => {
  it("maxSeatsPerToken counts held and booked seats plus GA places of the token", () => {
    expect(check({ maxSeatsPerToken: 4 }, ["t0", "t1"], { token: { std: 1, vip: 1 } })).toEqual([]);
    expect(check({ maxSeatsPerToken: 4 }, ["r2", "r3", "t0"], { token: { std: 2 } })).toEqual(
      ["r2", "r3", "t0"].map((objectLabel) => ({ objectLabel, reason: "max_seats_per_token" })),
    );
  });

  it("maxSeatsPerCategory checks only the categories the hold adds to", () => {
    expect(check({ maxSeatsPerCategory: { vip: 2 } }, ["r0"], { token: { vip: 1 } })).toEqual([]);
    expect(check({ maxSeatsPerCategory: { vip: 2 } }, ["r0", "r1", "r2"], { token: { vip: 1 } })).toEqual([
      { objectLabel: "r0", reason: "max_seats_per_category" },
      { objectLabel: "r1", reason: "max_seats_per_category" },
    ]);
    expect(check({ maxSeatsPerCategory: { vip: 2 } }, ["r2"], { token: { vip: 5 } })).toEqual([]);
  });

  it("maxHeldSeatsPerClient counts the client's live holds, and only when a client is counted", () => {
    expect(check({ maxHeldSeatsPerClient: 10 }, ["t0"], { client: 9 })).toEqual([]);
    expect(check({ maxHeldSeatsPerClient: 10 }, ["t0", "t1"], { client: 9 })).toEqual([
      { objectLabel: "t0", reason: "client_hold_limit" },
      { objectLabel: "t1", reason: "client_hold_limit" },
    ]);
    expect(check({ maxHeldSeatsPerClient: 1 }, ["t0", "t1"])).toEqual([]);
  });

  it("a hold that adds nothing is never refused, even over a limit", () => {
    expect(check({ maxSeatsPerToken: 1, maxHeldSeatsPerClient: 1, noOrphanSeats: true }, [], { token: { std: 5 }, client: 5 })).toEqual([]);
  });

  it("GA places count like seats; a resize is judged by what it adds, and shrinking is never refused", () => {
    const ctx: RuleContext = { rules: { maxSeatsPerToken: 5, maxSeatsPerCategory: { std: 4 } }, token: new Map([["std", 3]]), client: 3 };
    expect(checkGaHold(ctx, { label: "Floor", categoryKey: "std", previous: 2, quantity: 3 })).toEqual([]);
    expect(checkGaHold(ctx, { label: "Floor", categoryKey: "std", previous: 2, quantity: 4 })).toEqual([
      { objectLabel: "Floor", reason: "max_seats_per_category" },
    ]);
    expect(checkGaHold({ ...ctx, rules: { maxHeldSeatsPerClient: 4 } }, { label: "Floor", categoryKey: "std", previous: 0, quantity: 2 })).toEqual([
      { objectLabel: "Floor", reason: "client_hold_limit" },
    ]);
    expect(checkGaHold({ ...ctx, token: new Map([["std", 9]]) }, { label: "Floor", categoryKey: "std", previous: 5, quantity: 1 })).toEqual([]);
  });

  it("quantityAllowed tells when no seats at all could pass the totals", () => {
    const ctx: RuleContext = { rules: { maxSeatsPerToken: 6, maxHeldSeatsPerClient: 8 }, token: new Map([["std", 2]]), client: 4 };
    expect(quantityAllowed(ctx, 4)).toBe(true);
    expect(quantityAllowed(ctx, 5)).toBe(false);
    expect(quantityAllowed({ ...ctx, token: new Map() }, 5)).toBe(false); // the client's 4 + 5 > 8
  });
});

describe("selection rules: orphan seats", () => {
  const orphan = (objectLabel: string) => ({ objectLabel, reason: "orphan_seat" });

  it("refuses leaving a free seat alone that had a free neighbour: against a held seat, the row's end or an aisle", () => {
    expect(check({ noOrphanSeats: true }, ["r1"])).toEqual([orphan("r0")]);
    expect(check({ noOrphanSeats: true }, ["r3"], { nonFree: ["r1"] })).toEqual([orphan("r2")]);
    expect(check({ noOrphanSeats: true }, ["r2"])).toEqual([orphan("r3")]); // r3 stands before the aisle
    expect(check({ noOrphanSeats: true }, ["r4"])).toEqual([orphan("r5")]);
    expect(check({ noOrphanSeats: true }, ["r1", "r4"])).toEqual([orphan("r0"), orphan("r5")]);
  });

  it("allows holds that leave pairs, fill a gap, or touch a seat that was already alone", () => {
    expect(check({ noOrphanSeats: true }, ["r0"])).toEqual([]);
    expect(check({ noOrphanSeats: true }, ["r2", "r3"])).toEqual([]);
    expect(check({ noOrphanSeats: true }, ["r4", "r5"])).toEqual([]);
    expect(check({ noOrphanSeats: true }, ["r1"], { nonFree: ["r0"] })).toEqual([]);
    expect(check({ noOrphanSeats: true }, ["r2"], { nonFree: ["r0", "r1"] })).toEqual([orphan("r3")]);
    // r0 alone already (r1 held): holding r2 changes nothing for it.
    expect(check({ noOrphanSeats: true }, ["r2", "r3"], { nonFree: ["r1"] })).toEqual([]);
    expect(check({}, ["r1"])).toEqual([]);
  });
});
