import { z } from "@hono/zod-openapi";
import { accessibleQuantity, accessibleRequestSchema } from "./accessibility";
import { MAX_CATEGORIES, MAX_SECTIONS } from "./layout-schema";
import { channelKeysSchema, ignoreChannelsSchema } from "./channels";
import { bestTicketTypesSchema } from "./pricing";
import { extraDataSchema, holdResultSchema, holdTtlSecondsSchema, ignoreSelectionRulesSchema, newHoldTokenSchema } from "./seats";
import {
  DEFAULT_MAX_HELD_SEATS_PER_CLIENT,
  DEFAULT_MAX_PUBLIC_HOLD_SECONDS,
  MAX_PUBLIC_HOLD_SECONDS_SETTING,
  MIN_PUBLIC_HOLD_SECONDS_SETTING,
} from "./public-limits";

/**
 * The selling rules' request and response bodies (docs/selling-rules.md): the event's selection rules and
 * hold-best-available. The checks themselves are pure functions in src/selling/.
 */

/** Most seats one hold-best-available call may ask for (docs/selling-rules.md). */
export const MAX_BEST_AVAILABLE = 50;

/** Largest value of any selection-rule limit (docs/selling-rules.md). */
export const MAX_RULE_LIMIT = 10_000;

const limit = z.number().int("must be an integer").min(1, "must be at least 1").max(MAX_RULE_LIMIT, `must be at most ${MAX_RULE_LIMIT}`);
const categoryKey = z.string().min(1).max(128);

/**
 * PUT /events/{eventKey}/selection-rules replaces the rules with this body; `{}` clears them. A
 * category key the layout does not (or no longer) have is kept: it caps nothing until the layout
 * has that category again.
 *
 * Strict: the body replaces every rule at once, so a misspelt field (`maxSeatPerToken`) silently
 * dropped would clear the very rule it meant to set. An unknown field is 400 naming it instead.
 */
export const selectionRulesSchema = z
  .object({
    maxSeatsPerToken: limit.optional().openapi({ description: "Seats plus GA places held or booked under one hold token on the event" }),
    maxSeatsPerCategory: z
      .record(categoryKey, limit)
      .refine((r) => Object.keys(r).length <= MAX_CATEGORIES, `at most ${MAX_CATEGORIES} categories`)
      .optional()
      .openapi({ description: "The same count per category key" }),
    noOrphanSeats: z
      .boolean()
      .optional()
      .openapi({ description: "Refuse a hold that would leave a free seat with no free neighbour where it had one (releases are never refused)" }),
    maxHeldSeatsPerClient: limit.optional().openapi({
      description: `Publishable-key holds: seats plus GA places held at once by one client address (CF-Connecting-IP; an IPv6 address as its /64) over all its tokens. Unset, ${DEFAULT_MAX_HELD_SEATS_PER_CLIENT} applies`,
    }),
    maxPublicHoldSeconds: z
      .number()
      .int("must be an integer")
      .min(MIN_PUBLIC_HOLD_SECONDS_SETTING, `must be at least ${MIN_PUBLIC_HOLD_SECONDS_SETTING}`)
      .max(MAX_PUBLIC_HOLD_SECONDS_SETTING, `must be at most ${MAX_PUBLIC_HOLD_SECONDS_SETTING}`)
      .optional()
      .openapi({
        description: `The longest publishable-key hold (its ttlSeconds), ${MIN_PUBLIC_HOLD_SECONDS_SETTING}..${MAX_PUBLIC_HOLD_SECONDS_SETTING}. Unset, ${DEFAULT_MAX_PUBLIC_HOLD_SECONDS} applies; a publishable hold without ttlSeconds lasts the smaller of 900 and this`,
      }),
  })
  .strict()
  .openapi("SelectionRules", {
    description: `Every field is optional and \`{}\` clears the rules; a field not listed here is refused (400), never ignored. Cleared or unset, the publishable-key defaults apply: maxHeldSeatsPerClient ${DEFAULT_MAX_HELD_SEATS_PER_CLIENT}, maxPublicHoldSeconds ${DEFAULT_MAX_PUBLIC_HOLD_SECONDS}`,
  });
