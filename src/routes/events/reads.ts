import { createRoute, z } from "@hono/zod-openapi";
import { statusChangesQuerySchema, statusChangesResultSchema } from "../../domain/status-changes";
import { compactObjectsSchema, compactStatusSchema, fullStatusSchema, objectsResultSchema, reportsResultSchema } from "../../domain/status";
import { newRouter } from "../../http/app-factory";
import { requireSecretKey } from "../../http/auth";
import { errorResponses } from "../../http/openapi";
import { validated } from "../../http/validation";
import { STATUS_SEQ_HEADER } from "../../domain/live-relays";
import { wantsCsv } from "../../http/csv";
import { countExactRead } from "../../live-relays/crowd-operations";
import { clientAddress } from "../../http/client-limit";
import { historyCsv } from "./history-csv";
import { ifNoneMatch } from "./status-copies";
import { copyAnswer, copyOf } from "./crowd-reads";
import { callEvent, eventKeyParam, labelsQuery } from "./support";
import { PASS_HEADER } from "../../domain/channel-passes";
import { channelAccess, verifyChannelPasses } from "../../events/channel-passes";

/** /api/v1/events/{eventKey}/status, /objects, /reports (docs/events.md#reads). */
export const eventReads = newRouter();

const statusQuery = z.object({
  holdToken: z.string().max(255).optional(),
  labels: labelsQuery,
  format: z
    .enum(["full", "compact"])
    .default("full")
    .openapi({ description: "compact: seat labels grouped by status plus GA counts (no holdExpiresAt, categoryKey, extraData)" }),
});

