import type { LayoutObject } from "../charts/layout";
import type { EventMeta } from "../domain/events";
import type { SeatEventObject, WebhookEventType } from "../webhooks/messages";
import type { LayoutIndex } from "./layout-index";
import { insertOutbox } from "./outbox";
import { parseExtra, type GaRow, type SeatRow } from "./store";

/** A staged publish, while it guards holds (see staging.ts). */
export interface ActiveStage {
  index: LayoutIndex;
  /** false for a forced publish: a forced publish keeps holds anyway, so it guards nothing. */
  guard: boolean;
  expiresAt: number;
}

/**
 * Everything one decision needs, created at the start of a transactionSync. It collects the
 * labels it changed (for live status) and the earliest expiry it set (to arm the alarm).
 */
export class Tx {
  readonly changed = new Set<string>();
  earliestExpiry: number | null = null;

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
    const cur = this.layout.objects.get(label);
    if (!cur) return null;
    if (this.stage && this.stage.guard && this.stage.expiresAt > this.now) {
      const next = this.stage.index.objects.get(label);
      if (!next || next.objectType !== cur.objectType || next.categoryKey !== cur.categoryKey) return null;
      if (cur.objectType === "generalAdmission") return { ...cur, capacity: Math.min(cur.capacity ?? 0, next.capacity ?? 0) };
    }
    return cur;
  }

  /** The current layout's object (no stage guard): used for reads and for existing reservations. */
  object(label: string): LayoutObject | null {
    return this.layout.objects.get(label) ?? null;
  }

  /** Records a new expiry so the alarm can be armed for it after commit. */
  expiry(ms: number): void {
    if (this.earliestExpiry === null || ms < this.earliestExpiry) this.earliestExpiry = ms;
  }

  /** Adds a seat.* event to the outbox inside this transaction. */
  emit(type: WebhookEventType, object: Omit<SeatEventObject, "eventKey">): void {
    insertOutbox(this.sql, type, { eventKey: this.meta.eventKey, ...object }, this.now);
    this.changed.add(object.objectLabel);
  }

  /** The webhook object of a seat row after a change to `status`. */
  seatObject(row: Pick<SeatRow, "label" | "extra">, status: SeatEventObject["status"], expiresAt?: number | null): Omit<SeatEventObject, "eventKey"> {
    const obj: Omit<SeatEventObject, "eventKey"> = {
      objectLabel: row.label,
      objectType: "seat",
      status,
      categoryKey: this.object(row.label)?.categoryKey ?? null,
      extraData: parseExtra(row.extra),
    };
    if (expiresAt !== undefined && expiresAt !== null) obj.holdExpiresAt = new Date(expiresAt).toISOString();
    return obj;
  }

  /** The webhook object of a GA change: status is the area's derived status after it. */
  gaObject(
    row: Pick<GaRow, "area" | "extra">,
    status: SeatEventObject["status"],
    quantity: number,
    expiresAt?: number | null,
  ): Omit<SeatEventObject, "eventKey"> {
    const obj: Omit<SeatEventObject, "eventKey"> = {
      objectLabel: row.area,
      objectType: "generalAdmission",
      status,
      categoryKey: this.object(row.area)?.categoryKey ?? null,
      extraData: parseExtra(row.extra),
      quantity,
    };
    if (expiresAt !== undefined && expiresAt !== null) obj.holdExpiresAt = new Date(expiresAt).toISOString();
    return obj;
  }
}

/** ISO string of an engine timestamp. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
