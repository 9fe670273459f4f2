import { describe, expect, it } from "vitest";
import { call, expectError, expectOk, newEvent, sleep, stubOf, token } from "./support/fixtures";
import { eventOf, newSeason, seasonSeats, statusIn } from "./support/seasons";

/**
 * A season's prices (docs/prices.md with docs/seasons.md): put on the season, locked once per object with a
 * season hold in every event, and a season booking taken back takes its amount off each event's
 * revenue.
 */

describe("season prices", () => {
  it("are put on the season, lock with a season hold in every event once per object, and show in each event", async () => {
    const f = await newEvent();
    const games = ["g1", "g2"].map((g) => `${g}-${crypto.randomUUID().slice(0, 8)}`);
    const season = await call("POST", "/api/v1/seasons", { key: f.sk, body: { chartKey: f.chartKey, eventKeys: games } });
    expectOk(season, 201);
    const seasonKey = season.body.seasonKey as string;
    const path = `/api/v1/seasons/${seasonKey}/pricing`;
    expect((await call("GET", path, { key: f.pk })).body).toBeNull();
    const bad = await call("PUT", path, { key: f.sk, body: { currency: "EUR", categories: { opera: { amount: 1 } } } });
    expectError(bad, 400, "validation_failed");
    expect(bad.body.errors["categories.opera"]).toBeDefined();
    const seasonPricing = { currency: "EUR", categories: { stalls: { amount: 30000 } }, fee: { fixed: 200 } };
    expectOk(await call("PUT", path, { key: f.sk, body: seasonPricing }));
    expect((await call("GET", path, { key: f.pk })).body).toEqual(seasonPricing);
    // The games' own prices do not price a season hold.
    for (const g of games)
      expectOk(await call("PUT", `/api/v1/events/${g}/pricing`, { key: f.sk, body: { currency: "EUR", categories: { stalls: { amount: 4500 } } } }));

    const t = token();
    const held = await call("POST", `/api/v1/seasons/${seasonKey}/seats/hold`, { key: f.pk, body: { objectLabels: ["A-1-1"], holdToken: t } });
    expectOk(held);
    expect(held.body.objects).toEqual([
      { objectLabel: "A-1-1", status: "held", eventKeys: games, extraData: null, price: { amount: 30000, fee: 200, currency: "EUR" } },
    ]);
    expect(held.body.total).toEqual({ amount: 30000, fee: 200, currency: "EUR" });
    const unpriced = await call("POST", `/api/v1/seasons/${seasonKey}/seats/hold`, { key: f.pk, body: { objectLabels: ["A-1-2"], holdToken: token() } });
    expectError(unpriced, 409, "seat_unavailable");
    expect(unpriced.body.failed[0]).toMatchObject({ objectLabel: "A-1-2", reason: "not_priced" });

    expectError(
      await call("POST", `/api/v1/seasons/${seasonKey}/seats/book`, { key: f.sk, body: { objectLabels: ["A-1-1"], holdToken: t, expectedTotal: 1 } }),
      409,
      "price_changed",
    );
    const booked = await call("POST", `/api/v1/seasons/${seasonKey}/seats/book`, {
      key: f.sk,
      body: { objectLabels: ["A-1-1"], holdToken: t, expectedTotal: 30200 },
    });
    expectOk(booked);
    expect(booked.body.total).toEqual({ amount: 30000, fee: 200, currency: "EUR" });
    for (const g of games) {
      const r = (await call("GET", `/api/v1/events/${g}/reports/sales`, { key: f.sk })).body;
      expect(r.totals).toEqual([{ currency: "EUR", count: 1, amount: 30000, fee: 200 }]);
      expect(r.bySeason).toEqual([{ seasonKey, currency: "EUR", count: 1, amount: 30000, fee: 200 }]);
    }
    // Removing the season's prices is audited like putting them.
    expectOk(await call("DELETE", path, { key: f.sk }));
    const audit = await call("GET", `/api/v1/audit-log?action=season.prices_changed`, { key: f.sk });
    expect(audit.body.items.map((i: { details: unknown }) => i.details)).toEqual([{ pricing: null }, { pricing: seasonPricing }]);
  });

  it("a season booking undone in an event takes its amount off that event's revenue, seats and places alike", async () => {
    const s = await newSeason(1);
    const eventKey = s.eventKeys[0]!;
    const f = eventOf(s, eventKey);
    // Odd seats and the Floor are "stalls" on the small layout.
    expectOk(await call("PUT", `/api/v1/seasons/${s.seasonKey}/pricing`, { key: s.sk, body: { currency: "EUR", categories: { stalls: { amount: 30000 } } } }));
    const t = token();
    expectOk(await seasonSeats(s, "hold", { objectLabels: ["A-1-1"], holdToken: t }, { key: s.pk }));
    expectOk(await seasonSeats(s, "hold", { objectLabels: ["Floor"], holdToken: t, objectType: "generalAdmission", quantity: 2 }, { key: s.pk }));

    // A booking prepared in the event whose coordinator never decides is presumed aborted and undone.
    const prepared = await stubOf(f).seasonPrepare(
      {
        actionId: `sa-${crypto.randomUUID()}`,
        coordinator: `${s.keys.workspaceId}:sandbox:${s.seasonKey}`,
        prepareWindowMs: 200,
        season: { seasonKey: s.seasonKey },
        expiresAt: null,
        kind: "book",
        body: { objectLabels: ["A-1-1", "Floor"], holdToken: t },
      },
      { kind: "secret" },
    );
    expect(prepared.ok).toBe(true);
    expect(await statusIn(s, eventKey, "A-1-1")).toMatchObject({ status: "booked" });
    let seat = await statusIn(s, eventKey, "A-1-1");
    for (let i = 0; i < 50 && seat?.status === "booked"; i++) {
      await sleep(100);
      seat = await statusIn(s, eventKey, "A-1-1");
    }
    expect(seat).toMatchObject({ status: "held", price: { amount: 30000, fee: 0, currency: "EUR" } });
    expect(await statusIn(s, eventKey, "Floor")).toMatchObject({ held: 2, booked: 0 });

    const history = await call("GET", `/api/v1/events/${eventKey}/status-changes`, { key: s.sk });
    expectOk(history);
    // The records of the undo: the seat and the places held again, at their locked prices.
    const undone = (history.body.items as Record<string, unknown>[]).slice(-2);
    expect(undone).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          objectLabel: "A-1-1",
          status: "held",
          previousStatus: "booked",
          cause: "hold",
          price: { amount: 30000, fee: 0, currency: "EUR" },
        }),
        expect.objectContaining({ objectLabel: "Floor", held: 2, booked: 0, cause: "hold", price: expect.objectContaining({ amount: 60000, fee: 0 }) }),
      ]),
    );
    const timeline = await stubOf(f).salesTimeline(1);
    if (!timeline.ok) throw new Error(timeline.message);
    expect(timeline.value.points.at(-1)).toMatchObject({ booked: 0, revenue: 0 });
    const report = (await call("GET", `/api/v1/events/${eventKey}/reports/sales`, { key: s.sk })).body;
    expect(report.totals).toEqual([]);
  });
});
