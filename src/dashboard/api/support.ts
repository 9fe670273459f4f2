import type { Context } from "hono";
import type { z } from "zod";
import type { Environment } from "../../domain/scope";
import { ApiError } from "../../http/errors";
import { validated, validationError } from "../../http/validation";
import { scopeOf, type DashEnv } from "../context";

/** The path prefix of a data route that acts in one environment. */
export const ENV = "/:environment{production|sandbox}";

/** The session's workspace in the environment the path names. */
export function scope(c: Context<DashEnv>) {
  return scopeOf(c.var.session, c.req.param("environment") as Environment);
}

/**
 * The request's JSON body validated by `schema`, failing as the API does: 415 for another content
 * type, 400 `validation_failed` for malformed JSON or a body the schema refuses. A body may be
 * omitted where the schema accepts `{}`.
 */
export async function jsonBody<T extends z.ZodType>(c: Context<DashEnv>, schema: T): Promise<z.output<T>> {
  const text = await c.req.text();
  if (text.trim() === "") return validated(schema, {});
  if (!/^application\/json\b/i.test(c.req.header("content-type") ?? "")) {
    throw new ApiError("unsupported_media_type", "Send the request body as JSON with Content-Type: application/json");
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw validationError({ body: ["Malformed JSON in request body"] }, "The request body is not valid JSON");
  }
  return validated(schema, raw);
}
