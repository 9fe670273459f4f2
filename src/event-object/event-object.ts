import { DurableObject } from "cloudflare:workers";
import type { Layout } from "../domain/layout";
import type { Reservation } from "../domain/publish-impact";
import type { EventMeta } from "../domain/events";
import { HISTORY_RETENTION_DAYS, type StatusChangesQuery, type StatusChangesResult } from "../domain/status-changes";
import { fail, ok, type Outcome } from "../domain/outcome";
import type {
  BookRequest,
  BookResult,
  ExtendRequest,
  FreedResult,
  HoldRequest,
  HoldResult,
  NotForSaleResult,
  ReleaseRequest,
  ResetResult,
} from "../domain/seats";
import type { SalesTimeline } from "../domain/sales-timeline";
import type { CompactStatus, FullStatus, ObjectsResult, ReportsResult, StatusEntry, StatusFormat, StatusQuery } from "../domain/status";
import type { WebhookQueueBody } from "../domain/webhook-messages";
import { redriveMs } from "../domain/webhook-redrive";
import { Alarm } from "./alarm";
import { book, extend, release } from "./bookings";
import { systemClock, type Clock } from "./clock";
import { ADMISSION_REQUIRED, AdmissionGate } from "./admission-gate";
import type { AdmissionGateConfig, WaitingRoomSummary } from "../domain/waiting-room";
import { EventLayout, NOT_FOUND } from "./event-layout";
import { nextDue, sweepDue, sweepExpired, SWEEP_CHUNK, SWEEP_CHUNKS_PER_RUN } from "./expiry";
import { holdGa } from "./ga";
import { readChanges, oldestRecordAt, pruneHistory, salesTimeline } from "./status-history";
import { holdSeats, markForSale, markNotForSale, resetAll } from "./holds";
import { acceptLive, broadcast, clientSockets, clientTag, type LiveMessage } from "./live-broadcast";
import { LIVE_CLIENT_HEADER, LIVE_SOCKETS_PER_CLIENT } from "../domain/client-address";
import { ackRows, outboxDueAt } from "./outbox";
import { OutboxSender } from "./outbox-sender";
import { objectsOf, reportOf, reservedObjects, statusEntries } from "./status-reads";
import { compactOf, StatusCache } from "./status-cache";
import { compactObjectsBody, compactObjectsOf } from "./objects-compact-cache";
import { changedSince, statusVersion } from "./live-since";
import type { StageRequest } from "./staging";
import { ensureSchema, latestHistorySeq, rows } from "./store";
import { Tx } from "./transaction";
import { hasRules, ruleChecks, SellingState } from "./selling-state";
import { chooseBestAvailable } from "../selling/choose";
import type { HoldBestAvailableRequest, HoldBestAvailableResult, SelectionRules } from "../domain/selling";
import type { HoldCaller, SaleRequest } from "../domain/seats";
import { IDEMPOTENCY_TTL_MS, type IdempotencyClaim, type Replayed } from "../domain/idempotency";
import { ensureIdempotencySchema, idempotencyDueAt, once, pruneIdempotency } from "./idempotency";
import type { Channel, ChannelsBody, ChannelSummary } from "../domain/channels";
import { ChannelState, ensureChannelSchema, registerChannels, remainingByPool } from "./channels";
import { dropSnapshot, ensureStatusSnapshotSchema, SNAPSHOT_QUIET_MS, snapshotDueAt, writeSnapshot } from "./status-snapshot";
import { earliestLiveExpiry } from "./status-cache";
import type { SeasonPart, SeasonStep } from "../domain/seasons";
import {
  abort as abortSeason,
  bookForSeason,
  commit as commitSeason,
  ensureSeasonSchema,
  nextDeadline as nextSeasonDeadline,
  overdue as overdueSeasonActions,
  prepare as prepareSeason,
  pruneOutcomes as pruneSeasonOutcomes,
  seasonBookedSeats,
  seasonInUse,
  type SeasonBookedSeat,
} from "./season-participant";
import { AccessState } from "./accessibility";
import type { Accessibility } from "../domain/accessibility";
import { areaForSaleFailures, areaNotForSaleFailures, markAreaForSale, markAreaNotForSale } from "./ga-sale";
import { logError } from "../domain/log-safety";

/** A key and the label a person reads for it. */
interface KeyLabel {
  key: string;
  label: string;
}

/** History records older than this are pruned by the alarm. */
const HISTORY_RETENTION_MS = HISTORY_RETENTION_DAYS * 86_400_000;
/** History records deleted per transaction, and transactions per alarm run: bounded like the sweep. */
const PRUNE_CHUNK = 500;
const PRUNE_CHUNKS_PER_RUN = 40;
/**
 * Shortest time between two live `changes` messages. Every message goes to every open socket, so
 * during a rush one message per interval, naming every seat changed in it, costs the object a few
 * sends per hold rather than one per viewer per hold (with 200 viewers a hold cost 6-8 times the
 * CPU of one without). A quiet event's change is still sent the moment it commits.
 */
const LIVE_INTERVAL_MS = 100;

/**
 * One instance per (workspace, environment, event): the only place seat state changes. Every
 * decision is one transactionSync (purge what expired, check, write state and outbox rows); after
 * commit the outbox is sent, the alarm armed and live sockets told. The methods are the RPC
 * surface the Worker calls (through callEvent, events/event-object-calls.ts); each decision answers
 * an Outcome value and throws only for a bug (src/README.md "Failures"). The rules live in the
 * modules they delegate to.
 */
