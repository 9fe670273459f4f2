import { and, asc, desc, eq, getTableColumns, inArray, lte, min, ne, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import type { Scope } from "../domain/scope";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookExtraData } from "./schema";
import { withExtraData } from "../domain/extra-data-text";

/** A stored webhook endpoint row (secret included: never return it from a route except once). */
export type EndpointRow = typeof webhookEndpoints.$inferSelect;
/** A stored delivery row: one envelope for one endpoint, with its attempt log. */
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
/** One HTTP attempt of a delivery. */
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** Subscribed event types of an endpoint, tolerating a corrupt column as "none". */
export function endpointEvents(row: Pick<EndpointRow, "events">): string[] {
  try {
    const parsed: unknown = JSON.parse(row.events);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

export async function insertEndpoint(d: Db, row: typeof webhookEndpoints.$inferInsert): Promise<void> {
  await d.insert(webhookEndpoints).values(row);
}

/** Every endpoint of the scope, oldest first. */
export async function listEndpoints(d: Db, scope: Scope): Promise<EndpointRow[]> {
  return d
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, scope.workspaceId), eq(webhookEndpoints.environment, scope.environment)))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id)
    .all();
}

/** One endpoint, only if it belongs to the scope: another workspace's or environment's id is "not found". */
export async function findEndpoint(d: Db, scope: Scope, id: string): Promise<EndpointRow | undefined> {
  return d
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, scope.workspaceId), eq(webhookEndpoints.environment, scope.environment)))
    .get();
}

/**
 * Whether the id names an endpoint of ANOTHER workspace (either environment). Asked only once the
 * scope's own look-up has missed, to answer 403 `forbidden` instead of 404.
 */
export async function endpointInOtherWorkspace(d: Db, workspaceId: string, id: string): Promise<boolean> {
  const row = await d
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ne(webhookEndpoints.workspaceId, workspaceId)))
    .get();
  return row !== undefined;
}

/** Applies a partial update to an endpoint of the scope and returns the new row. */
export async function updateEndpoint(
  d: Db,
  scope: Scope,
  id: string,
  patch: Partial<Pick<EndpointRow, "url" | "events" | "description" | "enabled" | "secret" | "updatedAt">>,
): Promise<EndpointRow | undefined> {
  return d
    .update(webhookEndpoints)
    .set(patch)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, scope.workspaceId), eq(webhookEndpoints.environment, scope.environment)))
    .returning()
    .get();
}

/** Deletes an endpoint of the scope (its deliveries go with it); false when there was none. */
export async function deleteEndpoint(d: Db, scope: Scope, id: string): Promise<boolean> {
  const gone = await d
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, scope.workspaceId), eq(webhookEndpoints.environment, scope.environment)))
    .returning({ id: webhookEndpoints.id })
    .all();
  return gone.length > 0;
}

/** D1 refuses a statement with more than 100 bound parameters. */
const D1_MAX_PARAMS = 100;

/** Splits `items` into chunks of at most `size`. */
function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs read/insert statements in one D1 round trip and returns their rows, in order. */
async function batchAll<T>(d: Db, queries: Array<{ all(): Promise<T[]> }>): Promise<T[]> {
  if (queries.length === 0) return [];
  if (queries.length === 1) return queries[0].all();
  // drizzle types batch() over a non-empty tuple of its query builders; these are such builders.
  const results = (await d.batch(queries as unknown as Parameters<Db["batch"]>[0])) as unknown as T[][];
  return results.flat();
}

/**
 * Enabled endpoints of several scopes, in one round trip (one statement per 40 scopes: two
 * parameters per scope plus the enabled flag stay under D1's 100). Keyed by `scopeKey`.
 */
export async function enabledEndpointsOfScopes(d: Db, scopes: Scope[]): Promise<Map<string, EndpointRow[]>> {
  const byScope = new Map<string, EndpointRow[]>(scopes.map((s) => [scopeKey(s), []]));
  const queries = chunks(scopes, 40).map((group) =>
    d
      .select()
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.enabled, true),
          or(...group.map((s) => and(eq(webhookEndpoints.workspaceId, s.workspaceId), eq(webhookEndpoints.environment, s.environment)))),
        ),
      )
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id),
  );
  for (const row of await batchAll<EndpointRow>(d, queries)) byScope.get(scopeKey(row))?.push(row);
  return byScope;
}

