import { logError } from "../../domain/log-safety";
import type { EventMeta } from "../../domain/events";
import { IDEMPOTENCY_TTL_MS } from "../../domain/idempotency";
import type { SeasonCoordinatorLink } from "../../domain/seasons";
import { HISTORY_RETENTION_DAYS } from "../../domain/status-changes";
import { sweepExpired, SWEEP_CHUNK, SWEEP_CHUNKS_PER_RUN } from "../decisions/expiry";
import { abort, commit, nextDeadline, overdue, pruneOutcomes } from "../decisions/season-participant";
import type { EventLayout } from "../layout/event-layout";
import { outboxDueAt } from "../outbox/outbox";
import type { OutboxSender } from "../outbox/outbox-sender";
import type { StatusCache } from "../reads/status-cache";
import { earliestLiveExpiry } from "../reads/status-bodies";
import { snapshotDueAt, writeSnapshot } from "../reads/status-snapshot";
import type { AccessState } from "../state/accessibility";
import type { Clock } from "../state/clock";
import { historyMovePending, migrateHistoryExtras, pruneExtras } from "../state/extras";
import { idempotencyDueAt, pruneIdempotency } from "../state/idempotency";
import { NO_HOLDS } from "../state/policy";
import { oldestRecordAt, pruneHistory } from "../state/status-history";
import { first, latestHistorySeq } from "../state/store";
import type { DecisionRunner } from "../state/transaction";
import type { Alarm } from "./alarm";

/** History records older than this are pruned by the alarm. */
const HISTORY_RETENTION_MS = HISTORY_RETENTION_DAYS * 86_400_000;
/** History records deleted per transaction, and transactions per alarm run: bounded like the sweep. */
const PRUNE_CHUNK = 500;
const PRUNE_CHUNKS_PER_RUN = 40;
/** How soon a season coordinator that could not be reached is asked again. */
const SEASON_RETRY_MS = 1000;

/** What the alarm's work reaches: the object's state and its other collaborators. */
export interface HousekeepingParts {
  readonly storage: DurableObjectStorage;
  readonly clock: Clock;
  readonly run: DecisionRunner;
  readonly event: EventLayout;
  readonly outbox: OutboxSender;
  readonly statusCache: StatusCache;
  readonly access: AccessState;
  readonly alarm: Alarm;
  /** The coordinator of a season action, by its name (seasons stand above the event object: the entry gives the way). */
  coordinator(name: string): SeasonCoordinatorLink;
}

/**
 * The object's due work, run by its one alarm (cloudflare/agents' pattern: due work is rows, one
 * alarm armed at the earliest, safe to run twice): expired holds swept in bounded chunks, stored
 * answers and old history pruned, a layout check against D1, overdue season actions settled with
 * their coordinators, a timed release of the hold-back, the outbox sent, the quiet event's status
 * view stored; then the alarm armed again at the earliest work left.
 */
