/**
 * One small world the examples of the OpenAPI document share, so that a reader can follow a value
 * from one operation to the next: the chart `main-hall`, the event `gala-2026` on it, a buyer's hold
 * token, the season `home-2027`. Every value is what the service would answer, never a real key.
 */

export const CHART_KEY = "main-hall";
export const EVENT_KEY = "gala-2026";
export const SEASON_KEY = "home-2027";
export const PARTIAL_SEASON_KEY = "first-half";
export const WORKSPACE_KEY = "ws_3kTq9bX2mN8pL4vR7sW1";
export const WEBHOOK_ID = "wh_3kTq9bX2mN8pL4vR7sW1";
export const DELIVERY_ID = "dlv_7Gm2xQ9rT4kLp8Vn3Wc6";
export const EVENT_ID = "evt_4k9xQm2Rz8TnV4bWx7Lp";
/** A buyer's hold token: chosen by the client, a random UUID is best. */
export const HOLD_TOKEN = "3f6c2b1e-8d4a-4c1e-9b7a-2f5d6e8a9c01";
export const ORDER_ID = "8812";

export const NOW = "2026-12-01T10:00:00.000Z";
/** NOW plus the default hold of 900 seconds. */
export const EXPIRES = "2026-12-01T10:15:00.000Z";
export const CREATED = "2026-11-20T09:30:00.000Z";

/** A small hall: two categories, one section of two rows with an aisle, a standing floor and the stage. */
export const LAYOUT = {
  categories: [
    { key: "stalls", label: "Stalls", color: "#4f7cff", labels: { de: "Parkett", fr: "Orchestre" } },
    { key: "premium", label: "Premium", color: "#d9480f" },
  ],
  sections: [
    {
      key: "A",
      label: "Stalls A",
      labels: { de: "Parkett A", fr: "Orchestre A" },
      rows: [
        {
          label: "1",
          seats: [
            { label: "A-1-1", categoryKey: "premium", x: 0, y: 0, features: ["wheelchair"] },
            { label: "A-1-2", categoryKey: "premium", x: 30, y: 0, features: ["companion"] },
            { label: "A-1-3", categoryKey: "premium", x: 60, y: 0, aisleAfter: true },
            { label: "A-1-4", categoryKey: "premium", x: 120, y: 0 },
          ],
        },
        {
          label: "2",
          seats: [
            { label: "A-2-1", categoryKey: "stalls", x: 0, y: 30 },
            { label: "A-2-2", categoryKey: "stalls", x: 30, y: 30 },
            { label: "A-2-3", categoryKey: "stalls", x: 60, y: 30, aisleAfter: true },
            { label: "A-2-4", categoryKey: "stalls", x: 120, y: 30 },
          ],
        },
      ],
    },
  ],
  generalAdmission: [{ label: "Floor", categoryKey: "stalls", capacity: 500, x: 0, y: 90, width: 150, height: 60 }],
  focalPoint: { x: 60, y: -60 },
};

/** The chart record after its layout was published once. */
export const CHART = {
  chartKey: CHART_KEY,
  name: "Main hall",
  draftVersion: 3,
  publishedVersion: 3,
  createdAt: CREATED,
  updatedAt: NOW,
  publishedAt: NOW,
};

export const EVENT = {
  eventKey: EVENT_KEY,
  chartKey: CHART_KEY,
  environment: "production",
  chartPublishedVersion: 3,
  createdAt: CREATED,
  selectionRules: { maxSeatsPerToken: 6 },
  name: "Gala night",
  startsAt: "2026-12-31T19:00:00.000Z",
  timeZone: "Europe/London",
  channels: [{ key: "presale", name: "Members' presale" }],
  waitingRoom: { enabled: true, opensAt: "2026-12-01T10:00:00.000Z" },
};

/** The hold response of two seats under {@link HOLD_TOKEN}. */
export const HOLD_RESPONSE = {
  chartKey: CHART_KEY,
  eventKey: EVENT_KEY,
  holdToken: HOLD_TOKEN,
  holdExpiresAt: EXPIRES,
  objects: [
    { objectLabel: "A-2-1", status: "held", extraData: null, price: { amount: 4500, fee: 163, currency: "EUR" } },
    { objectLabel: "A-2-2", status: "held", extraData: null, price: { amount: 4500, fee: 163, currency: "EUR" } },
  ],
  total: { amount: 9000, fee: 326, currency: "EUR" },
};

export const SEASON = {
  seasonKey: SEASON_KEY,
  name: "Home games 2027",
  chartKey: CHART_KEY,
  eventKeys: ["g1", "g2", "g3"],
  partialSeasons: [{ partialSeasonKey: PARTIAL_SEASON_KEY, eventKeys: ["g1", "g2"], createdAt: CREATED }],
  timeZone: "Europe/London",
  createdAt: CREATED,
};

export const WEBHOOK_ENDPOINT = {
  id: WEBHOOK_ID,
  url: "https://hooks.example.com/seats",
  events: ["seat.held", "seat.booked", "seat.released", "seat.hold_expired"],
  description: "back office",
  enabled: true,
  environment: "production",
  createdAt: CREATED,
  updatedAt: CREATED,
};

export const DELIVERY = {
  id: DELIVERY_ID,
  eventId: EVENT_ID,
  type: "seat.booked",
  status: "succeeded",
  attempts: 2,
  lastStatusCode: 200,
  lastError: null,
  nextAttemptAt: null,
  createdAt: NOW,
  updatedAt: "2026-12-01T10:00:31.000Z",
};

/** The envelope a delivery sends, as signed. */
export const WEBHOOK_PAYLOAD = {
  id: EVENT_ID,
  type: "seat.booked",
  created: 1796119200,
  livemode: true,
  data: {
    object: {
      eventKey: EVENT_KEY,
      objectLabel: "A-2-1",
      objectType: "seat",
      status: "booked",
      categoryKey: "stalls",
      extraData: null,
      orderId: ORDER_ID,
      seq: 41,
    },
  },
};
