import type { EventMeta } from "../domain/events";
import { IDEMPOTENCY_TTL_MS, type IdempotencyClaim, type Replayed } from "../domain/idempotency";
import type { Outcome } from "../domain/outcome";
import type { Alarm } from "./housekeeping/alarm";
import type { EventLayout } from "./layout/event-layout";
import type { LiveFeed } from "./live/live-feed";
import type { OutboxSender } from "./outbox/outbox-sender";
import type { StatusCache } from "./reads/status-cache";
import { SNAPSHOT_QUIET_MS } from "./reads/status-snapshot";
import type { AccessState } from "./state/accessibility";
import type { ChannelState } from "./state/channels";
import type { Clock } from "./state/clock";
import { once } from "./state/idempotency";
import { ADMISSION_REQUIRED, type DecisionPolicy } from "./state/policy";
import type { LayoutIndex } from "./state/layout-index";
import type { SellingState } from "./state/selling-state";
import { NOT_FOUND, Tx, type DecisionRunner, type PolicyOf } from "./state/transaction";

/** What a decision's transaction and the work after it reach. */
export interface RunnerParts {
  readonly storage: DurableObjectStorage;
  readonly clock: Clock;
  readonly event: EventLayout;
  readonly selling: SellingState;
  readonly channels: ChannelState;
  readonly access: AccessState;
  readonly statusCache: StatusCache;
  readonly alarm: Alarm;
  readonly outbox: OutboxSender;
  readonly live: LiveFeed;
}

/**
 * How the event object runs every decision: purge, check and write inside one synchronous
 * transactionSync under the decision's policy (no await between a check and its write), then,
 * after commit, the kept status view patched, the alarm armed for the earliest expiry, the outbox
 * scheduled and the live feed told. A decision that throws rolls back, and the in-memory views
 * that followed its changes are read again.
 */
export function decisionRunner(parts: RunnerParts): DecisionRunner {
  const sql = parts.storage.sql;
  const transact = <T>(meta: EventMeta, policy: DecisionPolicy | PolicyOf, fn: (tx: Tx) => T, at?: { now: number; layout: LayoutIndex }): T => {
    const now = at?.now ?? parts.clock.now();
    const layout = at?.layout ?? parts.event.layout();
    const decided = typeof policy === "function" ? policy(meta, layout, now) : policy;
    const tx = new Tx(sql, now, meta, layout, parts.event.activeStage(), decided, {
      seatChanged: (label, status, previous) => {
        parts.selling.seatChanged(label, status);
        parts.access.seatChanged(layout, label, status, previous);
      },
      channelOf: (label) => parts.channels.channelOf(label),
    });
    let result: T;
    try {
      result = parts.storage.transactionSync(() => fn(tx));
    } catch (err) {
      // The occupancy (and the hold-back's releases) followed changes that were rolled back: read them again.
      parts.selling.invalidate();
      parts.access.clear();
      throw err;
    }
    // Every write of a decision records its label in tx.changed (emit, or by hand where no event is sent).
    parts.statusCache.changed(tx.changed);
    if (tx.earliestExpiry !== null) parts.alarm.arm(tx.earliestExpiry);
    if (tx.changed.size > 0) {
      // The stored status view is stale now; the alarm stores the new one once the event is quiet.
      parts.alarm.arm(tx.now + SNAPSHOT_QUIET_MS);
      parts.outbox.schedule();
      parts.live.changed(tx.changed);
    }
    return result;
  };
  return {
    transact,
    decide<T>(policy: DecisionPolicy | PolicyOf, fn: (tx: Tx) => Outcome<T>, idem?: IdempotencyClaim): Replayed<Outcome<T>> {
      const meta = parts.event.meta;
      if (!meta) return NOT_FOUND;
      const now = parts.clock.now();
      const layout = parts.event.layout();
      const decided = typeof policy === "function" ? policy(meta, layout, now) : policy;
      // The waiting room keeps a buyer out before anything is decided: no transaction, nothing stored.
      if (decided.hold?.admission === "refused") return ADMISSION_REQUIRED;
      const answer = transact(meta, decided, (tx) => once(sql, tx.now, idem, () => fn(tx)), { now, layout });
      // A stored answer is deleted by the alarm once its 24 hours are over.
      if (idem !== undefined) parts.alarm.arm(parts.clock.now() + IDEMPOTENCY_TTL_MS);
      return answer;
    },
  };
}
