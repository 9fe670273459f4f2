import { DurableObject } from "cloudflare:workers";
import type { Layout } from "../charts/layout";
import type { Reservation } from "../charts/impact";
import type { EventMeta } from "../domain/events";
import { HISTORY_RETENTION_DAYS, type StatusChangesQuery, type StatusChangesResult } from "../domain/history";
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
import type { CompactStatus, FullStatus, ObjectsResult, ReportsResult, StatusFormat, StatusQuery } from "../domain/status";
import type { WebhookMessage } from "../webhooks/messages";
import { redriveMs } from "../webhooks/redrive";
import { Alarm } from "./alarm";
import { book, extend, release } from "./bookings";
import { systemClock, type Clock } from "./clock";
import { EventLayout, NOT_FOUND } from "./event-layout";
import { nextDue, sweepDue, sweepExpired, SWEEP_CHUNK, SWEEP_CHUNKS_PER_RUN } from "./expiry";
import { holdGa } from "./ga";
import { readChanges, latestSeq, oldestRecordAt, pruneHistory, salesTimeline, type SalesTimeline } from "./history";
import { holdSeats, markForSale, markNotForSale, resetAll } from "./holds";
import { acceptLive, broadcast, type LiveMessage } from "./live";
import { ackRows, outboxDueAt } from "./outbox";
import { OutboxSender } from "./outbox-sender";
import { objectsOf, reportOf, reservedObjects, statusEntries } from "./reads";
import { compactOf, StatusCache } from "./status-cache";
import { compactObjectsBody, compactObjectsOf } from "./objects-compact-cache";
import { changedSince, statusVersion } from "./live-since";
import type { StageRequest } from "./staging";
import { ensureSchema } from "./store";
import { Tx } from "./tx";
import { hasRules, ruleChecks, SellingState } from "./selling";
import { chooseBestAvailable } from "../selling/choose";
import type { HoldBestAvailableRequest, HoldBestAvailableResult, SelectionRules } from "../domain/selling";
import type { HoldCaller } from "../domain/seats";

/** History records older than this are pruned by the alarm. */
const HISTORY_RETENTION_MS = HISTORY_RETENTION_DAYS * 86_400_000;
/** History records deleted per transaction, and transactions per alarm run: bounded like the sweep. */
const PRUNE_CHUNK = 500;
const PRUNE_CHUNKS_PER_RUN = 40;

/**
 * One instance per (workspace, environment, event): the only place seat state changes. Every
 * decision is one transactionSync (purge what expired, check, write state and outbox rows); after
 * commit the outbox is sent, the alarm armed and live sockets told. The methods are the RPC
 * surface the router calls; the rules live in the modules they delegate to.
 */
