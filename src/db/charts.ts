import { and, asc, eq, gt, gte, lt, ne, sql } from "drizzle-orm";
import type { Layout } from "../domain/layout";
import { newId } from "../keys/keys";
import { nowIso, type Db } from "./client";
import { chartLayouts, charts, events } from "./schema";

/** A chart row as stored in D1. */
export type ChartRow = typeof charts.$inferSelect;

/**
 * Largest layout part in UTF-16 code units. D1 caps a value at 2 MB; a code unit is at most three
 * UTF-8 bytes, so a part with non-ASCII text is cut at a third of the ASCII size.
 */
const PART_CHARS_ASCII = 900_000;
const PART_CHARS_UNICODE = 300_000;
/** Parts read per query, so one result never carries more than a few megabytes. */
const PARTS_PER_READ = 4;

/**
 * Splits layout JSON into parts that each fit a D1 value. A cut never falls between the two
 * halves of a surrogate pair (a lone half would not survive UTF-8 encoding).
 */
export function splitLayoutJson(json: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start < json.length || parts.length === 0) {
    let end = Math.min(json.length, start + PART_CHARS_ASCII);
    // eslint-disable-next-line no-control-regex
    if (!/^[\u0000-\u007f]*$/.test(json.slice(start, end))) end = Math.min(json.length, start + PART_CHARS_UNICODE);
    const last = json.charCodeAt(end - 1);
    if (end < json.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(json.slice(start, end));
    start = end;
  }
  return parts;
}

function layoutInserts(d: Db, chartId: string, version: number, layout: Layout) {
  // One row per statement: a part is up to ~900 KB, far below the 100-parameter cap, and a
  // multi-row insert of several parts could exceed D1's per-statement size.
  return splitLayoutJson(JSON.stringify(layout)).map((body, part) => d.insert(chartLayouts).values({ chartId, version, part, body }));
}

/** Removes the parts of every version that is neither the chart's draft nor its published one. */
function pruneVersions(d: Db, chartId: string) {
  return d
    .delete(chartLayouts)
    .where(
      and(
        eq(chartLayouts.chartId, chartId),
        sql`${chartLayouts.version} <> (SELECT ${charts.draftVersion} FROM ${charts} WHERE ${charts.id} = ${chartId})`,
        sql`${chartLayouts.version} IS NOT (SELECT ${charts.publishedVersion} FROM ${charts} WHERE ${charts.id} = ${chartId})`,
      ),
    );
}

/** A new chart key: letters and digits, unique in practice. */
export function newChartKey(): string {
  return newId("chart", 16);
}

/**
 * Creates a chart whose draft (version 1) is `layout`. Throws the D1 unique-constraint error when
 * the workspace already has `chartKey`; the router maps it to 409 `chart_exists`.
 */
export async function createChart(d: Db, input: { workspaceId: string; chartKey: string; name: string; layout: Layout }): Promise<ChartRow> {
  const now = nowIso();
  const row: ChartRow = {
    id: newId("chr"),
    workspaceId: input.workspaceId,
    chartKey: input.chartKey,
    name: input.name,
    draftVersion: 1,
    publishedVersion: null,
    createdAt: now,
    updatedAt: now,
    publishedAt: null,
  };
  await d.batch([d.insert(charts).values(row), ...layoutInserts(d, row.id, 1, input.layout)]);
  return row;
}

/**
 * A new chart of the workspace whose draft and published layout are both `layout` (version 1):
 * what move-to-new-chart-copy gives an event. Named "<name> (copy)", with a generated key.
 */
export async function createChartCopy(d: Db, workspaceId: string, fromChart: Pick<ChartRow, "name">, layout: Layout): Promise<ChartRow> {
  const now = nowIso();
  const name = `${fromChart.name} (copy)`.slice(0, 255);
  const row: ChartRow = {
    id: newId("chr"),
    workspaceId,
    chartKey: newChartKey(),
    name,
    draftVersion: 1,
    publishedVersion: 1,
    createdAt: now,
    updatedAt: now,
    publishedAt: now,
  };
  await d.batch([d.insert(charts).values(row), ...layoutInserts(d, row.id, 1, layout)]);
  return row;
}

/** The workspace's chart with this key, or null (a chart of another workspace is never returned). */
export async function getChartByKey(d: Db, workspaceId: string, chartKey: string): Promise<ChartRow | null> {
  return (
    (await d
      .select()
      .from(charts)
      .where(and(eq(charts.workspaceId, workspaceId), eq(charts.chartKey, chartKey)))
      .get()) ?? null
  );
}

/**
 * Whether the key names a chart of ANOTHER workspace. Asked only once the workspace's own look-up
 * has missed, to answer 403 `forbidden` instead of 404 (the `charts_key` index serves it).
 */
export async function chartKeyInOtherWorkspace(d: Db, workspaceId: string, chartKey: string): Promise<boolean> {
  const row = await d
    .select({ id: charts.id })
    .from(charts)
    .where(and(eq(charts.chartKey, chartKey), ne(charts.workspaceId, workspaceId)))
    .limit(1)
    .get();
  return row !== undefined;
}

/** A page of the workspace's charts ordered by chartKey, starting after `afterKey`. */
export async function listCharts(d: Db, workspaceId: string, opts: { limit: number; afterKey?: string }): Promise<{ items: ChartRow[]; hasMore: boolean }> {
  const where =
    opts.afterKey === undefined ? eq(charts.workspaceId, workspaceId) : and(eq(charts.workspaceId, workspaceId), gt(charts.chartKey, opts.afterKey));
  const rows = await d
    .select()
    .from(charts)
    .where(where)
    .orderBy(asc(charts.chartKey))
    .limit(opts.limit + 1)
    .all();
  return { items: rows.slice(0, opts.limit), hasMore: rows.length > opts.limit };
}

