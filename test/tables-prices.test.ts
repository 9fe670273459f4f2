import { describe, expect, it } from "vitest";
import { api, call, expectError, expectOk, newEvent, outboxEvents, pauseOutbox, statusEntry, token, type EventFixture } from "./support/fixtures";
import { putChannels } from "./support/channels";
import { putPricing } from "./support/prices";
import { bestAvailable, gala, putTableBooking, seatsOf } from "./support/tables";

/**
 * Tables at a price (docs/tables.md with docs/prices.md): a table taken whole locks each seat's
 * price on the seat's row and answers the table's price as their sum, with lines by ticket type;
 * the locked price stays through extend and is what the booking, the status (secret key), the
 * history, the webhooks and the sales report show; an unpriced table is refused to a publishable
 * key. And a table whose seats sit in a protected channel reads as its seats do to a buyer
 * without the channel's pass.
 */

const layout = gala();
const T1 = seatsOf(layout, "T1");
const T2 = seatsOf(layout, "T2");

const PRICING = {
  currency: "EUR",
  categories: {
    vip: { amount: 10000 },
    dinner: {
      ticketTypes: [
        { key: "adult", label: "Adult", amount: 6000 },
        { key: "child", label: "Child", amount: 3000 },
      ],
    },
  },
  fee: { fixed: 100 },
};

async function pricedGala(pricing: unknown = PRICING): Promise<EventFixture> {
  const f = await newEvent({ layout });
  expectOk(await putTableBooking(f, { mode: "by_table" }));
  expectOk(await putPricing(f, pricing));
  return f;
}

describe("a table taken whole at a price", () => {
  it("locks each seat's price and answers the table's as their sum; extend keeps it, book records it everywhere", async () => {
    const f = await pricedGala();
    await pauseOutbox(f);
    const t = token();
    const held = await api.hold(f, { objectLabels: ["T1"], holdToken: t });
    expectOk(held);
    const price = { amount: 8 * 10000, fee: 8 * 100, currency: "EUR", lines: [{ quantity: 8, amount: 10000, fee: 100 }] };
    expect(held.body.objects).toEqual([{ objectLabel: "T1", status: "held", extraData: null, seatLabels: T1, price }]);
    expect(held.body.total).toEqual({ amount: 80000, fee: 800, currency: "EUR" });
    // A retry answers the price it locked, whatever the pricing does meanwhile.
    expectOk(await putPricing(f, { ...PRICING, categories: { ...PRICING.categories, vip: { amount: 1 } } }));
    expect((await api.hold(f, { objectLabels: ["T1"], holdToken: t })).body.objects[0].price).toEqual(price);
    const extended = await api.extend(f, { holdToken: t, ttlSeconds: 600 });
    expectOk(extended);
    expect(extended.body.objects[0].price).toEqual(price);

    // The secret key's status shows the table's price and each seat's.
    expect(await statusEntry(f, "T1")).toMatchObject({ status: "held", price });
    expect(await statusEntry(f, T1[0])).toMatchObject({ status: "held", price: { amount: 10000, fee: 100, currency: "EUR" } });
    expect((await statusEntry(f, "T1", f.pk))?.price).toBeUndefined();

    expectError(await api.book(f, { objectLabels: ["T1"], holdToken: t, expectedTotal: 1 }), 409, "price_changed");
    const booked = await api.book(f, { objectLabels: ["T1"], holdToken: t, orderId: "gala-1", expectedTotal: 80800 });
    expectOk(booked);
    expect(booked.body.objects[0]).toMatchObject({ objectLabel: "T1", status: "booked", seatLabels: T1, price });
    expect(booked.body.total).toEqual({ amount: 80000, fee: 800, currency: "EUR" });

    const history = await call("GET", `/api/v1/events/${f.eventKey}/status-changes`, { key: f.sk });
    const records = (history.body.items as { objectLabel: string; cause: string; price?: unknown }[]).filter((r) => r.objectLabel === "T1");
    expect(records.map((r) => [r.cause, r.price])).toEqual([
      ["hold", price],
      ["extend", price],
      ["book", price],
    ]);
    const hooks = (await outboxEvents(f)).filter((e) => e.object.objectLabel === "T1");
    expect(hooks.map((e) => [e.type, e.object.price])).toEqual([
      ["seat.held", price],
      ["seat.booked", price],
    ]);

    const report = await call("GET", `/api/v1/events/${f.eventKey}/reports/sales`, { key: f.sk });
    expectOk(report);
    expect(report.body.totals).toEqual([{ currency: "EUR", count: 8, amount: 80000, fee: 800 }]);
  });

  it("takes the ticket type a hold names for the table for each of its seats", async () => {
    const f = await pricedGala();
    const held = await api.hold(f, { objectLabels: ["T2"], holdToken: token(), ticketTypes: { T2: "child" } });
    expectOk(held);
    expect(held.body.objects[0].price).toEqual({
      amount: T2.length * 3000,
      fee: T2.length * 100,
      currency: "EUR",
      ticketType: "child",
      lines: [{ ticketType: "child", quantity: T2.length, amount: 3000, fee: 100 }],
    });
    const wrong = await api.hold(f, { objectLabels: ["T3"], holdToken: token(), ticketTypes: { T3: "senior" } });
    expectError(wrong, 400, "validation_failed");
    expect(Object.keys(wrong.body.errors)).toEqual(["ticketTypes.T3"]);
  });

  it("refuses an unpriced table to a publishable key (not_priced) and holds it unpriced with a secret key", async () => {
    const f = await pricedGala({ currency: "EUR", categories: { dinner: { amount: 5000 } } });
    const refused = await api.hold(f, { objectLabels: ["T1"], holdToken: token() });
    expectError(refused, 409, "seat_unavailable");
    expect(refused.body.failed).toEqual([{ objectLabel: "T1", reason: "not_priced" }]);
    const secret = await api.hold(f, { objectLabels: ["T1"], holdToken: token() }, f.sk);
    expectOk(secret);
    expect(secret.body.objects[0].price).toBeUndefined();
    expect(secret.body.total).toBeUndefined();
  });
});

