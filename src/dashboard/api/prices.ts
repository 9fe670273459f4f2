import { Hono, type Context } from "hono";
import type { Pricing } from "../../domain/pricing";
import { pricesFormSchema, pricingFromForm } from "../../domain/price-form";
import { ServiceError } from "../../domain/errors";
import { callEvent } from "../../events/event-object-calls";
import { replaceSeasonPricing } from "../../seasons/season-pricing";
import type { DashEnv } from "../context";
import { ENV, jsonBody, scope } from "./support";

/**
 * The "Prices" forms of the event and season pages (docs/prices.md): the form as a venue fills it
 * in (prices in the currency's decimals) becomes the pricing the API takes, through the same
 * operations as /api/v1. Removing the prices sells without them again.
 */
export const priceRoutes = new Hono<DashEnv>();

const event = `${ENV}/events/:eventKey/pricing`;
const season = `${ENV}/seasons/:seasonKey/pricing`;

/** The form's pricing, or 400 naming each control that is wrong. */
async function formPricing(c: Context<DashEnv>): Promise<Pricing> {
  const read = pricingFromForm(await jsonBody(c, pricesFormSchema));
  if ("errors" in read) throw new ServiceError("validation_failed", "The prices have a problem", { errors: read.errors });
  return read.pricing;
}

priceRoutes.put(event, async (c) => {
  const pricing = await formPricing(c);
  return c.json(await callEvent(c.env, scope(c), c.req.param("eventKey"), (e) => e.setPricing(pricing)), 200);
});

priceRoutes.delete(event, async (c) => {
  const eventKey = c.req.param("eventKey");
  await callEvent(c.env, scope(c), eventKey, (e) => e.setPricing(null));
  return c.json({ eventKey, deleted: true }, 200);
});

priceRoutes.put(season, async (c) => {
  const pricing = await formPricing(c);
  return c.json(await replaceSeasonPricing(c.env, scope(c), c.req.param("seasonKey"), pricing), 200);
});

priceRoutes.delete(season, async (c) => {
  const seasonKey = c.req.param("seasonKey");
  await replaceSeasonPricing(c.env, scope(c), seasonKey, null);
  return c.json({ seasonKey, deleted: true }, 200);
});
