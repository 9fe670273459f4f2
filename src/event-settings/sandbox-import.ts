import { ServiceError } from "../domain/errors";
import type { EventRecord } from "../domain/events";
import type { ImportEventBody } from "../domain/event-settings";
import type { Scope } from "../domain/scope";
import type { SeasonRecord } from "../domain/seasons";
import { createEvent, getEventRecord, updateEventDetails } from "../events/event-operations";
import { createPartialSeason, createSeason, deleteSeason, getSeasonRecord } from "../seasons/season-operations";
import { deleteEventAndRoom } from "../waiting-room/room-operations";
import { copyEventSettings } from "./settings-copy";

/**
 * A sandbox event or season copied to production with its settings and not its sales: the on-sale
 * a venue rehearsed in the sandbox becomes the real one. The production copy has the sandbox one's
 * chart (charts belong to the workspace, not to an environment), name, start, time zone, and its
 * settings (selection rules, channels, accessible hold-back, waiting room); nothing held, booked,
 * taken off sale or recorded in the sandbox comes along. The sandbox original stays as it was.
 *
 * It crosses environments, so it is never done with a sandbox key: the API's routes take a
 * production secret key of the same workspace, and the dashboard acts for the workspace. Should a
 * step fail, what was made in production is deleted again and the refusal is the answer.
 */

/** Events read or made at once. */
const CONCURRENCY = 8;

const scopes = (workspaceId: string): { sandbox: Scope; production: Scope } => ({
  sandbox: { workspaceId, environment: "sandbox" },
  production: { workspaceId, environment: "production" },
});

/** Copies a sandbox event to production (under `newEventKey`, else the same key) and answers the production event. */
export async function importEventFromSandbox(env: Env, workspaceId: string, input: ImportEventBody): Promise<EventRecord> {
  const { sandbox, production } = scopes(workspaceId);
  const source = await getEventRecord(env, sandbox, input.eventKey);
  const eventKey = input.newEventKey ?? input.eventKey;
  await createEvent(env, production, {
    chartKey: source.chartKey,
    eventKey,
    ...(source.name !== null ? { name: source.name } : {}),
    ...(source.startsAt !== null ? { startsAt: source.startsAt } : {}),
    timeZone: source.timeZone,
  });
  try {
    await copyEventSettings(env, sandbox, source.eventKey, [eventKey], undefined, production);
  } catch (err) {
    await deleteEventAndRoom(env, production, eventKey).catch(() => undefined);
    throw err;
  }
  return getEventRecord(env, production, eventKey);
}

/** The records of a season's events, a few at a time. */
async function eventsOf(env: Env, scope: Scope, keys: string[]): Promise<EventRecord[]> {
  const out: EventRecord[] = [];
  for (let i = 0; i < keys.length; i += CONCURRENCY) out.push(...(await Promise.all(keys.slice(i, i + CONCURRENCY).map((k) => getEventRecord(env, scope, k)))));
  return out;
}

/**
 * Copies a sandbox season to production under the same keys: the season (name, time zone), each of
 * its events as {@link importEventFromSandbox} does, and its partial seasons. Seats sold for the
 * season in the sandbox are sales, and stay there. A season or event key production already has is
 * 409, with nothing made.
 */
export async function importSeasonFromSandbox(env: Env, workspaceId: string, seasonKey: string): Promise<SeasonRecord> {
  const { sandbox, production } = scopes(workspaceId);
  const season = await getSeasonRecord(env, sandbox, seasonKey);
  const games = await eventsOf(env, sandbox, season.eventKeys);
  if (games.some((g) => g.chartKey !== season.chartKey))
    throw new ServiceError("conflict", `An event of season ${seasonKey} has left the season's chart; it cannot be copied as a season`);
  await createSeason(env, production, {
    seasonKey,
    ...(season.name !== null ? { name: season.name } : {}),
    chartKey: season.chartKey,
    timeZone: season.timeZone,
    eventKeys: season.eventKeys,
    events: games.map((g) => ({
      eventKey: g.eventKey,
      ...(g.name !== null ? { name: g.name } : {}),
      ...(g.startsAt !== null ? { startsAt: g.startsAt } : {}),
    })),
  });
  try {
    for (const g of games.filter((g) => g.timeZone !== season.timeZone)) await updateEventDetails(env, production, g.eventKey, { timeZone: g.timeZone });
    for (const p of season.partialSeasons)
      await createPartialSeason(env, production, seasonKey, { partialSeasonKey: p.partialSeasonKey, eventKeys: p.eventKeys });
    for (const g of games) await copyEventSettings(env, sandbox, g.eventKey, [g.eventKey], undefined, production);
  } catch (err) {
    await deleteSeason(env, production, seasonKey).catch(() => undefined);
    await Promise.allSettled(season.eventKeys.map((k) => deleteEventAndRoom(env, production, k)));
    throw err;
  }
  return getSeasonRecord(env, production, seasonKey);
}
