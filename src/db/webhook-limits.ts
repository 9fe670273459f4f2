import { and, eq, gt, lt, lte, min, ne, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import type { Scope } from "../domain/scope";
import { webhookDeliveries, webhookEndpoints, webhookExtraData, webhookManualSends } from "./schema";

/**
 * The webhook limits that D1 keeps (docs/security.md): endpoints per workspace environment, test sends
 * and replays per endpoint and minute, and how long the delivery log lives. Each limit is decided by
 * one statement, so concurrent requests never pass it together.
 */

/** Inserts an endpoint unless the scope already has `max`; false when it has. */
export async function insertEndpointWithin(d: Db, row: typeof webhookEndpoints.$inferInsert, max: number): Promise<boolean> {
  const res = await d.run(sql`
    INSERT INTO ${webhookEndpoints} (id, workspace_id, environment, url, events, description, enabled, secret, created_at, updated_at)
    SELECT ${row.id}, ${row.workspaceId}, ${row.environment}, ${row.url}, ${row.events}, ${row.description ?? ""}, ${row.enabled === false ? 0 : 1},
      ${row.secret}, ${row.createdAt}, ${row.updatedAt}
    WHERE (SELECT COUNT(*) FROM ${webhookEndpoints} WHERE workspace_id = ${row.workspaceId} AND environment = ${row.environment}) < ${max}`);
  return (res.meta.changes ?? 0) > 0;
}

/** How many endpoints a scope has. */
export async function endpointCount(d: Db, scope: Scope): Promise<number> {
  const row = await d
    .select({ n: sql<number>`COUNT(*)` })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, scope.workspaceId), eq(webhookEndpoints.environment, scope.environment)))
    .get();
  return row?.n ?? 0;
}

/**
 * Records a test send or replay of an endpoint at `now` unless it already had `max` within the last
 * `windowMs`: null when admitted, else the epoch ms at which the oldest send of the window leaves it.
 */
export async function admitManualSend(d: Db, endpointId: string, now: number, max: number, windowMs: number): Promise<number | null> {
  const since = now - windowMs;
  await d.delete(webhookManualSends).where(and(eq(webhookManualSends.endpointId, endpointId), lte(webhookManualSends.at, since)));
  const res = await d.run(sql`
    INSERT INTO ${webhookManualSends} (id, endpoint_id, at)
    SELECT ${crypto.randomUUID()}, ${endpointId}, ${now}
    WHERE (SELECT COUNT(*) FROM ${webhookManualSends} WHERE endpoint_id = ${endpointId} AND at > ${since}) < ${max}`);
  if ((res.meta.changes ?? 0) > 0) return null;
  const oldest = await d
    .select({ at: min(webhookManualSends.at) })
    .from(webhookManualSends)
    .where(and(eq(webhookManualSends.endpointId, endpointId), gt(webhookManualSends.at, since)))
    .get();
  return (oldest?.at ?? now) + windowMs;
}

/**
 * Deletes up to `limit` deliveries created before `before` (ISO), their attempts with them (the
 * foreign key cascades); one still pending is kept unless it too was last touched before then.
 * Answers how many went.
 */
export async function deleteDeliveriesBefore(d: Db, before: string, limit: number): Promise<number> {
  const old = d
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, before), or(ne(webhookDeliveries.status, "pending"), lt(webhookDeliveries.updatedAt, before))))
    .limit(limit);
  const res = await d.run(sql`DELETE FROM ${webhookDeliveries} WHERE id IN (${old})`);
  return res.meta.changes ?? 0;
}

/** Deletes the send log's rows older than `before` (epoch ms) of every endpoint. */
export async function deleteManualSendsBefore(d: Db, before: number): Promise<void> {
  await d.delete(webhookManualSends).where(lt(webhookManualSends.at, before));
}

/**
 * Deletes up to `limit` extraData texts (webhook_extra_data) that no delivery names and that were
 * last named before `before` (epoch ms); answers how many went.
 */
export async function deleteUnusedExtraData(d: Db, before: number, limit: number): Promise<number> {
  const res = await d.run(
    sql`DELETE FROM ${webhookExtraData} WHERE hash IN (SELECT x.hash FROM ${webhookExtraData} x WHERE x.used_at < ${before} AND NOT EXISTS (SELECT 1 FROM ${webhookDeliveries} d WHERE d.extra_hash = x.hash) LIMIT ${limit})`,
  );
  return res.meta.changes ?? 0;
}
