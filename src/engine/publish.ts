import { publishImpact } from "../charts/impact";
import { indexLayout, type Layout } from "../charts/layout";
import { db } from "../db/client";
import { eventsOfChart } from "../db/events";
import type { FailedEntry } from "../http/errors";
import { forImpact } from "./staging";
import { eventStub } from "./stub";

/** Another publish of the same chart holds the events' stage; the caller may retry. */
export class PublishBusyError extends Error {
  constructor() {
    super("another publish of this chart is in progress");
    this.name = "PublishBusyError";
  }
}

/** What a publish of `layout` would do to reservations of the chart's events, in both environments. */
export interface PublishInput {
  workspaceId: string;
  chartId: string;
  chartKey: string;
  version: number | null;
  layout: Layout | null;
}

/** What stagePublish answers, as far as the orchestration cares. */
interface StageOutcome {
  ok: boolean;
  code?: string;
  failed?: FailedEntry[];
}

/** DO calls in flight at once during a fan-out. */
const FAN_OUT = 16;

async function mapLimited<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FAN_OUT, items.length) }, worker));
  return out;
}

/**
 * Publish-check: every held or booked label on any event of the chart (both environments) that the
 * new layout would remove, retype, recategorise or shrink below its reservations. Empty when safe.
 */
export async function checkPublishImpact(env: Env, input: PublishInput): Promise<FailedEntry[]> {
  const next = input.layout ? indexLayout(input.layout) : null;
  const evs = await eventsOfChart(db(env), input.chartId);
  const perEvent = await mapLimited(evs, async (ev) => {
    const res = await eventStub(env, ev.workspaceId, ev.environment, ev.eventKey).reservations();
    if (!res.ok) return [];
    return publishImpact(next, forImpact(res.objects, next)).map((e): FailedEntry => ({
      eventKey: ev.eventKey,
      environment: ev.environment,
      objectLabel: e.objectLabel,
      reason: e.reason,
      booked: e.booked,
      held: e.held,
    }));
  });
  return perEvent.flat();
}

/**
 * Applies a publish (or, with a null layout, an unpublish, which is never refused) to every event of
 * the chart with a two-phase protocol that is safe against racing holds:
 * 1. stage the new layout in every event; an event refuses when its reservations conflict and
 *    `force` is false, and from the moment it accepts, new holds must be valid under both layouts;
 * 2. on any refusal abort every stage and return `failed` (nothing changed anywhere);
 * 3. otherwise `commit()` (the chart's D1 update), then make the staged layout current everywhere.
 */
export async function applyPublishToEvents(
  env: Env,
  input: PublishInput,
  force: boolean,
  commit: () => Promise<void>,
): Promise<{ ok: true } | { ok: false; failed: FailedEntry[] }> {
  const evs = await eventsOfChart(db(env), input.chartId);
  const stageId = crypto.randomUUID();
  const effectiveForce = force || input.layout === null;
  const stubs = evs.map((ev) => ({ ev, stub: eventStub(env, ev.workspaceId, ev.environment, ev.eventKey) }));
  const abortAll = () =>
    mapLimited(stubs, async ({ stub }) => {
      await stub.abortPublish(stageId).catch((err: unknown) => console.error("abort of a staged publish failed; it expires by itself", err));
    });

  let staged: StageOutcome[];
  try {
    staged = await mapLimited(
      stubs,
      async ({ stub }) => (await stub.stagePublish({ stageId, version: input.version, layout: input.layout, force: effectiveForce })) as StageOutcome,
    );
  } catch (err) {
    await abortAll();
    throw err;
  }
  const failed: FailedEntry[] = [];
  let busy = false;
  for (const res of staged) {
    if (res.ok) continue;
    if (res.code === "event_not_found") continue; // deleted meanwhile: nothing to protect
    if (res.failed && res.failed.length > 0) failed.push(...res.failed);
    else busy = true;
  }
  if (failed.length > 0 || busy) {
    await abortAll();
    if (failed.length > 0) return { ok: false, failed };
    throw new PublishBusyError();
  }
  try {
    await commit();
  } catch (err) {
    await abortAll();
    throw err;
  }
  await mapLimited(stubs, async ({ stub }) => {
    await stub.commitPublish(stageId);
  });
  return { ok: true };
}
