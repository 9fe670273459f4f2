import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { onAllPrepared, onApplied, onInquiry, onRecovery, onRefused, type ActionState, type Decision } from "../src/seasons/season-protocol";

/**
 * Model check of the season protocol (README "Seasons"). The coordinator's decisions are the real
 * ones (season-protocol.ts); the event objects are a model of season-participant.ts (prepare does
 * the action and keeps its undo; commit keeps it; abort undoes it where it still stands; both
 * idempotent by action id). fast-check drives random interleavings of season holds and books,
 * single-event holds on the same seats, crashes of the coordinator (its running actions stop; its
 * storage stays), crashes of an event (a prepare answer or a decision lost), event alarms asking
 * the coordinator, and coordinator alarms. After every run, once the alarms have settled
 * everything: each season action is applied in all its events or in none, no seat was taken from
 * an acknowledged holder, and every acknowledged action is complete.
 */

const EVENTS = 3;
const LABELS = ["s1", "s2", "s3"];

type Seat = { status: "held" | "booked"; token: string };
interface Prepared {
  kind: "hold" | "book";
  token: string;
  /** hold: the labels it took; book: the labels it turned from held to booked. */
  labels: string[];
}
interface EventModel {
  seats: Map<string, Seat>;
  prepared: Map<string, Prepared>;
  outcomes: Map<string, Decision>;
}
interface Action {
  id: string;
  kind: "hold" | "book";
  token: string;
  labels: string[];
  events: number[];
}
/** A coordinator's run of an action (its volatile continuation; lost when the coordinator crashes). */
interface Run {
  action: Action;
  phase: "prepare" | "apply";
  toPrepare: number[];
  refused: boolean;
  decision: Decision | null;
  toApply: number[];
  complete: boolean;
}

class World {
  events: EventModel[] = Array.from({ length: EVENTS }, () => ({ seats: new Map(), prepared: new Map(), outcomes: new Map() }));
  coordinator = new Map<string, { state: ActionState; action: Action }>();
  runs: Run[] = [];
  acked: { action: Action; decision: Decision }[] = [];
  singles: { event: number; label: string; token: string }[] = [];
  violations: string[] = [];
  private n = 0;

  // ---- event objects (the model of season-participant.ts) ---------------------------------

  prepare(e: number, a: Action): boolean {
    const ev = this.events[e]!;
    if (ev.outcomes.has(a.id)) return false;
    if (ev.prepared.has(a.id)) return true;
    if (a.kind === "hold") {
      if (a.labels.some((l) => ev.seats.has(l) && ev.seats.get(l)!.token !== a.token)) return false;
      const taken = a.labels.filter((l) => !ev.seats.has(l));
      for (const l of taken) ev.seats.set(l, { status: "held", token: a.token });
      ev.prepared.set(a.id, { kind: "hold", token: a.token, labels: taken });
    } else {
      if (a.labels.some((l) => ev.seats.get(l)?.token !== a.token)) return false;
      const changed = a.labels.filter((l) => ev.seats.get(l)!.status === "held");
      for (const l of changed) ev.seats.set(l, { status: "booked", token: a.token });
      ev.prepared.set(a.id, { kind: "book", token: a.token, labels: changed });
    }
    return true;
  }

  commit(e: number, id: string): void {
    const ev = this.events[e]!;
    if (ev.prepared.has(id)) {
      ev.prepared.delete(id);
      ev.outcomes.set(id, "commit");
    } else if (ev.outcomes.get(id) !== "commit")
      this.violations.push(`commit of ${id} in event ${e} that is not prepared (${ev.outcomes.get(id) ?? "unknown"})`);
  }