export async function runAlarm(parts: HousekeepingParts, meta: EventMeta): Promise<void> {
  const { clock, storage } = parts;
  const sql = storage.sql;
  let more = false;
  for (let chunk = 0; chunk < SWEEP_CHUNKS_PER_RUN; chunk++) {
    more = parts.run.transact(meta, NO_HOLDS, (tx) => sweepExpired(tx)) >= SWEEP_CHUNK;
    if (!more) break;
    // Let requests that queued up during the chunk in before the next one.
    await yieldTurn();
  }
  const answeredBefore = clock.now() - IDEMPOTENCY_TTL_MS;
  for (let chunk = 0; chunk < PRUNE_CHUNKS_PER_RUN; chunk++) {
    if (pruneIdempotency(sql, answeredBefore, PRUNE_CHUNK) < PRUNE_CHUNK) break;
    more = true;
    await yieldTurn();
  }
  const pruneUntil = clock.now() - HISTORY_RETENTION_MS;
  let pruned = 0;
  for (let chunk = 0; chunk < PRUNE_CHUNKS_PER_RUN; chunk++) {
    const n = pruneHistory(sql, pruneUntil, PRUNE_CHUNK);
    pruned += n;
    if (n < PRUNE_CHUNK) break;
    more = true;
    await yieldTurn();
  }
  // extraData kept once per request: texts no record names any more go with their last record.
  if (pruned > 0) for (let chunk = 0; chunk < PRUNE_CHUNKS_PER_RUN && pruneExtras(sql, PRUNE_CHUNK) === PRUNE_CHUNK; chunk++) await yieldTurn();
  // History written before extraData was kept once gives its texts up, a chunk at a time.
  for (let chunk = 0; chunk < PRUNE_CHUNKS_PER_RUN && historyMovePending(sql); chunk++) {
    storage.transactionSync(() => migrateHistoryExtras(sql, PRUNE_CHUNK));
    more ||= historyMovePending(sql);
    await yieldTurn();
  }
  const settle = parts.event.settleDue;
  if (settle !== null && settle <= clock.now()) {
    // A failed check has already set its own retry time.
    await parts.event.reconcile().catch((err: unknown) => logError("checking the layout against D1 failed; retrying later", err));
  }
  await settleSeasonActions(parts, meta);
  const accessDue = parts.access.dueAt();
  if (accessDue !== null && accessDue <= clock.now()) parts.run.transact(meta, NO_HOLDS, (tx) => parts.access.settle(tx));
  await parts.outbox.flush();
  const snapshotDue = storeStatusView(parts);
  const now = clock.now();
  const oldest = oldestRecordAt(sql);
  const due = [
    more ? now : null,
    snapshotDue,
    nextDue(sql, now),
    parts.event.settleDue,
    oldest === null ? null : oldest + HISTORY_RETENTION_MS,
    idempotencyDueAt(sql),
    nextDeadline(sql),
    parts.access.dueAt(),
  ].filter((t): t is number => t !== null);
  if (due.length > 0) parts.alarm.arm(Math.max(Math.min(...due), now));
}

function yieldTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** When the alarm should next run for holds and the outbox (engine time): the earliest hold expiry or outbox retry. */
function nextDue(sql: SqlStorage, now: number): number | null {
  const seat = first<{ t: number | null }>(sql, "SELECT MIN(expires_at) AS t FROM seats WHERE status = 'held'")?.t ?? null;
  const ga = first<{ t: number | null }>(sql, "SELECT MIN(expires_at) AS t FROM ga WHERE held > 0")?.t ?? null;
  const outbox = outboxDueAt(sql, now);
  const all = [seat, ga, outbox].filter((t): t is number => t !== null);
  return all.length > 0 ? Math.min(...all) : null;
}

/**
 * Prepared season actions past their deadline: their coordinator says commit or abort (presumed
 * abort: it answers abort for anything not decided). When it cannot be reached, asked again shortly.
 */
async function settleSeasonActions(parts: HousekeepingParts, meta: EventMeta): Promise<void> {
  const sql = parts.storage.sql;
  const now = parts.clock.now();
  for (const p of overdue(sql, now)) {
    let outcome: "commit" | "abort";
    try {
      outcome = await parts.coordinator(p.coordinator).outcome(p.action);
    } catch (err) {
      logError("asking a season coordinator for an outcome failed; asking again shortly", err);
      sql.exec("UPDATE season_prepared SET deadline = ? WHERE action = ?", now + SEASON_RETRY_MS, p.action);
      continue;
    }
    parts.run.transact(meta, NO_HOLDS, (tx) => (outcome === "commit" ? commit(tx, p.action) : abort(tx, p.action)));
  }
  pruneOutcomes(sql, now);
}

/**
 * Stores the public full status view (status-snapshot.ts) once the event has been quiet for a
 * while, so that the first read after a wake need not build it. Answers when to try again: null
 * when the stored view is current or there is none to store.
 */
export function storeStatusView(parts: Pick<HousekeepingParts, "storage" | "clock" | "event" | "statusCache">): number | null {
  const meta = parts.event.meta;
  const layoutKey = parts.event.currentLayoutKey;
  if (!meta || layoutKey === null) return null;
  const sql = parts.storage.sql;
  const published = meta.layoutVersion !== null;
  const now = parts.clock.now();
  const seq = latestHistorySeq(sql);
  const due = snapshotDueAt(sql, { layoutKey, published, seq });
  if (due === null || due > now) return due;
  const layout = parts.event.layout();
  const bodies = {
    full: parts.statusCache.body(sql, layout, published, meta.eventKey, now, "full"),
    compact: parts.statusCache.body(sql, layout, published, meta.eventKey, now, "compact"),
  };
  const stamp = { layoutKey, published, seq, builtAt: now, validUntil: earliestLiveExpiry(sql, now) };
  parts.storage.transactionSync(() => writeSnapshot(sql, stamp, bodies));
  return null;
}
