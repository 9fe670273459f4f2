import { createMiddleware } from "hono/factory";
import { db } from "../db/client";
import { findKeyByHash, onPublicKeyRotated } from "../db/keys";
import { hashKey, parseKey } from "../keys/keys";
import type { AppEnv, Principal } from "./context";
import { ApiError } from "./errors";
import { countUnknownKey, knownToBeUnknown, refuseKeyFlood, rememberUnknownKey } from "./unknown-keys";

/**
 * Publishable keys seen recently in this isolate, kept for a minute and never past the end of a
 * rotated key's grace period, which spares the hold path a D1 round trip. A rotation in this
 * isolate forgets the environment's keys at once; another isolate may serve a key rotated with no
 * grace for up to a minute more. Secret keys are never cached: a rotated secret key must fail from
 * the very next request.
 */
const PUBLIC_KEY_TTL_MS = 60_000;
const PUBLIC_KEY_CACHE_MAX = 10_000;
const publicKeyCache = new Map<string, { principal: Principal; expires: number }>();

onPublicKeyRotated((workspaceId, environment) => {
  for (const [key, entry] of publicKeyCache) {
    if (entry.principal.workspaceId === workspaceId && entry.principal.environment === environment) publicKeyCache.delete(key);
  }
});

/** One body for every authentication failure, so a forged key cannot be told from a missing one. */
function unauthorized(): ApiError {
  return new ApiError("unauthorized", "A valid API key is required in the X-Api-Key header");
}

/** A publishable key this isolate knows, or undefined. */
function cachedPublicKey(key: string, now: number): Principal | undefined {
  const hit = publicKeyCache.get(key);
  if (hit === undefined) return undefined;
  if (hit.expires > now) return hit.principal;
  publicKeyCache.delete(key);
  return undefined;
}

/** Resolves a key to its principal, or null when it is malformed, unknown or past its grace period. */
export async function resolveKey(env: Env, key: string, now = Date.now()): Promise<Principal | null> {
  const parsed = parseKey(key);
  if (!parsed) return null;
  if (parsed.kind === "public") {
    const hit = cachedPublicKey(key, now);
    if (hit) return hit;
  }
  if (knownToBeUnknown(key, now)) return null;
  const row = await findKeyByHash(db(env), await hashKey(key));
  if (!row || row.kind !== parsed.kind || row.environment !== parsed.environment) {
    rememberUnknownKey(key, now);
    return null;
  }
  if (row.expiresAt !== null && row.expiresAt <= now) {
    // A rotated-out key past its grace period never works again.
    rememberUnknownKey(key, now);
    return null;
  }
  const principal: Principal = { workspaceId: row.workspaceId, environment: row.environment, kind: row.kind, keyId: row.id };
  if (parsed.kind === "public") {
    if (publicKeyCache.size >= PUBLIC_KEY_CACHE_MAX) publicKeyCache.clear();
    publicKeyCache.set(key, { principal, expires: Math.min(now + PUBLIC_KEY_TTL_MS, row.expiresAt ?? Infinity) });
  }
  return principal;
}

/**
 * The caller of a key sent by `client` (its identity), or null when the key is missing, malformed,
 * unknown or expired. A publishable key this isolate knows answers at once; otherwise a client that
 * has sent too many unknown keys is refused with 429 before any look-up (http/unknown-keys.ts), and
 * each unknown or malformed key counts against it.
 */
export async function identify(env: Env, key: string | null | undefined, client: string | undefined): Promise<Principal | null> {
  const trimmed = key?.trim();
  if (!trimmed) return null;
  const now = Date.now();
  const known = cachedPublicKey(trimmed, now);
  if (known) return known;
  refuseKeyFlood(client, now);
  const principal = await resolveKey(env, trimmed, now);
  if (!principal) countUnknownKey(client, now);
  return principal;
}

/** The caller of an `X-Api-Key` header value from `client`; 401 `unauthorized` when it is missing, malformed or unknown. */
export async function authenticate(env: Env, header: string | null | undefined, client?: string): Promise<Principal> {
  const principal = await identify(env, header, client);
  if (!principal) throw unauthorized();
  return principal;
}

/** Refuses publishable keys with 403 `public_key_not_allowed`. */
export function requireSecretKey() {
  return createMiddleware<AppEnv>(async function requireSecretKey(c, next) {
    if (c.var.principal.kind !== "secret") {
      throw new ApiError("public_key_not_allowed", "This operation requires a secret key; publishable keys may not use it");
    }
    await next();
  });
}

/**
 * Operations that change production from what the sandbox holds (an event or season copied from
 * the sandbox): a production secret key only. A sandbox key may never change what production
 * buyers see, so it is 403 like any reach into another environment.
 */
export function requireProductionSecretKey() {
  return createMiddleware<AppEnv>(async function requireProductionSecretKey(c, next) {
    const p = c.var.principal;
    if (p.kind !== "secret") throw new ApiError("public_key_not_allowed", "This operation requires a production secret key");
    if (p.environment !== "production")
      throw new ApiError("forbidden", "Copying from the sandbox into production needs a production secret key; a sandbox key cannot change production");
    await next();
  });
}
