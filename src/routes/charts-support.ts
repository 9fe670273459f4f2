import type { Context } from "hono";
import { checkHookResult, type HookResult } from "../http/validation";

/** Paths reported at most in one `errors` object: a 100,000-seat body can hold 100,000 issues. */
const MAX_ERROR_PATHS = 100;

/**
 * The validation hook of the routes that take a layout: the default one's checks, but it reports
 * only the first {@link MAX_ERROR_PATHS} issues, so one mistake repeated in every seat stays readable.
 */
export function limitedHook(result: HookResult, c: Context): undefined {
  checkHookResult(result, c, MAX_ERROR_PATHS);
  return undefined;
}
