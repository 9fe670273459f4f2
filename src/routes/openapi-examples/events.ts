/** Examples of the event operations: the record, the reads and the per-event settings. */
import { refusal } from "./refusals";
import { CHART_KEY, CREATED, EVENT, EVENT_KEY, EXPIRES, HOLD_TOKEN, NOW, ORDER_ID } from "./samples";
import type { ExampleTable } from "./types";

const STATUS = {
  eventKey: EVENT_KEY,
  seq: 42,
  objects: [
    { objectLabel: "A-2-1", objectType: "seat", status: "held", categoryKey: "stalls", holdExpiresAt: EXPIRES, mine: true },
    { objectLabel: "A-1-4", objectType: "seat", status: "booked", categoryKey: "premium" },
    { objectLabel: "Floor", objectType: "generalAdmission", status: "held", categoryKey: "stalls", capacity: 500, held: 3, booked: 124, remaining: 373 },
  ],
};

const OBJECTS = {
  eventKey: EVENT_KEY,
  categories: [
    { key: "stalls", label: "Stalls", color: "#4f7cff", labels: { de: "Parkett", fr: "Orchestre" } },
    { key: "premium", label: "Premium", color: "#d9480f" },
  ],
  objects: [
    {
      objectLabel: "A-1-1",
      categoryKey: "premium",
      objectType: "seat",
      sectionKey: "A",
      sectionLabel: "Stalls A",
      rowLabel: "1",
      x: 0,
      y: 0,
      features: ["wheelchair"],
    },
    {
      objectLabel: "A-1-3",
      categoryKey: "premium",
      objectType: "seat",
      sectionKey: "A",
      sectionLabel: "Stalls A",
      rowLabel: "1",
      x: 60,
      y: 0,
      aisleAfter: true,
    },
    {
      objectLabel: "Floor",
      categoryKey: "stalls",
      objectType: "generalAdmission",
      capacity: 500,
      label: "Floor",
      remaining: 373,
      x: 0,
      y: 90,
      width: 150,
      height: 60,
    },
  ],
  focalPoint: { x: 60, y: -60 },
  sectionLabels: { A: { de: "Parkett A", fr: "Orchestre A" } },
};

const counts = (free: number, held: number, booked: number, notForSale: number) => [
  { status: "free", count: free },
  { status: "held", count: held },
  { status: "booked", count: booked },
  { status: "not_for_sale", count: notForSale },
];

const CHANNELS = {
  channels: [
    { key: "presale", name: "Members' presale", color: "#d9480f", protected: true, objectLabels: ["A-1-3", "A-1-4"], areaPlaces: { Floor: 50 } },
    { key: "box-office", name: "Box office", objectLabels: ["A-1-1"] },
  ],
};

/** A channel pass as issued: event id, channel, expiry (ms), maxSeats, pass id, signature. */
const PASS = "ev_0m3x9k2b1a7Qw3Er5Ty7.presale.1798761600000.4.Qw3Er5Ty7Ui9Op1A.b6Vd0y3m8JqkR2sT5uW7xZ9aC1eG4hK6nP8rV0tY2wQ";

