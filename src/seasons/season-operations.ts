import { ownChart } from "../charts/chart-operations";
import { db, nowIso } from "../db/client";
import {
  deleteSeasonRow,
  existingEventKeys,
  getSeason,
  insertSeason,
  listSeasons,
  seasonKeyInOtherWorkspace,
  setSeasonDetails,
  setSeasonMembers,
  type SeasonRow,
} from "../db/seasons";
import { ServiceError } from "../domain/errors";
import type { Outcome } from "../domain/outcome";
import { DEFAULT_TTL_SECONDS, type HoldCaller } from "../domain/seats";
import {
  SEASON_KEY,
  type PartialSeasonCreate,
  type SeasonActionResult,
  type SeasonCreate,
  type SeasonEventInput,
  type SeasonObject,
  type SeasonPatch,
  type SeasonRecord,
  type SeasonStep,
} from "../domain/seasons";
import type { Scope } from "../domain/scope";
import { DEFAULT_TIME_ZONE } from "../domain/time-zones";
import { eventStub } from "../event-object/event-stub";
import { createEvent, deleteEvent } from "../events/event-operations";
import { newId } from "../keys/keys";
import { PREPARE_WINDOW_MS, type SeasonRun, type SeasonRunResult } from "./season-coordinator";
import { logError } from "../domain/log-safety";
import { totalOf } from "../domain/price-quote";
import { getSeasonPricing } from "../db/season-pricing";

/**
 * The season resource's operations (docs/seasons.md). A season is a D1 row naming its events; each
 * event stays its own Durable Object. Seat actions go through the season's coordinator object
 * (season-coordinator.ts), which makes them atomic across the events they cover.
 */

/** Events created at once while a season is made. */
const CREATE_CONCURRENCY = 8;

