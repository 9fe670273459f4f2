import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ServiceError, type ErrorCode, type ErrorDetails } from "../domain/errors";
import type { FailedEntry } from "../domain/outcome";
import { logError } from "../domain/log-safety";

/**
 * The HTTP status of every error code (the codes themselves are domain/errors.ts). The map is
 * exhaustive: a new code does not compile until it has its row here, and nothing else maps codes
 * to statuses.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthorized: 401,
  public_key_not_allowed: 403,
  sandbox_only: 403,
  forbidden: 403,
  admission_required: 403,
  price_changed: 409,
  not_found: 404,
  chart_not_found: 404,
  event_not_found: 404,
  webhook_not_found: 404,
  delivery_not_found: 404,
  workspace_not_found: 404,
  event_exists: 409,
  season_not_found: 404,
  partial_season_not_found: 404,
  season_exists: 409,
  season_in_use: 409,
  chart_exists: 409,
  chart_has_events: 409,
  publish_affects_reservations: 409,
  seat_unavailable: 409,
  ga_capacity_exceeded: 409,
  selection_rule_violated: 409,
  no_best_available: 409,
  table_booking_in_use: 409,
  conflict: 409,
  limit_reached: 409,
  idempotency_key_in_use: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  idempotency_key_reused: 422,
  unsupported_media_type: 415,
  rate_limited: 429,
  member_not_found: 404,
  member_exists: 409,
  last_owner: 409,
  session_not_found: 404,
  internal_error: 500,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

const REASON: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
};

/** A refusal's details, and for the HTTP layer's own refusals the response headers they set. */
export interface ErrorExtra extends ErrorDetails {
  headers?: Record<string, string>;
}

/** The JSON envelope of docs/api.md#errors. */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code: ErrorCode;
  failed?: FailedEntry[];
  errors?: Record<string, string[]>;
}

/**
 * A refusal raised by the HTTP layer itself (authentication, rate limits, validation, routing): a
 * {@link ServiceError} that may also set response headers (Retry-After, Allow). `app.onError`
 * turns it, like every ServiceError, into the envelope, so a handler never builds an error
 * response itself.
 *
 * @example throw new ApiError("rate_limited", "Too many requests", { headers: { "Retry-After": "10" } });
 */
export class ApiError extends ServiceError {
  declare readonly extra: ErrorExtra;

  constructor(code: ErrorCode, message: string, extra: ErrorExtra = {}) {
    super(code, message, extra);
    this.name = "ApiError";
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

/** Builds the envelope for a code; the only place an error body is assembled. */
export function errorBody(code: ErrorCode, message: string, extra: ErrorExtra = {}): ErrorBody {
  const statusCode = ERROR_STATUS[code];
  const body: ErrorBody = { statusCode, error: REASON[statusCode] ?? "Error", message, code };
  if (extra.failed) body.failed = extra.failed;
  if (extra.errors) body.errors = extra.errors;
  return body;
}

/**
 * The one mapping of what was thrown to what is answered: an ApiError as it is, any other
 * ServiceError (an operation's refusal) with its code and details, and anything else (a bug)
 * logged and answered as 500 `internal_error`.
 */
export function asApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof ServiceError) {
    const { retryAfterSeconds, ...extra } = err.extra;
    return new ApiError(err.code, err.message, retryAfterSeconds === undefined ? extra : { ...extra, headers: { "Retry-After": String(retryAfterSeconds) } });
  }
  logError("unhandled error", err);
  return new ApiError("internal_error", "An unexpected error occurred");
}

/** Answers an ApiError as JSON with its status and any extra headers (Retry-After, Allow). */
export function errorResponse(c: Context, err: ApiError): Response {
  const res = c.json(errorBody(err.code, err.message, err.extra), err.status);
  for (const [name, value] of Object.entries(err.extra.headers ?? {})) res.headers.set(name, value);
  return res;
}
