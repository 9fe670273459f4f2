import { z } from "@hono/zod-openapi";
import { ENVIRONMENTS, type Environment } from "./scope";
import { selectionRulesSchema } from "./selling";
import { channelSummarySchema } from "./channels";
import { waitingRoomSummarySchema } from "./waiting-room";
import { dateTimeInputSchema, timeZoneSchema } from "./time-zones";

/** eventKey: 1 to 128 letters, digits, '.', '_' and '-' (docs/events.md#events). */
export const EVENT_KEY = /^[A-Za-z0-9._-]{1,128}$/;

export const eventNameSchema = z.string().min(1, "must be 1 to 255 characters").max(255, "must be 1 to 255 characters");
/**
 * An ISO 8601 date-time: with an offset or Z, that instant; without one, the time on the clock of
 * the event's time zone. The operation turns it into the UTC instant it stores (time-zones.ts).
 */
const startsAt = dateTimeInputSchema;

/** The event record of docs/events.md#events. */
export const eventRecordSchema = z
  .object({
    eventKey: z.string().openapi({ example: "gala-2026" }),
    chartKey: z.string(),
    environment: z.enum(ENVIRONMENTS),
    chartPublishedVersion: z.number().int().nullable().openapi({ description: "The chart's current published version; null when unpublished" }),
    createdAt: z.string(),
    selectionRules: selectionRulesSchema.openapi({ description: "The event's selection rules ({} when none); see PUT /events/{eventKey}/selection-rules" }),
    name: z.string().nullable().openapi({ description: "The event's name (docs/channels.md); null when unset" }),
    startsAt: z.string().nullable().openapi({ description: "When the event starts, the UTC instant in ISO 8601; null when unset" }),
    timeZone: z.string().openapi({
      example: "Europe/London",
      description: "The venue's IANA time zone, in which the dashboard shows and reads the event's times; UTC when unset",
    }),
    channels: z.array(channelSummarySchema).openapi({ description: "The event's channels (keys and names); see PUT /events/{eventKey}/channels" }),
    waitingRoom: waitingRoomSummarySchema.nullable().openapi({
      description:
        "The event's waiting room (docs/waiting-room.md), whether enabled and when it opens; null when it has none. See PUT /events/{eventKey}/waiting-room",
    }),
  })
  .openapi("Event");
export type EventRecord = z.infer<typeof eventRecordSchema>;

/** The body that creates an event (docs/events.md#events). */
export const eventCreateSchema = z
  .object({
    chartKey: z.string().min(1).max(128),
    eventKey: z.string().regex(EVENT_KEY, "must be 1 to 128 letters, digits, '.', '_' or '-'").optional(),
    name: eventNameSchema.optional(),
    startsAt: startsAt.optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .openapi("EventCreate");
export type EventCreate = z.output<typeof eventCreateSchema>;

/**
 * PATCH /events/{eventKey} (docs/channels.md): name, startsAt and/or timeZone, at least one. A new
 * zone keeps the start's instant; a wall-clock startsAt sent with it is read in the new zone.
 */
export const eventPatchSchema = z
  .object({ name: eventNameSchema.optional(), startsAt: startsAt.optional(), timeZone: timeZoneSchema.optional() })
  .refine((b) => b.name !== undefined || b.startsAt !== undefined || b.timeZone !== undefined, {
    message: "name, startsAt or timeZone is required",
    path: ["name"],
  })
  .openapi("EventPatch");
export type EventPatch = z.output<typeof eventPatchSchema>;

/** What an event's Durable Object knows about itself; set when the event is created. */
export interface EventMeta {
  workspaceId: string;
  environment: Environment;
  eventKey: string;
  /** The D1 row id: a new one for every creation of the same key, so late messages about an older event can be told apart. */
  eventId: string;
  chartId: string;
  chartKey: string;
  /** The chart's published version the current layout came from; null when unpublished. */
  layoutVersion: number | null;
  createdAt: string;
}
