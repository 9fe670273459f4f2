import type { Category, Layout, Point, SectionLabels } from "../../domain/layout";
import type { EventMeta } from "../../domain/events";
import { fail, ok, type Outcome } from "../../domain/outcome";
import { deleteLayout, deleteLayoutsExcept, newLayoutKey } from "../state/layout-blobs";
import { buildIndex, StoredLayout, type LayoutIndex } from "../state/layout-index";
import { migrateLegacyLayout, writeLayoutVersion } from "./layout-store";
import { insertOutbox } from "../outbox/outbox";
import { loadPublished, readPublishedTruth } from "./reconcile";
import { activateStage, recordPublishImpact, storedStage, writeStage, type LoadedStage, type StageRequest } from "./staging";
import { getMeta, setMeta } from "../state/store";
import { NOT_FOUND } from "../state/transaction";

/** How long a layout check that could not run (D1 unreachable) waits before the alarm tries again. */
const SETTLE_RETRY_MS = 30_000;
/** How soon a layout check runs after a publish was aborted, or ran into another layout change. */
const SETTLE_SOON_MS = 1_000;

/** What the event's layout needs from the object that keeps it. */
export interface LayoutHost {
  storage: DurableObjectStorage;
  env: Pick<Env, "DB">;
  now(): number;
  /** Makes sure the object's alarm runs no later than `due` (engine time). */
  arm(due: number): void;
  /** The current layout or the event's chart changed: live views must follow. */
  changed(): void;
  /** New outbox rows were committed. */
  outboxWritten(): void;
  /** D1 no longer has this event: every trace of it goes. */
  destroy(): Promise<unknown>;
}

/**
 * Which event this object is and which layout it shows: the metadata, the current layout index,
 * a staged publish, and whether the layout must be checked against D1. It takes a publish through
 * its two phases (staging.ts) and converges on D1 whenever it may have missed one (reconcile.ts):
 * a stage that was never committed, a publish during the event's creation, a chart move.
 */
export class EventLayout {
  private current: EventMeta | null = null;
  /** The current layout version's key in layout_blobs (meta "layout"); null until the event is set up. */
  private layoutKey: string | null = null;
  /** The current layout: built from the layout when installed, else read back from its version (decoded as reads need it). */
  private index: LayoutIndex | null = null;
  /** The staged publish; undefined until read from storage this wake (then memory is authoritative). */
  private stage: LoadedStage | null | undefined = undefined;
  /** A layout change being written (a stage or a reconcile): one at a time. */
  private changing: string | null = null;
  /**
   * When the alarm must check the layout against D1, persisted under meta "settle": set while a
   * stage waits for its commit, after an aborted publish, and after a check that could not finish.
   * Null while the object believes it shows what D1 says.
   */
  private settleAt: number | null = null;

  constructor(private readonly host: LayoutHost) {}

  private get sql(): SqlStorage {
    return this.host.storage.sql;
  }

  /**
   * Reads what survives a restart (on wake), converting a layout still kept as rows first, and
   * deletes any layout version neither meta nor the stage names: one whose writing a restart cut
   * short (a stage or a reconcile evicted before it was installed).
   */
  load(): void {
    migrateLegacyLayout(this.host.storage);
    this.current = getMeta<EventMeta>(this.sql, "event");
    this.settleAt = getMeta<number>(this.sql, "settle");
    this.layoutKey = getMeta<string>(this.sql, "layout");
    const named = [this.layoutKey, storedStage(this.sql)?.layoutKey].filter((k): k is string => k != null);
    this.host.storage.transactionSync(() => deleteLayoutsExcept(this.sql, named));
  }

  /** The event's metadata, or null when it is not set up. */
  /** The current layout version's key (what a stored status view names), or null before set-up. */
  get currentLayoutKey(): string | null {
    return this.layoutKey;
  }

  get meta(): EventMeta | null {
    return this.current;
  }

  /** When a layout check is due (engine time), or null. */
  get settleDue(): number | null {
    return this.settleAt;
  }

  /** The current layout index. */
  layout(): LayoutIndex {
    if (this.index === null) {
      const categories = getMeta<Category[]>(this.sql, "categories") ?? [];
      const focalPoint = getMeta<Point>(this.sql, "focalPoint");
      const sectionLabels = getMeta<SectionLabels>(this.sql, "sectionLabels") ?? {};
      this.index = this.layoutKey === null ? buildIndex(null) : new StoredLayout(this.sql, this.layoutKey, categories, focalPoint, sectionLabels);
    }
    return this.index;
  }

