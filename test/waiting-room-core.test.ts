import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, globalPosition, INITIAL_PACE, orderKey, paceTick, shardOf, SHARD_COUNT, ticketShard } from "../src/waiting-room/queue-core";

/** The waiting room's pure rules (src/waiting-room/queue-core.ts), which the objects and the simulation share. */

describe("paceTick", () => {
  it("keeps every sliding minute within the pace, whatever the tick gaps and the queue", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.record({ gap: fc.integer({ min: 200, max: 3000 }), arrivals: fc.integer({ min: 0, max: 3000 }) }), { minLength: 60, maxLength: 240 }),
        (rate, steps) => {
          let state = INITIAL_PACE;
          let now = 0;
          let waiting = 0;
          const ticks: { at: number; admitted: number; waiting: number }[] = [];
          for (const { gap, arrivals } of steps) {
            now += gap;
            waiting += arrivals;
            const step = paceTick(state, now, rate, waiting);
            state = step.state;
            waiting -= step.admit;
            ticks.push({ at: now, admitted: step.admit, waiting });
          }
          for (const start of ticks) {
            const inWindow = ticks.filter((t) => t.at >= start.at && t.at < start.at + 60_000);
            const sum = inWindow.reduce((s, t) => s + t.admitted, 0);
            expect(sum).toBeLessThanOrEqual(Math.floor(rate * 1.1) + 2);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("admits at least 90% less 2 in every minute while buyers wait (ticks a second apart)", () => {
    for (const rate of [1, 7, 60, 1000, 100_000]) {
      let state = INITIAL_PACE;
      const admitted: number[] = [];
      for (let s = 1; s <= 300; s++) {
        const step = paceTick(state, s * 1000, rate, 10_000_000);
        state = step.state;
        admitted.push(step.admit);
      }
      for (let a = 0; a + 60 <= admitted.length; a++) {
        const sum = admitted.slice(a, a + 60).reduce((s, n) => s + n, 0);
        expect(sum).toBeGreaterThanOrEqual(Math.ceil(rate * 0.9) - 2);
        expect(sum).toBeLessThanOrEqual(Math.floor(rate * 1.1) + 2);
      }
    }
  });

  it("saves no credit for a crowd while nobody waits", () => {
    let state = INITIAL_PACE;
    for (let s = 1; s <= 600; s++) state = paceTick(state, s * 1000, 600, 0).state;
    expect(state.credit).toBeLessThan(1);
    expect(paceTick(state, 601_000, 600, 1_000_000).admit).toBeLessThanOrEqual(11);
  });
});

describe("allocate", () => {
  it("gives the smallest keys of all shards first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 30 }), { minLength: 1, maxLength: 8 }),
        fc.nat(100),
        (raw, admit) => {
          const heads = raw.map((keys) => [...keys].sort((a, b) => a - b));
          const grants = allocate(heads, admit);
          const all = heads.flat().sort((a, b) => a - b);
          const taken = heads.flatMap((keys, s) => keys.slice(0, grants[s])).sort((a, b) => a - b);
          expect(taken).toEqual(all.slice(0, Math.min(admit, all.length)));
        },
      ),
    );
  });
});

describe("keys, shards and tickets", () => {
  it("orders the pre-queue by its random draw and later joiners by time, after it", () => {
    expect(orderKey(5, 10, 0.25)).toBe(0.25);
    expect(orderKey(10, 10, 0.25)).toBe(10);
    expect(orderKey(11, 10, 0.99)).toBeGreaterThan(orderKey(9, 10, 0.999999));
  });

  it("puts an address on one shard and spreads addresses evenly", () => {
    expect(shardOf("203.0.113.1")).toBe(shardOf("203.0.113.1"));
    const counts = new Array<number>(SHARD_COUNT).fill(0);
    for (let i = 0; i < 80_000; i++) counts[shardOf(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`)]!++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  it("reads a ticket's shard and refuses anything else", () => {
    expect(ticketShard("3.AAAAAAAAAAAAAAAAAAAAAA")).toBe(3);
    expect(ticketShard(`${SHARD_COUNT}.AAAAAAAAAAAAAAAAAAAAAA`)).toBeNull();
    expect(ticketShard("x.AAAAAAAAAAAAAAAAAAAAAA")).toBeNull();
    expect(ticketShard("3.short")).toBeNull();
  });

  it("scales a shard's place to the whole queue", () => {
    expect(globalPosition(1, 100, 800)).toBeGreaterThanOrEqual(1);
    expect(globalPosition(1, 100, 800)).toBeLessThanOrEqual(8);
    expect(globalPosition(51, 100, 800)).toBeCloseTo(404, -1);
    expect(globalPosition(7, 10, 5)).toBe(7);
  });
});
