import { describe, expect, it } from "vitest";
import { api, call, expectError, expectOk, newEvent, token } from "./support/fixtures";
import { getPricing, pricedEvent, PRICING, putPricing } from "./support/prices";

/** An event's pricing (docs/prices.md): put, read with either key, removed, and refused in a venue's words. */

describe("pricing of an event", () => {
  it("is put and read back with publishable and secret keys; null without one; removed by DELETE", async () => {
    const f = await newEvent();
    expect((await getPricing(f)).body).toBeNull();
    const put = await putPricing(f, PRICING);
    expectOk(put);
    expect(put.body).toEqual(PRICING);
    expect((await getPricing(f)).body).toEqual(PRICING);
    expect((await getPricing(f, f.sk)).body).toEqual(PRICING);
    expectError(await putPricing(f, PRICING, f.pk), 403, "public_key_not_allowed");
    const removed = await call("DELETE", `/api/v1/events/${f.eventKey}/pricing`, { key: f.sk });
    expectOk(removed);
    expect(removed.body).toEqual({ eventKey: f.eventKey, deleted: true });
    expect((await getPricing(f)).body).toBeNull();
  });

  it("refuses what a venue gets wrong, naming the path in words", async () => {
    const f = await newEvent();
    const cases: [unknown, string, RegExp][] = [
      [{ ...PRICING, currency: "EURO" }, "currency", /ISO 4217/],
      [{ ...PRICING, currency: "eur" }, "currency", /ISO 4217/],
      [{ ...PRICING, currency: "XYZ" }, "currency", /ISO 4217/],
      [{ currency: "EUR", categories: { stalls: {} } }, "categories.stalls", /either an amount or ticketTypes/],
      [{ currency: "EUR", categories: { stalls: { amount: 10, ticketTypes: [{ key: "a", label: "A", amount: 1 }] } } }, "categories.stalls", /not both/],
      [{ currency: "EUR", categories: { stalls: { amount: 12.5 } } }, "categories.stalls.amount", /whole number of the currency's minor units/],
      [{ currency: "EUR", categories: { stalls: { amount: -1 } } }, "categories.stalls.amount", /0 or more/],
      [{ currency: "EUR", categories: { stalls: { ticketTypes: [] } } }, "categories.stalls.ticketTypes", /1 to 20/],
      [
        { currency: "EUR", categories: { stalls: { ticketTypes: Array.from({ length: 21 }, (_, i) => ({ key: `t${i}`, label: "T", amount: 1 })) } } },
        "categories.stalls.ticketTypes",
        /1 to 20/,
      ],
      [
        {
          currency: "EUR",
          categories: {
            stalls: {
              ticketTypes: [
                { key: "a", label: "A", amount: 1 },
                { key: "a", label: "B", amount: 2 },
              ],
            },
          },
        },
        "categories.stalls.ticketTypes.1.key",
        /duplicate/,
      ],
      [{ currency: "EUR", categories: { stalls: { amount: 1 } }, fee: { percent: 101 } }, "fee.percent", /between 0 and 100/],
      [{ currency: "EUR", categories: { stalls: { amount: 1 } }, fee: { percent: 2.555 } }, "fee.percent", /two decimals/],
      [{ currency: "EUR", categories: { opera: { amount: 1 } } }, "categories.opera", /no category opera/],
      [{ currency: "EUR", categories: { stalls: { amount: 1 } }, channels: { presale: { stalls: 900 } } }, "channels.presale", /no channel presale/],
    ];
    for (const [body, path, message] of cases) {
      const res = await putPricing(f, body);
      expectError(res, 400, "validation_failed");
      expect(res.body.errors?.[path]?.join(" "), `${path} in ${JSON.stringify(res.body)}`).toMatch(message);
    }
    expect((await getPricing(f)).body).toBeNull();
  });

  it("accepts JPY amounts (no minor unit) and prices them as they are", async () => {
    const f = await pricedEvent({ currency: "JPY", categories: { stalls: { amount: 12500 }, balcony: { amount: 8000 } }, fee: { percent: 3 } });
    const held = await api.hold(f, { objectLabels: ["A-1-1", "A-1-2"], holdToken: token() });
    expectOk(held);
    expect(held.body.objects.map((o: { price: unknown }) => o.price)).toEqual([
      { amount: 12500, fee: 375, currency: "JPY" },
      { amount: 8000, fee: 240, currency: "JPY" },
    ]);
    expect(held.body.total).toEqual({ amount: 20500, fee: 615, currency: "JPY" });
  });
});
