import type { LayoutObject } from "../../domain/layout";
import type { EventMeta } from "../../domain/events";
import type { WebhookEventType } from "../../domain/webhook-messages";
import type { LayoutIndex } from "./layout-index";
import type { RuleViolation } from "../../domain/selling";
import type { Status } from "../../domain/status";
import type { Occupancy } from "../../selling/occupancy";
import type { GaHoldChange, RuleContext } from "../../selling/rule-checks";
import type { SellingIndex } from "../../selling/selling-index";
import { recordChange, type Change } from "./status-history";
import type { ChannelDef, ChannelGate } from "./channels";

/**
 * What a hold decision asks of the selling rules, bound to one token and client. Built by
 * selling-state.ts (ruleChecks) and declared here, where decisions read it from their Tx, so that
 * the transaction does not depend on the selling state that builds it.
 */
export interface RuleChecks {
  /** The violations of holding these seats in addition to what the token holds. */
  seats(labels: readonly string[]): RuleViolation[];
  /** The violations of a GA hold or resize. */
  ga(change: GaHoldChange): RuleViolation[];
  /** The context the checks use (computed once, on first use). */
  context(): RuleContext;
  /** The index and occupancy the checks use. */
  view(): { index: SellingIndex; occupancy: Occupancy };
}

/** A staged publish, while it guards holds (see staging.ts). */
export interface ActiveStage {
  index: LayoutIndex;
  /** false for a forced publish: a forced publish keeps holds anyway, so it guards nothing. */
  guard: boolean;
  expiresAt: number;
}

/**
 * Everything one decision needs, created at the start of a transactionSync. It collects the
 * labels it changed (for live status), the last seq it recorded, and the earliest expiry it set
 * (to arm the alarm).
 */
export class Tx {
  readonly changed = new Set<string>();
  earliestExpiry: number | null = null;
  /** The seq of the last change this decision recorded, or null when it recorded none. */
  lastSeq: number | null = null;
  /** The selling rules a hold must pass, or null (none set, or a secret key's box-office override). */
  rules: RuleChecks | null = null;
  /** The client address of a publishable-key hold, kept on what it holds (the per-client cap). */
  client: string | null = null;
  /** The pools a hold may take from (contract §12), or null: any pool. */
  channels: ChannelGate | null = null;
  /** The event's channel definitions (GA pools), read when a hold begins. */
  channelDefs: readonly ChannelDef[] = [];
  /** A seat's channel, for the webhooks of its changes (null: open pool). */
  channelOf: ((label: string) => string | null) | null = null;
  /** A season action's part in this event (contract §13): its changes carry the season, and its holds share one expiry. */
  season: { seasonKey: string; partialSeasonKey?: string; expiresAt: number | null } | null = null;
  /**
   * Whether a seat is held back for buyers who state an accessibility need (contract §14) and this
   * hold did not state it; null when nothing is held back from this hold.
   */
  accessGate: ((o: LayoutObject) => boolean) | null = null;
  /** Told of every seat status change as it happens (the selling occupancy follows it). */
  onSeatChange: ((label: string, status: Status, previous: Status) => void) | null = null;

  constructor(
    readonly sql: SqlStorage,
    readonly now: number,
    readonly meta: EventMeta,
    readonly layout: LayoutIndex,
    readonly stage: ActiveStage | null,
  ) {}

  /**
   * The object a new hold may land on, or null. While a non-forced publish is staged, a label the
   * staged layout would remove, retype or recategorise is refused as if unknown: so a hold racing
   * that publish can never land on a label the publish then removes.
   */
  holdable(label: string): LayoutObject | null {
    const cur = this.layout.object(label);
    if (!cur) return null;
    if (this.stage && this.stage.guard && this.stage.expiresAt > this.now) {
      const next = this.stage.index.object(label);
      if (!next || next.objectType !== cur.objectType || next.categoryKey !== cur.categoryKey) return null;
      if (cur.objectType === "generalAdmission") return { ...cur, capacity: Math.min(cur.capacity ?? 0, next.capacity ?? 0) };
    }
    return cur;
  }

  /** The current layout's object (no stage guard): used for reads and for existing reservations. */
  object(label: string): LayoutObject | null {
    return this.layout.object(label) ?? null;
  }

  /** When a hold or extend made now ends: a season's one expiry across its events, else now + ttl. */
  holdEnd(ttlSeconds: number): number {
    return this.season?.expiresAt ?? this.now + ttlSeconds * 1000;
  }

  /** Records a new expiry so the alarm can be armed for it after commit. */
  expiry(ms: number): void {
    if (this.earliestExpiry === null || ms < this.earliestExpiry) this.earliestExpiry = ms;
  }

  /**
   * Records a change of an object's state in the history and, with `event`, names the webhook
   * event that tells of it, both inside this transaction: the outbox is filled from the record
   * after commit (outbox.ts), so a hold writes one record, not two. Returns the seq.
   */
  change(c: Change, event?: { type: WebhookEventType; holdExpiresAt?: number | null }): number {
    // A season action tags its changes; a change outside one carries the tags of the seat's row.
    const season = this.season ?? (c.seasonKey ? { seasonKey: c.seasonKey, partialSeasonKey: c.partialSeasonKey ?? undefined } : null);
    const hook = event
      ? {
          type: event.type,
          holdExpiresAt: event.holdExpiresAt ?? null,
          categoryKey: this.object(c.label)?.categoryKey ?? null,
          channelKey: c.objectType === "seat" ? (this.channelOf?.(c.label) ?? null) : null,
        }
      : null;
    const seq = recordChange(this.sql, season ? { ...c, seasonKey: season.seasonKey, partialSeasonKey: season.partialSeasonKey } : c, this.now, hook);
    this.changed.add(c.label);
    this.lastSeq = seq;
    if (c.objectType === "seat") this.onSeatChange?.(c.label, c.status, c.previous);
    return seq;
  }
}

/** ISO string of an engine timestamp. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
