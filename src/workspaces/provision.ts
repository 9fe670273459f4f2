import { eq } from "drizzle-orm";
import { db, nowIso } from "../db/client";
import { currentPublicKeys, keyCreatedAt, replaceKey, rotatePublicKeyRow, type KeyRow } from "../db/keys";
import { apiKeys as apiKeysTable, members, workspaces } from "../db/schema";
import { ServiceError } from "../domain/errors";
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

/** The grace period of a rotated publishable key when the rotation names none: a day. */
export const DEFAULT_KEY_GRACE_SECONDS = 86_400;
/** The longest grace period a rotation may give: a week. */
export const MAX_KEY_GRACE_SECONDS = 604_800;

function publicKeySecret(env: Env): string {
  if (!env.PUBLIC_KEY_SECRET) throw new Error("PUBLIC_KEY_SECRET is not configured");
  return env.PUBLIC_KEY_SECRET;
}

/**
 * The plaintext of a current publishable key row, derived again from PUBLIC_KEY_SECRET and the row's
 * salt and checked against the stored hash. Should PUBLIC_KEY_SECRET have changed since the key was
 * made, the key it derives now would not authenticate: that is refused (409 `conflict`) rather than
 * shown, and rotating the key issues one under the current secret.
 */
async function shownKey(env: Env, row: KeyRow): Promise<string> {
  const key = row.salt === null ? null : await derivePublicKey(publicKeySecret(env), row.salt, row.environment);
  if (key === null || (await hashKey(key)) !== row.keyHash) {
    throw new ServiceError(
      "conflict",
      `The ${row.environment} publishable key was issued under another PUBLIC_KEY_SECRET and cannot be shown; rotate it (POST /admin/v1/workspaces/{workspaceKey}/public-keys/${row.environment}/rotate) to issue one under the current secret`,
    );
  }
  return key;
}

async function publicKeysOf(env: Env, workspaceId: string): Promise<Record<Environment, string>> {
  const rows = await currentPublicKeys(db(env), workspaceId);
  const keys: Partial<Record<Environment, string>> = {};
  for (const row of rows) keys[row.environment] = await shownKey(env, row);
  if (keys.production === undefined || keys.sandbox === undefined) throw new Error(`workspace ${workspaceId} lacks a current publishable key`);
  return { production: keys.production, sandbox: keys.sandbox };
}

/**
 * Creates a workspace with its two publishable keys (one per environment) and its first owner,
 * `owner@<workspaceKey>` (docs/team.md), whom the operator's sign-in link without a body signs in.
 * Only the keys' hashes and their salts reach D1.
 */
export async function createWorkspace(env: Env, name: string): Promise<WorkspaceRecord & { id: string }> {
  const d = db(env);
  const id = newId("ws");
  const createdAt = nowIso();
  const keyRows = await Promise.all(
    ENVIRONMENTS.map(async (environment) => {
      const salt = newId("salt", 32);
      const publicKey = await derivePublicKey(publicKeySecret(env), salt, environment);
      return {
        publicKey,
        row: { id: newId("key"), workspaceId: id, environment, kind: "public" as const, keyHash: await hashKey(publicKey), salt, createdAt },
      };
    }),
  );
  // The workspace key is the public identifier the operator uses; the row id stays internal. The
  // workspace's own salt column predates per-key salts: it keeps the first production key's.
  await d.batch([
    d.insert(workspaces).values({ id, workspaceKey: id, name, publicKeySalt: keyRows[0]!.row.salt, createdAt }),
    ...keyRows.map((k) => d.insert(apiKeysTable).values(k.row)),
    d.insert(members).values(newMemberRow(id, { email: firstOwnerEmail(id), name: "Owner", role: "owner" })),
  ]);
  const publicKeys = { production: keyRows[0]!.publicKey, sandbox: keyRows[1]!.publicKey };
  return { id, workspaceKey: id, name, createdAt, publicKeys };
}

/** The internal id of a workspace, or null: for operations that need no key shown (issuing and rotating keys). */
export async function workspaceIdOf(env: Env, workspaceKey: string): Promise<string | null> {
  const row = await db(env).select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.workspaceKey, workspaceKey)).get();
  return row?.id ?? null;
}

/** The workspace with its publishable keys, or null. */
export async function getWorkspace(env: Env, workspaceKey: string): Promise<(WorkspaceRecord & { id: string }) | null> {
  const row = await db(env).select().from(workspaces).where(eq(workspaces.workspaceKey, workspaceKey)).get();
  if (!row) return null;
  return { id: row.id, workspaceKey: row.workspaceKey, name: row.name, createdAt: row.createdAt, publicKeys: await publicKeysOf(env, row.id) };
}

/**
 * Rotates an environment's publishable key (docs/security.md): a new key (a new salt) becomes current,
 * and the previous one, with the admissions and passes signed under it, keeps working for
 * `graceSeconds` (0: it stops at once), then answers 401. A key rotated out earlier keeps its own
 * end unless this grace ends sooner. Answers the new key and when the previous one stops.
 */
export async function rotatePublicKey(
  env: Env,
  workspaceId: string,
  environment: Environment,
  graceSeconds = DEFAULT_KEY_GRACE_SECONDS,
  now = Date.now(),
): Promise<{ publicKey: string; previousKeyValidUntil: string }> {
  const salt = newId("salt", 32);
  const publicKey = await derivePublicKey(publicKeySecret(env), salt, environment);
  const validUntil = now + graceSeconds * 1000;
  const row = { id: newId("key"), workspaceId, environment, keyHash: await hashKey(publicKey), salt, createdAt: new Date(now).toISOString() };
  await rotatePublicKeyRow(db(env), row, now, validUntil);
  return { publicKey, previousKeyValidUntil: new Date(validUntil).toISOString() };
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
