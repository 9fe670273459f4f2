import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pacerStub } from "../src/waiting-room/pacer-stub";
import { shardStub } from "../src/waiting-room/shard-stub";
import { joinRoom, ticketStatus } from "../src/waiting-room/room-operations";
import { SHARD_COUNT } from "../src/waiting-room/queue-core";
import { call, expectOk, newEvent, type EventFixture } from "./support/fixtures";

/**
 * The order and pace of docs/waiting-room.md, through the room's real objects: the pre-queue is admitted as a
 * uniform random permutation (rank correlation with join order near 0; the first admitted decile
 * drawn evenly from every decile of joiners), later joiners in join order, every sliding minute
 * within the pace, each ticket admitted once. Ticks run at simulated times (the pacer's tickAt);
 * the room opens an hour from now so that its real alarm never fires during the test.
 */

const HOUR = 3_600_000;
const scopeOf = (f: EventFixture) => ({ workspaceId: f.keys.workspaceId, environment: f.environment, eventKey: f.eventKey });

async function openRoom(f: EventFixture, admitPerMinute: number, sessionMinutes = 10): Promise<number> {
  const opensAt = Math.ceil((Date.now() + HOUR) / 1000) * 1000;
  expectOk(
    await call("PUT", `/api/v1/events/${f.eventKey}/waiting-room`, {
      key: f.sk,
      body: { enabled: true, opensAt: new Date(opensAt).toISOString(), admitPerMinute, sessionMinutes },
    }),
  );
  return opensAt;
}

/** Joins `n` distinct client addresses in order, `batch` at a time; answers their tickets in join order. */
async function joinMany(f: EventFixture, n: number, prefix: string, now?: number): Promise<string[]> {
  const tickets: string[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = Array.from({ length: Math.min(50, n - i) }, (_, j) =>
      joinRoom(env, scopeOf(f), f.eventKey, `${prefix}${i + j}`, now === undefined ? undefined : now + i + j),
    );
    tickets.push(...(await Promise.all(batch)).map((r) => r.ticket));
  }
  return tickets;
}

/** When each ticket was admitted (its admission's expiry less the session), in the tickets' order. */
async function admittedAt(f: EventFixture, tickets: string[], sessionMinutes: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < tickets.length; i += 100) {
    const batch = await Promise.all(tickets.slice(i, i + 100).map((t) => ticketStatus(env, scopeOf(f), f.eventKey, t)));
    out.push(...batch.map((s) => (s.admitted && s.admissionExpiresAt ? Date.parse(s.admissionExpiresAt) - sessionMinutes * 60_000 : Infinity)));
  }
  return out;
}

/** Spearman's rank correlation (average ranks for ties). */
function spearman(x: number[], y: number[]): number {
  const rank = (v: number[]) => {
    const idx = v.map((value, i) => ({ value, i })).sort((a, b) => a.value - b.value);
    const r = new Array<number>(v.length);
    for (let a = 0; a < idx.length;) {
      let b = a;
      while (b + 1 < idx.length && idx[b + 1]!.value === idx[a]!.value) b++;
      for (let k = a; k <= b; k++) r[idx[k]!.i] = (a + b) / 2;
      a = b + 1;
    }
    return r;
  };
  const rx = rank(x);
  const ry = rank(y);
  const mean = (v: number[]) => v.reduce((s, n) => s + n, 0) / v.length;
  const mx = mean(rx);
  const my = mean(ry);
  let num = 0;
  let dx = 0;
  let dy = 0;
  for (let i = 0; i < x.length; i++) {
    num += (rx[i]! - mx) * (ry[i]! - my);
    dx += (rx[i]! - mx) ** 2;
    dy += (ry[i]! - my) ** 2;
  }
  return num / Math.sqrt(dx * dy);
}

describe("order", () => {
  it("admits the pre-queue as a uniform random permutation, then later joiners in join order", async () => {
    const f = await newEvent();
    const N = 3000;
    const session = 10;
    const opensAt = await openRoom(f, 6000, session);
    const early = await joinMany(f, N, "10.1.");
    // Later joiners, at simulated times after opening: they must all follow the pre-queue, in order.
    const late = await joinMany(f, 200, "10.2.", opensAt + 500);
    const pacer = pacerStub(env, scopeOf(f));
    for (let s = 1; s <= 40; s++) await pacer.tickAt(opensAt + s * 1000);
    const at = await admittedAt(f, early, session);
    const lateAt = await admittedAt(f, late, session);
    expect(at.every(Number.isFinite)).toBe(true);
    expect(lateAt.every(Number.isFinite)).toBe(true);
    expect(Math.min(...lateAt)).toBeGreaterThanOrEqual(Math.max(...at));
    for (let i = 1; i < lateAt.length; i++) expect(lateAt[i]).toBeGreaterThanOrEqual(lateAt[i - 1]!);

    // Rank correlation of join order and admission time: |rho| < 3.3 / sqrt(N) fails by chance about once in a thousand runs.
    const rho = spearman(
      early.map((_, i) => i),
      at,
    );
    expect(Math.abs(rho)).toBeLessThan(3.3 / Math.sqrt(N));

    // The first tenth admitted: drawn evenly from the ten tenths of joiners (chi-square, 9 degrees of freedom, p = 0.001 at 27.88).
    const order = early.map((_, i) => i).sort((a, b) => at[a]! - at[b]! || a - b);
    const firstDecile = order.slice(0, N / 10);
    const bins = new Array<number>(10).fill(0);
    for (const i of firstDecile) bins[Math.floor((i * 10) / N)]!++;
    const expected = firstDecile.length / 10;
    const chi2 = bins.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(27.88);
  }, 120_000);
});

describe("pace", () => {
  it("every sliding minute admits within +10% + 2 and, while buyers wait, at least 90% - 2; each ticket once", async () => {
    const f = await newEvent();
    const rate = 600;
    const opensAt = await openRoom(f, rate);
    await joinMany(f, 3000, "10.3.");
    const pacer = pacerStub(env, scopeOf(f));
    // Ticks a second apart with jitter, as alarms come.
    let t = opensAt;
    for (let s = 0; s < 200; s++) {
      t += 700 + ((s * 7919) % 700);
      await pacer.tickAt(t);
    }
    const ticks = await pacer.ticks(opensAt);
    const total = ticks.reduce((s, k) => s + k.admitted, 0);
    expect(total).toBeGreaterThan(2 * rate);
    for (const start of ticks.map((k) => k.at)) {
      if (start + 60_000 > t) break;
      const inWindow = ticks.filter((k) => k.at >= start && k.at < start + 60_000);
      const admitted = inWindow.reduce((s, k) => s + k.admitted, 0);
      expect(admitted).toBeLessThanOrEqual(Math.floor(rate * 1.1) + 2);
      const stillWaiting = inWindow.at(-1)!.waiting > 0;
      if (stillWaiting) expect(admitted).toBeGreaterThanOrEqual(Math.ceil(rate * 0.9) - 2);
    }
    // Each ticket admitted once: the shards' admitted rows add up to the pacer's total, and none waits twice.
    const counts = await Promise.all(Array.from({ length: SHARD_COUNT }, (_, s) => shardStub(env, scopeOf(f), s).counts()));
    expect(counts.reduce((s, c) => s + c.admitted, 0)).toBe(total);
    expect(counts.reduce((s, c) => s + c.joined, 0)).toBe(3000);
    const room = await call("GET", `/api/v1/events/${f.eventKey}/waiting-room`, { key: f.sk });
    expect(room.body.stats).toMatchObject({ waiting: 3000 - total, admittedTotal: total });
  }, 120_000);
});
