import { describe, expect, it } from "vitest";
import { api, call, expectError, expectOk, freeze, newEvent, outboxEvents, pauseOutbox, statusEntry, token } from "./support/fixtures";
import { ga, pricedEvent, PRICING, putPricing } from "./support/prices";

/**
 * Prices the server keeps (docs/prices.md): the price locked with each hold (seats, GA with ticket
 * types, channels, best available), `expectedTotal` at booking, the price on status entries,
 * history and webhooks, `not_priced`, and an event without pricing exactly as before.
 */

describe("the price locked with a hold", () => {
  it("prices each seat (ticket types, the default first) with the fee rounded half up", async () => {
    const f = await pricedEvent();
    const t = token();
    const held = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2", "A-1-4"], holdToken: t, ticketTypes: { "A-1-4": "child" } });
    expectOk(held);
    expect(held.body.objects).toEqual([
      // 2.5% of 4500 = 112.5 → 113, + 50
      { objectLabel: "A-1-1", status: "held", extraData: null, price: { amount: 4500, fee: 163, currency: "EUR" } },
      { objectLabel: "A-1-2", status: "held", extraData: null, price: { amount: 3000, fee: 125, currency: "EUR", ticketType: "adult" } },
      // 2.5% of 1500 = 37.5 → 38, + 50
      { objectLabel: "A-1-4", status: "held", extraData: null, price: { amount: 1500, fee: 88, currency: "EUR", ticketType: "child" } },
    ]);
    expect(held.body.total).toEqual({ amount: 9000, fee: 376, currency: "EUR" });
    // A retry keeps the price it locked.
    const again = await api.hold(f, { objectLabels: ["A-1-4"], holdToken: t });
    expect(again.body.objects[0].price).toEqual({ amount: 1500, fee: 88, currency: "EUR", ticketType: "child" });
  });

  it("refuses a ticket type the category lacks (400, nothing held) and a label the hold does not name", async () => {
    const f = await pricedEvent();
    const wrong = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: token(), ticketTypes: { "A-1-2": "senior" } });
    expectError(wrong, 400, "validation_failed");
    expect(wrong.body.errors["ticketTypes.A-1-2"][0]).toMatch(/adult, child, not senior/);
    const single = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token(), ticketTypes: { "A-1-1": "adult" } });
    expectError(single, 400, "validation_failed");
    expect(single.body.errors["ticketTypes.A-1-1"][0]).toMatch(/one price and no ticket types/);
    const stray = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: token(), ticketTypes: { "A-1-3": "adult" } });
    expectError(stray, 400, "validation_failed");
    expect(stray.body.errors["ticketTypes.A-1-3"]).toBeDefined();
    expect(await statusEntry(f, "A-1-1")).toBeUndefined();
  });

  it("stays while the hold lives, through extend, whatever the pricing does; book records it", async () => {
    const f = await pricedEvent();
    await pauseOutbox(f);
    const t = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t }));
    expectOk(await putPricing(f, { ...PRICING, categories: { ...PRICING.categories, stalls: { amount: 9900 } } }));
    const extended = await api.extend(f, { holdToken: t, ttlSeconds: 600 });
    expectOk(extended);
    expect(extended.body.objects[0].price).toEqual({ amount: 4500, fee: 163, currency: "EUR" });
    expect(extended.body.total).toEqual({ amount: 4500, fee: 163, currency: "EUR" });
    // A new buyer pays the new price.
    expect((await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token() })).body.objects[0].price.amount).toBe(9900);
    const booked = await api.book(f, { objectLabels: ["A-1-1"], holdToken: t, orderId: "o-1", expectedTotal: 4663 });
    expectOk(booked);
    expect(booked.body.objects[0]).toMatchObject({ status: "booked", price: { amount: 4500, fee: 163, currency: "EUR" } });
    expect(booked.body.total).toEqual({ amount: 4500, fee: 163, currency: "EUR" });
    // Status entries (secret key only), history records and webhooks carry it.
    expect(await statusEntry(f, "A-1-1")).toMatchObject({ status: "booked", price: { amount: 4500, fee: 163, currency: "EUR" } });
    expect(await statusEntry(f, "A-1-1", f.pk)).not.toHaveProperty("price");
    const history = await call("GET", `/api/v1/events/${f.eventKey}/status-changes?objectLabel=A-1-1`, { key: f.sk });
    expect(history.body.items.map((r: { cause: string; price?: unknown }) => [r.cause, r.price])).toEqual([
      ["hold", { amount: 4500, fee: 163, currency: "EUR" }],
      ["extend", { amount: 4500, fee: 163, currency: "EUR" }],
      ["book", { amount: 4500, fee: 163, currency: "EUR" }],
    ]);
    const events = (await outboxEvents(f)).filter((e) => e.object.objectLabel === "A-1-1");
    expect(events.map((e) => [e.type, e.object.price])).toEqual([
      ["seat.held", { amount: 4500, fee: 163, currency: "EUR" }],
      ["seat.booked", { amount: 4500, fee: 163, currency: "EUR" }],
    ]);
  });

  it("book with a changed expectedTotal is 409 price_changed and books nothing", async () => {
    const f = await pricedEvent();
    const t = token();
    expectOk(await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t }));
    const refused = await api.book(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, expectedTotal: 7500 });
    expectError(refused, 409, "price_changed");
    expect(refused.body.message).toMatch(/7788/);
    expect(await statusEntry(f, "A-1-1")).toMatchObject({ status: "held" });
    expectOk(await api.book(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, expectedTotal: 7788 }));
    // A repeat with the same total answers the booking as it is.
    expectOk(await api.book(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: t, expectedTotal: 7788 }));
  });

  it("a category without a price: not_priced for a publishable key, held unpriced by a secret key", async () => {
    const f = await pricedEvent({ currency: "EUR", categories: { stalls: { amount: 1000 } } });
    const refused = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: token() });
    expectError(refused, 409, "seat_unavailable");
    expect(refused.body.failed).toEqual([{ objectLabel: "A-1-2", reason: "not_priced" }]);
    expect(await statusEntry(f, "A-1-1")).toBeUndefined();
    expectError(await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token() }), 409, "seat_unavailable");
    const box = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: token() }, f.sk);
    expectOk(box);
    expect(box.body.objects[1]).not.toHaveProperty("price");
    expect(box.body.total).toEqual({ amount: 1000, fee: 0, currency: "EUR" });
    // Best available chooses only what the buyer may hold.
    const best = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, { key: f.pk, body: { holdToken: token(), quantity: 2 } });
    expectOk(best);
    expect(best.body.objects.every((o: { price?: { amount: number } }) => o.price?.amount === 1000)).toBe(true);
  });

  it("a channel's price replaces the category's amount for objects taken through it", async () => {
    const f = await newEvent();
    expectOk(
      await call("PUT", `/api/v1/events/${f.eventKey}/channels`, {
        key: f.sk,
        body: { channels: [{ key: "presale", name: "Presale", objectLabels: ["A-1-1", "A-1-2"], areaPlaces: { Floor: 5 } }] },
      }),
    );
    expectOk(await putPricing(f, { ...PRICING, channels: { presale: { stalls: 3900, balcony: 2000 } } }));
    const presale = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: token(), channelKeys: ["presale"], ticketTypes: { "A-1-2": "child" } });
    expectOk(presale);
    expect(presale.body.objects.map((o: { price: unknown }) => o.price)).toEqual([
      { amount: 3900, fee: 148, currency: "EUR" },
      { amount: 2000, fee: 100, currency: "EUR", ticketType: "child" },
    ]);
    const open = await api.hold(f, { objectLabels: ["A-1-3"], holdToken: token() });
    expect(open.body.objects[0].price.amount).toBe(4500);
    // GA: places taken from the channel's pool at its price, from the open pool at the category's.
    const presaleGa = await api.hold(f, ga(token(), 3, { channelKeys: ["presale"] }));
    expectOk(presaleGa);
    expect(presaleGa.body.objects[0].price).toEqual({
      amount: 3 * 3900,
      fee: 3 * 148,
      currency: "EUR",
      lines: [{ channelKey: "presale", quantity: 3, amount: 3900, fee: 148 }],
    });
    expect((await api.hold(f, ga(token(), 2))).body.objects[0].price).toEqual({
      amount: 9000,
      fee: 326,
      currency: "EUR",
      lines: [{ quantity: 2, amount: 4500, fee: 163 }],
    });
  });

  it("GA places take ticket types by quantity; the price stays through a resize-free repeat and books", async () => {
    const f = await newEvent();
    expectOk(
      await putPricing(f, {
        currency: "EUR",
        categories: {
          stalls: {
            ticketTypes: [
              { key: "adult", label: "Adult", amount: 2000 },
              { key: "child", label: "Child", amount: 1000 },
            ],
          },
        },
      }),
    );
    const t = token();
    const held = await api.hold(f, ga(t, 3, { ticketTypes: { Floor: { adult: 1, child: 2 } } }));
    expectOk(held);
    expect(held.body.objects[0].price).toEqual({
      amount: 4000,
      fee: 0,
      currency: "EUR",
      lines: [
        { ticketType: "adult", quantity: 1, amount: 2000, fee: 0 },
        { ticketType: "child", quantity: 2, amount: 1000, fee: 0 },
      ],
    });
    expect(held.body.total).toEqual({ amount: 4000, fee: 0, currency: "EUR" });
    const sum = await api.hold(f, ga(token(), 3, { ticketTypes: { Floor: { adult: 1 } } }));
    expectError(sum, 400, "validation_failed");
    expect(sum.body.errors["ticketTypes.Floor"][0]).toMatch(/add up to 1; the hold is for 3/);
    expectError(await api.hold(f, ga(token(), 1, { ticketTypes: { Floor: { senior: 1 } } })), 400, "validation_failed");
    // Without ticketTypes: the category's first.
    const other = token();
    expect((await api.hold(f, ga(other, 2))).body.objects[0].price).toMatchObject({ amount: 4000, ticketType: "adult" });
    expectOk(await api.release(f, { holdToken: other }, f.pk));
    expectOk(await putPricing(f, { currency: "EUR", categories: { stalls: { amount: 5 } } }));
    const repeat = await api.hold(f, ga(t, 3));
    expect(repeat.body.objects[0].price.amount).toBe(4000);
    const booked = await api.book(f, { objectLabels: ["Floor"], holdToken: t, expectedTotal: 4000 });
    expectOk(booked);
    expect(booked.body.objects[0]).toMatchObject({ quantity: 3, price: { amount: 4000 } });
    expect(await statusEntry(f, "Floor")).toMatchObject({ booked: 3, price: { amount: 4000, currency: "EUR" } });
  });

  it("best available takes ticket types by count, in the order the seats are chosen", async () => {
    const f = await pricedEvent();
    const best = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, {
      key: f.pk,
      body: { holdToken: token(), quantity: 2, categories: ["balcony"], ticketTypes: { child: 1 } },
    });
    expectOk(best);
    expect(best.body.objects.map((o: { price: { ticketType: string } }) => o.price.ticketType).sort()).toEqual(["adult", "child"]);
    expect(best.body.total.amount).toBe(4500);
    const tooMany = await call("POST", `/api/v1/events/${f.eventKey}/seats/hold-best-available`, {
      key: f.pk,
      body: { holdToken: token(), quantity: 1, ticketTypes: { child: 2 } },
    });
    expectError(tooMany, 400, "validation_failed");
  });
});

