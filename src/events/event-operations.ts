import { ownChart } from "../charts/chart-operations";
import { createChartCopy, getChartByKey, loadPublishedLayout } from "../db/charts";
import { db, nowIso } from "../db/client";
import { deleteEventRow, getEvent, insertEvent, listEvents, setEventChart, setEventDetails, type EventWithChart } from "../db/events";
import type { EventCreate, EventMeta, EventPatch, EventRecord } from "../domain/events";
import type { Scope } from "../domain/scope";
import { ServiceError } from "../domain/errors";
import { DEFAULT_TIME_ZONE, toInstant } from "../domain/time-zones";
import { newId } from "../keys/keys";
import { callEvent, notFound, rememberEvent, stubFor } from "./event-object-calls";

/**
 * The event resource's operations (docs/events.md#events, docs/events.md#seat-actions move-to-new-chart-copy) on a (workspace,
 * environment) scope. The public API and the dashboard both call these, so each rule lives once.
 * A refusal is thrown as a ServiceError, the object's own refusals included (callEvent; see
 * src/README.md "Failures").
 */

/** The public record of an event row, with what its object holds: selling rules, channels, waiting room. */
async function eventRecord(env: Env, row: EventWithChart): Promise<EventRecord> {
  const { selectionRules, channels, waitingRoom } = await stubFor(env, row, row.eventKey).recordParts();
  return {
    eventKey: row.eventKey,
    chartKey: row.chartKey,
    environment: row.environment,
    chartPublishedVersion: row.publishedVersion,
    createdAt: row.createdAt,
    selectionRules,
    name: row.name,
    startsAt: row.startsAt,
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    channels,
    waitingRoom,
  };
}

function generatedEventKey(): string {
  return newId("evt", 16).replace(/^evt_/, "ev-");
}

/**
 * Creates an event on a chart: the D1 row, then the event's object with the chart's published
 * layout. A publish of the chart can run meanwhile and miss the new event (its list of events was
 * read before the row existed); so once the object is set up, the chart's version is read again and
 * the object converges on it should it have moved.
 */
export async function createEvent(env: Env, scope: Scope, input: EventCreate): Promise<EventRecord> {
  const d = db(env);
  // Another workspace's chart is 403, as any other reference to another workspace's data.
  const chart = await ownChart(d, scope.workspaceId, input.chartKey);
  const eventKey = input.eventKey ?? generatedEventKey();
  const row = {
    id: newId("ev"),
    workspaceId: scope.workspaceId,
    environment: scope.environment,
    eventKey,
    chartId: chart.id,
    createdAt: nowIso(),
    name: input.name ?? null,
    // A wall-clock start is read in the event's zone (time-zones.ts); the row keeps the UTC instant.
    startsAt: input.startsAt === undefined ? null : toInstant(input.startsAt, input.timeZone),
    timeZone: input.timeZone ?? null,
  };
  if (!(await insertEvent(d, row))) throw new ServiceError("event_exists", `Event ${eventKey} already exists`);
  rememberEvent(scope, eventKey, true);
  const stub = stubFor(env, scope, eventKey);
  try {
    const layout = await loadPublishedLayout(d, chart);
    const meta: EventMeta = {
      ...scope,
      eventKey,
      eventId: row.id,
      chartId: chart.id,
      chartKey: chart.chartKey,
      layoutVersion: layout ? chart.publishedVersion : null,
      createdAt: row.createdAt,
    };
    await stub.init(meta, layout);
  } catch (err) {
    await deleteEventRow(d, row.id);
    rememberEvent(scope, eventKey, false);
    throw err;
  }
  const now = await getChartByKey(d, scope.workspaceId, chart.chartKey);
  let publishedVersion = chart.publishedVersion;
  if (now && now.publishedVersion !== chart.publishedVersion) {
    const healed = await stub.reconcile();
    // Should D1 be busy, the object's own alarm or the next publish settles it; the event exists either way.
    if (healed.ok) publishedVersion = healed.value.layoutVersion;
  }
  return {
    eventKey,
    chartKey: chart.chartKey,
    environment: scope.environment,
    chartPublishedVersion: publishedVersion,
    createdAt: row.createdAt,
    selectionRules: {},
    name: row.name,
    startsAt: row.startsAt,
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
    channels: [],
    waitingRoom: null,
  };
}