  abort(e: number, id: string): void {
    const ev = this.events[e]!;
    const p = ev.prepared.get(id);
    if (p) {
      for (const l of p.labels) {
        const seat = ev.seats.get(l);
        if (seat?.token !== p.token) continue;
        if (p.kind === "hold" && seat.status === "held") ev.seats.delete(l);
        if (p.kind === "book" && seat.status === "booked") ev.seats.set(l, { status: "held", token: p.token });
      }
      ev.prepared.delete(id);
      ev.outcomes.set(id, "abort");
    } else if (!ev.outcomes.has(id)) ev.outcomes.set(id, "abort");
    else if (ev.outcomes.get(id) === "commit") this.violations.push(`abort of ${id} in event ${e} after its commit`);
  }

  /** An event's alarm past a prepared action's deadline: ask the coordinator, apply its answer. */
  eventAlarm(e: number): void {
    for (const id of [...this.events[e]!.prepared.keys()]) {
      const rec = this.coordinator.get(id);
      const next = onInquiry(rec?.state ?? null);
      if (rec) rec.state = next.state;
      if (next.answer === "commit") this.commit(e, id);
      else this.abort(e, id);
    }
  }

  singleHold(e: number, label: string): void {
    const ev = this.events[e]!;
    if (ev.seats.has(label)) return;
    const token = `single-${this.n++}`;
    ev.seats.set(label, { status: "held", token });
    this.singles.push({ event: e, label, token });
  }

  // ---- the coordinator (the real decisions of season-protocol.ts) --------------------------

  start(kind: "hold" | "book", labels: string[], events: number[]): void {
    let token = `season-${this.n++}`;
    if (kind === "book") {
      // Book what an acknowledged season hold holds (its token), over the same events.
      const held = this.acked.find(
        (x) => x.action.kind === "hold" && x.decision === "commit" && !this.acked.some((y) => y.action.kind === "book" && y.action.token === x.action.token),
      );
      if (!held) return;
      token = held.action.token;
      labels = held.action.labels;
      events = held.action.events;
    }
    const action: Action = { id: `a${this.n++}`, kind, token, labels, events };
    this.coordinator.set(action.id, { state: "preparing", action });
    this.runs.push({ action, phase: "prepare", toPrepare: [...events], refused: false, decision: null, toApply: [], complete: true });
  }

  /** One step of a run: a prepare reaching one event, or a decision reaching one event. */
  step(r: Run, pick: number, lose: boolean): void {
    const rec = this.coordinator.get(r.action.id)!;
    if (r.phase === "prepare") {
      const e = r.toPrepare.splice(pick % r.toPrepare.length, 1)[0]!;
      const prepared = this.prepare(e, r.action);
      // A lost answer (the event crashed after its commit, or the call failed) is a refusal.
      if (!prepared || lose) r.refused = true;
      if (r.toPrepare.length > 0) return;
      const next = r.refused ? onRefused(rec.state) : onAllPrepared(rec.state);
      rec.state = next.state;
      r.decision = next.decision;
      r.phase = "apply";
      r.toApply = [...r.action.events];
      return;
    }
    const e = r.toApply.splice(pick % r.toApply.length, 1)[0]!;
    if (lose) r.complete = false;
    else if (r.decision === "commit") this.commit(e, r.action.id);
    else this.abort(e, r.action.id);
    if (r.toApply.length > 0) return;
    if (r.complete) rec.state = onApplied(r.decision!);
    this.acked.push({ action: r.action, decision: r.decision! });
    this.runs.splice(this.runs.indexOf(r), 1);
  }

  crashCoordinator(): void {
    this.runs = [];
  }

  coordinatorAlarm(overdue: boolean): void {
    for (const rec of this.coordinator.values()) {
      const next = onRecovery(rec.state, overdue);
      rec.state = next.state;
      if (next.send === null) continue;
      for (const e of rec.action.events) {
        if (next.send === "commit") this.commit(e, rec.action.id);
        else this.abort(e, rec.action.id);
      }
      rec.state = onApplied(next.send);
    }
  }

  /** Time passes and every alarm fires until nothing is left open. */
  settle(): void {
    this.runs = [];
    for (let round = 0; round < 3; round++) {
      for (let e = 0; e < EVENTS; e++) this.eventAlarm(e);
      this.coordinatorAlarm(true);
    }
  }

