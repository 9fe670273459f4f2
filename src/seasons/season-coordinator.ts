import { DurableObject } from "cloudflare:workers";
import { fail, ok, type FailedEntry, type Outcome } from "../domain/outcome";
import type { HoldCaller } from "../domain/seats";
import type { SeasonPart, SeasonStep } from "../domain/seasons";
import type { Environment } from "../domain/scope";
import { eventStub } from "../event-object/event-stub";
import { onAllPrepared, onApplied, onInquiry, onRecovery, onRefused, type ActionState, type Decision } from "./season-protocol";
import { logError } from "../domain/log-safety";

/**
 * One per (workspace, environment, season): runs each season seat action as two phases over the
 * season's event objects and keeps its state durably, so that after a crash of anything the action
 * ends complete everywhere or absent everywhere (README "Seasons", season-protocol.ts). Single-event
 * sales never come here.
 */

/** How long a prepared action may wait for its outcome in an event before that event asks. */
export const PREPARE_WINDOW_MS = 3_000;
/** How often an unfinished action is driven again. */
const RETRY_MS = 1_000;
const DONE_RETENTION_MS = 86_400_000;

/** A season action as the Worker hands it over. */
export interface SeasonRun {
  workspaceId: string;
  environment: Environment;
  eventKeys: string[];
  step: SeasonStep;
  caller: HoldCaller;
}

/** Each event's part of a committed action. */
export interface SeasonRunResult {
  parts: { eventKey: string; part: SeasonPart }[];
}

interface ActionRow {
  id: string;
  state: ActionState;
  run: string;
  deadline: number;
}