const statusRoute = createRoute({
  method: "get",
  path: "/{eventKey}/status",
  operationId: "getEventStatus",
  summary: "Status of every non-free object",
  request: { params: eventKeyParam, query: statusQuery },
  responses: {
    200: {
      description:
        "Status entries (full) or the compact form. With a publishable key, a protected channel's free seats read not_for_sale without channelKey unless the request carries the channel's pass (X-Channel-Pass, comma-separated for several). Unfiltered publishable-key reads without a pass are answered from a copy at most 1 s old (the event's object is read at most 10 times a second, however many readers), carry an ETag and X-Status-Seq; publishable-key reads with holdToken (and no labels) are exact and carry a Status-Version header: open the live socket with since=<that value> to get only the changes made after this read instead of a snapshot",
      headers: z.object({
        "Status-Version": z.string().optional().openapi({ description: "The status version this body reflects (holdToken reads)" }),
        "Map-Parts": z.literal("venue").optional().openapi({
          description: "holdToken reads of a layout with tables, zones or floors: the SDK loads its venue part at once rather than after the objects read",
        }),
        "X-Status-Seq": z
          .string()
          .optional()
          .openapi({ description: "The seq of the latest status change the copy reflects (unfiltered publishable-key reads)" }),
      }),
      content: { "application/json": { schema: z.union([fullStatusSchema, compactStatusSchema]) } },
    },
    304: { description: "Not modified: If-None-Match named the current ETag (unfiltered publishable-key reads only)" },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

// The status answer is often bytes the event object serialised once (up to megabytes at 40,000
// entries), passed through untouched; the typed JSON helpers would parse and re-encode them. So
// the route is documented from its definition and served by a plain handler that validates the
// same schemas.
eventReads.openAPIRegistry.registerPath(statusRoute);

const JSON_TYPE = { "content-type": "application/json" } as const;

/** Header of a publishable-key holdToken read: the status version to pass as the live socket's `since`. */
export const STATUS_VERSION = "status-version";
/**
 * Header of the same read: `venue` when the layout has tables, zones or floors, so the SDK starts
 * loading its venue part while the (larger, slower) objects read is still on its way.
 */
export const MAP_PARTS = "map-parts";

eventReads.get("/:eventKey/status", async (c) => {
  const { eventKey } = validated(eventKeyParam, c.req.param());
  const q = validated(statusQuery, c.req.query());
  const p = c.var.principal;
  // A publishable key sees a protected channel's free seats only with its pass (docs/security.md).
  const passes = p.kind === "public" ? await verifyChannelPasses(c.env, p, c.req.header(PASS_HEADER)) : [];
  // The crowd's read (a map opening, a page polling): answered from the hub's copy, at most 1 s old,
  // with the copy's tag as an ETag; this isolate keeps the bytes, so an unchanged copy crosses no RPC.
  if (p.kind === "public" && q.holdToken === undefined && q.labels === undefined && passes.length === 0) {
    const copyKey = `${p.workspaceId}:${p.environment}:${eventKey}:${q.format}`;
    const clientTags = ifNoneMatch(c.req.header("if-none-match"));
    const form = q.format === "full" ? "status" : "status-compact";
    const copy = await copyOf(c.env, p, eventKey, form, copyKey, clientTags, clientAddress(c.req.raw.headers));
    const { tag, seq, bytes } = copy;
    const headers = { ...JSON_TYPE, etag: `"${tag}"`, "cache-control": "no-cache", vary: "Accept-Encoding", [STATUS_SEQ_HEADER]: String(seq) };
    if (clientTags === "*" || clientTags.includes(tag) || bytes === undefined) return c.body(null, 304, headers);
    return copyAnswer(c.req.raw, copy, bytes, headers);
  }
  // The SDK's read (its own holds flagged): the kept view plus the token's rows, and the version it
  // reflects (a live socket opened with since=<version> then sends only later changes).
  // A reader with passes gets its own view of the same model (never the shared copy).
  if (p.kind === "public" && q.labels === undefined) {
    // A pass holder's read is exact (its own view) and counts in the live figures as one reaching the event.
    if (q.holdToken === undefined) c.executionCtx.waitUntil(countExactRead(c.env, p, eventKey).catch(() => {}));
    const holdToken = q.holdToken ?? null;
    const { body, version, venue } = await callEvent(c.env, p, eventKey, (event) => event.statusForToken(q.format, holdToken, passes));
    return c.body(body, 200, { ...JSON_TYPE, [STATUS_VERSION]: version, ...(venue ? { [MAP_PARTS]: "venue" } : {}) });
  }
  const query = { caller: p.kind, holdToken: q.holdToken, labels: q.labels, passes };
  if (q.format === "compact") return c.json(await callEvent(c.env, p, eventKey, (event) => event.statusCompact(query)), 200);
  return c.json(await callEvent(c.env, p, eventKey, (event) => event.status(query)), 200);
});

const objectsQuery = z.object({
  labels: labelsQuery,
  format: z.enum(["full", "compact"]).default("full").openapi({
    description: "compact: seats grouped by section and row, labels as numbered runs, one category character per seat (about 1% of the full size on a stadium)",
  }),
});

// Like the status, the compact objects body is bytes the event object encoded (its seat part kept
// per layout): the route is documented from its definition and served by a plain handler.
eventReads.openAPIRegistry.registerPath(
  createRoute({
    method: "get",
    path: "/{eventKey}/objects",
    operationId: "getEventObjects",
    summary: "Every object of the event's current layout, free ones included",
    request: { params: eventKeyParam, query: objectsQuery },
    responses: {
      200: {
        description:
          "Categories and objects (full) or the compact form; empty arrays while the chart is unpublished. Unfiltered publishable-key reads without a pass are answered from a copy at most 1 s old and carry X-Status-Seq. With a publishable key, a protected channel's seats are in no channel (and its GA places left out) unless the request carries the channel's pass (X-Channel-Pass)",
        content: { "application/json": { schema: z.union([objectsResultSchema, compactObjectsSchema]) } },
      },
      ...errorResponses(400, 401, 403, 404, 429),
    },
  }),
);

eventReads.get("/:eventKey/objects", async (c) => {
  const { eventKey } = validated(eventKeyParam, c.req.param());
  const { labels, format } = validated(objectsQuery, c.req.query());
  const p = c.var.principal;
  const access = await channelAccess(c.env, p, c.req.header(PASS_HEADER));
  // The crowd's read of the map: from the hub's copy, at most 1 s old (see the status read).
  if (p.kind === "public" && labels === undefined && access !== "all" && access.length === 0) {
    const copyKey = `${p.workspaceId}:${p.environment}:${eventKey}:objects:${format}`;
    const form = format === "full" ? "objects" : "objects-compact";
    const copy = await copyOf(c.env, p, eventKey, form, copyKey, [], clientAddress(c.req.raw.headers));
    return copyAnswer(c.req.raw, copy, copy.bytes ?? new Uint8Array(), { ...JSON_TYPE, vary: "Accept-Encoding", [STATUS_SEQ_HEADER]: String(copy.seq) });
  }
  if (p.kind === "public" && labels === undefined) c.executionCtx.waitUntil(countExactRead(c.env, p, eventKey).catch(() => {}));
  if (format === "compact") return c.body((await callEvent(c.env, p, eventKey, (event) => event.objectsCompact(labels, access))).body, 200, JSON_TYPE);
  return c.json(await callEvent(c.env, p, eventKey, (event) => event.objects(labels, access)), 200);
});

eventReads.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/reports",
    operationId: "getEventReports",
    summary: "Counts by status and by category (secret key)",
    middleware: [requireSecretKey()] as const,
    description: "A seat counts 1. A GA area counts in places: held quantity as held, booked as booked, the remainder as free.",
    request: { params: eventKeyParam },
    responses: { 200: { description: "Counts", content: { "application/json": { schema: reportsResultSchema } } }, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    return c.json(await callEvent(c.env, p, eventKey, (event) => event.reports()), 200);
  },
);

eventReads.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/status-changes",
    operationId: "listStatusChanges",
    summary: "The event's status history, in ascending seq (secret key)",
    description:
      "One record per change of an object's state, numbered per event without gaps (the seq carried by every seat.* webhook and live message). Filters combine; `after` with the previous page's nextCursor pages on. Hold tokens filter but are never returned. Records are kept 365 days. `?format=csv` (or `Accept: text/csv`) streams every matching record from `after` on as CSV with a header row (`limit` does not apply).",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, query: statusChangesQuerySchema },
    responses: {
      200: {
        description: "A page of records, or the CSV download",
        content: { "application/json": { schema: statusChangesResultSchema }, "text/csv": { schema: { type: "string" } } },
      },
      ...errorResponses(400, 401, 403, 404, 429),
    },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    if (wantsCsv(c)) return historyCsv(c.env, p, eventKey, c.req.valid("query"));
    return c.json(await callEvent(c.env, p, eventKey, (event) => event.statusChanges(c.req.valid("query"))), 200);
  },
);
