import type { LayoutObject, ObjectType } from "./layout";

/**
 * Publish impact (docs/charts.md#publishing, docs/charts.md#the-layout): what a new layout would do to the
 * objects an event holds or has booked. Pure, so the event Durable Object can run it inside its
 * transaction and tests can run it without bindings.
 */

/** An object of an event with reservations, as the event currently sees it. */
export interface Reservation {
  objectLabel: string;
  objectType: ObjectType;
  /**
   * The category the event reads now; null for a reservation whose label the current layout does
   * not know (kept after a forced publish or an unpublish): it has no category to lose, so only
   * removal, retyping or capacity can make it conflict.
   */
  categoryKey: string | null;
  /** Seats: 0 or 1. GA areas: the held quantity over all tokens. */
  held: number;
  /** Seats: 0 or 1. GA areas: the booked quantity. */
  booked: number;
}

/** Why a publish would affect a reserved object. */
export type ImpactReason = "removed" | "object_type_changed" | "category_changed" | "capacity_below_reserved";

/** One affected object; the engine adds eventKey and environment. */
export interface ImpactEntry {
  objectLabel: string;
  reason: ImpactReason;
  held: number;
  booked: number;
}

/**
 * The reason a reserved object is affected by `next`, or null when it is not. One reason per
 * object, the most fundamental first: a removed object cannot also be recategorised.
 */
function reasonFor(next: Map<string, LayoutObject> | null, r: Reservation): ImpactReason | null {
  const obj = next?.get(r.objectLabel);
  if (!obj) return "removed";
  if (obj.objectType !== r.objectType) return "object_type_changed";
  if (r.categoryKey !== null && obj.categoryKey !== r.categoryKey) return "category_changed";
  if (obj.objectType === "generalAdmission" && (obj.capacity ?? 0) < r.held + r.booked) return "capacity_below_reserved";
  return null;
}

/**
 * Every reserved object that publishing `next` (null: unpublishing) would remove, turn from seat
 * to GA area or back, move to another category, or shrink below its held plus booked quantity.
 * Objects with nothing held or booked are never affected. Entries keep the order of `reserved`.
 *
 * @example publishImpact(indexLayout(draft), [{ objectLabel: "A-1", objectType: "seat", categoryKey: "vip", held: 1, booked: 0 }])
 */
export function publishImpact(next: Map<string, LayoutObject> | null, reserved: readonly Reservation[]): ImpactEntry[] {
  const out: ImpactEntry[] = [];
  for (const r of reserved) {
    if (r.held + r.booked <= 0) continue;
    const reason = reasonFor(next, r);
    if (reason) out.push({ objectLabel: r.objectLabel, reason, held: r.held, booked: r.booked });
  }
  return out;
}
