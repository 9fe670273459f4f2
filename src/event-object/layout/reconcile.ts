import type { Layout } from "../../domain/layout";
import { loadLayout } from "../../db/charts";
import { db } from "../../db/client";
import { getEvent } from "../../db/events";
import type { EventMeta } from "../../domain/events";

/**
 * What D1 (the record of truth for charts and events) says an event object should show. The
 * object compares it with what it shows and converges: after a publish whose final swap it missed,
 * after being created while its chart was being published, or after a chart move it never heard of.
 */
export type PublishedTruth =
  /** D1 no longer has this event (deleted, or re-created under the same key). */
  { kind: "gone" } | { kind: "event"; chartId: string; chartKey: string; version: number | null };

/** Reads the event's row and its chart's published version. Throws when D1 cannot be read. */
export async function readPublishedTruth(env: Pick<Env, "DB">, meta: EventMeta): Promise<PublishedTruth> {
  const row = await getEvent(db(env), meta.workspaceId, meta.environment, meta.eventKey);
  if (!row || row.id !== meta.eventId) return { kind: "gone" };
  return { kind: "event", chartId: row.chartId, chartKey: row.chartKey, version: row.publishedVersion };
}

/**
 * The layout of a published version, or undefined when D1 no longer stores that version (the
 * chart moved on since it was read: the caller tries again later). null for "unpublished".
 */
export async function loadPublished(env: Pick<Env, "DB">, chartId: string, version: number | null): Promise<Layout | null | undefined> {
  if (version === null) return null;
  return (await loadLayout(db(env), chartId, version)) ?? undefined;
}
