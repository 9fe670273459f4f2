import { eventObjectName } from "../domain/live-relays";
import type { Environment } from "../domain/scope";

/**
 * The Durable Object of an event: one per (workspace, environment, eventKey), so the same key in
 * the two environments (or two workspaces) names two independent objects.
 */
export function eventStub(
  env: Pick<Env, "EVENTS">,
  workspaceId: string,
  environment: Environment,
  eventKey: string,
): DurableObjectStub<import("./event-object").EventObject> {
  return env.EVENTS.get(env.EVENTS.idFromName(eventObjectName(workspaceId, environment, eventKey)));
}