/** The map key of a scope. */
export function scopeKey(s: Scope): string {
  return `${s.environment}:${s.workspaceId}`;
}

/**
 * Batched insertDeliveries: multi-row inserts sized to D1's parameter limit, all sent in one
 * round trip; (endpoint, event) pairs that already have a delivery are skipped. Returns the new rows.
 */
export async function insertDeliveriesBatched(
  d: Db,
  rows: Array<typeof webhookDeliveries.$inferInsert>,
  extras: readonly { hash: string; body: string }[] = [],
): Promise<DeliveryRow[]> {
  // Every column may be bound, whatever the row sets: size each statement for the worst case.
  const perStatement = Math.floor(D1_MAX_PARAMS / Object.keys(getTableColumns(webhookDeliveries)).length);
  const queries = chunks(rows, perStatement).map((group) => d.insert(webhookDeliveries).values(group).onConflictDoNothing().returning());
  if (extras.length === 0) return batchAll<DeliveryRow>(d, queries);
  // The texts the deliveries name go first, in the same batch (one transaction): a delivery never
  // names a text that is not there, and naming one again moves its last use (the retention job's guard).
  const usedAt = Date.now();
  const texts = chunks([...extras], Math.floor(D1_MAX_PARAMS / 3) - 1).map((group) =>
    d
      .insert(webhookExtraData)
      .values(group.map((t) => ({ ...t, usedAt })))
      .onConflictDoUpdate({ target: webhookExtraData.hash, set: { usedAt } })
      .returning({ hash: webhookExtraData.hash }),
  );
  // drizzle types batch() over a non-empty tuple of its query builders; these are such builders.
  const results = (await d.batch([...texts, ...queries] as unknown as Parameters<Db["batch"]>[0])) as unknown as DeliveryRow[][];
  return results.slice(texts.length).flat();
}

/**
 * The envelope a delivery sends, byte for byte: its stored payload with its extraData put back when
 * the text is kept apart (webhook_extra_data).
 */
export async function deliveryPayload(d: Db, delivery: Pick<DeliveryRow, "payload" | "extraHash">): Promise<string> {
  if (delivery.extraHash === null) return delivery.payload;
  const text = await d.select({ body: webhookExtraData.body }).from(webhookExtraData).where(eq(webhookExtraData.hash, delivery.extraHash)).get();
  if (!text) throw new Error("a delivery names an extraData text that is not stored");
  return withExtraData(delivery.payload, text.body);
}

/**
 * The deliveries of the given (endpoint, event) pairs, in one round trip. Matched pair by pair so
 * the unique (endpoint_id, event_id) index serves the lookup (49 pairs per statement).
 */
export async function findDeliveriesByPairs(d: Db, pairs: Array<{ endpointId: string; eventId: string }>): Promise<DeliveryRow[]> {
  const queries = chunks(pairs, Math.floor(D1_MAX_PARAMS / 2) - 1).map((group) =>
    d
      .select()
      .from(webhookDeliveries)
      .where(or(...group.map((p) => and(eq(webhookDeliveries.endpointId, p.endpointId), eq(webhookDeliveries.eventId, p.eventId))))),
  );
  return batchAll<DeliveryRow>(d, queries);
}

/**
 * Creates deliveries, skipping any (endpoint, event) pair that already has one, so a queue
 * message delivered twice never creates a second delivery. Returns the rows that were new.
 */
export async function insertDeliveries(d: Db, rows: Array<typeof webhookDeliveries.$inferInsert>): Promise<DeliveryRow[]> {
  const created: DeliveryRow[] = [];
  // One statement per row keeps each under D1's bound-parameter limit whatever the fan-out.
  for (const row of rows) {
    const inserted = await d.insert(webhookDeliveries).values(row).onConflictDoNothing().returning().all();
    created.push(...inserted);
  }
  return created;
}

