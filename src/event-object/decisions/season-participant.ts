import { fail, ok, type Outcome } from "../../domain/outcome";
import type { SeasonPart, SeasonStep, SeasonTag } from "../../domain/seasons";
import type { DecisionPolicy } from "../state/policy";
import { book, extend, release } from "./bookings";
import { holdGa } from "./ga";
import { holdSeats } from "./holds";
import { freeTable, wholeRows } from "./tables";
import { areasBefore, areasChanged, areasInUse, liveAreaRows, seasonTokensOf, undoAreas, type AreaUndo } from "./season-areas";
import { packExtraData, unpackExtraData } from "../../domain/extra-data-text";
import { first, isLiveHold, rows, seatRow, type SeatRow } from "../state/store";
import type { Tx } from "../state/transaction";
import { rowPrice } from "../state/prices";

/**
 * The event object's half of a season action (docs/seasons.md#the-protocol): prepare, commit,
 * abort. Prepare does the action for real in this event's transaction and keeps a durable
 * `season_prepared` row with what undoes it and a deadline; the seats it took are ordinary held or
 * booked rows (seats, and GA places in the token's `ga` rows: season-areas.ts), so single-event
 * holds are refused on them like on any taken seat or place. A hold runs under the hold policy the
 * object built for it (state/policy.ts), the same as an event's own hold: every gate applies.
 * Commit drops the row; abort undoes and drops it. Both are idempotent by action id
 * (`season_outcomes`). A row past its deadline is settled by asking the coordinator (the object's
 * alarm, housekeeping/).
 */

const SCHEMA = [
  "CREATE TABLE IF NOT EXISTS season_prepared (action TEXT PRIMARY KEY, coordinator TEXT NOT NULL, season_key TEXT NOT NULL, deadline INTEGER NOT NULL, step TEXT NOT NULL, undo TEXT NOT NULL, result TEXT NOT NULL)",
  "CREATE INDEX IF NOT EXISTS season_prepared_deadline ON season_prepared (deadline)",
  "CREATE TABLE IF NOT EXISTS season_outcomes (action TEXT PRIMARY KEY, outcome TEXT NOT NULL, result TEXT, at INTEGER NOT NULL)",
  "CREATE INDEX IF NOT EXISTS season_outcomes_at ON season_outcomes (at)",
  "CREATE INDEX IF NOT EXISTS seats_season ON seats (season_key) WHERE season_key IS NOT NULL",
];

/** Outcomes are kept this long, so a prepare that arrives after its action was settled is refused. */
const OUTCOME_RETENTION_MS = 86_400_000;

export function ensureSeasonSchema(sql: SqlStorage): void {
  for (const statement of SCHEMA) sql.exec(statement);
}

/**
 * How to take back a prepare: the seats a hold took, the seat rows a book or extend changed as
 * they were, and the token's GA rows before and after (`areas`; absent in prepares recorded before
 * seasons took general admission).
 */
type Undo =
  | { kind: "hold"; token: string; labels: string[]; areas?: AreaUndo[] }
  | { kind: "rows"; rows: TaggedRow[]; areas?: AreaUndo[]; areaCause?: "hold" | "extend" }
  | { kind: "none" };

/** A seat row with the season it was taken for, as an undo restores it (its extraData stays in the row, so the undo keeps none). */
type TaggedRow = Omit<SeatRow, "extra"> & { season_key: string | null; partial_season_key: string | null };
const TAGGED_COLUMNS = "label, status, token, expires_at, booked_at, order_id, season_key, partial_season_key";

interface PreparedRow {
  action: string;
  coordinator: string;
  deadline: number;
  step: string;
  undo: string;
  result: string;
}

/** Tags seats with the season (a table's label tags the seats taken with it, docs/tables.md). */
function tagSeats(tx: Tx, labels: string[], season: SeasonTag): void {
  for (const label of labels)
    tx.sql.exec(
      "UPDATE seats SET season_key = ?, partial_season_key = ? WHERE label = ? OR whole_table = ?",
      season.seasonKey,
      season.partialSeasonKey ?? null,
      label,
      label,
    );
}