function record(row: SeasonRow): SeasonRecord {
  return {
    seasonKey: row.seasonKey,
    name: row.name,
    chartKey: row.chartKey,
    eventKeys: row.eventKeys,
    partialSeasons: row.partialSeasons,
    createdAt: row.createdAt,
    timeZone: row.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** 403 when the key names a season of another workspace, else 404. */
async function seasonNotFound(env: Env, scope: Scope, seasonKey: string): Promise<ServiceError> {
  if (SEASON_KEY.test(seasonKey) && (await seasonKeyInOtherWorkspace(db(env), scope.workspaceId, seasonKey))) {
    return new ServiceError("forbidden", "This season belongs to another workspace");
  }
  return new ServiceError("season_not_found", `Season ${seasonKey} does not exist`);
}

/** The scope's season of this key, or 403/404. */
export async function ownSeason(env: Env, scope: Scope, seasonKey: string): Promise<SeasonRow> {
  const row = await getSeason(db(env), scope.workspaceId, scope.environment, seasonKey);
  if (!row) throw await seasonNotFound(env, scope, seasonKey);
  return row;
}

/** Refuses keys that already name events of the scope (409 event_exists), before anything is made. */
async function refuseExisting(env: Env, scope: Scope, eventKeys: string[]): Promise<void> {
  const existing = await existingEventKeys(db(env), scope.workspaceId, scope.environment, eventKeys);
  if (existing.length > 0) throw new ServiceError("event_exists", `Event ${existing.slice(0, 5).join(", ")} already exists; nothing was created`);
}

/**
 * Creates the events a few at a time, each with its name and start and the season's time zone;
 * should one fail, those made are deleted again and the error thrown.
 */
async function createEvents(env: Env, scope: Scope, chartKey: string, games: SeasonEventInput[], timeZone: string | null): Promise<void> {
  const made: string[] = [];
  try {
    for (let i = 0; i < games.length; i += CREATE_CONCURRENCY) {
      await Promise.all(
        games.slice(i, i + CREATE_CONCURRENCY).map(async (game) => {
          await createEvent(env, scope, { chartKey, ...game, ...(timeZone !== null ? { timeZone } : {}) });
          made.push(game.eventKey);
        }),
      );
    }
  } catch (err) {
    await Promise.allSettled(made.map((eventKey) => deleteEvent(env, scope, eventKey)));
    throw err;
  }
}

export async function createSeason(env: Env, scope: Scope, input: SeasonCreate): Promise<SeasonRecord> {
  const d = db(env);
  const chart = await ownChart(d, scope.workspaceId, input.chartKey);
  const seasonKey = input.seasonKey ?? newId("ssn", 16).replace(/^ssn_/, "season-");
  if (await getSeason(d, scope.workspaceId, scope.environment, seasonKey)) throw new ServiceError("season_exists", `Season ${seasonKey} already exists`);
  await refuseExisting(env, scope, input.eventKeys);
  const row = {
    id: newId("ssn"),
    workspaceId: scope.workspaceId,
    environment: scope.environment,
    seasonKey,
    name: input.name ?? null,
    chartId: chart.id,
    eventKeys: input.eventKeys,
    createdAt: nowIso(),
    timeZone: input.timeZone ?? null,
  };
  if (!(await insertSeason(d, row))) throw new ServiceError("season_exists", `Season ${seasonKey} already exists`);
  try {
    await createEvents(env, scope, chart.chartKey, input.events, row.timeZone);
  } catch (err) {
    await deleteSeasonRow(d, row.id);
    throw err;
  }
  return record({ ...row, chartKey: chart.chartKey, partialSeasons: [] });
}

/** Changes a season's name and time zone (PATCH /seasons/{seasonKey}); its events keep their own. */
export async function updateSeasonDetails(env: Env, scope: Scope, seasonKey: string, patch: SeasonPatch): Promise<SeasonRecord> {
  const row = await ownSeason(env, scope, seasonKey);
  await setSeasonDetails(db(env), row.id, patch);
  return record({ ...row, name: patch.name ?? row.name, timeZone: patch.timeZone ?? row.timeZone });
}

export async function getSeasonRecord(env: Env, scope: Scope, seasonKey: string): Promise<SeasonRecord> {
  return record(await ownSeason(env, scope, seasonKey));
}

export async function listSeasonRecords(
  env: Env,
  scope: Scope,
  page: { limit: number; afterKey?: string },
): Promise<{ items: SeasonRecord[]; lastKey?: string; hasMore: boolean }> {
  const result = await listSeasons(db(env), scope.workspaceId, scope.environment, page);
  return { items: result.items.map(record), lastKey: result.items.at(-1)?.seasonKey, hasMore: result.hasMore };
}

/** Deletes the season (its events stay); refused while anything is held or booked through it. */
export async function deleteSeason(env: Env, scope: Scope, seasonKey: string): Promise<{ seasonKey: string; deleted: true }> {
  const row = await ownSeason(env, scope, seasonKey);
  const uses = await Promise.all(row.eventKeys.map((k) => eventStub(env, scope.workspaceId, scope.environment, k).seasonUse(seasonKey)));
  if (uses.some((u) => u.ok && u.value.inUse))
    throw new ServiceError("season_in_use", `Seats are held or booked through season ${seasonKey}; release them first`);
  await deleteSeasonRow(db(env), row.id);
  return { seasonKey, deleted: true };
}

/** Adds new events (with their names and starts) to the season; each starts with the seats and GA places booked for the whole season booked. */
export async function addSeasonEvents(env: Env, scope: Scope, seasonKey: string, games: SeasonEventInput[]): Promise<SeasonRecord> {
  const row = await ownSeason(env, scope, seasonKey);
  const eventKeys = games.map((g) => g.eventKey);
  await refuseExisting(env, scope, eventKeys);
  let booked = null;
  for (const k of row.eventKeys) {
    const answer = await eventStub(env, scope.workspaceId, scope.environment, k).seasonBooked(seasonKey);
    if (answer.ok) {
      booked = answer.value;
      break;
    }
  }
  await createEvents(env, scope, row.chartKey, games, row.timeZone);
  if (booked !== null && booked.seats.length + booked.areas.length > 0)
    await Promise.all(eventKeys.map((k) => eventStub(env, scope.workspaceId, scope.environment, k).seasonBookInit(seasonKey, booked)));
  const members = { eventKeys: [...row.eventKeys, ...eventKeys], partialSeasons: row.partialSeasons };
  await setSeasonMembers(db(env), row.id, members);
  return record({ ...row, ...members });
}

/** Defines a partial season: a named subset of the season's events (partial seasons do not nest). */
export async function createPartialSeason(env: Env, scope: Scope, seasonKey: string, input: PartialSeasonCreate): Promise<SeasonRecord> {
  const row = await ownSeason(env, scope, seasonKey);
  const members = new Set(row.eventKeys);
  const outside = input.eventKeys.filter((k) => !members.has(k));
  if (outside.length > 0)
    throw new ServiceError("validation_failed", "A partial season's events must be events of the season", {
      errors: { eventKeys: outside.map((k) => `${k} is not an event of season ${seasonKey}`) },
    });
  const partialSeasonKey = input.partialSeasonKey ?? newId("ps", 12).replace(/^ps_/, "partial-");
  if (row.partialSeasons.some((p) => p.partialSeasonKey === partialSeasonKey))
    throw new ServiceError("season_exists", `Partial season ${partialSeasonKey} already exists`);
  const partialSeasons = [...row.partialSeasons, { partialSeasonKey, eventKeys: input.eventKeys, createdAt: nowIso() }];
  await setSeasonMembers(db(env), row.id, { eventKeys: row.eventKeys, partialSeasons });
  return record({ ...row, partialSeasons });
}

/** A season seat action's step, without its action id and coordinator (set by {@link seasonAction}). */
export type SeasonActionBody = DistributiveOmit<SeasonStep, "actionId" | "coordinator" | "prepareWindowMs" | "season" | "expiresAt">;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Runs a season seat action (hold, book, release, extend) on the season or one of its partial
 * seasons, atomically across the events it covers. A conflict anywhere is 409 `seat_unavailable`
 * with each failed label's eventKey; the answer lists each object once with its eventKeys.
 */
export async function seasonAction(
  env: Env,
  scope: Scope,
  seasonKey: string,
  partialSeasonKey: string | undefined,
  action: SeasonActionBody,
  caller: HoldCaller,
): Promise<SeasonActionResult> {
  const row = await ownSeason(env, scope, seasonKey);
  let eventKeys = row.eventKeys;
  if (partialSeasonKey !== undefined) {
    const partial = row.partialSeasons.find((p) => p.partialSeasonKey === partialSeasonKey);
    if (!partial) throw new ServiceError("partial_season_not_found", `Partial season ${partialSeasonKey} does not exist in season ${seasonKey}`);
    eventKeys = partial.eventKeys;
  }
  const coordinator = `${scope.workspaceId}:${scope.environment}:${seasonKey}`;
  // A season hold is priced by the season's pricing (docs/prices.md), read with the action.
  const priced: SeasonActionBody = action.kind === "hold" ? { ...action, pricing: await getSeasonPricing(db(env), row.id) } : action;
  const run = (ttl: { seconds: number; defaulted: boolean } | null) =>
    runOnCoordinator(env, coordinator, {
      workspaceId: scope.workspaceId,
      environment: scope.environment,
      eventKeys,
      step: seasonStep(priced, coordinator, partialSeasonKey === undefined ? { seasonKey } : { seasonKey, partialSeasonKey }, ttl),
      caller,
    });
  const asked = action.kind === "hold" ? action.body.ttlSeconds : undefined;
  const ttl = action.kind === "hold" ? { seconds: asked ?? DEFAULT_TTL_SECONDS, defaulted: asked === undefined } : null;
  let answer = await run(ttl);
  // A publishable hold that sent no ttlSeconds lasts the smaller of the default and the shortest
  // publishable maximum of the season's events (docs/security.md): an event with a shorter one refused
  // the default and named its own, and the season holds once more with that (nothing was changed).
  if (!answer.ok && answer.retryTtlSeconds !== undefined && ttl?.defaulted === true) answer = await run({ seconds: answer.retryTtlSeconds, defaulted: true });
  if (!answer.ok) {
    if (answer.code === "event_not_found") throw new ServiceError("event_not_found", answer.message);
    throw new ServiceError(answer.code, answer.message, { failed: answer.failed, errors: answer.errors });
  }
  return merged(seasonKey, partialSeasonKey, eventKeys, action, answer.value);
}

/** The step every event of the action is sent: the action with its id, its coordinator, its season and a hold's or extend's one expiry. */
function seasonStep(
  action: SeasonActionBody,
  coordinator: string,
  season: SeasonStep["season"],
  ttl: { seconds: number; defaulted: boolean } | null,
): SeasonStep {
  const base = { actionId: newId("sa"), coordinator, prepareWindowMs: PREPARE_WINDOW_MS, season };
  if (action.kind === "hold") return { ...action, ...base, expiresAt: Date.now() + ttl!.seconds * 1000, ttl: ttl! };
  if (action.kind === "extend") return { ...action, ...base, expiresAt: Date.now() + action.body.ttlSeconds * 1000 };
  return { ...action, ...base, expiresAt: null };
}

/** Hands a season action to its coordinator; one that does not answer was interrupted, and settles on its own. */
async function runOnCoordinator(env: Env, coordinator: string, run: SeasonRun): Promise<Outcome<SeasonRunResult>> {
  const ns = env.SEASONS;
  try {
    return await ns.get(ns.idFromName(coordinator)).run(run);
  } catch (err) {
    logError("a season coordinator did not answer", err);
    throw new ServiceError(
      "conflict",
      "The season action was interrupted; it completes or is undone everywhere within seconds. Read the seats' status, then try again",
    );
  }
}

/** Each object once, with the events it changed in. */
function merged(
  seasonKey: string,
  partialSeasonKey: string | undefined,
  eventKeys: string[],
  action: SeasonActionBody,
  run: SeasonRunResult,
): SeasonActionResult {
  const objects = new Map<string, SeasonObject>();
  let holdExpiresAt: string | undefined;
  for (const { eventKey, part } of run.parts) {
    holdExpiresAt ??= part.holdExpiresAt;
    for (const o of part.objects) {
      const seen = objects.get(o.objectLabel);
      if (seen) seen.eventKeys.push(eventKey);
      else {
        const entry: SeasonObject = { objectLabel: o.objectLabel, status: o.status, eventKeys: [eventKey] };
        if (o.extraData !== undefined) entry.extraData = o.extraData;
        if (o.bookedAt !== undefined) entry.bookedAt = o.bookedAt;
        if (o.orderId !== undefined) entry.orderId = o.orderId;
        if (o.quantity !== undefined) entry.quantity = o.quantity;
        if (o.price !== undefined) entry.price = o.price;
        objects.set(o.objectLabel, entry);
      }
    }
  }
  const result: SeasonActionResult = { seasonKey, eventKeys, objects: [...objects.values()] };
  // The season's price is once per object, for all its events (docs/prices.md).
  const total = totalOf(result.objects.map((o) => o.price));
  if (total !== null) result.total = total;
  if (partialSeasonKey !== undefined) result.partialSeasonKey = partialSeasonKey;
  if (action.kind === "hold" || action.kind === "extend") {
    result.holdToken = action.body.holdToken;
    if (holdExpiresAt !== undefined) result.holdExpiresAt = holdExpiresAt;
  }
  return result;
}
