import type { EventMeta } from "../../domain/events";
import type { WebhookQueueBody } from "../../domain/webhook-messages";
import { backOffRows, BATCH, dueRows, FILL_BATCH, fillOutbox, leaseRows, outboxDueAt, packEvents } from "./outbox";
import { logError } from "../../domain/log-safety";

/**
 * Shortest time between two flushes started by commits (see schedule). Each flush is a queue send
 * and a write (the lease), so during a rush fewer, fuller flushes cost less per hold; a change
 * waits at most this long, next to the consumer's own batch wait (max_batch_timeout, 1 s).
 */
const FLUSH_INTERVAL_MS = 250;
/** Passes per flush, so one flush never runs unbounded; the alarm picks up the rest. */
const MAX_PASSES = 20;

/** What the sender needs from the object it works for. */
export interface OutboxSenderHost {
  sql: SqlStorage;
  /** Runs `fn` in one synchronous storage transaction. */
  transaction<T>(fn: () => T): T;
  queue(): Queue<WebhookQueueBody>;
  meta(): EventMeta | null;
  now(): number;
  /** How long a sent row may wait for its confirmation before it is sent again. */
  leaseMs(): number;
  waitUntil(work: Promise<unknown>): void;
  /** Makes sure the object's alarm runs no later than `due` (engine time). */
  arm(due: number): void;
}

/**
 * Sends the outbox to the WEBHOOKS queue after commits. A quiet event sends each change straight
 * away; during a rush one flush every FLUSH_INTERVAL_MS carries every change of the interval, so a
 * thousand holds a second cost tens of queue sends, not a thousand, and their outbox rows are
 * written together from the history records (fillOutbox) rather than one by each hold. Rows are
 * leased, not deleted (outbox.ts), and the alarm is armed for the earliest lease, so a send that
 * is lost is sent again.
 */
export class OutboxSender {
  private flushing: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastFlushAt = 0;

  constructor(private readonly host: OutboxSenderHost) {}

  /** Flushes now when the last flush was at least FLUSH_INTERVAL_MS ago, else when that interval is up. */
  schedule(): void {
    if (this.timer !== null) return;
    const wait = this.lastFlushAt + FLUSH_INTERVAL_MS - Date.now();
    const run = () => {
      this.timer = null;
      this.lastFlushAt = Date.now();
      this.host.waitUntil(this.flush());
    };
    if (wait <= 0) run();
    else this.timer = setTimeout(run, wait);
  }

  /** Sends every due row; overlapping calls coalesce into one more pass. */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      do {
        this.again = false;
        if (!(await this.sendDue())) break;
      } while (this.again);
      const now = this.host.now();
      const due = outboxDueAt(this.host.sql, now);
      // Rows never sent are due at 0: the alarm takes them now.
      if (due !== null) this.host.arm(Math.max(due, now));
    })().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Sends due rows in passes; false when the queue refused a send (the rows wait for their retry time). */
  private async sendDue(): Promise<boolean> {
    const meta = this.host.meta();
    if (!meta) return true;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const now = this.host.now();
      const filled = this.host.transaction(() => fillOutbox(this.host.sql, meta.eventKey));
      const selected = dueRows(this.host.sql, now);
      if (selected.length === 0) return true;
      const packed = packEvents(meta, selected);
      // Everything due fitted in this pass (and nothing is left to fill): no second pass to find that out.
      const last = packed.rows === selected.length && selected.length < BATCH && filled < FILL_BATCH;
      const seqs = selected.slice(0, packed.rows).map((r) => r.seq);
      try {
        await this.host.queue().sendBatch(packed.messages.map((body) => ({ body, contentType: "text" as const })));
      } catch (err) {
        logError("outbox: the queue refused a send; the alarm retries it", err);
        backOffRows(this.host.sql, seqs, now);
        return false;
      }
      leaseRows(this.host.sql, seqs, now + this.host.leaseMs());
      if (last) return true;
    }
    return true;
  }
}
