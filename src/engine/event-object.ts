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
import { nextDue, sweepExpired, SWEEP_CHUNK, SWEEP_CHUNKS_PER_RUN } from "./expiry";
import { holdGa } from "./ga";
import { readChanges, latestSeq, oldestRecordAt, pruneHistory, salesTimeline, type SalesTimeline } from "./history";
import { holdSeats, markForSale, markNotForSale, resetAll } from "./holds";
import { acceptLive, broadcast, type LiveMessage } from "./live";
import { ackRows, outboxDueAt } from "./outbox";
import { OutboxSender } from "./outbox-sender";
import { objectsOf, reportOf, reservedObjects, statusEntries } from "./reads";
import { compactOf, StatusCache } from "./status-cache";
import type { StageRequest } from "./staging";
import { ensureSchema } from "./store";
import { Tx } from "./tx";

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
  private readonly alarmClock: Alarm;
  protected readonly outbox: OutboxSender;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.alarmClock = new Alarm(ctx.storage, (ms) => this.clock.toWall(ms));
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
    this.statusCache.invalidate();
    return { ok: true };
  }

  /** The event's metadata, or null when not initialised. */
  async info(): Promise<EventMeta | null> {
    return this.event.meta;
  }

  // ---- seat actions ----------------------------------------------------------------------

  async hold(req: HoldRequest): Promise<Outcome<HoldResult>> {
    return this.decide((tx) => (req.objectType === "generalAdmission" ? holdGa(tx, req) : holdSeats(tx, req)));
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

  /** The unfiltered public view as `holdToken` sees it (the SDK's read), from the kept view plus the token's own rows. */
  async statusForToken(format: StatusFormat, holdToken: string): Promise<Outcome<{ body: Uint8Array<ArrayBuffer> }>> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    return ok({
      body: this.statusCache.forToken(this.sql, this.event.layout(), meta.layoutVersion !== null, meta.eventKey, this.clock.now(), format, holdToken),
    });
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
    if (!this.event.meta) return new Response(null, { status: 404 });
    return acceptLive(this.ctx, this.snapshotText());
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

  /** A seat decision of an existing event (see {@link transact}). */
  private decide<T>(fn: (tx: Tx) => Outcome<T>): Outcome<T> {
    const meta = this.event.meta;
    return meta ? this.transact(meta, fn) : NOT_FOUND;
  }

  /** Runs one decision in one synchronous transaction, then does the after-commit work. */
  private transact<T>(meta: EventMeta, fn: (tx: Tx) => T): T {
    const tx = new Tx(this.sql, this.clock.now(), meta, this.event.layout(), this.event.activeStage());
    const result = this.ctx.storage.transactionSync(() => fn(tx));
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
    const meta = this.event.meta;
    if (this.ctx.getWebSockets().length === 0 || !meta) return;
    const layout = this.event.layout();
    const entries = statusEntries(this.sql, layout, meta.layoutVersion !== null, this.clock.now(), { caller: "public", labels });
    const seen = new Set(entries.map((e) => e.objectLabel));
    for (const label of labels) {
      if (seen.has(label)) continue;
      const obj = layout.objects.get(label);
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
    broadcast(this.ctx, { type: "changes", seq: latestSeq(this.sql), objects: entries });
  }
}
