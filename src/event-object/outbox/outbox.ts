import type { EventMeta } from "../../domain/events";
import type {
  ChartChangedObject,
  EncodedEventsMessage,
  OutboxEvent,
  OutboxSource,
  SeatEventObject,
  WebhookEventType,
  WebhookMessage,
} from "../../domain/webhook-messages";
import type { Price } from "../../domain/pricing";
import type { Status } from "../../domain/status";
import { withExtraData } from "../../domain/extra-data-text";
import { newEventId } from "../../domain/event-ids";
import { first, historyQueuedThrough, latestHistorySeq, markHistoryQueued, parseExtra, rows } from "../state/store";

/**
 * The event's outbox: webhook events of committed changes. A seat or area change names its event
 * in its history record, in the change's own transaction, and a fill after commit turns the
 * records into rows (fillOutbox); the event's chart changes are written as rows directly. A row
 * leaves the outbox only when the webhook consumer confirms that the event's deliveries are stored
 * (ackRows); sending it to the queue merely leases it for a while (`next_at`), and the
 * object's alarm sends it again when the lease runs out unconfirmed. So an event survives a queue
 * that loses messages (the local dev queue keeps them in memory), a consumer that dies half-way,
 * and the object itself being evicted or killed: delivery is at least once, never at most once.
 */

/**
 * Rows read per flush pass, and the byte budgets: one queue message is at most 128 KB and one
 * sendBatch at most 256 KB, so a pass sends up to two `events` messages of at most 100 KB each.
 */
export const BATCH = 400;
const MESSAGE_BYTES = 100_000;
const MESSAGES_PER_SEND = 2;

/** UTF-8 size of a row body, over-estimated for non-ASCII text (at most 3 bytes per UTF-16 unit). */
function bodyBytes(body: string): number {
  // eslint-disable-next-line no-control-regex
  return /[^\x00-\x7f]/.test(body) ? body.length * 3 : body.length;
}

export interface OutboxRow {
  seq: number;
  body: string;
  /** The event's extraData text, kept once per request (state/extras.ts); absent or null when the body carries its own. */
  extra?: string | null;
}

/**
 * The stored JSON of a row's event, as it goes into a message: with its extraData put back when it
 * is kept apart. Rows written before `events` messages hold a whole `event` message (they start
 * with its `kind`): their event is taken out.
 */
export function rowEventJson(row: Pick<OutboxRow, "body" | "extra">): string {
  const body = withExtraData(row.body, row.extra ?? null);
  if (!body.startsWith('{"kind":')) return body;
  return JSON.stringify((JSON.parse(body) as Extract<WebhookMessage, { kind: "event" }>).event);
}

/**
 * Packs due rows in commit order into at most MESSAGES_PER_SEND `events` messages within the byte
 * budget, each naming the rows it carries. A message is its JSON text, put together from the rows'
 * stored JSON: events are encoded once, when they commit, and never parsed and encoded again on
 * their way to the queue (sent as text; the consumer reads either form). Returns the messages and
 * how many rows (a prefix of `batch`) they carry; always at least one row.
 */
export function packEvents(
  meta: Pick<EventMeta, "workspaceId" | "environment" | "eventKey" | "eventId">,
  batch: OutboxRow[],
): { messages: EncodedEventsMessage[]; rows: number } {
  const head = `{"kind":"events","workspaceId":${JSON.stringify(meta.workspaceId)},"environment":${JSON.stringify(meta.environment)},"events":[`;
  const source = (seqs: number[]): OutboxSource => ({ eventKey: meta.eventKey, eventId: meta.eventId, seqs });
  const messages: EncodedEventsMessage[] = [];
  let events: string[] = [];
  let seqs: number[] = [];
  let bytes = 0;
  let count = 0;
  for (const row of batch) {
    const size = bodyBytes(row.body) + (row.extra ? bodyBytes(row.extra) : 0);
    if (events.length > 0 && bytes + size > MESSAGE_BYTES) {
      messages.push(`${head}${events.join(",")}],"source":${JSON.stringify(source(seqs))}}`);
      events = [];
      seqs = [];
      bytes = 0;
      if (messages.length === MESSAGES_PER_SEND) break;
    }
    events.push(rowEventJson(row));
    seqs.push(row.seq);
    bytes += size;
    count++;
  }
  if (events.length > 0) messages.push(`${head}${events.join(",")}],"source":${JSON.stringify(source(seqs))}}`);
  return { messages, rows: count };
}

/**
 * Adds an event of the event itself (a chart change) to the outbox, inside the transaction that
 * made the change. The seat events recorded before it are filled in first, so the outbox keeps
 * commit order.
 */
export function insertOutbox(sql: SqlStorage, type: WebhookEventType, object: ChartChangedObject, now: number): void {
  while (fillOutbox(sql, object.eventKey) === FILL_BATCH);
  const event: OutboxEvent = { id: newEventId(), type, created: Math.floor(now / 1000), data: { object } };
  sql.exec("INSERT INTO outbox (body, next_at) VALUES (?, 0)", JSON.stringify(event));
}

/** History records turned into outbox rows per fill. */
export const FILL_BATCH = 1000;

interface HookRow {
  seq: number;
  at: number;
  label: string;
  type: SeatEventObject["objectType"];
  status: Status;
  quantity: number | null;
  order_id: string | null;
  /** The record's extraData: kept apart by id (the outbox row names it too), or, in a record written before, its own text. */
  extra_id: number | null;
  extra: string | null;
  season_key: string | null;
  partial_season_key: string | null;
  hook: WebhookEventType;
  hook_expires_at: number | null;
  category: string | null;
  channel: string | null;
  seat_labels: string | null;
  price: string | null;
}

