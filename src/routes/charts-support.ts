import { z } from "@hono/zod-openapi";
import type { ChartRow } from "../db/charts";
import { issuesToErrors, validationError } from "../http/validation";

/** The chart record every chart route answers with (interface.md "Chart"). */
export const chartSchema = z
  .object({
    chartKey: z.string().openapi({ example: "main-hall" }),
    name: z.string().openapi({ example: "Main hall" }),
    draftVersion: z.number().int().openapi({ description: "Version of the draft: 1 on create, +1 per draft change" }),
    publishedVersion: z.number().int().nullable().openapi({ description: "The draftVersion that was last published; null when unpublished" }),
    createdAt: z.string(),
    updatedAt: z.string(),
    publishedAt: z.string().nullable(),
  })
  .openapi("Chart");

export type ChartRecord = z.infer<typeof chartSchema>;

/** The public form of a chart row: internal ids stay internal. */
export function chartRecord(row: ChartRow): ChartRecord {
  return {
    chartKey: row.chartKey,
    name: row.name,
    draftVersion: row.draftVersion,
    publishedVersion: row.publishedVersion,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    publishedAt: row.publishedAt,
  };
}

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
