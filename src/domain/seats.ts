import { z } from "@hono/zod-openapi";
import { orderIdSchema } from "./status-changes";
import { jsonObjectOrNullSchema, jsonObjectSchema, MAX_JSON_DEPTH } from "./json";
import { channelKeysSchema, ignoreChannelsSchema } from "./channels";
import { expectedTotalSchema, holdTicketTypesSchema, priceSchema, totalSchema } from "./pricing";
import { DEFAULT_TTL_SECONDS, MAX_EXTRA_DATA_BYTES } from "./public-limits";
import type { ChannelPass } from "./channel-passes";

/**
 * The seat actions' request and response bodies (docs/events.md#seat-actions).
 * The router validates with these schemas and documents them in OpenAPI; the event's Durable Object
 * takes their parsed output and returns their response types; the SDK reads the same types.
 */

/** Longest hold: one day. A longer ttlSeconds is 400, so an abandoned hold cannot block a seat for weeks. */
export const MAX_TTL_SECONDS = 86_400;
export { DEFAULT_TTL_SECONDS, MAX_EXTRA_DATA_BYTES };

const label = z.string().min(1).max(255);
export const labelsSchema = z.array(label).min(1, "must hold 1 to 200 labels").max(200, "must hold 1 to 200 labels");
export const ttlSecondsSchema = z.number().positive("must be greater than 0").max(MAX_TTL_SECONDS, `must be at most ${MAX_TTL_SECONDS}`);
/**
 * A hold's lifetime. Omitted, it is 900 seconds; with a publishable key it is at most the event's
 * `maxPublicHoldSeconds` and defaults to the smaller of 900 and that (docs/security.md), which only the
 * event knows: so the hold's policy resolves it, not this schema.
 */
export const holdTtlSecondsSchema = ttlSecondsSchema.optional().openapi({
  description:
    "Seconds the hold lasts: > 0, at most 86400, default 900. With a publishable key at most the event's maxPublicHoldSeconds (default 1800), and the default is the smaller of 900 and that; above it is 400 validation_failed naming ttlSeconds",
});
/** A token to look up (book, release, extend): any length up to 255, since a shorter one simply matches nothing. */
const anyToken = z.string().min(1).max(255);
export const extraDataSchema = jsonObjectSchema
  .nullable()
  .optional()
  .refine(
    (v) => v == null || new TextEncoder().encode(JSON.stringify(v)).length <= MAX_EXTRA_DATA_BYTES,
    `must be at most ${MAX_EXTRA_DATA_BYTES} bytes of JSON`,
  )
  .openapi({
    description:
      `Any JSON object, attached to the status change and sent in its webhooks: at most ${MAX_EXTRA_DATA_BYTES} bytes of JSON (1024 with a publishable key), with objects ` +
      `and arrays nested at most ${MAX_JSON_DEPTH} levels deep (the object itself is level 1); deeper is 400 validation_failed naming the path`,
  });

/** A token that holds: client-generated, at least 8 characters (docs/api.md#limits). */
export const newHoldTokenSchema = z.string().min(8, "must be at least 8 characters").max(255);

/** Secret keys only (docs/selling-rules.md, box office): the hold skips the event's selection rules. A publishable key sending it is 400. */
export const ignoreSelectionRulesSchema = z.boolean().optional();

