import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { advance, api, call, type CallResult, type EventFixture, expectError, freeze, inObject, newEvent } from "./support/fixtures";

/**
 * Model-based test: random sequences of hold, GA hold, book, release, extend, reset and clock
 * advance run against the service and against a tiny reference model; every response status and
 * the full status view after every step must agree, and at the end the status history, replayed
 * from seq 1, must rebuild the same view.
 */
const SEATS = ["S1", "S2", "S3", "S4"];
const CAPACITY = 6;
const TOKENS = ["token-aaaa", "token-bbbb", "token-cccc"];
const LAYOUT = {
  categories: [{ key: "c", label: "C", color: "#101010" }],
  sections: [{ key: "S", label: "S", rows: [{ label: "1", seats: SEATS.map((label) => ({ label, categoryKey: "c" })) }] }],
  generalAdmission: [{ label: "Floor", categoryKey: "c", capacity: CAPACITY }],
};

type Cmd =
  | { kind: "hold"; token: number; labels: string[]; ttl: number }
  | { kind: "holdGa"; token: number; quantity: number; ttl: number }
  | { kind: "book"; token: number; labels: string[] }
  | { kind: "release"; token: number | null; labels: string[] | null; secret: boolean }
  | { kind: "extend"; token: number; ttl: number }
  | { kind: "reset" }
  | { kind: "advance"; ms: number };

const labelSet = fc.uniqueArray(fc.constantFrom(...SEATS), { minLength: 1, maxLength: 3 });
const tokenIdx = fc.integer({ min: 0, max: TOKENS.length - 1 });
const ttl = fc.constantFrom(1, 5, 30);
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("hold" as const), token: tokenIdx, labels: labelSet, ttl }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("holdGa" as const), token: tokenIdx, quantity: fc.integer({ min: 1, max: CAPACITY }), ttl }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("book" as const), token: tokenIdx, labels: fc.oneof(labelSet, fc.constant<string[]>(["Floor"])) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("release" as const),
      token: fc.option(tokenIdx, { nil: null }),
      labels: fc.option(fc.oneof(labelSet, fc.constant<string[]>(["Floor"])), { nil: null }),
      secret: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("extend" as const), token: tokenIdx, ttl }) },
  { weight: 1, arbitrary: fc.constant({ kind: "reset" as const }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("advance" as const), ms: fc.constantFrom(999, 1000, 4000, 30_000) }) },
);

interface SeatState {
  status: "held" | "booked";
  token: string;
  exp: number;
}
interface GaState {
  held: number;
  booked: number;
  exp: number;
}

class Model {
  now = 0;
  seats = new Map<string, SeatState>();
  ga = new Map<string, GaState>();

  private live(s: SeatState | undefined): SeatState | undefined {
    return s && (s.status === "booked" || s.exp > this.now) ? s : undefined;
  }
  private gaHeld(g: GaState): number {
    return g.exp > this.now ? g.held : 0;
  }
  private gaTotals() {
    let held = 0;
    let booked = 0;
    for (const g of this.ga.values()) {
      held += this.gaHeld(g);
      booked += g.booked;
    }
    return { held, booked };
  }

