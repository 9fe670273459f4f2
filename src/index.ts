import { createApp } from "./app";
import { handleWebhookBatch } from "./webhooks/consumer";

export { EventObject } from "./engine/event-object";
export { DeliveryScheduler } from "./webhooks/scheduler";

const app = createApp();

export default {
  fetch: app.fetch,
  // Both webhook queues (work and dead-letter) land here; the consumer tells them apart by name.
  queue: (batch, env) => handleWebhookBatch(batch, env),
} satisfies ExportedHandler<Env>;
