import { newRouter } from "../http/app-factory";
import { eventCrud } from "./events/crud";
import { eventReads } from "./events/reads";
import { eventSeats } from "./events/seats";

/**
 * /api/v1/events: the event resource. Each part authenticates on its own (the live WebSocket takes
 * its key from the query string), and the Durable Object behind each event makes every decision.
 */
export const events = newRouter();

events.route("/", eventReads);
events.route("/", eventSeats);
events.route("/", eventCrud);
