import { idempotency } from "../../http/idempotency";
import { newRouter } from "../../http/app-factory";
import { apiKeyAuth } from "../../http/auth";
import { rateLimit } from "../../http/rate-limit";
import { eventChannels } from "./channels";
import { eventCrud } from "./crud";
import { eventReads } from "./reads";
import { eventRules } from "./selection-rules";
import { eventSeats } from "./seats";

export { eventLive } from "./live-socket";

/**
 * /api/v1/events: the event resource. Authentication and rate limiting run here, once per request,
 * for every part; the parts only add what a route needs beyond that (a secret key). The live
 * WebSocket authenticates from its query string and is mounted ahead of this router (app.ts).
 */
export const events = newRouter();

events.use("*", apiKeyAuth(), rateLimit(), idempotency());
events.route("/", eventReads);
events.route("/", eventSeats);
events.route("/", eventRules);
events.route("/", eventChannels);
events.route("/", eventCrud);
