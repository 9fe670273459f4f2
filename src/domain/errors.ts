import type { FailedEntry, FailureCode } from "./outcome";

/**
 * The service's error codes (docs/api.md#errors) and the one error type below the
 * HTTP layer. The codes form a closed union: a new failure needs a new code here, and the HTTP
 * layer's exhaustive map (http/errors.ts) gives it a status; nothing else maps codes to statuses.
 */
export const ERROR_CODES = [
  "validation_failed",
  "unauthorized",
  "public_key_not_allowed",
  "sandbox_only",
  "forbidden",
  "not_found",
  "chart_not_found",
  "event_not_found",
  "webhook_not_found",
  "delivery_not_found",
  "workspace_not_found",
  "event_exists",
  "season_not_found",
  "partial_season_not_found",
  "season_exists",
  "season_in_use",
  "chart_exists",
  "chart_has_events",
  "publish_affects_reservations",
  "seat_unavailable",
  "ga_capacity_exceeded",
  "selection_rule_violated",
  "no_best_available",
  "table_booking_in_use",
  "conflict",
  "limit_reached",
  "idempotency_key_in_use",
  "precondition_failed",
  "payload_too_large",
  "idempotency_key_reused",
  "unsupported_media_type",
  "rate_limited",
  "admission_required",
  "price_changed",
  "member_not_found",
  "member_exists",
  "last_owner",
  "session_not_found",
  "internal_error",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every failure a decision of the event object can end with is an error code of the API. */
const _failuresAreErrorCodes: FailureCode extends ErrorCode ? true : false = true;

/** What a refusal carries besides its code and message (the envelope's `failed` and `errors`). */
export interface ErrorDetails {
  /** The labels it could not act on, each with a reason. */
  failed?: FailedEntry[];
  /** Invalid input: each property path to its messages. */
  errors?: Record<string, string[]>;
  /** A refusal that passes with time (429): when to try again, sent as the Retry-After header. */
  retryAfterSeconds?: number;
}

/**
 * A refusal: the one error type the Worker-side operations (charts/, events/, webhooks/,
 * workspaces/) throw, and what a refused decision of the event object becomes at the Worker's one
 * door to it (events/event-object-calls.ts). The HTTP layer turns it into the error envelope in one
 * place, so an operation never names a status. Anything else thrown is a bug (500).
 *
 * @example throw new ServiceError("chart_not_found", `Chart ${chartKey} does not exist`);
 */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly extra: ErrorDetails;

  constructor(code: ErrorCode, message: string, extra: ErrorDetails = {}) {
    super(message);
    this.name = "ServiceError";
    this.code = code;
    this.extra = extra;
  }
}
