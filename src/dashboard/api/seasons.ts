import { Hono } from "hono";
import { z } from "zod";
import { SEASON_KEY, seasonCreateSchema } from "../../domain/seasons";
import { labelsSchema } from "../../domain/seats";
import { orderIdSchema } from "../../domain/status-changes";
import { afterKeyOf, listQuery, nextCursor } from "../../http/pagination";
import { validated } from "../../http/validation";
import { newId } from "../../keys/keys";
import { createSeason, getSeasonRecord, listSeasonRecords, seasonAction } from "../../seasons/season-operations";
import type { DashEnv } from "../context";
import { ENV, jsonBody, scope } from "./support";

/**
 * /dashboard/api/{environment}/seasons (contract §13): the seasons of the session's workspace, and
 * the season box office, which sells seats for every event of a season (or of a partial season) at
 * once with a secret key's rights: a season hold under a fresh token, then a season book.
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

seasonRoutes.get(base, async (c) => {
  const { limit, cursor } = validated(listQuery, c.req.query());
  const page = await listSeasonRecords(c.env, scope(c), { limit, afterKey: afterKeyOf(cursor, SEASON_KEY) });
  return c.json({ items: page.items, nextCursor: nextCursor(page.hasMore, page.lastKey) }, 200);
});

seasonRoutes.post(base, async (c) => c.json(await createSeason(c.env, scope(c), await jsonBody(c, seasonCreateSchema)), 201));

seasonRoutes.get(one, async (c) => c.json(await getSeasonRecord(c.env, scope(c), c.req.param("seasonKey")), 200));

/** Sells seats for the season: held in every event at once, then booked in every event at once; a refused book lets the hold go. */
seasonRoutes.post(`${one}/sell`, async (c) => {
  const s = scope(c);
  const seasonKey = c.req.param("seasonKey");
  const body = await jsonBody(c, sellBody);
  const holdToken = newId("box");
  const caller = { kind: "secret" as const };
  await seasonAction(
    c.env,
    s,
    seasonKey,
    body.partialSeasonKey,
    { kind: "hold", body: { objectLabels: body.objectLabels, holdToken, ttlSeconds: 300 } },
    caller,
  );
  try {
    const booked = await seasonAction(
      c.env,
      s,
      seasonKey,
      body.partialSeasonKey,
      { kind: "book", body: { objectLabels: body.objectLabels, holdToken, orderId: body.orderId } },
      caller,
    );
    return c.json(booked, 200);
  } catch (err) {
    await seasonAction(c.env, s, seasonKey, body.partialSeasonKey, { kind: "release", body: { holdToken, caller: "secret" } }, caller).catch(() => undefined);
    throw err;
  }
});
