/**
 * What the route definitions leave to the document as a whole: the server, and the Idempotency-Key
 * contract of every POST of /api/v1 (docs/api.md#idempotent-requests). Each operation's name (the method names of
 * generated clients) is its route's `operationId`, declared with it in createRoute. Applied to the
 * generated document as it is served.
 */
import { IDEMPOTENCY_KEY_MAX } from "../domain/idempotency";

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;

interface Operation {
  operationId?: string;
  requestBody?: unknown;
  parameters?: unknown[];
  responses?: Record<string, { description?: string; headers?: Record<string, unknown>; content?: unknown }>;
}

const ERROR_CONTENT = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };

/**
 * Completes a generated document in place: `servers` (the origin it is served from), the 413 of
 * every operation with a body, and on every POST of /api/v1 the Idempotency-Key header, the
 * Idempotent-Replayed answer header and the 409 and 422 answers of the key's rules.
 */
export function completeDocument<D extends object>(document: D, origin: string): D {
  const doc = document as { paths?: Record<string, Record<string, unknown>>; servers?: unknown[] };
  doc.servers = [{ url: origin, description: "This deployment" }];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Operation | undefined;
      if (op === undefined) continue;
      if (method === "post" && path.startsWith("/api/v1/")) idempotent(op);
      if (op.requestBody !== undefined) bounded(op);
    }
  }
  return document;
}

/** Every body has a limit (http/body-limit.ts), answered before the body is read past it. */
function bounded(op: Operation): void {
  (op.responses ??= {})["413"] ??= {
    description:
      "`payload_too_large`: the body is over its limit, 1 MiB (64 KiB with a publishable key; 32 MiB for a chart's layout), with or without Content-Length",
    content: ERROR_CONTENT,
  };
}

function idempotent(op: Operation): void {
  op.parameters = [
    ...(op.parameters ?? []),
    {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "Makes the request safe to retry: a repeat with the same key, API key (and, for a publishable key, client address) and body within 24 hours answers the first answer (status and body) and does nothing again. A random UUID per logical request is recommended.",
      schema: { type: "string", minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
    },
  ];
  const responses = (op.responses ??= {});
  for (const [status, response] of Object.entries(responses)) {
    if (!status.startsWith("2")) continue;
    response.headers = {
      ...response.headers,
      "Idempotent-Replayed": {
        description: "`true` when this is the stored answer of an earlier request with the same Idempotency-Key",
        schema: { type: "string", enum: ["true"] },
        required: false,
      },
    };
  }
  const inUse = "`idempotency_key_in_use`: a request with the same Idempotency-Key is still running (retry after Retry-After)";
  responses["409"] = responses["409"]
    ? { ...responses["409"], description: `${responses["409"].description ?? "Conflict"}; or ${inUse}` }
    : { description: `Conflict: ${inUse}`, content: ERROR_CONTENT };
  responses["422"] ??= {
    description: "`idempotency_key_reused`: the Idempotency-Key was used in the last 24 hours with a different request (method, path or body)",
    content: ERROR_CONTENT,
  };
}
