import { db } from "../db/client";
import { eventKeyInOtherWorkspace } from "../db/events";
import { ServiceError } from "../domain/errors";
import { EVENT_KEY } from "../domain/events";
import type { Scope } from "../domain/scope";
import type { JoinResult, TicketStatus, WaitingRoom, WaitingRoomConfig } from "../domain/waiting-room";
import { callEvent, notFound, requireKnownEvent, stubFor } from "../events/event-object-calls";
import { deleteEvent } from "../events/event-operations";
import { verifyAdmission, type AdmissionScope } from "./admission";
import { shardOf, ticketShard } from "./queue-core";
import { pacerStub, shardStub } from "./room-names";

/**
 * The waiting room's operations (contract §15), for the API's routes and the dashboard. Configuring
 * and reading touch the event's object (rare, secret key); joining and polling reach one queue shard
 * each and never the event's object; a hold's admission is checked here with one signature.
 */

function scopeOf(scope: Scope, eventKey: string): AdmissionScope {
  return { workspaceId: scope.workspaceId, environment: scope.environment, eventKey };
}

/** Puts the room: the event's object learns its switch first (404/403 for an event the scope does not have), then the pacer and shards. */
export async function configureRoom(env: Env, scope: Scope, eventKey: string, body: WaitingRoomConfig): Promise<WaitingRoom> {
  const opensAt = Date.parse(body.opensAt);
  const { eventId } = await callEvent(env, scope, eventKey, (event) => event.setAdmissionGate({ enabled: body.enabled, opensAt }));
  await pacerStub(env, scopeOf(scope, eventKey)).configure({ scope: scopeOf(scope, eventKey), eventId, ...body, opensAt });
  return readRoom(env, scope, eventKey);
}

/** The room and its figures; 404 `not_found` for an event without one. */
export async function readRoom(env: Env, scope: Scope, eventKey: string): Promise<WaitingRoom> {
  await requireKnownEvent(env, scope, eventKey);
  if ((await stubFor(env, scope, eventKey).info()) === null) throw await notFound(env, scope, eventKey);
  const room = await pacerStub(env, scopeOf(scope, eventKey)).read(Date.now());
  if (room === null) throw new ServiceError("not_found", `Event ${eventKey} has no waiting room`);
  const { config, stats } = room;
  return {
    eventKey,
    enabled: config.enabled,
    opensAt: new Date(config.opensAt).toISOString(),
    admitPerMinute: config.admitPerMinute,
    sessionMinutes: config.sessionMinutes,
    stats,
  };
}

/**
 * Deletes an event (events/event-operations.ts) and then its room, so that a later event of the
 * same key neither inherits the queue nor accepts the old room's admissions.
 */
export async function deleteEventAndRoom(env: Env, scope: Scope, eventKey: string): Promise<{ eventKey: string; deleted: true }> {
  const deleted = await deleteEvent(env, scope, eventKey);
  await pacerStub(env, scopeOf(scope, eventKey)).clear(scopeOf(scope, eventKey));
  return deleted;
}

/** The room, or null when the event has none (the dashboard's event page). */
export async function readRoomIfAny(env: Env, scope: Scope, eventKey: string): Promise<WaitingRoom | null> {
  try {
    return await readRoom(env, scope, eventKey);
  } catch (err) {
    if (err instanceof ServiceError && err.code === "not_found") return null;
    throw err;
  }
}

/** Admissions per tick since `since` (the dashboard's plot). */
export async function roomTicks(env: Env, scope: Scope, eventKey: string, since: number): Promise<{ at: number; admitted: number; waiting: number }[]> {
  await requireKnownEvent(env, scope, eventKey);
  return pacerStub(env, scopeOf(scope, eventKey)).ticks(since);
}

/** A buyer joins from `client` (its CF-Connecting-IP); the same address gets the same ticket. */
export async function joinRoom(env: Env, scope: Scope, eventKey: string, client: string, now = Date.now()): Promise<JoinResult> {
  // The shards are Durable Objects too: a made-up event key reaches none of them.
  await requireKnownEvent(env, scope, eventKey);
  const joined = await shardStub(env, scopeOf(scope, eventKey), shardOf(client)).join(client, now);
  if (joined === null) throw await noRoom(env, scope, eventKey);
  return joined;
}

/** A ticket's place and, once admitted, its admission. */
export async function ticketStatus(env: Env, scope: Scope, eventKey: string, ticket: string, now = Date.now()): Promise<TicketStatus> {
  await requireKnownEvent(env, scope, eventKey);
  const shard = ticketShard(ticket);
  const status = shard === null ? null : await shardStub(env, scopeOf(scope, eventKey), shard).status(ticket, now);
  if (status === null) throw new ServiceError("not_found", "No such ticket in this event's waiting room");
  return status;
}

/**
 * The event id of a live admission to this event key for this client, or null: one HMAC, no
 * look-up. Whether the hold needs one, and whether the id is this event's, is the event object's
 * to say (its admission gate).
 */
export async function admittedEventId(env: Env, scope: Scope, eventKey: string, client: string, admission: string | undefined): Promise<string | null> {
  if (admission === undefined || admission.length > 200) return null;
  return verifyAdmission(env, scopeOf(scope, eventKey), admission, client, Date.now());
}

/** No room to join: another workspace's event is 403 (interface.md rule 4), anything else 404. */
async function noRoom(env: Env, scope: Scope, eventKey: string): Promise<ServiceError> {
  if (EVENT_KEY.test(eventKey) && (await eventKeyInOtherWorkspace(db(env), scope.workspaceId, eventKey))) {
    return new ServiceError("forbidden", "This event belongs to another workspace");
  }
  return new ServiceError("not_found", `Event ${eventKey} has no open waiting room`);
}
