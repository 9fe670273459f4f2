/**
 * Why a webhook attempt failed, as the delivery log records it (docs/security.md): an HTTP status code
 * when the receiver answered, else one of these codes. Never the network stack's own text, which
 * can name internal hosts, addresses and library versions.
 */

/** What went wrong on the way to the receiver. */
export const DELIVERY_NETWORK_ERRORS = ["dns_error", "timeout", "connection_failed", "tls_error"] as const;

/**
 * Every code the log may carry: the network's, and the service's own reasons for not sending
 * (the URL no longer passes the policy, the endpoint was disabled, the queue gave the message up).
 */
export const DELIVERY_ERRORS = [...DELIVERY_NETWORK_ERRORS, "url_not_allowed", "endpoint_disabled", "dead_lettered"] as const;
export type DeliveryError = (typeof DELIVERY_ERRORS)[number];

/** What a person reads for each code (the dashboard's delivery log). */
export const DELIVERY_ERROR_TEXT: Record<DeliveryError, string> = {
  dns_error: "The receiver's host name could not be resolved",
  timeout: "No answer in time",
  connection_failed: "The connection failed",
  tls_error: "The TLS handshake failed (certificate or protocol)",
  url_not_allowed: "The URL is no longer allowed",
  endpoint_disabled: "The endpoint is disabled",
  dead_lettered: "Given up by the queue; replay it to try again",
};

/**
 * The code of a failed fetch, from what the runtime says about it: DNS, TLS or anything else on
 * the connection. Only the code leaves this function.
 */
export function networkErrorOf(err: unknown): DeliveryError {
  const name = err instanceof Error ? err.name : "";
  if (name === "TimeoutError" || name === "AbortError") return "timeout";
  const text = err instanceof Error ? `${err.message} ${err.cause instanceof Error ? err.cause.message : ""}` : String(err);
  if (/dns|resolv|name not known|nodename|ENOTFOUND|EAI_AGAIN|no such host/i.test(text)) return "dns_error";
  if (/tls|ssl|certificate|handshake|x509/i.test(text)) return "tls_error";
  if (/timed? ?out|ETIMEDOUT/i.test(text)) return "timeout";
  return "connection_failed";
}

/**
 * The code of a log entry written before codes (raw text), so old entries read like new ones until
 * retention deletes them: null when the entry only restated its status code.
 */
export function deliveryErrorOf(stored: string | null): DeliveryError | null {
  if (stored === null) return null;
  if ((DELIVERY_ERRORS as readonly string[]).includes(stored)) return stored as DeliveryError;
  if (/^HTTP \d+$|^redirect/.test(stored)) return null;
  if (stored.startsWith("URL not allowed")) return "url_not_allowed";
  if (stored === "endpoint disabled") return "endpoint_disabled";
  if (stored.startsWith("dead-lettered")) return "dead_lettered";
  if (stored.startsWith("no answer within")) return "timeout";
  return networkErrorOf(new Error(stored));
}
