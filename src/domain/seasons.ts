import { z } from "@hono/zod-openapi";
import { EVENT_KEY, eventNameSchema } from "./events";
import { dateTimeInputSchema, timeZoneSchema } from "./time-zones";
import { bookRequestSchema, extendRequestSchema, holdRequestSchema, releaseRequestSchema } from "./seats";
import { jsonObjectOrNullSchema, type JsonObject } from "./json";
import { priceSchema, totalSchema, type Price, type Pricing } from "./pricing";

/**
 * Seasons (docs/seasons.md): one seat sold across many events at once. The bodies of the season seat
 * actions are those of the event seat actions (domain/seats.ts); the answers list each object once
 * with the events it changed in.
 */

/** seasonKey and partialSeasonKey: the same alphabet and length as an eventKey. */
export const SEASON_KEY = EVENT_KEY;
const seasonKey = z.string().regex(SEASON_KEY, "must be 1 to 128 letters, digits, '.', '_' or '-'");
const eventKey = z.string().regex(EVENT_KEY, "must be 1 to 128 letters, digits, '.', '_' or '-'");

/** At most this many events in a season (docs/seasons.md). */
export const MAX_SEASON_EVENTS = 500;

const eventKeys = z
  .array(eventKey)
  .min(1, `must hold 1 to ${MAX_SEASON_EVENTS} event keys`)
  .max(MAX_SEASON_EVENTS, `must hold 1 to ${MAX_SEASON_EVENTS} event keys`)
  .refine((keys) => new Set(keys).size === keys.length, "must not repeat an event key");

/** One game of a season as it is created: its key, and optionally its name and start (read in the season's zone when it has no offset). */
export const seasonEventSchema = z.object({ eventKey, name: eventNameSchema.optional(), startsAt: dateTimeInputSchema.optional() }).openapi("SeasonEvent");
export type SeasonEventInput = z.output<typeof seasonEventSchema>;

const seasonEvents = z
  .array(seasonEventSchema)
  .min(1, `must hold 1 to ${MAX_SEASON_EVENTS} events`)
  .max(MAX_SEASON_EVENTS, `must hold 1 to ${MAX_SEASON_EVENTS} events`)
  .refine((list) => new Set(list.map((e) => e.eventKey)).size === list.length, "must not repeat an event key");

/**
 * A season's new events, given as `eventKeys` (keys only) or as `events` (each with its name and
 * start), one of the two; both read as the list of events with their details.
 */
const membersShape = { eventKeys: eventKeys.optional(), events: seasonEvents.optional() };
type Members = { eventKeys?: string[]; events?: SeasonEventInput[] };
function oneOfMembers(b: Members, ctx: z.RefinementCtx): void {
  if ((b.eventKeys === undefined) === (b.events === undefined))
    ctx.addIssue({ code: "custom", path: ["eventKeys"], message: "give eventKeys or events (with names and starts), one of the two" });
}
function withEvents<T extends Members>(b: T): Omit<T, "events" | "eventKeys"> & { eventKeys: string[]; events: SeasonEventInput[] } {
  const events = b.events ?? (b.eventKeys ?? []).map((eventKey) => ({ eventKey }));
  return { ...b, events, eventKeys: events.map((e) => e.eventKey) };
}

export const partialSeasonSchema = z.object({ partialSeasonKey: z.string(), eventKeys: z.array(z.string()), createdAt: z.string() }).openapi("PartialSeason");
export type PartialSeason = z.infer<typeof partialSeasonSchema>;

export const seasonRecordSchema = z
  .object({
    seasonKey: z.string().openapi({ example: "home-2027" }),
    name: z.string().nullable(),
    chartKey: z.string(),
    eventKeys: z.array(z.string()),
    partialSeasons: z.array(partialSeasonSchema),
    createdAt: z.string(),
    timeZone: z.string().openapi({ example: "Europe/London", description: "The venue's IANA time zone, given to the season's new events; UTC when unset" }),
  })
  .openapi("Season");
export type SeasonRecord = z.infer<typeof seasonRecordSchema>;

export const seasonCreateSchema = z
  .object({
    seasonKey: seasonKey.optional(),
    name: z.string().min(1, "must be 1 to 255 characters").max(255, "must be 1 to 255 characters").optional(),
    chartKey: z.string().min(1).max(128),
    timeZone: timeZoneSchema.optional(),
    ...membersShape,
  })
  .superRefine(oneOfMembers)
  .transform(withEvents)
  .openapi("SeasonCreate", {
    description:
      "`eventKeys` (keys only) or `events` (each with its name and start), one of the two; every event is created on the chart in the season's time zone",
  });
export type SeasonCreate = z.output<typeof seasonCreateSchema>;

export const seasonEventsAddSchema = z.object(membersShape).superRefine(oneOfMembers).transform(withEvents).openapi("SeasonEventsAdd");
export type SeasonEventsAdd = z.output<typeof seasonEventsAddSchema>;

