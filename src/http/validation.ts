import type { z } from "zod";
import { ApiError } from "./errors";

/**
 * Maps zod issues to `errors`: each dotted property path (`draftVersion.sections.0.rows`) to its
 * messages. The root of the body is `body`, so a wrong top-level type still names a path.
 */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.length === 0 ? "body" : issue.path.map(String).join(".");
    (errors[path] ??= []).push(issue.message);
  }
  return errors;
}

/** A validation failure with its per-path details. */
export function validationError(errors: Record<string, string[]>, message = "The request is invalid"): ApiError {
  return new ApiError("validation_failed", message, { errors });
}

/**
 * The `defaultHook` of every OpenAPIHono app: a zod failure becomes 400 `validation_failed`
 * through the one error envelope instead of the library's own body.
 */
export function validationHook(result: { success: true } | { success: false; error: z.ZodError }): void {
  if (!result.success) throw validationError(issuesToErrors(result.error.issues));
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
