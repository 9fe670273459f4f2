import type { ChartChangedObject, OutboxEvent, SeatEventObject, WebhookEventType, WebhookMessage } from "../webhooks/messages";
import { first, rows } from "./store";
import type { EventMeta } from "./types";

/** Queue sendBatch accepts at most 100 messages and 256 KB in all; the byte budget leaves headroom. */
const BATCH = 100;
const BATCH_BYTES = 200_000;

/** The longest prefix of rows whose bodies fit the byte budget (always at least one row). */
function fitBatch<T extends { body: string }>(batch: T[]): T[] {
  let bytes = 0;
  for (let i = 0; i < batch.length; i++) {
    bytes += batch[i]!.body.length * 3; // worst case UTF-8 bytes per UTF-16 unit
    if (bytes > BATCH_BYTES && i > 0) return batch.slice(0, i);
  }
  return batch;
}
/** Batches per flush, so one flush never runs unbounded; the alarm picks up the rest. */
const MAX_BATCHES = 20;

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
 * Sends due outbox rows to the queue in batches of 100 and deletes only the rows that were sent.
 * On a failed send the rows stay, marked with a retry time that the alarm honours.
 * Returns true when the outbox was emptied of due rows.
 */
export async function flushOutbox(sql: SqlStorage, queue: Queue, now: number): Promise<boolean> {
  for (let i = 0; i < MAX_BATCHES; i++) {
    const batch = fitBatch(rows<{ seq: number; body: string; attempts: number }>(sql, "SELECT seq, body, attempts FROM outbox WHERE next_at <= ? ORDER BY seq LIMIT ?", now, BATCH));
    if (batch.length === 0) return true;
    try {
      await queue.sendBatch(batch.map((r) => ({ body: JSON.parse(r.body) as WebhookMessage, contentType: "json" as const })));
    } catch (err) {
      console.error("outbox flush failed; will retry from the alarm", err);
      // Back off 1 s, 2 s, 4 s … up to 64 s per row; the alarm retries at the earliest next_at.
      sql.exec("UPDATE outbox SET attempts = attempts + 1, next_at = ? + (1000 * (1 << MIN(attempts, 6))) WHERE seq BETWEEN ? AND ?", now, batch[0]!.seq, batch[batch.length - 1]!.seq);
      return false;
    }
    // Only rows of this batch are deleted: rows committed during the send have a higher seq, and
    // rows waiting for a retry time were not selected (next_at only changes inside a flush, and
    // flushes never overlap).
    sql.exec("DELETE FROM outbox WHERE seq BETWEEN ? AND ? AND next_at <= ?", batch[0]!.seq, batch[batch.length - 1]!.seq, now);
  }
  return false;
}