  /** The staged publish, restored from storage once per wake. */
  activeStage(): LoadedStage | null {
    if (this.stage === undefined) {
      const stored = storedStage(this.sql);
      this.stage = stored && {
        stored,
        index: new StoredLayout(this.sql, stored.layoutKey, stored.categories, stored.focalPoint ?? null, stored.sectionLabels ?? {}),
        guard: !stored.force,
        expiresAt: stored.expiresAt,
      };
    }
    return this.stage;
  }

  /**
   * Sets the event up on an emptied storage, in one transaction: the layout version, then the
   * metadata that names it, so seat calls answer event_not_found until the event is complete.
   */
  init(meta: EventMeta, layout: Layout | null): void {
    const index = buildIndex(layout);
    const key = newLayoutKey(meta.layoutVersion);
    this.host.storage.transactionSync(() => {
      writeLayoutVersion(this.sql, key, index);
      setMeta(this.sql, "layout", key);
      setMeta(this.sql, "categories", index.categories);
      setMeta(this.sql, "sectionLabels", index.sectionLabels);
      setMeta(this.sql, "focalPoint", index.focalPoint);
      setMeta(this.sql, "event", meta);
    });
    this.current = meta;
    this.layoutKey = key;
    this.index = index;
    this.stage = null;
  }

  /** Forgets everything in memory (the storage was wiped). */
  clear(): void {
    this.current = null;
    this.layoutKey = null;
    this.index = null;
    this.stage = null;
    this.settleAt = null;
  }

  /** Phase 1 of a publish. Refused with `failed` when reservations conflict and not forced. */
  async stagePublish(req: StageRequest): Promise<Outcome<{ staged: true }>> {
    const meta = this.current;
    if (!meta) return NOT_FOUND;
    const other = this.activeStage();
    if ((this.changing && this.changing !== req.stageId) || (other && other.stored.stageId !== req.stageId && other.expiresAt > this.host.now())) {
      return fail("conflict", "Another publish of this chart is in progress; retry");
    }
    this.changing = req.stageId;
    try {
      const index = buildIndex(req.layout);
      this.stage = null;
      const layoutKey = await writeStage(this.host.storage, index, req.version, this.layoutKey);
      const scope = { eventKey: meta.eventKey, environment: meta.environment };
      const result = this.host.storage.transactionSync(() =>
        activateStage(this.sql, this.layout(), { ...req, chartId: meta.chartId }, { index, layoutKey }, this.host.now(), scope),
      );
      if (!result.ok) return result;
      this.stage = result.value.stage;
      // Settled against D1 by the alarm should the commit never come.
      this.settleBy(this.stage.expiresAt);
      return ok({ staged: true as const });
    } finally {
      this.changing = null;
    }
  }

  /**
   * Phase 2: the staged layout becomes current (D1 already records the publish). An object that
   * holds no such stage (it was created or woken during the publish) converges on D1 instead.
   */
  async commitPublish(stageId: string): Promise<Outcome<{ layoutVersion: number | null }>> {
    const meta = this.current;
    if (!meta) return NOT_FOUND;
    const stage = this.activeStage();
    if (stage && stage.stored.stageId === stageId) return ok({ layoutVersion: this.promote(meta, stage).layoutVersion });
    return this.reconcile();
  }

  /**
   * Drops a stage that will not be committed (another event refused, or the D1 commit failed). A
   * commit that failed may still have landed, so the layout is checked against D1 shortly after.
   */
  abortPublish(stageId: string): void {
    const stage = this.activeStage();
    if (!stage || stage.stored.stageId !== stageId) return;
    this.dropStage();
    this.settleBy(this.host.now() + SETTLE_SOON_MS);
  }