export class SeasonCoordinator extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec(
        "CREATE TABLE IF NOT EXISTS actions (id TEXT PRIMARY KEY, state TEXT NOT NULL, run TEXT NOT NULL, deadline INTEGER NOT NULL, updated INTEGER NOT NULL)",
      );
      ctx.storage.sql.exec("CREATE INDEX IF NOT EXISTS actions_state ON actions (state)");
    });
  }

  private get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  private state(id: string): ActionState | null {
    const row = this.sql.exec<{ state: string }>("SELECT state FROM actions WHERE id = ?", id).toArray()[0];
    return row ? (row.state as ActionState) : null;
  }

  private setState(id: string, state: ActionState): void {
    this.sql.exec("UPDATE actions SET state = ?, updated = ? WHERE id = ?", state, Date.now(), id);
  }

  private async arm(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** Runs a season action: prepare in every event at once, decide, then commit or abort in every event. */
  async run(r: SeasonRun): Promise<Outcome<SeasonRunResult>> {
    const id = r.step.actionId;
    const deadline = Date.now() + PREPARE_WINDOW_MS;
    this.sql.exec("INSERT INTO actions (id, state, run, deadline, updated) VALUES (?, 'preparing', ?, ?, ?)", id, JSON.stringify(r), deadline, Date.now());
    // Should this object be evicted from here on, its alarm finishes the action.
    await this.arm(deadline + RETRY_MS);
    const prepared = await Promise.all(
      r.eventKeys.map(async (eventKey) => {
        try {
          return { eventKey, answer: await eventStub(this.env, r.workspaceId, r.environment, eventKey).seasonPrepare(r.step, r.caller) };
        } catch (err) {
          logError("a season prepare did not answer; the action aborts", err);
          return { eventKey, answer: fail("conflict", `Event ${eventKey} did not answer; nothing was changed, try again`) };
        }
      }),
    );
    const refused = prepared.filter((p) => !p.answer.ok);
    const current = this.state(id) ?? "preparing";
    const next = refused.length === 0 ? onAllPrepared(current) : onRefused(current);
    this.setState(id, next.state);
    if (next.decision === "commit" && r.step.kind !== "release") {
      // A prepared hold, book or extend already reads as done in every event, and the decision is
      // durable here: the commits (which only drop the prepared rows) finish after the answer.
      this.ctx.waitUntil(this.finish(r, "commit"));
      return ok({ parts: prepared.map(({ eventKey, answer }) => ({ eventKey, part: answer.ok ? answer.value : { objects: [] } })) });
    }
    const applied = await this.finish(r, next.decision);
    if (next.decision === "commit") {
      const parts = prepared.map(({ eventKey, answer }) => ({ eventKey, part: applied.parts.get(eventKey) ?? (answer.ok ? answer.value : { objects: [] }) }));
      return ok({ parts });
    }
    return refusal(refused);
  }

  /** Sends the decision to every event and, once every event has it, marks the action done. */
  private async finish(r: SeasonRun, decision: Decision): Promise<{ complete: boolean; parts: Map<string, SeasonPart> }> {
    const applied = await this.apply(r, decision);
    if (applied.complete) this.setState(r.step.actionId, onApplied(decision));
    return applied;
  }

  /** Sends the decision to every event; idempotent there. */
  private async apply(r: SeasonRun, decision: Decision): Promise<{ complete: boolean; parts: Map<string, SeasonPart> }> {
    const parts = new Map<string, SeasonPart>();
    const done = await Promise.all(
      r.eventKeys.map(async (eventKey) => {
        try {
          const stub = eventStub(this.env, r.workspaceId, r.environment, eventKey);
          if (decision === "abort") return (await stub.seasonAbort(r.step.actionId)).ok || true;
          const answer = await stub.seasonCommit(r.step.actionId);
          if (answer.ok) parts.set(eventKey, answer.value);
          else logError(`season commit refused in ${eventKey}: ${answer.message}`);
          return true;
        } catch (err) {
          logError("a season decision did not reach an event; the alarm sends it again", err);
          return false;
        }
      }),
    );
    return { complete: done.every(Boolean), parts };
  }

  /**
   * An event whose prepared action passed its deadline asks what became of it. Presumed abort: an
   * action not decided yet is aborted here first, so a commit can no longer follow.
   */
  async outcome(actionId: string): Promise<Decision> {
    const current = this.state(actionId);
    const next = onInquiry(current);
    if (current === null) {
      this.sql.exec("INSERT INTO actions (id, state, run, deadline, updated) VALUES (?, 'done-abort', '{}', 0, ?)", actionId, Date.now());
    } else if (next.state !== current) this.setState(actionId, next.state);
    return next.answer;
  }

  /** Drives every unfinished action to its end after a crash or a lost message. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    let more = false;
    const open = this.sql
      .exec<{ id: string; state: string; run: string; deadline: number }>(
        "SELECT id, state, run, deadline FROM actions WHERE state IN ('preparing', 'committed', 'aborted')",
      )
      .toArray() as unknown as ActionRow[];
    for (const row of open) {
      const rec = onRecovery(row.state, now >= row.deadline);
      if (rec.state !== row.state) this.setState(row.id, rec.state);
      if (rec.send === null) {
        more = true;
        continue;
      }
      const applied = await this.apply(JSON.parse(row.run) as SeasonRun, rec.send);
      if (applied.complete) this.setState(row.id, onApplied(rec.send));
      else more = true;
    }
    this.sql.exec("DELETE FROM actions WHERE state IN ('done-commit', 'done-abort') AND updated < ?", now - DONE_RETENTION_MS);
    if (more) await this.ctx.storage.setAlarm(now + RETRY_MS);
  }
}

/** The answer of an aborted action: every event's refusal, each failed label naming its event. */
function refusal(refused: { eventKey: string; answer: Outcome<SeasonPart> }[]): Outcome<SeasonRunResult> {
  const failures = refused.flatMap((r) => (r.answer.ok ? [] : [{ eventKey: r.eventKey, f: r.answer }]));
  if (failures.length === 0) return fail("conflict", "The season action took too long and was abandoned; nothing changed, try again");
  const failed: FailedEntry[] = failures.flatMap(({ eventKey, f }) => (f.failed ?? []).map((e) => ({ ...e, eventKey })));
  // A request over a publishable key's limits (docs/security.md) is refused as such, as an event's own
  // hold is, before the waiting room. When every refusal only asks for a shorter default lifetime,
  // the shortest of them goes back with it, for the season to hold again.
  const invalid = failures.find(({ f }) => f.code === "validation_failed");
  if (invalid) {
    const retries = failures.flatMap(({ f }) => (f.retryTtlSeconds === undefined ? [] : [f.retryTtlSeconds]));
    const retry = retries.length === failures.length ? { retryTtlSeconds: Math.min(...retries) } : {};
    return fail("validation_failed", `${invalid.f.message} (event ${invalid.eventKey}); nothing changed in any event`, { errors: invalid.f.errors, ...retry });
  }
  // As in an event's own hold, the waiting room answers before anything else does.
  const admission = failures.find(({ f }) => f.code === "admission_required");
  if (admission) return fail("admission_required", `${admission.f.message} (event ${admission.eventKey}); nothing changed in any event`);
  const seat = failures.find(({ f }) => f.code === "seat_unavailable");
  if (seat) return fail("seat_unavailable", `${seat.f.message} (event ${seat.eventKey}); nothing changed in any event`, { failed });
  const firstFailure = failures[0]!;
  return fail(firstFailure.f.code, `${firstFailure.f.message} (event ${firstFailure.eventKey}); nothing changed in any event`, {
    failed: failed.length > 0 ? failed : undefined,
    errors: firstFailure.f.errors,
  });
}
