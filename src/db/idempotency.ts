import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { idempotencyKeys } from "./schema";

/** A stored claim as the HTTP layer reads it after losing the race to insert it. */
export interface IdempotencyRow {
  requestHash: string;
  state: "running" | "done";
  status: number | null;
  body: string | null;
  lockedUntil: number;
  expiresAt: number;
}

/**
 * Claims a key for a request: inserts the `running` row, or takes over a row whose 24 hours are
 * over or whose running request died (its lock passed) with the same request. True when this
 * request now owns the key; one statement, so of concurrent duplicates exactly one wins.
 */
export async function claimIdempotencyKey(d: Db, row: { scopeKey: string; requestHash: string; now: number; lockMs: number; ttlMs: number }): Promise<boolean> {
  const res = await d
    .insert(idempotencyKeys)
    .values({
      scopeKey: row.scopeKey,
      requestHash: row.requestHash,
      state: "running",
      lockedUntil: row.now + row.lockMs,
      expiresAt: row.now + row.ttlMs,
    })
    .onConflictDoUpdate({
      target: idempotencyKeys.scopeKey,
      set: {
        requestHash: sql`excluded.request_hash`,
        state: "running",
        status: null,
        body: null,
        lockedUntil: sql`excluded.locked_until`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: or(
        lt(idempotencyKeys.expiresAt, row.now),
        and(eq(idempotencyKeys.state, "running"), lt(idempotencyKeys.lockedUntil, row.now), eq(idempotencyKeys.requestHash, row.requestHash)),
      ),
    })
    .run();
  return (res.meta.changes ?? 0) > 0;
}

/** The row of a key, or null. */
export async function getIdempotencyKey(d: Db, scopeKey: string): Promise<IdempotencyRow | null> {
  const rows = await d
    .select({
      requestHash: idempotencyKeys.requestHash,
      state: idempotencyKeys.state,
      status: idempotencyKeys.status,
      body: idempotencyKeys.body,
      lockedUntil: idempotencyKeys.lockedUntil,
      expiresAt: idempotencyKeys.expiresAt,
    })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scopeKey, scopeKey))
    .limit(1);
  return rows[0] ?? null;
}

/** Stores the answer of the request that owns the key. */
export async function storeIdempotentAnswer(d: Db, scopeKey: string, requestHash: string, status: number, body: string): Promise<void> {
  await d
    .update(idempotencyKeys)
    .set({ state: "done", status, body })
    .where(and(eq(idempotencyKeys.scopeKey, scopeKey), eq(idempotencyKeys.requestHash, requestHash)));
}

/** Gives a key back (its request failed in a way worth retrying: 429 or 5xx). */
export async function releaseIdempotencyKey(d: Db, scopeKey: string, requestHash: string): Promise<void> {
  await d
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scopeKey, scopeKey), eq(idempotencyKeys.requestHash, requestHash), eq(idempotencyKeys.state, "running")));
}

/** The TTL sweep: deletes up to `limit` keys whose 24 hours are over. */
export async function sweepIdempotencyKeys(d: Db, now: number, limit = 100): Promise<void> {
  await d.run(sql`DELETE FROM idempotency_keys WHERE scope_key IN (SELECT scope_key FROM idempotency_keys WHERE expires_at < ${now} LIMIT ${limit})`);
}
