import { eq } from "drizzle-orm";
import type { Pricing } from "../domain/pricing";
import type { Db } from "./client";
import { seasonPricing } from "./schema";

/** A season's pricing (docs/prices.md), or null when it has none. */
export async function getSeasonPricing(d: Db, seasonId: string): Promise<Pricing | null> {
  const row = await d.select({ pricing: seasonPricing.pricing }).from(seasonPricing).where(eq(seasonPricing.seasonId, seasonId)).get();
  return row ? (JSON.parse(row.pricing) as Pricing) : null;
}

/** Replaces a season's pricing; null removes it. */
export async function setSeasonPricing(d: Db, seasonId: string, pricing: Pricing | null, at: string): Promise<void> {
  if (pricing === null) {
    await d.delete(seasonPricing).where(eq(seasonPricing.seasonId, seasonId)).run();
    return;
  }
  const value = JSON.stringify(pricing);
  await d
    .insert(seasonPricing)
    .values({ seasonId, pricing: value, updatedAt: at })
    .onConflictDoUpdate({ target: seasonPricing.seasonId, set: { pricing: value, updatedAt: at } })
    .run();
}
