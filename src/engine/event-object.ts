import type { Category, Layout } from "../charts/layout";
import { book, extend, release } from "./bookings";
import { EventCore } from "./event-core";
import { holdGa } from "./ga";
import { holdSeats, markForSale, markNotForSale } from "./holds";
import { buildIndex, clearLayoutTable, LAYOUT_CHUNK, promoteStage, writeLayoutChunk } from "./layout-index";
import { broadcast } from "./live";
import { insertOutbox } from "./outbox";
import { compactObjectsBody, compactObjectsOf } from "./objects-compact-cache";
import { objectsOf, reportOf, reservedObjects, statusEntries, type ObjectEntry } from "./reads";
import { compactOf, type CompactStatus, type StatusFormat } from "./status-cache";
import { activateStage, writeStage, type StageRequest } from "./staging";
import { ensureSchema, setMeta } from "./store";
import {
  fail,
  type BookedObject,
  type BookRequest,
  type EngineFailure,
  type EventMeta,
  type ExtendRequest,
  type FreedObject,
  type HoldRequest,
  type HoldResult,
  type Outcome,
  type ReservedObject,
  type ReleaseRequest,
  type StatusEntry,
  type StatusQuery,
} from "./types";

const NOT_FOUND: EngineFailure = fail("event_not_found", "Event not found");

/**
 * One instance per (workspace, environment, event): the only place seat state changes. Every
 * decision is one transactionSync (purge what expired, check, write state and outbox rows), and
 * after commit the outbox is flushed, the alarm armed and live sockets told.
 */
export class EventObject extends EventCore {
  // ---- lifecycle -------------------------------------------------------------------------

  /**
   * Sets the event up (called by the router right after the D1 row is written). Wipes anything a
   * previous event of the same key left, writes the layout index in chunks, and stores the
   * metadata last, so seat calls answer event_not_found until the event is complete.
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
    this.layoutCache = index;
    this.statusCache.invalidate();
    return { ok: true };
  }

  /** Deletes every trace of the event (DELETE /events/{key}); later calls answer event_not_found. */
  async destroy(): Promise<{ ok: true }> {
    for (const ws of this.ctx.getWebSockets()) ws.close(1001, "event deleted");
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    ensureSchema(this.sql);
    this.meta = null;
    this.layoutCache = null;
    this.stage = null;
    this.alarmAt = null;
    this.statusCache.invalidate();
    return { ok: true };
  }

  /** The event's metadata, or null when not initialised. */
  async info(): Promise<EventMeta | null> {
    return this.meta;
  }

  // ---- seat actions ----------------------------------------------------------------------

