import type { Db } from "../db/client";
import { getChartByKey, loadLayout, markPublished, markUnpublished, type ChartRow } from "../db/charts";
import type { FailedEntry } from "../domain/outcome";
import { ServiceError } from "../domain/errors";
import { applyPublishToEvents, checkPublishImpact, PublishBusyError, type PublishInput } from "./publish-fanout";
import { EMPTY_LAYOUT } from "../domain/layout";
import type { Environment } from "../domain/scope";

/**
 * Publish, unpublish and publish-check of a chart: the D1 side (versions) joined to the event
 * events' side (publish-fanout.ts), which decides whether reservations allow the change and
 * calls back `commit` at the moment the chart row may change.
 */

async function draftInput(d: Db, chart: ChartRow): Promise<PublishInput> {
  const layout = (await loadLayout(d, chart.id, chart.draftVersion)) ?? EMPTY_LAYOUT;
  return { workspaceId: chart.workspaceId, chartId: chart.id, chartKey: chart.chartKey, version: chart.draftVersion, layout };
}

/** Attempts of a publish whose fan-out failed for a reason other than an answer of ours. */
const PUBLISH_ATTEMPTS = 5;

/**
 * Retries what the engine throws rather than answers: another publish of the same chart holding
 * the events' stage, or a Durable Object reset. The engine aborts its stages before throwing, and
 * a repeated commit is idempotent, so a retry is safe. ServiceErrors (our refusals) are final.
 */
async function withRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (err instanceof ServiceError) throw err;
      if (i >= PUBLISH_ATTEMPTS) {
        if (err instanceof PublishBusyError) throw new ServiceError("conflict", "Another publish of this chart is in progress; retry shortly");
        throw err;
      }
      await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** i * (0.5 + Math.random())));
    }
  }
}

/** Runs the engine hook with a commit that happens exactly once, then returns the fresh chart row. */
async function runPublish(
  env: Env,
  d: Db,
  chart: ChartRow,
  input: PublishInput,
  force: boolean,
  actor: Environment,
  write: () => Promise<void>,
): Promise<ChartRow> {
  let committed = false;
  const commit = async () => {
    if (committed) return;
    committed = true;
    await write();
  };
  const result = await withRetry(() => applyPublishToEvents(env, input, force, commit, actor));
  if (!result.ok && result.forbidden)
    throw new ServiceError(
      "forbidden",
      `A sandbox key may not change what production buyers hold: ${input.layout === null ? "unpublishing" : "publishing"} chart ${chart.chartKey} would affect held or booked objects of production events; use a production secret key`,
      { failed: result.failed },
    );
  if (!result.ok)
    throw new ServiceError(
      "publish_affects_reservations",
      `Publishing chart ${chart.chartKey} would affect held or booked objects; use force=true to publish anyway`,
      { failed: result.failed },
    );
  // The engine commits between staging and activating; should it ever succeed without calling
  // `commit` (no events, say), the D1 update must still happen.
  if (!committed) await commit();
  const fresh = await getChartByKey(d, chart.workspaceId, chart.chartKey);
  if (!fresh) throw new ServiceError("chart_not_found", `Chart ${chart.chartKey} does not exist`);
  return fresh;
}

/**
 * Publishes the chart's current draft: publishedVersion becomes draftVersion. Without `force` the
 * engine refuses (409 publish_affects_reservations) when events hold or booked objects the draft
 * would remove, retype, recategorise or shrink; with it, a sandbox `actor` is still refused (403
 * `forbidden`) where a production event's reservations would be affected.
 */
export async function publishChart(env: Env, d: Db, chart: ChartRow, force: boolean, actor: Environment): Promise<ChartRow> {
  const input = await draftInput(d, chart);
  return runPublish(env, d, chart, input, force, actor, async () => {
    if (!(await markPublished(d, chart.id, chart.draftVersion))) {
      throw new ServiceError("conflict", `The draft of chart ${chart.chartKey} changed while publishing; retry`);
    }
  });
}

/**
 * Clears the published version: events keep working and appear empty. Never refused, except to a
 * sandbox key while a production event of the chart has held or booked objects (403 `forbidden`).
 */
export async function unpublishChart(env: Env, d: Db, chart: ChartRow, actor: Environment): Promise<ChartRow> {
  const input: PublishInput = { workspaceId: chart.workspaceId, chartId: chart.id, chartKey: chart.chartKey, version: null, layout: null };
  return runPublish(env, d, chart, input, true, actor, () => markUnpublished(d, chart.id));
}

/** The publish-impact entries of publishing the current draft, in both environments. */
export async function publishCheck(env: Env, d: Db, chart: ChartRow): Promise<FailedEntry[]> {
  return checkPublishImpact(env, await draftInput(d, chart));
}
