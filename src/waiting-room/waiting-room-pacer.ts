import { DurableObject } from "cloudflare:workers";
import type { WaitingRoomStats } from "../domain/waiting-room";
import type { AdmissionScope } from "./admission";
import { allocate, INITIAL_PACE, paceTick, SHARD_COUNT, TICK_MS, tickBudget, type PaceState } from "./queue-core";
import type { ShardConfig } from "./room-names";
import { shardStub } from "./shard-stub";
import { META_TABLE, readMeta, writeMeta } from "./room-meta";

/** The room as the pacer keeps it (opensAt in epoch ms). */
export interface RoomConfig {
  scope: AdmissionScope;
  eventId: string;
  enabled: boolean;
  opensAt: number;
  admitPerMinute: number;
  sessionMinutes: number;
}

/** After this long with nobody waiting the pacer stops ticking until a shard wakes it. */
const IDLE_MS = 60_000;
/** Ticks are kept this long for the figures. */
const LOG_MS = 60 * 60_000;

/**
 * The pacer of an event's waiting room: the only object that decides how many are admitted. Once
 * a tick (an alarm a second while anyone waits) it asks every shard for its first keys, merges
 * them so that the smallest keys of the whole queue go first, and grants each shard its share of
 * this tick's pace (queue-core.ts). It never sees a join or a poll.
 */
export class WaitingRoomPacer extends DurableObject<Env> {
  private config: RoomConfig | null = null;
  private pace: PaceState = INITIAL_PACE;
  private admittedTotal = 0;
  private idleSince: number | null = null;
  /** Ticks run one at a time: each reads and spends the same credit. */
  private ticking: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.ensureSchema();
      const { config, state } = readMeta<RoomConfig>(ctx.storage.sql);
      this.config = config;
      if (state !== null) Object.assign(this, state);
    });
  }

  private ensureSchema(): void {
    const sql = this.ctx.storage.sql;
    sql.exec(META_TABLE);
    sql.exec("CREATE TABLE IF NOT EXISTS ticks (at INTEGER PRIMARY KEY, admitted INTEGER NOT NULL, waiting INTEGER NOT NULL)");
  }

  /** Forgets the room and every shard's queue (the event was deleted). */
  async clear(scope: AdmissionScope): Promise<void> {
    await Promise.all(Array.from({ length: SHARD_COUNT }, (_, shard) => shardStub(this.env, scope, shard).clear()));
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.ensureSchema();
    this.config = null;
    this.pace = INITIAL_PACE;
    this.admittedTotal = 0;
    this.idleSince = null;
  }

  private saveState(): void {
    const state = { pace: this.pace, admittedTotal: this.admittedTotal, idleSince: this.idleSince };
    writeMeta(this.ctx.storage.sql, "state", state);
  }

  /** Puts the room's configuration, hands it to every shard, and arms the first tick. */
  async configure(config: RoomConfig): Promise<void> {
    this.config = config;
    writeMeta(this.ctx.storage.sql, "config", config);
    await Promise.all(
      Array.from({ length: SHARD_COUNT }, (_, shard) => shardStub(this.env, config.scope, shard).configure({ ...config, shard } satisfies ShardConfig)),
    );
    if (config.enabled) await this.ctx.storage.setAlarm(Math.max(Date.now(), config.opensAt));
    else await this.ctx.storage.deleteAlarm();
  }

  /** The configuration and its figures at `now`; null when the room was never configured. */
  async read(now: number): Promise<{ config: RoomConfig; stats: WaitingRoomStats } | null> {
    if (!this.config) return null;
    const scope = this.config.scope;
    const counts = await Promise.all(Array.from({ length: SHARD_COUNT }, (_, shard) => shardStub(this.env, scope, shard).counts()));
    const lastMinute = this.ctx.storage.sql.exec<{ n: number | null }>("SELECT sum(admitted) AS n FROM ticks WHERE at > ?", now - 60_000).one().n ?? 0;
    return {
      config: this.config,
      stats: { waiting: counts.reduce((sum, c) => sum + c.waiting, 0), admittedTotal: this.admittedTotal, admittedLastMinute: lastMinute },
    };
  }

  /** Admissions per tick since `since` (the dashboard's plot and the pace tests). */
  async ticks(since: number): Promise<{ at: number; admitted: number; waiting: number }[]> {
    return this.ctx.storage.sql
      .exec<{ at: number; admitted: number; waiting: number }>("SELECT at, admitted, waiting FROM ticks WHERE at >= ? ORDER BY at", since)
      .toArray();
  }

  /** A shard found the pacer asleep: tick now. */
  async wake(): Promise<void> {
    if (!this.config?.enabled) return;
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const { waiting } = await this.tickAt(now);
    const config = this.config;
    if (!config?.enabled) return;
    if (now < config.opensAt) {
      await this.ctx.storage.setAlarm(config.opensAt);
      return;
    }
    if (waiting > 0) this.idleSince = null;
    else this.idleSince ??= now;
    this.saveState();
    // Asleep when nobody has waited for a while; a shard's next join wakes it (WaitingRoomShard.wakePacer).
    if (this.idleSince === null || now - this.idleSince < IDLE_MS) await this.ctx.storage.setAlarm(now + TICK_MS);
  }

  /** One tick at `now` (the alarm's time; tests pass simulated times). Answers what it did. */
  async tickAt(now: number): Promise<{ admitted: number; waiting: number }> {
    const run = this.ticking.then(() => this.tick(now));
    this.ticking = run.catch(() => undefined);
    return run;
  }

  private async tick(now: number): Promise<{ admitted: number; waiting: number }> {
    const config = this.config;
    if (!config?.enabled || now < config.opensAt) return { admitted: 0, waiting: 0 };
    const shards = Array.from({ length: SHARD_COUNT }, (_, shard) => shardStub(this.env, config.scope, shard));
    const budget = tickBudget(this.pace, now, config.admitPerMinute);
    const heads = await Promise.all(shards.map((s) => s.peek(budget, now)));
    const waiting = heads.reduce((sum, h) => sum + h.waiting, 0);
    const { admit, state } = paceTick(this.pace, now, config.admitPerMinute, waiting);
    const grants = allocate(
      heads.map((h) => h.keys),
      admit,
    );
    const after = waiting - admit;
    const done = await Promise.all(shards.map((s, i) => s.admit(grants[i], now, after)));
    const admitted = done.reduce((sum, n) => sum + n, 0);
    this.pace = state;
    this.admittedTotal += admitted;
    const sql = this.ctx.storage.sql;
    sql.exec("INSERT OR REPLACE INTO ticks (at, admitted, waiting) VALUES (?, ?, ?)", now, admitted, waiting - admitted);
    sql.exec("DELETE FROM ticks WHERE at < ?", now - LOG_MS);
    this.saveState();
    return { admitted, waiting: waiting - admitted };
  }
}
