import { eventObjectName } from "../domain/live-relays";
import type { Environment } from "../domain/scope";

type EventNamespace = Pick<Env, "EVENTS">["EVENTS"];

/**
 * The ids of the events this isolate called lately, per namespace: `idFromName` hashes the name on
 * every call, and every hold of an on-sale names the same event. An id is a plain value (no I/O of
 * its own), so it may serve any later request; the map is bounded and emptied when full.
 */
const ids = new WeakMap<EventNamespace, Map<string, DurableObjectId>>();
const MAX_IDS = 10_000;

function idOf(namespace: EventNamespace, name: string): DurableObjectId {
  let known = ids.get(namespace);
  if (known === undefined) ids.set(namespace, (known = new Map()));
  let id = known.get(name);
  if (id === undefined) {
    if (known.size >= MAX_IDS) known.clear();
    known.set(name, (id = namespace.idFromName(name)));
  }
  return id;
}

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
  return env.EVENTS.get(idOf(env.EVENTS, eventObjectName(workspaceId, environment, eventKey)));
}
