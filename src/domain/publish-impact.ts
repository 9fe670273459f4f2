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
  /** A table held or booked whole (docs/tables.md): the seats it was taken with. */
  seatLabels?: string[];
}

/** Why a publish would affect a reserved object. */
export type ImpactReason = "removed" | "object_type_changed" | "category_changed" | "capacity_below_reserved" | "table_changed";

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
  if (r.seatLabels !== undefined && !sameSeats(r.seatLabels, obj.seatLabels ?? [], next!)) return "table_changed";
  return null;
}

/**
 * Whether a table taken whole keeps the seats it was taken with: the same labels, each still a
 * seat of that table (docs/tables.md). Their order around the table may change.
 */
function sameSeats(taken: readonly string[], now: readonly string[], next: Map<string, LayoutObject>): boolean {
  if (taken.length !== now.length) return false;
  const kept = new Set(now);
  return taken.every((l) => kept.has(l) && next.get(l)?.objectType === "seat");
}

/**
 * Every reserved object that publishing `next` (null: unpublishing) would remove, turn into
 * another type of object (seat, table, booth, GA area), move to another category, shrink below its
 * held plus booked quantity, or, for a table taken whole, give other seats.
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
