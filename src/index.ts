import { createApp } from "./app";

export { EventObject } from "./engine/event-object";

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
