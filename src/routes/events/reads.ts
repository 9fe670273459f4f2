import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../../http/app-factory";
import { apiKeyAuth, requireSecretKey, resolveKey } from "../../http/auth";
import { ApiError } from "../../http/errors";
import { errorResponses } from "../../http/openapi";
import { rateLimit } from "../../http/rate-limit";
import { ifNoneMatch, keepStatusCopy, statusCopy } from "./status-copies";
import { eventKeyParam, labelsQuery, notFound, stubFor, unwrap, unwrapAs } from "./support";

/** /api/v1/events/{eventKey}/status, /objects, /reports (interface.md "Events: reads"). */
export const eventReads = newRouter();

eventReads.use("/:eventKey/status", apiKeyAuth(), rateLimit());
eventReads.use("/:eventKey/objects", apiKeyAuth(), rateLimit());
eventReads.use("/:eventKey/reports", apiKeyAuth(), rateLimit());

const statusEntry = z
  .object({
    objectLabel: z.string(),
    objectType: z.enum(["seat", "generalAdmission"]),
    status: z.enum(["free", "held", "booked", "not_for_sale"]),
    categoryKey: z.string().nullable(),
    holdExpiresAt: z.string().optional(),
    mine: z.boolean().optional(),
    extraData: z.record(z.string(), z.unknown()).nullable().optional(),
    capacity: z.number().int().optional(),
    held: z.number().int().optional(),
    booked: z.number().int().optional(),
    remaining: z.number().int().optional(),
    mineQuantity: z.number().int().optional(),
  })
  .openapi("StatusEntry");

const compactStatus = z
  .object({
    eventKey: z.string(),
    format: z.literal("compact"),
    statuses: z
      .object({ held: z.array(z.string()), booked: z.array(z.string()), not_for_sale: z.array(z.string()) })
      .openapi({ description: "Non-free seat labels by status" }),
    ga: z.array(
      z.object({
        objectLabel: z.string(),
        status: z.enum(["free", "held", "booked", "not_for_sale"]),
        capacity: z.number().int(),
        held: z.number().int(),
        booked: z.number().int(),
        remaining: z.number().int(),
        mineQuantity: z.number().int().optional(),
      }),
    ),
    mine: z.array(z.string()).optional().openapi({ description: "Only with holdToken: the seats that token holds" }),
  })
  .openapi("CompactStatus", { description: "format=compact: same objects as the full form, without holdExpiresAt, categoryKey and extraData" });

const statusResponse = z.union([z.object({ eventKey: z.string(), objects: z.array(statusEntry) }), compactStatus]);

type FullStatus = { eventKey: string; objects: z.infer<typeof statusEntry>[] };

const JSON_TYPE = { "content-type": "application/json" } as const;

/** Header of a publishable-key holdToken read: the status version to pass as the live socket's `since`. */
export const STATUS_VERSION = "status-version";