export class EventObject extends DurableObject<Env> {
  /** Time as decisions see it; the test build of the object swaps in a clock it can move. */
  protected clock: Clock = systemClock;
  /** Which event this is and which layout it shows (publishes, chart moves, convergence on D1). */
  private readonly event: EventLayout;
  /** The public status view, kept in memory and patched with each commit's changed labels. */
  private readonly statusCache = new StatusCache();
  /** The selling rules, and the seat index and occupancy that best available searches. */
  private readonly selling: SellingState;
  private readonly alarmClock: Alarm;
  protected readonly outbox: OutboxSender;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.alarmClock = new Alarm(ctx.storage, (ms) => this.clock.toWall(ms));
    this.selling = new SellingState(ctx.storage.sql);
    this.outbox = new OutboxSender({
      sql: ctx.storage.sql,
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
        this.selling.invalidate();
        broadcast(ctx, this.snapshotText());
      },
      outboxWritten: () => this.outbox.schedule(),
      destroy: () => this.destroy(),
    });
    void ctx.blockConcurrencyWhile(async () => {
      ensureSchema(ctx.storage.sql);
      this.event.load();
      await this.alarmClock.load();
      // Rows a previous instance committed and never had confirmed (evicted or killed meanwhile).
      if (outboxDueAt(ctx.storage.sql) !== null) this.outbox.schedule();
    });
  }

  /** Where outbox events go; the test build replaces it to hold messages back. */
  protected webhookQueue(): Queue<WebhookMessage> {
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
    this.event.clear();
    this.selling.clear();
    this.statusCache.invalidate();
    return { ok: true };
  }

  /** The event's metadata, or null when not initialised. */
  async info(): Promise<EventMeta | null> {
    return this.event.meta;
  }

  // ---- seat actions ----------------------------------------------------------------------

  async hold(req: HoldRequest, caller: HoldCaller): Promise<Outcome<HoldResult>> {
    return this.decide((tx) => {
      this.prepareHold(tx, caller, req.holdToken, req.ignoreSelectionRules === true);
      return req.objectType === "generalAdmission" ? holdGa(tx, req) : holdSeats(tx, req);
    });
  }

  /**
   * Holds the best available seats (contract §8): chosen from the seat index and occupancy in the
   * same transaction that holds them, under the event's selection rules, so concurrent calls can
   * never be given the same seat.
   */
  async holdBestAvailable(req: HoldBestAvailableRequest, caller: HoldCaller): Promise<Outcome<HoldBestAvailableResult>> {
    return this.decide((tx) => {
      // An expired hold is free the moment it expires: the search must see it so.
      sweepDue(tx);
      this.prepareHold(tx, caller, req.holdToken, req.ignoreSelectionRules === true);
      const { index, occupancy } = this.selling.view(tx.layout, tx.now);
      const query = { quantity: req.quantity, categories: req.categories, sections: req.sections, together: req.together };
      const choice = chooseBestAvailable(index, occupancy, query, tx.rules ? tx.rules.context() : null);
      if (!choice.ok) {
        if (choice.code === "selection_rule_violated")
          return fail(choice.code, "The event's selection rules allow none of the best available seats", { failed: choice.failed });
        return fail("no_best_available", `No ${req.quantity} matching seats${req.together ? " next to each other" : ""} are available`);
      }
      // The choice already passed the rules: the hold itself need not ask again.
      tx.rules = null;
      const held = holdSeats(tx, { objectLabels: choice.labels, holdToken: req.holdToken, ttlSeconds: req.ttlSeconds, extraData: req.extraData });
      return held.ok ? ok({ ...held.value, nextToEachOther: choice.nextToEachOther }) : held;
    });
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

  async book(req: BookRequest): Promise<Outcome<BookResult>> {
    return this.decide((tx) => book(tx, req));
  }

  async release(req: ReleaseRequest): Promise<Outcome<FreedResult>> {
    return this.decide((tx) => ok(release(tx, req)));
  }

  async extend(req: ExtendRequest): Promise<Outcome<HoldResult>> {
    return this.decide((tx) => extend(tx, req));
  }

  /** Frees every object (sandbox events only), recording each in the history. No webhook events: it is a test-data wipe. */
  async reset(): Promise<Outcome<ResetResult>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    if (meta.environment !== "sandbox") return fail("sandbox_only", "Only sandbox events can be reset");
    this.transact(meta, (tx) => resetAll(tx));
    this.statusCache.invalidate();
    this.selling.invalidate();
    broadcast(this.ctx, this.snapshotText());
    return ok({ eventKey: meta.eventKey, reset: true as const });
  }

  async notForSale(labels: string[]): Promise<Outcome<NotForSaleResult>> {
    return this.decide((tx) => {
      const r = markNotForSale(tx, labels);
      return r.ok ? ok({ eventKey: tx.meta.eventKey, objects: r.value.objects }) : r;
    });
  }

  async forSale(labels: string[]): Promise<Outcome<FreedResult>> {
    return this.decide((tx) => ok({ eventKey: tx.meta.eventKey, objects: markForSale(tx, labels) }));
  }

  // ---- reads -----------------------------------------------------------------------------

  async status(q: StatusQuery): Promise<Outcome<FullStatus>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const objects = statusEntries(this.sql, this.event.layout(), meta.layoutVersion !== null, this.clock.now(), q);
    return ok({ eventKey: meta.eventKey, seq: latestSeq(this.sql), objects });
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
    return ok({ body, version: statusVersion(meta.layoutVersion, latestSeq(this.sql)) });
  }

  /** A compact status view for a filtered or secret read (uncached; extraData is not part of it). */
  async statusCompact(q: StatusQuery): Promise<Outcome<CompactStatus>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const entries = statusEntries(this.sql, this.event.layout(), meta.layoutVersion !== null, this.clock.now(), { ...q, caller: "public" });
    return ok(compactOf(meta.eventKey, latestSeq(this.sql), entries, q.holdToken !== undefined));
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
    if (labels === undefined) return ok({ body: compactObjectsBody(this.sql, layout, now, meta.eventKey) });
    return ok({ body: compactObjectsOf(meta.eventKey, layout.categories, objectsOf(this.sql, layout, now, labels).objects, layout.focalPoint) });
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
    const pruneUntil = this.clock.now() - HISTORY_RETENTION_MS;
    for (let chunk = 0; chunk < PRUNE_CHUNKS_PER_RUN; chunk++) {
      if (pruneHistory(this.sql, pruneUntil, PRUNE_CHUNK) < PRUNE_CHUNK) break;
      more = true;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const settle = this.event.settleDue;
    if (settle !== null && settle <= this.clock.now()) {
      // A failed check has already set its own retry time.
      await this.reconcile().catch((err: unknown) => console.error("checking the layout against D1 failed; retrying later", err));
    }
    await this.outbox.flush();
    const now = this.clock.now();
    const oldest = oldestRecordAt(this.sql);
    const due = [more ? now : null, nextDue(this.sql), this.event.settleDue, oldest === null ? null : oldest + HISTORY_RETENTION_MS].filter(
      (t): t is number => t !== null,
    );
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
    // A client that read the status at version `since` gets what changed after it, not a snapshot.
    const since = new URL(request.url).searchParams.get("since");
    const changed = since ? changedSince(this.sql, meta.layoutVersion, since) : null;
    if (changed === null) return acceptLive(this.ctx, this.snapshotText());
    return acceptLive(this.ctx, changed.length > 0 ? JSON.stringify(this.changesMessage(changed)) : null);
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

  /** A seat decision of an existing event (see {@link transact}). */
  private decide<T>(fn: (tx: Tx) => Outcome<T>): Outcome<T> {
    const meta = this.event.meta;
    return meta ? this.transact(meta, fn) : NOT_FOUND;
  }

  /** Runs one decision in one synchronous transaction, then does the after-commit work. */
  private transact<T>(meta: EventMeta, fn: (tx: Tx) => T): T {
    const tx = new Tx(this.sql, this.clock.now(), meta, this.event.layout(), this.event.activeStage());
    tx.onSeatChange = (label, status) => this.selling.seatChanged(label, status);
    let result: T;
    try {
      result = this.ctx.storage.transactionSync(() => fn(tx));
    } catch (err) {
      // The occupancy followed changes that were rolled back: rebuild it from the tables.
      this.selling.invalidate();
      throw err;
    }
    // Every write of a decision records its label in tx.changed (emit, or by hand where no event is sent).
    this.statusCache.changed(tx.changed);
    if (tx.earliestExpiry !== null) this.alarmClock.arm(tx.earliestExpiry);
    if (tx.changed.size > 0) {
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

  private broadcastChanges(labels: string[]): void {
    if (this.ctx.getWebSockets().length === 0 || !this.event.meta) return;
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
        entries.push({
          objectLabel: label,
          objectType: "generalAdmission",
          status: "free",
          categoryKey: obj.categoryKey,
          capacity,
          held: 0,
          booked: 0,
          remaining: capacity,
        });
      } else entries.push({ objectLabel: label, objectType: "seat", status: "free", categoryKey: obj?.categoryKey ?? null });
    }
    return { type: "changes", seq: latestSeq(this.sql), objects: entries };
  }
}
