import { createApp } from "./app";
import type { EventObjectEnv } from "./event-object/bindings";
import type { ShardEnv } from "./waiting-room/waiting-room-shard";
import type { HubEnv } from "./live-relays/live-hub";
import { handleWebhookBatch } from "./webhooks/consumer";
import { housekeeping } from "./routes/housekeeping";

export { EventObject } from "./event-object/event-object";
export { DeliveryScheduler } from "./webhooks/scheduler";
export { SeasonCoordinator } from "./seasons/season-coordinator";
export { WaitingRoomPacer } from "./waiting-room/waiting-room-pacer";
export { WaitingRoomShard } from "./waiting-room/waiting-room-shard";
export { LiveRelay } from "./live-relays/live-relay";
export { LiveHub } from "./live-relays/live-hub";

/**
 * The event object, the waiting room's shards and the live hub declare the bindings they use
 * (event-object/bindings.ts, waiting-room/waiting-room-shard.ts, live-relays/live-hub.ts) instead of reading the generated
 * Env, whose Durable Object bindings name classes that call them back; the generated Env must give
 * every one of them.
 */
export type EnvGivesDeclaredBindings = Env extends EventObjectEnv & ShardEnv & HubEnv ? true : never;
true satisfies EnvGivesDeclaredBindings;

/** The one door (http/pipeline.ts): every request, the on-sale hold included, goes through the app. */
const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  // Both webhook queues (work and dead-letter) land here; the consumer tells them apart by name.
  queue: (batch, env) => handleWebhookBatch(batch, env),
  // The hourly cron of wrangler.toml: the webhook log's and the audit trail's retention.
  scheduled: (controller, env, ctx) => ctx.waitUntil(housekeeping(env, controller.scheduledTime)),
} satisfies ExportedHandler<Env>;