/** The seat rows of labels as they are now; a table's label stands for the seats taken with it. */
function before(tx: Tx, labels: string[]): Map<string, TaggedRow | null> {
  const seats = labels.flatMap((l) => (tx.object(l)?.objectType === "table" ? (tx.object(l)?.seatLabels ?? []) : [l]));
  return new Map(seats.map((l) => [l, first<TaggedRow>(tx.sql, `SELECT ${TAGGED_COLUMNS} FROM seats WHERE label = ?`, l)]));
}

/**
 * Phase 1 in this event: does the action and records it as prepared, or refuses with nothing
 * changed. A repeat answers the first prepare's result; an action already settled here is refused.
 */
export function prepare(tx: Tx, step: SeasonStep): Outcome<SeasonPart> {
  const settled = first<{ outcome: string }>(tx.sql, "SELECT outcome FROM season_outcomes WHERE action = ?", step.actionId);
  if (settled) return fail("conflict", `Season action ${step.actionId} was already settled (${settled.outcome}) in this event`);
  const again = first<PreparedRow>(tx.sql, "SELECT result FROM season_prepared WHERE action = ?", step.actionId);
  if (again) return ok(unpackExtraData<SeasonPart>(again.result));
  if (tx.season?.seasonKey !== step.season.seasonKey) throw new Error("a season prepare must run under its season's policy");
  let undo: Undo = { kind: "none" };
  let part: SeasonPart = { objects: [] };
  if (step.kind === "hold") {
    const labels = [...new Set(step.body.objectLabels)];
    if (step.body.objectType === "generalAdmission") {
      const was = areasBefore(tx, labels, step.body.holdToken);
      const held = holdGa(tx, step.body);
      if (!held.ok) return held;
      undo = { kind: "hold", token: step.body.holdToken, labels: [], areas: areasChanged(tx, was, step.body.holdToken, step.season) };
      part = { holdExpiresAt: held.value.holdExpiresAt, objects: held.value.objects };
    } else {
      const was = before(tx, labels);
      const held = holdSeats(tx, step.body);
      if (!held.ok) return held;
      const taken = labels.filter((l) => {
        // A table's label is taken unless its first seat was already the token's (a retry).
        const seat = tx.object(l)?.objectType === "table" ? (tx.object(l)?.seatLabels?.[0] ?? l) : l;
        const r = was.get(seat);
        return !(r && r.status === "held" && r.token === step.body.holdToken && isLiveHold(r, tx.now));
      });
      tagSeats(tx, taken, step.season);
      undo = { kind: "hold", token: step.body.holdToken, labels: taken };
      part = { holdExpiresAt: held.value.holdExpiresAt, objects: held.value.objects };
    }
  } else if (step.kind === "book") {
    const labels = [...new Set(step.body.objectLabels)];
    const was = before(tx, labels);
    const wasAreas = areasBefore(
      tx,
      labels.filter((l) => tx.object(l)?.objectType === "generalAdmission"),
      step.body.holdToken,
    );
    const booked = book(tx, step.body);
    if (!booked.ok) return booked;
    const changed = [...was.values()].filter((r): r is TaggedRow => r !== null && r.status === "held");
    tagSeats(
      tx,
      changed.map((r) => r.label),
      step.season,
    );
    undo = { kind: "rows", rows: changed, areas: areasChanged(tx, wasAreas, step.body.holdToken, step.season), areaCause: "hold" };
    part = { objects: booked.value.objects };
  } else if (step.kind === "extend") {
    const was = rows<TaggedRow>(tx.sql, `SELECT ${TAGGED_COLUMNS} FROM seats WHERE token = ? AND status = 'held'`, step.body.holdToken);
    const wasAreas = areasBefore(
      tx,
      liveAreaRows(tx.sql, step.body.holdToken, tx.now).map((r) => r.area),
      step.body.holdToken,
    );
    const extended = extend(tx, step.body);
    if (!extended.ok) return extended;
    undo = { kind: "rows", rows: was, areas: areasChanged(tx, wasAreas, step.body.holdToken, step.season), areaCause: "extend" };
    part = { holdExpiresAt: extended.value.holdExpiresAt, objects: extended.value.objects };
  }
  // A release frees nothing until commit: a seat freed at prepare could be taken by another buyer
  // before an abort could give it back. It cannot be refused, so committing it later always works.
  const deadline = tx.now + step.prepareWindowMs;
  tx.sql.exec(
    "INSERT INTO season_prepared (action, coordinator, season_key, deadline, step, undo, result) VALUES (?, ?, ?, ?, ?, ?, ?)",
    step.actionId,
    step.coordinator,
    step.season.seasonKey,
    deadline,
    JSON.stringify(step),
    JSON.stringify(undo),
    packExtraData(part),
  );
  tx.expiry(deadline);
  return ok(part);
}

