import { and, desc, eq, gte, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import type { AuditRecord } from "../domain/audit";
import type { Environment } from "../domain/scope";
import type { Db } from "./client";
import { auditLog } from "./schema";

/**
 * D1 queries of the audit trail (docs/team.md). The only writes are inserts and the pruning of
 * records past their retention: nothing updates a record, and no route deletes one.
 */

type AuditRow = typeof auditLog.$inferSelect;

/** Eleven columns a row: D1 binds at most 100 parameters per statement. */
const ROWS_PER_INSERT = 9;

function toRow(workspaceId: string, r: AuditRecord): AuditRow {
  return {
    id: r.id,
    workspaceId,
    environment: r.environment,
    at: r.at,
    actorType: r.actor.type,
    actorId: r.actor.id,
    actorName: r.actor.name ?? null,
    action: r.action,
    targetType: r.target.type,
    targetKey: r.target.key,
    details: JSON.stringify(r.details),
  };
}

function fromRow(row: AuditRow): AuditRecord {
  let details: Record<string, unknown> = {};
  try {
    details = JSON.parse(row.details) as Record<string, unknown>;
  } catch {
    // A record is never written with anything but JSON; an unreadable one still shows who and what.
  }
  return {
    id: row.id,
    at: row.at,
    environment: row.environment,
    actor: { type: row.actorType, id: row.actorId, ...(row.actorName !== null ? { name: row.actorName } : {}) },
    action: row.action,
    target: { type: row.targetType, key: row.targetKey },
    details,
  };
}

/**
 * Stores records, once each: a record that is already there (the queue's copy of one stored on the
 * request path, or a message delivered twice) is left as it is. One round trip for any number.
 */
export async function insertAuditRecords(d: Db, items: Array<{ workspaceId: string; record: AuditRecord }>): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map((i) => toRow(i.workspaceId, i.record));
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    statements.push(
      d
        .insert(auditLog)
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .onConflictDoNothing(),
    );
  const [first, ...rest] = statements;
  await d.batch([first!, ...rest]);
}

/** What a page of the trail is narrowed by. */
export interface AuditFilter {
  workspaceId: string;
  /** The environment's records and the workspace-level ones. */
  environment: Environment;
  /** One action, or `thing.*` for every action of a thing. */
  action?: string;
  targetKey?: string;
  /** Records at or after this instant (ISO). */
  since?: string;
  /** Records older than this id (the cursor). */
  beforeId?: string;
}

/** A page of records, newest first, and whether older ones follow. */
export async function listAuditRecords(d: Db, filter: AuditFilter, limit: number): Promise<{ items: AuditRecord[]; hasMore: boolean }> {
  const where: SQL[] = [eq(auditLog.workspaceId, filter.workspaceId), or(eq(auditLog.environment, filter.environment), isNull(auditLog.environment))!];
  if (filter.action !== undefined) {
    // `chart.*`: every action from "chart." up to (not including) "chart/", the character after ".".
    const prefix = filter.action.slice(0, -1);
    where.push(
      filter.action.endsWith(".*") ? and(gte(auditLog.action, prefix), lt(auditLog.action, `${prefix.slice(0, -1)}/`))! : eq(auditLog.action, filter.action),
    );
  }
  if (filter.targetKey !== undefined) where.push(eq(auditLog.targetKey, filter.targetKey));
  if (filter.since !== undefined) where.push(gte(auditLog.at, filter.since));
  if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
  const rows = await d
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1)
    .all();
  return { items: rows.slice(0, limit).map(fromRow), hasMore: rows.length > limit };
}

/** Deletes up to `max` records made before `beforeIso`; the number deleted (the caller repeats while it is `max`). */
export async function pruneAuditRecords(d: Db, beforeIso: string, max: number): Promise<number> {
  const old = d.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, beforeIso)).limit(max);
  const deleted = await d.delete(auditLog).where(inArray(auditLog.id, old)).returning({ id: auditLog.id });
  return deleted.length;
}
