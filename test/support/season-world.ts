import { expect } from "vitest";
import { onAllPrepared, onApplied, onInquiry, onRecovery, onRefused, type ActionState, type Decision } from "../../src/seasons/season-protocol";

/**
 * The world of the season protocol's model check (test/seasons-model.test.ts): the coordinator's
 * real decisions (season-protocol.ts) over modelled event objects (season-participant.ts: prepare
 * does the action and keeps its undo, commit keeps it, abort undoes it where it still stands, both
 * idempotent by action id), with seats, a GA area per event, and a gate per event (a waiting room
 * whose open room refuses a hold without that event's admission).
 */

export const EVENTS = 3;
export const LABELS = ["s1", "s2", "s3"];
/** Places of each event's GA area. */
export const CAPACITY = 10;
/** The GA area's label in actions. */
export const AREA = "ga";

type Seat = { status: "held" | "booked"; token: string };
/** A token's GA places in an event's area. */
type Places = { quantity: number; status: "held" | "booked" };
interface Prepared {
  kind: "hold" | "book" | "ga";
  token: string;
  /** hold: the labels it took; book: the labels it turned from held to booked. */
  labels: string[];
  /** ga: the token's places before and after the prepare (an abort puts back `before` while `after` stands). */
  places?: { before: Places | null; after: Places };
}
interface EventModel {
  seats: Map<string, Seat>;
  /** The GA area: places per token. */
  area: Map<string, Places>;
  /** Whether the event's waiting room is open (a hold needs an admission to this event). */
  gated: boolean;
  prepared: Map<string, Prepared>;
  outcomes: Map<string, Decision>;
}
interface Action {
  id: string;
  /** `ga`: a season GA hold (or resize) of `quantity` places; a book books seats or places alike. */
  kind: "hold" | "book" | "ga";
  token: string;
  labels: string[];
  events: number[];
  quantity?: number;
  /** The events the caller carries admissions for. */
  admitted: number[];
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

export class World {
  events: EventModel[] = Array.from({ length: EVENTS }, () => ({ seats: new Map(), area: new Map(), gated: false, prepared: new Map(), outcomes: new Map() }));
  singleAreas: { event: number; token: string; quantity: number }[] = [];
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
    // Every gate of the event's own hold: a hold into an open room needs this event's admission.
    if (a.kind !== "book" && ev.gated && !a.admitted.includes(e)) return false;
    if (a.kind === "ga") {
      const before = ev.area.get(a.token) ?? null;
      if (before?.status === "booked") return false;
      const others = [...ev.area].reduce((n, [t, p]) => n + (t === a.token ? 0 : p.quantity), 0);
      if (others + a.quantity! > CAPACITY) return false;
      const after: Places = { quantity: a.quantity!, status: "held" };
      ev.area.set(a.token, after);
      ev.prepared.set(a.id, { kind: "ga", token: a.token, labels: [], places: { before, after } });
    } else if (a.kind === "hold") {
      if (a.labels.some((l) => ev.seats.has(l) && ev.seats.get(l)!.token !== a.token)) return false;
      const taken = a.labels.filter((l) => !ev.seats.has(l));
      for (const l of taken) ev.seats.set(l, { status: "held", token: a.token });
      ev.prepared.set(a.id, { kind: "hold", token: a.token, labels: taken });
    } else if (a.labels.includes(AREA)) {
      const places = ev.area.get(a.token);
      if (!places) return false;
      const after: Places = { quantity: places.quantity, status: "booked" };
      ev.area.set(a.token, after);
      ev.prepared.set(a.id, { kind: "ga", token: a.token, labels: [], places: { before: places, after } });
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
      if (p.places && ev.area.get(p.token) === p.places.after) {
        if (p.places.before) ev.area.set(p.token, p.places.before);
        else ev.area.delete(p.token);
      }
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

  /** A single-event GA hold of `quantity` places under a token of its own, when they fit. */
  singleArea(e: number, quantity: number): void {
    const ev = this.events[e]!;
    const used = [...ev.area.values()].reduce((n, p) => n + p.quantity, 0);
    if (used + quantity > CAPACITY) return;
    const token = `single-ga-${this.n++}`;
    ev.area.set(token, { quantity, status: "held" });
    this.singleAreas.push({ event: e, token, quantity });
  }

  /** An event's waiting room opens: its holds need its admission from now on. */
  openRoom(e: number): void {
    this.events[e]!.gated = true;
  }

  singleHold(e: number, label: string): void {
    const ev = this.events[e]!;
    if (ev.seats.has(label)) return;
    const token = `single-${this.n++}`;
    ev.seats.set(label, { status: "held", token });
    this.singles.push({ event: e, label, token });
  }

  // ---- the coordinator (the real decisions of season-protocol.ts) --------------------------

  start(kind: "hold" | "book" | "ga", labels: string[], events: number[], opts: { quantity?: number; admitted?: number[]; resize?: boolean } = {}): void {
    let token = `season-${this.n++}`;
    if (kind === "book") {
      // Book what an acknowledged season hold holds (its token), over the same events.
      const held = this.acked.find(
        (x) => x.action.kind !== "book" && x.decision === "commit" && !this.acked.some((y) => y.action.kind === "book" && y.action.token === x.action.token),
      );
      if (!held) return;
      token = held.action.token;
      labels = held.action.kind === "ga" ? [AREA] : held.action.labels;
      events = held.action.events;
    }
    if (kind === "ga") {
      labels = [];
      // A resize: the token of an acknowledged season GA hold, over its events.
      const earlier = opts.resize ? this.acked.find((x) => x.action.kind === "ga" && x.decision === "commit") : undefined;
      if (earlier) {
        token = earlier.action.token;
        events = earlier.action.events;
      }
    }
    const action: Action = { id: `a${this.n++}`, kind, token, labels, events, quantity: opts.quantity, admitted: opts.admitted ?? [] };
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
          if (label === AREA) {
            if (decision === "commit") expect(this.events[e]!.area.get(action.token)?.status).toBe("booked");
            continue;
          }
          const seat = this.events[e]!.seats.get(label);
          if (decision === "commit") expect(seat?.token).toBe(action.token);
          if (decision === "commit" && action.kind === "book") expect(seat?.status).toBe("booked");
          if (decision === "abort" && action.kind === "hold") expect(seat?.token).not.toBe(action.token);
        }
    }
    // No seat is taken twice: an acknowledged single-event hold still holds its seat.
    for (const s of this.singles) expect(this.events[s.event]!.seats.get(s.label)?.token).toBe(s.token);
    // GA: no area over capacity; a season's places are the same in all its events; single-event places stay.
    for (const ev of this.events) expect([...ev.area.values()].reduce((n, p) => n + p.quantity, 0)).toBeLessThanOrEqual(CAPACITY);
    for (const { action } of this.coordinator.values()) {
      if (action.kind !== "ga") continue;
      const seen = new Set(action.events.map((e) => JSON.stringify(this.events[e]!.area.get(action.token) ?? null)));
      expect(seen.size, `${action.id}: ${[...seen].join(" / ")}`).toBe(1);
    }
    for (const s of this.singleAreas) expect(this.events[s.event]!.area.get(s.token)?.quantity).toBe(s.quantity);
    // A gate refuses in its event and so changes nothing anywhere: a committed hold carried every admission it needed then.
    for (const { action, decision } of this.acked) {
      if (decision !== "commit" || action.kind === "book") continue;
      if (action.kind === "ga") for (const e of action.events) expect(this.events[e]!.area.get(action.token)).toBeDefined();
    }
  }
}
