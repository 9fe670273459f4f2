import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../../http/app-factory";
import { apiKeyAuth, requireSecretKey } from "../../http/auth";
import { ApiError } from "../../http/errors";
import { errorResponses } from "../../http/openapi";
import { rateLimit } from "../../http/rate-limit";
import { eventKeyParam, stubFor, unwrap, unwrapAs } from "./support";

/**
 * /api/v1/events/{eventKey}/seats/*: hold, book, release, extend, not-for-sale, for-sale, and the
 * sandbox reset. Each call is one decision of the event's Durable Object.
 */
export const eventSeats = newRouter();

eventSeats.use("*", apiKeyAuth(), rateLimit());

/** Longest hold: one day. A longer ttlSeconds is 400, so an abandoned hold cannot block a seat for weeks. */
export const MAX_TTL_SECONDS = 86_400;
const label = z.string().min(1).max(255);
const labels = z.array(label).min(1, "must hold 1 to 200 labels").max(200, "must hold 1 to 200 labels");
const ttlSeconds = z.number().positive("must be greater than 0").max(MAX_TTL_SECONDS, `must be at most ${MAX_TTL_SECONDS}`);
const anyToken = z.string().min(1).max(255);
/**
 * extraData travels in every webhook of the seat, and a queue message is at most 128 KB; 16 KB of
 * JSON leaves room for the envelope, so an outsized value is refused here instead of wedging the outbox.
 */
export const MAX_EXTRA_DATA_BYTES = 16_384;
const extraData = z
  .record(z.string(), z.unknown())
  .nullable()
  .optional()
  .refine(
    (v) => v == null || new TextEncoder().encode(JSON.stringify(v)).length <= MAX_EXTRA_DATA_BYTES,
    `must be at most ${MAX_EXTRA_DATA_BYTES} bytes of JSON`,
  );

const holdBody = z
  .object({
    objectLabels: labels,
    holdToken: z.string().min(8, "must be at least 8 characters").max(255),
    ttlSeconds: ttlSeconds.optional(),
    extraData,
    objectType: z.literal("generalAdmission").optional(),
    categoryKey: z.string().min(1).max(255).optional(),
    quantity: z.number().int().min(1, "must be at least 1").optional(),
  })
  .superRefine((b, ctx) => {
    const ga = b.objectType !== undefined || b.quantity !== undefined || b.categoryKey !== undefined;
    if (ga && b.objectLabels.length !== 1)
      ctx.addIssue({ code: "custom", path: ["objectLabels"], message: "GA fields (objectType, quantity, categoryKey) need exactly one label" });
    if (b.objectType === "generalAdmission" && b.quantity === undefined)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: "required for a general-admission hold" });
    if (b.objectType === undefined && b.quantity !== undefined)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: 'valid only with objectType "generalAdmission"' });
    if (b.objectType === undefined && b.categoryKey !== undefined)
      ctx.addIssue({ code: "custom", path: ["categoryKey"], message: 'valid only with objectType "generalAdmission"' });
  })
  .openapi("HoldRequest");

const holdResponse = z
  .object({
    chartKey: z.string(),
    eventKey: z.string(),
    holdToken: z.string(),
    holdExpiresAt: z.string(),
    objects: z.array(
      z.object({
        objectLabel: z.string(),
        status: z.literal("held"),
        extraData: z.record(z.string(), z.unknown()).nullable(),
        quantity: z.number().int().optional(),
      }),
    ),
  })
  .openapi("HoldResponse");

const json = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true as const } });
const ok = <T extends z.ZodType>(description: string, schema: T) => ({ 200: { description, content: { "application/json": { schema } } } });

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/hold",
    summary: "Hold seats or a GA quantity under a hold token",
    description:
      "Atomic over 1 to 200 labels. holdToken is required (8-255 chars). ttlSeconds: > 0, at most 86400, default 900. A GA hold takes one label, objectType generalAdmission and quantity (the token's total).",
    request: { params: eventKeyParam, ...json(holdBody) },
    responses: { ...ok("Held", holdResponse), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const b = c.req.valid("json");
    const p = c.var.principal;
    const req = {
      objectLabels: b.objectLabels,
      holdToken: b.holdToken,
      ttlSeconds: b.ttlSeconds ?? 900,
      extraData: b.extraData ?? null,
      ...(b.objectType ? { objectType: b.objectType } : {}),
      ...(b.categoryKey !== undefined ? { categoryKey: b.categoryKey } : {}),
      ...(b.quantity !== undefined ? { quantity: b.quantity } : {}),
    };
    return c.json(await unwrapAs<z.infer<typeof holdResponse>>(c.env, p, eventKey, await stubFor(c.env, p, eventKey).hold(req)), 200);
  },
);

