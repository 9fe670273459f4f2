import { db, type Db } from "../db/client";
import type { Environment } from "../domain/scope";
import {
  chartHasEvents,
  chartKeyInOtherWorkspace,
  createChart,
  deleteChart,
  getChartByKey,
  isConstraintError,
  listCharts,
  loadLayout,
  loadPublishedLayout,
  newChartKey,
  updateChart,
  type ChartRow,
} from "../db/charts";
import type { ChartCreate, ChartRecord, ChartUpdate } from "../domain/charts";
import type { FailedEntry } from "../domain/outcome";
import { ServiceError } from "../domain/errors";
import { checkIfMatch } from "./chart-etag";
import { EMPTY_LAYOUT, type Layout } from "../domain/layout";
import { publishChart, publishCheck, unpublishChart } from "./publish-flow";

/**
 * The chart resource's operations (docs/charts.md#the-chart-api, docs/charts.md#the-layout) on a workspace: charts are
 * workspace-wide, so no environment is involved. The public API and the dashboard both call these,
 * so each rule (key clashes, deleting a chart with events, publish refusals) lives here once. A
 * refusal is thrown as a ServiceError (src/README.md "Failures").
 */

/** The public form of a chart row: internal ids stay internal. */
export function chartRecord(row: ChartRow): ChartRecord {
  return {
    chartKey: row.chartKey,
    name: row.name,
    draftVersion: row.draftVersion,
    publishedVersion: row.publishedVersion,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
  };
}

/**
 * Looks a chart up in the workspace. A key only another workspace has is 403 `forbidden`
 * (docs/api.md#authentication-and-keys; charts are workspace-wide, so a key of either environment
 * gets it), any other miss 404 `chart_not_found`. Every operation on a chart by key starts here,
 * so a refusal always comes before any change; the cross-workspace look-up runs only on a miss.
 */
export async function ownChart(d: Db, workspaceId: string, chartKey: string): Promise<ChartRow> {
  const chart = await getChartByKey(d, workspaceId, chartKey);
  if (chart) return chart;
  if (await chartKeyInOtherWorkspace(d, workspaceId, chartKey)) throw new ServiceError("forbidden", "This chart belongs to another workspace");
  throw new ServiceError("chart_not_found", `Chart ${chartKey} does not exist`);
}

/** Creates a chart; its draft starts empty unless given. A key the workspace already has is 409 `chart_exists`. */
export async function createChartRecord(env: Env, workspaceId: string, input: ChartCreate): Promise<ChartRecord> {
  try {
    const row = await createChart(db(env), {
      workspaceId,
      chartKey: input.chartKey ?? newChartKey(),
      name: input.name,
      layout: input.draftVersion ?? EMPTY_LAYOUT,
    });
    return chartRecord(row);
  } catch (err) {
    if (isConstraintError(err, "UNIQUE")) throw new ServiceError("chart_exists", `Chart ${input.chartKey} already exists`);
    throw err;
  }
}

/** A page of the workspace's charts in key order. */
export async function listChartRecords(
  env: Env,
  workspaceId: string,
  page: { limit: number; afterKey?: string },
): Promise<{ items: ChartRecord[]; lastKey?: string; hasMore: boolean }> {
  const result = await listCharts(db(env), workspaceId, page);
  return { items: result.items.map(chartRecord), lastKey: result.items.at(-1)?.chartKey, hasMore: result.hasMore };
}

/** One chart of the workspace. */
export async function getChartRecord(env: Env, workspaceId: string, chartKey: string): Promise<ChartRecord> {
  return chartRecord(await ownChart(db(env), workspaceId, chartKey));
}

/**
 * Renames a chart and/or replaces its draft. A new draft raises draftVersion by one; a rename alone
 * does not. A concurrent change of the same draft is 409 `conflict`. With `ifMatch` (the versions
 * an `If-Match` header names, see chart-etag.ts) a draft that is no longer at one of those versions is
 * 412 `precondition_failed`, also when another change wins the race between the check and the write.
 */
