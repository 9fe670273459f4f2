import { db, nowIso } from "../db/client";
import { networkErrorOf, type DeliveryError } from "../domain/webhook-failures";
import { deliveryPayload, findDeliveryWithEndpoint, recordAttempt, updateDelivery } from "../db/webhooks";
import { signatureHeader, SIGNATURE_HEADER } from "./signing";
import { redriveMs } from "../domain/webhook-redrive";
import { schedulerOf } from "./scheduler";
import { allowPrivateUrls, checkWebhookUrl } from "./url-policy";

/**
 * Attempts per delivery run (the first try and 7 retries). A replay starts a new run.
 * With the production base of 30 s the retries wait 30 s, 1, 2, 4, 8, 16 and 32 min: the last
 * attempt happens about 63.5 minutes after the first.
 */
export const MAX_ATTEMPTS = 8;

/** Longest wait for a receiver's answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Cloudflare Queues refuse a longer delay. */
const MAX_DELAY_SECONDS = 43_200;

/** Wait before retry number `attempt` (1-based attempt that just failed): base × 2^(attempt-1). */
export function retryDelaySeconds(baseSeconds: number, attempt: number): number {
  return Math.min(MAX_DELAY_SECONDS, Math.max(0, Math.round(baseSeconds * 2 ** (attempt - 1))));
}

/** The base delay from `WEBHOOK_RETRY_BASE_SECONDS`, 30 s when unset or not a number. */
export function retryBaseSeconds(env: Pick<Env, "WEBHOOK_RETRY_BASE_SECONDS">): number {
  const n = Number(env.WEBHOOK_RETRY_BASE_SECONDS);
  return Number.isFinite(n) && n >= 0 ? n : 30;
}

/** What the queue consumer does after an attempt: nothing more, or retry the message after a delay. */
export type AttemptOutcome = { kind: "done" } | { kind: "retry"; delaySeconds: number };

/** The result of one HTTP exchange: success, or why it failed (its status code, or a code when there was no answer). */
type SendResult = { ok: true; status: number } | { ok: false; status: number; error: null } | { ok: false; status: null; error: DeliveryError };

/**
 * POSTs the stored envelope to the endpoint. Redirects are never followed (a 3xx is a failure:
 * following one would let a public URL bounce the request to an internal host).
 */
async function send(url: string, payload: string, secret: string, ids: { eventId: string; deliveryId: string }): Promise<SendResult> {
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const res = await fetch(url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "SeatReservation-Webhooks/1",
        [SIGNATURE_HEADER]: await signatureHeader(secret, timestamp, payload),
        "Service-Event-Id": ids.eventId,
        "Service-Delivery-Id": ids.deliveryId,
      },
      body: payload,
    });
    // The answer's body is of no use; cancelling frees the connection.
    await res.body?.cancel();
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
    // A redirect (never followed) or an error status: the code says it all.
    return { ok: false, status: res.status, error: null };
  } catch (err) {
    // The runtime's text may name internal hosts and addresses: only its kind is kept.
    return { ok: false, status: null, error: networkErrorOf(err) };
  }
}

/**
 * Makes the next attempt of one delivery and records it. The attempt number within the current
 * run comes from D1, not from the queue message, so a delivery re-driven after a lost message
 * keeps counting where it was. The secret is read at send time, so a rotated secret signs the very
 * next attempt; the URL policy is checked again, so an address that is no longer allowed fails
 * without a network call. A retry is due `delaySeconds` later; its re-drive time in D1 and the
 * endpoint's scheduler stand behind the delayed message.
 */
export async function attemptDelivery(env: Env, deliveryId: string): Promise<AttemptOutcome> {
  const d = db(env);
  const found = await findDeliveryWithEndpoint(d, deliveryId);
  // The endpoint was deleted (its deliveries with it), or the message is stale: nothing to do.
  if (!found || !found.endpoint) return { kind: "done" };
  const { delivery, endpoint } = found;
  // A duplicate queue message for a delivery that already landed or already gave up.
  if (delivery.status !== "pending") return { kind: "done" };
  if (!endpoint.enabled) {
    await updateDelivery(d, delivery.id, { status: "failed", lastError: "endpoint_disabled", nextAttemptAt: null, dueAt: null, updatedAt: nowIso() });
    return { kind: "done" };
  }

  const attempt = delivery.runAttempts + 1;
  const verdict = checkWebhookUrl(endpoint.url, { allowPrivate: allowPrivateUrls(env) });
  const started = Date.now();
  const result: SendResult = verdict.ok
    ? await send(endpoint.url, await deliveryPayload(d, delivery), endpoint.secret, { eventId: delivery.eventId, deliveryId: delivery.id })
    : { ok: false, status: null, error: "url_not_allowed" };
  const durationMs = Date.now() - started;
  const at = nowIso();

  if (result.ok) {
    await recordAttempt(d, delivery.id, { status: "succeeded", statusCode: result.status, error: null, durationMs, nextAttemptAt: null, dueAt: null, at });
    return { kind: "done" };
  }
  if (attempt >= MAX_ATTEMPTS) {
    await recordAttempt(d, delivery.id, { status: "failed", statusCode: result.status, error: result.error, durationMs, nextAttemptAt: null, dueAt: null, at });
    return { kind: "done" };
  }
  const delaySeconds = retryDelaySeconds(retryBaseSeconds(env), attempt);
  const retryAt = Date.now() + delaySeconds * 1000;
  const dueAt = retryAt + redriveMs(env);
  await recordAttempt(d, delivery.id, {
    status: "pending",
    statusCode: result.status,
    error: result.error,
    durationMs,
    nextAttemptAt: new Date(retryAt).toISOString(),
    dueAt,
    at,
  });
  await schedulerOf(env, endpoint.id).wake(endpoint.id, dueAt);
  return { kind: "retry", delaySeconds };
}

/** Marks a delivery failed when its message reached the dead-letter queue still pending. */
export async function deadLetterDelivery(env: Env, deliveryId: string): Promise<void> {
  const d = db(env);
  const found = await findDeliveryWithEndpoint(d, deliveryId);
  if (!found || found.delivery.status !== "pending") return;
  await updateDelivery(d, deliveryId, {
    status: "failed",
    lastError: "dead_lettered",
    nextAttemptAt: null,
    dueAt: null,
    updatedAt: nowIso(),
  });
}