  check(): void {
    expect(this.violations).toEqual([]);
    for (const ev of this.events) expect(ev.prepared.size).toBe(0);
    for (const rec of this.coordinator.values()) expect(["done-commit", "done-abort"]).toContain(rec.state);
    // All or none: every label of a season action reads the same in all its events.
    for (const { action } of this.coordinator.values()) {
      for (const label of action.labels) {
        const seen = new Set(
          action.events.map((e) => JSON.stringify(this.events[e]!.seats.get(label)?.token === action.token ? this.events[e]!.seats.get(label) : null)),
        );
        expect(seen.size, `${action.id} ${label}: ${[...seen].join(" / ")}`).toBe(1);
      }
    }
    // Every acknowledged action is complete; an acknowledged refusal left nothing.
    for (const { action, decision } of this.acked) {
      for (const e of action.events)
        for (const label of action.labels) {
          const seat = this.events[e]!.seats.get(label);
          if (decision === "commit") expect(seat?.token).toBe(action.token);
          if (decision === "commit" && action.kind === "book") expect(seat?.status).toBe("booked");
          if (decision === "abort" && action.kind === "hold") expect(seat?.token).not.toBe(action.token);
        }
    }
    // No seat is taken twice: an acknowledged single-event hold still holds its seat.
    for (const s of this.singles) expect(this.events[s.event]!.seats.get(s.label)?.token).toBe(s.token);
  }
}

const move = fc.oneof(
  fc.record({ t: fc.constant("seasonHold" as const), labels: fc.subarray(LABELS, { minLength: 1 }), events: fc.subarray([0, 1, 2], { minLength: 1 }) }),
  fc.record({ t: fc.constant("seasonBook" as const) }),
  fc.record({ t: fc.constant("single" as const), event: fc.nat(EVENTS - 1), label: fc.constantFrom(...LABELS) }),
  fc.record({ t: fc.constant("step" as const), run: fc.nat(), pick: fc.nat(), lose: fc.boolean() }),
  fc.record({ t: fc.constant("step" as const), run: fc.nat(), pick: fc.nat(), lose: fc.constant(false) }),
  fc.record({ t: fc.constant("crashCoordinator" as const) }),
  fc.record({ t: fc.constant("eventAlarm" as const), event: fc.nat(EVENTS - 1) }),
  fc.record({ t: fc.constant("coordinatorAlarm" as const), overdue: fc.boolean() }),
);

describe("season protocol model", () => {
  it("keeps every season action all-or-nothing across its events under random interleavings and crashes", () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 80 }), (moves) => {
        const w = new World();
        for (const m of moves) {
          if (m.t === "seasonHold") w.start("hold", m.labels, m.events);
          else if (m.t === "seasonBook") w.start("book", [], []);
          else if (m.t === "single") w.singleHold(m.event, m.label);
          else if (m.t === "step") {
            if (w.runs.length > 0) w.step(w.runs[m.run % w.runs.length]!, m.pick, m.lose);
          } else if (m.t === "crashCoordinator") w.crashCoordinator();
          else if (m.t === "eventAlarm") w.eventAlarm(m.event);
          else w.coordinatorAlarm(m.overdue);
        }
        w.settle();
        w.check();
      }),
      { numRuns: 3000 },
    );
  });

  it("the decisions: first writer wins between all-prepared and an inquiry; unknown actions are presumed aborted", () => {
    expect(onAllPrepared("preparing")).toEqual({ state: "committed", decision: "commit" });
    expect(onAllPrepared("aborted")).toEqual({ state: "aborted", decision: "abort" });
    expect(onInquiry("committed")).toEqual({ state: "committed", answer: "commit" });
    expect(onInquiry("preparing")).toEqual({ state: "aborted", answer: "abort" });
    expect(onInquiry(null)).toEqual({ state: "aborted", answer: "abort" });
    expect(onRecovery("preparing", false)).toEqual({ state: "preparing", send: null });
    expect(onRecovery("committed", false)).toEqual({ state: "committed", send: "commit" });
  });
});