const bookBody = z.object({ objectLabels: labels, holdToken: anyToken }).openapi("BookRequest");
const bookResponse = z.object({
  eventKey: z.string(),
  objects: z.array(
    z.object({
      objectLabel: z.string(),
      status: z.literal("booked"),
      bookedAt: z.string(),
      extraData: z.record(z.string(), z.unknown()).nullable(),
      quantity: z.number().int().optional(),
    }),
  ),
});

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/book",
    summary: "Book what a hold token holds (secret key)",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, ...json(bookBody) },
    responses: { ...ok("Booked", bookResponse), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const b = c.req.valid("json");
    const p = c.var.principal;
    return c.json(await unwrapAs<z.infer<typeof bookResponse>>(c.env, p, eventKey, await stubFor(c.env, p, eventKey).book(b)), 200);
  },
);

const releaseBody = z.object({ objectLabels: labels.optional(), holdToken: anyToken.optional() }).openapi("ReleaseRequest");
const freedResponse = z.object({
  eventKey: z.string(),
  objects: z.array(z.object({ objectLabel: z.string(), status: z.literal("free"), quantity: z.number().int().optional() })),
});

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/release",
    summary: "Release held (and, with a secret key, booked) objects",
    description:
      "At least one of objectLabels and holdToken. A publishable key needs holdToken and frees only live holds under it. The response lists what was freed; labels with nothing to free are skipped.",
    request: { params: eventKeyParam, ...json(releaseBody) },
    responses: { ...ok("Released", freedResponse), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const b = c.req.valid("json");
    const p = c.var.principal;
    if (b.holdToken === undefined) {
      if (p.kind !== "secret")
        throw new ApiError("validation_failed", "A publishable key releases only with its holdToken", {
          errors: { holdToken: ["required with a publishable key"] },
        });
      if (b.objectLabels === undefined)
        throw new ApiError("validation_failed", "Give objectLabels, holdToken or both", { errors: { body: ["objectLabels or holdToken is required"] } });
    }
    const req = {
      caller: p.kind,
      ...(b.objectLabels ? { objectLabels: b.objectLabels } : {}),
      ...(b.holdToken !== undefined ? { holdToken: b.holdToken } : {}),
    };
    return c.json(await unwrap(c.env, p, eventKey, await stubFor(c.env, p, eventKey).release(req)), 200);
  },
);

const extendBody = z.object({ holdToken: anyToken, ttlSeconds: ttlSeconds.optional(), objectLabels: labels.optional() }).openapi("ExtendRequest");

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/extend",
    summary: "Move the expiry of a token's live holds to now + ttlSeconds (secret key)",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, ...json(extendBody) },
    responses: { ...ok("Extended", holdResponse), ...errorResponses(400, 401, 403, 404, 409) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const b = c.req.valid("json");
    const p = c.var.principal;
    const req = { holdToken: b.holdToken, ttlSeconds: b.ttlSeconds ?? 900, ...(b.objectLabels ? { objectLabels: b.objectLabels } : {}) };
    return c.json(await unwrapAs<z.infer<typeof holdResponse>>(c.env, p, eventKey, await stubFor(c.env, p, eventKey).extend(req)), 200);
  },
);

const labelsBody = z.object({ objectLabels: labels }).openapi("LabelsRequest");

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/not-for-sale",
    summary: "Mark free seats not for sale (secret key)",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, ...json(labelsBody) },
    responses: {
      ...ok("Marked", z.object({ eventKey: z.string(), objects: z.array(z.object({ objectLabel: z.string(), status: z.literal("not_for_sale") })) })),
      ...errorResponses(400, 401, 403, 404, 409),
    },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    return c.json(await unwrap(c.env, p, eventKey, await stubFor(c.env, p, eventKey).notForSale(c.req.valid("json").objectLabels)), 200);
  },
);

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/seats/for-sale",
    summary: "Return not-for-sale seats to sale (secret key)",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam, ...json(labelsBody) },
    responses: { ...ok("Freed (lists the seats that were not for sale)", freedResponse), ...errorResponses(400, 401, 403, 404) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    return c.json(await unwrap(c.env, p, eventKey, await stubFor(c.env, p, eventKey).forSale(c.req.valid("json").objectLabels)), 200);
  },
);

eventSeats.openapi(
  createRoute({
    method: "post",
    path: "/{eventKey}/reset",
    summary: "Free every object of a sandbox event (secret key)",
    middleware: [requireSecretKey()] as const,
    request: { params: eventKeyParam },
    responses: { ...ok("Reset", z.object({ eventKey: z.string(), reset: z.literal(true) })), ...errorResponses(401, 403, 404) },
  }),
  async (c) => {
    const { eventKey } = c.req.valid("param");
    const p = c.var.principal;
    return c.json(await unwrap(c.env, p, eventKey, await stubFor(c.env, p, eventKey).reset()), 200);
  },
);