/** Phase 2, commit: the prepared action stays (a release happens now). Idempotent. */
export function commit(tx: Tx, actionId: string): Outcome<SeasonPart> {
  const row = first<PreparedRow>(tx.sql, "SELECT action, step, result FROM season_prepared WHERE action = ?", actionId);
  if (!row) {
    const settled = first<{ outcome: string; result: string | null }>(tx.sql, "SELECT outcome, result FROM season_outcomes WHERE action = ?", actionId);
    if (settled?.outcome === "commit") return ok(unpackExtraData<SeasonPart>(settled.result ?? '{"objects":[]}'));
    return fail("conflict", `Season action ${actionId} is not prepared in this event`);
  }
  const step = JSON.parse(row.step) as SeasonStep;
  let part = unpackExtraData<SeasonPart>(row.result);
  if (step.kind === "release") {
    part = { objects: releaseForSeason(tx.under(seasonPolicy(step.season)), step) };
  }
  settle(tx, actionId, "commit", part);
  return ok(part);
}

/** Phase 2, abort: undoes what the prepare did (only where it still stands). Idempotent; an abort before any prepare blocks a late one. */
export function abort(tx: Tx, actionId: string): void {
  const row = first<PreparedRow>(tx.sql, "SELECT action, step, undo FROM season_prepared WHERE action = ?", actionId);
  if (row) {
    const step = JSON.parse(row.step) as SeasonStep;
    undoPrepare(tx.under(seasonPolicy(step.season)), JSON.parse(row.undo) as Undo);
  } else if (first(tx.sql, "SELECT 1 AS one FROM season_outcomes WHERE action = ?", actionId)) return;
  settle(tx, actionId, "abort", null);
}

function settle(tx: Tx, actionId: string, outcome: "commit" | "abort", part: SeasonPart | null): void {
  tx.sql.exec("DELETE FROM season_prepared WHERE action = ?", actionId);
  tx.sql.exec(
    "INSERT INTO season_outcomes (action, outcome, result, at) VALUES (?, ?, ?, ?) ON CONFLICT (action) DO NOTHING",
    actionId,
    outcome,
    part ? packExtraData(part) : null,
    tx.now,
  );
}

