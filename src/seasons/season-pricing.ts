import { db, nowIso } from "../db/client";
import { getSeasonPricing, setSeasonPricing } from "../db/season-pricing";
import { ServiceError } from "../domain/errors";
import { pricingProblems, type Pricing } from "../domain/pricing";
import type { Scope } from "../domain/scope";
import { eventStub } from "../event-object/event-stub";
import { ownSeason } from "./season-operations";

/**
 * A season's prices (docs/prices.md): what a season hold locks in every event it covers, once per
 * object for the whole season. Kept in D1 with the season and read with each season hold, which
 * passes it to every event's prepare (seasons/season-operations.ts).
 */

export async function readSeasonPricing(env: Env, scope: Scope, seasonKey: string): Promise<Pricing | null> {
  const row = await ownSeason(env, scope, seasonKey);
  return getSeasonPricing(db(env), row.id);
}

/**
 * Replaces the season's pricing (null removes it). Categories are checked against the season's
 * chart as its events show it; channels belong to each event, so only their keys' form is checked.
 */
export async function replaceSeasonPricing(env: Env, scope: Scope, seasonKey: string, pricing: Pricing | null): Promise<Pricing | null> {
  const row = await ownSeason(env, scope, seasonKey);
  if (pricing !== null) {
    const names = await eventStub(env, scope.workspaceId, scope.environment, row.eventKeys[0]!).layoutNames();
    const categories = new Set(names.ok ? names.value.categories.map((c) => c.key) : []);
    const errors = pricingProblems(pricing, categories, null);
    if (Object.keys(errors).length > 0)
      throw new ServiceError("validation_failed", "The prices name categories the season's chart does not have; nothing changed", { errors });
  }
  await setSeasonPricing(db(env), row.id, pricing, nowIso());
  return pricing;
}
