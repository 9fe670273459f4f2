import type { LiveRelayLink, RelayMessage } from "../../domain/live-relays";
import { RateWindow } from "../../domain/rate-window";

/**
 * The relays one feeder sends to: the event's object feeds the first relays itself, and each relay
 * the relays below it (domain/live-relays.ts feederOf). The list is kept in the feeder's SQLite, so
 * a woken feeder still knows whom it feeds; each message goes to each relay once, chained by
 * `prevSeq`; a relay whose send fails is dropped (a relay that lives on checks in and is fed again).
 */
export class RelayFanout {
  private relays: Set<number> | null = null;
  private readonly links = new Map<number, LiveRelayLink>();
  /** The `seq` of the last message sent: the next message's `prevSeq`. */
  lastSeq = 0;
  /** Messages sent, one per relay per message (the live figures). */
  readonly sent = new RateWindow();

  constructor(
    private readonly sql: SqlStorage,
    private readonly linkOf: (index: number) => LiveRelayLink | null,
  ) {}

  /** Creates the feeder's table of relays, if missing. */
  static ensureSchema(sql: SqlStorage): void {
    sql.exec("CREATE TABLE IF NOT EXISTS live_relays (idx INTEGER PRIMARY KEY)");
  }

  private list(): Set<number> {
    this.relays ??= new Set([...this.sql.exec<{ idx: number }>("SELECT idx FROM live_relays ORDER BY idx")].map((r) => r.idx));
    return this.relays;
  }

  get size(): number {
    return this.list().size;
  }

  has(index: number): boolean {
    return this.list().has(index);
  }

  add(index: number): void {
    if (this.list().has(index)) return;
    this.sql.exec("INSERT OR IGNORE INTO live_relays (idx) VALUES (?)", index);
    this.list().add(index);
  }

  remove(index: number): void {
    if (!this.list().delete(index)) return;
    this.sql.exec("DELETE FROM live_relays WHERE idx = ?", index);
    this.links.delete(index);
  }

  /** Forgets what memory holds (the storage was wiped). */
  clear(): void {
    this.relays = null;
    this.links.clear();
  }

  /** Sends `message` to every relay, chained after the last one sent. */
  send(message: Omit<RelayMessage, "prevSeq">): void {
    const full: RelayMessage = { ...message, prevSeq: this.lastSeq };
    if (message.kind !== "closed") this.lastSeq = message.seq;
    const now = Date.now();
    for (const index of [...this.list()]) {
      let link = this.links.get(index);
      if (link === undefined) {
        const made = this.linkOf(index);
        if (made === null) continue;
        this.links.set(index, (link = made));
      }
      this.sent.add(now);
      // A relay that does not answer is dropped; if it is alive, its next check-in attaches it again.
      link.push(full).catch(() => this.remove(index));
    }
  }
}
