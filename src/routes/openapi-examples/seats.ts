/** Examples of the seat actions of one event: hold, best available, book, release, extend, sale, reset. */
import { refusal } from "./refusals";
import { EVENT_KEY, HOLD_RESPONSE, HOLD_TOKEN, NOW, ORDER_ID } from "./samples";
import type { ExampleTable } from "./types";

const BOOKED = {
  eventKey: EVENT_KEY,
  objects: [
    { objectLabel: "A-2-1", status: "booked", bookedAt: NOW, extraData: null, orderId: ORDER_ID, price: { amount: 4500, fee: 163, currency: "EUR" } },
    { objectLabel: "A-2-2", status: "booked", bookedAt: NOW, extraData: null, orderId: ORDER_ID, price: { amount: 4500, fee: 163, currency: "EUR" } },
  ],
  total: { amount: 9000, fee: 326, currency: "EUR" },
};

const TAKEN = refusal("seat_unavailable", "Some objects cannot be held", { failed: [{ objectLabel: "A-2-2", reason: "held" }] });

export const SEAT_EXAMPLES: ExampleTable = {
  holdSeats: {
    request: { objectLabels: ["A-2-1", "A-2-2"], holdToken: HOLD_TOKEN, ttlSeconds: 900 },
    responses: {
      "200": HOLD_RESPONSE,
      "400": refusal("validation_failed", "The request is invalid", { errors: { holdToken: ["must be at least 8 characters"] } }),
      "403": refusal("admission_required", "The waiting room of event gala-2026 is open: join it and send X-Admission"),
      "409": TAKEN,
    },
  },
  holdBestAvailable: {
    request: { holdToken: HOLD_TOKEN, quantity: 2, categories: ["stalls"], together: true },
    responses: {
      "200": { ...HOLD_RESPONSE, nextToEachOther: true },
      "409": refusal("no_best_available", "No 2 adjacent free seats match"),
    },
  },
  bookSeats: {
    request: { objectLabels: ["A-2-1", "A-2-2"], holdToken: HOLD_TOKEN, orderId: ORDER_ID, expectedTotal: 9326 },
    responses: {
      "200": BOOKED,
      "403": refusal("public_key_not_allowed", "This operation needs a secret key"),
      "409": refusal("seat_unavailable", "Some objects are not held by this token", { failed: [{ objectLabel: "A-2-2", reason: "not_held_by_token" }] }),
    },
  },
  releaseSeats: {
    request: { objectLabels: ["A-2-1", "A-2-2"], holdToken: HOLD_TOKEN },
    responses: {
      "200": {
        eventKey: EVENT_KEY,
        objects: [
          { objectLabel: "A-2-1", status: "free" },
          { objectLabel: "A-2-2", status: "free" },
        ],
      },
    },
  },
  extendHold: {
    request: { holdToken: HOLD_TOKEN, ttlSeconds: 600 },
    responses: {
      "200": { ...HOLD_RESPONSE, holdExpiresAt: "2026-12-01T10:10:00.000Z" },
      "409": refusal("seat_unavailable", "Nothing is held under this token", { failed: [{ objectLabel: "A-2-1", reason: "not_held_by_token" }] }),
    },
  },
  markNotForSale: {
    request: { objectLabels: ["A-1-4"], areaPlaces: { Floor: 20 } },
    responses: {
      "200": {
        eventKey: EVENT_KEY,
        objects: [
          { objectLabel: "A-1-4", status: "not_for_sale" },
          { objectLabel: "Floor", status: "not_for_sale", quantity: 20 },
        ],
      },
      "409": refusal("seat_unavailable", "Some objects cannot be taken off sale", { failed: [{ objectLabel: "A-1-4", reason: "booked" }] }),
    },
  },
  markForSale: {
    request: { categories: ["premium"] },
    responses: { "200": { eventKey: EVENT_KEY, objects: [{ objectLabel: "A-1-4", status: "free" }] } },
  },
  resetEvent: {
    responses: {
      "200": { eventKey: EVENT_KEY, reset: true },
      "403": refusal("sandbox_only", "Only sandbox events can be reset"),
    },
  },
};