export const holdRequestSchema = z
  .object({
    objectLabels: labelsSchema,
    holdToken: newHoldTokenSchema,
    ttlSeconds: holdTtlSecondsSchema,
    extraData: extraDataSchema,
    objectType: z.literal("generalAdmission").optional(),
    categoryKey: z.string().min(1).max(255).optional(),
    quantity: z.number().int().min(1, "must be at least 1").optional(),
    ignoreSelectionRules: ignoreSelectionRulesSchema,
    channelKeys: channelKeysSchema,
    ignoreChannels: ignoreChannelsSchema,
    accessible: z
      .boolean()
      .optional()
      .openapi({ description: "The buyer states an accessibility need (docs/accessibility.md): held-back wheelchair spaces and companion seats may be held" }),
    ticketTypes: holdTicketTypesSchema,
  })
  .superRefine((b, ctx) => {
    const ga = b.objectType !== undefined || b.quantity !== undefined || b.categoryKey !== undefined;
    if (ga && b.objectLabels.length !== 1)
      ctx.addIssue({ code: "custom", path: ["objectLabels"], message: "GA fields (objectType, quantity, categoryKey) need exactly one label" });
    if (b.objectType === "generalAdmission" && b.quantity === undefined)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: "required for a general-admission hold" });
    if (b.objectType === undefined && b.quantity !== undefined)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: 'valid only with objectType "generalAdmission"' });
    if (b.objectType === undefined && b.categoryKey !== undefined)
      ctx.addIssue({ code: "custom", path: ["categoryKey"], message: 'valid only with objectType "generalAdmission"' });
    ticketTypeIssues(b, ctx);
  })
  .openapi("HoldRequest");
export type HoldRequest = z.output<typeof holdRequestSchema>;

/**
 * A hold's ticketTypes (docs/prices.md) name only labels it holds: a seat one ticket type, a GA area
 * `{ ticketTypeKey: quantity }` adding up to the hold's quantity. Whether the category has those
 * ticket types is the event's to say, since only it knows the pricing.
 */
function ticketTypeIssues(
  b: { objectLabels: string[]; objectType?: "generalAdmission"; quantity?: number; ticketTypes?: z.output<typeof holdTicketTypesSchema> },
  ctx: z.RefinementCtx,
): void {
  for (const [label, t] of Object.entries(b.ticketTypes ?? {})) {
    const path = ["ticketTypes", label];
    if (!b.objectLabels.includes(label)) ctx.addIssue({ code: "custom", path, message: `${label} is not among the objectLabels of this hold` });
    else if (b.objectType === "generalAdmission") {
      if (typeof t === "string") ctx.addIssue({ code: "custom", path, message: "a general-admission area takes { ticketTypeKey: quantity }" });
      else {
        const sum = Object.values(t).reduce((a, n) => a + n, 0);
        if (b.quantity !== undefined && sum !== b.quantity)
          ctx.addIssue({ code: "custom", path, message: `the quantities add up to ${sum}; the hold is for ${b.quantity} places` });
      }
    } else if (typeof t !== "string") ctx.addIssue({ code: "custom", path, message: "a seat takes one ticketTypeKey" });
  }
}

export const bookRequestSchema = z
  .object({ objectLabels: labelsSchema, holdToken: anyToken, orderId: orderIdSchema.optional(), expectedTotal: expectedTotalSchema })
  .openapi("BookRequest");
export type BookRequest = z.output<typeof bookRequestSchema>;

export const releaseRequestSchema = z
  .object({
    objectLabels: labelsSchema.optional(),
    holdToken: anyToken.optional(),
    orderId: orderIdSchema.optional().openapi({ description: "Secret key: frees every object booked under this order (alone, or narrowed by objectLabels)" }),
  })
  .openapi("ReleaseRequest");
export type ReleaseBody = z.output<typeof releaseRequestSchema>;

export const extendRequestSchema = z
  .object({ holdToken: anyToken, ttlSeconds: ttlSecondsSchema.default(DEFAULT_TTL_SECONDS), objectLabels: labelsSchema.optional() })
  .openapi("ExtendRequest");
export type ExtendRequest = z.output<typeof extendRequestSchema>;

export const labelsRequestSchema = z.object({ objectLabels: labelsSchema }).openapi("LabelsRequest");

/**
 * not-for-sale and for-sale (docs/events.md#seat-actions, docs/channels.md): seats by label, every seat of some categories, and
 * GA places per area; at least one of the three. All or nothing.
 */
export const saleRequestSchema = z
  .object({
    objectLabels: labelsSchema.optional(),
    categories: z.array(z.string().min(1).max(128)).min(1).max(1000).optional(),
    areaPlaces: z.record(z.string().min(1).max(255), z.number().int("must be an integer").min(1, "must be at least 1")).optional(),
  })
  .refine((b) => b.objectLabels !== undefined || b.categories !== undefined || (b.areaPlaces !== undefined && Object.keys(b.areaPlaces).length > 0), {
    message: "objectLabels, categories or areaPlaces is required",
    path: ["objectLabels"],
  })
  .openapi("SaleRequest");
