import { DurableObject } from "cloudflare:workers";
import type { Category } from "../charts/layout";
import { errorBody } from "../http/errors";
import { Clock } from "./clock";
import { ChangeLog } from "./change-log";
import { nextDue, sweepExpired, SWEEP_CHUNK, SWEEP_CHUNKS_PER_RUN } from "./expiry";
import { readLayoutTable, type LayoutIndex } from "./layout-index";
import { acceptLive, broadcast, type LiveMessage } from "./live";
import { flushOutbox, outboxDueAt } from "./outbox";
import { statusEntries } from "./reads";
import { storedStage, type LoadedStage } from "./staging";
import { StatusCache, type StatusFormat, type TaggedBody } from "./status-cache";
import { ensureSchema, getMeta } from "./store";
import { Tx } from "./tx";
import type { EventMeta, StatusEntry } from "./types";

/** Shortest time between two outbox flushes started by commits (see scheduleFlush). */
const FLUSH_INTERVAL_MS = 20;

/**
 * The machinery under the event Durable Object's RPC surface (event-object.ts): warm state loaded
 * once per wake, the one-transaction decision runner, the after-commit work (outbox flush, alarm,
 * live broadcast), the expiry alarm and the live WebSocket endpoint.
 */
export class EventCore extends DurableObject<Env> {
  /** Engine time; tests move it forward through runInDurableObject. */
  readonly clock = new Clock();
  protected meta: EventMeta | null = null;
  protected layoutCache: LayoutIndex | null = null;
  protected stage: LoadedStage | null = null;
  /** Whether the stored stage has been read since this wake (see activeStage). */
  protected stageChecked = false;
  protected alarmAt: number | null = null;
  protected flushing: Promise<void> | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private lastFlushAt = 0;
  protected flushAgain = false;
  protected staging: string | null = null;
  /** The public status view, kept in memory and patched with each commit's changed labels (see afterCommit). */
  protected readonly statusCache = new StatusCache(() => this.changeLog.reset());
  /** Labels changed per committed decision, so a live socket opened with `since` gets only those (change-log.ts). */
  protected readonly changeLog = new ChangeLog();
  /** Tests set this to inspect outbox rows before they are sent. */
  outboxPaused = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      ensureSchema(ctx.storage.sql);
      this.meta = getMeta<EventMeta>(ctx.storage.sql, "event");
      this.alarmAt = await ctx.storage.getAlarm();
      // Rows a previous instance committed but never sent (evicted before its flush ran).
      if (outboxDueAt(ctx.storage.sql) !== null) this.scheduleFlush();
    });
  }

  protected get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  /** The current layout index, read from SQLite once per wake (then kept in memory). */
  protected layout(): LayoutIndex {
    if (!this.layoutCache) {
      this.layoutCache = { objects: readLayoutTable(this.sql, "layout_current"), categories: getMeta<Category[]>(this.sql, "categories") ?? [] };
    }
    return this.layoutCache;
  }

  /**
   * The staged publish, restored from storage once per wake. After that memory is authoritative:
   * only this object writes the stored stage, and it sets `stage` alongside (so a hold does not
   * read the stage row on every decision).
   */
  protected activeStage(): LoadedStage | null {
    if (this.stage) return this.stage;
    if (this.stageChecked) return null;
    this.stageChecked = true;
    const stored = storedStage(this.sql);
    if (!stored) return null;
    this.stage = {
      stored,
      index: { objects: readLayoutTable(this.sql, "layout_stage"), categories: stored.categories },
      guard: !stored.force,
      expiresAt: stored.expiresAt,
    };
    return this.stage;
  }

  /** Runs one decision in one synchronous transaction, then does the after-commit work. */
  protected decide<T>(meta: EventMeta, fn: (tx: Tx) => T): T {
    const tx = new Tx(this.sql, this.clock.now(), meta, this.layout(), this.activeStage());
    const result = this.ctx.storage.transactionSync(() => fn(tx));
    this.afterCommit(tx);
    return result;
  }

  protected afterCommit(tx: Tx): void {
    // Every write of a decision records its label in tx.changed (emit, or by hand where no event is sent).
    this.statusCache.changed(tx.changed);
    this.changeLog.record(tx.changed);
    if (tx.earliestExpiry !== null) this.arm(tx.earliestExpiry);
    if (tx.changed.size > 0) {
      this.scheduleFlush();
      this.broadcastChanges([...tx.changed]);
    }
  }

  /** Moves the alarm earlier when `due` (engine time) comes before it; never later. */
  protected arm(due: number): void {
    const wall = this.clock.toWall(due);
    if (this.alarmAt !== null && this.alarmAt <= wall) return;
    this.alarmAt = wall;
    void this.ctx.storage.setAlarm(wall);
  }

  /**
   * Flushes the outbox at once when the last flush was at least FLUSH_INTERVAL_MS ago, else when
   * that interval is up: a quiet event sends each change straight away, while during a rush one
   * queue send carries every change of the interval instead of one send per hold.
   */
  protected scheduleFlush(): void {
    if (this.flushTimer !== null) return;
    const wait = this.lastFlushAt + FLUSH_INTERVAL_MS - Date.now();
    const run = () => {
      this.flushTimer = null;
      this.lastFlushAt = Date.now();
      this.ctx.waitUntil(this.flush());
    };
    if (wait <= 0) run();
    else this.flushTimer = setTimeout(run, wait);
  }

  /** Sends the outbox to the queue; overlapping calls coalesce into one more pass. */
  flush(): Promise<void> {
    if (this.outboxPaused) return Promise.resolve();
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.flushAgain = false;
        const drained = await flushOutbox(this.sql, this.env.WEBHOOKS, this.clock.now());
        if (!drained) {
          const due = nextDue(this.sql);
          if (due !== null) this.arm(due);
          break;
        }
      } while (this.flushAgain);
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  protected broadcastChanges(labels: string[]): void {
    if (this.ctx.getWebSockets().length === 0 || !this.meta) return;
    broadcast(this.ctx, { type: "changes", objects: this.changeEntries(labels) });
  }

  /** The public entries of `labels` now, a freed object as an explicit "free" entry. */
  protected changeEntries(labels: string[]): StatusEntry[] {
    if (!this.meta) return [];
    const layout = this.layout();
    const published = this.meta.layoutVersion !== null;
    const entries = statusEntries(this.sql, layout, published, this.clock.now(), { caller: "public", labels });
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
    return entries;
  }

  /**
   * The cached JSON body of the unfiltered publishable-key status view, or null when the event does
   * not exist. Writers outside decide() (init, reset, publish, chart moves) call
   * `statusCache.invalidate()` themselves.
   */
  protected cachedStatus(format: StatusFormat): TaggedBody | null {
    if (!this.meta) return null;
    return this.statusCache.body(this.sql, this.layout(), this.meta.layoutVersion !== null, this.meta.eventKey, this.clock.now(), format);
  }

  /** The live snapshot message, from the same kept view as the public status read. */
  protected snapshotText(): string {
    if (!this.meta) return JSON.stringify({ type: "snapshot", objects: [] } satisfies LiveMessage);
    return this.statusCache.snapshotText(this.sql, this.layout(), this.meta.layoutVersion !== null, this.clock.now());
  }

  // ---- alarm and live ------------------------------------------------------------------------

  /** Sweeps expired holds in bounded chunks, flushes the outbox and re-arms. Safe to run twice. */
  override async alarm(): Promise<void> {
    this.alarmAt = null;
    const meta = this.meta;
    if (!meta) return;
    let more = false;
    for (let chunk = 0; chunk < SWEEP_CHUNKS_PER_RUN; chunk++) {
      const swept = this.decide(meta, (tx) => sweepExpired(tx));
      more = swept >= SWEEP_CHUNK;
      if (!more) break;
      // Let requests that queued up during the chunk in before the next one.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await this.flush();
    const due = more ? this.clock.now() : nextDue(this.sql);
    if (due !== null) this.arm(Math.max(due, this.clock.now()));
  }

  /** WebSocket upgrades only (GET /events/{key}/live): live status with the Hibernation API. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json(errorBody("validation_failed", "This endpoint needs a WebSocket upgrade"), { status: 400 });
    }
    if (!this.meta) return Response.json(errorBody("event_not_found", "Event not found"), { status: 404 });
    // A client that read the status at version `since` gets what changed after it, not a snapshot.
    const since = new URL(request.url).searchParams.get("since");
    const changed = since ? this.changeLog.since(since) : null;
    if (changed === null) return acceptLive(this.ctx, this.snapshotText());
    return acceptLive(this.ctx, changed.length > 0 ? JSON.stringify({ type: "changes", objects: this.changeEntries(changed) } satisfies LiveMessage) : null);
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
}
