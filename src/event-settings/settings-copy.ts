import type { Accessibility } from "../domain/accessibility";
import type { Channel } from "../domain/channels";
import type { Pricing } from "../domain/pricing";
import { ServiceError } from "../domain/errors";
import { EVENT_SETTINGS, shiftedTime, type CopySettingsResult, type EventSetting } from "../domain/event-settings";
import type { EventCreate, EventRecord } from "../domain/events";
import type { Scope } from "../domain/scope";
import type { SelectionRules } from "../domain/selling";
import type { WaitingRoomConfig } from "../domain/waiting-room";
import { callEvent } from "../events/event-object-calls";
import { createEvent, getEventRecord } from "../events/event-operations";
import { configureRoom, deleteEventAndRoom, readRoomIfAny } from "../waiting-room/room-operations";

/**
 * One event's settings copied to others (domain/event-settings.ts): each setting read from the
 * source through its own operation and written to every target through the same operation the API
 * uses, so every rule of a setting (a channel's labels, a room's pace) is checked as if the venue
 * had typed it there. Targets may live in another environment (a sandbox event copied to
 * production).
 */

/** Events written at once. */
const CONCURRENCY = 8;

/** What an event's settings are, read once from the source. */
export interface EventSettings {
  startsAt: string | null;
  selectionRules: SelectionRules;
  channels: Channel[];
  accessibility: Accessibility;
  waitingRoom: WaitingRoomConfig | null;
  /** docs/prices.md: the event's prices, null without. */
  pricing: Pricing | null;
}

/** An event's settings, read through their operations. */
export async function readSettings(env: Env, scope: Scope, event: EventRecord): Promise<EventSettings> {
  const [selectionRules, { channels }, accessibility, room, pricing] = await Promise.all([
    callEvent(env, scope, event.eventKey, (o) => o.selectionRules()),
    callEvent(env, scope, event.eventKey, (o) => o.channelList("all")),
    callEvent(env, scope, event.eventKey, (o) => o.accessibility()),
    readRoomIfAny(env, scope, event.eventKey),
    callEvent(env, scope, event.eventKey, (o) => o.pricing()),
  ]);
  const waitingRoom = room && { enabled: room.enabled, opensAt: room.opensAt, admitPerMinute: room.admitPerMinute, sessionMinutes: room.sessionMinutes };
  return { startsAt: event.startsAt, selectionRules, channels, accessibility, waitingRoom, pricing };
}

/**
 * Writes `which` settings to one event. Times that belong to the source's date (the room's
 * opening, a release at a time) keep their distance to the start. A source without a waiting room
 * switches the target's off, so the two sell alike.
 */
export async function writeSettings(env: Env, scope: Scope, target: EventRecord, from: EventSettings, which: readonly EventSetting[]): Promise<void> {
  const key = target.eventKey;
  const shift = (at: string) => shiftedTime(at, from.startsAt, target.startsAt);
  if (which.includes("selectionRules")) await callEvent(env, scope, key, (o) => o.setSelectionRules(from.selectionRules));
  if (which.includes("channels")) await callEvent(env, scope, key, (o) => o.setChannels({ channels: from.channels }));
  if (which.includes("accessibility")) {
    const a = from.accessibility;
    const body: Accessibility = typeof a.releaseWhen === "object" ? { ...a, releaseWhen: { at: shift(a.releaseWhen.at) } } : a;
    await callEvent(env, scope, key, (o) => o.setAccessibility(body));
  }
  // After the channels: a channel's price names a channel the target must have.
  if (which.includes("pricing")) {
    const pricing = from.pricing;
    await callEvent(env, scope, key, (o) => o.setPricing(pricing));
  }
  if (which.includes("waitingRoom")) {
    if (from.waitingRoom) await configureRoom(env, scope, key, { ...from.waitingRoom, opensAt: shift(from.waitingRoom.opensAt) });
    else {
      const existing = await readRoomIfAny(env, scope, key);
      if (existing?.enabled)
        await configureRoom(env, scope, key, {
          enabled: false,
          opensAt: existing.opensAt,
          admitPerMinute: existing.admitPerMinute,
          sessionMinutes: existing.sessionMinutes,
        });
    }
  }
}

/**
 * Copies `which` settings (all when omitted) of `eventKey` to every event of `toEventKeys`. Every
 * target is looked up before anything is written (404 for one the scope lacks); channels name seats,
 * so they are copied only between events of the same chart (400 otherwise). The source itself is
 * skipped when listed.
 */
export async function copyEventSettings(
  env: Env,
  scope: Scope,
  eventKey: string,
  toEventKeys: string[],
  which: readonly EventSetting[] = EVENT_SETTINGS,
  targetScope: Scope = scope,
): Promise<CopySettingsResult> {
  const source = await getEventRecord(env, scope, eventKey);
  const sameScope = targetScope.environment === scope.environment && targetScope.workspaceId === scope.workspaceId;
  const keys = toEventKeys.filter((k) => !(sameScope && k === eventKey));
  const targets: EventRecord[] = [];
  for (let i = 0; i < keys.length; i += CONCURRENCY)
    targets.push(...(await Promise.all(keys.slice(i, i + CONCURRENCY).map((k) => getEventRecord(env, targetScope, k)))));
  const settings = EVENT_SETTINGS.filter((s) => which.includes(s));
  if (settings.includes("channels")) {
    const other = targets.findIndex((t) => t.chartKey !== source.chartKey);
    if (other >= 0)
      throw new ServiceError("validation_failed", "Channels name seats, so they are copied only to events on the same chart", {
        errors: { [`toEventKeys.${toEventKeys.indexOf(targets[other]!.eventKey)}`]: [`is on chart ${targets[other]!.chartKey}, not ${source.chartKey}`] },
      });
  }
  const from = await readSettings(env, scope, source);
  for (let i = 0; i < targets.length; i += CONCURRENCY)
    await Promise.all(targets.slice(i, i + CONCURRENCY).map((t) => writeSettings(env, targetScope, t, from, settings)));
  return { eventKey, toEventKeys: keys, settings };
}

/**
 * Creates an event set up like `fromEventKey` (the dashboard's "Copy settings from"): every setting,
 * channels only when both are on the same chart. The source is looked up first; should the copy
 * fail, the new event is deleted again, so the answer is an event with its settings or none.
 */
export async function createEventLike(env: Env, scope: Scope, input: EventCreate, fromEventKey: string): Promise<EventRecord> {
  const source = await getEventRecord(env, scope, fromEventKey);
  const created = await createEvent(env, scope, input);
  const which = EVENT_SETTINGS.filter((s) => s !== "channels" || source.chartKey === created.chartKey);
  try {
    await copyEventSettings(env, scope, fromEventKey, [created.eventKey], which);
  } catch (err) {
    await deleteEventAndRoom(env, scope, created.eventKey).catch(() => undefined);
    throw err;
  }
  return getEventRecord(env, scope, created.eventKey);
}
