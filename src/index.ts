import { createApp } from "./app";
import type { EventObjectEnv } from "./event-object/bindings";
import { handleWebhookBatch } from "./webhooks/consumer";

export { EventObject } from "./event-object/event-object";
export { DeliveryScheduler } from "./webhooks/scheduler";
export { SeasonCoordinator } from "./seasons/season-coordinator";
export { WaitingRoomPacer } from "./waiting-room/waiting-room-pacer";
export { WaitingRoomShard } from "./waiting-room/waiting-room-shard";

/**
 * The event object declares the bindings it uses (event-object/bindings.ts) instead of reading the
 * generated Env, whose Durable Object bindings name classes of layers above it; the generated Env
 * must give every one of them.
 */
export type EnvGivesEventObjectBindings = Env extends EventObjectEnv ? true : never;
true satisfies EnvGivesEventObjectBindings;

/** The one door (http/pipeline.ts): every request, the on-sale hold included, goes through the app. */
const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  // Both webhook queues (work and dead-letter) land here; the consumer tells them apart by name.
  queue: (batch, env) => handleWebhookBatch(batch, env),
} satisfies ExportedHandler<Env>;
