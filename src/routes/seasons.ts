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
  type SeasonActionKind,
  type SeasonActionResult,
} from "../domain/seasons";
import { refuseSeatAction } from "../domain/seat-action-keys";
import { ADMISSION_HEADER } from "../domain/waiting-room";
import { newRouter } from "../http/app-factory";
import { requireProductionSecretKey, requireSecretKey } from "../http/auth";
import { importSeasonBodySchema } from "../domain/event-settings";
import { importSeasonFromSandbox } from "../event-settings/sandbox-import";
import { clientAddress } from "../http/client-limit";
import type { AppEnv } from "../http/context";
import { errorResponses } from "../http/openapi";
import { afterKeyOf, listQuery, nextCursor } from "../http/pagination";
import { idempotency } from "../http/idempotency";
import { apiKey } from "../http/pipeline";
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
import { admittedEventIds } from "../waiting-room/room-operations";
import { callerOf } from "./events/seats";
import { seasonPricingRoutes } from "./season-pricing";
import { seatActionKeys } from "./events/support";
import { PASS_HEADER } from "../domain/channel-passes";
import { verifyChannelPasses } from "../events/channel-passes";

/**
 * /api/v1/seasons (docs/seasons.md): seasons, their events and partial seasons, and the season seat
 * actions, each atomic across the events it covers (README "Seasons").
 */
export const seasons = newRouter();
// Idempotency-Key (docs/api.md#idempotent-requests): a season action is claimed in D1 like any other POST.
seasons.use("*", apiKey(), idempotency());
seasons.route("/", seasonPricingRoutes);

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
    operationId: "createSeason",
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
    operationId: "listSeasons",
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
    operationId: "getSeason",
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
    operationId: "importSeasonFromSandbox",
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
    operationId: "updateSeason",
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
    operationId: "deleteSeason",
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
    operationId: "addSeasonEvents",
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
    operationId: "createPartialSeason",
    summary: "Define a partial season: a named subset of the season's events (secret key)",
    middleware: [requireSecretKey()] as const,
    request: { params: seasonKeyParam, ...json(partialSeasonCreateSchema) },
    responses: { ...created("The season with its partial seasons", seasonRecordSchema), ...errorResponses(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => c.json(await createPartialSeason(c.env, c.var.principal, c.req.valid("param").seasonKey, c.req.valid("json")), 201),
);

/**
 * Runs a season seat action for this caller: the key rules of the event action it stands for
 * (domain/seat-action-keys.ts), then, for a publishable-key hold, the admissions it carries
 * (docs/waiting-room.md): `X-Admission` may name one admission per event whose waiting room is open, as a
 * comma-separated list or in several headers; each is verified for its own event, and an event
 * whose room is open and that finds none of its own refuses the hold, which then changes nothing
 * anywhere. Channel passes (`X-Channel-Pass`, docs/security.md) are verified the same way, each for the
 * event it was issued for.
 */
async function run(c: Context<AppEnv>, seasonKey: string, partialSeasonKey: string | undefined, action: SeasonActionBody): Promise<SeasonActionResult> {
  const p = c.var.principal;
  refuseSeatAction(p.kind, action.kind, action.body);
  const client = clientAddress(c.req.raw.headers);
  const caller = callerOf(p.kind, client);
  const admissions = p.kind === "public" && action.kind === "hold" ? c.req.header(ADMISSION_HEADER) : undefined;
  if (admissions !== undefined) caller.admittedTo = await admittedEventIds(c.env, p, client ?? "", admissions);
  // docs/security.md: a protected channel's pass is per event: one per event whose channel the hold takes from.
  const passes = p.kind === "public" && action.kind === "hold" ? c.req.header(PASS_HEADER) : undefined;
  if (passes !== undefined) caller.passes = await verifyChannelPasses(c.env, p, passes);
  return seasonAction(c.env, p, seasonKey, partialSeasonKey, action, caller);
}

/** The four season seat actions: body, summary, operation names (season and partial season), and what the description adds. */
const ACTIONS = {
  hold: {
    schema: seasonHoldRequestSchema,
    summary: "Hold seats or GA places in every event",
    ids: ["holdSeasonSeats", "holdPartialSeasonSeats"],
    more: "Every hold of the action expires at one holdExpiresAt in every event. A GA hold (objectType generalAdmission, quantity) takes that many places in every event. Every gate of an event's own hold applies in each event (selection rules, channels, accessible hold-back, waiting room, a publishable key's limits); a publishable key sends one X-Admission per event whose waiting room is open, and one X-Channel-Pass per event whose protected channel it takes from, each comma-separated. A publishable hold without ttlSeconds lasts the smaller of 900 seconds and the shortest maxPublicHoldSeconds of the events it covers.",
  },
  book: {
    schema: seasonBookRequestSchema,
    summary: "Book what the token holds in every event (secret key)",
    ids: ["bookSeasonSeats", "bookPartialSeasonSeats"],
    more: "",
  },
  release: {
    schema: seasonReleaseRequestSchema,
    summary: "Release in every event",
    ids: ["releaseSeasonSeats", "releasePartialSeasonSeats"],
    more: "A publishable key needs holdToken and frees only its own holds.",
  },
  extend: {
    schema: seasonExtendRequestSchema,
    summary: "Extend the token's holds in every event (secret key)",
    ids: ["extendSeasonHolds", "extendPartialSeasonHolds"],
    more: "The new expiry is one instant in every event.",
  },
} as const;

const ATOMIC =
  "Atomic across the events covered: every event changes, or none does. A conflict in any event is 409 `seat_unavailable` whose `failed[]` entries carry `eventKey`. The answer lists each object once with the `eventKeys` it changed in. Bodies and keys as the event seat action.";

for (const partial of [false, true]) {
  const base = partial ? "/{seasonKey}/partial-seasons/{partialSeasonKey}/seats" : "/{seasonKey}/seats";
  const params = partial ? partialParam : seasonKeyParam;
  const where = partial ? " of a partial season" : " of a season";
  const key = (c: Context<AppEnv>): [string, string | undefined] => [c.req.param("seasonKey") ?? "", partial ? c.req.param("partialSeasonKey") : undefined];
  const route = <S extends z.ZodType>(kind: SeasonActionKind, schema: S) =>
    createRoute({
      method: "post",
      path: `${base}/${kind}`,
      operationId: ACTIONS[kind].ids[partial ? 1 : 0],
      summary: ACTIONS[kind].summary + where,
      description: `${ATOMIC} ${ACTIONS[kind].more}`.trim(),
      middleware: seatActionKeys(kind),
      request: { params, ...json(schema) },
      responses: {
        ...ok(kind === "hold" ? "Held" : kind === "book" ? "Booked" : kind === "release" ? "Released" : "Extended", seasonActionResultSchema),
        ...errorResponses(400, 401, 403, 404, 409, 429),
      },
    });
  seasons.openapi(route("hold", ACTIONS.hold.schema), async (c) => c.json(await run(c, ...key(c), { kind: "hold", body: c.req.valid("json") }), 200));
  seasons.openapi(route("book", ACTIONS.book.schema), async (c) => c.json(await run(c, ...key(c), { kind: "book", body: c.req.valid("json") }), 200));
  seasons.openapi(route("release", ACTIONS.release.schema), async (c) =>
    c.json(await run(c, ...key(c), { kind: "release", body: { ...c.req.valid("json"), caller: c.var.principal.kind } }), 200),
  );
  seasons.openapi(route("extend", ACTIONS.extend.schema), async (c) => c.json(await run(c, ...key(c), { kind: "extend", body: c.req.valid("json") }), 200));
}
