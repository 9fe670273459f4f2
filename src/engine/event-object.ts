import { DurableObject } from "cloudflare:workers";
import type { Category, Layout } from "../charts/layout";
import type { Reservation } from "../charts/impact";
import type { EventMeta } from "../domain/events";
import { fail, ok, type Failure, type Outcome } from "../domain/outcome";
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
import { redriveMs } from "../webhooks/redrive";
import type { WebhookMessage } from "../webhooks/messages";
import { Alarm } from "./alarm";
import { book, extend, release } from "./bookings";
import { systemClock, type Clock } from "./clock";
import { nextDue, sweepExpired, SWEEP_CHUNK, SWEEP_CHUNKS_PER_RUN } from "./expiry";
import { holdGa } from "./ga";
import { holdSeats, markForSale, markNotForSale } from "./holds";
import { buildIndex, clearLayoutTable, LAYOUT_CHUNK, promoteStage, readLayoutTable, writeLayoutChunk, type LayoutIndex } from "./layout-index";
import { acceptLive, broadcast, type LiveMessage } from "./live";
import { ackRows, insertOutbox, outboxDueAt } from "./outbox";
import { OutboxSender } from "./outbox-sender";
import { objectsOf, reportOf, reservedObjects, statusEntries } from "./reads";
import { loadPublished, readPublishedTruth } from "./reconcile";
import { compactOf, StatusCache } from "./status-cache";
import { activateStage, storedStage, writeStage, type LoadedStage, type StageRequest } from "./staging";
import { ensureSchema, getMeta, setMeta } from "./store";
import { Tx } from "./tx";

const NOT_FOUND: Failure = fail("event_not_found", "Event not found");
/** How long a layout check that could not run (D1 unreachable) waits before the alarm tries again. */
const SETTLE_RETRY_MS = 30_000;
/** How soon a layout check runs after a publish was aborted, or ran into another layout change. */
const SETTLE_SOON_MS = 1_000;

/**
 * One instance per (workspace, environment, event): the only place seat state changes. Every
 * decision is one transactionSync (purge what expired, check, write state and outbox rows); after
 * commit the outbox is sent, the alarm armed and live sockets told. The methods are the RPC
 * surface the router calls; the rules live in the modules they delegate to.
 */
