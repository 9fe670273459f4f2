import { DurableObject } from "cloudflare:workers";
import type { JoinResult, PacerLink, TicketStatus } from "../domain/waiting-room";
import { signAdmission } from "./admission";
import { estimatedWaitSeconds, globalPosition, orderKey, retryAfterSeconds, SHARD_COUNT, TICK_MS } from "./queue-core";
import { roomName, type ShardConfig } from "./room-names";
import { META_TABLE, readMeta, writeMeta } from "./room-meta";

/**
 * One queue shard of an event's waiting room: the buyers whose client address hashes to it
 * (queue-core.ts shardOf). It answers joins and polls alone; the pacer tells it, once a tick, how
 * many of its first buyers to admit and how long the whole queue is.
 *
 * A buyer's rank in the shard is fixed once: at the first tick after opensAt the pre-queue is
 * ranked by its random keys; a later joiner takes the next rank. Admissions take ranks in order, so
 * a waiting buyer's place in the shard is `rank - admitted`, read in O(1) per poll.
 */
/**
 * The bindings a shard uses, with the types it needs: the pacer by its one call from a shard
 * (domain/waiting-room.ts PacerLink) rather than the generated Env, whose binding names the
 * pacer's class, which calls the shards in turn. The Worker's entry checks the generated Env gives them.
 */
export interface ShardEnv {
  /** D1, for the signing secrets of the workspace's admissions (db/signing-secrets.ts). */
  DB: D1Database;
  WAITING_ROOM_SECRET?: string;
  PUBLIC_KEY_SECRET?: string;
  WAITING_ROOM_PACERS: { idFromName(name: string): DurableObjectId; get(id: DurableObjectId): PacerLink };
}

export class WaitingRoomShard extends DurableObject<ShardEnv> {
  private config: ShardConfig | null = null;
  /** Joined (ever) and admitted (ever): waiting is their difference. */
  private joined = 0;
  private admitted = 0;
  /** The highest rank given; 0 while the pre-queue is unranked. */
  private lastRank = 0;
  private ranked = false;
  /** The whole queue's length after the pacer's last tick, and when that tick was. */
  private totalWaiting: number | null = null;
  private lastGrantAt = 0;