export type SelectionRules = z.infer<typeof selectionRulesSchema>;

export const holdBestAvailableRequestSchema = z
  .object({
    holdToken: newHoldTokenSchema,
    quantity: z
      .number()
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(MAX_BEST_AVAILABLE, `must be at most ${MAX_BEST_AVAILABLE}`)
      .optional()
      .openapi({ description: "Seats to hold; required unless `accessible` is sent, and then, when sent, their sum" }),
    accessible: accessibleRequestSchema.optional(),
    categories: z.array(categoryKey).min(1).max(MAX_CATEGORIES).optional().openapi({ description: "Only seats of these categories (all when omitted)" }),
    sections: z
      .array(z.string().min(1).max(128))
      .min(1)
      .max(MAX_SECTIONS)
      .optional()
      .openapi({ description: "Only seats of these sections (all when omitted)" }),
    together: z.boolean().default(false).openapi({ description: "Only adjacent seats: no split answer when no block of adjacent seats is free" }),
    tables: z.boolean().optional().openapi({
      description:
        "A party at tables (docs/tables.md): table seats only, `quantity` seats at one table when any has them free, else at the fewest tables, nearest the focal point; tables booked only whole are held whole, the smallest sum of seats of at least `quantity`",
    }),
    ttlSeconds: holdTtlSecondsSchema,
    extraData: extraDataSchema,
    ignoreSelectionRules: ignoreSelectionRulesSchema,
    channelKeys: channelKeysSchema,
    ignoreChannels: ignoreChannelsSchema,
    ticketTypes: bestTicketTypesSchema,
  })
  .transform((b, ctx) => {
    // quantity is the accessible seats' sum (docs/accessibility.md), so it may be left out, never contradict it.
    const sum = b.accessible ? accessibleQuantity(b.accessible) : undefined;
    if (b.tables === true && b.accessible !== undefined) {
      ctx.addIssue({ code: "custom", path: ["tables"], message: "cannot be combined with accessible" });
      return z.NEVER;
    }
    if (sum === undefined && b.quantity === undefined) {
      ctx.addIssue({ code: "custom", path: ["quantity"], message: "required (unless accessible is sent)" });
      return z.NEVER;
    }
    if (sum !== undefined && b.quantity !== undefined && b.quantity !== sum) {
      ctx.addIssue({ code: "custom", path: ["quantity"], message: `must be ${sum}, the wheelchair spaces plus companion seats of accessible` });
      return z.NEVER;
    }
    const quantity = sum ?? b.quantity ?? 0;
    const typed = Object.values(b.ticketTypes ?? {}).reduce((a, n) => a + n, 0);
    if (typed > quantity) {
      ctx.addIssue({ code: "custom", path: ["ticketTypes"], message: `names ${typed} seats; the hold is for ${quantity}` });
      return z.NEVER;
    }
    return { ...b, quantity };
  })
  .openapi("HoldBestAvailableRequest");
export type HoldBestAvailableRequest = z.output<typeof holdBestAvailableRequestSchema>;

export const holdBestAvailableResultSchema = holdResultSchema
  .extend({
    nextToEachOther: z.boolean().openapi({ description: "True when the held seats are adjacent seats of one row (with `tables`: of one table)" }),
    tableLabels: z.array(z.string()).optional().openapi({ description: "With `tables`: the tables the party sits at" }),
  })
  .openapi("HoldBestAvailableResponse");
export type HoldBestAvailableResult = z.infer<typeof holdBestAvailableResultSchema>;

/** The reasons of `failed[]` entries in a 409 `selection_rule_violated`. */
export const RULE_REASONS = ["max_seats_per_token", "max_seats_per_category", "orphan_seat", "client_hold_limit"] as const;
export type RuleReason = (typeof RULE_REASONS)[number];

/** One `failed[]` entry of a 409 `selection_rule_violated`. */
export interface RuleViolation {
  objectLabel: string;
  reason: RuleReason;
}
