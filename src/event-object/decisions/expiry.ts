import { expireGaRow } from "./ga";
import { expireSeat } from "./holds";
import { GA_COLUMNS, rows, SEAT_COLUMNS, type GaRow, type SeatRow } from "../state/store";
import type { Tx } from "../state/transaction";

/**
 * Expired holds freed per transaction by the sweep. Small enough that one chunk (its deletes,
 * outbox rows and live broadcast) holds the object for a few milliseconds; holds that arrive
 * during a sweep run between chunks.
 */
export const SWEEP_CHUNK = 100;
/** Chunks per alarm run (20,000 holds); the alarm re-arms at once for the rest. */
export const SWEEP_CHUNKS_PER_RUN = 200;

/**
 * Frees up to `limit` expired holds (seats and GA quantities), emitting seat.hold_expired for
 * each. Idempotent: a second run finds nothing, since rows are purged as they are reported.
 * Returns how many it freed.
 */
export function sweepExpired(tx: Tx, limit = SWEEP_CHUNK): number {
  const seats = rows<SeatRow>(tx.sql, `SELECT ${SEAT_COLUMNS} FROM seats WHERE status = 'held' AND expires_at <= ? ORDER BY expires_at LIMIT ?`, tx.now, limit);
  for (const row of seats) expireSeat(tx, row);
  const left = limit - seats.length;
  if (left <= 0) return seats.length;
  const ga = rows<GaRow>(tx.sql, `SELECT ${GA_COLUMNS} FROM ga WHERE held > 0 AND expires_at <= ? ORDER BY expires_at LIMIT ?`, tx.now, left);
  for (const row of ga) expireGaRow(tx, row);
  return seats.length + ga.length;
}

/** Holds swept at most inside one decision before it searches seats (then the alarm takes the rest). */
const DECISION_SWEEP_LIMIT = 2_000;

/**
 * Frees every hold already due, inside the running decision: what best available and the orphan
 * rule read must show an expired hold as free, as every read and write does (docs/events.md#seat-states).
 */
export function sweepDue(tx: Tx): void {
  for (let swept = 0; swept < DECISION_SWEEP_LIMIT;) {
    const n = sweepExpired(tx, 500);
    swept += n;
    if (n < 500) return;
  }
}