describe("a table in a protected channel", () => {
  it("reads not for sale to a buyer without the pass, as its seats do, and free to one with it", async () => {
    const f = await newEvent({ layout });
    expectOk(await putTableBooking(f, { mode: "by_table_or_seat" }));
    expectOk(await putChannels(f, [{ key: "patrons", name: "Patrons", protected: true, objectLabels: T1 }]));
    const read = async (pass?: string) => {
      const res = await call("GET", `/api/v1/events/${f.eventKey}/status`, { key: f.pk, headers: pass ? { "X-Channel-Pass": pass } : {} });
      expectOk(res);
      return res.body.objects as { objectLabel: string; status: string; channelKey?: string }[];
    };
    const masked = await read();
    expect(masked.find((o) => o.objectLabel === "T1")).toMatchObject({ objectType: "table", status: "not_for_sale" });
    expect(masked.find((o) => o.objectLabel === T1[0])).toMatchObject({ status: "not_for_sale" });
    expect(masked.some((o) => o.channelKey === "patrons")).toBe(false);
    // The table is refused to that buyer, as the map says.
    expectError(await api.hold(f, { objectLabels: ["T1"], holdToken: token() }), 409, "seat_unavailable");

    const compact = await call("GET", `/api/v1/events/${f.eventKey}/status?format=compact`, { key: f.pk });
    expect(compact.body.statuses.not_for_sale).toEqual(expect.arrayContaining(["T1", T1[0]]));

    const issued = await call("POST", `/api/v1/events/${f.eventKey}/channels/patrons/passes`, { key: f.sk, body: {} });
    expectOk(issued, 201);
    const withPass = await read(issued.body.pass as string);
    expect(withPass.find((o) => o.objectLabel === "T1")).toBeUndefined();
    expect(withPass.find((o) => o.objectLabel === T1[0])).toBeUndefined();
    // The other tables are untouched for everyone.
    expect(masked.find((o) => o.objectLabel === "T2")).toBeUndefined();
  });
});

describe("best available at tables at a price", () => {
  const seatPrices = (objects: { objectLabel: string; price?: { amount: number; ticketType?: string } }[]) =>
    objects.map((o) => [o.price?.amount, o.price?.ticketType]);

  it("gives the chosen seats their ticket types in the order chosen, the rest the default", async () => {
    const f = await newEvent({ layout });
    expectOk(await putPricing(f, PRICING));
    const party = await bestAvailable(f, { holdToken: token(), quantity: 3, tables: true, categories: ["dinner"], ticketTypes: { child: 1 } });
    expectOk(party);
    expect(seatPrices(party.body.objects)).toEqual([
      [3000, "child"],
      [6000, "adult"],
      [6000, "adult"],
    ]);
    expect(party.body.total).toEqual({ amount: 15000, fee: 300, currency: "EUR" });
  });

  it("holds a table whole under one ticket type for all its seats, and refuses a mix it cannot give (nothing held)", async () => {
    const f = await pricedGala();
    const mixed = await bestAvailable(f, { holdToken: token(), quantity: 6, tables: true, categories: ["dinner"], ticketTypes: { child: 2 } });
    expectError(mixed, 400, "validation_failed");
    expect(Object.keys(mixed.body.errors)).toEqual(["ticketTypes"]);
    expect(await statusEntry(f, "T3")).toBeUndefined();

    const children = await bestAvailable(f, { holdToken: token(), quantity: 6, tables: true, categories: ["dinner"], ticketTypes: { child: 6 } });
    expectOk(children);
    expect(children.body.tableLabels).toEqual(["T3"]);
    expect(children.body.objects[0].price).toMatchObject({ amount: 6 * 3000, fee: 6 * 100, ticketType: "child" });
  });

  it("chooses for a buyer only among tables it may hold at a price", async () => {
    // VIP has no price: a publishable key may not hold T1 or G1, so best available looks past them.
    const f = await newEvent({ layout });
    expectOk(await putPricing(f, { currency: "EUR", categories: { dinner: { amount: 5000 } } }));
    expectOk(await api.hold(f, { objectLabels: [...seatsOf(layout, "T2"), ...seatsOf(layout, "T3")], holdToken: token() }, f.sk));
    const party = await bestAvailable(f, { holdToken: token(), quantity: 6, tables: true });
    expectOk(party);
    expect(party.body.tableLabels).not.toContain("T1");
    expect(party.body.tableLabels).not.toContain("G1");
    expect(party.body.total).toEqual({ amount: 6 * 5000, fee: 0, currency: "EUR" });
  });
});
