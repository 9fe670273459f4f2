import type { Context } from "hono";
import type { z } from "zod";
import type { Environment } from "../../domain/scope";
import { validatedJsonText } from "../../http/validation";
import { scopeOf, type DashEnv } from "../context";

/** The path prefix of a data route that acts in one environment. */
export const ENV = "/:environment{production|sandbox}";

/** The session's workspace in the environment the path names. */
export function scope(c: Context<DashEnv>) {
  return scopeOf(c.var.session, c.req.param("environment") as Environment);
}

/**
 * The request's JSON body validated by `schema`, failing as the API does: 415 for another content
 * type, 400 `validation_failed` for a missing body, malformed JSON or a body the schema refuses.
 * Only a route whose every option has a default (`optional`, e.g. publish's `force`) may be sent
 * without a body; anywhere else an empty body is a request cut short, never "no change" or "clear".
 */
export async function jsonBody<T extends z.ZodType>(c: Context<DashEnv>, schema: T, opts: { optional?: boolean } = {}): Promise<z.output<T>> {
  return validatedJsonText(schema, await c.req.text(), c.req.header("content-type"), opts);
}
