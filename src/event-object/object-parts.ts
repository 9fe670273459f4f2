import type { WebhookQueueBody } from "../domain/webhook-messages";
import { redriveMs } from "../domain/webhook-redrive";
import type { EventObjectEnv } from "./bindings";
import { decisionRunner } from "./decision-runner";
import type { DecisionParts } from "./decisions/hold-policy";
import { ensureSeasonSchema } from "./decisions/season-participant";
import { Alarm } from "./housekeeping/alarm";
import type { HousekeepingParts } from "./housekeeping/housekeeping";
import { EventLayout } from "./layout/event-layout";
import { DirectViewers } from "./live/direct-viewers";
import { LiveFeed } from "./live/live-feed";
import { RelayFanout } from "./live/relay-fanout";
import { outboxDueAt } from "./outbox/outbox";
import { OutboxSender } from "./outbox/outbox-sender";
import { EventReads } from "./reads/event-reads";
import { ensureStatusSnapshotSchema, SNAPSHOT_QUIET_MS } from "./reads/status-snapshot";
import { AccessState } from "./state/accessibility";
import { AdmissionGate } from "./state/admission-gate";
import { ChannelState, ensureChannelSchema, registerChannels } from "./state/channels";
import type { Clock } from "./state/clock";
import { ensureExtras, historyMovePending } from "./state/extras";
import { ensureIdempotencySchema } from "./state/idempotency";
import { PricingState } from "./state/prices";
import { ensurePassSchema } from "./state/pass-counts";
import { SellingState } from "./state/selling-state";
import { TableBookingState } from "./state/table-booking";
import { ensureSchema } from "./state/store";

/** The event object's collaborators, made and wired together once per instance. */
export interface ObjectParts {
  /** Which event this is and which layout it shows (publishes, chart moves, convergence on D1). */
  readonly event: EventLayout;
  readonly reads: EventReads;
  readonly live: LiveFeed;
  readonly outbox: OutboxSender;
  readonly alarm: Alarm;
  /** What every decision works with: the kept configuration and the runner. */
  readonly decisions: DecisionParts;
  /** What the alarm's work reaches. */
  readonly housekeeping: HousekeepingParts;
  /** Creates every table the object uses, if missing (on wake and after a wipe). */
  ensureSchemas(): void;
  /** Reads what survives a restart (in blockConcurrencyWhile). */
  load(): Promise<void>;
  /** Forgets every kept view and cache (the storage was wiped). */
  clear(): void;
}

/** What the object itself gives its parts: where webhooks go (the test build's may lose them) and how the event is wiped. */
export interface ObjectHooks {
  queue(): Queue<WebhookQueueBody>;
  destroy(): Promise<unknown>;
}

export function objectParts(ctx: DurableObjectState, env: EventObjectEnv, clock: Clock, hooks: ObjectHooks): ObjectParts {
  const { storage } = ctx;
  const sql = storage.sql;
  const alarm = new Alarm(storage, clock.toWall);
  const arm = (due: number) => alarm.arm(due);
  const kept = {
    selling: new SellingState(sql),
    channels: new ChannelState(sql),
    access: new AccessState(sql),
    admission: new AdmissionGate(sql),
    tableBooking: new TableBookingState(sql),
    pricing: new PricingState(sql),
  };
  registerChannels(sql, kept.channels);
  const event: EventLayout = new EventLayout({
    storage,
    env,
    now: clock.now,
    arm,
    changed: () => {
      reads.statusCache.invalidate();
      // The stored status view names the old layout: the alarm stores the new one once quiet.
      alarm.arm(clock.now() + SNAPSHOT_QUIET_MS);
      kept.selling.invalidate();
      live.resend();
    },
    outboxWritten: () => outbox.schedule(),
    destroy: hooks.destroy,
  });
  const reads = new EventReads(sql, event, clock.now, kept);
  const statusCache = reads.statusCache;
  const live = new LiveFeed(
    sql,
    event,
    statusCache,
    clock,
    {
      relay: (name) => env.LIVE_RELAYS.get(env.LIVE_RELAYS.idFromName(name)),
      hub: (name) => env.LIVE_HUBS.get(env.LIVE_HUBS.idFromName(name)),
    },
    new DirectViewers(ctx, sql),
  );
  const outbox = new OutboxSender({
    sql,
    transaction: (fn) => storage.transactionSync(fn),
    queue: hooks.queue,
    meta: () => event.meta,
    now: clock.now,
    leaseMs: () => redriveMs(env),
    waitUntil: (work) => ctx.waitUntil(work),
    arm,
  });
  const run = decisionRunner({ storage, clock, event, ...kept, statusCache, alarm, outbox, live });
  const decisions: DecisionParts = {
    sql,
    ...kept,
    run,
    viewsStale: () => {
      statusCache.invalidate();
      live.stale();
    },
    arm,
  };
  const coordinator = (name: string) => env.SEASONS.get(env.SEASONS.idFromName(name));
  const ensureSchemas = () => {
    for (const ensure of [
      ensureSchema,
      ensureIdempotencySchema,
      ensureStatusSnapshotSchema,
      ensureChannelSchema,
      ensureSeasonSchema,
      ensureExtras,
      ensurePassSchema,
      RelayFanout.ensureSchema,
    ])
      ensure(sql);
    kept.access.ensureSchema();
  };
  return {
    event,
    reads,
    live,
    outbox,
    alarm,
    decisions,
    housekeeping: { storage, clock, run, event, outbox, statusCache, access: kept.access, alarm, coordinator },
    ensureSchemas,
    async load() {
      ensureSchemas();
      kept.admission.load();
      event.load();
      live.load();
      await alarm.load();
      // Rows a previous instance committed and never had confirmed (evicted or killed meanwhile).
      if (outboxDueAt(sql, clock.now()) !== null) outbox.schedule();
      // A history written before extraData was kept once: the alarm moves its texts.
      if (historyMovePending(sql)) arm(clock.now());
    },
    clear() {
      event.clear();
      live.clear();
      for (const k of Object.values(kept)) k.clear();
      statusCache.invalidate();
    },
  };
}
