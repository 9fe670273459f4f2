import { db } from "../db/client";
import { eventKeyInOtherWorkspace, eventKeysByIds, getEvent } from "../db/events";
import { ServiceError } from "../domain/errors";
import { EVENT_KEY } from "../domain/events";
import type { Scope } from "../domain/scope";
import type { JoinResult, TicketStatus, WaitingRoom, WaitingRoomConfig } from "../domain/waiting-room";
import { callEvent, notFound, requireKnownEvent, stubFor } from "../events/event-object-calls";
import { deleteEvent } from "../events/event-operations";
import { admissionEventId, verifyAdmission, type AdmissionScope } from "./admission";
import { shardOf, ticketShard } from "./queue-core";
import { pacerStub } from "./pacer-stub";
import { shardStub } from "./shard-stub";

/**
 * The waiting room's operations (docs/waiting-room.md), for the API's routes and the dashboard. Configuring
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
  if (status === null) {
    const room = await noRoom(env, scope, eventKey);
    throw room.code === "not_found" ? new ServiceError("not_found", "No such ticket in this event's waiting room") : room;
  }
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

/** At most this many admissions in one request's X-Admission (a season hold: one per event whose room is open). */
export const MAX_ADMISSIONS = 100;

/**
 * The events a season hold's admissions admit this client to (docs/waiting-room.md): X-Admission as a
 * comma-separated list (several headers arrive joined the same way), each admission verified for
 * the event it names, one HMAC each and one D1 read for the events' keys. Forged, expired and
 * other clients' admissions are simply not among the answer; more than {@link MAX_ADMISSIONS} is 400.
 */
export async function admittedEventIds(env: Env, scope: Scope, client: string, header: string): Promise<string[]> {
  const admissions = [...new Set(header.split(",").map((a) => a.trim()))].filter((a) => a.length > 0 && a.length <= 200);
  if (admissions.length > MAX_ADMISSIONS)
    throw new ServiceError("validation_failed", `At most ${MAX_ADMISSIONS} admissions may be sent`, {
      errors: { "X-Admission": [`at most ${MAX_ADMISSIONS} admissions, comma-separated`] },
    });
  const named = admissions
    .map((admission) => ({ admission, eventId: admissionEventId(admission) }))
    .filter((a): a is { admission: string; eventId: string } => a.eventId !== null);
  if (named.length === 0) return [];
  const keys = await eventKeysByIds(db(env), scope.workspaceId, scope.environment, [...new Set(named.map((a) => a.eventId))]);
  const verified = await Promise.all(
    named.map(({ admission, eventId }) => {
      const eventKey = keys.get(eventId);
      return eventKey === undefined ? null : verifyAdmission(env, scopeOf(scope, eventKey), admission, client, Date.now());
    }),
  );
  return [...new Set(verified.filter((id): id is string => id !== null))];
}

/**
 * No room to join: another workspace's event is 403 (docs/api.md#authentication-and-keys), an event the scope
 * does not have 404 `event_not_found` (docs/events.md#events), and an event without an enabled room 404 `not_found`.
 * Only this path reads D1: a join of an open room never does.
 */
async function noRoom(env: Env, scope: Scope, eventKey: string): Promise<ServiceError> {
  const d = db(env);
  if (!EVENT_KEY.test(eventKey) || (await getEvent(d, scope.workspaceId, scope.environment, eventKey)) === null) {
    if (EVENT_KEY.test(eventKey) && (await eventKeyInOtherWorkspace(d, scope.workspaceId, eventKey)))
      return new ServiceError("forbidden", "This event belongs to another workspace");
    return new ServiceError("event_not_found", `Event ${eventKey} does not exist`);
  }
  return new ServiceError("not_found", `Event ${eventKey} has no open waiting room`);
}
