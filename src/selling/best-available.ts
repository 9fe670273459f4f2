import { MAX_BEST_AVAILABLE } from "../domain/selling";
import { runs, seats, type Filter } from "./candidates";
import type { Occupancy } from "./occupancy";
import type { SellingIndex } from "./selling-index";

/**
 * Best available (docs/selling-rules.md): which seats a hold-best-available call takes. Pure: the event
 * object calls it inside its transaction with the layout's {@link SellingIndex} and the live
 * {@link Occupancy}, then holds the answer in the same transaction.
 *
 * The choice, in order:
 * 1. Fewer free seats matching the filters than `quantity`: none (`not_enough_seats`).
 * 2. A *run* is `quantity` adjacent free matching seats of one segment. Runs that leave no orphan
 *    come first, then runs that do; within each, by mean focal distance (ties within
 *    a relative 1e-9, see preference.ts) or, without distances, earliest section, earliest
 *    row, nearest the middle of the row; then layout order. The first run `accept` allows wins.
 * 3. No run allowed and `together`: none (`no_run` when no run exists at all, else `rejected`).
 * 4. Otherwise the free matching seats nearest the focal point (layout order without distances),
 *    taken greedily: a seat joins the answer when `accept` allows the answer with it.
 *
 * Interpretations of docs/selling-rules.md made here:
 * - Distances rank seats only when the layout has a focal point and every one of its seats has
 *   coordinates; one seat without them makes the whole layout rank structurally.
 * - An orphan is judged on the seats' real status: a free seat outside the filters (another
 *   category or section) that a run would strand counts as an orphan.
 * - "Nearest the middle of its row" counts seat positions across the whole row, aisles included
 *   in no position: |2·position + quantity − row length| (an even row has two middles; layout order).
 * - "The run nearest the focal point" compares the mean of the run's seat distances; means within
 *   a relative 1e-9 are equal (mirror-image runs), then layout order.
 * - The split answer follows docs/selling-rules.md literally: nearest the focal point, else first in layout order
 *   (not the structural order of runs).
 * - Under selection rules, "no run" means no run the rules allow; a split answer is built greedily
 *   (see step 4), which finds the best allowed answer for count caps but may miss one for the
 *   orphan rule, where adding a later seat could repair a stranding.
 * - `nextToEachOther` is true when the answer is one run (adjacent seats of one segment).
 */

export interface BestAvailableQuery {
  quantity: number;
  /** Category keys the seats must have (all when omitted). */
  categories?: readonly string[];
  /** Section keys the seats must be in (all when omitted). */
  sections?: readonly string[];
  /** Only a run will do: no split answer. */
  together?: boolean;
  /** Seats by id that may be taken at all (the hold's channels, docs/channels.md); all when omitted. */
  eligible?: Uint8Array | null;
}

/**
 * Whether the caller would hold these seats (ids in layout order): the selection rules' verdict.
 * For a split answer it is also asked about partial answers (growing one seat at a time), which a
 * cap or an orphan check judges like a whole one.
 */
export type Accept = (ids: readonly number[]) => boolean;

export type BestAvailableResult =
  | { ok: true; ids: number[]; labels: string[]; nextToEachOther: boolean }
  | {
      ok: false;
      reason: "not_enough_seats" | "no_run" | "rejected";
      /** With `rejected`: the answer the rules refused that would have been chosen without them (for `failed[]`). */
      rejected?: { ids: number[]; labels: string[] };
    };

/** The masks of a query's filters: keys the layout does not know match nothing. */
function filterOf(index: SellingIndex, query: BestAvailableQuery): Filter {
  const mask = (keys: readonly string[] | undefined, known: readonly string[]): Uint8Array | null => {
    if (keys === undefined) return null;
    const wanted = new Set(keys);
    return Uint8Array.from(known, (k) => (wanted.has(k) ? 1 : 0));
  };
  return {
    quantity: query.quantity,
    sections: mask(query.sections, index.sectionKeys),
    categories: mask(query.categories, index.categoryKeys),
    eligible: query.eligible ?? null,
  };
}

/** True when the seats (ascending ids) are one run: consecutive ids in one segment. */
export function isRun(index: SellingIndex, ids: readonly number[]): boolean {
  for (let i = 1; i < ids.length; i++) if (ids[i] !== ids[i - 1]! + 1 || index.segment[ids[i]!] !== index.segment[ids[0]!]) return false;
  return true;
}

function answer(index: SellingIndex, ids: number[]): BestAvailableResult {
  return { ok: true, ids, labels: ids.map((id) => index.labels[id]!), nextToEachOther: isRun(index, ids) };
}

/** Inserts `id` into ascending `ids`, returning a new array. */
function withSeat(ids: readonly number[], id: number): number[] {
  const out = [...ids];
  let i = out.length;
  while (i > 0 && out[i - 1]! > id) i--;
  out.splice(i, 0, id);
  return out;
}

/**
 * The best available seats for `query`, skipping candidates `accept` refuses (see
 * {@link Accept}). Throws a RangeError for a quantity outside 1..{@link MAX_BEST_AVAILABLE} (the
 * request schema refuses those first).
 *
 * @example const best = bestAvailable(index, occupancy, { quantity: 4, categories: ["stalls"] }, (ids) => checkSeatHold(...).length === 0);
 */
export function bestAvailable(index: SellingIndex, occupancy: Occupancy, query: BestAvailableQuery, accept?: Accept): BestAvailableResult {
  const q = query.quantity;
  if (!Number.isInteger(q) || q < 1 || q > MAX_BEST_AVAILABLE) throw new RangeError(`quantity must be an integer 1..${MAX_BEST_AVAILABLE}`);
  const filter = filterOf(index, query);
  if (occupancy.countFree(filter.sections, filter.categories) < q) return { ok: false, reason: "not_enough_seats" };
  if (filter.eligible !== null && !enoughEligible(index, occupancy, filter)) return { ok: false, reason: "not_enough_seats" };

  let refused: number[] | null = null;
  for (const orphan of [false, true]) {
    for (const run of runs(index, occupancy, filter, orphan)) {
      const ids = Array.from({ length: q }, (_, i) => run.start + i);
      if (accept === undefined || accept(ids)) return answer(index, ids);
      refused ??= ids;
    }
  }
  if (query.together === true) return refused === null ? { ok: false, reason: "no_run" } : rejected(index, refused);

  let chosen: number[] = [];
  // The answer without rules: what `failed[]` names when the rules refuse every split.
  let unruled: number[] = [];
  for (const seat of seats(index, occupancy, filter)) {
    if (unruled.length < q) unruled = withSeat(unruled, seat.start);
    const next = withSeat(chosen, seat.start);
    if (accept === undefined || accept(next)) chosen = next;
    if (chosen.length === q) return answer(index, chosen);
  }
  return rejected(index, refused ?? unruled);
}

/** Whether at least `quantity` free seats pass every filter, the eligible mask included (one pass). */
function enoughEligible(index: SellingIndex, occupancy: Occupancy, f: Filter): boolean {
  let n = 0;
  const free = occupancy.free;
  const eligible = f.eligible!;
  for (let id = 0; id < index.size; id++) {
    if (free[id] !== 1 || eligible[id] !== 1) continue;
    if (f.sections !== null && f.sections[index.section[id]!] !== 1) continue;
    if (f.categories !== null && f.categories[index.category[id]!] !== 1) continue;
    if (++n >= f.quantity) return true;
  }
  return false;
}

function rejected(index: SellingIndex, ids: number[]): BestAvailableResult {
  return { ok: false, reason: "rejected", rejected: { ids, labels: ids.map((id) => index.labels[id]!) } };
}
