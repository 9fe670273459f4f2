import { and, asc, eq, gt, inArray, ne } from "drizzle-orm";
import type { Db } from "./client";
import type { Environment } from "../domain/scope";
import type { PartialSeason } from "../domain/seasons";
import { charts, events, seasons } from "./schema";

/** A season row with its JSON columns parsed and its chart's key. */
export interface SeasonRow {
  id: string;
  workspaceId: string;
  environment: Environment;
  seasonKey: string;
  name: string | null;
  chartId: string;
  chartKey: string;
  eventKeys: string[];
  partialSeasons: PartialSeason[];
  createdAt: string;
  timeZone: string | null;
}

const columns = {
  id: seasons.id,
  workspaceId: seasons.workspaceId,
  environment: seasons.environment,
  seasonKey: seasons.seasonKey,
  name: seasons.name,
  chartId: seasons.chartId,
  eventKeys: seasons.eventKeys,
  partialSeasons: seasons.partialSeasons,
  createdAt: seasons.createdAt,
  timeZone: seasons.timeZone,
  chartKey: charts.chartKey,
};

type Raw = Omit<SeasonRow, "eventKeys" | "partialSeasons" | "chartKey"> & { eventKeys: string; partialSeasons: string; chartKey: string | null };

function parsed(r: Raw): SeasonRow {
  return {
    ...r,
    chartKey: r.chartKey ?? "",
    eventKeys: JSON.parse(r.eventKeys) as string[],
    partialSeasons: JSON.parse(r.partialSeasons) as PartialSeason[],
  };
}

/** Inserts a season row; false when the key already exists in that workspace and environment. */
export async function insertSeason(d: Db, row: Omit<SeasonRow, "chartKey" | "partialSeasons">): Promise<boolean> {
  const res = await d
    .insert(seasons)
    .values({ ...row, eventKeys: JSON.stringify(row.eventKeys), partialSeasons: "[]" })
    .onConflictDoNothing()
    .run();
  return (res.meta.changes ?? 0) > 0;
}

export async function getSeason(d: Db, workspaceId: string, environment: Environment, seasonKey: string): Promise<SeasonRow | null> {
  const row = await d
    .select(columns)
    .from(seasons)
    .leftJoin(charts, eq(charts.id, seasons.chartId))
    .where(and(eq(seasons.workspaceId, workspaceId), eq(seasons.environment, environment), eq(seasons.seasonKey, seasonKey)))
    .get();
  return row ? parsed(row) : null;
}

export async function listSeasons(
  d: Db,
  workspaceId: string,
  environment: Environment,
  opts: { limit: number; afterKey?: string },
): Promise<{ items: SeasonRow[]; hasMore: boolean }> {
  const conds = [eq(seasons.workspaceId, workspaceId), eq(seasons.environment, environment)];
  if (opts.afterKey !== undefined) conds.push(gt(seasons.seasonKey, opts.afterKey));
  const rows = await d
    .select(columns)
    .from(seasons)
    .leftJoin(charts, eq(charts.id, seasons.chartId))
    .where(and(...conds))
    .orderBy(asc(seasons.seasonKey))
    .limit(opts.limit + 1)
    .all();
  return { items: rows.slice(0, opts.limit).map(parsed), hasMore: rows.length > opts.limit };
}

/** Replaces a season's member events and partial seasons. */
export async function setSeasonMembers(d: Db, id: string, members: { eventKeys: string[]; partialSeasons: PartialSeason[] }): Promise<void> {
  await d
    .update(seasons)
    .set({ eventKeys: JSON.stringify(members.eventKeys), partialSeasons: JSON.stringify(members.partialSeasons) })
    .where(eq(seasons.id, id))
    .run();
}

/** Changes a season's name and time zone; a field left undefined is kept. */
export async function setSeasonDetails(d: Db, id: string, details: { name?: string; timeZone?: string }): Promise<void> {
  const set: { name?: string; timeZone?: string } = {};
  if (details.name !== undefined) set.name = details.name;
  if (details.timeZone !== undefined) set.timeZone = details.timeZone;
  if (Object.keys(set).length > 0) await d.update(seasons).set(set).where(eq(seasons.id, id)).run();
}

export async function deleteSeasonRow(d: Db, id: string): Promise<void> {
  await d.delete(seasons).where(eq(seasons.id, id)).run();
}

/** Whether a season key exists in another workspace (403 rather than 404, docs/api.md#authentication-and-keys). */
export async function seasonKeyInOtherWorkspace(d: Db, workspaceId: string, seasonKey: string): Promise<boolean> {
  const row = await d
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(eq(seasons.seasonKey, seasonKey), ne(seasons.workspaceId, workspaceId)))
    .get();
  return row !== undefined;
}

/** Which of these event keys exist in the workspace and environment (checked in chunks under D1's parameter limit). */
export async function existingEventKeys(d: Db, workspaceId: string, environment: Environment, keys: string[]): Promise<string[]> {
  const found: string[] = [];
  for (let i = 0; i < keys.length; i += 90) {
    const chunk = keys.slice(i, i + 90);
    const rows = await d
      .select({ eventKey: events.eventKey })
      .from(events)
      .where(and(eq(events.workspaceId, workspaceId), eq(events.environment, environment), inArray(events.eventKey, chunk)))
      .all();
    found.push(...rows.map((r) => r.eventKey));
  }
  return found;
}