export async function updateChartRecord(env: Env, workspaceId: string, chartKey: string, input: ChartUpdate, ifMatch?: number[]): Promise<ChartRecord> {
  const d = db(env);
  const chart = await ownChart(d, workspaceId, chartKey);
  checkIfMatch(ifMatch, chart.draftVersion);
  let updated: ChartRow | null;
  try {
    updated = await updateChart(d, chart, { name: input.name, layout: input.draftVersion });
  } catch (err) {
    if (!isConstraintError(err, "UNIQUE") && !isConstraintError(err, "PRIMARY KEY")) throw err;
    updated = null;
  }
  if (!updated) {
    if (ifMatch !== undefined) throw new ServiceError("precondition_failed", "The draft was changed by another request meanwhile; reload it or save a copy");
    throw new ServiceError("conflict", "The chart was changed by another request at the same time; retry");
  }
  return chartRecord(updated);
}

/** Deletes a chart; refused with 409 `chart_has_events` while any event of either environment is bound to it. */
export async function deleteChartRecord(env: Env, workspaceId: string, chartKey: string): Promise<{ chartKey: string; deleted: true }> {
  const d = db(env);
  const chart = await ownChart(d, workspaceId, chartKey);
  const refuse = () => new ServiceError("chart_has_events", `Chart ${chart.chartKey} has events; delete or move them first`);
  if (await chartHasEvents(d, chart.id)) throw refuse();
  try {
    await deleteChart(d, chart.id);
  } catch (err) {
    // An event created between the check and the delete trips the events.chart_id foreign key.
    if (isConstraintError(err, "FOREIGN KEY")) throw refuse();
    throw err;
  }
  return { chartKey: chart.chartKey, deleted: true };
}

/** The chart's draft layout (the empty layout when none is stored). */
export async function getDraftLayout(env: Env, workspaceId: string, chartKey: string): Promise<Layout> {
  return (await getDraft(env, workspaceId, chartKey)).layout;
}

/** The chart's draft layout with the version it is (for the ETag of a draft read). */
export async function getDraft(env: Env, workspaceId: string, chartKey: string): Promise<{ draftVersion: number; layout: Layout }> {
  const d = db(env);
  const chart = await ownChart(d, workspaceId, chartKey);
  return { draftVersion: chart.draftVersion, layout: (await loadLayout(d, chart.id, chart.draftVersion)) ?? EMPTY_LAYOUT };
}

/** The chart's published layout; 404 `not_found` while it is unpublished. */
export async function getPublishedLayout(env: Env, workspaceId: string, chartKey: string): Promise<Layout> {
  const layout = await findPublishedLayout(env, workspaceId, chartKey);
  if (!layout) throw new ServiceError("not_found", `Chart ${chartKey} is not published`);
  return layout;
}

/** The chart's published layout, or null while it is unpublished. */
export async function findPublishedLayout(env: Env, workspaceId: string, chartKey: string): Promise<Layout | null> {
  const d = db(env);
  return loadPublishedLayout(d, await ownChart(d, workspaceId, chartKey));
}

/**
 * Publishes the draft. Without `force` it is refused with 409 `publish_affects_reservations` when
 * events hold or booked objects the draft would remove, retype, recategorise or shrink. `actor` is
 * the environment of the key (or dashboard page) asking: a sandbox actor's force never reaches a
 * production event's reservations (403 `forbidden`).
 */
export async function publishChartRecord(env: Env, workspaceId: string, chartKey: string, force: boolean, actor: Environment): Promise<ChartRecord> {
  const d = db(env);
  return chartRecord(await publishChart(env, d, await ownChart(d, workspaceId, chartKey), force, actor));
}

/** What publishing the draft would do to reservations, in both environments; empty when it is safe. */
export async function checkChartPublish(env: Env, workspaceId: string, chartKey: string): Promise<{ chartKey: string; affected: FailedEntry[] }> {
  const d = db(env);
  const chart = await ownChart(d, workspaceId, chartKey);
  return { chartKey: chart.chartKey, affected: await publishCheck(env, d, chart) };
}

/**
 * Clears the published version; events keep working and appear empty. A sandbox actor is refused
 * (403 `forbidden`) while a production event of the chart has held or booked objects.
 */
export async function unpublishChartRecord(env: Env, workspaceId: string, chartKey: string, actor: Environment): Promise<ChartRecord> {
  const d = db(env);
  return chartRecord(await unpublishChart(env, d, await ownChart(d, workspaceId, chartKey), actor));
}