  /** Applies a command; returns the expected HTTP status. */
  apply(c: Cmd): number {
    switch (c.kind) {
      case "advance":
        this.now += c.ms;
        return 0;
      case "reset":
        this.seats.clear();
        this.ga.clear();
        return 200;
      case "hold": {
        const t = TOKENS[c.token]!;
        if (
          c.labels.some((l) => {
            const s = this.live(this.seats.get(l));
            return s && (s.status === "booked" || s.token !== t);
          })
        )
          return 409;
        for (const l of c.labels) if (!this.live(this.seats.get(l))) this.seats.set(l, { status: "held", token: t, exp: this.now + c.ttl * 1000 });
        return 200;
      }
      case "holdGa": {
        const t = TOKENS[c.token]!;
        const own = this.ga.get(t);
        const ownLive = own ? this.gaHeld(own) : 0;
        if (own && ownLive === c.quantity) return 200;
        const tot = this.gaTotals();
        if (tot.held - ownLive + tot.booked + c.quantity > CAPACITY) return 409;
        this.ga.set(t, { held: c.quantity, booked: own?.booked ?? 0, exp: this.now + c.ttl * 1000 });
        return 200;
      }
      case "book": {
        const t = TOKENS[c.token]!;
        const ok = c.labels.every((l) => {
          if (l === "Floor") {
            const g = this.ga.get(t);
            return !!g && (this.gaHeld(g) > 0 || g.booked > 0);
          }
          const s = this.live(this.seats.get(l));
          return !!s && s.token === t;
        });
        if (!ok) return 409;
        for (const l of c.labels) {
          if (l === "Floor") {
            const g = this.ga.get(t)!;
            g.booked += this.gaHeld(g);
            g.held = 0;
            g.exp = 0;
          } else this.seats.get(l)!.status = "booked";
        }
        return 200;
      }
      case "release": {
        const t = c.token === null ? undefined : TOKENS[c.token]!;
        if (t === undefined && (!c.secret || c.labels === null)) return 400;
        const labels = c.labels ?? [...[...this.seats].filter(([, s]) => s.token === t).map(([l]) => l), ...(this.ga.has(t!) ? ["Floor"] : [])];
        for (const l of labels) {
          if (l === "Floor") {
            const tokens = t !== undefined ? [t] : [...this.ga.keys()];
            for (const tk of tokens) {
              const g = this.ga.get(tk);
              if (!g) continue;
              const booked = c.secret ? 0 : g.booked;
              if (booked > 0) {
                g.held = 0;
                g.exp = 0;
              } else if (this.gaHeld(g) > 0 || c.secret) this.ga.delete(tk);
            }
            continue;
          }
          const s = this.live(this.seats.get(l));
          if (!s || (t !== undefined && s.token !== t)) continue;
          if (s.status === "held" || c.secret) this.seats.delete(l);
        }
        return 200;
      }
      case "extend": {
        const t = TOKENS[c.token]!;
        const seats = [...this.seats.values()].filter((s) => s.token === t && s.status === "held" && s.exp > this.now);
        const g = this.ga.get(t);
        const gaLive = g && this.gaHeld(g) > 0;
        if (seats.length === 0 && !gaLive) return 409;
        for (const s of seats) s.exp = this.now + c.ttl * 1000;
        if (gaLive) g!.exp = this.now + c.ttl * 1000;
        return 200;
      }
    }
  }

  /** The status view: label → status (seats) and Floor's held/booked. */
  view(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [l, s] of this.seats) if (this.live(s)) out[l] = s.status;
    const tot = this.gaTotals();
    if (tot.held + tot.booked > 0) out.Floor = { held: tot.held, booked: tot.booked };
    return out;
  }
}

/** The status of an answer, after checking that a failure is the error envelope. */
function checked(res: CallResult): number {
  if (res.status >= 400) expectError(res, res.status);
  return res.status;
}

async function run(f: EventFixture, c: Cmd): Promise<number> {
  const t = (i: number) => TOKENS[i]!;
  switch (c.kind) {
    case "advance":
      await advance(f, c.ms);
      return 0;
    case "reset":
      return checked(await api.reset(f));
    case "hold":
      return checked(await api.hold(f, { objectLabels: c.labels, holdToken: t(c.token), ttlSeconds: c.ttl }));
    case "holdGa":
      return checked(
        await api.hold(f, { objectLabels: ["Floor"], holdToken: t(c.token), ttlSeconds: c.ttl, objectType: "generalAdmission", quantity: c.quantity }),
      );
    case "book":
      return checked(await api.book(f, { objectLabels: c.labels, holdToken: t(c.token) }));
    case "release": {
      const body: Record<string, unknown> = {};
      if (c.token !== null) body.holdToken = t(c.token);
      if (c.labels !== null) body.objectLabels = c.labels;
      return checked(await api.release(f, body, c.secret ? f.sk : f.pk));
    }
    case "extend":
      return checked(await api.extend(f, { holdToken: t(c.token), ttlSeconds: c.ttl }));
  }
}

