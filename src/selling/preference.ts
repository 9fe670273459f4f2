/**
 * How best available orders candidates that carry a distance (docs/selling-rules.md: "the smallest mean
 * distance to focalPoint … remaining ties: layout order").
 *
 * Means of the same seats summed in another order, or of mirror-image runs, can differ in the last
 * bits, and a buyer would call them equal. So two keys tie when they are within a relative
 * {@link TIE_EPSILON}. Such a tolerance is not transitive, so "equal" is anchored on the smallest
 * remaining key: the next candidate is, among those whose key is at most
 * {@link tieLimit}(smallest remaining key), the one earliest in layout order. Taking candidates
 * one after another in this way defines the whole preference order (which the `accept` predicate
 * walks), and the reference implementation in the tests applies exactly the same rule.
 */

/** Relative tolerance under which two mean distances count as equal. */
export const TIE_EPSILON = 1e-9;

/** The largest key that ties with `smallest` (keys are distances, so never negative). */
export function tieLimit(smallest: number): number {
  return smallest + smallest * TIE_EPSILON;
}

/** A candidate answer: a run starting at seat id `start`, or a single seat; `key` is its (mean) distance. */
export interface Candidate {
  start: number;
  key: number;
}

/** A binary min-heap of candidates by key. */
export class CandidateHeap {
  private readonly items: Candidate[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): Candidate | undefined {
    return this.items[0];
  }

  push(c: Candidate): void {
    const a = this.items;
    a.push(c);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]!.key <= c.key) break;
      a[i] = a[p]!;
      i = p;
    }
    a[i] = c;
  }

  pop(): Candidate | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= a.length) break;
      const child = l + 1 < a.length && a[l + 1]!.key < a[l]!.key ? l + 1 : l;
      if (a[child]!.key >= last.key) break;
      a[i] = a[child]!;
      i = child;
    }
    a[i] = last;
    return top;
  }
}

/**
 * The preference order over a stream of candidates given in non-decreasing key: repeatedly the
 * candidate earliest in layout order among those that tie with the smallest remaining key.
 * Lazy: it reads the stream only as far as the ties of the candidate it yields next.
 */
export function* inPreferenceOrder(stream: Iterator<Candidate>): Generator<Candidate> {
  // Candidates read but not yet yielded, in stream (so key) order: buffer[0] has the smallest key.
  const buffer: Candidate[] = [];
  let next = stream.next();
  for (;;) {
    if (buffer.length === 0) {
      if (next.done) return;
      buffer.push(next.value);
      next = stream.next();
    }
    const limit = tieLimit(buffer[0]!.key);
    while (!next.done && next.value.key <= limit) {
      buffer.push(next.value);
      next = stream.next();
    }
    let best = 0;
    for (let i = 1; i < buffer.length && buffer[i]!.key <= limit; i++) if (buffer[i]!.start < buffer[best]!.start) best = i;
    yield buffer.splice(best, 1)[0]!;
  }
}