/**
 * Turns the webhook events named by history records (status-history.ts) into outbox rows, in seq
 * order, up to FILL_BATCH of them, and moves the mark of the last one filled; returns how many.
 * A hold's transaction writes only its record, and the rows of a whole rush are written here
 * together, a few times a second (outbox-sender.ts). The record is committed with the change, so
 * an event whose row is not written yet survives any crash: the next fill writes it. Must run in
 * one transaction with nothing awaited, so the rows and the mark commit together.
 */
export function fillOutbox(sql: SqlStorage, eventKey: string): number {
  const through = historyQueuedThrough(sql);
  const found = rows<HookRow>(
    sql,
    "SELECT seq, at, label, type, status, quantity, order_id, extra_id, extra, season_key, partial_season_key, hook, hook_expires_at, category, channel, seat_labels, price FROM history WHERE seq > ? AND hook IS NOT NULL ORDER BY seq LIMIT ?",
    through,
    FILL_BATCH,
  );
  // Past the last record read, when every record is read: records that send nothing (a forced
  // publish's) are not looked at again by the next fill.
  const mark = found.length < FILL_BATCH ? latestHistorySeq(sql) : found.at(-1)!.seq;
  if (found.length > 0) {
    // A row names its record's extraData (kept once per request) and is stored without it.
    const rowsOf = found.map((r) => [JSON.stringify(seatEvent(eventKey, r)), r.extra_id]);
    sql.exec(
      "INSERT INTO outbox (body, next_at, extra_id) SELECT json_extract(value, '$[0]'), 0, json_extract(value, '$[1]') FROM json_each(?)",
      JSON.stringify(rowsOf),
    );
  }
  if (mark > through) markHistoryQueued(sql, mark);
  return found.length;
}

/** The webhook event of a recorded change, as docs/webhooks.md, docs/channels.md and docs/seasons.md describe it. */
function seatEvent(eventKey: string, r: HookRow): OutboxEvent {
  const object: SeatEventObject = {
    eventKey,
    objectLabel: r.label,
    objectType: r.type,
    status: r.status,
    categoryKey: r.category,
    extraData: r.extra_id === null ? parseExtra(r.extra) : null,
    seq: r.seq,
  };
  if (r.hook_expires_at !== null) object.holdExpiresAt = new Date(r.hook_expires_at).toISOString();
  if (r.type === "generalAdmission" && r.quantity !== null) object.quantity = r.quantity;
  if (r.order_id) object.orderId = r.order_id;
  if (r.type !== "generalAdmission" && r.channel !== null) object.channelKey = r.channel;
  if (r.seat_labels !== null) object.seatLabels = JSON.parse(r.seat_labels) as string[];
  if (r.season_key !== null) {
    object.seasonKey = r.season_key;
    if (r.partial_season_key !== null) object.partialSeasonKey = r.partial_season_key;
  }
  if (r.price !== null) object.price = JSON.parse(r.price) as Price;
  return { id: newEventId(), type: r.hook, created: Math.floor(r.at / 1000), data: { object } };
}

/** Whether a recorded change's webhook event is still to be put in the outbox. */
function unfilled(sql: SqlStorage): boolean {
  return rows(sql, "SELECT seq FROM history WHERE seq > ? AND hook IS NOT NULL LIMIT 1", historyQueuedThrough(sql)).length > 0;
}

/** Up to BATCH rows due at `now`, oldest first. */
export function dueRows(sql: SqlStorage, now: number): OutboxRow[] {
  return rows<OutboxRow>(
    sql,
    "SELECT seq, body, (SELECT body FROM extras WHERE id = outbox.extra_id) AS extra FROM outbox WHERE next_at <= ? ORDER BY seq LIMIT ?",
    now,
    BATCH,
  );
}

/** Marks rows as sent: they are due again at `until` unless confirmed first. */
export function leaseRows(sql: SqlStorage, seqs: number[], until: number): void {
  sql.exec("UPDATE outbox SET next_at = ? WHERE seq IN (SELECT value FROM json_each(?))", until, JSON.stringify(seqs));
}

/** Rows the queue refused: retried after 1 s, 2 s, 4 s … up to 64 s per row. */
export function backOffRows(sql: SqlStorage, seqs: number[], now: number): void {
  sql.exec(
    "UPDATE outbox SET attempts = attempts + 1, next_at = ? + (1000 * (1 << MIN(attempts, 6))) WHERE seq IN (SELECT value FROM json_each(?))",
    now,
    JSON.stringify(seqs),
  );
}

/** Forgets rows whose deliveries the consumer has stored; returns how many were still there. */
export function ackRows(sql: SqlStorage, seqs: number[]): number {
  return sql.exec("DELETE FROM outbox WHERE seq IN (SELECT value FROM json_each(?))", JSON.stringify(seqs)).rowsWritten;
}

/**
 * Earliest time the outbox needs attention (a row to send or a lease to check; `now` when a
 * recorded change's event is still to be filled in), or null when there is nothing to do.
 */
export function outboxDueAt(sql: SqlStorage, now: number): number | null {
  if (unfilled(sql)) return now;
  return first<{ due: number | null }>(sql, "SELECT MIN(next_at) AS due FROM outbox")?.due ?? null;
}
