import type { LayoutObject } from "../../domain/layout";
import type { EventMeta } from "../../domain/events";
import type { IdempotencyClaim, Replayed } from "../../domain/idempotency";
import { fail, type Failure, type Outcome } from "../../domain/outcome";
import type { WebhookEventType } from "../../domain/webhook-messages";
import type { LayoutIndex } from "./layout-index";
import type { Status } from "../../domain/status";
import { NO_HOLDS, type DecisionPolicy, type SeasonContext } from "./policy";
import { internExtra } from "./extras";
import { recordChange, type Change } from "./status-history";

/** A staged publish, while it guards holds (see staging.ts). */
export interface ActiveStage {
  index: LayoutIndex;
  /** false for a forced publish: a forced publish keeps holds anyway, so it guards nothing. */
  guard: boolean;
  expiresAt: number;
}

/** What a decision did, collected as it writes, for the work after commit. */
interface Effects {
  readonly changed: Set<string>;
  earliestExpiry: number | null;
  lastSeq: number | null;
  /** The ids of the extraData texts this decision wrote or named (extras.ts), so a 200-seat hold looks its text up once. */
  readonly extras: Map<string, number>;
}

/**
 * Everything one decision needs, created at the start of a transactionSync, with the decision's
 * policy (state/policy.ts), which it only reads. It collects the labels it changed (for live
 * status), the last seq it recorded, and the earliest expiry it set (to arm the alarm).
 */
export class Tx {
  constructor(
    readonly sql: SqlStorage,
    readonly now: number,
    readonly meta: EventMeta,
    readonly layout: LayoutIndex,
    readonly stage: ActiveStage | null,
    /** What this decision may do: the gates of a hold, a season's part. Read only. */
    readonly policy: DecisionPolicy = NO_HOLDS,
    private readonly hooks: TxHooks = {},
    private readonly effects: Effects = { changed: new Set(), earliestExpiry: null, lastSeq: null, extras: new Map() },
  ) {}

  /**
   * The same decision under another policy, for a step whose policy is known only once the
   * transaction has read it (a season's commit or abort reads which season from its prepared
   * row): it writes into the same transaction and collects into the same effects.
   */
  under(policy: DecisionPolicy): Tx {
    return new Tx(this.sql, this.now, this.meta, this.layout, this.stage, policy, this.hooks, this.effects);
  }

  /** Labels this decision changed. */
  get changed(): Set<string> {
    return this.effects.changed;
  }

  /** The earliest expiry this decision set, or null. */
  get earliestExpiry(): number | null {
    return this.effects.earliestExpiry;
  }

  /** The seq of the last change this decision recorded, or null when it recorded none. */
  get lastSeq(): number | null {
    return this.effects.lastSeq;
  }

  /** The season this decision's changes carry, or null. */
  get season(): SeasonContext | null {
    return this.policy.season;
  }

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
    return this.policy.season?.expiresAt ?? this.now + ttlSeconds * 1000;
  }

  /**
   * The id of an extraData text's shared row (extras.ts), made when new: what a seat, GA or
   * history row stores instead of the text. Null for none.
   */
  extraId(json: string | null): number | null {
    if (json === null) return null;
    let id = this.effects.extras.get(json);
    if (id === undefined) this.effects.extras.set(json, (id = internExtra(this.sql, json)));
    return id;
  }

  /** Records a new expiry so the alarm can be armed for it after commit. */
  expiry(ms: number): void {
    if (this.effects.earliestExpiry === null || ms < this.effects.earliestExpiry) this.effects.earliestExpiry = ms;
  }

  /**
   * Records a change of an object's state in the history and, with `event`, names the webhook
   * event that tells of it, both inside this transaction: the outbox is filled from the record
   * after commit (outbox.ts), so a hold writes one record, not two. Returns the seq.
   */
  change(c: Change, event?: { type: WebhookEventType; holdExpiresAt?: number | null }): number {
    // A season action tags its changes; a change outside one carries the tags of the seat's row.
    const season = this.policy.season ?? (c.seasonKey ? { seasonKey: c.seasonKey, partialSeasonKey: c.partialSeasonKey ?? undefined } : null);
    const hook = event
      ? {
          type: event.type,
          holdExpiresAt: event.holdExpiresAt ?? null,
          categoryKey: this.object(c.label)?.categoryKey ?? null,
          channelKey: c.objectType === "seat" ? (this.hooks.channelOf?.(c.label) ?? null) : null,
        }
      : null;
    const record = season ? { ...c, seasonKey: season.seasonKey, partialSeasonKey: season.partialSeasonKey } : c;
    const seq = recordChange(this.sql, record, this.now, hook, this.extraId(c.extra));
    this.effects.changed.add(c.label);
    this.effects.lastSeq = seq;
    if (c.objectType === "seat") this.hooks.seatChanged?.(c.label, c.status, c.previous);
    return seq;
  }
}

/** What the object follows as a decision writes: its in-memory views, and a seat's channel for the webhooks. */
export interface TxHooks {
  /** Told of every seat status change as it happens (the selling occupancy and the hold-back's counts follow it). */
  readonly seatChanged?: (label: string, status: Status, previous: Status) => void;
  /** A seat's channel, for the webhooks of its changes (null: open pool). */
  readonly channelOf?: (label: string) => string | null;
}

/** ISO string of an engine timestamp. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The answer of any call on an event that was never made, or was deleted. */
export const NOT_FOUND: Failure = fail("event_not_found", "Event not found");

/** A call on an existing event: `fn` with its metadata, or event_not_found. */
export function ofEvent<T>(meta: EventMeta | null, fn: (meta: EventMeta) => Outcome<T>): Outcome<T> {
  return meta ? fn(meta) : NOT_FOUND;
}

/** A policy made once the decision knows its event, layout and time (a hold's: decisions/hold-policy.ts). */
export type PolicyOf = (meta: EventMeta, layout: LayoutIndex, now: number) => DecisionPolicy;

/**
 * How the object runs a decision (event-object/decision-runner.ts): one transactionSync under
 * the decision's policy, then the work after commit (the kept status view, the alarm, the outbox,
 * the live feed). Collaborators below the facade decide through it.
 */
export interface DecisionRunner {
  /** Runs `fn` in one transaction under `policy` (made for this event, layout and time), then the after-commit work. */
  transact<T>(meta: EventMeta, policy: DecisionPolicy | PolicyOf, fn: (tx: Tx) => T): T;
  /**
   * A decision of an existing event (event_not_found otherwise); with an Idempotency-Key claim,
   * done at most once and its answer stored in the same transaction (state/idempotency.ts).
   */
  decide<T>(policy: DecisionPolicy | PolicyOf, fn: (tx: Tx) => Outcome<T>, idem?: IdempotencyClaim): Replayed<Outcome<T>>;
}
