import { Hono } from "hono";
import { z } from "zod";
import { EVENT_SETTINGS, importSeasonBodySchema } from "../../domain/event-settings";
import { EVENT_KEY } from "../../domain/events";
import { partialSeasonCreateSchema, SEASON_KEY, seasonCreateSchema, seasonEventsAddSchema, seasonPatchSchema } from "../../domain/seasons";
import { labelsSchema } from "../../domain/seats";
import { orderIdSchema } from "../../domain/status-changes";
import { importSeasonFromSandbox } from "../../event-settings/sandbox-import";
import { copyEventSettings } from "../../event-settings/settings-copy";
import { ServiceError } from "../../domain/errors";
import { afterKeyOf, listQuery, nextCursor } from "../../http/pagination";
import { validated } from "../../http/validation";
import { newId } from "../../keys/keys";
import {
  addSeasonEvents,
  createPartialSeason,
  createSeason,
  getSeasonRecord,
  listSeasonRecords,
  seasonAction,
  updateSeasonDetails,
} from "../../seasons/season-operations";
import { typedLabels } from "../box-office";
import type { DashEnv } from "../context";
import { keyedGames, seasonKeyFrom, type GameRow } from "../season-games";
import { ENV, jsonBody, scope } from "./support";

/**
 * /dashboard/api/{environment}/seasons (docs/seasons.md): the seasons of the session's workspace with
 * their games (names and starts), partial seasons, one game's settings applied to every game, the
 * copy of a sandbox season to production, and the season box office, which sells seats for every
 * event of a season (or of a partial season) at once with a secret key's rights: a season hold
 * under a fresh token, then a season book.
 */
export const seasonRoutes = new Hono<DashEnv>();

const base = `${ENV}/seasons`;
const one = `${base}/:seasonKey`;

const sellBody = z.object({
  objectLabels: labelsSchema,
  orderId: orderIdSchema.optional(),
  partialSeasonKey: z
    .string()
    .max(128)
    .optional()
    .transform((k) => k || undefined),
});

/** The season form's rows: a game may come without a key (keyed from its name, season-games.ts). */
const gameRows = z
  .array(z.object({ eventKey: z.string().max(128).optional(), name: z.string().max(255).optional(), startsAt: z.string().max(64).optional() }))
  .max(500);
const createForm = z.object({
  seasonKey: z.string().max(128).optional(),
  name: z.string().max(255).optional(),
  chartKey: z.string().max(128),
  timeZone: z.string().max(64).optional(),
  events: gameRows.optional(),
  eventKeys: z.array(z.string()).optional(),
});

const applyBody = z.object({
  fromEventKey: z.string().regex(EVENT_KEY, "choose a game"),
  settings: z.array(z.enum(EVENT_SETTINGS)).min(1, "choose at least one setting"),
  partialSeasonKey: z
    .string()
    .max(128)
    .optional()
    .transform((k) => k || undefined),
});

seasonRoutes.post("/production/seasons/import-from-sandbox", async (c) => {
  const { seasonKey } = await jsonBody(c, importSeasonBodySchema);
  return c.json(await importSeasonFromSandbox(c.env, c.var.session.workspaceId, seasonKey), 201);
});

seasonRoutes.get(base, async (c) => {
  const { limit, cursor } = validated(listQuery, c.req.query());
  const page = await listSeasonRecords(c.env, scope(c), { limit, afterKey: afterKeyOf(cursor, SEASON_KEY) });
  return c.json({ items: page.items, nextCursor: nextCursor(page.hasMore, page.lastKey) }, 200);
});