/** PATCH /seasons/{seasonKey}: the season's name and/or time zone (its events keep theirs). */
export const seasonPatchSchema = z
  .object({ name: z.string().min(1, "must be 1 to 255 characters").max(255, "must be 1 to 255 characters").optional(), timeZone: timeZoneSchema.optional() })
  .refine((b) => b.name !== undefined || b.timeZone !== undefined, { message: "name or timeZone is required", path: ["name"] })
  .openapi("SeasonPatch");
export type SeasonPatch = z.output<typeof seasonPatchSchema>;

export const partialSeasonCreateSchema = z.object({ partialSeasonKey: seasonKey.optional(), eventKeys }).openapi("PartialSeasonCreate");
export type PartialSeasonCreate = z.output<typeof partialSeasonCreateSchema>;

/** The season seat actions take the event seat actions' bodies (docs/seasons.md). */
export const seasonHoldRequestSchema = holdRequestSchema;
export const seasonBookRequestSchema = bookRequestSchema;
export const seasonReleaseRequestSchema = releaseRequestSchema;
export const seasonExtendRequestSchema = extendRequestSchema;

/** The four season seat actions. */
export const SEASON_ACTIONS = ["hold", "book", "release", "extend"] as const;
export type SeasonActionKind = (typeof SEASON_ACTIONS)[number];

/** Which season (and partial season) a seat was taken for, as status entries, history and webhooks show it. */
export interface SeasonTag {
  seasonKey: string;
  partialSeasonKey?: string;
}

const seasonObject = z.object({
  objectLabel: z.string(),
  status: z.enum(["held", "booked", "free"]),
  eventKeys: z.array(z.string()).openapi({ description: "The events this object changed in" }),
  extraData: jsonObjectOrNullSchema.optional(),
  bookedAt: z.string().optional(),
  orderId: z.string().optional(),
  quantity: z.number().int().optional().openapi({ description: "A GA area: the token's places there (the same in every event)" }),
  price: priceSchema.optional().openapi({ description: "docs/prices.md: the season's price locked with the hold (once for all its events)" }),
});

/** The answer of a season seat action: each object once, with the events it changed in. */
export const seasonActionResultSchema = z
  .object({
    seasonKey: z.string(),
    partialSeasonKey: z.string().optional(),
    eventKeys: z.array(z.string()),
    holdToken: z.string().optional(),
    holdExpiresAt: z.string().optional(),
    objects: z.array(seasonObject),
    total: totalSchema.optional().openapi({ description: "docs/prices.md: the objects' season prices added up; absent when none is priced" }),
  })
  .openapi("SeasonActionResponse");
export type SeasonActionResult = z.infer<typeof seasonActionResultSchema>;
export type SeasonObject = SeasonActionResult["objects"][number];

/**
 * One season action as the coordinator sends it to each event object (README "Seasons"): its id
 * (commit and abort are idempotent by it), the coordinator to ask after a crash, how long the
 * prepared state may last, and the event seat action it stands for.
 */
export type SeasonStep = {
  actionId: string;
  coordinator: string;
  /** How long after its prepare an event may wait for the outcome before it asks (ms). */
  prepareWindowMs: number;
  season: SeasonTag;
  /** hold and extend: the one expiry of the season's holds in every event (epoch ms). */
  expiresAt: number | null;
  /** hold: the lifetime the expiry was made from, and whether the request left it out (a default). */
  ttl?: { seconds: number; defaulted: boolean };
} & (
  | { kind: "hold"; body: HoldRequestBody; /** The season's pricing (docs/prices.md), null when it has none. */ pricing?: Pricing | null }
  | { kind: "book"; body: z.output<typeof bookRequestSchema> }
  | { kind: "release"; body: z.output<typeof releaseRequestSchema> & { caller: "public" | "secret" } }
  | { kind: "extend"; body: z.output<typeof extendRequestSchema> }
);
type HoldRequestBody = z.output<typeof holdRequestSchema>;

/** What one event did in a season action: its objects, and a hold's expiry. */
export interface SeasonPart {
  holdExpiresAt?: string;
  objects: {
    objectLabel: string;
    status: "held" | "booked" | "free";
    extraData?: JsonObject | null;
    bookedAt?: string;
    orderId?: string;
    quantity?: number;
    price?: Price;
  }[];
}

/** A season coordinator's decision on an action: every event keeps it, or every event undoes it. */
export type SeasonDecision = "commit" | "abort";

/**
 * What an event's object may ask a season's coordinator: the decision on an action it prepared
 * and heard no more of (its alarm asks once the action's deadline has passed). The coordinator
 * (seasons/season-coordinator.ts) stands above the event object; this is the one call it takes
 * from below, so the object names it by this interface and the Worker's entry gives the way.
 */
export interface SeasonCoordinatorLink {
  outcome(actionId: string): Promise<SeasonDecision>;
}
