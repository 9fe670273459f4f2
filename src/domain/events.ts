import { z } from "@hono/zod-openapi";
import { ENVIRONMENTS, type Environment } from "./scope";
import { selectionRulesSchema } from "./selling";

/** eventKey: 1 to 128 letters, digits, '.', '_' and '-' (contract §3). */
export const EVENT_KEY = /^[A-Za-z0-9._-]{1,128}$/;

/** The event record of contract §3. */
export const eventRecordSchema = z
  .object({
    eventKey: z.string().openapi({ example: "gala-2026" }),
    chartKey: z.string(),
    environment: z.enum(ENVIRONMENTS),
    chartPublishedVersion: z.number().int().nullable().openapi({ description: "The chart's current published version; null when unpublished" }),
    createdAt: z.string(),
    selectionRules: selectionRulesSchema.openapi({ description: "The event's selection rules ({} when none); see PUT /events/{eventKey}/selection-rules" }),
  })
  .openapi("Event");
export type EventRecord = z.infer<typeof eventRecordSchema>;

/** The body that creates an event (contract §3). */
export const eventCreateSchema = z
  .object({
    chartKey: z.string().min(1).max(128),
    eventKey: z.string().regex(EVENT_KEY, "must be 1 to 128 letters, digits, '.', '_' or '-'").optional(),
  })
  .openapi("EventCreate");
export type EventCreate = z.output<typeof eventCreateSchema>;

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