async function serviceView(f: EventFixture): Promise<Record<string, unknown>> {
  const res = await api.status(f, "", f.sk);
  const out: Record<string, unknown> = {};
  for (const o of res.body.objects as { objectLabel: string; status: string; held?: number; booked?: number }[]) {
    out[o.objectLabel] = o.objectLabel === "Floor" ? { held: o.held, booked: o.booked } : o.status;
  }
  return out;
}

/** The status view rebuilt from the history alone: the last record of each object says where it stands. */
async function replayedView(f: EventFixture): Promise<Record<string, unknown>> {
  type Rec = { seq: number; objectLabel: string; status: string; held?: number; booked?: number };
  const last = new Map<string, Rec>();
  for (let after = 0; ;) {
    const page = (await call("GET", `/api/v1/events/${f.eventKey}/status-changes?after=${after}&limit=1000`, { key: f.sk })).body as {
      items: Rec[];
      nextCursor: string | null;
    };
    for (const r of page.items) {
      expect(r.seq).toBe(after + 1);
      after = r.seq;
      last.set(r.objectLabel, r);
    }
    if (page.nextCursor === null) break;
  }
  const out: Record<string, unknown> = {};
  for (const [label, r] of last) {
    if (label === "Floor") {
      if ((r.held ?? 0) + (r.booked ?? 0) > 0) out.Floor = { held: r.held, booked: r.booked };
    } else if (r.status !== "free") out[label] = r.status;
  }
  return out;
}

describe("model-based", () => {
  it("the service agrees with the reference model on random command sequences", async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 8, maxLength: 30 }), async (cmds) => {
        // A workspace per run keeps each run under the sandbox rate limit.
        const f = await newEvent({ layout: LAYOUT });
        await freeze(f);
        const model = new Model();
        for (const c of cmds) {
          const expected = model.apply(c);
          const actual = await run(f, c);
          expect(actual, JSON.stringify(c)).toBe(expected);
          seen.set(`${c.kind}:${actual}`, (seen.get(`${c.kind}:${actual}`) ?? 0) + 1);
          expect(await serviceView(f), JSON.stringify(c)).toEqual(model.view());
        }
        // Once the sweep has recorded every expiry, the history replayed from seq 1 rebuilds the status.
        await inObject(f, (o) => o.alarm());
        expect(await replayedView(f)).toEqual(await serviceView(f));
      }),
      // One sequence that reaches every outcome counted below, so the count never depends on luck;
      // the random runs then explore around it.
      {
        numRuns: 20,
        examples: [
          [
            [
              { kind: "hold", token: 0, labels: ["S1", "S2"], ttl: 30 },
              { kind: "hold", token: 1, labels: ["S2"], ttl: 30 },
              { kind: "holdGa", token: 0, quantity: 2, ttl: 30 },
              { kind: "holdGa", token: 1, quantity: CAPACITY, ttl: 30 },
              { kind: "extend", token: 0, ttl: 30 },
              { kind: "extend", token: 2, ttl: 30 },
              { kind: "book", token: 0, labels: ["S1"] },
              { kind: "book", token: 1, labels: ["S2"] },
              { kind: "release", token: 0, labels: ["S2"], secret: false },
            ],
          ],
        ],
      },
    );
    // The sequences reach both outcomes of the interesting commands, not just the happy path.
    for (const k of ["hold:200", "hold:409", "holdGa:200", "holdGa:409", "book:200", "book:409", "release:200", "extend:200", "extend:409"])
      expect(seen.get(k) ?? 0, k).toBeGreaterThan(0);
  }, 240_000);
});
