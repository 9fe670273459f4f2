import { fail, ok, type Outcome } from "../../domain/outcome";
import { pricingProblems, type Pricing } from "../../domain/pricing";
import type { LayoutIndex } from "../state/layout-index";
import type { HoldConfig } from "./hold-policy";

/**
 * The event's pricing (docs/prices.md): replaced whole, checked against the layout's categories and
 * the event's channels. A change prices the holds made after it; every object already held or
 * booked keeps the price locked with it (state/prices.ts).
 */
export function setPricing(config: HoldConfig, layout: LayoutIndex, pricing: Pricing | null): Outcome<Pricing | null> {
  if (pricing !== null) {
    const categories = new Set(layout.categories.map((c) => c.key));
    const channels = new Set(config.channels.defs().map((d) => d.key));
    const errors = pricingProblems(pricing, categories, channels);
    if (Object.keys(errors).length > 0)
      return fail("validation_failed", "The prices name categories or channels this event does not have; nothing changed", { errors });
  }
  config.pricing.set(pricing);
  return ok(pricing);
}
