import { eq } from "drizzle-orm";
import { db, nowIso } from "../db/client";
import { keyCreatedAt, replaceKey } from "../db/keys";
import { apiKeys as apiKeysTable, members, workspaces } from "../db/schema";
import { firstOwnerEmail } from "../domain/members";
import { ENVIRONMENTS, type Environment } from "../domain/scope";
import { derivePublicKey, hashKey, newId, newSecretKey } from "../keys/keys";
import { newMemberRow } from "./members";

export interface WorkspaceRecord {
  workspaceKey: string;
  name: string;
  createdAt: string;
  publicKeys: Record<Environment, string>;
}

function publicKeySecret(env: Env): string {
  if (!env.PUBLIC_KEY_SECRET) throw new Error("PUBLIC_KEY_SECRET is not configured");
  return env.PUBLIC_KEY_SECRET;
}

async function publicKeysOf(env: Env, salt: string): Promise<Record<Environment, string>> {
  const secret = publicKeySecret(env);
  return {
    production: await derivePublicKey(secret, salt, "production"),
    sandbox: await derivePublicKey(secret, salt, "sandbox"),
  };
}

/**
 * Creates a workspace with its two publishable keys (one per environment) and its first owner,
 * `owner@<workspaceKey>` (contract §18), whom the operator's sign-in link without a body signs in.
 * Only the keys' hashes reach D1.
 */
export async function createWorkspace(env: Env, name: string): Promise<WorkspaceRecord & { id: string }> {
  const d = db(env);
  const id = newId("ws");
  const salt = newId("salt", 32);
  const createdAt = nowIso();
  const publicKeys = await publicKeysOf(env, salt);
  const keyRows = await Promise.all(
    ENVIRONMENTS.map(async (environment) => ({
      id: newId("key"),
      workspaceId: id,
      environment,
      kind: "public" as const,
      keyHash: await hashKey(publicKeys[environment]),
      createdAt,
    })),
  );
  // The workspace key is the public identifier the operator uses; the row id stays internal.
  await d.batch([
    d.insert(workspaces).values({ id, workspaceKey: id, name, publicKeySalt: salt, createdAt }),
    ...keyRows.map((row) => d.insert(apiKeysTable).values(row)),
    d.insert(members).values(newMemberRow(id, { email: firstOwnerEmail(id), name: "Owner", role: "owner" })),
  ]);
  return { id, workspaceKey: id, name, createdAt, publicKeys };
}

/** The workspace with its publishable keys, or null. */
export async function getWorkspace(env: Env, workspaceKey: string): Promise<(WorkspaceRecord & { id: string }) | null> {
  const row = await db(env).select().from(workspaces).where(eq(workspaces.workspaceKey, workspaceKey)).get();
  if (!row) return null;
  return { id: row.id, workspaceKey: row.workspaceKey, name: row.name, createdAt: row.createdAt, publicKeys: await publicKeysOf(env, row.publicKeySalt) };
}

/**
 * Creates the secret key of an environment, or rotates it: the previous key's hash is replaced in
 * the same batch, so the old key fails from the very next request. The plaintext is returned once.
 */
export async function issueSecretKey(
  env: Env,
  workspaceId: string,
  environment: Environment,
): Promise<{ environment: Environment; secretKey: string; createdAt: string }> {
  const secretKey = newSecretKey(environment);
  const createdAt = nowIso();
  await replaceKey(db(env), { id: newId("key"), workspaceId, environment, kind: "secret", keyHash: await hashKey(secretKey), createdAt });
  return { environment, secretKey, createdAt };
}

/**
 * When the environment's secret key was issued, or null when it has none. Only the key's hash is
 * stored, so this is all anyone can learn about it after the one answer that showed it.
 */
export async function secretKeyIssuedAt(env: Env, workspaceId: string, environment: Environment): Promise<string | null> {
  return (await keyCreatedAt(db(env), workspaceId, environment, "secret")) ?? null;
}
