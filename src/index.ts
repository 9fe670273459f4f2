import { createApp } from "./app";
import { handleWebhookBatch } from "./webhooks/consumer";
import { pruneWebhookLog } from "./webhooks/retention";

export { EventObject } from "./event-object/event-object";
export { DeliveryScheduler } from "./webhooks/scheduler";
export { SeasonCoordinator } from "./seasons/season-coordinator";
export { WaitingRoomPacer } from "./waiting-room/waiting-room-pacer";
export { WaitingRoomShard } from "./waiting-room/waiting-room-shard";

/** The one door (http/pipeline.ts): every request, the on-sale hold included, goes through the app. */
const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  // Both webhook queues (work and dead-letter) land here; the consumer tells them apart by name.
  queue: (batch, env) => handleWebhookBatch(batch, env),
  // The cron trigger of wrangler.toml: the webhook delivery log's 30-day retention.
  scheduled: (_controller, env, ctx) => ctx.waitUntil(pruneWebhookLog(env).then(() => undefined)),
} satisfies ExportedHandler<Env>;
