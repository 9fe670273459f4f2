import { createRoute, z } from "@hono/zod-openapi";
import { pricingAnswerSchema, pricingRemovedSchema, pricingSchema } from "../domain/pricing";
import { newRouter } from "../http/app-factory";
import { requireSecretKey } from "../http/auth";
import { errorResponses } from "../http/openapi";
import { readSeasonPricing, replaceSeasonPricing } from "../seasons/season-pricing";

/**
 * /api/v1/seasons/{seasonKey}/pricing (docs/prices.md): the prices season holds lock, the same in
 * every event of the season. Mounted by the seasons router, behind its key check.
 */
export const seasonPricingRoutes = newRouter();

const seasonKeyParam = z.object({ seasonKey: z.string().openapi({ param: { name: "seasonKey", in: "path" }, example: "home-2027" }) });
const pricingAnswer = {
  200: { description: "The season's pricing, or null when it has none", content: { "application/json": { schema: pricingAnswerSchema } } },
};

seasonPricingRoutes.openapi(
  createRoute({
    method: "get",
    path: "/{seasonKey}/pricing",
    operationId: "getSeasonPricing",
    summary: "The season's prices (publishable or secret key)",
    request: { params: seasonKeyParam },
    responses: { ...pricingAnswer, ...errorResponses(401, 403, 404, 429) },
  }),
  async (c) => c.json(await readSeasonPricing(c.env, c.var.principal, c.req.valid("param").seasonKey), 200),
);

seasonPricingRoutes.openapi(
  createRoute({
    method: "put",
    path: "/{seasonKey}/pricing",
    operationId: "setSeasonPricing",
    summary: "Replace the season's prices (secret key)",
    description:
      "The body of PUT /events/{eventKey}/pricing. A season hold is priced by it (once per object, for all the events it covers) and keeps that price while it lives; without it season holds carry no price. 400 validation_failed names the path of a category the season's chart lacks.",
    middleware: [requireSecretKey()] as const,
    request: { params: seasonKeyParam, body: { content: { "application/json": { schema: pricingSchema } }, required: true } },
    responses: { ...pricingAnswer, ...errorResponses(400, 401, 403, 404, 429) },
  }),
  async (c) => c.json(await replaceSeasonPricing(c.env, c.var.principal, c.req.valid("param").seasonKey, c.req.valid("json")), 200),
);

seasonPricingRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/{seasonKey}/pricing",
    operationId: "deleteSeasonPricing",
    summary: "Remove the season's prices (secret key)",
    description: "Season holds and bookings keep the prices locked with them.",
    middleware: [requireSecretKey()] as const,
    request: { params: seasonKeyParam },
    responses: {
      200: {
        description: "Removed",
        content: { "application/json": { schema: pricingRemovedSchema.extend({ seasonKey: z.string() }).openapi("SeasonPricingRemoved") } },
      },
      ...errorResponses(401, 403, 404, 429),
    },
  }),
  async (c) => {
    const { seasonKey } = c.req.valid("param");
    await replaceSeasonPricing(c.env, c.var.principal, seasonKey, null);
    return c.json({ seasonKey, deleted: true as const }, 200);
  },
);
