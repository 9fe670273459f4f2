import type { SellingIndex } from "./selling-index";

/**
 * Which seats of a {@link SellingIndex} are free, with the summaries that let best available skip
 * most of the layout: free seats per segment, the longest free stretch per segment (recomputed
 * lazily, only for segments that changed since it was last asked), and free seats per
 * (section, category) pair.
 *
 * "Free" is the event's seat status: not held (live), booked or not for sale. The event object
 * builds one on wake from its non-free labels and calls {@link set} for every seat whose status
 * changes in a committed transaction (expiries included), so it always mirrors the object's
 * tables. Held seats count as non-free whoever holds them: the orphan rule and best available
 * look at what other buyers can still take.
 */
export class Occupancy {
  /** 1 when the seat (by id) is free. */
  readonly free: Uint8Array;
  private readonly segmentFree: Uint32Array;
  /** Longest free stretch of each segment, or -1 when a change made it stale. */
  private readonly segmentRun: Int32Array;
  private readonly groupFree: Uint32Array;

  /** Every seat free. */
  constructor(readonly index: SellingIndex) {
    this.free = new Uint8Array(index.size).fill(1);
    const segments = index.segmentStart.length;
    this.segmentFree = new Uint32Array(segments);
    this.segmentRun = new Int32Array(segments);
    for (let s = 0; s < segments; s++) {
      this.segmentFree[s] = index.segmentEnd[s]! - index.segmentStart[s]!;
      this.segmentRun[s] = this.segmentFree[s]!;
    }
    this.groupFree = new Uint32Array(index.groupSection.length);
    for (let id = 0; id < index.size; id++) this.groupFree[index.group[id]!]!++;
  }

  /** The occupancy on wake: every seat free but those listed (labels that are not seats of the index are ignored). */
  static fromNonFree(index: SellingIndex, nonFree: Iterable<string>): Occupancy {
    const occupancy = new Occupancy(index);
    for (const label of nonFree) occupancy.set(label, false);
    return occupancy;
  }

  /** Records a committed status change of a seat; false when the label is not a seat of the index (a GA area). */
  set(label: string, free: boolean): boolean {
    const id = this.index.ids.get(label);
    if (id === undefined) return false;
    this.setId(id, free);
    return true;
  }

  /** {@link set} by seat id. */
  setId(id: number, free: boolean): void {
    const was = this.free[id] === 1;
    if (was === free) return;
    this.free[id] = free ? 1 : 0;
    const s = this.index.segment[id]!;
    const g = this.index.group[id]!;
    this.segmentFree[s] = this.segmentFree[s]! + (free ? 1 : -1);
    this.groupFree[g] = this.groupFree[g]! + (free ? 1 : -1);
    this.segmentRun[s] = -1;
  }

  isFree(id: number): boolean {
    return this.free[id] === 1;
  }

  /** Free seats of a segment. */
  freeIn(segment: number): number {
    return this.segmentFree[segment]!;
  }

  /** Longest stretch of adjacent free seats in a segment: no run longer than this fits there. */
  longestRun(segment: number): number {
    let run = this.segmentRun[segment]!;
    if (run >= 0) return run;
    run = 0;
    let current = 0;
    for (let id = this.index.segmentStart[segment]!; id < this.index.segmentEnd[segment]!; id++) {
      current = this.free[id] === 1 ? current + 1 : 0;
      if (current > run) run = current;
    }
    this.segmentRun[segment] = run;
    return run;
  }

  /** Free seats whose section and category pass the masks (by ordinal; null passes all). */
  countFree(sections: Uint8Array | null, categories: Uint8Array | null): number {
    let total = 0;
    for (let g = 0; g < this.groupFree.length; g++) {
      if (sections && sections[this.index.groupSection[g]!] !== 1) continue;
      if (categories && categories[this.index.groupCategory[g]!] !== 1) continue;
      total += this.groupFree[g]!;
    }
    return total;
  }
}
