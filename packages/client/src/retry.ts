/**
 * Retries below the generated client, as a `fetch`: at most `retries` more attempts on a network
 * error, a 429 or a 5xx, waiting exponential backoff with full jitter, or the answer's Retry-After
 * when it names a longer wait. Every attempt sends the same request, Idempotency-Key included,
 * so a retried POST is done at most once by the service.
 */
export interface RetryPolicy {
  /** More attempts after the first (default 2, at most 2). */
  retries: number;
  /** First backoff step in ms (default 250); attempt n waits up to base·2^n. */
  baseDelayMs: number;
  /** Longest wait between attempts in ms (default 10 s). */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 250, maxDelayMs: 10_000 };

/** Whether an answer is worth another attempt. */
export function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

/** Retry-After in ms (seconds or an HTTP date), or null. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The wait before retry `attempt` (0-based): full jitter under the exponential step, or Retry-After if longer. */
export function backoffMs(policy: RetryPolicy, attempt: number, retryAfter: number | null, random = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  const jittered = Math.round(random() * step);
  return Math.min(policy.maxDelayMs, Math.max(jittered, retryAfter ?? 0));
}

function sleep(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** A fetch that retries `request` by {@link RetryPolicy}. */
export function retryingFetch(base: typeof fetch, policy: RetryPolicy): (request: Request) => Promise<Response> {
  const retries = Math.max(0, Math.min(2, policy.retries));
  return async (request) => {
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries;
      let response: Response;
      try {
        response = await base(request.clone());
      } catch (err) {
        if (last || request.signal.aborted) throw err;
        await sleep(backoffMs(policy, attempt, null), request.signal);
        continue;
      }
      if (last || !retryable(response.status)) return response;
      const wait = backoffMs(policy, attempt, retryAfterMs(response.headers.get("retry-after")));
      await response.body?.cancel();
      await sleep(wait, request.signal);
    }
  };
}
