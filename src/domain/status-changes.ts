import { z } from "@hono/zod-openapi";
import { jsonObjectOrNullSchema } from "./json";
import { priceSchema } from "./pricing";
import { STATUSES } from "./status";

/**
 * The status history of an event (docs/status-history.md): one record per change of an object's state, in the
 * same transaction as the change, numbered per event by `seq` (1, 2, 3, … with no gap and no reuse),
 * so a receiver of webhooks or of the live feed can order what it got and see what it missed.
 */

/** Why an object's state changed. */
export const CAUSES = ["hold", "book", "release", "expire", "extend", "not_for_sale", "for_sale", "reset", "publish"] as const;
export type Cause = (typeof CAUSES)[number];

/** Records are kept this long, then pruned by the event object's alarm. */
export const HISTORY_RETENTION_DAYS = 365;

/** The longest order id a booking may carry. */
export const MAX_ORDER_ID = 255;
export const orderIdSchema = z.string().min(1).max(MAX_ORDER_ID).openapi({ description: "Your order's id (1 to 255 characters)", example: "8812" });

const status = z.enum(STATUSES);

export const statusChangeSchema = z
  .object({
    seq: z.number().int().openapi({ description: "Per event: 1, 2, 3, … with no gap and no reuse" }),
    at: z.string().openapi({ description: "When the change committed (ISO 8601)" }),
    objectLabel: z.string(),
    objectType: z.enum(["seat", "generalAdmission", "table", "booth"]),
    status: status.openapi({ description: "The object's status after the change (a GA area's derived status)" }),
    previousStatus: status,
    quantity: z.number().int().optional().openapi({ description: "GA areas: the places the change concerns" }),
    held: z.number().int().optional().openapi({ description: "GA areas: places held in the whole area after the change" }),
    booked: z.number().int().optional().openapi({ description: "GA areas: places booked in the whole area after the change" }),
    cause: z.enum(CAUSES),
    orderId: z.string().optional(),
    seasonKey: z.string().optional().openapi({ description: "The season the change was made for (docs/seasons.md)" }),
    partialSeasonKey: z.string().optional().openapi({ description: "The partial season the change was made for" }),
    seatLabels: z.array(z.string()).optional().openapi({ description: "A table taken whole (docs/tables.md): the seats it was taken with" }),
    extraData: jsonObjectOrNullSchema,
    price: priceSchema
      .optional()
      .openapi({ description: "docs/prices.md: the locked price of the objects the change concerns (a GA change: its places); absent when unpriced" }),
  })
  .openapi("StatusChange");
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const statusChangesQuerySchema = z.object({
  objectLabel: z.string().min(1).max(255).optional(),
  holdToken: z.string().min(1).max(255).optional().openapi({ description: "Only changes made under this hold token (the token itself is never returned)" }),
  orderId: orderIdSchema.optional(),
  after: z.coerce.number().int().min(0).optional().openapi({ description: "Only records with a larger seq (pass the previous page's nextCursor)" }),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  format: z.enum(["json", "csv"]).optional().openapi({ description: "csv: every matching record as a CSV download (also with Accept: text/csv)" }),
});
export type StatusChangesQuery = z.output<typeof statusChangesQuerySchema>;

export const statusChangesResultSchema = z
  .object({
    items: z.array(statusChangeSchema),
    nextCursor: z.string().nullable().openapi({ description: "The seq to pass as `after` for the next page; null on the last page" }),
  })
  .openapi("StatusChanges");
export type StatusChangesResult = z.infer<typeof statusChangesResultSchema>;
