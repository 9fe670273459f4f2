/** The service's error envelope (docs/api.md#errors), as the generated types describe it. */
import type { Error as ErrorBody, FailedEntry } from "./generated/types.gen.js";

export type { ErrorBody, FailedEntry };

/**
 * An answer of the service that is not a success: its `code` (`seat_unavailable`,
 * `idempotency_key_reused`, …), HTTP `status`, `message`, and for seat refusals `failed[]` naming
 * each label and why. Thrown by every method once retries (if any applied) are spent.
 */
export class SeatsApiError extends Error {
  readonly status: number;
  readonly code: ErrorBody["code"] | "unknown";
  readonly failed: FailedEntry[];
  readonly errors: Record<string, string[]>;
  /** The whole envelope, or the raw text when the answer was not JSON. */
  readonly body: ErrorBody | string | undefined;

  constructor(status: number, body: unknown) {
    const envelope = isEnvelope(body) ? body : undefined;
    super(envelope?.message ?? `The service answered ${status}`);
    this.name = "SeatsApiError";
    this.status = status;
    this.code = envelope?.code ?? "unknown";
    this.failed = envelope?.failed ?? [];
    this.errors = envelope?.errors ?? {};
    this.body = envelope ?? (typeof body === "string" ? body : undefined);
  }
}

/** No answer at all: the connection failed or the per-call timeout passed (`timedOut`). */
export class SeatsNetworkError extends Error {
  readonly timedOut: boolean;

  constructor(cause: unknown, timedOut: boolean) {
    super(timedOut ? "The request timed out" : `The request failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "SeatsNetworkError";
    this.timedOut = timedOut;
  }
}

function isEnvelope(body: unknown): body is ErrorBody {
  return typeof body === "object" && body !== null && typeof (body as { code?: unknown }).code === "string";
}
