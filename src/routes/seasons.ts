import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  partialSeasonCreateSchema,
  SEASON_KEY,
  seasonActionResultSchema,
  seasonBookRequestSchema,
  seasonCreateSchema,
  seasonEventsAddSchema,
  seasonExtendRequestSchema,
  seasonHoldRequestSchema,
  seasonPatchSchema,
  seasonRecordSchema,
  seasonReleaseRequestSchema,
  type SeasonActionResult,
} from "../domain/seasons";
import type { CallerKind, HoldCaller } from "../domain/seats";
import { newRouter } from "../http/app-factory";
import { requireProductionSecretKey, requireSecretKey } from "../http/auth";
import { importSeasonBodySchema } from "../domain/event-settings";
import { importSeasonFromSandbox } from "../event-settings/sandbox-import";
import { clientAddress } from "../http/client-limit";
import type { AppEnv } from "../http/context";
import { ApiError } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { afterKeyOf, listQuery, nextCursor } from "../http/pagination";
import { idempotency } from "../http/idempotency";
import { apiKey, seatAction } from "../http/pipeline";
import {
  addSeasonEvents,
  createPartialSeason,
  createSeason,
  deleteSeason,
  getSeasonRecord,
  listSeasonRecords,
  seasonAction,
  updateSeasonDetails,
  type SeasonActionBody,
} from "../seasons/season-operations";

/**
 * /api/v1/seasons (contract §13): seasons, their events and partial seasons, and the season seat
 * actions, each atomic across the events it covers (README "Seasons").
 */
export const seasons = newRouter();
// Idempotency-Key (contract §16): a season action is claimed in D1 like any other POST.
seasons.use("*", apiKey(), idempotency());

const seasonKeyParam = z.object({ seasonKey: z.string().openapi({ param: { name: "seasonKey", in: "path" }, example: "home-2027" }) });
const partialParam = seasonKeyParam.extend({
  partialSeasonKey: z.string().openapi({ param: { name: "partialSeasonKey", in: "path" }, example: "first-half" }),
});
const json = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true as const } });
const ok = <T extends z.ZodType>(description: string, schema: T) => ({ 200: { description, content: { "application/json": { schema } } } });
const created = <T extends z.ZodType>(description: string, schema: T) => ({ 201: { description, content: { "application/json": { schema } } } });

seasons.openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "Create a season and its events (secret key)",
    description:
      "Creates every event of `eventKeys`, or of `events` with each one's name and start, on the chart (as POST /events) in the season's `timeZone`. A start without an offset is read on that zone's clock. An existing event key is 409 `event_exists` and nothing is created.",
    middleware: [requireSecretKey()] as const,
    request: json(seasonCreateSchema),
    responses: { ...created("The new season", seasonRecordSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => c.json(await createSeason(c.env, c.var.principal, c.req.valid("json")), 201),
);

seasons.openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "List the seasons of the key's environment (secret key)",
    middleware: [requireSecretKey()] as const,
    request: { query: listQuery },
    responses: {
      ...ok("A page of seasons", z.object({ items: z.array(seasonRecordSchema), nextCursor: z.string().nullable() })),
      ...errorResponses(400, 401, 403, 429),
    },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const page = await listSeasonRecords(c.env, c.var.principal, { limit: q.limit, afterKey: afterKeyOf(q.cursor, SEASON_KEY) });
    return c.json({ items: page.items, nextCursor: nextCursor(page.hasMore, page.lastKey) }, 200);
  },
);

