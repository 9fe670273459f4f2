import { z } from "@hono/zod-openapi";
import { EVENT_KEY } from "./events";
import { MAX_SEASON_EVENTS, SEASON_KEY } from "./seasons";

/**
 * An event's settings as one thing that can be copied: to other events (a season's games set up
 * once), and from the sandbox to production (an on-sale rehearsed, then made real). Settings are
 * how an event sells, never what it has sold: holds, bookings, seats off sale and the history stay
 * where they are.
 */

/** What can be copied, in the order it is written. */
export const EVENT_SETTINGS = ["selectionRules", "channels", "accessibility", "waitingRoom", "pricing"] as const;
export type EventSetting = (typeof EVENT_SETTINGS)[number];

/** How the dashboard names each setting. */
export const SETTING_NAMES: Record<EventSetting, string> = {
  selectionRules: "Selection rules",
  channels: "Channels (presales and other sales routes)",
  accessibility: "Accessible seating hold-back",
  waitingRoom: "Waiting room",
  pricing: "Prices",
};

const eventKey = z.string().regex(EVENT_KEY, "must be 1 to 128 letters, digits, '.', '_' or '-'");

const settingsList = z
  .array(z.enum(EVENT_SETTINGS))
  .min(1, "must name at least one setting")
  .refine((list) => new Set(list).size === list.length, "must not repeat a setting")
  .openapi({ description: `Which settings to copy; all of them (${EVENT_SETTINGS.join(", ")}) when left out` });

/** POST /events/{eventKey}/copy-settings. */
export const copySettingsBodySchema = z
  .object({
    toEventKeys: z
      .array(eventKey)
      .min(1, `must hold 1 to ${MAX_SEASON_EVENTS} event keys`)
      .max(MAX_SEASON_EVENTS, `must hold 1 to ${MAX_SEASON_EVENTS} event keys`)
      .refine((keys) => new Set(keys).size === keys.length, "must not repeat an event key"),
    settings: settingsList.optional(),
  })
  .openapi("CopySettingsRequest");
export type CopySettingsBody = z.output<typeof copySettingsBodySchema>;

export const copySettingsResultSchema = z
  .object({
    eventKey: z.string().openapi({ description: "The event the settings were read from" }),
    toEventKeys: z.array(z.string()),
    settings: z.array(z.enum(EVENT_SETTINGS)),
  })
  .openapi("CopySettingsResult");
export type CopySettingsResult = z.infer<typeof copySettingsResultSchema>;

/** POST /events/import-from-sandbox (a production secret key). */
export const importEventBodySchema = z
  .object({
    eventKey: eventKey.openapi({ description: "The sandbox event to copy" }),
    newEventKey: eventKey.optional().openapi({ description: "The production event's key; the sandbox key when left out" }),
  })
  .openapi("ImportEventRequest");
export type ImportEventBody = z.output<typeof importEventBodySchema>;

/** POST /seasons/import-from-sandbox (a production secret key). */
export const importSeasonBodySchema = z
  .object({
    seasonKey: z.string().regex(SEASON_KEY, "must be 1 to 128 letters, digits, '.', '_' or '-'").openapi({ description: "The sandbox season to copy" }),
  })
  .openapi("ImportSeasonRequest");
export type ImportSeasonBody = z.output<typeof importSeasonBodySchema>;

/**
 * A time that belongs to one event (a waiting room's opening, a hold-back's release) moved to
 * another: as far before or after the other event's start as it was before this one's. Without
 * both starts, the same instant.
 */
export function shiftedTime(at: string, fromStartsAt: string | null, toStartsAt: string | null): string {
  const ms = Date.parse(at);
  if (fromStartsAt === null || toStartsAt === null || !Number.isFinite(ms)) return at;
  return new Date(ms + Date.parse(toStartsAt) - Date.parse(fromStartsAt)).toISOString();
}
