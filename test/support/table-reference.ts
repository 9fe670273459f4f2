import type { Layout, Seat, Table } from "../../src/domain/layout";

/**
 * Best available for a party at tables (docs/tables.md), written the obvious way for the property
 * tests: walk the layout's tables, try every set of tables, sort by the rules, take the first. No
 * index, no dynamic programming, no pruning.
 */

export interface TableRefQuery {
  quantity: number;
  categories?: readonly string[];
  sections?: readonly string[];
  /** Seat labels the hold may take at all; every seat when omitted. */
  eligible?: ReadonlySet<string>;
  /** Tables (by label) booked only whole. */
  wholeOnly: ReadonlySet<string>;
  preferWhole?: boolean;
}

export type TableRefResult = { ok: true; picks: { table: string; labels: string[]; whole: boolean }[] } | { ok: false };

interface RefTable {
  index: number;
  table: Table;
  section: string;
  free: string[];
  dist: number;
}

/** Every subset of `items` (small inputs only). */
function subsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [[]];
  for (const item of items) for (const s of [...out]) out.push([...s, item]);
  return out;
}

/** Compares two choices by the listed keys in turn: numbers, then tables' indexes in order. */
function compare(a: RefTable[], b: RefTable[], keys: ((c: RefTable[]) => number)[]): number {
  for (const key of keys) {
    const d = key(a) - key(b);
    if (d !== 0) return d;
  }
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i]!.index !== b[i]!.index) return a[i]!.index - b[i]!.index;
  return a.length - b.length;
}

/** The sum of the tables' distances, added in layout order. */
const distSum = (c: RefTable[]) => c.reduce((n, t) => n + t.dist, 0);

/** `count` seats at a table: the first run of adjacent free ones (round tables wrap), else the first free ones. */
function seatsAt(t: RefTable, count: number): string[] {
  const seats = t.table.seats.map((s) => s.label);
  const n = seats.length;
  const free = new Set(t.free);
  for (let p = 0; p < n; p++) {
    const wraps = t.table.shape === "round" && count < n;
    if (!wraps && p + count > n) break;
    const run = Array.from({ length: count }, (_, i) => seats[(p + i) % n]!);
    if (run.every((l) => free.has(l))) return run;
  }
  return t.free.slice(0, count);
}

export function referenceTableBestAvailable(layout: Layout, nonFree: ReadonlySet<string>, q: TableRefQuery): TableRefResult {
  const match = (seat: Seat, section: string) =>
    !nonFree.has(seat.label) &&
    (q.eligible === undefined || q.eligible.has(seat.label)) &&
    (q.sections === undefined || q.sections.includes(section)) &&
    (q.categories === undefined || q.categories.includes(seat.categoryKey));
  const tables: RefTable[] = [];
  for (const s of layout.sections)
    for (const table of s.tables ?? [])
      tables.push({ index: tables.length, table, section: s.key, free: table.seats.filter((x) => match(x, s.key)).map((x) => x.label), dist: 0 });
  const centre = (t: Table) => {
    if (Number.isFinite(t.x) && Number.isFinite(t.y)) return { x: t.x!, y: t.y! };
    if (!t.seats.every((s) => Number.isFinite(s.x) && Number.isFinite(s.y))) return null;
    return { x: t.seats.reduce((n, s) => n + s.x!, 0) / t.seats.length, y: t.seats.reduce((n, s) => n + s.y!, 0) / t.seats.length };
  };
  const centres = tables.map((t) => centre(t.table));
  const focal = layout.focalPoint;
  if (focal && centres.every((c) => c !== null))
    tables.forEach((t, i) => {
      const dx = centres[i]!.x - focal.x;
      const dy = centres[i]!.y - focal.y;
      t.dist = Math.sqrt(dx * dx + dy * dy);
    });

  const bySeat = () => {
    const open = tables.filter((t) => !q.wholeOnly.has(t.table.label) && t.free.length > 0);
    const single = open.filter((t) => t.free.length >= q.quantity).sort((a, b) => a.dist - b.dist || a.index - b.index)[0];
    if (single) return [{ table: single.table.label, labels: seatsAt(single, q.quantity), whole: false }];
    const valid = subsets(open).filter((c) => c.reduce((n, t) => n + t.free.length, 0) >= q.quantity);
    if (valid.length === 0) return null;
    const best = valid.sort((a, b) => compare(a, b, [(c) => c.length, distSum]))[0]!;
    let left = q.quantity;
    return [...best]
      .sort((a, b) => a.dist - b.dist || a.index - b.index)
      .map((t) => {
        const take = Math.min(left, t.free.length);
        left -= take;
        return { table: t.table.label, labels: seatsAt(t, take), whole: false };
      });
  };
  const byTable = () => {
    const whole = tables.filter((t) => q.wholeOnly.has(t.table.label) && t.free.length === t.table.seats.length);
    const size = (c: RefTable[]) => c.reduce((n, t) => n + t.table.seats.length, 0);
    const valid = subsets(whole).filter((c) => size(c) >= q.quantity);
    if (valid.length === 0) return null;
    const best = valid.sort((a, b) => compare(a, b, [size, (c) => c.length, distSum]))[0]!;
    return best.map((t) => ({ table: t.table.label, labels: t.table.seats.map((s) => s.label), whole: true }));
  };
  const searches = q.preferWhole ? [byTable, bySeat] : [bySeat, byTable];
  for (const search of searches) {
    const picks = search();
    if (picks !== null) return { ok: true, picks };
  }
  return { ok: false };
}
