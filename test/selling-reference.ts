import type { Layout, Seat } from "../src/domain/layout";
import { TIE_EPSILON } from "../src/selling/preference";

/**
 * The best available of docs/selling-rules.md#best-available, written the obvious way for the property tests: walk the layout
 * tree, list every run and every seat, sort, try them in order. No index, no pruning, no state.
 */

export interface RefQuery {
  quantity: number;
  categories?: readonly string[];
  sections?: readonly string[];
  together?: boolean;
}

export type RefResult =
  { ok: true; labels: string[]; nextToEachOther: boolean } | { ok: false; reason: "not_enough_seats" | "no_run" | "rejected"; rejected?: string[] };

interface RefSeat extends Seat {
  sectionIndex: number;
  rowIndex: number;
  position: number;
  rowLength: number;
  /** Position in the whole layout. */
  order: number;
  row: RefSeat[];
}

interface RefCandidate {
  seats: RefSeat[];
  distance: number;
  structural: number[];
}

function flatten(layout: Layout): RefSeat[] {
  const all: RefSeat[] = [];
  let rowIndex = 0;
  layout.sections.forEach((section, sectionIndex) => {
    for (const row of section.rows) {
      const list: RefSeat[] = [];
      row.seats.forEach((seat, position) =>
        list.push({ ...seat, sectionIndex, rowIndex, position, rowLength: row.seats.length, order: all.length + position, row: list }),
      );
      all.push(...list);
      rowIndex++;
    }
  });
  return all;
}

/** Whether two seats of a row sit next to each other: consecutive and no aisle after the first. */
function adjacent(a: RefSeat | undefined, b: RefSeat | undefined): boolean {
  return a !== undefined && b !== undefined && a.row === b.row && b.position === a.position + 1 && a.aisleAfter !== true;
}

/** The preference order: by distance with the tie rule of preference.ts, else by the structural key; then layout order. */
function ordered(candidates: RefCandidate[], byDistance: boolean): RefCandidate[] {
  const rest = [...candidates];
  const out: RefCandidate[] = [];
  while (rest.length > 0) {
    let pick: RefCandidate;
    if (byDistance) {
      const min = Math.min(...rest.map((c) => c.distance));
      const tied = rest.filter((c) => c.distance <= min + min * TIE_EPSILON);
      pick = tied.reduce((a, b) => (b.seats[0]!.order < a.seats[0]!.order ? b : a));
    } else {
      const key = (c: RefCandidate) => [...c.structural, c.seats[0]!.order];
      pick = rest.reduce((a, b) => {
        const ka = key(a);
        const kb = key(b);
        const i = ka.findIndex((v, j) => v !== kb[j]);
        return i >= 0 && kb[i]! < ka[i]! ? b : a;
      });
    }
    out.push(pick);
    rest.splice(rest.indexOf(pick), 1);
  }
  return out;
}

export function referenceBestAvailable(layout: Layout, nonFree: ReadonlySet<string>, query: RefQuery, accept?: (labels: string[]) => boolean): RefResult {
  const q = query.quantity;
  const all = flatten(layout);
  const free = (s: RefSeat | undefined) => s !== undefined && !nonFree.has(s.label);
  const sectionKey = (s: RefSeat) => layout.sections[s.sectionIndex]!.key;
  const matching = (s: RefSeat) =>
    free(s) &&
    (query.categories === undefined || query.categories.includes(s.categoryKey)) &&
    (query.sections === undefined || query.sections.includes(sectionKey(s)));
  const focal = layout.focalPoint;
  const byDistance = focal !== undefined && all.length > 0 && all.every((s) => s.x !== undefined && s.y !== undefined);
  const distanceOf = (s: RefSeat) => (byDistance ? Math.sqrt((s.x! - focal!.x) * (s.x! - focal!.x) + (s.y! - focal!.y) * (s.y! - focal!.y)) : 0);
  const labelsOf = (seats: RefSeat[]) => seats.map((s) => s.label);

  if (all.filter(matching).length < q) return { ok: false, reason: "not_enough_seats" };

  // Every run: q seats of one row, each matching, each adjacent to the next.
  const runs: { candidate: RefCandidate; orphan: boolean }[] = [];
  for (const first of all) {
    const seats = first.row.slice(first.position, first.position + q);
    if (seats.length < q || !seats.every(matching) || !seats.every((s, i) => i === 0 || adjacent(seats[i - 1], s))) continue;
    const before = first.row[first.position - 1];
    const after = first.row[first.position + q];
    // An orphan: a free neighbour of the run whose own other neighbour is missing, across an aisle, or not free.
    const leftOrphan = adjacent(before, first) && free(before) && !(adjacent(first.row[first.position - 2], before) && free(first.row[first.position - 2]));
    const rightOrphan =
      adjacent(seats[q - 1], after) && free(after) && !(adjacent(after, first.row[first.position + q + 1]) && free(first.row[first.position + q + 1]));
    let sum = 0;
    for (const s of seats) sum += distanceOf(s);
    const middle = Math.abs(2 * first.position + q - first.rowLength);
    runs.push({ candidate: { seats, distance: sum / q, structural: [first.sectionIndex, first.rowIndex, middle] }, orphan: leftOrphan || rightOrphan });
  }

  let refused: string[] | undefined;
  for (const orphan of [false, true]) {
    for (const c of ordered(
      runs.filter((r) => r.orphan === orphan).map((r) => r.candidate),
      byDistance,
    )) {
      if (!accept || accept(labelsOf(c.seats))) return { ok: true, labels: labelsOf(c.seats), nextToEachOther: true };
      refused ??= labelsOf(c.seats);
    }
  }
  if (query.together) return refused ? { ok: false, reason: "rejected", rejected: refused } : { ok: false, reason: "no_run" };

  // Split: seats nearest the focal point (or in layout order), each kept when the rules allow the answer with it.
  const seatOrder = ordered(
    all.filter(matching).map((s) => ({ seats: [s], distance: distanceOf(s), structural: [] })),
    byDistance,
  ).map((c) => c.seats[0]!);
  const inLayoutOrder = (seats: RefSeat[]) => [...seats].sort((a, b) => a.order - b.order);
  let chosen: RefSeat[] = [];
  for (const seat of seatOrder) {
    const next = inLayoutOrder([...chosen, seat]);
    if (!accept || accept(labelsOf(next))) chosen = next;
    if (chosen.length === q) {
      const together = chosen.every((s, i) => i === 0 || adjacent(chosen[i - 1], s));
      return { ok: true, labels: labelsOf(chosen), nextToEachOther: together };
    }
  }
  return { ok: false, reason: "rejected", rejected: refused ?? labelsOf(inLayoutOrder(seatOrder.slice(0, q))) };
}
