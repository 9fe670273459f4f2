import { MAX_BEST_AVAILABLE } from "../domain/selling";
import type { Point } from "../domain/layout";
import type { Occupancy } from "./occupancy";
import { focalDistance, type SellingIndex } from "./selling-index";

/**
 * Best available for a party at tables (docs/tables.md, `hold-best-available` with `"tables": true`).
 * Pure: the event object calls it in the hold's transaction with the layout's {@link SellingIndex}
 * and the live {@link Occupancy}; test/support/table-reference.ts is its brute-force reference.
 *
 * Tables booked by seat (or by table or seat) give seats; tables booked only whole give themselves:
 * - Seats: `quantity` seats at one table when any table has that many matching free seats, the
 *   table nearest the focal point (its centre); else the fewest tables whose free seats together
 *   reach `quantity`, the smallest sum of their distances, filled nearest first.
 * - Whole tables: tables wholly free whose seat count is the smallest sum of at least `quantity`,
 *   then the fewest tables, then the smallest sum of distances.
 * Remaining ties go to layout order (the tables' list compared in order). Without a focal point, or
 * when a table has no position, every distance counts as 0 and layout order decides.
 *
 * At a table, the seats taken are the first run of adjacent free matching seats long enough (round
 * tables wrap from the last seat to the first), else the first such seats in list order.
 */

export interface TableQuery {
  quantity: number;
  /** Category and section keys the seats must have (all when omitted). */
  categories?: readonly string[];
  sections?: readonly string[];
  /** Seats by id the hold may take at all (its channels, the hold-back); null: all. */
  eligible?: Uint8Array | null;
  /** Whether table t (an index of `index.tables`) is booked only whole. */
  wholeOnly: (t: number) => boolean;
  /** Look at whole tables before seats (an event booking its tables whole by default). */
  preferWhole?: boolean;
}

/** One table of an answer: the seats taken (ids in list order), or the table whole. */
export interface TablePick {
  table: number;
  ids: number[];
  whole: boolean;
}

export type TableResult = { ok: true; picks: TablePick[] } | { ok: false };

/** A chosen set of tables, kept as a list that shares its prefix (a step of the searches below). */
interface Chain {
  t: number;
  prev: Chain | null;
}

function tablesOf(chain: Chain | null): number[] {
  const out: number[] = [];
  for (let c = chain; c !== null; c = c.prev) out.push(c.t);
  return out.reverse();
}

