import type { SeasonDecision } from "../domain/seasons";

/**
 * The season coordinator's decisions (README "Seasons"), pure so that they can be model-checked
 * (test/seasons-model.test.ts). An action's durable state moves only forward:
 *
 *   preparing ──all prepared──▶ committed ──every event committed──▶ done
 *       │                                                            ▲
 *       └──a refusal, an event's inquiry, or overdue──▶ aborted ──every event aborted──┘
 *
 * The one race that matters, "all prepared" against "an event asks after its deadline", is settled
 * by whichever reaches the coordinator's storage first: the other then follows it.
 */

export type ActionState = "preparing" | "committed" | "aborted" | "done-commit" | "done-abort";
export type Decision = SeasonDecision;

/** Every event prepared: commit, unless an inquiry already aborted the action. */
export function onAllPrepared(state: ActionState): { state: ActionState; decision: Decision } {
  if (state === "preparing") return { state: "committed", decision: "commit" };
  return { state, decision: state === "committed" || state === "done-commit" ? "commit" : "abort" };
}

/** An event refused (or could not be reached): abort, unless already decided. */
export function onRefused(state: ActionState): { state: ActionState; decision: Decision } {
  if (state === "preparing") return { state: "aborted", decision: "abort" };
  return { state, decision: state === "committed" || state === "done-commit" ? "commit" : "abort" };
}

/**
 * An event whose prepared row passed its deadline asks. Presumed abort: an action not yet decided
 * (or unknown, its record never written or long pruned) is aborted now, durably, before answering.
 */
export function onInquiry(state: ActionState | null): { state: ActionState; answer: Decision } {
  if (state === null || state === "preparing") return { state: "aborted", answer: "abort" };
  return { state, answer: state === "committed" || state === "done-commit" ? "commit" : "abort" };
}

/** After a crash, the coordinator's alarm: what to send again, or null when nothing is left. */
export function onRecovery(state: ActionState, overdue: boolean): { state: ActionState; send: Decision | null } {
  if (state === "preparing") return overdue ? { state: "aborted", send: "abort" } : { state, send: null };
  if (state === "committed") return { state, send: "commit" };
  if (state === "aborted") return { state, send: "abort" };
  return { state, send: null };
}

/** Once every event has applied the decision. */
export function onApplied(decision: Decision): ActionState {
  return decision === "commit" ? "done-commit" : "done-abort";
}
