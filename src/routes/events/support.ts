import { z } from "@hono/zod-openapi";

export { callEvent, notFound, requireKnownEvent, stubFor } from "../../events/event-object-calls";

export const eventKeyParam = z.object({
  eventKey: z.string().openapi({ param: { name: "eventKey", in: "path" }, example: "gala-2026" }),
});

/** Splits a comma-separated labels query (at most 200, empty parts ignored). */
export const labelsQuery = z
  .string()
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : v
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s.length > 0),
  )
  .refine((v) => v === undefined || v.length <= 200, "at most 200 labels")
  .openapi({ type: "string", description: "Comma-separated object labels (at most 200)", example: "A-1-1,A-1-2" });