describe("an event without pricing", () => {
  it("works as before: no price anywhere, and ticketTypes are refused", async () => {
    const f = await newEvent();
    await pauseOutbox(f);
    await freeze(f);
    const t = token();
    const held = await api.hold(f, { objectLabels: ["A-1-1"], holdToken: t });
    expect(held.body).toEqual({
      chartKey: f.chartKey,
      eventKey: f.eventKey,
      holdToken: t,
      holdExpiresAt: held.body.holdExpiresAt,
      objects: [{ objectLabel: "A-1-1", status: "held", extraData: null }],
    });
    const gaHeld = await api.hold(f, ga(t, 2));
    expect(gaHeld.body.objects[0]).toEqual({ objectLabel: "Floor", status: "held", extraData: null, quantity: 2 });
    const booked = await api.book(f, { objectLabels: ["A-1-1", "Floor"], holdToken: t, expectedTotal: 0 });
    expectOk(booked);
    expect(booked.body).not.toHaveProperty("total");
    expect(booked.body.objects.some((o: object) => "price" in o)).toBe(false);
    expect(await statusEntry(f, "A-1-1")).not.toHaveProperty("price");
    const history = await call("GET", `/api/v1/events/${f.eventKey}/status-changes`, { key: f.sk });
    expect(history.body.items.some((r: object) => "price" in r)).toBe(false);
    expect((await outboxEvents(f)).some((e) => "price" in e.object)).toBe(false);
    const typed = await api.hold(f, { objectLabels: ["A-1-2"], holdToken: token(), ticketTypes: { "A-1-2": "adult" } });
    expectError(typed, 400, "validation_failed");
    expect(typed.body.errors["ticketTypes.A-1-2"][0]).toMatch(/no prices/);
  });
});
