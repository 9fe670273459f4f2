import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { onAllPrepared, onInquiry, onRecovery } from "../src/seasons/season-protocol";
import { CAPACITY, EVENTS, LABELS, World } from "./support/season-world";

/**
 * Model check of the season protocol (README "Seasons"). The coordinator's decisions are the real
 * ones (season-protocol.ts); the event objects are a model of season-participant.ts (prepare does
 * the action and keeps its undo; commit keeps it; abort undoes it where it still stands; both
 * idempotent by action id; test/support/season-world.ts). fast-check drives random interleavings
 * of season seat holds, GA holds and resizes, and books, single-event seat and GA holds, waiting
 * rooms opening (a gate that refuses a hold without that event's admission), crashes of the
 * coordinator (its running actions stop; its storage stays), crashes of an event (a prepare
 * answer or a decision lost), event alarms asking the coordinator, and coordinator alarms. After
 * every run, once the alarms have settled everything: each season action is applied in all its
 * events or in none, no seat or place was taken from an acknowledged holder, no area is over its
 * capacity, and every acknowledged action is complete. test/seasons-objects-model.test.ts checks
 * the same against the real event objects, evicted at random.
 */

const events = fc.subarray([0, 1, 2], { minLength: 1 });
const move = fc.oneof(
  fc.record({ t: fc.constant("seasonHold" as const), labels: fc.subarray(LABELS, { minLength: 1 }), events, admitted: fc.subarray([0, 1, 2]) }),
  fc.record({
    t: fc.constant("seasonGa" as const),
    quantity: fc.integer({ min: 1, max: CAPACITY }),
    events,
    admitted: fc.subarray([0, 1, 2]),
    resize: fc.boolean(),
  }),
  fc.record({ t: fc.constant("singleGa" as const), event: fc.nat(EVENTS - 1), quantity: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ t: fc.constant("openRoom" as const), event: fc.nat(EVENTS - 1) }),
  fc.record({ t: fc.constant("seasonBook" as const) }),
  fc.record({ t: fc.constant("single" as const), event: fc.nat(EVENTS - 1), label: fc.constantFrom(...LABELS) }),
  fc.record({ t: fc.constant("step" as const), run: fc.nat(), pick: fc.nat(), lose: fc.boolean() }),
  fc.record({ t: fc.constant("step" as const), run: fc.nat(), pick: fc.nat(), lose: fc.constant(false) }),
  fc.record({ t: fc.constant("crashCoordinator" as const) }),
  fc.record({ t: fc.constant("eventAlarm" as const), event: fc.nat(EVENTS - 1) }),
  fc.record({ t: fc.constant("coordinatorAlarm" as const), overdue: fc.boolean() }),
);

describe("season protocol model", () => {
  it("keeps every season action, seats and GA places, all-or-nothing across its events under random interleavings, crashes and gates", () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 80 }), (moves) => {
        const w = new World();
        for (const m of moves) {
          if (m.t === "seasonHold") w.start("hold", m.labels, m.events, { admitted: m.admitted });
          else if (m.t === "seasonGa") w.start("ga", [], m.events, { quantity: m.quantity, admitted: m.admitted, resize: m.resize });
          else if (m.t === "singleGa") w.singleArea(m.event, m.quantity);
          else if (m.t === "openRoom") w.openRoom(m.event);
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