export class EventObject extends DurableObject<Env> {
  /** Time as decisions see it; the test build of the object swaps in a clock it can move. */
  protected clock: Clock = systemClock;
  private meta: EventMeta | null = null;
  /** The current layout, read from SQLite once per wake. */
  private index: LayoutIndex | null = null;
  /** The staged publish; undefined until read from storage this wake (then memory is authoritative). */
  private stage: LoadedStage | null | undefined = undefined;
  /** A layout change being written (a stage or a reconcile): one at a time. */
  private changingLayout: string | null = null;
  /**
   * When the alarm must check the layout against D1 (reconcile), persisted under meta "settle":
   * set while a stage waits for its commit, after an aborted publish, and after a check that could
   * not finish. Null when the object believes it shows what D1 says.
   */
  private settleAt: number | null = null;
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
      meta: () => this.meta,
      now: () => this.clock.now(),
      leaseMs: () => redriveMs(env),
      waitUntil: (work) => ctx.waitUntil(work),
      arm: (due) => this.alarmClock.arm(due),
    });
    void ctx.blockConcurrencyWhile(async () => {
      ensureSchema(ctx.storage.sql);
      this.meta = getMeta<EventMeta>(ctx.storage.sql, "event");
      this.settleAt = getMeta<number>(ctx.storage.sql, "settle");
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
    const index = buildIndex(layout);
    const list = [...index.objects.values()];
    for (let from = 0; from < list.length; from += LAYOUT_CHUNK) {
      this.ctx.storage.transactionSync(() => writeLayoutChunk(this.sql, "layout_current", list, from, from + LAYOUT_CHUNK));
    }
    this.ctx.storage.transactionSync(() => {
      setMeta(this.sql, "categories", index.categories);
      setMeta(this.sql, "event", meta);
    });
    this.meta = meta;
    this.index = index;
    this.statusCache.invalidate();
    return { ok: true };
  }

  /** Deletes every trace of the event (DELETE /events/{key}); later calls answer event_not_found. */
  async destroy(): Promise<{ ok: true }> {
    for (const ws of this.ctx.getWebSockets()) ws.close(1001, "event deleted");
    await this.alarmClock.clear();
    await this.ctx.storage.deleteAll();
    ensureSchema(this.sql);
    this.meta = null;
    this.index = null;
    this.stage = null;
    this.settleAt = null;
    this.statusCache.invalidate();
    return { ok: true };
  }

  /** The event's metadata, or null when not initialised. */
  async info(): Promise<EventMeta | null> {
    return this.meta;
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

  /** Frees every object (sandbox events only). No webhook events: it is a test-data wipe. */
  async reset(): Promise<Outcome<ResetResult>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    if (meta.environment !== "sandbox") return fail("sandbox_only", "Only sandbox events can be reset");
    this.ctx.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM seats");
      this.sql.exec("DELETE FROM ga");
    });
    this.statusCache.invalidate();
    broadcast(this.ctx, { type: "snapshot", objects: [] });
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
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return ok({ eventKey: meta.eventKey, objects: statusEntries(this.sql, this.layout(), meta.layoutVersion !== null, this.clock.now(), q) });
  }

  /**
   * The unfiltered publishable-key status view as a ready UTF-8 JSON body (cached until the next
   * commit or hold expiry), so neither side of the RPC pays for 40,000 entries again. When the
   * caller already has the bytes named `knownTag` and they are still current, only the tag comes back.
   */
  async statusBody(format: StatusFormat, knownTag?: string): Promise<Outcome<{ tag: string; body?: Uint8Array<ArrayBuffer> }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    const cached = this.statusCache.body(this.sql, this.layout(), meta.layoutVersion !== null, meta.eventKey, this.clock.now(), format);
    return ok(cached.tag === knownTag ? { tag: cached.tag } : { tag: cached.tag, body: cached.bytes });
  }

  /** The unfiltered public view as `holdToken` sees it (the SDK's read), from the kept view plus the token's own rows. */
  async statusForToken(format: StatusFormat, holdToken: string): Promise<Outcome<{ body: Uint8Array<ArrayBuffer> }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return ok({ body: this.statusCache.forToken(this.sql, this.layout(), meta.layoutVersion !== null, meta.eventKey, this.clock.now(), format, holdToken) });
  }

  /** A compact status view for a filtered or secret read (uncached; extraData is not part of it). */
  async statusCompact(q: StatusQuery): Promise<Outcome<CompactStatus>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    const entries = statusEntries(this.sql, this.layout(), meta.layoutVersion !== null, this.clock.now(), { ...q, caller: "public" });
    return ok(compactOf(meta.eventKey, entries, q.holdToken !== undefined));
  }

  async objects(labels?: string[]): Promise<Outcome<ObjectsResult>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return ok({ eventKey: meta.eventKey, ...objectsOf(this.sql, this.layout(), this.clock.now(), labels) });
  }

  async reports(): Promise<Outcome<ReportsResult>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return ok({ eventKey: meta.eventKey, ...reportOf(this.sql, this.layout(), this.clock.now()) });
  }

  /** Held and booked objects with quantities (publish-check). */
  async reservations(): Promise<Outcome<{ eventKey: string; objects: Reservation[] }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return ok({ eventKey: meta.eventKey, objects: reservedObjects(this.sql, this.layout(), this.clock.now()) });
  }

  // ---- publish, chart moves and the outbox hand-over -------------------------------------

  /** Phase 1 of a publish (staging.ts). Refused with `failed` when reservations conflict and not forced. */
  async stagePublish(req: StageRequest): Promise<Outcome<{ staged: true }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    const other = this.activeStage();
    if ((this.changingLayout && this.changingLayout !== req.stageId) || (other && other.stored.stageId !== req.stageId && other.expiresAt > this.clock.now())) {
      return fail("conflict", "Another publish of this chart is in progress; retry");
    }
    this.changingLayout = req.stageId;
    try {
      const index = buildIndex(req.layout);
      this.stage = null;
      await writeStage(this.ctx.storage, index);
      const scope = { eventKey: meta.eventKey, environment: meta.environment };
      const result = this.ctx.storage.transactionSync(() =>
        activateStage(this.sql, this.layout(), { ...req, chartId: meta.chartId }, index, this.clock.now(), scope),
      );
      if (!result.ok) return result;
      this.stage = result.value.stage;
      // Settled against D1 by the alarm should the commit never come.
      this.settleBy(this.stage.expiresAt);
      return ok({ staged: true as const });
    } finally {
      this.changingLayout = null;
    }
  }

  /**
   * Phase 2: the staged layout becomes current (D1 already records the publish). An object that
   * holds no such stage (it was created or woken during the publish) converges on D1 instead.
   */
  async commitPublish(stageId: string): Promise<Outcome<{ layoutVersion: number | null }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    const stage = this.activeStage();
    if (stage && stage.stored.stageId === stageId) return ok({ layoutVersion: this.promote(meta, stage).layoutVersion });
    return this.reconcile();
  }

  /**
   * Drops a stage that will not be committed (another event refused, or the D1 commit failed). A
   * commit that failed may still have landed, so the object checks D1 shortly after.
   */
  async abortPublish(stageId: string): Promise<{ ok: true }> {
    const stage = this.activeStage();
    if (stage && stage.stored.stageId === stageId) {
      this.dropStage();
      this.settleBy(this.clock.now() + SETTLE_SOON_MS);
    }
    return { ok: true };
  }

  /**
   * Converges on what D1 says this event shows: its chart and that chart's published version. A
   * stage D1 committed is promoted, any other is dropped, and a layout the object missed is loaded
   * and made current (keeping every hold and booking, as a forced publish does).
   */
  async reconcile(): Promise<Outcome<{ layoutVersion: number | null }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    if (this.changingLayout) {
      this.settleBy(this.clock.now() + SETTLE_SOON_MS);
      return fail("conflict", "The layout is being changed; retry");
    }
    this.changingLayout = "reconcile";
    try {
      const truth = await readPublishedTruth(this.env, meta).catch((err: unknown) => {
        this.settleBy(this.clock.now() + SETTLE_RETRY_MS);
        throw err;
      });
      if (truth.kind === "gone") {
        await this.destroy();
        return NOT_FOUND;
      }
      const stage = this.activeStage();
      if (stage && stage.stored.chartId === truth.chartId && stage.stored.version === truth.version) {
        return ok({ layoutVersion: this.promote(meta, stage).layoutVersion });
      }
      if (stage) this.dropStage();
      if (meta.chartId === truth.chartId && meta.layoutVersion === truth.version) {
        this.settled();
        return ok({ layoutVersion: meta.layoutVersion });
      }
      const layout = await loadPublished(this.env, truth.chartId, truth.version);
      if (layout === undefined) {
        this.settleBy(this.clock.now() + SETTLE_SOON_MS);
        return fail("conflict", "The chart changed while its layout was read; retry");
      }
      const index = buildIndex(layout);
      await writeStage(this.ctx.storage, index);
      const next: EventMeta = { ...meta, chartId: truth.chartId, chartKey: truth.chartKey, layoutVersion: truth.version };
      const now = this.clock.now();
      this.ctx.storage.transactionSync(() => {
        promoteStage(this.sql);
        setMeta(this.sql, "categories", index.categories);
        setMeta(this.sql, "event", next);
        if (meta.chartId !== truth.chartId)
          insertOutbox(this.sql, "event.chart_changed", { eventKey: meta.eventKey, chartKey: truth.chartKey, previousChartKey: meta.chartKey }, now);
      });
      this.layoutChanged(next, index);
      this.settled();
      if (meta.chartId !== truth.chartId) this.outbox.schedule();
      return ok({ layoutVersion: next.layoutVersion });
    } finally {
      this.changingLayout = null;
    }
  }

  /** Points the event at another chart (move-to-new-chart-copy) and emits event.chart_changed. */
  async moveToChart(
    chartId: string,
    chartKey: string,
    layoutVersion: number | null,
  ): Promise<Outcome<{ eventKey: string; chartKey: string; previousChartKey: string }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    // The copy holds exactly the layout the event reads now, so the index itself does not change.
    const next: EventMeta = { ...meta, chartId, chartKey, layoutVersion };
    const now = this.clock.now();
    this.ctx.storage.transactionSync(() => {
      setMeta(this.sql, "event", next);
      insertOutbox(this.sql, "event.chart_changed", { eventKey: meta.eventKey, chartKey, previousChartKey: meta.chartKey }, now);
    });
    this.meta = next;
    this.statusCache.invalidate();
    this.outbox.schedule();
    return ok({ eventKey: meta.eventKey, chartKey, previousChartKey: meta.chartKey });
  }

  /**
   * The webhook consumer has stored the deliveries of these outbox rows: they may go. A
   * confirmation meant for an earlier event of the same key (deleted and re-created) is ignored.
   */
  async ackOutbox(eventId: string, seqs: number[]): Promise<{ acked: number }> {
    if (this.meta?.eventId !== eventId) return { acked: 0 };
    return { acked: ackRows(this.sql, seqs) };
  }

  // ---- alarm and live ----------------------------------------------------------------------

  /** Sweeps expired holds in bounded chunks, settles an overdue stage, sends the outbox and re-arms. Safe to run twice. */
  override async alarm(): Promise<void> {
    this.alarmClock.fired();
    const meta = this.meta;
    if (!meta) return;
    let more = false;
    for (let chunk = 0; chunk < SWEEP_CHUNKS_PER_RUN; chunk++) {
      more = this.transact(meta, (tx) => sweepExpired(tx)) >= SWEEP_CHUNK;
      if (!more) break;
      // Let requests that queued up during the chunk in before the next one.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    if (this.settleAt !== null && this.settleAt <= this.clock.now()) {
      // A failed check has already set its own retry time.
      await this.reconcile().catch((err: unknown) => console.error("checking the layout against D1 failed; retrying later", err));
    }
    await this.outbox.flush();
    const now = this.clock.now();
    const due = [more ? now : null, nextDue(this.sql), this.settleAt].filter((t): t is number => t !== null);
    if (due.length > 0) this.alarmClock.arm(Math.max(Math.min(...due), now));
  }

  /**
   * WebSocket upgrades only (GET /events/{key}/live): live status with the Hibernation API. The
   * router checks the upgrade first and turns a bare 404 or 400 from here into the error envelope.
   */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response(null, { status: 400 });
    if (!this.meta) return new Response(null, { status: 404 });
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

  /** The current layout index, read from SQLite once per wake (then kept in memory). */
  private layout(): LayoutIndex {
    this.index ??= { objects: readLayoutTable(this.sql, "layout_current"), categories: getMeta<Category[]>(this.sql, "categories") ?? [] };
    return this.index;
  }

  /** The staged publish, restored from storage once per wake; after that memory is authoritative. */
  private activeStage(): LoadedStage | null {
    if (this.stage === undefined) {
      const stored = storedStage(this.sql);
      this.stage = stored && {
        stored,
        index: { objects: readLayoutTable(this.sql, "layout_stage"), categories: stored.categories },
        guard: !stored.force,
        expiresAt: stored.expiresAt,
      };
    }
    return this.stage;
  }

  /** Makes a stage the current layout, in one transaction. */
  private promote(meta: EventMeta, stage: LoadedStage): EventMeta {
    const next: EventMeta = { ...meta, layoutVersion: stage.stored.version };
    this.ctx.storage.transactionSync(() => {
      promoteStage(this.sql);
      setMeta(this.sql, "categories", stage.stored.categories);
      setMeta(this.sql, "stage", null);
      setMeta(this.sql, "event", next);
      setMeta(this.sql, "settle", null);
    });
    this.settleAt = null;
    this.layoutChanged(next, stage.index);
    return next;
  }

  /** Makes sure the layout is checked against D1 no later than `at` (engine time). */
  private settleBy(at: number): void {
    if (this.settleAt !== null && this.settleAt <= at) return;
    this.settleAt = at;
    setMeta(this.sql, "settle", at);
    this.alarmClock.arm(at);
  }

  /** The layout matches D1: no check is due. */
  private settled(): void {
    if (this.settleAt === null) return;
    this.settleAt = null;
    setMeta(this.sql, "settle", null);
  }

  private dropStage(): void {
    this.ctx.storage.transactionSync(() => {
      clearLayoutTable(this.sql, "layout_stage");
      setMeta(this.sql, "stage", null);
    });
    this.stage = null;
  }

  /** After a new layout became current: memory follows, and live maps get a fresh snapshot. */
  private layoutChanged(next: EventMeta, index: LayoutIndex): void {
    this.meta = next;
    this.index = index;
    this.stage = null;
    this.statusCache.invalidate();
    broadcast(this.ctx, this.snapshotText());
  }

  /** A seat decision of an existing event (see {@link transact}). */
  private decide<T>(fn: (tx: Tx) => Outcome<T>): Outcome<T> {
    const meta = this.meta;
    return meta ? this.transact(meta, fn) : NOT_FOUND;
  }

  /** Runs one decision in one synchronous transaction, then does the after-commit work. */
  private transact<T>(meta: EventMeta, fn: (tx: Tx) => T): T {
    const tx = new Tx(this.sql, this.clock.now(), meta, this.layout(), this.activeStage());
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
    if (!this.meta) return JSON.stringify({ type: "snapshot", objects: [] } satisfies LiveMessage);
    return this.statusCache.snapshotText(this.sql, this.layout(), this.meta.layoutVersion !== null, this.clock.now());
  }

  private broadcastChanges(labels: string[]): void {
    if (this.ctx.getWebSockets().length === 0 || !this.meta) return;
    const layout = this.layout();
    const entries = statusEntries(this.sql, layout, this.meta.layoutVersion !== null, this.clock.now(), { caller: "public", labels });
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
    broadcast(this.ctx, { type: "changes", objects: entries });
  }
}
