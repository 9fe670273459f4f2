import { db } from "../db/client";
import { eventKeyInOtherWorkspace } from "../db/events";
import type { Scope } from "../domain/scope";
import { EVENT_KEY } from "../domain/events";
import type { Outcome } from "../domain/outcome";
import { eventStub } from "../event-object/event-stub";
import { ServiceError } from "../domain/errors";

/** The Durable Object of an event in a workspace and environment. */
export function stubFor(env: Env, scope: Scope, eventKey: string) {
  return eventStub(env, scope.workspaceId, scope.environment, eventKey);
}

/**
 * The error for an event the caller's scope does not have: 403 `forbidden` when the key exists only
 * in another workspace (interface.md Authentication rule 4), else 404 `event_not_found`. The D1
 * look-up runs only on this path, so the hot path never pays for it.
 */
export async function notFound(env: Env, scope: Scope, eventKey: string): Promise<ServiceError> {
  if (EVENT_KEY.test(eventKey) && (await eventKeyInOtherWorkspace(db(env), scope.workspaceId, eventKey))) {
    return new ServiceError("forbidden", "This event belongs to another workspace");
  }
  return new ServiceError("event_not_found", `Event ${eventKey} does not exist`);
}

/** The one place a decision of the event object becomes an answer: its value, or its failure as a ServiceError. */
export async function unwrap<T>(env: Env, scope: Scope, eventKey: string, result: Outcome<T>): Promise<T> {
  if (result.ok) return result.value;
  if (result.code === "event_not_found") throw await notFound(env, scope, eventKey);
  throw new ServiceError(result.code, result.message, { failed: result.failed, errors: result.errors });
}