export class EventObject extends DurableObject<Env> {
  /** Time as decisions see it; the test build of the object swaps in a clock it can move. */
  protected clock: Clock = systemClock;
  /** Which event this is and which layout it shows (publishes, chart moves, convergence on D1). */
  private readonly event: EventLayout;
  /** The public status view, kept in memory and patched with each commit's changed labels. */
  private readonly statusCache = new StatusCache(() => this.event.currentLayoutKey);
  /** The selling rules, and the seat index and occupancy that best available searches. */
  private readonly selling: SellingState;
  /** The event's channels (contract §12): definitions and each seat's channel. */
  private readonly channels: ChannelState;
  /** The hold-back of wheelchair spaces and companion seats (contract §14). */
  private readonly access: AccessState;
  /** The waiting room's switch (contract §15): which publishable holds need an admission. */
  private readonly admissionGate: AdmissionGate;
  private readonly alarmClock: Alarm;
  protected readonly outbox: OutboxSender;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.alarmClock = new Alarm(ctx.storage, (ms) => this.clock.toWall(ms));
    this.selling = new SellingState(ctx.storage.sql);
    this.channels = new ChannelState(ctx.storage.sql);
    this.access = new AccessState(ctx.storage.sql);
    this.admissionGate = new AdmissionGate(ctx.storage.sql);
    registerChannels(ctx.storage.sql, this.channels);
    this.outbox = new OutboxSender({
      sql: ctx.storage.sql,
      transaction: (fn) => ctx.storage.transactionSync(fn),
      queue: () => this.webhookQueue(),
      meta: () => this.event.meta,
      now: () => this.clock.now(),
      leaseMs: () => redriveMs(env),
      waitUntil: (work) => ctx.waitUntil(work),
      arm: (due) => this.alarmClock.arm(due),
    });
    this.event = new EventLayout({
      storage: ctx.storage,
      env,
      now: () => this.clock.now(),
      arm: (due) => this.alarmClock.arm(due),
      changed: () => {
        this.statusCache.invalidate();
        // The stored status view names the old layout: the alarm stores the new one once quiet.
        this.alarmClock.arm(this.clock.now() + SNAPSHOT_QUIET_MS);
        this.selling.invalidate();
        broadcast(ctx, this.snapshotText());
      },
      outboxWritten: () => this.outbox.schedule(),
      destroy: () => this.destroy(),
    });
    void ctx.blockConcurrencyWhile(async () => {
      ensureSchema(ctx.storage.sql);
      ensureIdempotencySchema(ctx.storage.sql);
      ensureStatusSnapshotSchema(ctx.storage.sql);
      ensureChannelSchema(ctx.storage.sql);
      ensureSeasonSchema(ctx.storage.sql);
      this.access.ensureSchema();
      this.admissionGate.load();
      this.event.load();
      await this.alarmClock.load();
      // Rows a previous instance committed and never had confirmed (evicted or killed meanwhile).
      if (outboxDueAt(ctx.storage.sql, this.clock.now()) !== null) this.outbox.schedule();
    });
  }

  /** Where outbox events go; the test build replaces it to hold messages back. */
  protected webhookQueue(): Queue<WebhookQueueBody> {
    return this.env.WEBHOOKS;
  }

  private get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  // ---- lifecycle -------------------------------------------------------------------------

  /**
   * Sets the event up (called right after the D1 row is written). Wipes anything a previous event
   * of the same key left, writes the layout index in chunks, and stores the metadata last, so seat
   * calls answer event_not_found until the event is complete.
   */
  async init(meta: EventMeta, layout: Layout | null): Promise<{ ok: true }> {
    await this.destroy();
    this.event.init(meta, layout);
    this.statusCache.invalidate();
    return { ok: true };
  }

  /** Deletes every trace of the event (DELETE /events/{key}); later calls answer event_not_found. */
  async destroy(): Promise<{ ok: true }> {
    for (const ws of this.ctx.getWebSockets()) ws.close(1001, "event deleted");
    await this.alarmClock.clear();
    await this.ctx.storage.deleteAll();
    ensureSchema(this.sql);
    ensureIdempotencySchema(this.sql);
    ensureStatusSnapshotSchema(this.sql);
    ensureChannelSchema(this.sql);
    ensureSeasonSchema(this.sql);
    this.access.ensureSchema();
    this.event.clear();
    this.selling.clear();
    this.channels.clear();
    this.access.clear();
    this.admissionGate.clear();
    this.statusCache.invalidate();
    return { ok: true };
  }

  /** The waiting room's switch and opening time, put with the room's configuration (contract §15). */
  async setAdmissionGate(gate: AdmissionGateConfig): Promise<Outcome<{ eventId: string }>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    this.admissionGate.set(gate);
    return ok({ eventId: meta.eventId });
  }

  /** The event's metadata, or null when not initialised. */
  async info(): Promise<EventMeta | null> {
    return this.event.meta;
  }

  // ---- seat actions ----------------------------------------------------------------------

  // Each seat action takes an optional Idempotency-Key claim: its answer is stored with the change (idempotency.ts).

  async hold(req: HoldRequest, caller: HoldCaller, idem?: IdempotencyClaim): Promise<Replayed<Outcome<HoldResult>>> {
    if (this.admissionGate.refuses(caller, this.clock.now(), this.event.meta?.eventId)) return ADMISSION_REQUIRED;
    return this.decide((tx) => {
      this.prepareHold(tx, caller, req.holdToken, req.ignoreSelectionRules === true);
      this.prepareChannels(tx, caller, req.channelKeys, req.ignoreChannels === true);
      this.prepareAccess(tx, caller, req.accessible === true);
      return req.objectType === "generalAdmission" ? holdGa(tx, req) : holdSeats(tx, req);
    }, idem);
  }

  /**
   * Holds the best available seats (contract §8): chosen from the seat index and occupancy in the
   * same transaction that holds them, under the event's selection rules, so concurrent calls can
   * never be given the same seat.
   */
  async holdBestAvailable(req: HoldBestAvailableRequest, caller: HoldCaller, idem?: IdempotencyClaim): Promise<Replayed<Outcome<HoldBestAvailableResult>>> {
    if (this.admissionGate.refuses(caller, this.clock.now(), this.event.meta?.eventId)) return ADMISSION_REQUIRED;
    return this.decide((tx) => {
      // An expired hold is free the moment it expires: the search must see it so.
      sweepDue(tx);
      this.prepareHold(tx, caller, req.holdToken, req.ignoreSelectionRules === true);
      this.prepareChannels(tx, caller, req.channelKeys, req.ignoreChannels === true);
      // Contract §14: an accessible request states the need; any other never picks a held-back seat.
      this.prepareAccess(tx, caller, req.accessible !== undefined);
      const { index, occupancy } = this.selling.view(tx.layout, tx.now);
      // Only seats in the named pools are candidates (contract §12).
      const channelMask = tx.channels ? this.channels.mask(index, tx.channels) : null;
      const eligible = req.accessible === undefined ? both(channelMask, this.access.mask(index)) : channelMask;
      const query = {
        quantity: req.quantity,
        categories: req.categories,
        sections: req.sections,
        together: req.together,
        eligible,
        ...(req.accessible ? { accessible: req.accessible } : {}),
      };
      const choice = chooseBestAvailable(index, occupancy, query, tx.rules ? tx.rules.context() : null);
      if (!choice.ok) {
        if (choice.code === "selection_rule_violated")
          return fail(choice.code, "The event's selection rules allow none of the best available seats", { failed: choice.failed });
        return fail("no_best_available", `No ${req.quantity} matching seats${req.together ? " next to each other" : ""} are available`);
      }
      // The choice already passed the rules and the hold-back: the hold itself need not ask again.
      tx.rules = null;
      tx.accessGate = null;
      const held = holdSeats(tx, { objectLabels: choice.labels, holdToken: req.holdToken, ttlSeconds: req.ttlSeconds, extraData: req.extraData });
      return held.ok ? ok({ ...held.value, nextToEachOther: choice.nextToEachOther }) : held;
    }, idem);
  }

  /** The event's selection rules ({} when none). */
  async selectionRules(): Promise<Outcome<SelectionRules>> {
    if (!this.event.meta) return NOT_FOUND;
    return ok(this.selling.rules());
  }

  /** Replaces the event's selection rules; `{}` clears them. */
  async setSelectionRules(rules: SelectionRules): Promise<Outcome<SelectionRules>> {
    if (!this.event.meta) return NOT_FOUND;
    this.ctx.storage.transactionSync(() => this.selling.setRules(rules));
    return ok(rules);
  }

  /** The event's hold-back of accessible inventory (contract §14). */
  async accessibility(): Promise<Outcome<Accessibility>> {
    if (!this.event.meta) return NOT_FOUND;
    return ok(this.access.config());
  }

  /**
   * Replaces the hold-back (PUT /accessibility) in one transaction that also releases at once what
   * its condition already releases, and arms the alarm for an `at` release.
   */
  async setAccessibility(body: Accessibility): Promise<Outcome<Accessibility>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    try {
      this.transact(meta, (tx) => this.access.replace(tx, body));
    } catch (err) {
      this.access.clear();
      throw err;
    }
    // Objects reads carry accessibleOnly: the kept views are stale.
    this.statusCache.invalidate();
    const due = this.access.dueAt();
    if (due !== null) this.alarmClock.arm(due);
    return ok(body);
  }

  /** The event's channels, seats listed (GET /channels). */
  async channelList(): Promise<Outcome<{ channels: Channel[] }>> {
    if (!this.event.meta) return NOT_FOUND;
    return ok({ channels: this.channels.read() });
  }

  /** The layout's GA areas with their capacities (the dashboard's channel editor). */
  async gaAreas(): Promise<Outcome<{ label: string; capacity: number }[]>> {
    if (!this.event.meta) return NOT_FOUND;
    const areas: { label: string; capacity: number }[] = [];
    for (const o of this.event.layout().objects.values()) if (o.objectType === "generalAdmission") areas.push({ label: o.label, capacity: o.capacity ?? 0 });
    return ok(areas);
  }

  /**
   * The names a person reads beside the reports' keys (the dashboard's counts by category and by
   * section): each category's and each section's label in the event's layout.
   */
  async layoutNames(): Promise<Outcome<{ categories: KeyLabel[]; sections: KeyLabel[] }>> {
    if (!this.event.meta) return NOT_FOUND;
    const layout = this.event.layout();
    const sections = new Map<string, string>();
    for (const o of layout.objects.values())
      if (o.sectionKey !== undefined && o.sectionLabel && !sections.has(o.sectionKey)) sections.set(o.sectionKey, o.sectionLabel);
    return ok({ categories: layout.categories.map((c) => ({ key: c.key, label: c.label })), sections: [...sections].map(([key, label]) => ({ key, label })) });
  }

  /** The channels' keys and names (the event record). */
  async channelSummary(): Promise<ChannelSummary[]> {
    return this.event.meta ? this.channels.summary() : [];
  }

  /** What the event record shows of the object, in one call: its selection rules, channels and waiting room. */
  async recordParts(): Promise<{ selectionRules: SelectionRules; channels: ChannelSummary[]; waitingRoom: WaitingRoomSummary | null }> {
    if (!this.event.meta) return { selectionRules: {}, channels: [], waitingRoom: null };
    const gate = this.admissionGate.current;
    return {
      selectionRules: this.selling.rules(),
      channels: this.channels.summary(),
      waitingRoom: gate ? { enabled: gate.enabled, opensAt: new Date(gate.opensAt).toISOString() } : null,
    };
  }

  /**
   * Replaces the channels (PUT /channels). No status changes and no history record: a held or
   * booked seat keeps its status in its new channel, and GA places already taken stay in their pool.
   */
  async setChannels(body: ChannelsBody): Promise<Outcome<{ channels: Channel[] }>> {
    if (!this.event.meta) return NOT_FOUND;
    const layout = this.event.layout();
    let result: Outcome<Channel[]>;
    try {
      result = this.ctx.storage.transactionSync(() => {
        const replaced = this.channels.replace(body, layout);
        // Entries name their channel, and no history seq records this change: the stored view goes with it.
        if (replaced.ok) dropSnapshot(this.sql);
        return replaced;
      });
    } catch (err) {
      this.channels.clear();
      throw err;
    }
    if (!result.ok) return result;
    // Objects reads and status entries carry channelKey: the kept views are stale.
    this.statusCache.invalidate();
    return ok({ channels: result.value });
  }

  async book(req: BookRequest, idem?: IdempotencyClaim): Promise<Replayed<Outcome<BookResult>>> {
    return this.decide((tx) => {
      const booked = book(tx, req);
      // Contract §14: a booking may sell out a section or the event, which releases its held-back seats.
      if (booked.ok && this.access.active()) this.access.settle(tx, new Set(req.objectLabels.map((l) => tx.layout.object(l)?.sectionKey ?? "")));
      return booked;
    }, idem);
  }

  async release(req: ReleaseRequest, idem?: IdempotencyClaim): Promise<Replayed<Outcome<FreedResult>>> {
    return this.decide((tx) => {
      const wheelchairs = this.access.heldWheelchairs(tx, req.objectLabels ?? []);
      const freed = release(tx, req);
      if (wheelchairs.length === 0) return ok(freed);
      // Contract §14: the companion seats held with a wheelchair space go with it.
      const gone = new Set(freed.objects.map((o) => o.objectLabel));
      const { index } = this.selling.view(tx.layout, tx.now);
      const companions = this.access.companionsFreedWith(
        tx,
        wheelchairs.filter((w) => gone.has(w.label)),
        index,
      );
      const objects = [...freed.objects];
      for (const [holdToken, objectLabels] of companions) {
        for (const o of release(tx, { caller: req.caller, holdToken, objectLabels }).objects) if (!gone.has(o.objectLabel)) objects.push(o);
      }
      return ok({ ...freed, objects });
    }, idem);
  }

  async extend(req: ExtendRequest, idem?: IdempotencyClaim): Promise<Replayed<Outcome<HoldResult>>> {
    return this.decide((tx) => extend(tx, req), idem);
  }

  /** Frees every object (sandbox events only), recording each in the history. No webhook events: it is a test-data wipe. */
  async reset(idem?: IdempotencyClaim): Promise<Replayed<Outcome<ResetResult>>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    if (meta.environment !== "sandbox") return fail("sandbox_only", "Only sandbox events can be reset");
    const answer = this.transact(meta, (tx) =>
      once(this.sql, tx.now, idem, () => {
        resetAll(tx);
        return ok({ eventKey: meta.eventKey, reset: true as const });
      }),
    );
    this.statusCache.invalidate();
    this.selling.invalidate();
    broadcast(this.ctx, this.snapshotText());
    this.armIdempotencyExpiry(idem);
    return answer;
  }

  /**
   * Takes seats (by label and by category) and GA places off sale (contract §4, §12): all or
   * nothing, one transaction. A plain array is the older form, labels only.
   */
  async notForSale(req: SaleRequest | string[], idem?: IdempotencyClaim): Promise<Replayed<Outcome<NotForSaleResult>>> {
    const body = Array.isArray(req) ? { objectLabels: req } : req;
    return this.decide((tx) => {
      const labels = this.saleLabels(tx, body, "free");
      tx.channelDefs = this.channels.defs();
      // Every check before any write: all or nothing (contract §12).
      const areaFailed = areaNotForSaleFailures(tx, body.areaPlaces ?? {});
      const r = markNotForSale(tx, labels, areaFailed);
      if (!r.ok) return r;
      const areas = markAreaNotForSale(tx, body.areaPlaces ?? {});
      if (!areas.ok) return areas;
      return ok({ eventKey: tx.meta.eventKey, objects: [...r.value.objects, ...areas.value] });
    }, idem);
  }

  /** Returns seats (by label and by category) and GA places to sale; what was not off sale is skipped, an area short of that many places is 409. */
  async forSale(req: SaleRequest | string[], idem?: IdempotencyClaim): Promise<Replayed<Outcome<FreedResult>>> {
    const body = Array.isArray(req) ? { objectLabels: req } : req;
    return this.decide((tx) => {
      tx.channelDefs = this.channels.defs();
      const areaFailed = areaForSaleFailures(tx, body.areaPlaces ?? {});
      if (areaFailed.length > 0) return fail("seat_unavailable", "Fewer places are off sale than asked for; nothing changed", { failed: areaFailed });
      const seats = markForSale(tx, this.saleLabels(tx, body, "not_for_sale"));
      const areas = markAreaForSale(tx, body.areaPlaces ?? {});
      if (!areas.ok) return areas;
      return ok({ eventKey: tx.meta.eventKey, objects: [...seats, ...areas.value] });
    }, idem);
  }

  // ---- reads -----------------------------------------------------------------------------

  async status(q: StatusQuery): Promise<Outcome<FullStatus>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const objects = statusEntries(this.sql, this.event.layout(), meta.layoutVersion !== null, this.clock.now(), q);
    return ok({ eventKey: meta.eventKey, seq: latestHistorySeq(this.sql), objects });
  }

  /**
   * The unfiltered publishable-key status view as a ready UTF-8 JSON body (cached until the next
   * commit or hold expiry), so neither side of the RPC pays for 40,000 entries again. When the
   * caller already has the bytes named `knownTag` and they are still current, only the tag comes back.
   */
  async statusBody(format: StatusFormat, knownTag?: string): Promise<Outcome<{ tag: string; body?: Uint8Array<ArrayBuffer> }>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const cached = this.statusCache.body(this.sql, this.event.layout(), meta.layoutVersion !== null, meta.eventKey, this.clock.now(), format);
    return ok(cached.tag === knownTag ? { tag: cached.tag } : { tag: cached.tag, body: cached.bytes });
  }

  /**
   * The unfiltered public view as `holdToken` sees it (the SDK's read), from the kept view plus the
   * token's own rows; with the version it reflects, for the live socket's `since`.
   */
  async statusForToken(format: StatusFormat, holdToken: string): Promise<Outcome<{ body: Uint8Array<ArrayBuffer>; version: string }>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const body = this.statusCache.forToken(this.sql, this.event.layout(), meta.layoutVersion !== null, meta.eventKey, this.clock.now(), format, holdToken);
    return ok({ body, version: statusVersion(meta.layoutVersion, latestHistorySeq(this.sql)) });
  }

  /** A compact status view for a filtered or secret read (uncached; extraData is not part of it). */
  async statusCompact(q: StatusQuery): Promise<Outcome<CompactStatus>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const entries = statusEntries(this.sql, this.event.layout(), meta.layoutVersion !== null, this.clock.now(), { ...q, caller: "public" });
    return ok(compactOf(meta.eventKey, latestHistorySeq(this.sql), entries, q.holdToken !== undefined));
  }

  async objects(labels?: string[]): Promise<Outcome<ObjectsResult>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    return ok({ eventKey: meta.eventKey, ...objectsOf(this.sql, this.event.layout(), this.clock.now(), labels) });
  }

  /** GET /objects?format=compact: the compact body (objects-compact.ts), its seat part kept per layout. */
  async objectsCompact(labels?: string[]): Promise<Outcome<{ body: string }>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const now = this.clock.now();
    const layout = this.event.layout();
    const body =
      labels === undefined
        ? compactObjectsBody(this.sql, layout, now, meta.eventKey)
        : compactObjectsOf(meta.eventKey, layout.categories, objectsOf(this.sql, layout, now, labels).objects, layout.focalPoint, layout.sectionLabels);
    return ok({ body: this.withChannels(body, labels) });
  }

  /**
   * Adds the seats' channels to a compact objects body (contract §12) as `channels`: seat labels per
   * channel key. Appended to the JSON object, so the body's kept seat part is unchanged.
   */
  private withChannels(body: string, labels?: string[]): string {
    if (this.channels.defs().length === 0) return body;
    const only = labels ? new Set(labels) : null;
    const byChannel: Record<string, string[]> = Object.fromEntries(this.channels.defs().map((d) => [d.key, [] as string[]]));
    for (const [label, key] of this.channels.seats()) if (only === null || only.has(label)) byChannel[key]?.push(label);
    const end = body.lastIndexOf("}");
    return `${body.slice(0, end)},"channels":${JSON.stringify(byChannel)}${body.slice(end)}`;
  }

  async reports(): Promise<Outcome<ReportsResult>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    return ok({ eventKey: meta.eventKey, ...reportOf(this.sql, this.event.layout(), this.clock.now()) });
  }

  /** A page of the event's status history (contract §9), from its indexes. */
  async statusChanges(q: StatusChangesQuery): Promise<Outcome<StatusChangesResult>> {
    if (!this.event.meta) return NOT_FOUND;
    return ok(readChanges(this.sql, q));
  }

  /** Booked and held places over the event's history in up to `spans` equal spans (the dashboard's sales plot). */
  async salesTimeline(spans: number): Promise<Outcome<SalesTimeline>> {
    if (!this.event.meta) return NOT_FOUND;
    return ok(salesTimeline(this.sql, spans));
  }

  /** Held and booked objects with quantities (publish-check). */
  async reservations(): Promise<Outcome<{ eventKey: string; objects: Reservation[] }>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    return ok({ eventKey: meta.eventKey, objects: reservedObjects(this.sql, this.event.layout(), this.clock.now()) });
  }

  // ---- seasons (contract §13; season-participant.ts, README "Seasons") ----------------------

  /** Phase 1 of a season action in this event: done and recorded as prepared, or refused with nothing changed. */
  async seasonPrepare(step: SeasonStep, caller: HoldCaller): Promise<Outcome<SeasonPart>> {
    return this.decide((tx) => {
      if (step.kind === "hold") {
        this.prepareHold(tx, caller, step.body.holdToken, step.body.ignoreSelectionRules === true);
        this.prepareChannels(tx, caller, step.body.channelKeys, step.body.ignoreChannels === true);
      }
      return prepareSeason(tx, step);
    });
  }

  /** Phase 2: the action stays. Idempotent by action id. */
  async seasonCommit(actionId: string): Promise<Outcome<SeasonPart>> {
    return this.decide((tx) => commitSeason(tx, actionId));
  }

  /** Phase 2: the prepare is undone. Idempotent; before any prepare it blocks a late one. */
  async seasonAbort(actionId: string): Promise<Outcome<{ aborted: true }>> {
    return this.decide((tx) => {
      abortSeason(tx, actionId);
      return ok({ aborted: true as const });
    });
  }

  /** Whether anything is held or booked through the season here (DELETE /seasons refuses then). */
  async seasonUse(seasonKey: string): Promise<Outcome<{ inUse: boolean }>> {
    if (!this.event.meta) return NOT_FOUND;
    return ok({ inUse: seasonInUse(this.sql, seasonKey, this.clock.now()) });
  }

  /** The seats booked here for the whole season. */
  async seasonBooked(seasonKey: string): Promise<Outcome<SeasonBookedSeat[]>> {
    if (!this.event.meta) return NOT_FOUND;
    return ok(seasonBookedSeats(this.sql, seasonKey));
  }

  /** A new member event starts with the season's booked seats booked. */
  async seasonBookInit(seasonKey: string, seats: SeasonBookedSeat[]): Promise<Outcome<{ booked: number }>> {
    return this.decide((tx) => ok({ booked: bookForSeason(tx, seasonKey, seats) }));
  }

  /**
   * Prepared season actions past their deadline: their coordinator says commit or abort (presumed
   * abort: it answers abort for anything not decided). When it cannot be reached, asked again in a second.
   */
  private async settleSeasonActions(meta: EventMeta): Promise<void> {
    const now = this.clock.now();
    for (const p of overdueSeasonActions(this.sql, now)) {
      let outcome: "commit" | "abort";
      try {
        const ns = this.env.SEASONS;
        outcome = await ns.get(ns.idFromName(p.coordinator)).outcome(p.action);
      } catch (err) {
        logError("asking a season coordinator for an outcome failed; asking again shortly", err);
        this.sql.exec("UPDATE season_prepared SET deadline = ? WHERE action = ?", now + 1000, p.action);
        continue;
      }
      this.transact(meta, (tx) => (outcome === "commit" ? commitSeason(tx, p.action) : abortSeason(tx, p.action)));
    }
    pruneSeasonOutcomes(this.sql, now);
  }

  // ---- publish, chart moves and the outbox hand-over -------------------------------------

  /** Phase 1 of a publish (staging.ts). Refused with `failed` when reservations conflict and not forced. */
  async stagePublish(req: StageRequest): Promise<Outcome<{ staged: true }>> {
    const staged = await this.event.stagePublish(req);
    this.statusCache.invalidate();
    return staged;
  }

  /** Phase 2: the staged layout becomes current; an object without that stage converges on D1. */
  async commitPublish(stageId: string): Promise<Outcome<{ layoutVersion: number | null }>> {
    return this.event.commitPublish(stageId);
  }

  /** Drops a stage that will not be committed; the layout is checked against D1 shortly after. */
  async abortPublish(stageId: string): Promise<{ ok: true }> {
    this.event.abortPublish(stageId);
    return { ok: true };
  }

  /** Converges on the chart and published version D1 records for this event. */
  async reconcile(): Promise<Outcome<{ layoutVersion: number | null }>> {
    return this.event.reconcile();
  }

  /** Points the event at another chart (move-to-new-chart-copy) and emits event.chart_changed. */
  async moveToChart(
    chartId: string,
    chartKey: string,
    layoutVersion: number | null,
  ): Promise<Outcome<{ eventKey: string; chartKey: string; previousChartKey: string }>> {
    return this.event.moveToChart(chartId, chartKey, layoutVersion);
  }

  /**
   * The webhook consumer has stored the deliveries of these outbox rows: they may go. A
   * confirmation meant for an earlier event of the same key (deleted and re-created) is ignored.
   */
  async ackOutbox(eventId: string, seqs: number[]): Promise<{ acked: number }> {
    if (this.event.meta?.eventId !== eventId) return { acked: 0 };
    return { acked: ackRows(this.sql, seqs) };
  }

  // ---- alarm and live ----------------------------------------------------------------------

  /** Sweeps expired holds in bounded chunks, settles an overdue stage, sends the outbox and re-arms. Safe to run twice. */
  override async alarm(): Promise<void> {
    this.alarmClock.fired();
    const meta = this.event.meta;
    if (!meta) return;
    let more = false;
    for (let chunk = 0; chunk < SWEEP_CHUNKS_PER_RUN; chunk++) {
      more = this.transact(meta, (tx) => sweepExpired(tx)) >= SWEEP_CHUNK;
      if (!more) break;
      // Let requests that queued up during the chunk in before the next one.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const answeredBefore = this.clock.now() - IDEMPOTENCY_TTL_MS;
    for (let chunk = 0; chunk < PRUNE_CHUNKS_PER_RUN; chunk++) {
      if (pruneIdempotency(this.sql, answeredBefore, PRUNE_CHUNK) < PRUNE_CHUNK) break;
      more = true;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const pruneUntil = this.clock.now() - HISTORY_RETENTION_MS;
    for (let chunk = 0; chunk < PRUNE_CHUNKS_PER_RUN; chunk++) {
      if (pruneHistory(this.sql, pruneUntil, PRUNE_CHUNK) < PRUNE_CHUNK) break;
      more = true;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const settle = this.event.settleDue;
    if (settle !== null && settle <= this.clock.now()) {
      // A failed check has already set its own retry time.
      await this.reconcile().catch((err: unknown) => logError("checking the layout against D1 failed; retrying later", err));
    }
    await this.settleSeasonActions(meta);
    const accessDue = this.access.dueAt();
    if (accessDue !== null && accessDue <= this.clock.now()) this.transact(meta, (tx) => this.access.settle(tx));
    await this.outbox.flush();
    const snapshotDue = this.storeStatusView();
    const now = this.clock.now();
    const oldest = oldestRecordAt(this.sql);
    const due = [
      more ? now : null,
      snapshotDue,
      nextDue(this.sql, now),
      this.event.settleDue,
      oldest === null ? null : oldest + HISTORY_RETENTION_MS,
      idempotencyDueAt(this.sql),
      nextSeasonDeadline(this.sql),
      this.access.dueAt(),
    ].filter((t): t is number => t !== null);
    if (due.length > 0) this.alarmClock.arm(Math.max(Math.min(...due), now));
  }

  /**
   * WebSocket upgrades only (GET /events/{key}/live): live status with the Hibernation API. The
   * router checks the upgrade first and turns a bare 404 or 400 from here into the error envelope.
   */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response(null, { status: 400 });
    const meta = this.event.meta;
    if (!meta) return new Response(null, { status: 404 });
    // The Worker names the publishable-key client opening the socket: at most its share of them.
    const client = request.headers.get(LIVE_CLIENT_HEADER);
    if (client !== null && clientSockets(this.ctx, client) >= LIVE_SOCKETS_PER_CLIENT) return new Response(null, { status: 429 });
    const tags = client === null ? [] : [clientTag(client)];
    // Changes still waiting for the interval go to the sockets already open, so a new socket's
    // first message (its snapshot, or what changed since its read) covers everything before it.
    this.flushLiveChanges();
    // A client that read the status at version `since` gets what changed after it, not a snapshot.
    const since = new URL(request.url).searchParams.get("since");
    const changed = since ? changedSince(this.sql, meta.layoutVersion, since) : null;
    if (changed === null) return acceptLive(this.ctx, this.snapshotText(), tags);
    return acceptLive(this.ctx, changed.length > 0 ? JSON.stringify(this.changesMessage(changed)) : null, tags);
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Clients may ping to keep intermediaries from closing an idle socket.
    if (message === "ping") ws.send(JSON.stringify({ type: "pong" }));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  // ---- internals ---------------------------------------------------------------------------

  /**
   * Binds a hold decision to its caller: the client address a publishable-key hold is counted
   * against, and the selection rules it must pass unless a secret key overrides them.
   */
  private prepareHold(tx: Tx, caller: HoldCaller, token: string, ignoreRules: boolean): void {
    tx.client = caller.kind === "public" ? (caller.client ?? null) : null;
    const rules = this.selling.rules();
    if (!hasRules(rules) || (caller.kind === "secret" && ignoreRules)) return;
    // The orphan rule reads the neighbours' status: holds that expired must read as free.
    if (rules.noOrphanSeats) sweepDue(tx);
    tx.rules = ruleChecks(this.sql, this.selling, tx.layout, tx.now, rules, token, tx.client ?? undefined);
  }

  /**
   * Binds a hold to the hold-back (contract §14): releases what time has released, then lets a
   * buyer who stated the need, or a secret key, hold held-back seats; anyone else is refused them.
   */
  private prepareAccess(tx: Tx, caller: HoldCaller, stated: boolean): void {
    tx.accessGate = null;
    if (!this.access.active()) return;
    this.access.settleDue(tx);
    if (stated || caller.kind === "secret" || !this.access.active()) return;
    tx.accessGate = (o) => this.access.heldBack(o);
  }

  /**
   * The seat labels a not-for-sale or for-sale call names: its objectLabels, plus every seat of its
   * categories that is free (`free`) or not for sale (`not_for_sale`) now.
   */
  private saleLabels(tx: Tx, body: SaleRequest, from: "free" | "not_for_sale"): string[] {
    const labels = [...(body.objectLabels ?? [])];
    if (body.categories === undefined) return labels;
    const wanted = new Set(body.categories);
    const nonFree = new Map(
      rows<{ label: string; status: string }>(this.sql, "SELECT label, status FROM seats WHERE status <> 'held' OR expires_at > ?", tx.now).map((r) => [
        r.label,
        r.status,
      ]),
    );
    for (const o of tx.layout.objects.values()) {
      if (o.objectType !== "seat" || !wanted.has(o.categoryKey)) continue;
      const status = nonFree.get(o.label) ?? "free";
      if (status === from) labels.push(o.label);
    }
    return labels;
  }

  /**
   * Binds a hold to the pools it may take from (contract §12): `channelKeys` (default the open
   * pool), or any pool for a secret key's ignoreChannels.
   */
  private prepareChannels(tx: Tx, caller: HoldCaller, channelKeys: string[] | undefined, ignore: boolean): void {
    tx.channelDefs = this.channels.defs();
    tx.channels = this.channels.gate(channelKeys, caller.kind === "secret" && ignore);
  }

  /**
   * A seat decision of an existing event (see {@link transact}); with an Idempotency-Key claim, done
   * at most once and its answer stored in the same transaction (idempotency.ts).
   */
  private decide<T>(fn: (tx: Tx) => Outcome<T>, idem?: IdempotencyClaim): Replayed<Outcome<T>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const answer = this.transact(meta, (tx) => once(this.sql, tx.now, idem, () => fn(tx)));
    this.armIdempotencyExpiry(idem);
    return answer;
  }

  /** A stored answer is deleted by the alarm once its 24 hours are over. */
  private armIdempotencyExpiry(idem: IdempotencyClaim | undefined): void {
    if (idem !== undefined) this.alarmClock.arm(this.clock.now() + IDEMPOTENCY_TTL_MS);
  }

  /**
   * Stores the public full status view (status-snapshot.ts) once the event has been quiet for a
   * while, so that the first read after a wake need not build it. Answers when to try again: null
   * when the stored view is current or there is none to store.
   */
  private storeStatusView(): number | null {
    const meta = this.event.meta;
    const layoutKey = this.event.currentLayoutKey;
    if (!meta || layoutKey === null) return null;
    const published = meta.layoutVersion !== null;
    const now = this.clock.now();
    const seq = latestHistorySeq(this.sql);
    const due = snapshotDueAt(this.sql, { layoutKey, published, seq });
    if (due === null || due > now) return due;
    const layout = this.event.layout();
    const bodies = {
      full: this.statusCache.body(this.sql, layout, published, meta.eventKey, now, "full"),
      compact: this.statusCache.body(this.sql, layout, published, meta.eventKey, now, "compact"),
    };
    const stamp = { layoutKey, published, seq, builtAt: now, validUntil: earliestLiveExpiry(this.sql, now) };
    this.ctx.storage.transactionSync(() => writeSnapshot(this.sql, stamp, bodies));
    return null;
  }

  /** Runs one decision in one synchronous transaction, then does the after-commit work. */
  private transact<T>(meta: EventMeta, fn: (tx: Tx) => T): T {
    const tx = new Tx(this.sql, this.clock.now(), meta, this.event.layout(), this.event.activeStage());
    tx.onSeatChange = (label, status, previous) => {
      this.selling.seatChanged(label, status);
      this.access.seatChanged(tx.layout, label, status, previous);
    };
    tx.channelOf = (label) => this.channels.channelOf(label);
    let result: T;
    try {
      result = this.ctx.storage.transactionSync(() => fn(tx));
    } catch (err) {
      // The occupancy (and the hold-back's releases) followed changes that were rolled back: read them again.
      this.selling.invalidate();
      this.access.clear();
      throw err;
    }
    // Every write of a decision records its label in tx.changed (emit, or by hand where no event is sent).
    this.statusCache.changed(tx.changed);
    if (tx.earliestExpiry !== null) this.alarmClock.arm(tx.earliestExpiry);
    if (tx.changed.size > 0) {
      // The stored status view is stale now; the alarm stores the new one once the event is quiet.
      this.alarmClock.arm(tx.now + SNAPSHOT_QUIET_MS);
      this.outbox.schedule();
      this.broadcastChanges([...tx.changed]);
    }
    return result;
  }

  /** The live snapshot message, from the same kept view as the public status read. */
  private snapshotText(): string {
    const meta = this.event.meta;
    if (!meta) return JSON.stringify({ type: "snapshot", seq: 0, objects: [] } satisfies LiveMessage);
    return this.statusCache.snapshotText(this.sql, this.event.layout(), meta.layoutVersion !== null, this.clock.now());
  }

  /** Labels changed since the last live `changes` message, and when that message went. */
  private readonly livePending = new Set<string>();
  private liveTimer: ReturnType<typeof setTimeout> | null = null;
  private liveSentAt = 0;

  /** Tells the live sockets of changed labels: at once after a quiet spell, else with the interval's other changes. */
  private broadcastChanges(labels: string[]): void {
    for (const label of labels) this.livePending.add(label);
    if (this.liveTimer !== null) return;
    const wait = this.liveSentAt + LIVE_INTERVAL_MS - Date.now();
    if (wait <= 0) this.sendLiveChanges();
    else
      this.liveTimer = setTimeout(() => {
        this.liveTimer = null;
        this.sendLiveChanges();
      }, wait);
  }

  /** Sends the waiting changes now rather than at the end of the interval. */
  private flushLiveChanges(): void {
    if (this.liveTimer === null) return;
    clearTimeout(this.liveTimer);
    this.liveTimer = null;
    this.sendLiveChanges();
  }

  /** One `changes` message of every label changed since the last, read as they are now. */
  private sendLiveChanges(): void {
    const labels = [...this.livePending];
    this.livePending.clear();
    this.liveSentAt = Date.now();
    if (labels.length === 0 || this.ctx.getWebSockets().length === 0 || !this.event.meta) return;
    broadcast(this.ctx, this.changesMessage(labels));
  }

  /** The live `changes` message of `labels`: their public entries now, a freed object as an explicit "free" entry. */
  private changesMessage(labels: string[]): LiveMessage {
    const meta = this.event.meta;
    if (!meta) return { type: "changes", seq: 0, objects: [] };
    const layout = this.event.layout();
    const entries = statusEntries(this.sql, layout, meta.layoutVersion !== null, this.clock.now(), { caller: "public", labels });
    const seen = new Set(entries.map((e) => e.objectLabel));
    for (const label of labels) {
      if (seen.has(label)) continue;
      const obj = layout.object(label);
      if (obj?.objectType === "generalAdmission") {
        const capacity = obj.capacity ?? 0;
        const freed: StatusEntry = {
          objectLabel: label,
          objectType: "generalAdmission",
          status: "free",
          categoryKey: obj.categoryKey,
          capacity,
          held: 0,
          booked: 0,
          remaining: capacity,
        };
        const byPool = remainingByPool(this.sql, this.channels.defs(), label, capacity, 0, this.clock.now());
        if (byPool) freed.remainingByChannel = byPool;
        entries.push(freed);
      } else entries.push({ objectLabel: label, objectType: "seat", status: "free", categoryKey: obj?.categoryKey ?? null });
    }
    return { type: "changes", seq: latestHistorySeq(this.sql), objects: entries };
  }
}

/** The seats both masks allow (null: no restriction). */
function both(a: Uint8Array | null, b: Uint8Array | null): Uint8Array | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.map((v, i) => v & b[i]!);
}