  /**
   * Converges on what D1 says this event shows: its chart and that chart's published version. A
   * stage D1 committed is promoted, any other is dropped, and a layout the object missed is loaded
   * and made current (keeping every hold and booking, as a forced publish does).
   */
  async reconcile(): Promise<Outcome<{ layoutVersion: number | null }>> {
    const meta = this.current;
    if (!meta) return NOT_FOUND;
    if (this.changing) {
      this.settleBy(this.host.now() + SETTLE_SOON_MS);
      return fail("conflict", "The layout is being changed; retry");
    }
    this.changing = "reconcile";
    try {
      const truth = await readPublishedTruth(this.host.env, meta).catch((err: unknown) => {
        this.settleBy(this.host.now() + SETTLE_RETRY_MS);
        throw err;
      });
      if (truth.kind === "gone") {
        await this.host.destroy();
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
      const layout = await loadPublished(this.host.env, truth.chartId, truth.version);
      if (layout === undefined) {
        this.settleBy(this.host.now() + SETTLE_SOON_MS);
        return fail("conflict", "The chart changed while its layout was read; retry");
      }
      const index = buildIndex(layout);
      const layoutKey = await writeStage(this.host.storage, index, truth.version, this.layoutKey);
      const next: EventMeta = { ...meta, chartId: truth.chartId, chartKey: truth.chartKey, layoutVersion: truth.version };
      const moved = meta.chartId !== truth.chartId;
      const now = this.host.now();
      this.host.storage.transactionSync(() => {
        recordPublishImpact(this.sql, this.layout(), index, now);
        this.install(layoutKey);
        setMeta(this.sql, "categories", index.categories);
        setMeta(this.sql, "sectionLabels", index.sectionLabels);
        setMeta(this.sql, "focalPoint", index.focalPoint);
        setMeta(this.sql, "event", next);
        setMeta(this.sql, "settle", null);
        // A chart move the object never heard of: its event now, late rather than never.
        if (moved) insertOutbox(this.sql, "event.chart_changed", { eventKey: meta.eventKey, chartKey: truth.chartKey, previousChartKey: meta.chartKey }, now);
      });
      this.settleAt = null;
      this.became(next, layoutKey, index);
      if (moved) this.host.outboxWritten();
      return ok({ layoutVersion: next.layoutVersion });
    } finally {
      this.changing = null;
    }
  }

  /** Points the event at another chart (move-to-new-chart-copy) and emits event.chart_changed. */
  moveToChart(chartId: string, chartKey: string, layoutVersion: number | null): Outcome<{ eventKey: string; chartKey: string; previousChartKey: string }> {
    const meta = this.current;
    if (!meta) return NOT_FOUND;
    // The copy holds exactly the layout the event reads now, so the index itself does not change.
    const next: EventMeta = { ...meta, chartId, chartKey, layoutVersion };
    const now = this.host.now();
    this.host.storage.transactionSync(() => {
      setMeta(this.sql, "event", next);
      insertOutbox(this.sql, "event.chart_changed", { eventKey: meta.eventKey, chartKey, previousChartKey: meta.chartKey }, now);
    });
    this.current = next;
    this.host.changed();
    this.host.outboxWritten();
    return ok({ eventKey: meta.eventKey, chartKey, previousChartKey: meta.chartKey });
  }

  /** Makes a stage the current layout, in one transaction. */
  private promote(meta: EventMeta, stage: LoadedStage): EventMeta {
    const next: EventMeta = { ...meta, layoutVersion: stage.stored.version };
    this.host.storage.transactionSync(() => {
      recordPublishImpact(this.sql, this.layout(), stage.index, this.host.now());
      this.install(stage.stored.layoutKey);
      setMeta(this.sql, "categories", stage.stored.categories);
      setMeta(this.sql, "sectionLabels", stage.stored.sectionLabels ?? {});
      setMeta(this.sql, "focalPoint", stage.stored.focalPoint ?? null);
      setMeta(this.sql, "stage", null);
      setMeta(this.sql, "event", next);
      setMeta(this.sql, "settle", null);
    });
    this.settleAt = null;
    this.became(next, stage.stored.layoutKey, stage.index);
    return next;
  }

  /** Makes the layout version `key` the current one and deletes the one it replaces (inside the caller's transaction). */
  private install(key: string): void {
    setMeta(this.sql, "layout", key);
    if (this.layoutKey !== null && this.layoutKey !== key) deleteLayout(this.sql, this.layoutKey);
  }

  private dropStage(): void {
    const stage = this.activeStage();
    this.host.storage.transactionSync(() => {
      if (stage) deleteLayout(this.sql, stage.stored.layoutKey);
      setMeta(this.sql, "stage", null);
    });
    this.stage = null;
  }

  /** After a new layout became current: memory follows, and so do live views. */
  private became(next: EventMeta, layoutKey: string, index: LayoutIndex): void {
    this.current = next;
    this.layoutKey = layoutKey;
    this.index = index;
    this.stage = null;
    this.host.changed();
  }

  /** Makes sure the layout is checked against D1 no later than `at` (engine time). */
  private settleBy(at: number): void {
    if (this.settleAt !== null && this.settleAt <= at) return;
    this.settleAt = at;
    setMeta(this.sql, "settle", at);
    this.host.arm(at);
  }

  /** The layout matches D1: no check is due. */
  private settled(): void {
    if (this.settleAt === null) return;
    this.settleAt = null;
    setMeta(this.sql, "settle", null);
  }
}