function undoPrepare(tx: Tx, undo: Undo): void {
  if (undo.kind === "hold") {
    undoAreas(tx, undo.areas ?? [], "release");
    for (const label of undo.labels) {
      const whole = wholeRows(tx, label).filter((w) => w.status === "held" && w.token === undo.token);
      if (whole.length > 0) {
        freeTable(tx, label, whole, "release", { type: "seat.released" });
        continue;
      }
      const r = seatRow(tx.sql, label);
      if (!r || r.status !== "held" || r.token !== undo.token) continue;
      tx.sql.exec("DELETE FROM seats WHERE label = ?", label);
      tx.change(
        { label, objectType: "seat", status: "free", previous: "held", cause: "release", token: r.token, extra: r.extra, price: rowPrice(r) },
        { type: "seat.released" },
      );
    }
    return;
  }
  if (undo.kind !== "rows") return;
  undoAreas(tx, undo.areas ?? [], undo.areaCause ?? "hold");
  for (const prior of undo.rows) {
    const r = seatRow(tx.sql, prior.label);
    if (!r || r.token !== prior.token) continue;
    if (r.status === "booked") {
      tx.sql.exec(
        "UPDATE seats SET status = 'held', expires_at = ?, booked_at = NULL, order_id = ?, season_key = ?, partial_season_key = ? WHERE label = ?",
        prior.expires_at,
        prior.order_id,
        prior.season_key,
        prior.partial_season_key,
        prior.label,
      );
      // The booking taken back takes its amount off the revenue (docs/prices.md).
      const price = rowPrice(r);
      tx.change(
        {
          label: prior.label,
          objectType: "seat",
          status: "held",
          previous: "booked",
          cause: "hold",
          token: r.token,
          extra: r.extra,
          price,
          revenue: price ? -price.amount : undefined,
        },
        { type: "seat.held", holdExpiresAt: prior.expires_at },
      );
    } else if (r.status === "held" && r.expires_at !== prior.expires_at) {
      tx.sql.exec("UPDATE seats SET expires_at = ? WHERE label = ?", prior.expires_at, prior.label);
      tx.change({ label: prior.label, objectType: "seat", status: "held", previous: "held", cause: "extend", token: r.token, extra: r.extra });
    }
  }
}

/** Prepared actions whose deadline has passed: their outcome must be asked of their coordinator. */
export function overdue(sql: SqlStorage, now: number): { action: string; coordinator: string }[] {
  return rows(sql, "SELECT action, coordinator FROM season_prepared WHERE deadline <= ? ORDER BY deadline LIMIT 50", now);
}

/** The earliest deadline of a prepared action, for the alarm. */
export function nextDeadline(sql: SqlStorage): number | null {
  return first<{ d: number | null }>(sql, "SELECT MIN(deadline) AS d FROM season_prepared")?.d ?? null;
}

/** Drops outcomes older than a day. */
export function pruneOutcomes(sql: SqlStorage, now: number): void {
  sql.exec("DELETE FROM season_outcomes WHERE at < ?", now - OUTCOME_RETENTION_MS);
}

/** Whether anything is held or booked through the season here, or a season action is in flight. */
export function seasonInUse(sql: SqlStorage, seasonKey: string, now: number): boolean {
  if (first(sql, "SELECT 1 AS one FROM season_prepared WHERE season_key = ? LIMIT 1", seasonKey)) return true;
  if (first(sql, "SELECT 1 AS one FROM seats WHERE season_key = ? AND (status = 'booked' OR expires_at > ?) LIMIT 1", seasonKey, now) !== null) return true;
  return areasInUse(sql, seasonKey, now);
}

/** The policy of a season step that holds nothing (a commit, an abort, a booking of a new event). */
export function seasonPolicy(season: SeasonTag): DecisionPolicy {
  return { season: { ...season, expiresAt: null } };
}

/**
 * A committed season release: what the body names, and with labels alone (a secret key's release)
 * only what was taken for this season, seats and each GA area's season tokens: a season action
 * never frees a single-event buyer's seat or places.
 */
function releaseForSeason(tx: Tx, step: Extract<SeasonStep, { kind: "release" }>): SeasonPart["objects"] {
  const body = step.body;
  const seasonKey = step.season.seasonKey;
  if (!(body.holdToken === undefined && body.orderId === undefined && body.objectLabels !== undefined)) return release(tx, body).objects;
  const objects: SeasonPart["objects"] = [];
  const seats: string[] = [];
  for (const label of body.objectLabels) {
    if (tx.object(label)?.objectType === "generalAdmission") {
      for (const holdToken of seasonTokensOf(tx.sql, label, seasonKey))
        objects.push(...release(tx, { caller: body.caller, holdToken, objectLabels: [label] }).objects);
    } else if (first(tx.sql, "SELECT 1 AS one FROM seats WHERE (label = ? OR whole_table = ?) AND season_key = ?", label, label, seasonKey) !== null)
      seats.push(label);
  }
  if (seats.length > 0) objects.push(...release(tx, { ...body, objectLabels: seats }).objects);
  return objects;
}
