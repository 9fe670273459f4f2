/**
 * The event object's half of idempotent requests (docs/api.md#idempotent-requests): a seat action that carries an
 * Idempotency-Key stores its answer in the same transactionSync as the change it made, so a crash
 * can never keep one without the other, and a repeat of the request answers the stored answer
 * without deciding again. The object runs one decision at a time, so concurrent duplicates are
 * executed once by construction: the second finds the first's row.
 *
 * Table `idempotency`: key (the caller's key kind and the client's key), the request's hash, the
 * answer (the decision's Outcome as JSON, each distinct extraData once: a 200-seat hold's answer
 * does not store its extraData 200 times) and when it was stored; rows older than 24 hours are
 * ignored by reads and deleted by the alarm.
 */
import { IDEMPOTENCY_TTL_MS, type IdempotencyClaim, type Replayed } from "../../domain/idempotency";
import { packExtraData, unpackExtraData } from "../../domain/extra-data-text";
import { fail, type Outcome } from "../../domain/outcome";

export const IDEMPOTENCY_SCHEMA = [
  "CREATE TABLE IF NOT EXISTS idempotency (key TEXT PRIMARY KEY, request_hash TEXT NOT NULL, answer TEXT NOT NULL, at INTEGER NOT NULL)",
  "CREATE INDEX IF NOT EXISTS idempotency_at ON idempotency (at)",
];

/** Creates the table (idempotent; run on wake and after a wipe). */
export function ensureIdempotencySchema(sql: SqlStorage): void {
  for (const statement of IDEMPOTENCY_SCHEMA) sql.exec(statement);
}

/**
 * Runs `decide` once per claim, inside the caller's transaction: without a claim it just decides;
 * with one it answers the stored answer (marked replayed) when the same request was decided within
 * 24 hours, refuses a different request under the same key with `idempotency_key_reused`, and
 * otherwise decides and stores the answer with the change.
 */
export function once<T>(sql: SqlStorage, now: number, claim: IdempotencyClaim | undefined, decide: () => Outcome<T>): Replayed<Outcome<T>> {
  if (claim === undefined) return decide();
  const row = sql
    .exec<{ request_hash: string; answer: string; at: number }>("SELECT request_hash, answer, at FROM idempotency WHERE key = ?", claim.key)
    .toArray()[0];
  if (row !== undefined && row.at > now - IDEMPOTENCY_TTL_MS) {
    if (row.request_hash !== claim.requestHash)
      return fail("idempotency_key_reused", "This Idempotency-Key was used with a different request in the last 24 hours");
    return { ...unpackExtraData<Outcome<T>>(row.answer), replayed: true };
  }
  const answer = decide();
  sql.exec("INSERT OR REPLACE INTO idempotency (key, request_hash, answer, at) VALUES (?, ?, ?, ?)", claim.key, claim.requestHash, packExtraData(answer), now);
  return answer;
}

/** Deletes up to `limit` answers stored before `before`; answers how many went. */
export function pruneIdempotency(sql: SqlStorage, before: number, limit: number): number {
  return sql.exec("DELETE FROM idempotency WHERE key IN (SELECT key FROM idempotency WHERE at < ? ORDER BY at LIMIT ?)", before, limit).rowsWritten;
}

/** When the oldest stored answer is due for deletion, or null when there is none. */
export function idempotencyDueAt(sql: SqlStorage): number | null {
  const row = sql.exec<{ at: number | null }>("SELECT MIN(at) AS at FROM idempotency").one();
  return row.at === null ? null : row.at + IDEMPOTENCY_TTL_MS;
}
