import { and, eq, isNull, isNotNull, lte, or, gt, sql } from "drizzle-orm";
import type { Db } from "./client";
import type { Environment } from "../domain/scope";
import { apiKeys } from "./schema";
import type { KeyKind } from "../keys/keys";

export type KeyRow = typeof apiKeys.$inferSelect;

/** The key row matching a hash, or undefined (expired rows included: the caller judges `expiresAt`). */
export async function findKeyByHash(d: Db, keyHash: string): Promise<KeyRow | undefined> {
  return d.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
}

/**
 * Stores the hash of a workspace's key of one kind and environment, replacing every previous one in
 * the same statement batch, so a rotated key stops matching with the very next lookup.
 */
export async function replaceKey(d: Db, row: { id: string; workspaceId: string; environment: Environment; kind: KeyKind; keyHash: string; createdAt: string }) {
  await d.batch([
    d.delete(apiKeys).where(and(eq(apiKeys.workspaceId, row.workspaceId), eq(apiKeys.environment, row.environment), eq(apiKeys.kind, row.kind))),
    d.insert(apiKeys).values(row),
  ]);
}

/**
 * Makes a new publishable key current and gives every previous one of the environment until
 * `validUntil` at most (a key already due earlier keeps its earlier end; one already expired is
 * deleted), in one batch: at every instant exactly one key of the environment is current.
 */
export async function rotatePublicKeyRow(
  d: Db,
  row: { id: string; workspaceId: string; environment: Environment; keyHash: string; salt: string; createdAt: string },
  now: number,
  validUntil: number,
): Promise<void> {
  const scope = and(eq(apiKeys.workspaceId, row.workspaceId), eq(apiKeys.environment, row.environment), eq(apiKeys.kind, "public"));
  await d.batch([
    d.delete(apiKeys).where(and(scope, isNotNull(apiKeys.expiresAt), lte(apiKeys.expiresAt, now))),
    d
      .update(apiKeys)
      .set({ expiresAt: sql`MIN(COALESCE(${apiKeys.expiresAt}, ${validUntil}), ${validUntil})` })
      .where(scope),
    d.insert(apiKeys).values({ ...row, kind: "public", expiresAt: null }),
  ]);
  for (const listener of rotationListeners) listener(row.workspaceId, row.environment);
}

/** Caches of this isolate told of a rotation here (the HTTP layer's key cache, the signing secrets). */
const rotationListeners: Array<(workspaceId: string, environment: Environment) => void> = [];

/**
 * Registers a cache to forget a workspace environment's publishable keys when one rotates in this
 * isolate. Other isolates learn within their caches' lifetime (a minute).
 */
export function onPublicKeyRotated(listener: (workspaceId: string, environment: Environment) => void): void {
  rotationListeners.push(listener);
}

/** The salts of an environment's publishable keys that still authenticate at `now`, the current key's first. */
export async function livePublicKeySalts(
  d: Db,
  workspaceId: string,
  environment: Environment,
  now: number,
): Promise<{ salt: string; expiresAt: number | null }[]> {
  const rows = await d
    .select({ salt: apiKeys.salt, expiresAt: apiKeys.expiresAt })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.workspaceId, workspaceId),
        eq(apiKeys.environment, environment),
        eq(apiKeys.kind, "public"),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      ),
    )
    .all();
  return rows
    .flatMap((r) => (r.salt === null ? [] : [{ salt: r.salt, expiresAt: r.expiresAt }]))
    .sort((a, b) => (a.expiresAt === null ? -1 : b.expiresAt === null ? 1 : b.expiresAt - a.expiresAt));
}

/** A workspace's current publishable key rows (one per environment). */
export async function currentPublicKeys(d: Db, workspaceId: string): Promise<KeyRow[]> {
  return d
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.kind, "public"), isNull(apiKeys.expiresAt)))
    .all();
}

/** When a workspace's current key of one kind and environment was stored, or undefined when it has none. */
export async function keyCreatedAt(d: Db, workspaceId: string, environment: Environment, kind: KeyKind): Promise<string | undefined> {
  const row = await d
    .select({ createdAt: apiKeys.createdAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.environment, environment), eq(apiKeys.kind, kind), isNull(apiKeys.expiresAt)))
    .get();
  return row?.createdAt;
}
