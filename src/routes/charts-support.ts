import type { z } from "@hono/zod-openapi";
import { issuesToErrors, validationError } from "../http/validation";

/** Paths reported at most in one `errors` object: a 100,000-seat body can hold 100,000 issues. */
const MAX_ERROR_PATHS = 100;

/**
 * The validation hook of the routes that take a layout: like the default one, but it reports only
 * the first {@link MAX_ERROR_PATHS} issues, so one mistake repeated in every seat stays readable.
 */
export function limitedHook(result: { success: true } | { success: false; error: z.ZodError }): undefined {
  if (!result.success) throw validationError(issuesToErrors(result.error.issues.slice(0, MAX_ERROR_PATHS)));
  return undefined;
}
