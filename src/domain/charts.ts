import { z } from "@hono/zod-openapi";
import { layoutSchema } from "./layout-schema";

/**
 * The chart resource (docs/charts.md#the-chart-api, docs/charts.md#the-layout): its record and the bodies that create and
 * change it. The public API and the dashboard validate with these, so both doors take the same input.
 */

/** chartKey: letters, digits, '.', '_' and '-' (at most 128). */
export const CHART_KEY = /^[A-Za-z0-9._-]+$/;

const name = z.string().min(3, "must be 3 to 255 characters").max(255, "must be 3 to 255 characters");

/** The chart record every chart route answers with. */
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

export const chartCreateSchema = z
  .object({
    name,
    chartKey: z.string().min(1).max(128).regex(CHART_KEY, "may hold only letters, digits, '.', '_' and '-'").optional(),
    draftVersion: layoutSchema.optional(),
  })
  .openapi("ChartCreate");
export type ChartCreate = z.output<typeof chartCreateSchema>;

export const chartUpdateSchema = z
  .object({ name: name.optional(), draftVersion: layoutSchema.optional() })
  .superRefine((v, ctx) => {
    if (v.name === undefined && v.draftVersion === undefined) ctx.addIssue({ code: "custom", message: "give name, draftVersion or both", path: [] });
  })
  .openapi("ChartUpdate");
export type ChartUpdate = z.output<typeof chartUpdateSchema>;
