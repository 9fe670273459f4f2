import type { AccessibleRequest } from "../domain/accessibility";
import { accessibleQuantity } from "../domain/accessibility";
import type { Accept, BestAvailableQuery, BestAvailableResult } from "./best-available";
import { runs, type Filter } from "./candidates";
import type { Occupancy } from "./occupancy";
import { ROLE_COMPANION, ROLE_WHEELCHAIR, type SellingIndex } from "./selling-index";

/**
 * Accessible best available (docs/accessibility.md): `wheelchair` wheelchair spaces and `wheelchair ×
 * companions` companion seats, all in one run of adjacent free seats of one row, ranked as docs/selling-rules.md says
 * (runs leaving no orphan first, then the focal point or section, row and middle, then layout
 * order). It reuses the run search of docs/selling-rules.md#best-available over the wheelchair and companion seats alone and keeps the
 * runs whose mix is exactly the one asked for.
 *
 * Interpretations made here:
 * - The run holds exactly the seats asked for, so every seat of it is a wheelchair space or a
 *   companion seat; a seat marked both counts as a wheelchair space.
 * - There is no split answer: a wheelchair user's companions sit next to the space, or the call
 *   answers `no_run` (409 `no_best_available`), whatever `together` says.
 */
export interface AccessibleQuery extends Omit<BestAvailableQuery, "quantity" | "together"> {
  accessible: AccessibleRequest;
}

export function accessibleBestAvailable(index: SellingIndex, occupancy: Occupancy, query: AccessibleQuery, accept?: Accept): BestAvailableResult {
  const { wheelchair, companions } = query.accessible;
  const q = accessibleQuantity(query.accessible);
  const filter = filterOf(index, query, q);
  let refused: number[] | null = null;
  let found = false;
  for (const orphan of [false, true]) {
    for (const run of runs(index, occupancy, filter, orphan)) {
      if (!mixIs(index, run.start, q, wheelchair, wheelchair * companions)) continue;
      found = true;
      const ids = Array.from({ length: q }, (_, i) => run.start + i);
      if (accept === undefined || accept(ids)) return { ok: true, ids, labels: ids.map((id) => index.labels[id]!), nextToEachOther: true };
      refused ??= ids;
    }
  }
  if (!found || refused === null) return { ok: false, reason: "no_run" };
  return { ok: false, reason: "rejected", rejected: { ids: refused, labels: refused.map((id) => index.labels[id]!) } };
}

/** Whether the run of `q` seats from `start` holds exactly `w` wheelchair spaces and `c` companion seats. */
function mixIs(index: SellingIndex, start: number, q: number, w: number, c: number): boolean {
  let wheel = 0;
  let comp = 0;
  for (let id = start; id < start + q; id++) {
    const r = index.role[id];
    if (r === ROLE_WHEELCHAIR) wheel++;
    else if (r === ROLE_COMPANION) comp++;
    else return false;
  }
  return wheel === w && comp === c;
}

/** The query's filters as masks, the eligible mask narrowed to wheelchair spaces and companion seats. */
function filterOf(index: SellingIndex, query: AccessibleQuery, q: number): Filter {
  const mask = (keys: readonly string[] | undefined, known: readonly string[]): Uint8Array | null => {
    if (keys === undefined) return null;
    const wanted = new Set(keys);
    return Uint8Array.from(known, (k) => (wanted.has(k) ? 1 : 0));
  };
  const eligible = new Uint8Array(index.size);
  for (let id = 0; id < index.size; id++) if (index.role[id] !== 0 && (query.eligible == null || query.eligible[id] === 1)) eligible[id] = 1;
  return { quantity: q, sections: mask(query.sections, index.sectionKeys), categories: mask(query.categories, index.categoryKeys), eligible };
}