seasons.openapi(
  createRoute({
    method: "get",
    path: "/{seasonKey}",
    summary: "Get a season",
    request: { params: seasonKeyParam },
    responses: { ...ok("The season", seasonRecordSchema), ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await getSeasonRecord(c.env, c.var.principal, c.req.valid("param").seasonKey), 200),
);

seasons.openapi(
  createRoute({
    method: "post",
    path: "/import-from-sandbox",
    summary: "Copy a sandbox season to production with its settings, not its sales (production secret key)",
    description:
      "Creates the season in production under the same key, with its name and time zone, each of its events (as POST /events/import-from-sandbox, same keys) and its partial seasons. Seats sold for the season in the sandbox stay there. A sandbox key is 403 `forbidden`; a season or event key production already has is 409 with nothing made.",
    middleware: [requireProductionSecretKey()] as const,
    request: json(importSeasonBodySchema),
    responses: { ...created("The production season", seasonRecordSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => c.json(await importSeasonFromSandbox(c.env, c.var.principal.workspaceId, c.req.valid("json").seasonKey), 201),
);

seasons.openapi(
  createRoute({
    method: "patch",
    path: "/{seasonKey}",
    summary: "Change a season's name and time zone (secret key)",
    description: "Body `{ name?, timeZone? }`, at least one. The time zone is given to events added to the season later; its events keep their own.",
    middleware: [requireSecretKey()] as const,
    request: { params: seasonKeyParam, ...json(seasonPatchSchema) },
    responses: { ...ok("The season", seasonRecordSchema), ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => c.json(await updateSeasonDetails(c.env, c.var.principal, c.req.valid("param").seasonKey, c.req.valid("json")), 200),
);

seasons.openapi(
  createRoute({
    method: "delete",
    path: "/{seasonKey}",
    summary: "Delete a season (secret key); its events stay",
    description: "Refused with 409 `season_in_use` while anything is held or booked through the season.",
    middleware: [requireSecretKey()] as const,
    request: { params: seasonKeyParam },
    responses: {
      ...ok("Deleted", z.object({ seasonKey: z.string(), deleted: z.literal(true) })),
      ...errorResponses(401, 403, 404, 409, 429),
    },
  }),
  async (c) => c.json(await deleteSeason(c.env, c.var.principal, c.req.valid("param").seasonKey), 200),
);

seasons.openapi(
  createRoute({
    method: "post",
    path: "/{seasonKey}/events",
    summary: "Add new events to a season (secret key)",
    description: "Each new event starts with every seat booked for the whole season booked for the season. An existing event key is 409 `event_exists`.",
    middleware: [requireSecretKey()] as const,
    request: { params: seasonKeyParam, ...json(seasonEventsAddSchema) },
    responses: { ...ok("The season", seasonRecordSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => c.json(await addSeasonEvents(c.env, c.var.principal, c.req.valid("param").seasonKey, c.req.valid("json").events), 200),
);

seasons.openapi(
  createRoute({
    method: "post",
    path: "/{seasonKey}/partial-seasons",
    summary: "Define a partial season: a named subset of the season's events (secret key)",
    middleware: [requireSecretKey()] as const,
    request: { params: seasonKeyParam, ...json(partialSeasonCreateSchema) },
    responses: { ...created("The season with its partial seasons", seasonRecordSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => c.json(await createPartialSeason(c.env, c.var.principal, c.req.valid("param").seasonKey, c.req.valid("json")), 201),
);

function callerOf(kind: CallerKind, client: string | undefined): HoldCaller {
  return kind === "public" && client !== undefined ? { kind, client } : { kind };
}

/** The event seat actions' key rules (routes/events/seats.ts), applied to a season action. */
function checked(c: Context<AppEnv>, action: SeasonActionBody): SeasonActionBody {
  const kind = c.var.principal.kind;
  if (action.kind === "hold") {
    if (action.body.objectType !== undefined)
      throw new ApiError("validation_failed", "Season holds take seats; general-admission areas are held per event", {
        errors: { objectType: ["not supported on a season"] },
      });
    if (kind !== "secret" && (action.body.ignoreSelectionRules !== undefined || action.body.ignoreChannels !== undefined))
      throw new ApiError("validation_failed", "Only a secret key may skip the selection rules or take from any channel", {
        errors: { ignoreSelectionRules: ["allowed with a secret key only"] },
      });
  }
  if (action.kind === "release") {
    const b = action.body;
    if (b.orderId !== undefined && kind !== "secret") throw new ApiError("public_key_not_allowed", "Releasing by order needs a secret key");
    if (b.holdToken === undefined && kind !== "secret")
      throw new ApiError("validation_failed", "A publishable key releases only with its holdToken", {
        errors: { holdToken: ["required with a publishable key"] },
      });
    if (b.holdToken === undefined && b.objectLabels === undefined && b.orderId === undefined)
      throw new ApiError("validation_failed", "Give objectLabels, holdToken, orderId or a combination", {
        errors: { body: ["objectLabels, holdToken or orderId is required"] },
      });
  }
  return action;
}

async function run(c: Context<AppEnv>, seasonKey: string, partialSeasonKey: string | undefined, action: SeasonActionBody): Promise<SeasonActionResult> {
  const p = c.var.principal;
  return seasonAction(c.env, p, seasonKey, partialSeasonKey, checked(c, action), callerOf(p.kind, clientAddress(c.req.raw.headers)));
}

const ACTIONS = {
  hold: { schema: seasonHoldRequestSchema, summary: "Hold seats in every event", secret: false },
  book: { schema: seasonBookRequestSchema, summary: "Book what the token holds in every event (secret key)", secret: true },
  release: { schema: seasonReleaseRequestSchema, summary: "Release in every event", secret: false },
  extend: { schema: seasonExtendRequestSchema, summary: "Extend the token's holds in every event (secret key)", secret: true },
} as const;

const ATOMIC =
  "Atomic across the events covered: every event changes, or none does. A conflict in any event is 409 `seat_unavailable` whose `failed[]` entries carry `eventKey`. The answer lists each object once with the `eventKeys` it changed in. Bodies and keys as the event seat action.";

for (const partial of [false, true]) {
  const base = partial ? "/{seasonKey}/partial-seasons/{partialSeasonKey}/seats" : "/{seasonKey}/seats";
  const params = partial ? partialParam : seasonKeyParam;
  const where = partial ? " of a partial season" : " of a season";
  const key = (c: Context<AppEnv>): [string, string | undefined] => [c.req.param("seasonKey") ?? "", partial ? c.req.param("partialSeasonKey") : undefined];

  seasons.openapi(
    createRoute({
      method: "post",
      path: `${base}/hold`,
      summary: ACTIONS.hold.summary + where,
      description: `${ATOMIC} Every hold of the action expires at one holdExpiresAt in every event.`,
      middleware: [seatAction()] as const,
      request: { params, ...json(ACTIONS.hold.schema) },
      responses: { ...ok("Held", seasonActionResultSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => c.json(await run(c, ...key(c), { kind: "hold", body: c.req.valid("json") }), 200),
  );
  seasons.openapi(
    createRoute({
      method: "post",
      path: `${base}/book`,
      summary: ACTIONS.book.summary + where,
      description: ATOMIC,
      middleware: [requireSecretKey()] as const,
      request: { params, ...json(ACTIONS.book.schema) },
      responses: { ...ok("Booked", seasonActionResultSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => c.json(await run(c, ...key(c), { kind: "book", body: c.req.valid("json") }), 200),
  );
  seasons.openapi(
    createRoute({
      method: "post",
      path: `${base}/release`,
      summary: ACTIONS.release.summary + where,
      description: `${ATOMIC} A publishable key needs holdToken and frees only its own holds.`,
      middleware: [seatAction()] as const,
      request: { params, ...json(ACTIONS.release.schema) },
      responses: { ...ok("Released", seasonActionResultSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => c.json(await run(c, ...key(c), { kind: "release", body: { ...c.req.valid("json"), caller: c.var.principal.kind } }), 200),
  );
  seasons.openapi(
    createRoute({
      method: "post",
      path: `${base}/extend`,
      summary: ACTIONS.extend.summary + where,
      description: `${ATOMIC} The new expiry is one instant in every event.`,
      middleware: [requireSecretKey()] as const,
      request: { params, ...json(ACTIONS.extend.schema) },
      responses: { ...ok("Extended", seasonActionResultSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => c.json(await run(c, ...key(c), { kind: "extend", body: c.req.valid("json") }), 200),
  );
}
