import { z } from "@hono/zod-openapi";

/**
 * The waiting room of an event (docs/waiting-room.md): its configuration, the join and ticket answers, and
 * the admission header. The queue itself (shards, pacer, signed admissions) is src/waiting-room/.
 */

/** The header a publishable-key hold carries while the room is enabled and open. */
export const ADMISSION_HEADER = "X-Admission";

/** The configuration an integrator puts (secret key). */
export const waitingRoomConfigSchema = z
  .object({
    enabled: z.boolean(),
    opensAt: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" }).openapi({ example: "2026-12-01T10:00:00Z" }),
    admitPerMinute: z.number().int().min(1).max(100_000).openapi({ description: "Buyers admitted per minute, 1..100000" }),
    sessionMinutes: z.number().int().min(1).max(60).openapi({ description: "How long an admission lets its buyer hold, 1..60" }),
  })
  .strict()
  .openapi("WaitingRoomConfig");
export type WaitingRoomConfig = z.infer<typeof waitingRoomConfigSchema>;

/** What the room is doing now. */
export const waitingRoomStatsSchema = z
  .object({
    waiting: z.number().int().openapi({ description: "Buyers in the queue, not yet admitted" }),
    admittedTotal: z.number().int(),
    admittedLastMinute: z.number().int().openapi({ description: "Admitted in the 60 seconds before this answer" }),
  })
  .openapi("WaitingRoomStats");
export type WaitingRoomStats = z.infer<typeof waitingRoomStatsSchema>;

/** GET …/waiting-room: the configuration (opensAt normalised to UTC) and its figures. */
export const waitingRoomSchema = z
  .object({
    eventKey: z.string(),
    enabled: z.boolean(),
    opensAt: z.string(),
    admitPerMinute: z.number().int(),
    sessionMinutes: z.number().int(),
    stats: waitingRoomStatsSchema,
  })
  .openapi("WaitingRoom");
export type WaitingRoom = z.infer<typeof waitingRoomSchema>;

/**
 * The room as the event record shows it to every key (docs/waiting-room.md): what a buyer's page needs to
 * know before it joins (the join of an event without an enabled room is 404), and no figures.
 */
export const waitingRoomSummarySchema = z
  .object({
    enabled: z.boolean().openapi({ description: "Buyers queue before they may hold (while open); the seat map joins the queue only then" }),
    opensAt: z.string().openapi({ description: "When the room opens, ISO 8601 UTC" }),
  })
  .openapi("WaitingRoomSummary");
export type WaitingRoomSummary = z.infer<typeof waitingRoomSummarySchema>;

/** POST …/waiting-room/join (201). */
export const joinResultSchema = z
  .object({
    ticket: z.string(),
    position: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Place in the queue (1 is next); null before opensAt, when the pre-queue's order is not drawn yet; 0 once admitted" }),
    opensAt: z.string(),
    estimatedWaitSeconds: z.number().int(),
  })
  .openapi("WaitingRoomJoin");
export type JoinResult = z.infer<typeof joinResultSchema>;

/** GET …/waiting-room/tickets/{ticket}. */
export const ticketStatusSchema = z
  .object({
    position: z.number().int().nullable(),
    admitted: z.boolean(),
    admission: z.string().optional().openapi({ description: "Send it as the X-Admission header of every hold" }),
    admissionExpiresAt: z.string().optional(),
    retryAfterSeconds: z.number().int().openapi({ description: "When to ask again; 0 once admitted" }),
  })
  .openapi("WaitingRoomTicket");
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** The part of the configuration the event's object keeps to gate holds (no figures, no pace). */
export interface AdmissionGateConfig {
  enabled: boolean;
  /** Epoch milliseconds. */
  opensAt: number;
}

/**
 * What a queue shard may ask its room's pacer: to wake (the pacer sleeps while the queue is empty).
 * The pacer calls the shards; this is the one call back, so a shard names it by this interface.
 */
export interface PacerLink {
  wake(): Promise<void>;
}