  constructor(ctx: DurableObjectState, env: ShardEnv) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.ensureSchema();
      const { config, state } = readMeta<ShardConfig>(ctx.storage.sql);
      this.config = config;
      if (state !== null) Object.assign(this, state);
    });
  }

  private ensureSchema(): void {
    const sql = this.ctx.storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS entries (
      ticket TEXT PRIMARY KEY, client TEXT NOT NULL UNIQUE, k REAL NOT NULL,
      joined_at INTEGER NOT NULL, rank INTEGER, admitted_at INTEGER)`);
    sql.exec("CREATE UNIQUE INDEX IF NOT EXISTS entries_rank ON entries(rank)");
    sql.exec(META_TABLE);
  }

  /** Forgets the room: its event was deleted, and a later event of the same key starts afresh. */
  async clear(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.ensureSchema();
    this.config = null;
    this.joined = 0;
    this.admitted = 0;
    this.lastRank = 0;
    this.ranked = false;
    this.totalWaiting = null;
    this.lastGrantAt = 0;
  }

  private saveState(): void {
    const state = {
      joined: this.joined,
      admitted: this.admitted,
      lastRank: this.lastRank,
      ranked: this.ranked,
      totalWaiting: this.totalWaiting,
      lastGrantAt: this.lastGrantAt,
    };
    writeMeta(this.ctx.storage.sql, "state", state);
  }

  private get waiting(): number {
    return this.joined - this.admitted;
  }

  /** The pacer hands every shard the room's configuration (and its own index). */
  async configure(config: ShardConfig): Promise<void> {
    this.config = config;
    writeMeta(this.ctx.storage.sql, "config", config);
  }

  /**
   * A buyer joins (or joins again: the same client gets its ticket back). Null when the room is
   * not enabled. `now` comes from the Worker so that tests can place joins in time.
   */
  async join(client: string, now: number): Promise<JoinResult | null> {
    const config = this.config;
    if (!config?.enabled) return null;
    const sql = this.ctx.storage.sql;
    this.rankIfOpen(now);
    const existing = sql.exec<{ ticket: string }>("SELECT ticket FROM entries WHERE client = ?", client).toArray()[0];
    let ticket = existing?.ticket;
    if (ticket === undefined) {
      ticket = `${config.shard}.${randomId()}`;
      const key = orderKey(now, config.opensAt, randomUnit());
      this.ctx.storage.transactionSync(() => {
        sql.exec(
          "INSERT INTO entries (ticket, client, k, joined_at, rank) VALUES (?, ?, ?, ?, ?)",
          ticket,
          client,
          key,
          now,
          this.ranked ? this.lastRank + 1 : null,
        );
        if (this.ranked) this.lastRank++;
        this.joined++;
        this.saveState();
      });
      this.wakePacer(config, now);
    }
    const status = await this.status(ticket, now);
    const position = status?.position ?? null;
    return {
      ticket,
      position,
      opensAt: new Date(config.opensAt).toISOString(),
      estimatedWaitSeconds: status?.admitted ? 0 : estimatedWaitSeconds(position, this.total(), config.admitPerMinute, now, config.opensAt),
    };
  }

  /** A ticket's state (null for a ticket this shard never gave). */
  async status(ticket: string, now: number): Promise<TicketStatus | null> {
    const config = this.config;
    if (!config) return null;
    this.rankIfOpen(now);
    const row = this.ctx.storage.sql
      .exec<{ client: string; rank: number | null; admitted_at: number | null }>("SELECT client, rank, admitted_at FROM entries WHERE ticket = ?", ticket)
      .toArray()[0];
    if (!row) return null;
    if (row.admitted_at !== null) {
      const expiresAt = row.admitted_at + config.sessionMinutes * 60_000;
      return {
        position: 0,
        admitted: true,
        admission: await signAdmission(this.env, config.scope, config.eventId, ticket, row.client, expiresAt),
        admissionExpiresAt: new Date(expiresAt).toISOString(),
        retryAfterSeconds: 0,
      };
    }
    const position = row.rank === null ? null : globalPosition(row.rank - this.admitted, this.waiting, this.total());
    const wait = estimatedWaitSeconds(position, this.total(), config.admitPerMinute, now, config.opensAt);
    return { position, admitted: false, retryAfterSeconds: retryAfterSeconds(wait, now, config.opensAt) };
  }

  /** The whole queue's length: the pacer's last figure, else this shard's share scaled up. */
  private total(): number {
    return this.totalWaiting ?? this.waiting * SHARD_COUNT;
  }

  /**
   * The order keys of this shard's first `limit` waiting buyers, ascending, and how many wait; at or
   * after opensAt the pre-queue is ranked first (once).
   */
  async peek(limit: number, now: number): Promise<{ waiting: number; keys: number[] }> {
    this.rankIfOpen(now);
    if (!this.ranked || limit <= 0) return { waiting: this.waiting, keys: [] };
    const keys = this.ctx.storage.sql
      .exec<{ k: number }>("SELECT k FROM entries WHERE rank > ? ORDER BY rank LIMIT ?", this.admitted, limit)
      .toArray()
      .map((r) => r.k);
    return { waiting: this.waiting, keys };
  }

  /** From opensAt on, whoever asks first (a join, a poll or the pacer) has the pre-queue ranked. */
  private rankIfOpen(now: number): void {
    if (!this.ranked && this.config && now >= this.config.opensAt) this.rank();
  }

  /** Ranks every unranked buyer by order key (the pre-queue's random draw decides its order here). */
  private rank(): void {
    const sql = this.ctx.storage.sql;
    this.ctx.storage.transactionSync(() => {
      sql.exec(
        `UPDATE entries SET rank = ? + r.n FROM (SELECT ticket, row_number() OVER (ORDER BY k, ticket) AS n FROM entries WHERE rank IS NULL) AS r
         WHERE entries.ticket = r.ticket`,
        this.lastRank,
      );
      this.lastRank = sql.exec<{ m: number | null }>("SELECT max(rank) AS m FROM entries").one().m ?? 0;
      this.ranked = true;
      this.saveState();
    });
  }

  /**
   * The pacer's grant: admit this shard's first `count` waiting buyers at `now` (each once: ranks
   * above `admitted` only), and learn the queue's length after this tick. Answers how many it admitted.
   */
  async admit(count: number, now: number, totalWaiting: number): Promise<number> {
    const n = Math.min(Math.max(0, count), this.ranked ? this.lastRank - this.admitted : 0);
    this.ctx.storage.transactionSync(() => {
      if (n > 0) this.ctx.storage.sql.exec("UPDATE entries SET admitted_at = ? WHERE rank > ? AND rank <= ?", now, this.admitted, this.admitted + n);
      this.admitted += n;
      this.totalWaiting = totalWaiting;
      this.lastGrantAt = now;
      this.saveState();
    });
    return n;
  }

  /** How many wait here (the room's figures). */
  async counts(): Promise<{ waiting: number; joined: number; admitted: number }> {
    return { waiting: this.waiting, joined: this.joined, admitted: this.admitted };
  }

  /**
   * A shard that has not heard from the pacer for a few ticks wakes it: the pacer sleeps while the
   * queue is empty, and only the rare join that finds it asleep reaches it.
   */
  private wakePacer(config: ShardConfig, now: number): void {
    if (now < config.opensAt || now - this.lastGrantAt < 3 * TICK_MS) return;
    this.lastGrantAt = now;
    this.ctx.waitUntil(
      this.env.WAITING_ROOM_PACERS.get(this.env.WAITING_ROOM_PACERS.idFromName(roomName(config.scope)))
        .wake()
        .catch(() => undefined),
    );
  }
}

/** 128 random bits, base64url (22 characters). */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A uniform number in [0, 1) with 53 random bits. */
function randomUnit(): number {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return ((hi >>> 5) * 67108864 + (lo >>> 6)) / 9007199254740992;
}
