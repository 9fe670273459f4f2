/** Examples of the prices operations (docs/prices.md): pricing per event and season, and the sales report. */
import { refusal } from "./refusals";
import { EVENT_KEY, SEASON_KEY } from "./samples";
import type { ExampleTable } from "./types";

const PRICING = {
  currency: "EUR",
  categories: {
    stalls: { amount: 4500 },
    premium: {
      ticketTypes: [
        { key: "adult", label: "Adult", amount: 6500 },
        { key: "child", label: "Child", amount: 3200 },
      ],
    },
  },
  channels: { presale: { stalls: 3900 } },
  fee: { percent: 2.5, fixed: 50 },
};

const UNKNOWN_CATEGORY = refusal("validation_failed", "The prices name categories or channels this event does not have; nothing changed", {
  errors: { "categories.balcony": ["the chart has no category balcony (its categories: stalls, premium)"] },
});

const SALES = {
  eventKey: EVENT_KEY,
  totals: [{ currency: "EUR", count: 3, amount: 16500, fee: 563 }],
  byCategory: [
    { categoryKey: "stalls", currency: "EUR", count: 1, amount: 3900, fee: 148 },
    { categoryKey: "premium", currency: "EUR", count: 2, amount: 12600, fee: 415 },
  ],
  byTicketType: [
    { categoryKey: "stalls", ticketType: null, currency: "EUR", count: 1, amount: 3900, fee: 148 },
    { categoryKey: "premium", ticketType: "adult", currency: "EUR", count: 2, amount: 12600, fee: 415 },
  ],
  byChannel: [
    { channelKey: "presale", currency: "EUR", count: 1, amount: 3900, fee: 148 },
    { channelKey: null, currency: "EUR", count: 2, amount: 12600, fee: 415 },
  ],
  bySection: [{ sectionKey: "A", currency: "EUR", count: 3, amount: 16500, fee: 563 }],
  bySeason: [],
};

export const PRICE_EXAMPLES: ExampleTable = {
  getEventPricing: { responses: { "200": PRICING } },
  setEventPricing: { request: PRICING, responses: { "200": PRICING, "400": UNKNOWN_CATEGORY } },
  deleteEventPricing: { responses: { "200": { eventKey: EVENT_KEY, deleted: true } } },
  getSalesReport: { params: { format: "json" }, responses: { "200": SALES } },
  getSeasonPricing: { responses: { "200": PRICING } },
  setSeasonPricing: { request: PRICING, responses: { "200": PRICING, "400": UNKNOWN_CATEGORY } },
  deleteSeasonPricing: { responses: { "200": { seasonKey: SEASON_KEY, deleted: true } } },
};