/** Creates the season and its games; games without a key are keyed after the season and their names. */
seasonRoutes.post(base, async (c) => {
  const form = await jsonBody(c, createForm);
  if (!form.events?.length && !form.eventKeys?.length)
    throw new ServiceError("validation_failed", "A season needs at least one game", { errors: { events: ["add at least one game"] } });
  const seasonKey = form.seasonKey || seasonKeyFrom(form.name) || undefined;
  const events = form.events && keyedGames(seasonKey ?? "game", form.events);
  const input = validated(seasonCreateSchema, { ...form, seasonKey, events, name: form.name || undefined, timeZone: form.timeZone || undefined });
  return c.json(await createSeason(c.env, scope(c), input), 201);
});

seasonRoutes.get(one, async (c) => c.json(await getSeasonRecord(c.env, scope(c), c.req.param("seasonKey")), 200));

seasonRoutes.patch(one, async (c) => c.json(await updateSeasonDetails(c.env, scope(c), c.req.param("seasonKey"), await jsonBody(c, seasonPatchSchema)), 200));

/** Adds games (with names and starts) to the season. */
seasonRoutes.post(`${one}/events`, async (c) => {
  const seasonKey = c.req.param("seasonKey");
  const form = await jsonBody(c, z.object({ events: gameRows }));
  const { events } = validated(seasonEventsAddSchema, { events: keyedGames(seasonKey, form.events as GameRow[]) });
  return c.json(await addSeasonEvents(c.env, scope(c), seasonKey, events), 200);
});

seasonRoutes.post(`${one}/partial-seasons`, async (c) =>
  c.json(await createPartialSeason(c.env, scope(c), c.req.param("seasonKey"), await jsonBody(c, partialSeasonCreateSchema)), 201),
);

/** One game's settings applied to every other game of the season (or of one of its partial seasons). */
seasonRoutes.post(`${one}/apply-settings`, async (c) => {
  const s = scope(c);
  const body = await jsonBody(c, applyBody);
  const season = await getSeasonRecord(c.env, s, c.req.param("seasonKey"));
  const partial = body.partialSeasonKey && season.partialSeasons.find((p) => p.partialSeasonKey === body.partialSeasonKey);
  if (body.partialSeasonKey && !partial) throw new ServiceError("partial_season_not_found", `Partial season ${body.partialSeasonKey} does not exist`);
  const targets = partial ? partial.eventKeys : season.eventKeys;
  if (!season.eventKeys.includes(body.fromEventKey))
    throw new ServiceError("validation_failed", "Choose a game of this season", {
      errors: { fromEventKey: [`${body.fromEventKey} is not a game of this season`] },
    });
  return c.json(await copyEventSettings(c.env, s, body.fromEventKey, targets, body.settings), 200);
});

/** Sells seats for the season: held in every event at once, then booked in every event at once; a refused book lets the hold go. */
seasonRoutes.post(`${one}/sell`, async (c) => {
  const s = scope(c);
  const seasonKey = c.req.param("seasonKey");
  const body = await jsonBody(c, sellBody);
  // One chart for every game: the first game's map says which typed lines are labels.
  const season = await getSeasonRecord(c.env, s, seasonKey);
  const objectLabels = await typedLabels(c.env, s, season.eventKeys[0]!, body.objectLabels);
  const holdToken = newId("box");
  const caller = { kind: "secret" as const };
  // As the event box office: past the games' selection rules and from any channel (a secret key's overrides, docs/selling-rules.md, docs/channels.md).
  const hold = { objectLabels, holdToken, ttlSeconds: 300, ignoreSelectionRules: true, ignoreChannels: true };
  await seasonAction(c.env, s, seasonKey, body.partialSeasonKey, { kind: "hold", body: hold }, caller);
  try {
    const booked = await seasonAction(
      c.env,
      s,
      seasonKey,
      body.partialSeasonKey,
      { kind: "book", body: { objectLabels, holdToken, orderId: body.orderId } },
      caller,
    );
    return c.json(booked, 200);
  } catch (err) {
    await seasonAction(c.env, s, seasonKey, body.partialSeasonKey, { kind: "release", body: { holdToken, caller: "secret" } }, caller).catch(() => undefined);
    throw err;
  }
});
