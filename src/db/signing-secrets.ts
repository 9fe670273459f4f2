import { db } from "./client";
import { livePublicKeySalts, onPublicKeyRotated } from "./keys";
import type { Scope } from "../domain/scope";
import { deriveSigningSecret, signFields, verifyFields, type SigningPurpose } from "../keys/signing";

/**
 * The signing secrets of a workspace environment (keys/signing.ts): the current one signs, it and
 * those of publishable keys still in their grace period verify. Kept per isolate for a minute (never
 * past the end of a grace period), so the hold path pays for them once a minute, not per hold; a
 * rotation in this isolate forgets them at once, other isolates
 * within the minute.
 */

/** The bindings signing reads: D1 (the keys' salts) and the deployment's secrets. */
export type SigningEnv = Pick<Env, "DB" | "WAITING_ROOM_SECRET" | "PUBLIC_KEY_SECRET">;

const CACHE_MS = 60_000;
const CACHE_MAX = 10_000;
const cache = new Map<string, { secrets: Promise<string[]>; until: number }>();

/**
 * The deployment's signing secret: WAITING_ROOM_SECRET when configured, else one derived from
 * PUBLIC_KEY_SECRET (which `npm run dev` and every deployment already have), so signing needs no
 * setup of its own. Each workspace environment's secret is derived from it and the salt of its
 * publishable key.
 */
export function deploymentSigningSecret(env: Pick<Env, "WAITING_ROOM_SECRET" | "PUBLIC_KEY_SECRET">): string {
  const own = env.WAITING_ROOM_SECRET;
  if (own) return own;
  if (!env.PUBLIC_KEY_SECRET) throw new Error("Neither WAITING_ROOM_SECRET nor PUBLIC_KEY_SECRET is configured");
  return `waiting-room:${env.PUBLIC_KEY_SECRET}`;
}

async function load(env: SigningEnv, scope: Scope, now: number): Promise<{ secrets: string[]; until: number }> {
  const salts = await livePublicKeySalts(db(env), scope.workspaceId, scope.environment, now);
  const base = deploymentSigningSecret(env);
  const secrets = await Promise.all(salts.map((s) => deriveSigningSecret(base, scope.workspaceId, scope.environment, s.salt)));
  const ends = salts.flatMap((s) => (s.expiresAt === null ? [] : [s.expiresAt]));
  return { secrets, until: Math.min(now + CACHE_MS, ...ends) };
}

/** The scope's secrets, the current one first; empty for a scope without a publishable key. */
export async function signingSecrets(env: SigningEnv, scope: Scope, now = Date.now()): Promise<string[]> {
  const key = `${scope.workspaceId}:${scope.environment}`;
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.secrets;
  if (cache.size >= CACHE_MAX) cache.clear();
  const loading = load(env, scope, now);
  const entry = { secrets: loading.then((l) => l.secrets), until: now + CACHE_MS };
  cache.set(key, entry);
  try {
    entry.until = (await loading).until;
  } catch (err) {
    cache.delete(key);
    throw err;
  }
  return entry.secrets;
}

// A rotation in this isolate takes effect here at once.
onPublicKeyRotated((workspaceId, environment) => cache.delete(`${workspaceId}:${environment}`));

/**
 * Signs `fields` for `purpose` with the scope's current secret: what waiting-room admissions and
 * channel passes are made with.
 *
 * @example const signature = await signForScope(env, scope, "pass", [eventKey, channelKey, String(expiresAt)]);
 */
export async function signForScope(env: SigningEnv, scope: Scope, purpose: SigningPurpose, fields: readonly string[]): Promise<string> {
  const [current] = await signingSecrets(env, scope);
  if (current === undefined) throw new Error("this workspace environment has no publishable key to sign with");
  return signFields(current, purpose, fields);
}

/** Whether `signature` signs `fields` for `purpose` under the scope's current or a still-valid previous secret. */
export async function verifyForScope(env: SigningEnv, scope: Scope, purpose: SigningPurpose, fields: readonly string[], signature: string): Promise<boolean> {
  return verifyFields(await signingSecrets(env, scope), purpose, fields, signature);
}

/**
 * Whether `signature` is an admission signed before per-workspace secrets, with the deployment's
 * secret itself (purpose `wr1`). None is made any more; those that exist end within a session.
 */
export async function verifyLegacyAdmission(env: SigningEnv, fields: readonly string[], signature: string): Promise<boolean> {
  return verifyFields([deploymentSigningSecret(env)], "wr1", fields, signature);
}