export async function findDelivery(d: Db, id: string): Promise<DeliveryRow | undefined> {
  return d.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).get();
}

/** A delivery and its endpoint in one read; the endpoint is undefined once it was deleted. */
export async function findDeliveryWithEndpoint(d: Db, id: string): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow | undefined } | undefined> {
  const delivery = await findDelivery(d, id);
  if (!delivery) return undefined;
  const endpoint = await d.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, delivery.endpointId)).get();
  return { delivery, endpoint };
}

/** The newest deliveries of an endpoint, newest first. */
export async function listDeliveries(d: Db, endpointId: string, limit = 100): Promise<DeliveryRow[]> {
  return d
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit)
    .all();
}

/** Writes the outcome of an attempt (or of a decision not to attempt). */
export async function updateDelivery(
  d: Db,
  id: string,
  patch: Partial<Pick<DeliveryRow, "status" | "attempts" | "runAttempts" | "lastStatusCode" | "lastError" | "nextAttemptAt" | "dueAt" | "updatedAt">>,
): Promise<void> {
  await d.update(webhookDeliveries).set(patch).where(eq(webhookDeliveries.id, id)).run();
}

/** What one HTTP attempt produced, and the delivery state it leaves behind. */
export interface AttemptOutcomeRecord {
  status: DeliveryRow["status"];
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  nextAttemptAt: string | null;
  /** While still pending: when the endpoint's scheduler re-drives it if no attempt came (epoch ms). */
  dueAt: number | null;
  at: string;
}

/**
 * Records one HTTP attempt: the counter is incremented in SQL so two concurrent attempts (a
 * replay racing a retry) both count, and the attempt gets its own log row. Returns the new total.
 */
export async function recordAttempt(d: Db, id: string, outcome: AttemptOutcomeRecord): Promise<number> {
  const row = await d
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      nextAttemptAt: outcome.nextAttemptAt,
      dueAt: outcome.dueAt,
      updatedAt: outcome.at,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      runAttempts: sql`${webhookDeliveries.runAttempts} + 1`,
    })
    .where(eq(webhookDeliveries.id, id))
    .returning({ attempts: webhookDeliveries.attempts })
    .get();
  if (!row) return 0;
  await d
    .insert(webhookAttempts)
    .values({
      id: `${id}:${row.attempts}`,
      deliveryId: id,
      attempt: row.attempts,
      statusCode: outcome.statusCode,
      error: outcome.error,
      durationMs: outcome.durationMs,
      createdAt: outcome.at,
    })
    .onConflictDoNothing()
    .run();
  return row.attempts;
}

/** Pending deliveries of an endpoint whose re-drive time has come, oldest due first. */
export async function dueDeliveries(d: Db, endpointId: string, now: number, limit: number): Promise<string[]> {
  const rows = await d
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.dueAt, now)))
    .orderBy(asc(webhookDeliveries.dueAt))
    .limit(limit)
    .all();
  return rows.map((r) => r.id);
}

/** Moves the re-drive time of still-pending deliveries (they were just queued again). */
export async function redriveDeliveries(d: Db, ids: string[], dueAt: number): Promise<void> {
  const queries = chunks(ids, D1_MAX_PARAMS - 2).map((group) =>
    d
      .update(webhookDeliveries)
      .set({ dueAt })
      .where(and(inArray(webhookDeliveries.id, group), eq(webhookDeliveries.status, "pending"))),
  );
  for (const q of queries) await q.run();
}

/** The earliest re-drive time among an endpoint's pending deliveries, or null when none is pending. */
export async function earliestDue(d: Db, endpointId: string): Promise<number | null> {
  const row = await d
    .select({ due: min(webhookDeliveries.dueAt) })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")))
    .get();
  return row?.due ?? null;
}

/** Every recorded attempt of a delivery, oldest first. */
export async function listAttempts(d: Db, deliveryId: string): Promise<AttemptRow[]> {
  return d.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.attempt).all();
}
