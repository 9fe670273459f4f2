import type { LiveHubLink, LiveRelayLink } from "../domain/live-relays";
import type { SeasonCoordinatorLink } from "../domain/seasons";
import type { WebhookQueueBody } from "../domain/webhook-messages";

/**
 * The bindings the event object uses, named here with the types it needs rather than read off the
 * generated Env (src/worker-configuration.d.ts), whose Durable Object bindings name the classes of
 * the layers above: the season coordinator is reached by its one call from below
 * (domain/seasons.ts SeasonCoordinatorLink), the live relays and the event's hub by theirs
 * (domain/live-relays.ts). The Worker's entry checks that the generated Env gives
 * all of them (src/index.ts).
 */
export interface EventObjectEnv {
  /** D1: the event's row, its chart and published layouts (the layout converges on them). */
  DB: D1Database;
  /** Where the outbox sends webhook events. */
  WEBHOOKS: Queue<WebhookQueueBody>;
  /** How long an outbox row sent and not confirmed waits before it is sent again (domain/webhook-redrive.ts). */
  WEBHOOK_REDRIVE_SECONDS?: string;
  /** The season coordinators, each by its name. */
  SEASONS: SeasonCoordinators;
  /** The relays that hold the event's live viewers (src/live-relays/), each by its name. */
  LIVE_RELAYS: Namespace<LiveRelayLink>;
  /** The event's hub (src/live-relays/): told when the public view changes. */
  LIVE_HUBS: Namespace<LiveHubLink>;
}

/** A namespace of Durable Objects above the event object, as far as it calls them. */
export interface Namespace<Link> {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): Link;
}

/** A namespace of season coordinators, as far as the event object uses it. */
export interface SeasonCoordinators {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): SeasonCoordinatorLink;
}
