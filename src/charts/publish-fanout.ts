import { db } from "../db/client";
import { eventsOfChart } from "../db/events";
import type { FailedEntry } from "../domain/outcome";
import { eventStub } from "../event-object/event-stub";
import { publishImpact } from "../domain/publish-impact";
import { indexLayout, type Layout } from "../domain/layout";
import type { Environment } from "../domain/scope";
import { logError } from "../domain/log-safety";

/**
 * The Worker's side of a publish: it fans the change out to every event object of the chart and
 * commits it in D1 between the two phases (see event-object/layout/staging.ts for the objects' side).
 */

/** Another publish of the same chart holds the events' stage; the caller may retry. */
export class PublishBusyError extends Error {
  constructor() {
    super("another publish of this chart is in progress");
    this.name = "PublishBusyError";
  }
}

/** What a publish of `layout` (null: unpublish) means for the chart's events, in both environments. */
export interface PublishInput {
  workspaceId: string;
  chartId: string;
  chartKey: string;
  version: number | null;
  layout: Layout | null;
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

/** The event objects of the chart, as D1 lists them now. */
async function stubsOfChart(env: Env, chartId: string) {
  const evs = await eventsOfChart(db(env), chartId);
  return evs.map((ev) => ({ ev, stub: eventStub(env, ev.workspaceId, ev.environment, ev.eventKey) }));
}

/**
 * Publish-check: every held or booked label on any event of the chart (both environments) that the
 * new layout would remove, retype, recategorise or shrink below its reservations. Empty when safe.
 */
export async function checkPublishImpact(env: Env, input: PublishInput): Promise<FailedEntry[]> {
  const next = input.layout ? indexLayout(input.layout) : null;
  const perEvent = await mapLimited(await stubsOfChart(env, input.chartId), async ({ ev, stub }) => {
    const res = await stub.reservations();
    if (!res.ok) return [];
    return publishImpact(next, res.value.objects).map((e): FailedEntry => ({
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
 * 2. on any refusal abort every stage and return `failed` (nothing changed anywhere); a forced
 *    publish or an unpublish by a sandbox key is forced in sandbox events only, so a production
 *    event's reservations refuse it (`forbidden`);
 * 3. otherwise `commit()` (the chart's D1 update), then tell every event of the chart to make it
 *    current. The events are listed again for that: one created during the publish was not staged,
 *    and converges on D1 instead. An object this step never reaches (the Worker died) settles its
 *    stage against D1 from its own alarm.
 */
export async function applyPublishToEvents(
  env: Env,
  input: PublishInput,
  force: boolean,
  commit: () => Promise<void>,
  actor: Environment = "production",
): Promise<{ ok: true } | { ok: false; failed: FailedEntry[]; forbidden: boolean }> {
  const stageId = crypto.randomUUID();
  const effectiveForce = force || input.layout === null;
  // A sandbox key may not change what production buyers hold (docs/security.md): its force, and an
  // unpublish, stop at a production event's reservations as a normal publish would.
  const forceFor = (environment: Environment) => effectiveForce && !(actor === "sandbox" && environment === "production");
  const stubs = await stubsOfChart(env, input.chartId);
  const abortAll = () =>
    mapLimited(stubs, async ({ stub }) => {
      await stub.abortPublish(stageId).catch((err: unknown) => logError("abort of a staged publish failed; the object settles it itself", err));
    });

  let staged;
  try {
    staged = await mapLimited(
      stubs,
      async ({ ev, stub }) => await stub.stagePublish({ stageId, version: input.version, layout: input.layout, force: forceFor(ev.environment) }),
    );
  } catch (err) {
    await abortAll();
    throw err;
  }
  const failed: FailedEntry[] = [];
  let busy = false;
  for (const res of staged) {
    if (res.ok || res.code === "event_not_found") continue; // deleted meanwhile: nothing to protect
    if (res.failed && res.failed.length > 0) failed.push(...res.failed);
    else busy = true;
  }
  if (failed.length > 0 || busy) {
    await abortAll();
    // Refused only because the caller's force did not reach production: forbidden, not a conflict.
    if (failed.length > 0) return { ok: false, failed, forbidden: effectiveForce };
    throw new PublishBusyError();
  }
  try {
    await commit();
  } catch (err) {
    await abortAll();
    throw err;
  }
  await mapLimited(await stubsOfChart(env, input.chartId), async ({ stub }) => {
    await stub.commitPublish(stageId).catch((err: unknown) => logError("an event missed the final swap of a publish; it settles from its alarm", err));
  });
  return { ok: true };
}