/** Lexicographic order of two ascending table lists. */
function lexLess(a: Chain | null, b: Chain | null): boolean {
  const x = tablesOf(a);
  const y = tablesOf(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return x.length < y.length;
}

interface Best {
  dist: number;
  chain: Chain | null;
}

function better(candidate: Best, known: Best | undefined): boolean {
  if (known === undefined) return true;
  if (candidate.dist !== known.dist) return candidate.dist < known.dist;
  return lexLess(candidate.chain, known.chain);
}

/** Each table's distance to the focal point, or all 0 when any table has no centre (or there is no focal point). */
export function tableDistances(index: SellingIndex, focal: Point | null): number[] {
  const known = focal !== null && index.tables.every((t) => t.centre !== null);
  return index.tables.map((t) => (known ? focalDistance(t.centre!.x, t.centre!.y, focal!) : 0));
}

/** The matching free seats of table t in list order. */
function freeSeats(index: SellingIndex, occupancy: Occupancy, t: number, match: (id: number) => boolean): number[] {
  const row = index.tables[t]!.row;
  const out: number[] = [];
  for (let id = index.rowStart[row]!; id < index.rowStart[row]! + index.rowLength[row]!; id++) if (occupancy.isFree(id) && match(id)) out.push(id);
  return out;
}

/** Which `count` seats to take at table t: the first run of adjacent free ones (wrapping at a round table), else the first free ones. */
export function seatsAt(index: SellingIndex, t: number, free: readonly number[], count: number): number[] {
  const row = index.tables[t]!.row;
  const start = index.rowStart[row]!;
  const n = index.rowLength[row]!;
  const isFree = new Uint8Array(n);
  for (const id of free) isFree[id - start] = 1;
  const wrap = index.tables[t]!.round && count < n;
  for (let p = 0; p < n; p++) {
    if (!wrap && p + count > n) break;
    let k = 0;
    while (k < count && isFree[(p + k) % n] === 1) k++;
    if (k === count) return Array.from({ length: count }, (_, i) => start + ((p + i) % n));
  }
  return free.slice(0, count);
}

/** Seats at tables booked by seat: one table if any has room, else the fewest tables. */
function bySeat(index: SellingIndex, free: readonly (number[] | null)[], dist: readonly number[], q: number): TablePick[] | null {
  let single = -1;
  for (let t = 0; t < free.length; t++) {
    if (free[t] === null || free[t]!.length < q) continue;
    if (single < 0 || dist[t]! < dist[single]!) single = t;
  }
  if (single >= 0) return [{ table: single, ids: seatsAt(index, single, free[single]!, q), whole: false }];
  // dp[k][s]: the best k tables among those seen whose free seats reach s (capped at q).
  const dp: (Best | undefined)[][] = Array.from({ length: q + 1 }, () => new Array<Best | undefined>(q + 1));
  dp[0]![0] = { dist: 0, chain: null };
  let seen = 0;
  for (let t = 0; t < free.length; t++) {
    const f = free[t]?.length ?? 0;
    if (f === 0) continue;
    seen++;
    for (let k = Math.min(seen, q); k >= 1; k--) {
      for (let s = q; s >= 0; s--) {
        const from = dp[k - 1]![s];
        if (from === undefined) continue;
        const next = Math.min(q, s + f);
        const candidate = { dist: from.dist + dist[t]!, chain: { t, prev: from.chain } };
        if (better(candidate, dp[k]![next])) dp[k]![next] = candidate;
      }
    }
  }
  for (let k = 1; k <= q; k++) {
    const best = dp[k]![q];
    if (best === undefined) continue;
    // Nearest first, each table giving what it has until the party is seated.
    const order = tablesOf(best.chain).sort((a, b) => dist[a]! - dist[b]! || a - b);
    let left = q;
    const picks: TablePick[] = [];
    for (const t of order) {
      const take = Math.min(left, free[t]!.length);
      picks.push({ table: t, ids: seatsAt(index, t, free[t]!, take), whole: false });
      left -= take;
    }
    return picks;
  }
  return null;
}

/** Whole tables: the smallest seat count of at least q, then the fewest tables, then the nearest. */
function byTable(index: SellingIndex, whole: readonly boolean[], dist: readonly number[], q: number): TablePick[] | null {
  const size = (t: number) => index.rowLength[index.tables[t]!.row]!;
  let largest = 0;
  for (let t = 0; t < whole.length; t++) if (whole[t]) largest = Math.max(largest, size(t));
  if (largest === 0) return null;
  // A smallest sum of at least q is below q + largest: dropping any table from a larger sum leaves at least q.
  const cap = q + largest - 1;
  const maxTables = q;
  const dp: (Best | undefined)[][] = Array.from({ length: cap + 1 }, () => new Array<Best | undefined>(maxTables + 1));
  dp[0]![0] = { dist: 0, chain: null };
  for (let t = 0; t < whole.length; t++) {
    if (!whole[t]) continue;
    const m = size(t);
    for (let s = cap - m; s >= 0; s--) {
      for (let k = maxTables - 1; k >= 0; k--) {
        const from = dp[s]![k];
        if (from === undefined) continue;
        const candidate = { dist: from.dist + dist[t]!, chain: { t, prev: from.chain } };
        if (better(candidate, dp[s + m]![k + 1])) dp[s + m]![k + 1] = candidate;
      }
    }
  }
  for (let s = q; s <= cap; s++) {
    for (let k = 1; k <= maxTables; k++) {
      const best = dp[s]![k];
      if (best === undefined) continue;
      return tablesOf(best.chain).map((t) => {
        const row = index.tables[t]!.row;
        return { table: t, ids: Array.from({ length: size(t) }, (_, i) => index.rowStart[row]! + i), whole: true };
      });
    }
  }
  return null;
}

/**
 * The tables and seats for a party of `quantity` (see the module comment), or not ok when the
 * free table seats (or wholly free tables) cannot seat it.
 */
export function tableBestAvailable(index: SellingIndex, occupancy: Occupancy, query: TableQuery, focal: Point | null): TableResult {
  const q = query.quantity;
  if (!Number.isInteger(q) || q < 1 || q > MAX_BEST_AVAILABLE) throw new RangeError(`quantity must be an integer 1..${MAX_BEST_AVAILABLE}`);
  const sections = query.sections ? new Set(query.sections) : null;
  const categories = query.categories ? new Set(query.categories) : null;
  const eligible = query.eligible ?? null;
  const match = (id: number) =>
    (eligible === null || eligible[id] === 1) &&
    (sections === null || sections.has(index.sectionKeys[index.section[id]!]!)) &&
    (categories === null || categories.has(index.categoryKeys[index.category[id]!]!));
  const dist = tableDistances(index, focal);
  const seatFree: (number[] | null)[] = [];
  const wholeFree: boolean[] = [];
  for (let t = 0; t < index.tables.length; t++) {
    const free = freeSeats(index, occupancy, t, match);
    const whole = query.wholeOnly(t);
    seatFree.push(whole ? null : free);
    wholeFree.push(whole && free.length === index.rowLength[index.tables[t]!.row]!);
  }
  const searches = [() => bySeat(index, seatFree, dist, q), () => byTable(index, wholeFree, dist, q)];
  if (query.preferWhole) searches.reverse();
  for (const search of searches) {
    const picks = search();
    if (picks !== null) return { ok: true, picks };
  }
  return { ok: false };
}
