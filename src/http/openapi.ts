import { z } from "@hono/zod-openapi";
import { failedEntrySchema } from "../domain/outcome";
import { ERROR_STATUS } from "./errors";

/** The error envelope (docs/api.md#errors) as a named OpenAPI component. */
export const ErrorSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string().openapi({ example: "Bad Request" }),
    message: z.string(),
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    failed: z.array(failedEntrySchema).optional(),
    errors: z.record(z.string(), z.array(z.string())).optional().openapi({ description: "Validation details: property path → messages" }),
  })
  .openapi("Error");

const DESCRIPTION: Record<number, string> = {
  400: "Invalid request (`validation_failed`, with `errors` per property path); also a JSON body that is missing, empty or cut short (`errors.body`)",
  401: "Missing, malformed or unknown credentials (`unauthorized`)",
  403: "Not allowed for this key (`public_key_not_allowed`, `sandbox_only`), or the event, chart, webhook endpoint or delivery named belongs to another workspace (`forbidden`, decided before any change)",
  404: "Not found",
  409: "Conflict",
  412: "Precondition failed (`precondition_failed`): the `If-Match` header names a draftVersion that is no longer the current one",
  429: "Too many requests (`rate_limited`): the sandbox limit per workspace; see the Retry-After header",
};

/**
 * The error responses of a route for its OpenAPI entry, all with the one envelope.
 *
 * @example responses: { 200: …, ...errorResponses(400, 401, 404) }
 */
export function errorResponses<S extends 400 | 401 | 403 | 404 | 409 | 412 | 429>(...statuses: S[]) {
  const out = {} as Record<S, { description: string; content: { "application/json": { schema: typeof ErrorSchema } } }>;
  for (const s of statuses) out[s] = { description: DESCRIPTION[s], content: { "application/json": { schema: ErrorSchema } } };
  return out;
}
