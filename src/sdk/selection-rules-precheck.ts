/**
 * The event's selection rules (docs/selling-rules.md) as the map applies them before asking the server, so a
 * buyer hears at once why a seat cannot be added instead of after a round trip. The server checks
 * the same rules in the hold's own transaction and stays the authority: the map only knows this
 * chart's holds (not other tabs of the same token or other tokens of the same client address), so
 * it refuses a subset of what the server refuses and never more. The per-client cap applies with
 * its default (20) when the event sets none, as it does on the server for a publishable key.
 * Pure, so it is unit-tested in workerd.
 */
import type { Holding } from "./limits";
import type { SeatObject, SelectionRules } from "./types";
import { heldSeatsPerClient } from "../domain/public-limits";

/** A reason the map refuses a hold, with the server's `failed[].reason` names. */
export interface RuleFailure {
  reason: "max_seats_per_token" | "max_seats_per_category" | "client_hold_limit" | "orphan_seat";
  /** The label to report: the object asked for, or the seat an orphan rule would strand. */
  objectLabel: string;
  message: string;
}

/** Totals of `current` with `next` replacing any holding of the same label. */
function totals(current: Iterable<Holding>, next: Holding): { all: number; inCategory: number } {
  let all = next.quantity;
  let inCategory = next.quantity;
  for (const h of current) {
    if (h.objectLabel === next.objectLabel) continue;
    all += h.quantity;
    if (h.categoryKey === next.categoryKey) inCategory += h.quantity;
  }
  return { all, inCategory };
}

/**
 * The count rules (maxSeatsPerToken, maxSeatsPerCategory, maxHeldSeatsPerClient) after holding
 * `next`; null when they allow it. A GA hold counts its places.
 */
export function checkCounts(rules: SelectionRules, current: Iterable<Holding>, next: Holding): RuleFailure | null {
  const { all, inCategory } = totals(current, next);
  const label = next.objectLabel;
  if (rules.maxSeatsPerToken !== undefined && all > rules.maxSeatsPerToken)
    return { reason: "max_seats_per_token", objectLabel: label, message: `At most ${rules.maxSeatsPerToken} seats per order` };
  const perCategory = rules.maxSeatsPerCategory?.[next.categoryKey];
  if (perCategory !== undefined && inCategory > perCategory)
    return { reason: "max_seats_per_category", objectLabel: label, message: `At most ${perCategory} seats of this category per order` };
  const perClient = heldSeatsPerClient(rules);
  if (all > perClient) return { reason: "client_hold_limit", objectLabel: label, message: `At most ${perClient} seats may be held at once` };
  return null;
}

/** The most places a GA hold of `label` may have under the count rules (Infinity when uncapped). */
export function roomUnderRules(rules: SelectionRules, current: Iterable<Holding>, label: string, categoryKey: string): number {
  const { all, inCategory } = totals(current, { objectLabel: label, categoryKey, quantity: 0 });
  let room = Infinity;
  if (rules.maxSeatsPerToken !== undefined) room = Math.min(room, rules.maxSeatsPerToken - all);
  room = Math.min(room, heldSeatsPerClient(rules) - all);
  const perCategory = rules.maxSeatsPerCategory?.[categoryKey];
  if (perCategory !== undefined) room = Math.min(room, perCategory - inCategory);
  return Math.max(0, room);
}

/**
 * Whether a best-available request of `quantity` seats can pass the count rules: the categories are
 * not known before the server picks the seats, so a category cap is applied only when the request
 * names a single category.
 */
export function checkBestAvailable(rules: SelectionRules, current: Iterable<Holding>, quantity: number, categories?: string[]): RuleFailure | null {
  const only = categories?.length === 1 ? categories[0]! : "\u0000any";
  return checkCounts(rules, current, { objectLabel: "", categoryKey: only, quantity });
}

/** Where each seat sits in its row, for the orphan rule. */
export interface SeatPlaces {
  get(label: string): { row: SeatObject[]; at: number } | undefined;
}

/** Every seat's row and position, from the layout's rows in physical order. */
export function seatPlaces(rows: SeatObject[][]): SeatPlaces {
  const places = new Map<string, { row: SeatObject[]; at: number }>();
  for (const row of rows) row.forEach((seat, at) => places.set(seat.objectLabel, { row, at }));
  return places;
}

/** The seats next to position `at` of `row` with no aisle between (docs/selling-rules.md adjacency). */
function neighbours(row: SeatObject[], at: number): number[] {
  const out: number[] = [];
  if (at > 0 && !row[at - 1]!.aisleAfter) out.push(at - 1);
  if (at < row.length - 1 && !row[at]!.aisleAfter) out.push(at + 1);
  return out;
}

/**
 * The noOrphanSeats rule for holding the seats `labels`: the first free seat it would leave with no
 * free neighbour where it had one before, or null. `isFree` is the map's current picture.
 */
export function orphanLeftBy(places: SeatPlaces, labels: string[], isFree: (label: string) => boolean): string | null {
  const taking = new Set(labels);
  const freeAfter = (label: string) => !taking.has(label) && isFree(label);
  for (const label of labels) {
    const place = places.get(label);
    if (!place) continue;
    for (const n of neighbours(place.row, place.at)) {
      const seat = place.row[n]!.objectLabel;
      if (!freeAfter(seat)) continue;
      const around = neighbours(place.row, n).map((k) => place.row[k]!.objectLabel);
      const hadFree = around.some((l) => isFree(l));
      const hasFree = around.some((l) => freeAfter(l));
      if (hadFree && !hasFree) return seat;
    }
  }
  return null;
}
