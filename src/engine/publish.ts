import type { FailedEntry } from "../http/errors";
import type { Layout } from "../charts/layout";

/** What a publish of `layout` would do to reservations of the chart's events, in both environments. */
export interface PublishInput {
  workspaceId: string;
  chartId: string;
  chartKey: string;
  version: number | null;
  layout: Layout | null;
}

/**
 * Publish-check: every held or booked label on any event of the chart that the new layout would
 * remove, retype, recategorise or shrink below its reservations. Empty when safe.
 * Placeholder until the event engine lands: there are no events yet.
 */
export async function checkPublishImpact(_env: Env, _input: PublishInput): Promise<FailedEntry[]> {
  return [];
}

/**
 * Applies a publish (or unpublish, with a null layout) to every event of the chart. Without
 * `force` it refuses when checkPublishImpact is not empty, and then nothing changes anywhere.
 * Placeholder until the event engine lands.
 */
export async function applyPublishToEvents(_env: Env, _input: PublishInput, _force: boolean): Promise<{ ok: true } | { ok: false; failed: FailedEntry[] }> {
  return { ok: true };
}
