/** Examples of the season operations: the season, its events and partial seasons, and its seat actions. */
import { refusal } from "./refusals";
import { CHART_KEY, EXPIRES, HOLD_TOKEN, NOW, ORDER_ID, PARTIAL_SEASON_KEY, SEASON, SEASON_KEY } from "./samples";
import type { ExampleTable } from "./types";

const ALL = SEASON.eventKeys;
const FIRST_HALF = ["g1", "g2"];

const held = (eventKeys: string[], partial?: string) => ({
  seasonKey: SEASON_KEY,
  ...(partial ? { partialSeasonKey: partial } : {}),
  eventKeys,
  holdToken: HOLD_TOKEN,
  holdExpiresAt: EXPIRES,
  objects: [{ objectLabel: "A-2-1", status: "held", eventKeys, extraData: null }],
});
const booked = (eventKeys: string[], partial?: string) => ({
  seasonKey: SEASON_KEY,
  ...(partial ? { partialSeasonKey: partial } : {}),
  eventKeys,
  objects: [{ objectLabel: "A-2-1", status: "booked", eventKeys, bookedAt: NOW, orderId: ORDER_ID, extraData: null }],
});
const released = (eventKeys: string[], partial?: string) => ({
  seasonKey: SEASON_KEY,
  ...(partial ? { partialSeasonKey: partial } : {}),
  eventKeys,
  objects: [{ objectLabel: "A-2-1", status: "free", eventKeys }],
});

const HOLD = { objectLabels: ["A-2-1"], holdToken: HOLD_TOKEN };
const BOOK = { objectLabels: ["A-2-1"], holdToken: HOLD_TOKEN, orderId: ORDER_ID };
const EXTEND = { holdToken: HOLD_TOKEN, ttlSeconds: 900 };
const TAKEN_IN_ONE = refusal("seat_unavailable", "Some objects cannot be held in every event of the season", {
  failed: [{ objectLabel: "A-2-1", reason: "booked", eventKey: "g2" }],
});
const PARTIAL = { partialSeasonKey: PARTIAL_SEASON_KEY };

export const SEASON_EXAMPLES: ExampleTable = {
  updateSeason: { request: { name: "Home games 2027/28", timeZone: "Europe/London" }, responses: { "200": { ...SEASON, name: "Home games 2027/28" } } },
  importSeasonFromSandbox: {
    request: { seasonKey: SEASON_KEY },
    responses: {
      "201": { ...SEASON, createdAt: NOW },
      "409": refusal("event_exists", "Event g2 already exists in production; nothing was created"),
    },
  },
  createSeason: {
    request: { seasonKey: SEASON_KEY, name: "Home games 2027", chartKey: CHART_KEY, eventKeys: ALL },
    responses: {
      "201": { ...SEASON, partialSeasons: [], createdAt: NOW },
      "409": refusal("event_exists", "Event g2 already exists; nothing was created"),
    },
  },
  listSeasons: { params: { limit: 20 }, responses: { "200": { items: [SEASON], nextCursor: null } } },
  getSeason: { responses: { "200": SEASON } },
  deleteSeason: {
    responses: {
      "200": { seasonKey: SEASON_KEY, deleted: true },
      "409": refusal("season_in_use", "Seats are held or booked through season home-2027"),
    },
  },
  addSeasonEvents: { request: { eventKeys: ["g4"] }, responses: { "200": { ...SEASON, eventKeys: [...ALL, "g4"] } } },
  createPartialSeason: { request: { partialSeasonKey: PARTIAL_SEASON_KEY, eventKeys: FIRST_HALF }, responses: { "201": SEASON } },
  holdSeasonSeats: { request: HOLD, responses: { "200": held(ALL), "409": TAKEN_IN_ONE } },
  bookSeasonSeats: { request: BOOK, responses: { "200": booked(ALL) } },
  releaseSeasonSeats: { request: HOLD, responses: { "200": released(ALL) } },
  extendSeasonHolds: { request: EXTEND, responses: { "200": held(ALL) } },
  holdPartialSeasonSeats: { params: PARTIAL, request: HOLD, responses: { "200": held(FIRST_HALF, PARTIAL_SEASON_KEY), "409": TAKEN_IN_ONE } },
  bookPartialSeasonSeats: { params: PARTIAL, request: BOOK, responses: { "200": booked(FIRST_HALF, PARTIAL_SEASON_KEY) } },
  releasePartialSeasonSeats: { params: PARTIAL, request: HOLD, responses: { "200": released(FIRST_HALF, PARTIAL_SEASON_KEY) } },
  extendPartialSeasonHolds: { params: PARTIAL, request: EXTEND, responses: { "200": held(FIRST_HALF, PARTIAL_SEASON_KEY) } },
};
