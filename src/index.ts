import { createApp } from "./app";
import { holdLaneEventKey, serveHoldLane } from "./routes/events/hold-lane";
import { handleWebhookBatch } from "./webhooks/consumer";

export { EventObject } from "./event-object/event-object";
export { DeliveryScheduler } from "./webhooks/scheduler";

const app = createApp();

export default {
  fetch(request, env, ctx) {
    // The on-sale hot path skips the router's middleware stack (routes/events/hold-lane.ts).
    const holdEventKey = holdLaneEventKey(request);
    return holdEventKey === null ? app.fetch(request, env, ctx) : serveHoldLane(request, env, holdEventKey);
  },
  // Both webhook queues (work and dead-letter) land here; the consumer tells them apart by name.
  queue: (batch, env) => handleWebhookBatch(batch, env),
} satisfies ExportedHandler<Env>;
