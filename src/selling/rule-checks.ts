import type { RuleReason, RuleViolation, SelectionRules } from "../domain/selling";
import type { Accept } from "./best-available";
import type { Occupancy } from "./occupancy";
import { adjacentToNext, type SellingIndex } from "./selling-index";

/**
 * The event's selection rules (docs/selling-rules.md), checked after the change a hold would make. Pure: the
 * event object gathers the counts inside its transaction (after purging expired holds), calls
 * these, and on any violation answers 409 `selection_rule_violated` with them as `failed[]`.
 *
 * Interpretations of docs/selling-rules.md made here:
 * - Only what a hold adds can break a rule: a hold that adds nothing (a retry of seats the token
 *   holds, a GA resize downwards) is never refused, like a release, even when the token is over a
 *   limit set after its holds. A category cap is checked only for the categories the hold adds to.
 * - `maxSeatsPerToken` and `maxSeatsPerCategory` count held and booked seats plus GA places of the
 *   token; `maxHeldSeatsPerClient` counts live holds only (booked seats are bought, not hoarded).
 * - `failed[]` names, per limit met, every label the hold adds (a GA area once), in the hold's
 *   order, then every seat the hold would orphan, in layout order.
 */

/** Seats plus GA places per category key. */
export type CategoryCounts = ReadonlyMap<string, number>;

export interface RuleContext {
  rules: SelectionRules;
  /** What the token holds or has booked on the event now, seats plus GA places, by category. */
  token: CategoryCounts;
  /** Seats plus GA places held now (live) by the client address over all its tokens; omitted when not counted (secret key). */
  client?: number;
}

/** One addition: a label, its category, and how many seats or places it adds. */
interface Addition {
  label: string;
  categoryKey: string;
  count: number;
}

function total(counts: CategoryCounts): number {
  let sum = 0;
  for (const n of counts.values()) sum += n;
  return sum;
}

/** The count limits (token, category, client) against what a hold adds. */
function countViolations(ctx: RuleContext, additions: readonly Addition[]): RuleViolation[] {
  const { rules } = ctx;
  const added = additions.reduce((sum, a) => sum + a.count, 0);
  if (added <= 0) return [];
  const out: RuleViolation[] = [];
  const all = (reason: RuleReason, which: (a: Addition) => boolean) => {
    for (const a of additions) if (a.count > 0 && which(a)) out.push({ objectLabel: a.label, reason });
  };
  if (rules.maxSeatsPerToken !== undefined && total(ctx.token) + added > rules.maxSeatsPerToken) all("max_seats_per_token", () => true);
  const caps = rules.maxSeatsPerCategory;
  if (caps !== undefined) {
    const byCategory = new Map<string, number>();
    for (const a of additions) byCategory.set(a.categoryKey, (byCategory.get(a.categoryKey) ?? 0) + a.count);
    const over = new Set<string>();
    for (const [category, n] of byCategory) {
      const cap = caps[category];
      if (cap !== undefined && n > 0 && (ctx.token.get(category) ?? 0) + n > cap) over.add(category);
    }
    if (over.size > 0) all("max_seats_per_category", (a) => over.has(a.categoryKey));
  }
  if (rules.maxHeldSeatsPerClient !== undefined && ctx.client !== undefined && ctx.client + added > rules.maxHeldSeatsPerClient)
    all("client_hold_limit", () => true);
  return out;
}

/**
 * The seats a hold of `ids` would orphan: free seats left with no free adjacent seat (neighbours
 * non-free, an aisle or the row's end) that had one before. Ascending ids.
 */
export function orphanedBy(index: SellingIndex, occupancy: Occupancy, ids: readonly number[]): number[] {
  const taking = new Set(ids);
  const freeBefore = (id: number) => occupancy.free[id] === 1;
  const freeAfter = (id: number) => freeBefore(id) && !taking.has(id);
  const left = (id: number) => (id > 0 && adjacentToNext(index, id - 1) ? id - 1 : -1);
  const right = (id: number) => (adjacentToNext(index, id) ? id + 1 : -1);
  const orphans = new Set<number>();
  for (const id of taking) {
    for (const seat of [left(id), right(id)]) {
      if (seat < 0 || !freeAfter(seat) || orphans.has(seat)) continue;
      const [l, r] = [left(seat), right(seat)];
      const had = (l >= 0 && freeBefore(l)) || (r >= 0 && freeBefore(r));
      const has = (l >= 0 && freeAfter(l)) || (r >= 0 && freeAfter(r));
      if (had && !has) orphans.add(seat);
    }
  }
  return [...orphans].sort((a, b) => a - b);
}

/**
 * The violations of a hold of seats `ids`: the seats it adds (not those the token already holds),
 * each a seat of `index`, checked against the occupancy before the hold.
 */
export function checkSeatHold(ctx: RuleContext, index: SellingIndex, occupancy: Occupancy, ids: readonly number[]): RuleViolation[] {
  const additions = ids.map((id) => ({ label: index.labels[id]!, categoryKey: index.categoryKeys[index.category[id]!]!, count: 1 }));
  const out = countViolations(ctx, additions);
  if (ctx.rules.noOrphanSeats === true && ids.length > 0)
    for (const id of orphanedBy(index, occupancy, ids)) out.push({ objectLabel: index.labels[id]!, reason: "orphan_seat" });
  return out;
}

/** A GA hold that sets the token's quantity in an area from `previous` (0 when none) to `quantity`. */
export interface GaHoldChange {
  label: string;
  categoryKey: string;
  previous: number;
  quantity: number;
}

/** The violations of a GA hold or resize (docs/selling-rules.md counts GA places like seats). */
export function checkGaHold(ctx: RuleContext, change: GaHoldChange): RuleViolation[] {
  return countViolations(ctx, [{ label: change.label, categoryKey: change.categoryKey, count: change.quantity - change.previous }]);
}

/**
 * Whether any `quantity` seats at all could pass the limits that do not depend on which seats:
 * the token's and the client's totals. When they cannot, best available need not search.
 */
export function quantityAllowed(ctx: RuleContext, quantity: number): boolean {
  const { rules } = ctx;
  if (rules.maxSeatsPerToken !== undefined && total(ctx.token) + quantity > rules.maxSeatsPerToken) return false;
  return !(rules.maxHeldSeatsPerClient !== undefined && ctx.client !== undefined && ctx.client + quantity > rules.maxHeldSeatsPerClient);
}

/** The `accept` predicate of best available for these rules. */
export function rulesAccept(ctx: RuleContext, index: SellingIndex, occupancy: Occupancy): Accept {
  return (ids) => checkSeatHold(ctx, index, occupancy, ids).length === 0;
}
