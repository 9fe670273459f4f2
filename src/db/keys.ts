import { and, eq } from "drizzle-orm";
import type { Db } from "./client";
import type { Environment } from "../domain/scope";
import { apiKeys } from "./schema";
import type { KeyKind } from "../keys/keys";

/** The key row matching a hash, or undefined. */
export async function findKeyByHash(d: Db, keyHash: string) {
  return d.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).get();
}

/**
 * Stores the hash of a workspace's key of one kind and environment, replacing any previous one in
 * the same statement batch, so a rotated key stops matching with the very next lookup.
 */
export async function replaceKey(d: Db, row: { id: string; workspaceId: string; environment: Environment; kind: KeyKind; keyHash: string; createdAt: string }) {
  await d.batch([
    d.delete(apiKeys).where(and(eq(apiKeys.workspaceId, row.workspaceId), eq(apiKeys.environment, row.environment), eq(apiKeys.kind, row.kind))),
    d.insert(apiKeys).values(row),
  ]);
}

/** When a workspace's key of one kind and environment was stored, or undefined when it has none. */
export async function keyCreatedAt(d: Db, workspaceId: string, environment: Environment, kind: KeyKind): Promise<string | undefined> {
  const row = await d
    .select({ createdAt: apiKeys.createdAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.environment, environment), eq(apiKeys.kind, kind)))
    .get();
  return row?.createdAt;
}