export const EVENT_EXAMPLES: ExampleTable = {
  createEvent: {
    request: { chartKey: CHART_KEY, eventKey: EVENT_KEY, name: "Gala night", startsAt: "2026-12-31T20:00:00+01:00" },
    responses: {
      "201": { ...EVENT, selectionRules: {}, channels: [] },
      "404": refusal("chart_not_found", "Chart main-hall does not exist"),
      "409": refusal("event_exists", "Event gala-2026 already exists"),
    },
  },
  listEvents: { params: { limit: 20 }, responses: { "200": { items: [EVENT], nextCursor: "c1.Z2FsYS0yMDI2" } } },
  getEvent: { responses: { "200": EVENT } },
  updateEvent: { request: { name: "Gala night (second show)" }, responses: { "200": { ...EVENT, name: "Gala night (second show)" } } },
  copyEventSettings: {
    request: { toEventKeys: ["gala-2027", "gala-2028"], settings: ["selectionRules", "channels"] },
    responses: {
      "200": { eventKey: EVENT_KEY, toEventKeys: ["gala-2027", "gala-2028"], settings: ["selectionRules", "channels"] },
      "404": refusal("event_not_found", "Event gala-2028 does not exist"),
    },
  },
  importEventFromSandbox: {
    request: { eventKey: EVENT_KEY },
    responses: {
      "201": { ...EVENT, environment: "production", createdAt: NOW },
      "409": refusal("event_exists", `Event ${EVENT_KEY} already exists`),
    },
  },
  deleteEvent: { responses: { "200": { eventKey: EVENT_KEY, deleted: true } } },
  moveEventToNewChartCopy: { responses: { "200": { eventKey: EVENT_KEY, chartKey: "main-hall-gala-2026", previousChartKey: CHART_KEY } } },
  getEventStatus: { params: { holdToken: HOLD_TOKEN }, responses: { "200": STATUS } },
  getEventObjects: { responses: { "200": OBJECTS } },
  getEventReports: {
    responses: {
      "200": {
        eventKey: EVENT_KEY,
        byStatus: { free: 377, held: 5, booked: 125, not_for_sale: 1 },
        byCategory: [
          ...counts(1, 1, 1, 1).map((c) => ({ ...c, categoryKey: "premium" })),
          ...counts(376, 4, 124, 0).map((c) => ({ ...c, categoryKey: "stalls" })),
        ],
        bySection: [...counts(4, 2, 1, 1).map((c) => ({ ...c, sectionKey: "A" })), ...counts(373, 3, 124, 0).map((c) => ({ ...c, sectionKey: null }))],
        byChannel: [...counts(50, 0, 1, 1).map((c) => ({ ...c, channelKey: "presale" })), ...counts(327, 5, 124, 0).map((c) => ({ ...c, channelKey: null }))],
      },
    },
  },
  listStatusChanges: {
    params: { objectLabel: "A-2-1", limit: 100 },
    responses: {
      "200": {
        items: [
          { seq: 17, at: CREATED, objectLabel: "A-2-1", objectType: "seat", status: "held", previousStatus: "free", cause: "hold", extraData: null },
          {
            seq: 18,
            at: NOW,
            objectLabel: "A-2-1",
            objectType: "seat",
            status: "booked",
            previousStatus: "held",
            cause: "book",
            orderId: ORDER_ID,
            extraData: null,
          },
        ],
        nextCursor: null,
      },
    },
  },
  getLiveStats: {
    responses: { "200": { viewers: 1000, relays: 4, eventMessagesPerSecond: 38.4, readsPerSecond: 500, readsReachingEventPerSecond: 9.6 } },
  },
  getSelectionRules: { responses: { "200": { maxSeatsPerToken: 6, noOrphanSeats: true, maxPublicHoldSeconds: 600 } } },
  setSelectionRules: {
    request: { maxSeatsPerToken: 6, maxSeatsPerCategory: { premium: 2 }, noOrphanSeats: true, maxHeldSeatsPerClient: 12, maxPublicHoldSeconds: 600 },
    responses: {
      "200": { maxSeatsPerToken: 6, maxSeatsPerCategory: { premium: 2 }, noOrphanSeats: true, maxHeldSeatsPerClient: 12, maxPublicHoldSeconds: 600 },
      "400": refusal("validation_failed", "The request is invalid", { errors: { maxSeatPerToken: ["is not a selection rule"] } }),
    },
  },
  getChannels: { responses: { "200": CHANNELS } },
  setChannels: {
    request: CHANNELS,
    responses: {
      "200": CHANNELS,
      "400": refusal("validation_failed", "The request is invalid", { errors: { "channels.0.objectLabels.1": ["A-9-9 is not on this event's map"] } }),
    },
  },
  issueChannelPass: {
    request: { ttlSeconds: 3600, maxSeats: 4 },
    responses: {
      "201": { pass: PASS, expiresAt: "2027-01-01T00:00:00.000Z" },
      "404": refusal("not_found", "Channel vip does not exist in event gala-2026"),
      "409": refusal("conflict", 'Channel box-office is not protected: every buyer may take from it already. Set "protected": true on it first'),
    },
  },
  getAccessibility: { responses: { "200": { holdBack: false, releaseWhen: "event_sold_out" } } },
  setAccessibility: {
    request: { holdBack: true, releaseWhen: "section_sold_out" },
    responses: { "200": { holdBack: true, releaseWhen: "section_sold_out" } },
  },
  setWaitingRoom: {
    request: { enabled: true, opensAt: NOW, admitPerMinute: 2000, sessionMinutes: 10 },
    responses: {
      "200": {
        eventKey: EVENT_KEY,
        enabled: true,
        opensAt: NOW,
        admitPerMinute: 2000,
        sessionMinutes: 10,
        stats: { waiting: 0, admittedTotal: 0, admittedLastMinute: 0 },
      },
    },
  },
  getWaitingRoom: {
    responses: {
      "200": {
        eventKey: EVENT_KEY,
        enabled: true,
        opensAt: NOW,
        admitPerMinute: 2000,
        sessionMinutes: 10,
        stats: { waiting: 18230, admittedTotal: 4000, admittedLastMinute: 2000 },
      },
    },
  },
  joinWaitingRoom: {
    responses: {
      "201": { ticket: "5.Zq8Lm2Tx9Rv4Kb7Nw3Hd", position: null, opensAt: NOW, estimatedWaitSeconds: 3720 },
      "404": refusal("not_found", "Event gala-2026 has no waiting room"),
    },
  },
  getWaitingRoomTicket: {
    params: { ticket: "5.Zq8Lm2Tx9Rv4Kb7Nw3Hd" },
    responses: {
      "200": {
        position: 0,
        admitted: true,
        admission: "5.Zq8Lm2Tx9Rv4Kb7Nw3Hd.ev_3f8Kq2.1796119800000.Hk9Lm2Qx7Rt4Vb8Nw3Zc5Jd1",
        admissionExpiresAt: "2026-12-01T10:20:00.000Z",
        retryAfterSeconds: 0,
      },
    },
  },
};
