import { ok, type Outcome } from "../../domain/outcome";
import type { HoldCaller } from "../../domain/seats";
import type { SeasonPart, SeasonStep } from "../../domain/seasons";
import { areaCounts, areaRemaining } from "../state/ga-counts";
import { NO_HOLDS, type DecisionPolicy } from "../state/policy";
import { holdPolicy, type DecisionParts } from "./hold-policy";
import { bookForSeason, seasonBookings, type SeasonBookings } from "./season-bookings";
import { beforeHold } from "./seat-decisions";
import { abort, commit, prepare, seasonInUse, seasonPolicy } from "./season-participant";

/**
 * The event's half of a season action (docs/seasons.md; season-participant.ts), as the decisions the
 * coordinator asks for. A season's hold in this event is a hold like the event's own: its policy
 * comes from holdPolicy() with the season's caller and body, so every gate of an event's hold
 * (waiting room, selection rules, channels, hold-back) applies, and a refusal here aborts the
 * action everywhere.
 */

/** Phase 1 in this event: done and recorded as prepared, or refused with nothing changed. */
export function seasonPrepare(parts: DecisionParts, step: SeasonStep, caller: HoldCaller): Outcome<SeasonPart> {
  const season = {
    ...step.season,
    expiresAt: step.expiresAt,
    ...(step.ttl === undefined ? {} : { ttl: step.ttl }),
    ...(step.kind === "hold" ? { pricing: step.pricing ?? null } : {}),
  };
  const policy =
    step.kind === "hold"
      ? (meta: Parameters<typeof holdPolicy>[1], layout: Parameters<typeof holdPolicy>[2], now: number) =>
          holdPolicy(parts, meta, layout, now, caller, { ...step.body, statesNeed: step.body.accessible === true }, season)
      : ({ season } satisfies DecisionPolicy);
  return parts.run.decide(policy, (tx) => {
    if (step.kind === "hold") beforeHold(parts, tx, false);
    return prepare(tx, step);
  });
}

/** Phase 2: the action stays. Idempotent by action id. */
export function seasonCommit(parts: DecisionParts, actionId: string): Outcome<SeasonPart> {
  return parts.run.decide(NO_HOLDS, (tx) => commit(tx, actionId));
}

/** Phase 2: the prepare is undone. Idempotent; before any prepare it blocks a late one. */
export function seasonAbort(parts: DecisionParts, actionId: string): Outcome<{ aborted: true }> {
  return parts.run.decide(NO_HOLDS, (tx) => {
    abort(tx, actionId);
    return ok({ aborted: true as const });
  });
}

/** A new member event starts with the season's seats and places booked. */
export function seasonBookInit(parts: DecisionParts, seasonKey: string, booked: SeasonBookings): Outcome<{ booked: number }> {
  return parts.run.decide(seasonPolicy({ seasonKey }), (tx) =>
    ok({ booked: bookForSeason(tx, booked, (area) => areaRemaining(tx.object(area)?.capacity ?? 0, areaCounts(tx.sql, area, tx.now))) }),
  );
}

/** Whether anything is held or booked through the season here (DELETE /seasons refuses then). */
export function seasonUse(parts: DecisionParts, seasonKey: string, now: number): { inUse: boolean } {
  return { inUse: seasonInUse(parts.sql, seasonKey, now) };
}

/** The seats and places booked here for the whole season. */
export function seasonBooked(parts: DecisionParts, seasonKey: string): SeasonBookings {
  return seasonBookings(parts.sql, seasonKey);
}