export type SaleRequest = z.output<typeof saleRequestSchema>;

const extraDataOut = jsonObjectOrNullSchema;

export const holdResultSchema = z
  .object({
    chartKey: z.string(),
    eventKey: z.string(),
    holdToken: z.string(),
    holdExpiresAt: z.string(),
    objects: z.array(
      z.object({
        objectLabel: z.string(),
        status: z.literal("held"),
        extraData: extraDataOut,
        quantity: z.number().int().optional(),
        seatLabels: z.array(z.string()).optional().openapi({ description: "A table held whole (docs/tables.md): its seats" }),
        price: priceSchema.optional().openapi({ description: "docs/prices.md: the price locked with the hold; absent when the event has no pricing" }),
      }),
    ),
    total: totalSchema.optional().openapi({ description: "docs/prices.md: the objects' locked prices added up; absent when none is priced" }),
  })
  .openapi("HoldResponse");
export type HoldResult = z.infer<typeof holdResultSchema>;
export type HeldObject = HoldResult["objects"][number];

export const bookResultSchema = z
  .object({
    eventKey: z.string(),
    objects: z.array(
      z.object({
        objectLabel: z.string(),
        status: z.literal("booked"),
        bookedAt: z.string(),
        extraData: extraDataOut,
        quantity: z.number().int().optional(),
        orderId: z.string().optional(),
        seatLabels: z.array(z.string()).optional().openapi({ description: "A table booked whole (docs/tables.md): its seats" }),
        price: priceSchema.optional().openapi({ description: "docs/prices.md: the price locked with the hold, now the booking's" }),
      }),
    ),
    total: totalSchema.optional().openapi({ description: "docs/prices.md: the booked objects' prices added up; absent when none is priced" }),
  })
  .openapi("BookResponse");
export type BookResult = z.infer<typeof bookResultSchema>;
export type BookedObject = BookResult["objects"][number];

export const freedResultSchema = z
  .object({ eventKey: z.string(), objects: z.array(z.object({ objectLabel: z.string(), status: z.literal("free"), quantity: z.number().int().optional() })) })
  .openapi("ReleaseResponse");
export type FreedResult = z.infer<typeof freedResultSchema>;
export type FreedObject = FreedResult["objects"][number];

export const notForSaleResultSchema = z
  .object({
    eventKey: z.string(),
    objects: z.array(z.object({ objectLabel: z.string(), status: z.literal("not_for_sale"), quantity: z.number().int().optional() })),
  })
  .openapi("NotForSaleResponse");
export type NotForSaleResult = z.infer<typeof notForSaleResultSchema>;

export const resetResultSchema = z.object({ eventKey: z.string(), reset: z.literal(true) }).openapi("ResetResponse");
export type ResetResult = z.infer<typeof resetResultSchema>;

/** Who is asking, as far as seat rules care: secret keys see extraData and may release booked seats. */
export type CallerKind = "public" | "secret";

/** A release as the event object takes it: the body plus who asked (docs/events.md#releasing). */
export type ReleaseRequest = ReleaseBody & { caller: CallerKind };

/** Who asks for a hold: the key kind, and for a publishable key the client address (CF-Connecting-IP). */
export interface HoldCaller {
  kind: CallerKind;
  client?: string;
  /**
   * The event ids a publishable-key hold's X-Admission admissions were signed for, once the Worker
   * verified their signatures (docs/waiting-room.md): one for an event's hold, one per event for a season's.
   * While an event's waiting room is open its object refuses a hold without its own id here.
   */
  admittedTo?: string[];
  /**
   * The channel passes the request carried (X-Channel-Pass), once the Worker verified their
   * signatures and expiry (docs/security.md): a publishable key takes from a protected channel only
   * with one issued for that event and channel.
   */
  passes?: ChannelPass[];
}
