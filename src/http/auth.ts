import { createMiddleware } from "hono/factory";
import { db } from "../db/client";
import { findKeyByHash } from "../db/keys";
import { hashKey, parseKey } from "../keys/keys";
import type { AppEnv, Principal } from "./context";
import { ApiError } from "./errors";

/**
 * Publishable keys seen recently in this isolate. They cannot be rotated, so a short cache is
 * safe and spares the hold path a D1 round trip. Secret keys are never cached: a rotated secret
 * key must fail from the very next request.
 */
const PUBLIC_KEY_TTL_MS = 60_000;
const PUBLIC_KEY_CACHE_MAX = 10_000;
const publicKeyCache = new Map<string, { principal: Principal; expires: number }>();

/** One body for every authentication failure, so a forged key cannot be told from a missing one. */
function unauthorized(): ApiError {
  return new ApiError("unauthorized", "A valid API key is required in the X-Api-Key header");
}

/** Resolves a key to its principal, or null when it is malformed or unknown. */
export async function resolveKey(env: Env, key: string): Promise<Principal | null> {
  const parsed = parseKey(key);
  if (!parsed) return null;
  if (parsed.kind === "public") {
    const hit = publicKeyCache.get(key);
    if (hit && hit.expires > Date.now()) return hit.principal;
  }
  const row = await findKeyByHash(db(env), await hashKey(key));
  if (!row || row.kind !== parsed.kind || row.environment !== parsed.environment) return null;
  const principal: Principal = { workspaceId: row.workspaceId, environment: row.environment, kind: row.kind, keyId: row.id };
  if (parsed.kind === "public") {
    if (publicKeyCache.size >= PUBLIC_KEY_CACHE_MAX) publicKeyCache.clear();
    publicKeyCache.set(key, { principal, expires: Date.now() + PUBLIC_KEY_TTL_MS });
  }
  return principal;
}

/** The caller of an `X-Api-Key` header value; 401 `unauthorized` when it is missing, malformed or unknown. */
export async function authenticate(env: Env, header: string | null | undefined): Promise<Principal> {
  const principal = header ? await resolveKey(env, header.trim()) : null;
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
