import { db } from "../db/client";
import { listAuditRecords, pruneAuditRecords } from "../db/audit";
import { AUDIT_ID, AUDIT_RETENTION_DAYS, type AuditQuery, type AuditRecord } from "../domain/audit";
import { ServiceError } from "../domain/errors";
import type { Scope } from "../domain/scope";

/**
 * Reading and keeping the audit trail (docs/team.md). Records are read newest first, an
 * environment's together with the workspace-level ones; nothing here (or anywhere) changes one, and
 * only the daily housekeeping deletes those past their retention.
 */

const CURSOR_PREFIX = "a1.";

function encode(id: string): string {
  return CURSOR_PREFIX + id.slice("aud_".length);
}

function decode(cursor: string): string {
  const id = `aud_${cursor.slice(CURSOR_PREFIX.length)}`;
  if (!cursor.startsWith(CURSOR_PREFIX) || !AUDIT_ID.test(id)) {
    throw new ServiceError("validation_failed", "The cursor is not one this endpoint returned", {
      errors: { cursor: ["is not a cursor returned by this endpoint"] },
    });
  }
  return id;
}

/** A page of the scope's trail, newest first, with the cursor of the next (older) page. */
export async function readAuditLog(env: Env, scope: Scope, query: AuditQuery): Promise<{ items: AuditRecord[]; nextCursor: string | null }> {
  const page = await listAuditRecords(
    db(env),
    {
      workspaceId: scope.workspaceId,
      environment: scope.environment,
      action: query.action,
      targetKey: query.targetKey,
      since: query.since,
      beforeId: query.cursor === undefined ? undefined : decode(query.cursor),
    },
    query.limit,
  );
  const last = page.items.at(-1);
  return { items: page.items, nextCursor: page.hasMore && last ? encode(last.id) : null };
}

/** Deleted per statement while pruning, so one run never holds D1 for long. */
const PRUNE_CHUNK = 500;
/** A run stops after this many chunks; the next day's run goes on where it stopped. */
const PRUNE_MAX_CHUNKS = 200;

/** Deletes the records older than the retention (400 days); the number deleted. */
export async function pruneAuditLog(env: Env, now = Date.now()): Promise<number> {
  const before = new Date(now - AUDIT_RETENTION_DAYS * 86_400_000).toISOString();
  let total = 0;
  for (let i = 0; i < PRUNE_MAX_CHUNKS; i++) {
    const n = await pruneAuditRecords(db(env), before, PRUNE_CHUNK);
    total += n;
    if (n < PRUNE_CHUNK) break;
  }
  return total;
}
