import type { Layout } from "../../domain/layout";
import { publishImpact } from "../../domain/publish-impact";
import { fail, ok, type FailedEntry, type Outcome } from "../../domain/outcome";
import { deleteLayout, deleteLayoutsExcept, newLayoutKey } from "../state/layout-blobs";
import type { LayoutIndex } from "../state/layout-index";
import { writeLayoutVersion, type StoredStage } from "./layout-store";
import { gaStatus } from "../state/ga-counts";
import { recordChange } from "../state/status-history";
import { reservedObjects } from "../reads/status-reads";
import { getMeta, setMeta } from "../state/store";
import type { ActiveStage } from "../state/transaction";

/**
 * Two-phase publish, the event object's half (the orchestration is charts/publish-fanout.ts):
 * 1. stage: write the new layout index beside the current one (a layout version of its own in
 *    layout_blobs), then in ONE transaction check the reservations against it and, unless forced,
 *    activate a guard. From then on a new hold must be valid under both layouts, so no hold can
 *    land on a label the publish will remove.
 * 2. commit: after D1 records the publish, the staged version becomes the current one (meta
 *    "layout" names it; the replaced version's blobs are deleted in the same transaction).
 * A stage that is never committed (the publisher died) is settled by the object's alarm against
 * what D1 says was published (reconcile.ts), STAGE_TTL_MS after it was staged at the latest.
 */
export const STAGE_TTL_MS = 60_000;

export type { StoredStage };

export interface StageRequest {
  stageId: string;
  version: number | null;
  layout: Layout | null;
  force: boolean;
}

/** The stage as the engine uses it in memory. */
export interface LoadedStage extends ActiveStage {
  stored: StoredStage;
}

/** Yields to the event loop between chunks so holds keep flowing while a big layout is written. */
function yieldNow(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Writes an index as a new layout version beside the current one (`current`, its key) and returns
 * its key; nothing guards or shows it yet. Any earlier stage goes first, and so does a version a
 * restart cut short while it was being written (no meta names it).
 */
export async function writeStage(storage: DurableObjectStorage, index: LayoutIndex, version: number | null, current: string | null): Promise<string> {
  storage.transactionSync(() => {
    deleteLayoutsExcept(storage.sql, current === null ? [] : [current]);
    setMeta(storage.sql, "stage", null);
  });
  // Holds queued meanwhile go first: encoding and writing a 100,000-seat version takes a while.
  await yieldNow();
  const key = newLayoutKey(version);
  storage.transactionSync(() => writeLayoutVersion(storage.sql, key, index));
  return key;
}

/**
 * The deciding step of a stage, run inside one transactionSync: checks current reservations against
 * the new layout (publish rule 2) and activates the stage, or refuses and clears it.
 */
export function activateStage(
  sql: SqlStorage,
  current: LayoutIndex,
  req: StageRequest & { chartId: string },
  staged: { index: LayoutIndex; layoutKey: string },
  now: number,
  scope: { eventKey: string; environment: string },
): Outcome<{ stage: LoadedStage }> {
  const { index, layoutKey } = staged;
  if (!req.force) {
    const impact = publishImpact(req.layout ? index.objects : null, reservedObjects(sql, current, now));
    if (impact.length > 0) {
      deleteLayout(sql, layoutKey);
      const failed: FailedEntry[] = impact.map((e) => ({
        eventKey: scope.eventKey,
        environment: scope.environment,
        objectLabel: e.objectLabel,
        reason: e.reason,
        booked: e.booked,
        held: e.held,
      }));
      return fail("conflict", "The publish would affect held or booked objects", { failed });
    }
  }
  const stored: StoredStage = {
    focalPoint: index.focalPoint,
    stageId: req.stageId,
    layoutKey,
    chartId: req.chartId,
    version: req.version,
    force: req.force,
    expiresAt: now + STAGE_TTL_MS,
    categories: index.categories,
    sectionLabels: index.sectionLabels,
  };
  setMeta(sql, "stage", stored);
  return ok({ stage: { stored, index, guard: !req.force, expiresAt: stored.expiresAt } });
}

/** The persisted stage, if any. */
export function storedStage(sql: SqlStorage): StoredStage | null {
  return getMeta<StoredStage>(sql, "stage");
}

/**
 * Records, inside the transaction that makes `next` current, every reservation the new layout
 * removes, retypes, recategorises or shrinks (a forced publish keeps them as they are, so each
 * record's status equals its previous status). Returns how many were recorded.
 */
export function recordPublishImpact(sql: SqlStorage, current: LayoutIndex, next: LayoutIndex, now: number): number {
  const reserved = reservedObjects(sql, current, now);
  const affected = new Set(publishImpact(next.objects, reserved).map((e) => e.objectLabel));
  let recorded = 0;
  for (const r of reserved) {
    if (!affected.has(r.objectLabel)) continue;
    if (r.objectType === "seat") {
      const status = r.booked > 0 ? "booked" : "held";
      recordChange(sql, { label: r.objectLabel, objectType: "seat", status, previous: status, cause: "publish", extra: null }, now, null);
    } else {
      const status = gaStatus(current.object(r.objectLabel)?.capacity ?? 0, { held: r.held, booked: r.booked });
      recordChange(
        sql,
        {
          label: r.objectLabel,
          objectType: "generalAdmission",
          status,
          previous: status,
          cause: "publish",
          quantity: r.held + r.booked,
          held: r.held,
          booked: r.booked,
          extra: null,
        },
        now,
        null,
      );
    }
    recorded++;
  }
  return recorded;
}
