import { db } from "../db/client";
import { eventKeyInOtherWorkspace } from "../db/events";
import { ServiceError } from "../domain/errors";
import { EVENT_KEY } from "../domain/events";
import type { Outcome } from "../domain/outcome";
import type { Scope } from "../domain/scope";
import type { EventObject } from "../event-object/event-object";
import { eventStub } from "../event-object/event-stub";
import { rememberEvent, requireKnownEvent } from "./known-events";

export { rememberEvent, requireKnownEvent };

/**
 * The Worker's door to an event's Durable Object. The object's decisions return outcome values
 * across RPC (a refusal changed nothing and says why); the Worker-side operations throw a
 * ServiceError instead. {@link callEvent} is the one place where the first becomes the second.
 */

/** The RPC stub of an event's object. */
export type EventStub = DurableObjectStub<EventObject>;

/** The Durable Object of an event in a workspace and environment, for the calls that are not decisions (the live socket's upgrade, create, delete). */
export function stubFor(env: Env, scope: Scope, eventKey: string): EventStub {
  return eventStub(env, scope.workspaceId, scope.environment, eventKey);
}

/**
 * The error for an event the caller's scope does not have: 403 `forbidden` when the key exists only
 * in another workspace (docs/api.md#authentication-and-keys), else 404 `event_not_found`. The D1
 * look-up runs only on this path, so the hot path never pays for it.
 */
export async function notFound(env: Env, scope: Scope, eventKey: string): Promise<ServiceError> {
  if (EVENT_KEY.test(eventKey) && (await eventKeyInOtherWorkspace(db(env), scope.workspaceId, eventKey))) {
    return new ServiceError("forbidden", "This event belongs to another workspace");
  }
  return new ServiceError("event_not_found", `Event ${eventKey} does not exist`);
}

/**
 * Runs one decision of the event's object and answers its value. An event the scope does not have
 * is refused before its object is touched (events/known-events.ts: 403 or 404, and no storage is
 * ever created for a made-up key). A refusal is thrown as a ServiceError with the decision's code
 * and details.
 *
 * @example const reports = await callEvent(env, scope, eventKey, (event) => event.reports());
 */
export async function callEvent<T>(env: Env, scope: Scope, eventKey: string, decide: (event: EventStub) => Promise<Outcome<T>>): Promise<T> {
  await requireKnownEvent(env, scope, eventKey);
  const result = await decide(stubFor(env, scope, eventKey));
  if (result.ok) return result.value;
  if (result.code === "event_not_found") {
    rememberEvent(scope, eventKey, false);
    throw await notFound(env, scope, eventKey);
  }
  throw new ServiceError(result.code, result.message, { failed: result.failed, errors: result.errors });
}
