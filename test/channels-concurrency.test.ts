import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_CHANNEL } from "../src/domain/channels";
import { hall, putChannels } from "./support/channels";
import { api, call, inObject, newEvent, token, type EventFixture } from "./support/fixtures";

/**
 * Channel pools under load and under any sequence of changes (docs/channels.md): concurrent holds on
 * one pool never exceed it, and a property over random channel changes and holds: no hold takes a
 * seat from a pool it did not name, and no hold takes a pool's held+booked places beyond its places.
 */

const SEATS = [1, 2].flatMap((r) => Array.from({ length: 6 }, (_, i) => `R${r}-${i + 1}`));
const CHANNELS = ["a", "b"] as const;

/**
 * Held (live) plus booked GA places of the area per stored pool (null: the open pool). A token's
 * places all in one pool are its row's `channel`; places spread over several pools are in the row's
 * `pools` ({ held: { pool: n }, booked: { pool: n } }, the open pool under NO_CHANNEL).
 */
function gaUsage(f: EventFixture): Promise<Map<string | null, number>> {
  return inObject(f, (o, state) => {
    const now = o.clock.now();
    const out = new Map<string | null, number>();
    const add = (pool: string | null, n: number) => n > 0 && out.set(pool, (out.get(pool) ?? 0) + n);
    for (const r of state.storage.sql.exec("SELECT channel, pools, held, booked, expires_at FROM ga WHERE area = 'Floor'").toArray()) {
      const live = Number(r.expires_at ?? 0) > now;
      if (r.pools === null) {
        add((r.channel as string | null) ?? null, Number(r.booked) + (live ? Number(r.held) : 0));
        continue;
      }
      const pools = JSON.parse(r.pools as string) as { held?: Record<string, number>; booked?: Record<string, number> };
      const key = (k: string) => (k === NO_CHANNEL ? null : k);
      for (const [k, n] of Object.entries(pools.booked ?? {})) add(key(k), n);
      if (live) for (const [k, n] of Object.entries(pools.held ?? {})) add(key(k), n);
    }
    return out;
  });
}

describe("channel pools under concurrency", () => {
  it("60 concurrent GA holds on a 10-place channel pool take exactly 10 places, and 30 seat holds on a 3-seat channel 3 seats", async () => {
    const f = await newEvent({ layout: hall() });
    await putChannels(f, [{ key: "a", name: "A", objectLabels: ["R1-1", "R1-2", "R1-3"], areaPlaces: { Floor: 10 } }]);
    const gaResults = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        api.hold(f, { objectLabels: ["Floor"], holdToken: token(`g${i}`), objectType: "generalAdmission", quantity: 1 + (i % 2), channelKeys: ["a"] }),
      ),
    );
    const won = gaResults.filter((r) => r.status === 200);
    const places = won.reduce((n, r) => n + (r.body.objects[0].quantity as number), 0);
    expect(places).toBeLessThanOrEqual(10);
    expect(places).toBeGreaterThanOrEqual(9);
    expect(gaResults.every((r) => r.status === 200 || (r.status === 409 && r.body.failed[0].reason === "insufficient_capacity"))).toBe(true);
    expect((await gaUsage(f)).get("a")).toBe(places);
    const seatResults = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api.hold(f, { objectLabels: [SEATS[i % 6]!], holdToken: token(`s${i}`), channelKeys: ["a"] })),
    );
    const held = seatResults.filter((r) => r.status === 200).map((r) => r.body.objects[0].objectLabel as string);
    expect(held.sort()).toEqual(["R1-1", "R1-2", "R1-3"]);
  });
});

type Op =
  | { kind: "channels"; seats: (number | null)[]; places: [number, number] }
  | { kind: "seats"; labels: number[]; keys: string[] }
  | { kind: "ga"; quantity: number; keys: string[]; tokenIndex: number }
  | { kind: "book"; tokenIndex: number };

const keysArb = fc.subarray([...CHANNELS, NO_CHANNEL] as string[], { minLength: 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("channels" as const),
    seats: fc.array(fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }), { minLength: 12, maxLength: 12 }),
    places: fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 })),
  }),
  fc.record({ kind: fc.constant("seats" as const), labels: fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { minLength: 1, maxLength: 3 }), keys: keysArb }),
  fc.record({ kind: fc.constant("ga" as const), quantity: fc.integer({ min: 1, max: 30 }), keys: keysArb, tokenIndex: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant("book" as const), tokenIndex: fc.integer({ min: 0, max: 3 }) }),
);

describe("channel pools: property over changes and holds", () => {
  it("no hold takes a seat outside its pools or GA places beyond a pool's places", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 10 }), async (ops) => {
        const f = await newEvent({ layout: hall() });
        const tokens = Array.from({ length: 4 }, (_, i) => token(`p${i}`));
        // The model: each seat's channel, each channel's places in Floor.
        let seatChannel = new Map<string, string>();
        let places = new Map<string | null, number>([[null, 100]]);
        for (const op of ops) {
          if (op.kind === "channels") {
            const channels = CHANNELS.map((key, c) => ({
              key,
              name: key.toUpperCase(),
              objectLabels: SEATS.filter((_, i) => op.seats[i] === c),
              areaPlaces: { Floor: op.places[c]! },
            }));
            expect((await putChannels(f, channels)).status).toBe(200);
            seatChannel = new Map(channels.flatMap((ch) => ch.objectLabels.map((l) => [l, ch.key] as const)));
            places = new Map<string | null, number>([
              ["a", op.places[0]],
              ["b", op.places[1]],
              [null, 100 - op.places[0] - op.places[1]],
            ]);
          } else if (op.kind === "seats") {
            const labels = op.labels.map((i) => SEATS[i]!);
            const res = await api.hold(f, { objectLabels: labels, holdToken: token(), channelKeys: op.keys });
            if (res.status === 200) for (const l of labels) expect(op.keys).toContain(seatChannel.get(l) ?? NO_CHANNEL);
            else expect(res.status).toBe(409);
            if (labels.some((l) => !op.keys.includes(seatChannel.get(l) ?? NO_CHANNEL))) expect(res.status).toBe(409);
          } else if (op.kind === "ga") {
            const before = await gaUsage(f);
            const res = await api.hold(f, {
              objectLabels: ["Floor"],
              holdToken: tokens[op.tokenIndex]!,
              objectType: "generalAdmission",
              quantity: op.quantity,
              channelKeys: op.keys,
            });
            const after = await gaUsage(f);
            if (res.status === 200) {
              // Every pool that grew is one the hold named, and is within its places.
              for (const [pool, n] of after) {
                if (n <= (before.get(pool) ?? 0)) continue;
                expect(op.keys).toContain(pool ?? NO_CHANNEL);
                expect(n).toBeLessThanOrEqual(places.get(pool) ?? 0);
              }
            } else {
              expect(res.status).toBe(409);
              expect(after).toEqual(before);
            }
          } else {
            await api.book(f, { objectLabels: ["Floor"], holdToken: tokens[op.tokenIndex]! });
          }
        }
        // Reports agree with the stored pools.
        const report = (await api.reports(f)).body.byChannel as { channelKey: string | null; status: string; count: number }[];
        expect(report.length % 4).toBe(0);
        await call("DELETE", `/api/v1/events/${f.eventKey}`, { key: f.sk });
      }),
      { numRuns: 12 },
    );
  });
});
