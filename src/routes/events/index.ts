import { newRouter } from "../../http/app-factory";
import { apiKey, publicReads, steps } from "../../http/pipeline";
import { eventAccessibility } from "./accessibility";
import { eventChannels } from "./channels";
import { eventCrud } from "./crud";
import { eventPricing } from "./pricing";
import { eventLiveStats } from "./live-stats";
import { eventReads } from "./reads";
import { eventRules } from "./selection-rules";
import { eventSeats } from "./seats";
import { eventSettings } from "./settings";
import { eventTableBooking } from "./table-booking";
import { eventWaitingRoom } from "./waiting-room";

export { eventLive } from "./live-socket";

/**
 * /api/v1/events: the event resource. The key check and the sandbox limit run here, once per request,
 * for every part; the parts only add what a route needs beyond that (a secret key). The live
 * WebSocket authenticates from its query string and is mounted ahead of this router (app.ts).
 */
export const events = newRouter();

// Idempotency-Key (docs/api.md#idempotent-requests) is declared by each POST route: kept with the object's decision, or claimed in D1.
events.use("*", steps(apiKey(), publicReads()));
events.route("/", eventReads);
events.route("/", eventLiveStats);
events.route("/", eventSeats);
events.route("/", eventRules);
events.route("/", eventChannels);
events.route("/", eventTableBooking);
events.route("/", eventPricing);
events.route("/", eventAccessibility);
events.route("/", eventWaitingRoom);
events.route("/", eventSettings);
events.route("/", eventCrud);
