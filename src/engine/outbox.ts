import type { ChartChangedObject, OutboxEvent, SeatEventObject, WebhookEventType, WebhookMessage } from "../webhooks/messages";
import { first, rows } from "./store";
import type { EventMeta } from "./types";

/**
 * Rows read per flush pass, and the byte budgets: one queue message is at most 128 KB and one
 * sendBatch at most 256 KB, so a pass sends up to two `events` messages of at most 100 KB each.
 */
const BATCH = 400;
const MESSAGE_BYTES = 100_000;
const MESSAGES_PER_SEND = 2;
/** Passes per flush, so one flush never runs unbounded; the alarm picks up the rest. */
const MAX_BATCHES = 20;

/** UTF-8 size of a row body, over-estimated for non-ASCII text (at most 3 bytes per UTF-16 unit). */
function bodyBytes(body: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\x00-\x7f]/.test(body) ? body.length * 3 : body.length;
}

type OutboxRow = { seq: number; body: string };
type EventsMessage = Extract<WebhookMessage, { kind: "events" }>;

/**
 * Packs outbox rows (each an `event` message) in commit order into at most MESSAGES_PER_SEND
 * `events` messages of one scope each, within the byte budget. Returns the messages and how many
 * rows (a prefix of `batch`) they carry; always at least one row.
 */
export function packEvents(batch: OutboxRow[]): { messages: EventsMessage[]; rows: number } {
  const messages: EventsMessage[] = [];
  let bytes = 0;
  let rows = 0;
  for (const row of batch) {
    const msg = JSON.parse(row.body) as Extract<WebhookMessage, { kind: "event" }>;
    const size = bodyBytes(row.body);
    const last = messages.at(-1);
    if (last && last.workspaceId === msg.workspaceId && last.environment === msg.environment && bytes + size <= MESSAGE_BYTES) {
      last.events.push(msg.event);
      bytes += size;
    } else {
      if (messages.length === MESSAGES_PER_SEND) break;
      messages.push({ kind: "events", workspaceId: msg.workspaceId, environment: msg.environment, events: [msg.event] });
      bytes = size;
    }
    rows++;
  }
  return { messages, rows };
}
const ID_ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A new `evt_` id; fixed when the state change commits so every retry carries the same id. */
export function newEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let id = "evt_";
  for (const b of bytes) id += ID_ALPHABET[b % 36];
  return id;
}

/** Adds an event to the outbox; called inside the transaction that made the change. */
export function insertOutbox(sql: SqlStorage, meta: EventMeta, type: WebhookEventType, object: SeatEventObject | ChartChangedObject, now: number): void {
  const event: OutboxEvent = { id: newEventId(), type, created: Math.floor(now / 1000), data: { object } };
  const message: WebhookMessage = { kind: "event", workspaceId: meta.workspaceId, environment: meta.environment, event };
  sql.exec("INSERT INTO outbox (body, next_at) VALUES (?, 0)", JSON.stringify(message));
}

/** Earliest time the outbox needs attention, or null when it is empty. */
export function outboxDueAt(sql: SqlStorage): number | null {
  const row = first<{ due: number | null }>(sql, "SELECT MIN(next_at) AS due FROM outbox");
  return row?.due ?? null;
}

/**
 * Sends due outbox rows to the queue, many events per message (see packEvents), and deletes only
 * the rows that were sent. On a failed send the rows stay, marked with a retry time that the
 * alarm honours. Returns true when the outbox was emptied of due rows.
 */
export async function flushOutbox(sql: SqlStorage, queue: Queue, now: number): Promise<boolean> {
  for (let i = 0; i < MAX_BATCHES; i++) {
    const selected = rows<OutboxRow>(sql, "SELECT seq, body FROM outbox WHERE next_at <= ? ORDER BY seq LIMIT ?", now, BATCH);
    if (selected.length === 0) return true;
    const packed = packEvents(selected);
    const batch = selected.slice(0, packed.rows);
    try {
      await queue.sendBatch(packed.messages.map((body) => ({ body, contentType: "json" as const })));
    } catch (err) {
      console.error("outbox flush failed; will retry from the alarm", err);
      // Back off 1 s, 2 s, 4 s … up to 64 s per row; the alarm retries at the earliest next_at.
      sql.exec(
        "UPDATE outbox SET attempts = attempts + 1, next_at = ? + (1000 * (1 << MIN(attempts, 6))) WHERE seq BETWEEN ? AND ?",
        now,
        batch[0]!.seq,
        batch[batch.length - 1]!.seq,
      );
      return false;
    }
    // Only rows of this batch are deleted: rows committed during the send have a higher seq, and
    // rows waiting for a retry time were not selected (next_at only changes inside a flush, and
    // flushes never overlap).
    sql.exec("DELETE FROM outbox WHERE seq BETWEEN ? AND ? AND next_at <= ?", batch[0]!.seq, batch[batch.length - 1]!.seq, now);
  }
  return false;
}
