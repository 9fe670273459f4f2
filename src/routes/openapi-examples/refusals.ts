/**
 * Example error envelopes. The refusals a caller must plan for (a seat taken, a rule broken) are
 * written per operation; every other documented error status gets the envelope it most often
 * carries, named from the operation's path (a missing `{eventKey}` is `event_not_found`).
 */
import { errorBody } from "../../http/errors";
import type { ErrorCode } from "../../domain/errors";
import type { FailedEntry } from "../../domain/outcome";

/** The error envelope of `code`, built by the one function that builds every error body. */
export function refusal(code: ErrorCode, message: string, extra: { failed?: FailedEntry[]; errors?: Record<string, string[]> } = {}) {
  return errorBody(code, message, extra);
}

/** The not-found code of the last resource a path names. */
function missing(path: string): { code: ErrorCode; what: string } {
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  switch (params.at(-1)) {
    case "chartKey":
      return { code: "chart_not_found", what: "Chart main-hall does not exist" };
    case "eventKey":
    case "ticket":
      return { code: "event_not_found", what: "Event gala-2026 does not exist" };
    case "seasonKey":
      return { code: "season_not_found", what: "Season home-2027 does not exist" };
    case "partialSeasonKey":
      return { code: "partial_season_not_found", what: "Partial season first-half does not exist" };
    case "id":
      return { code: "webhook_not_found", what: "Webhook endpoint wh_3kTq9bX2mN8pL4vR7sW1 does not exist" };
    case "deliveryId":
      return { code: "delivery_not_found", what: "Delivery dlv_7Gm2xQ9rT4kLp8Vn3Wc6 does not exist" };
    case "workspaceKey":
      return { code: "workspace_not_found", what: "Workspace ws_3kTq9bX2mN8pL4vR7sW1 does not exist" };
    default:
      return { code: "not_found", what: "No such route" };
  }
}

/** The usual envelope of an error status on `method path`, or undefined for a status without one. */
export function usualRefusal(status: string, method: string, path: string): unknown {
  const admin = path.startsWith("/admin/");
  switch (status) {
    case "400":
      return refusal("validation_failed", "The request is invalid", { errors: { body: ["Expected a JSON object"] } });
    case "401":
      return admin
        ? refusal("unauthorized", "A valid operator token is required")
        : refusal("unauthorized", "A valid API key is required in the X-Api-Key header");
    case "403":
      return refusal("forbidden", "This belongs to another workspace");
    case "404": {
      const { code, what } = missing(path);
      return refusal(code, what);
    }
    case "409":
      return method === "post"
        ? refusal("idempotency_key_in_use", "A request with this Idempotency-Key is still running; retry after Retry-After")
        : refusal("conflict", "The request conflicts with a change in progress; retry");
    case "412":
      return refusal("precondition_failed", "The draft changed since the version named in If-Match");
    case "413":
      return refusal("payload_too_large", "The request body is too large");
    case "415":
      return refusal("unsupported_media_type", "Send the request body as JSON with Content-Type: application/json");
    case "422":
      return refusal("idempotency_key_reused", "This Idempotency-Key was used with a different request in the last 24 hours");
    case "429":
      return refusal("rate_limited", "Too many requests; retry after Retry-After seconds");
    default:
      return undefined;
  }
}