/** Renames a chart; the draft version is untouched. Returns the updated row, or null when gone. */
export async function renameChart(d: Db, chartId: string, name: string): Promise<ChartRow | null> {
  return (await d.update(charts).set({ name, updatedAt: nowIso() }).where(eq(charts.id, chartId)).returning().get()) ?? null;
}

/**
 * Replaces the draft with `layout` as version `fromVersion + 1` (and renames, when `name` is
 * given), then drops parts no longer needed. One batch, so it is all or nothing. Two concurrent
 * saves from the same version both insert part 0 of the same new version: the loser fails on the
 * primary key and nothing of it is written; null means the draft moved on (409 `conflict`).
 */
export async function saveLayout(d: Db, chart: Pick<ChartRow, "id" | "draftVersion">, layout: Layout, name?: string): Promise<ChartRow | null> {
  const version = chart.draftVersion + 1;
  const set: Partial<ChartRow> = { draftVersion: version, updatedAt: nowIso() };
  if (name !== undefined) set.name = name;
  const [updated] = await d.batch([
    d
      .update(charts)
      .set(set)
      .where(and(eq(charts.id, chart.id), eq(charts.draftVersion, chart.draftVersion)))
      .returning(),
    ...layoutInserts(d, chart.id, version, layout),
    pruneVersions(d, chart.id),
  ]);
  // No row updated: another save moved the draft on first (its parts of `version` were pruned
  // by the same batch when they were not the draft any more).
  return updated[0] ?? null;
}

/**
 * A PATCH of a chart: a new draft layout (with an optional rename) bumps draftVersion by one; a
 * rename alone does not. Null when the draft moved on concurrently.
 */
export async function updateChart(
  d: Db,
  chart: Pick<ChartRow, "id" | "draftVersion" | "name">,
  change: { name?: string; layout?: Layout },
): Promise<ChartRow | null> {
  if (change.layout !== undefined) return saveLayout(d, chart, change.layout, change.name);
  return renameChart(d, chart.id, change.name ?? chart.name);
}

/**
 * Marks `version` as published, if it is still the draft. Returns false when the draft moved on
 * meanwhile (the caller must not claim it published what is no longer stored as the draft).
 */
export async function markPublished(d: Db, chartId: string, version: number): Promise<boolean> {
  const now = nowIso();
  const [updated] = await d.batch([
    d
      .update(charts)
      .set({ publishedVersion: version, publishedAt: now, updatedAt: now })
      .where(and(eq(charts.id, chartId), eq(charts.draftVersion, version)))
      .returning({ id: charts.id }),
    pruneVersions(d, chartId),
  ]);
  return updated.length > 0;
}

/** Clears the published version; the draft stays. */
export async function markUnpublished(d: Db, chartId: string): Promise<void> {
  await d.batch([
    d.update(charts).set({ publishedVersion: null, publishedAt: null, updatedAt: nowIso() }).where(eq(charts.id, chartId)),
    pruneVersions(d, chartId),
  ]);
}

/** True when a D1 error (possibly wrapped by drizzle) is a constraint violation of `kind`. */
export function isConstraintError(err: unknown, kind: "UNIQUE" | "FOREIGN KEY" | "PRIMARY KEY"): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e.message.includes(`${kind} constraint failed`)) return true;
  }
  return false;
}

/** Whether any event of either environment is bound to the chart. */
export async function chartHasEvents(d: Db, chartId: string): Promise<boolean> {
  return (await d.select({ id: events.id }).from(events).where(eq(events.chartId, chartId)).limit(1).get()) !== undefined;
}

/**
 * Deletes a chart and its layouts. The caller checks for bound events first; an event created in
 * between still makes the delete fail on the events.chart_id foreign key, never dangle.
 */
export async function deleteChart(d: Db, chartId: string): Promise<void> {
  await d.batch([d.delete(chartLayouts).where(eq(chartLayouts.chartId, chartId)), d.delete(charts).where(eq(charts.id, chartId))]);
}

/** The layout of one stored version of a chart, or null when that version is not stored. */
export async function loadLayout(d: Db, chartId: string, version: number): Promise<Layout | null> {
  const parts: string[] = [];
  for (;;) {
    const rows = await d
      .select({ body: chartLayouts.body })
      .from(chartLayouts)
      .where(
        and(
          eq(chartLayouts.chartId, chartId),
          eq(chartLayouts.version, version),
          gte(chartLayouts.part, parts.length),
          lt(chartLayouts.part, parts.length + PARTS_PER_READ),
        ),
      )
      .orderBy(asc(chartLayouts.part))
      .all();
    for (const row of rows) parts.push(row.body);
    if (rows.length < PARTS_PER_READ) break;
  }
  if (parts.length === 0) return null;
  // Stored layouts were validated on the way in, so the parsed JSON is a Layout.
  return JSON.parse(parts.join("")) as Layout;
}

/** The chart's published layout, or null when it is unpublished. */
export async function loadPublishedLayout(d: Db, chart: Pick<ChartRow, "id" | "publishedVersion">): Promise<Layout | null> {
  return chart.publishedVersion === null ? null : loadLayout(d, chart.id, chart.publishedVersion);
}