eventReads.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/status",
    summary: "Status of every non-free object",
    request: {
      params: eventKeyParam,
      query: z.object({
        holdToken: z.string().max(255).optional(),
        labels: labelsQuery,
        format: z
          .enum(["full", "compact"])
          .default("full")
          .openapi({ description: "compact: seat labels grouped by status plus GA counts (no holdExpiresAt, categoryKey, extraData)" }),
      }),
    },
    responses: {
      200: {
        description:
          "Status entries (full) or the compact form. Unfiltered publishable-key reads carry an ETag; publishable-key reads with holdToken (and no labels) carry a Status-Version header: open the live socket with since=<that value> to get only the changes made after this read instead of a snapshot",
        headers: z.object({ "Status-Version": z.string().optional().openapi({ description: "The status version this body reflects (holdToken reads)" }) }),
        content: { "application/json": { schema: statusResponse } },
      },
      304: { description: "Not modified: If-None-Match named the current ETag (unfiltered publishable-key reads only)" },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const q = c.req.valid("query");
    const p = c.var.principal;
    const stub = stubFor(c.env, p, eventKey);
    // Ready bytes (or a 304) from the object; the cast only tells the typed handler they are the route's answer.
    type Answer = ReturnType<typeof c.json<FullStatus, 200>>;
    // The common SDK/browser read: a body serialised once in the Durable Object, answered as is
    // (from this isolate's copy while the object confirms its tag), with the tag as an ETag.
    if (p.kind === "public" && q.holdToken === undefined && q.labels === undefined) {
      const copyKey = `${p.workspaceId}:${p.environment}:${eventKey}:${q.format}`;
      const copy = statusCopy(copyKey);
      const clientTags = ifNoneMatch(c.req.header("if-none-match"));
      const knownTag = copy?.tag ?? (Array.isArray(clientTags) ? clientTags[0] : undefined);
      const { tag, body } = await unwrapAs<{ tag: string; body?: Uint8Array<ArrayBuffer> }>(c.env, p, eventKey, await stub.statusBody(q.format, knownTag));
      if (body !== undefined) keepStatusCopy(copyKey, { tag, bytes: body });
      const headers = { ...JSON_TYPE, etag: `"${tag}"`, "cache-control": "no-cache" };
      const bytes = body ?? (copy?.tag === tag ? copy.bytes : undefined);
      if (clientTags === "*" || clientTags.includes(tag) || bytes === undefined) return c.body(null, 304, headers) as unknown as Answer;
      return c.body(bytes, 200, headers) as unknown as Answer;
    }
    // The SDK's read (its own holds flagged): the kept view plus the token's rows, and the version it
    // reflects (a live socket opened with since=<version> then sends only later changes).
    if (p.kind === "public" && q.holdToken !== undefined && q.labels === undefined) {
      const { body, version } = await unwrapAs<{ body: Uint8Array<ArrayBuffer>; version: string }>(
        c.env,
        p,
        eventKey,
        await stub.statusForToken(q.format, q.holdToken),
      );
      return c.body(body, 200, { ...JSON_TYPE, [STATUS_VERSION]: version }) as unknown as Answer;
    }
    const query = { caller: p.kind, ...(q.holdToken !== undefined ? { holdToken: q.holdToken } : {}), ...(q.labels !== undefined ? { labels: q.labels } : {}) };
    if (q.format === "compact") return c.json(await unwrapAs<z.infer<typeof compactStatus>>(c.env, p, eventKey, await stub.statusCompact(query)), 200);
    return c.json(await unwrapAs<FullStatus>(c.env, p, eventKey, await stub.status(query)), 200);
  },
);

const objectEntry = z
  .object({
    objectLabel: z.string(),
    categoryKey: z.string(),
    objectType: z.enum(["seat", "generalAdmission"]),
    sectionKey: z.string().optional(),
    sectionLabel: z.string().optional(),
    capacity: z.number().int().optional(),
    label: z.string().optional(),
    remaining: z.number().int().optional(),
    rowLabel: z.string().optional().openapi({ description: "Seats: the label of the seat's row in the layout" }),
    x: z.number().optional().openapi({ description: "Drawing hint from the layout (seats and GA areas), present only when the layout gives it" }),
    y: z.number().optional().openapi({ description: "Drawing hint from the layout (seats and GA areas), present only when the layout gives it" }),
    width: z.number().optional().openapi({ description: "GA areas: drawing hint from the layout, present only when the layout gives it" }),
    height: z.number().optional().openapi({ description: "GA areas: drawing hint from the layout, present only when the layout gives it" }),
  })
  .openapi("EventObject");

