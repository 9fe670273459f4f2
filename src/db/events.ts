import { and, asc, eq, gt, inArray, ne } from "drizzle-orm";
import type { Db } from "./client";
import type { Environment } from "../domain/scope";
import { charts, events } from "./schema";

/** An event row joined with what its record shows of the chart. */
export interface EventWithChart {
  id: string;
  workspaceId: string;
  environment: Environment;
  eventKey: string;
  chartId: string;
  createdAt: string;
  chartKey: string;
  publishedVersion: number | null;
  name: string | null;
  startsAt: string | null;
  timeZone: string | null;
}

const eventWithChart = {
  id: events.id,
  workspaceId: events.workspaceId,
  environment: events.environment,
  eventKey: events.eventKey,
  chartId: events.chartId,
  createdAt: events.createdAt,
  name: events.name,
  startsAt: events.startsAt,
  timeZone: events.timeZone,
  chartKey: charts.chartKey,
  publishedVersion: charts.publishedVersion,
};

/** Inserts an event row; false when the key already exists in that workspace and environment. */
export async function insertEvent(
  d: Db,
  row: {
    id: string;
    workspaceId: string;
    environment: Environment;
    eventKey: string;
    chartId: string;
    createdAt: string;
    name?: string | null;
    startsAt?: string | null;
    timeZone?: string | null;
  },
): Promise<boolean> {
  const res = await d.insert(events).values(row).onConflictDoNothing().run();
  return (res.meta.changes ?? 0) > 0;
}

/** The event of a key in a workspace and environment, with its chart's key and published version. */
export async function getEvent(d: Db, workspaceId: string, environment: Environment, eventKey: string): Promise<EventWithChart | null> {
  const row = await d
    .select(eventWithChart)
    .from(events)
    .innerJoin(charts, eq(charts.id, events.chartId))
    .where(and(eq(events.workspaceId, workspaceId), eq(events.environment, environment), eq(events.eventKey, eventKey)))
    .get();
  return row ?? null;
}

/** A page of a workspace environment's events in key order, after `afterKey`. */
export async function listEvents(
  d: Db,
  workspaceId: string,
  environment: Environment,
  opts: { limit: number; afterKey?: string },
): Promise<{ items: EventWithChart[]; hasMore: boolean }> {
  const conds = [eq(events.workspaceId, workspaceId), eq(events.environment, environment)];
  if (opts.afterKey !== undefined) conds.push(gt(events.eventKey, opts.afterKey));
  const rows = await d
    .select(eventWithChart)
    .from(events)
    .innerJoin(charts, eq(charts.id, events.chartId))
    .where(and(...conds))
    .orderBy(asc(events.eventKey))
    .limit(opts.limit + 1)
    .all();
  return { items: rows.slice(0, opts.limit), hasMore: rows.length > opts.limit };
}

/** Changes an event's name, start and time zone (docs/channels.md); a field left undefined is kept. */
export async function setEventDetails(d: Db, id: string, details: { name?: string; startsAt?: string; timeZone?: string }): Promise<void> {
  const set: { name?: string; startsAt?: string; timeZone?: string } = {};
  if (details.name !== undefined) set.name = details.name;
  if (details.startsAt !== undefined) set.startsAt = details.startsAt;
  if (details.timeZone !== undefined) set.timeZone = details.timeZone;
  if (Object.keys(set).length > 0) await d.update(events).set(set).where(eq(events.id, id)).run();
}

/** Deletes an event row. */
export async function deleteEventRow(d: Db, id: string): Promise<void> {
  await d.delete(events).where(eq(events.id, id)).run();
}

/** Points an event at another chart (move-to-new-chart-copy). */
export async function setEventChart(d: Db, id: string, chartId: string): Promise<void> {
  await d.update(events).set({ chartId }).where(eq(events.id, id)).run();
}

/**
 * Whether the key names an event of ANOTHER workspace (either environment). Checked only on the
 * not-found path, to answer 403 forbidden instead of 404 without slowing the hot path.
 */
export async function eventKeyInOtherWorkspace(d: Db, workspaceId: string, eventKey: string): Promise<boolean> {
  const row = await d
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.eventKey, eventKey), ne(events.workspaceId, workspaceId)))
    .limit(1)
    .get();
  return row !== undefined;
}

/** Every event bound to a chart, in both environments (publish fans out to these). */
export async function eventsOfChart(d: Db, chartId: string): Promise<{ workspaceId: string; environment: Environment; eventKey: string }[]> {
  return d
    .select({ workspaceId: events.workspaceId, environment: events.environment, eventKey: events.eventKey })
    .from(events)
    .where(eq(events.chartId, chartId))
    .all();
}

/** The keys of the events of a scope with these row ids (a season hold's admissions name their events by id). */
export async function eventKeysByIds(d: Db, workspaceId: string, environment: Environment, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await d
    .select({ id: events.id, eventKey: events.eventKey })
    .from(events)
    .where(and(eq(events.workspaceId, workspaceId), eq(events.environment, environment), inArray(events.id, ids)))
    .all();
  return new Map(rows.map((r) => [r.id, r.eventKey]));
}
