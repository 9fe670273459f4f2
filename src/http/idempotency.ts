/**
 * Idempotency-Key on every POST of /api/v1 (docs/api.md#idempotent-requests). The request's hash (method, path with
 * query, body) binds a key to one request; keys are scoped per API key and, for a publishable key,
 * per client address too (docs/security.md). The body it hashes was held to its limit before this
 * step (http/body-limit.ts), so no request makes it buffer more. A route declares how it keeps its
 * answers: `idempotency("decided")` for the event's seat decisions, whose object stores the answer
 * in the same transaction as the change (event-object/state/idempotency.ts), so here they only get
 * their claim on the context; `idempotency()` (claimed) for every other POST, which claims the key
 * in D1 first (one INSERT, so of concurrent duplicates exactly one runs), runs,
 * and stores its answer on the claim; a duplicate waits for that answer or, after a while,
 * answers 409 `idempotency_key_in_use`. A 429 or 5xx answer gives the key back, so a retry runs.
 */
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { db } from "../db/client";
import { claimIdempotencyKey, getIdempotencyKey, releaseIdempotencyKey, storeIdempotentAnswer, sweepIdempotencyKeys } from "../db/idempotency";
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_TTL_MS, REPLAYED_HEADER } from "../domain/idempotency";
import type { AppEnv, Principal } from "./context";
import { clientAddress } from "./client-limit";
import { ApiError } from "./errors";
import { logError } from "../domain/log-safety";
import { isPackedExtraData, packExtraData, unpackExtraData } from "../domain/extra-data-text";

/** How long a running request owns its key before a duplicate may take it over (a request that died). */
const LOCK_MS = 60_000;
/** How long a duplicate waits for the first request's answer before answering 409. */
const WAIT_MS = 10_000;
const POLL_MS = 50;

/**
 * The middleware of a POST route (or of a router whose POSTs all keep answers the same way); mount
 * it after authentication (it scopes keys by the caller's key). `decided`: the answer is kept by
 * the event's object with its decision; `claimed`: in D1, around the handler.
 */
export function idempotency(mode: "claimed" | "decided" = "claimed") {
  return createMiddleware<AppEnv>(async function idempotency(c, next) {
    const key = c.req.method === "POST" ? c.req.header("idempotency-key") : undefined;
    if (key === undefined) return next();
    if (key.length < 1 || key.length > IDEMPOTENCY_KEY_MAX) {
      throw new ApiError("validation_failed", `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`, {
        errors: { "Idempotency-Key": [`1 to ${IDEMPOTENCY_KEY_MAX} characters`] },
      });
    }
    const url = new URL(c.req.url);
    const requestHash = await sha256Hex(`POST ${url.pathname}${url.search}\n${await c.req.text()}`);
    const p = c.var.principal;
    const caller = callerScope(p, clientAddress(c.req.raw.headers));
    if (mode === "decided") {
      c.set("idempotency", { key: `${caller}:${key}`, requestHash });
      return next();
    }
    const scopeKey = `${p.workspaceId}:${p.environment}:${caller}:${key}`;
    const d = db(c.env);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const now = Date.now();
      if (await claimIdempotencyKey(d, { scopeKey, requestHash, now, lockMs: LOCK_MS, ttlMs: IDEMPOTENCY_TTL_MS })) {
        c.executionCtx.waitUntil(sweepIdempotencyKeys(d, now).catch((err: unknown) => logError("idempotency sweep failed", err)));
        return runAndStore(c, next, scopeKey, requestHash);
      }
      const row = await getIdempotencyKey(d, scopeKey);
      if (row === null) continue; // given back meanwhile: claim again
      if (row.requestHash !== requestHash)
        throw new ApiError("idempotency_key_reused", "This Idempotency-Key was used with a different request in the last 24 hours");
      if (row.state === "done" && row.status !== null && row.body !== null) {
        c.header(REPLAYED_HEADER, "true");
        return c.body(storedBody(row.body), row.status as 200, { "Content-Type": "application/json" });
      }
      if (Date.now() >= deadline) {
        throw new ApiError("idempotency_key_in_use", "A request with this Idempotency-Key is still running; retry later", {
          headers: { "Retry-After": "1" },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  });
}

/**
 * Whose Idempotency-Keys a request's key lives among (docs/security.md): the API key that sent it
 * (its row, so a rotated key starts afresh), and for a publishable key also the client address,
 * since every buyer's browser holds the same publishable key: two browsers that pick the same
 * Idempotency-Key never receive each other's stored answer.
 */
function callerScope(p: Principal, client: string | undefined): string {
  return p.kind === "public" ? `${p.keyId}@${client ?? ""}` : p.keyId;
}

/** Runs the request that owns the key and stores its answer, or gives the key back for a 429 or 5xx. */
async function runAndStore(c: Context<AppEnv>, next: () => Promise<void>, scopeKey: string, requestHash: string): Promise<void> {
  const d = db(c.env);
  try {
    await next();
  } catch (err) {
    await releaseIdempotencyKey(d, scopeKey, requestHash);
    throw err;
  }
  const status = c.res.status;
  if (status === 429 || status >= 500) await releaseIdempotencyKey(d, scopeKey, requestHash);
  else await storeIdempotentAnswer(d, scopeKey, requestHash, status, keptBody(await c.res.clone().text()));
}

/**
 * An answer as it is kept: a season hold's answer lists every seat with its extraData, so each
 * distinct extraData is kept once (docs/security.md: a hold's stored size does not grow with its seats
 * times its extraData). An answer without extraData, or not JSON, is kept as sent.
 */
function keptBody(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const packed = packExtraData(value);
  return packed.length < text.length ? packed : text;
}

/** The answer to send again: the bytes first sent (the JSON of a kept answer is written as it was). */
function storedBody(kept: string): string {
  return isPackedExtraData(kept) ? JSON.stringify(unpackExtraData<unknown>(kept)) : kept;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
