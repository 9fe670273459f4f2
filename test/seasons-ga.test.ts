import { describe, expect, it } from "vitest";
import { api, call, expectError, expectOk, outboxEvents, pauseOutbox, sleep, token } from "./support/fixtures";
import { eventOf, newSeason, seasonSeats, statusIn, type Season } from "./support/seasons";

/**
 * Season tickets for general admission (docs/seasons.md): a season GA hold takes its quantity in
 * every event of the season at once, with one expiry; resizes, books, releases and extends it
 * atomically; partial seasons and added events; and races fairly with single-event GA holds.
 */

const gaHold = (s: Season, t: string, quantity: number, opts: { key?: string; partial?: string; ttlSeconds?: number } = {}) =>
  seasonSeats(
    s,
    "hold",
    { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity, ...(opts.ttlSeconds ? { ttlSeconds: opts.ttlSeconds } : {}) },
    { key: opts.key ?? s.pk, partial: opts.partial },
  );

/** The Floor's held and booked places in every event of the season. */
async function floor(s: Season, eventKeys = s.eventKeys): Promise<{ held: unknown; booked: unknown }[]> {
  return Promise.all(
    eventKeys.map(async (e) => {
      const entry = await statusIn(s, e, "Floor");
      return { held: entry?.held ?? 0, booked: entry?.booked ?? 0 };
    }),
  );
}