/**
 * Changes an event's name, start and time zone (PATCH /events/{eventKey}, docs/channels.md) and answers
 * its record. A wall-clock start is read in the zone the patch sets, else the event's own.
 */
export async function updateEventDetails(env: Env, scope: Scope, eventKey: string, patch: EventPatch): Promise<EventRecord> {
  const d = db(env);
  const row = await getEvent(d, scope.workspaceId, scope.environment, eventKey);
  if (!row) throw await notFound(env, scope, eventKey);
  const timeZone = patch.timeZone ?? row.timeZone ?? DEFAULT_TIME_ZONE;
  const startsAt = patch.startsAt === undefined ? undefined : toInstant(patch.startsAt, timeZone);
  await setEventDetails(d, row.id, { name: patch.name, startsAt, timeZone: patch.timeZone });
  return eventRecord(env, { ...row, name: patch.name ?? row.name, startsAt: startsAt ?? row.startsAt, timeZone: patch.timeZone ?? row.timeZone });
}

/** A page of the scope's events in key order. */
export async function listEventRecords(
  env: Env,
  scope: Scope,
  page: { limit: number; afterKey?: string },
): Promise<{ items: EventRecord[]; lastKey?: string; hasMore: boolean }> {
  const result = await listEvents(db(env), scope.workspaceId, scope.environment, page);
  return { items: await Promise.all(result.items.map((row) => eventRecord(env, row))), lastKey: result.items.at(-1)?.eventKey, hasMore: result.hasMore };
}

/** One event of the scope (403 when the key belongs to another workspace, else 404). */
export async function getEventRecord(env: Env, scope: Scope, eventKey: string): Promise<EventRecord> {
  const row = await getEvent(db(env), scope.workspaceId, scope.environment, eventKey);
  if (!row) throw await notFound(env, scope, eventKey);
  return eventRecord(env, row);
}

/** Deletes an event and every trace of its seat state. */
export async function deleteEvent(env: Env, scope: Scope, eventKey: string): Promise<{ eventKey: string; deleted: true }> {
  const d = db(env);
  const row = await getEvent(d, scope.workspaceId, scope.environment, eventKey);
  if (!row) throw await notFound(env, scope, eventKey);
  // D1 first: should wiping the object then fail, the object finds itself gone from D1 the next
  // time it settles its layout, and a later create of the same key wipes it anyway.
  await deleteEventRow(d, row.id);
  rememberEvent(scope, eventKey, false);
  await stubFor(env, scope, eventKey).destroy();
  return { eventKey, deleted: true };
}

/**
 * Gives the event its own copy of its chart (draft and published layout = what it reads now) and
 * binds it there; emits event.chart_changed. Holds and bookings are unchanged.
 */
export async function moveToChartCopy(env: Env, scope: Scope, eventKey: string): Promise<{ eventKey: string; chartKey: string; previousChartKey: string }> {
  const d = db(env);
  const row = await getEvent(d, scope.workspaceId, scope.environment, eventKey);
  if (!row) throw await notFound(env, scope, eventKey);
  const chart = await getChartByKey(d, scope.workspaceId, row.chartKey);
  if (!chart) throw new ServiceError("chart_not_found", `Chart ${row.chartKey} does not exist`);
  const layout = await loadPublishedLayout(d, chart);
  const copy = await createChartCopy(d, scope.workspaceId, chart, layout ?? { categories: [], sections: [], generalAdmission: [] });
  await setEventChart(d, row.id, copy.id);
  return callEvent(env, scope, eventKey, (event) => event.moveToChart(copy.id, copy.chartKey, layout ? copy.publishedVersion : null));
}
