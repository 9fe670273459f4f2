import { db } from "../db/client";
import { eventKeyInOtherWorkspace, getEvent } from "../db/events";
import { ServiceError } from "../domain/errors";
import { EVENT_KEY } from "../domain/events";
import type { Scope } from "../domain/scope";

/**
 * Which event keys exist, asked before any Durable Object of an event is touched (docs/security.md):
 * a Durable Object comes into being the first time it is called, with storage of its own, so an
 * event key that exists in no workspace must be answered from D1, or a bot naming random keys
 * would create storage for each.
 *
 * The answer is kept per isolate: an event that exists for a minute (the hold path asks D1 once a
 * minute per isolate and event, not per hold), one that does not for five seconds (a flood of
 * made-up keys costs a read per key and isolate, and a just-created event is found by every
 * isolate within seconds). Creating and deleting an event in this isolate update it at once; in
 * another isolate a just-deleted event may still reach its (empty) object for up to a minute,
 * which answers `event_not_found` itself and creates nothing, as the object already exists.
 */

type Presence = "own" | "other_workspace" | "absent";

const PRESENT_MS = 60_000;
const ABSENT_MS = 5_000;
const MAX_ENTRIES = 20_000;
const known = new Map<string, { presence: Presence; until: number }>();

const cacheKey = (scope: Scope, eventKey: string) => `${scope.workspaceId}:${scope.environment}:${eventKey}`;

/** The refusal for an event the scope does not have: 403 when the key is another workspace's, else 404. */
function refusal(presence: Exclude<Presence, "own">, eventKey: string): ServiceError {
  if (presence === "other_workspace") return new ServiceError("forbidden", "This event belongs to another workspace");
  return new ServiceError("event_not_found", `Event ${eventKey} does not exist`);
}

function remember(key: string, presence: Presence, now: number): void {
  if (known.size >= MAX_ENTRIES) {
    for (const [k, v] of known) if (v.until <= now) known.delete(k);
    if (known.size >= MAX_ENTRIES) known.clear();
  }
  known.set(key, { presence, until: now + (presence === "own" ? PRESENT_MS : ABSENT_MS) });
}

/** Where the key stands for the scope, from this isolate's memory or D1. */
async function presenceOf(env: Env, scope: Scope, eventKey: string, now: number): Promise<Presence> {
  if (!EVENT_KEY.test(eventKey)) return "absent";
  const key = cacheKey(scope, eventKey);
  const hit = known.get(key);
  if (hit !== undefined && hit.until > now) return hit.presence;
  const d = db(env);
  let presence: Presence = "own";
  if ((await getEvent(d, scope.workspaceId, scope.environment, eventKey)) === null) {
    presence = (await eventKeyInOtherWorkspace(d, scope.workspaceId, eventKey)) ? "other_workspace" : "absent";
  }
  remember(key, presence, now);
  return presence;
}

/**
 * Refuses, before any Durable Object is touched, an event the scope does not have: 404
 * `event_not_found`, or 403 `forbidden` when the key belongs to another workspace.
 */
export async function requireKnownEvent(env: Env, scope: Scope, eventKey: string): Promise<void> {
  const presence = await presenceOf(env, scope, eventKey, Date.now());
  if (presence !== "own") throw refusal(presence, eventKey);
}

/** Tells this isolate that an event was just created (true) or deleted (false). */
export function rememberEvent(scope: Scope, eventKey: string, exists: boolean): void {
  if (exists) remember(cacheKey(scope, eventKey), "own", Date.now());
  else known.delete(cacheKey(scope, eventKey));
}