describe("season general admission", () => {
  it("holds a quantity in every event with one expiry, resizes, books and releases it everywhere", async () => {
    const s = await newSeason(3);
    const t = token();
    const held = await gaHold(s, t, 4);
    expectOk(held);
    expect(held.body.objects).toEqual([{ objectLabel: "Floor", status: "held", eventKeys: s.eventKeys, extraData: null, quantity: 4 }]);
    expect(await floor(s)).toEqual(s.eventKeys.map(() => ({ held: 4, booked: 0 })));
    expect(held.body.holdExpiresAt).toMatch(/Z$/);
    for (const e of s.eventKeys) {
      const res = await call("GET", `/api/v1/events/${e}/status?holdToken=${t}`, { key: s.pk });
      expect(res.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "Floor")?.mineQuantity).toBe(4);
    }
    expectOk(await gaHold(s, t, 6));
    expect(await floor(s)).toEqual(s.eventKeys.map(() => ({ held: 6, booked: 0 })));
    const booked = await seasonSeats(s, "book", { objectLabels: ["Floor"], holdToken: t, orderId: "terrace-1" });
    expectOk(booked);
    expect(booked.body.objects[0]).toMatchObject({ objectLabel: "Floor", status: "booked", quantity: 6, orderId: "terrace-1" });
    expect(await floor(s)).toEqual(s.eventKeys.map(() => ({ held: 0, booked: 6 })));
    const released = await seasonSeats(s, "release", { objectLabels: ["Floor"], holdToken: t });
    expectOk(released);
    expect(released.body.objects[0]).toMatchObject({ objectLabel: "Floor", status: "free", quantity: 6 });
    expect(await floor(s)).toEqual(s.eventKeys.map(() => ({ held: 0, booked: 0 })));
  });

  it("is atomic: too few places in one event is a refusal with eventKey, and no event changes", async () => {
    const s = await newSeason(3);
    const [, second] = s.eventKeys as [string, string, string];
    expectOk(await api.hold(eventOf(s, second), { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: 48 }));
    const t = token();
    expectOk(await gaHold(s, t, 2));
    const over = await gaHold(s, t, 3);
    expectError(over, 409, "ga_capacity_exceeded");
    expect(over.body.failed).toEqual([{ objectLabel: "Floor", reason: "ga_capacity_exceeded", eventKey: second }]);
    // The previous quantity is kept everywhere.
    expect((await floor(s)).map((f) => f.held)).toEqual([2, 50, 2]);
    expectError(await gaHold(s, token(), 1), 409, "ga_capacity_exceeded");
    expect((await floor(s)).map((f) => f.held)).toEqual([2, 50, 2]);
  });

  it("a season's places expire together in every event, tagged with the season", async () => {
    const s = await newSeason(2);
    expectOk(await gaHold(s, token(), 5, { ttlSeconds: 1 }));
    await sleep(1_200);
    for (const e of s.eventKeys) {
      expect(await statusIn(s, e, "Floor")).toBeUndefined();
      const history = await call("GET", `/api/v1/events/${e}/status-changes?objectLabel=Floor`, { key: s.sk });
      expect(history.body.items.map((r: { cause: string; seasonKey?: string }) => [r.cause, r.seasonKey])).toEqual([
        ["hold", s.seasonKey],
        ["expire", s.seasonKey],
      ]);
    }
  });

  it("extends the token's places in every event to one new expiry", async () => {
    const s = await newSeason(2);
    const t = token();
    expectOk(await gaHold(s, t, 2, { ttlSeconds: 1 }));
    const extended = await seasonSeats(s, "extend", { holdToken: t, ttlSeconds: 600 });
    expectOk(extended);
    expect(extended.body.objects[0]).toMatchObject({ objectLabel: "Floor", status: "held", quantity: 2 });
    await sleep(1_200);
    expect(await floor(s)).toEqual(s.eventKeys.map(() => ({ held: 2, booked: 0 })));
  });

  it("holds a partial season's events only, and tags the webhooks with it", async () => {
    const s = await newSeason(3);
    const f = eventOf(s, s.eventKeys[0]!);
    await pauseOutbox(f);
    expectOk(
      await call("POST", `/api/v1/seasons/${s.seasonKey}/partial-seasons`, {
        key: s.sk,
        body: { partialSeasonKey: "half", eventKeys: s.eventKeys.slice(0, 2) },
      }),
      201,
    );
    const held = await gaHold(s, token(), 3, { partial: "half" });
    expectOk(held);
    expect(held.body.objects[0].eventKeys).toEqual(s.eventKeys.slice(0, 2));
    expect((await floor(s)).map((x) => x.held)).toEqual([3, 3, 0]);
    const event = (await outboxEvents(f)).find((e) => e.type === "seat.held" && e.object.objectLabel === "Floor");
    expect(event?.object).toMatchObject({ seasonKey: s.seasonKey, partialSeasonKey: "half" });
  });

  it("starts an added event with the season's booked places, and refuses DELETE while places are held", async () => {
    const s = await newSeason(2);
    const t = token();
    expectOk(await gaHold(s, t, 7));
    expectError(await call("DELETE", `/api/v1/seasons/${s.seasonKey}`, { key: s.sk }), 409, "season_in_use");
    expectOk(await seasonSeats(s, "book", { objectLabels: ["Floor"], holdToken: t }));
    const added = `${s.seasonKey}-g9`;
    expectOk(await call("POST", `/api/v1/seasons/${s.seasonKey}/events`, { key: s.sk, body: { eventKeys: [added] } }));
    expect(await statusIn(s, added, "Floor")).toMatchObject({ booked: 7, remaining: 43 });
  });

  it("a secret key's release by label frees the season's places only, never a single-event buyer's", async () => {
    const s = await newSeason(2);
    const [first] = s.eventKeys as [string, string];
    expectOk(await gaHold(s, token(), 4));
    expectOk(await api.hold(eventOf(s, first), { objectLabels: ["Floor"], holdToken: token(), objectType: "generalAdmission", quantity: 3 }));
    const released = await seasonSeats(s, "release", { objectLabels: ["Floor"] });
    expectOk(released);
    expect((await floor(s)).map((x) => x.held)).toEqual([3, 0]);
  });

  it("races fairly with single-event GA holds: no event over capacity, every season hold everywhere or nowhere", async () => {
    const s = await newSeason(3);
    const seasonTokens = Array.from({ length: 8 }, () => token("season"));
    const single = s.eventKeys.flatMap((e) => Array.from({ length: 6 }, () => ({ e, t: token("single") })));
    const results = await Promise.all([
      ...seasonTokens.map((t) => gaHold(s, t, 5)),
      ...single.map(({ e, t }) => api.hold(eventOf(s, e), { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 5 })),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    const won = seasonTokens.filter((_, i) => results[i]!.status === 200);
    for (const e of s.eventKeys) {
      const entry = await statusIn(s, e, "Floor");
      expect(Number(entry?.held ?? 0)).toBeLessThanOrEqual(50);
      for (const t of seasonTokens) {
        const mine = await call("GET", `/api/v1/events/${e}/status?holdToken=${t}`, { key: s.pk });
        const quantity = mine.body.objects.find((o: { objectLabel: string }) => o.objectLabel === "Floor")?.mineQuantity ?? 0;
        expect(quantity, `${t} in ${e}`).toBe(won.includes(t) ? 5 : 0);
      }
    }
  });
});