  async hold(req: HoldRequest): Promise<Outcome<HoldResult>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return this.decide(meta, (tx) => (req.objectType === "generalAdmission" ? holdGa(tx, req) : holdSeats(tx, req)));
  }

  async book(req: BookRequest): Promise<Outcome<{ eventKey: string; objects: BookedObject[] }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return this.decide(meta, (tx) => book(tx, req));
  }

  async release(req: ReleaseRequest): Promise<Outcome<{ eventKey: string; objects: FreedObject[] }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return this.decide(meta, (tx) => ({ ok: true as const, ...release(tx, req) }));
  }

  async extend(req: ExtendRequest): Promise<Outcome<HoldResult>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return this.decide(meta, (tx) => extend(tx, req));
  }

  /** Frees every object (sandbox events only). No webhook events: it is a test-data wipe. */
  async reset(): Promise<Outcome<{ eventKey: string; reset: true }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    if (meta.environment !== "sandbox") return fail("sandbox_only", "Only sandbox events can be reset");
    this.ctx.storage.transactionSync(() => {
      this.sql.exec("DELETE FROM seats");
      this.sql.exec("DELETE FROM ga");
    });
    this.statusCache.invalidate();
    broadcast(this.ctx, { type: "snapshot", objects: [] });
    return { ok: true, eventKey: meta.eventKey, reset: true };
  }

  async notForSale(labels: string[]): Promise<Outcome<{ eventKey: string; objects: { objectLabel: string; status: "not_for_sale" }[] }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return this.decide(meta, (tx) => {
      const r = markNotForSale(tx, labels);
      return r.ok ? { ok: true as const, eventKey: meta.eventKey, objects: r.objects } : r;
    });
  }

  async forSale(labels: string[]): Promise<Outcome<{ eventKey: string; objects: { objectLabel: string; status: "free" }[] }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return this.decide(meta, (tx) => ({ ok: true as const, eventKey: meta.eventKey, objects: markForSale(tx, labels) }));
  }

  // ---- reads -----------------------------------------------------------------------------

  async status(q: StatusQuery): Promise<Outcome<{ eventKey: string; objects: StatusEntry[] }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return { ok: true, eventKey: meta.eventKey, objects: statusEntries(this.sql, this.layout(), meta.layoutVersion !== null, this.clock.now(), q) };
  }

  /**
   * The unfiltered publishable-key status view as a ready UTF-8 JSON body (cached until the next commit
   * or hold expiry), so neither side of the RPC pays for 40,000 entries again. When the caller
   * already has the bytes named `knownTag` and they are still current, only the tag comes back.
   */
  async statusBody(format: StatusFormat, knownTag?: string): Promise<Outcome<{ tag: string; body?: Uint8Array<ArrayBuffer> }>> {
    const cached = this.cachedStatus(format);
    if (cached === null) return NOT_FOUND;
    return cached.tag === knownTag ? { ok: true, tag: cached.tag } : { ok: true, tag: cached.tag, body: cached.bytes };
  }

  /**
   * The unfiltered public view as `holdToken` sees it (the SDK's read), built from the kept view
   * plus the token's own rows rather than from every row again.
   */
  async statusForToken(format: StatusFormat, holdToken: string): Promise<Outcome<{ body: Uint8Array<ArrayBuffer>; version: string }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return {
      ok: true,
      body: this.statusCache.forToken(this.sql, this.layout(), meta.layoutVersion !== null, meta.eventKey, this.clock.now(), format, holdToken),
      // The version this body reflects: the live socket opened with since=<version> skips its snapshot.
      version: this.changeLog.version(),
    };
  }

  /** A compact status view for a filtered or secret read (uncached; extraData is not part of it). */
  async statusCompact(q: StatusQuery): Promise<Outcome<CompactStatus>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    const entries = statusEntries(this.sql, this.layout(), meta.layoutVersion !== null, this.clock.now(), { ...q, caller: "public" });
    return { ok: true, ...compactOf(meta.eventKey, entries, q.holdToken !== undefined) };
  }

  async objects(labels?: string[]): Promise<Outcome<{ eventKey: string; categories: Category[]; objects: ObjectEntry[] }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return { ok: true, eventKey: meta.eventKey, ...objectsOf(this.sql, this.layout(), this.clock.now(), labels) };
  }

  /** GET /objects?format=compact: the compact body (objects-compact.ts), its seat part kept per layout. */
  async objectsCompact(labels?: string[]): Promise<Outcome<{ body: string }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    const now = this.clock.now();
    if (labels === undefined) return { ok: true, body: compactObjectsBody(this.sql, this.layout(), now, meta.eventKey) };
    return { ok: true, body: compactObjectsOf(meta.eventKey, this.layout().categories, objectsOf(this.sql, this.layout(), now, labels).objects) };
  }

  async reports(): Promise<Outcome<{ eventKey: string } & ReturnType<typeof reportOf>>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return { ok: true, eventKey: meta.eventKey, ...reportOf(this.sql, this.layout(), this.clock.now()) };
  }

  /** Held and booked objects with quantities (publish-check). */
  async reservations(): Promise<Outcome<{ eventKey: string; objects: ReservedObject[] }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    return { ok: true, eventKey: meta.eventKey, objects: reservedObjects(this.sql, this.layout(), this.clock.now()) };
  }

  // ---- publish and chart moves -------------------------------------------------------------

  /** Phase 1 of a publish (staging.ts). Refused with `failed` when reservations conflict and not forced. */
  async stagePublish(req: StageRequest): Promise<Outcome<{ staged: true }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    const now = this.clock.now();
    const other = this.activeStage();
    if ((this.staging && this.staging !== req.stageId) || (other && other.stored.stageId !== req.stageId && other.expiresAt > now)) {
      return fail("conflict", "Another publish of this chart is in progress; retry");
    }
    this.staging = req.stageId;
    try {
      const index = buildIndex(req.layout);
      this.stage = null;
      await writeStage(this.ctx.storage, index);
      const result = this.ctx.storage.transactionSync(() =>
        activateStage(this.sql, this.layout(), req, index, this.clock.now(), meta.eventKey, meta.environment),
      );
      this.statusCache.invalidate();
      if (!result.ok) return result;
      this.stage = result.stage;
      return { ok: true, staged: true };
    } finally {
      this.staging = null;
    }
  }

  /** Phase 2: the staged layout becomes current (D1 already records the publish). */
  async commitPublish(stageId: string): Promise<Outcome<{ layoutVersion: number | null }>> {
    const meta = this.meta;
    if (!meta) return NOT_FOUND;
    const stage = this.activeStage();
    if (!stage || stage.stored.stageId !== stageId) return fail("conflict", "No such staged publish");
    const next: EventMeta = { ...meta, layoutVersion: stage.stored.version };
    this.ctx.storage.transactionSync(() => {
      promoteStage(this.sql);
      setMeta(this.sql, "categories", stage.stored.categories);
      setMeta(this.sql, "stage", null);
      setMeta(this.sql, "event", next);
    });
    this.meta = next;
    this.layoutCache = stage.index;
    this.stage = null;
    this.statusCache.invalidate();
    broadcast(this.ctx, this.snapshotText());
    return { ok: true, layoutVersion: next.layoutVersion };
  }

  /** Drops a stage that will not be committed (another event refused, or D1 failed). */
  async abortPublish(stageId: string): Promise<{ ok: true }> {
    const stage = this.activeStage();
    if (stage && stage.stored.stageId === stageId) {
      this.ctx.storage.transactionSync(() => {
        clearLayoutTable(this.sql, "layout_stage");
        setMeta(this.sql, "stage", null);
      });
      this.stage = null;
    }
    return { ok: true };
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
      insertOutbox(this.sql, next, "event.chart_changed", { eventKey: meta.eventKey, chartKey, previousChartKey: meta.chartKey }, now);
    });
    this.meta = next;
    this.statusCache.invalidate();
    this.scheduleFlush();
    return { ok: true, eventKey: meta.eventKey, chartKey, previousChartKey: meta.chartKey };
  }
}
