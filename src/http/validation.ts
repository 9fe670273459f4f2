import type { Context } from "hono";
import type { z } from "zod";
import { ApiError } from "./errors";

/**
 * Maps zod issues to `errors`: each dotted property path (`draftVersion.sections.0.rows`) to its
 * messages. The root of the body is `body`, so a wrong top-level type still names a path. A field
 * that a strict schema does not know is named itself, so the caller sees which spelling was wrong.
 */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: readonly PropertyKey[], message: string) => {
    const key = path.length === 0 ? "body" : path.map(String).join(".");
    (errors[key] ??= []).push(message);
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") for (const field of issue.keys) add([...issue.path, field], "is not a known field");
    else add(issue.path, issue.message);
  }
  return errors;
}

/** A validation failure with its per-path details. */
export function validationError(errors: Record<string, string[]>, message = "The request is invalid"): ApiError {
  return new ApiError("validation_failed", message, { errors });
}

/** A body that does not parse as JSON (cut short, empty, not JSON at all): the same answer at every door. */
export function malformedJsonError(detail = "Malformed JSON in request body"): ApiError {
  return validationError({ body: [detail] }, "The request body is not valid JSON");
}

/**
 * The media types read as JSON: `application/json` and any `application/…+json`, parameters aside.
 * The same rule as Hono's JSON validator, which parses the API's bodies, so every door agrees.
 */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** Whether a Content-Type header names JSON. */
export function isJsonContentType(header: string | null | undefined): boolean {
  return JSON_MEDIA_TYPE.test((header ?? "").split(";")[0]!.trim());
}

/** What a validator hook is told: the outcome and which part of the request it validated. */
export type HookResult = ({ success: true } | { success: false; error: z.ZodError }) & { target?: string };

/**
 * The check behind every validation hook, `maxIssues` bounding how many are reported.
 *
 * A JSON body the route requires must have been sent as JSON. Hono's validator reads a request
 * without a Content-Type (and without a body, else the media-type gate has answered 415) as `{}`,
 * and a schema whose fields are all optional accepts that: a request cut short to nothing replaced
 * an event's selection rules with none. Refused here, every route that takes a JSON body inherits it.
 */
export function checkHookResult(result: HookResult, c: Context, maxIssues = Infinity): void {
  if (result.target === "json" && !isJsonContentType(c.req.header("content-type"))) throw malformedJsonError("A JSON request body is required");
  if (!result.success) throw validationError(issuesToErrors(result.error.issues.slice(0, maxIssues)));
}

/**
 * The `defaultHook` of every OpenAPIHono app: a zod failure, or a JSON body that was never sent,
 * becomes 400 `validation_failed` through the one error envelope instead of the library's own body.
 */
export function validationHook(result: HookResult, c: Context): void {
  checkHookResult(result, c);
}

/**
 * Parses a value with a route's schema outside the typed OpenAPI handlers (a route that answers
 * raw bytes), failing exactly as they do: 400 `validation_failed` through the one envelope.
 */
export function validated<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(issuesToErrors(result.error.issues));
  return result.data;
}

/**
 * A request body's text parsed as JSON and validated by `schema`, for the doors that read bodies
 * themselves (the dashboard's data routes). Refuses as the API does: 415 for a body of another
 * content type, 400 `validation_failed` for a missing body, malformed JSON or a body the schema
 * refuses. Only a route whose body is truly optional (`optional`) reads an empty body as `{}`.
 */
export function validatedJsonText<T extends z.ZodType>(
  schema: T,
  text: string,
  contentType: string | undefined,
  opts: { optional?: boolean } = {},
): z.output<T> {
  if (text.trim() === "" && opts.optional) return validated(schema, {});
  if (!isJsonContentType(contentType)) {
    if (text === "") throw malformedJsonError("A JSON request body is required");
    throw new ApiError("unsupported_media_type", "Send the request body as JSON with Content-Type: application/json");
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw malformedJsonError();
  }
  return validated(schema, raw);
}