const categorySchema = z.object({ key: z.string(), label: z.string(), color: z.string() });
const fullObjects = z.object({ eventKey: z.string(), categories: z.array(categorySchema), objects: z.array(objectEntry) });
const compactCoords = z.union([z.object({ start: z.number(), step: z.number() }), z.array(z.number().nullable())]);
const compactObjects = z
  .object({
    eventKey: z.string(),
    format: z.literal("compact"),
    categories: z.array(categorySchema),
    categoryKeys: z.array(z.string()).openapi({ description: "Category keys in the order a row's `c` indexes them" }),
    sections: z.array(
      z.object({
        key: z.string(),
        label: z.string(),
        rows: z.array(
          z.object({
            label: z.string().optional().openapi({ description: "The row's label (each seat's rowLabel)" }),
            seats: z.array(z.union([z.string(), z.array(z.union([z.string(), z.number()]))])).openapi({
              description:
                "Seat labels in layout order: a string, or a run [prefix, first, count] (or [prefix, first, count, -1] counting down) for prefix+first, prefix+(first±1), …",
            }),
            c: z.union([z.string(), z.array(z.number().int())]).openapi({
              description: "Each seat's category: one character per seat from 0-9A-Za-z indexing categoryKeys (an array of indexes beyond 62 keys)",
            }),
            x: compactCoords
              .optional()
              .openapi({ description: "Seats' x hints: { start, step } when seat i is at start + i*step, else one value per seat (null: none)" }),
            y: compactCoords.optional().openapi({ description: "Seats' y hints, as x" }),
          }),
        ),
      }),
    ),
    areas: z.array(objectEntry).openapi({ description: "GA areas, exactly as the full form lists them" }),
  })
  .openapi("CompactObjects", {
    description: "format=compact: the same objects as the full form (seats in layout order, then GA areas), grouped by section and row",
  });

eventReads.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/objects",
    summary: "Every object of the event's current layout, free ones included",
    request: {
      params: eventKeyParam,
      query: z.object({
        labels: labelsQuery,
        format: z.enum(["full", "compact"]).default("full").openapi({
          description:
            "compact: seats grouped by section and row, labels as numbered runs, one category character per seat (about 1% of the full size on a stadium)",
        }),
      }),
    },
    responses: {
      200: {
        description: "Categories and objects (full) or the compact form; empty arrays while the chart is unpublished",
        content: { "application/json": { schema: z.union([fullObjects, compactObjects]) } },
      },
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const { labels, format } = c.req.valid("query");
    const p = c.var.principal;
    const stub = stubFor(c.env, p, eventKey);
    if (format === "compact") {
      const { body } = await unwrapAs<{ body: string }>(c.env, p, eventKey, await stub.objectsCompact(labels));
      // The body is encoded in the Durable Object (its seat part kept per layout); the cast only names it the route's answer.
      return c.body(body, 200, JSON_TYPE) as unknown as ReturnType<typeof c.json<z.infer<typeof fullObjects>, 200>>;
    }
    return c.json(await unwrap(c.env, p, eventKey, await stub.objects(labels)), 200);
  },
);

eventReads.openapi(
  createRoute({
    method: "get",
    path: "/{eventKey}/reports",
    summary: "Counts by status and by category (secret key)",
    middleware: [requireSecretKey()] as const,
    description: "A seat counts 1. A GA area counts in places: held quantity as held, booked as booked, the remainder as free.",
    request: { params: eventKeyParam },
    responses: {
      200: {
        description: "Counts",
        content: {
          "application/json": {
            schema: z.object({
              eventKey: z.string(),
              byStatus: z.record(z.string(), z.number().int()),
              byCategory: z.array(z.object({ status: z.string(), categoryKey: z.string(), count: z.number().int() })),
            }),
          },
        },
      },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    return c.json(await unwrap(c.env, p, eventKey, await stubFor(c.env, p, eventKey).reports()), 200);
  },
);

/**
 * GET /{eventKey}/live?key=…: WebSocket live status. Browsers cannot set headers on a WebSocket, so
 * the key (publishable or secret) travels as a query parameter and is checked like X-Api-Key.
 */
eventReads.get("/:eventKey/live", async (c) => {
  const key = c.req.query("key") ?? c.req.header("x-api-key");
  const principal = key ? await resolveKey(c.env, key.trim()) : null;
  if (!principal) throw new ApiError("unauthorized", "A valid API key is required in the key query parameter");
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    throw new ApiError("validation_failed", "This endpoint needs a WebSocket upgrade (Upgrade: websocket)", { errors: { Upgrade: ["must be websocket"] } });
  }
  const eventKey = c.req.param("eventKey");
  const res = await stubFor(c.env, principal, eventKey).fetch(c.req.raw);
  if (res.status === 404) throw await notFound(c.env, principal, eventKey);
  return res;
});
