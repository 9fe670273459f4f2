import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hall, putChannels } from "./support/channels";
import { advance, api, call, expectError, expectOk, newEvent, statusEntry, stubOf, token, type EventFixture } from "./support/fixtures";

/**
 * A GA hold over several pools (docs/channels.md): a hold takes its places from every pool it may take
 * from, from several when no one pool has them all (the box office's ignoreChannels takes from
 * every pool); beyond its pools' free places it is 409 `seat_unavailable`, reason
 * `insufficient_capacity`, and only a hold that reaches every pool of the area is told
 * `ga_capacity_exceeded` (the rule of docs/events.md#general-admission for the area's remaining capacity).
 */

/** A hall whose GA area has `capacity` places. */
function hallOf(capacity: number) {
  const layout = hall();
  layout.generalAdmission = [{ label: "Floor", categoryKey: "std", capacity }];
  return layout;
}

const ga = (f: EventFixture, t: string, quantity: number, extra: Record<string, unknown> = {}, key = f.pk) =>
  api.hold(f, { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity, ...extra }, key);

type PoolCount = { channelKey: string | null; status: string; count: number };
async function byPool(f: EventFixture): Promise<(k: string | null, s: string) => number | undefined> {
  const report = (await api.reports(f)).body.byChannel as PoolCount[];
  // Seats are counted per pool too; the hall's seats are all in the open pool here.
  return (k, s) => report.find((r) => r.channelKey === k && r.status === s)?.count;
}

const presale = (places: number) => ({ key: "presale", name: "Presale", objectLabels: [], areaPlaces: { Floor: places } });

describe("GA holds over several pools", () => {
  it("a secret key's ignoreChannels takes every place of an area split over two pools", async () => {
    const f = await newEvent({ layout: hallOf(10) });
    expectOk(await putChannels(f, [presale(6)])); // Floor: 6 presale, 4 open
    const t = token("box");
    const held = await ga(f, t, 10, { ignoreChannels: true }, f.sk);
    expectOk(held);
    expect(held.body.objects[0]).toMatchObject({ objectLabel: "Floor", quantity: 10 });
    expect(await statusEntry(f, "Floor")).toMatchObject({ status: "held", held: 10, remaining: 0 });
    const count = await byPool(f);
    expect([count("presale", "held"), count(null, "held")]).toEqual([6, 4]);
    // Booked, the places stay in their pools; released, both pools are free again.
    expectOk(await api.book(f, { objectLabels: ["Floor"], holdToken: t }));
    const booked = await byPool(f);
    expect([booked("presale", "booked"), booked(null, "booked")]).toEqual([6, 4]);
    expectOk(await api.release(f, { objectLabels: ["Floor"], holdToken: t }));
    const freed = await byPool(f);
    expect([freed("presale", "free"), freed("presale", "booked"), freed(null, "booked")]).toEqual([6, 0, 0]);
    expectOk(await ga(f, token(), 6, { channelKeys: ["presale"] }));
  });

  it("a hold naming both pools takes from both, in the order named, and a publishable key may do so", async () => {
    const f = await newEvent({ layout: hallOf(10) });
    expectOk(await putChannels(f, [presale(6)]));
    expectOk(await ga(f, token(), 8, { channelKeys: ["presale", "NO_CHANNEL"] }));
    const count = await byPool(f);
    expect([count("presale", "held"), count(null, "held"), count(null, "free")]).toEqual([6, 2, 2 + 12]);
  });

  it("beyond its pools' free places a hold is 409 seat_unavailable (insufficient_capacity), and changes nothing", async () => {
    const f = await newEvent({ layout: hallOf(10) });
    expectOk(await putChannels(f, [presale(6)]));
    const t = token();
    expectOk(await ga(f, t, 3));
    for (const over of [await ga(f, token(), 2), await ga(f, token(), 7, { channelKeys: ["presale"] }), await ga(f, t, 5)]) {
      expectError(over, 409, "seat_unavailable");
      expect(over.body.failed).toEqual([{ objectLabel: "Floor", reason: "insufficient_capacity" }]);
    }
    expect(await statusEntry(f, "Floor")).toMatchObject({ held: 3, remaining: 7 });
    // The area is full for an open-pool buyer even though 6 presale places are free.
    expectOk(await ga(f, token(), 1));
    expectError(await ga(f, token(), 1), 409, "seat_unavailable");
  });

  it("without channels, or reaching every pool, the area's remaining capacity decides: 409 ga_capacity_exceeded", async () => {
    const plain = await newEvent({ layout: hallOf(10) });
    expectOk(await ga(plain, token(), 8));
    const over = await ga(plain, token(), 3);
    expectError(over, 409, "ga_capacity_exceeded");
    expect(over.body.failed).toEqual([{ objectLabel: "Floor", reason: "ga_capacity_exceeded" }]);

    const f = await newEvent({ layout: hallOf(10) });
    expectOk(await putChannels(f, [presale(6)]));
    expectOk(await ga(f, token(), 8, { ignoreChannels: true }, f.sk));
    expectError(await ga(f, token(), 3, { ignoreChannels: true }, f.sk), 409, "ga_capacity_exceeded");
    expectError(await ga(f, token(), 3, { channelKeys: ["NO_CHANNEL", "presale"] }), 409, "ga_capacity_exceeded");
    // Channels that set no places in this area leave it one pool: the open one.
    const seatsOnly = await newEvent({ layout: hallOf(10) });
    expectOk(await putChannels(seatsOnly, [{ key: "vip", name: "VIP", objectLabels: ["R1-1"] }]));
    expectOk(await ga(seatsOnly, token(), 10));
    expectError(await ga(seatsOnly, token(), 1), 409, "ga_capacity_exceeded");
  });

  it("a split hold resizes keeping its pools first, expires from every pool, and survives a restart", async () => {
    const f = await newEvent({ layout: hallOf(10) });
    expectOk(await putChannels(f, [presale(6)]));
    const t = token();
    expectOk(await ga(f, t, 9, { channelKeys: ["presale", "NO_CHANNEL"], ttlSeconds: 60 }));
    await evictDurableObject(stubOf(f));
    expectOk(await ga(f, t, 5, { channelKeys: ["NO_CHANNEL", "presale"], ttlSeconds: 60 }));
    const count = await byPool(f);
    // Its presale places came first in its pools: a resize down keeps them in one pool.
    expect([count("presale", "held"), count(null, "held")]).toEqual([5, 0]);
    await advance(f, 61_000);
    expect(await statusEntry(f, "Floor")).toBeUndefined();
    expectOk(await ga(f, token(), 10, { ignoreChannels: true }, f.sk));
  });

  it("status counts a split hold once, with the token's own quantity", async () => {
    const f = await newEvent({ layout: hallOf(10) });
    expectOk(await putChannels(f, [presale(6)]));
    const t = token();
    expectOk(await ga(f, t, 7, { channelKeys: ["presale", "NO_CHANNEL"] }));
    const res = await call("GET", `/api/v1/events/${f.eventKey}/status?holdToken=${t}`, { key: f.pk });
    expect(res.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "Floor")).toMatchObject({ held: 7, remaining: 3, mineQuantity: 7 });
  });
});
