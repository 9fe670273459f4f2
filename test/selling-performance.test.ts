import { describe, expect, it } from "vitest";
import type { Layout } from "../src/domain/layout";
import { bestAvailable, type Accept } from "../src/selling/best-available";
import { Occupancy } from "../src/selling/occupancy";
import { sellingIndexOfLayout, type SellingIndex } from "../src/selling/selling-index";

/**
 * Best available on 100,000 seats with half of them sold in a scattered pattern (the bench's case,
 * here without the HTTP and Durable Object around it). Each call's answer is held and as many
 * random seats are freed, so the sold share stays at one half while the front fills up as in an
 * on-sale. workerd's clock ticks in whole milliseconds, so the per-call percentiles are coarse; the
 * mean over all calls is logged too. The bounds asserted are generous (a shared CI machine; the
 * budget is p50 <= 5 ms and p99 <= 20 ms of server time, judged by the bench); the figures are logged.
 */

/** 10 sections of 100 rows of 100 seats, the sections side by side facing a stage at y = -50, an aisle every 25 seats. */
function arena(withFocal: boolean): Layout {
  const sections = Array.from({ length: 10 }, (_, s) => ({
    key: `S${s}`,
    label: `Section ${s}`,
    rows: Array.from({ length: 100 }, (_, r) => ({
      label: String(r + 1),
      seats: Array.from({ length: 100 }, (_, i) => ({
        label: `S${s}-${r}-${i}`,
        categoryKey: r < 20 ? "front" : "rear",
        x: s * 1100 + i * 10,
        y: r * 10 + Math.abs(s - 4.5) * 40,
        ...(i % 25 === 24 ? { aisleAfter: true } : {}),
      })),
    })),
  }));
  return {
    categories: [
      { key: "front", label: "Front", color: "#f00" },
      { key: "rear", label: "Rear", color: "#00f" },
    ],
    sections,
    generalAdmission: [],
    ...(withFocal ? { focalPoint: { x: 5500, y: -50 } } : {}),
  };
}

/** A small deterministic PRNG (mulberry32), so every run sells the same seats. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function halfSold(index: SellingIndex, next: () => number): Occupancy {
  const nonFree = index.labels.filter(() => next() < 0.5);
  return Occupancy.fromNonFree(index, nonFree);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/** Times `calls` best-available calls of `quantity`, holding each answer and freeing as many random seats. */
function measure(index: SellingIndex, occupancy: Occupancy, quantity: number, next: () => number, accept?: Accept, calls = 400) {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    const result = bestAvailable(index, occupancy, { quantity }, accept);
    times.push(performance.now() - t);
    expect(result.ok).toBe(true);
    if (!result.ok) continue;
    for (const id of result.ids) occupancy.setId(id, false);
    for (let k = 0; k < quantity; k++) occupancy.setId(Math.floor(next() * index.size), true);
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1]!, mean };
}

describe("best available on 100,000 seats, half sold", () => {
  for (const withFocal of [true, false]) {
    it(`${withFocal ? "nearest the focal point" : "structural order"}: quantity 2 and 8`, () => {
      const layout = arena(withFocal);
      let t = performance.now();
      const index = sellingIndexOfLayout(layout);
      const built = performance.now() - t;
      const next = random(12);
      t = performance.now();
      const occupancy = halfSold(index, next);
      const woke = performance.now() - t;
      expect(index.size).toBe(100_000);
      expect(index.distance !== null).toBe(withFocal);
      for (const quantity of [2, 8]) {
        const m = measure(index, occupancy, quantity, next);
        console.log(
          `best available (${withFocal ? "focal" : "structural"}), quantity ${quantity}: mean ${m.mean.toFixed(3)} ms, p50 ${m.p50} ms, p99 ${m.p99} ms, max ${m.max} ms ` +
            `(index ${built.toFixed(0)} ms, occupancy from 50,000 labels ${woke.toFixed(0)} ms)`,
        );
        expect(m.p50).toBeLessThanOrEqual(5);
        expect(m.p99).toBeLessThanOrEqual(50);
      }
      // A guard against a slower algorithm, not a benchmark: two test files share two cores with GC pauses.
      expect(built).toBeLessThan(2000);
    });
  }

  it("a predicate that refuses the first candidates only delays the answer", () => {
    const index = sellingIndexOfLayout(arena(true));
    const next = random(7);
    const occupancy = halfSold(index, next);
    // Refuses any answer touching the first 20 rows (the "front" category), as a spent category cap would.
    const accept: Accept = (ids) => ids.every((id) => index.category[id] !== 0);
    const m = measure(index, occupancy, 4, next, accept, 100);
    console.log(`best available with the front refused, quantity 4: mean ${m.mean.toFixed(3)} ms, p50 ${m.p50} ms, p99 ${m.p99} ms`);
    expect(m.p99).toBeLessThan(200);
  });
});
