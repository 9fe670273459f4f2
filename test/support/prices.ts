import { call, expectOk, newEvent, type EventFixture } from "./fixtures";

/** Shared by the price tests (docs/prices.md): one pricing with an amount, ticket types and a fee, and its routes. */

export const PRICING = {
  currency: "EUR",
  categories: {
    stalls: { amount: 4500 },
    balcony: {
      ticketTypes: [
        { key: "adult", label: "Adult", amount: 3000 },
        { key: "child", label: "Child", amount: 1500 },
      ],
    },
  },
  fee: { percent: 2.5, fixed: 50 },
};

export const putPricing = (f: EventFixture, body: unknown, key = f.sk) => call("PUT", `/api/v1/events/${f.eventKey}/pricing`, { key, body });
export const getPricing = (f: EventFixture, key = f.pk) => call("GET", `/api/v1/events/${f.eventKey}/pricing`, { key });
export const ga = (holdToken: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  objectLabels: ["Floor"],
  holdToken,
  objectType: "generalAdmission",
  quantity,
  ...extra,
});

export async function pricedEvent(pricing: unknown = PRICING): Promise<EventFixture> {
  const f = await newEvent();
  expectOk(await putPricing(f, pricing));
  return f;
}
