import { fail, ok, type Outcome } from "../../domain/outcome";
import type { IdempotencyClaim, Replayed } from "../../domain/idempotency";
import type { EventMeta } from "../../domain/events";
import type { FreedResult, NotForSaleResult, ResetResult, SaleRequest } from "../../domain/seats";
import { NO_HOLDS } from "../state/policy";
import { rows } from "../state/store";
import type { Tx } from "../state/transaction";
import { areaForSaleFailures, areaNotForSaleFailures, markAreaForSale, markAreaNotForSale } from "./ga-sale";
import type { DecisionParts } from "./hold-policy";
import { markForSale, markNotForSale, resetAll } from "./holds";

/**
 * Inventory off sale and back (docs/events.md#seat-actions, docs/channels.md), and a sandbox event's reset: decisions of the
 * box office that hold nothing.
 */

/**
 * Takes seats (by label and by category) and GA places off sale: all or nothing, one transaction.
 * A plain array is the older form, labels only.
 */
export function notForSale(parts: DecisionParts, req: SaleRequest | string[], idem?: IdempotencyClaim): Replayed<Outcome<NotForSaleResult>> {
  const body = Array.isArray(req) ? { objectLabels: req } : req;
  return parts.run.decide(
    NO_HOLDS,
    (tx) => {
      const labels = saleLabels(tx, body, "free");
      const defs = parts.channels.defs();
      // Every check before any write: all or nothing (docs/channels.md).
      const areaFailed = areaNotForSaleFailures(tx, defs, body.areaPlaces ?? {});
      const r = markNotForSale(tx, labels, areaFailed);
      if (!r.ok) return r;
      const areas = markAreaNotForSale(tx, defs, body.areaPlaces ?? {});
      if (!areas.ok) return areas;
      return ok({ eventKey: tx.meta.eventKey, objects: [...r.value.objects, ...areas.value] });
    },
    idem,
  );
}

/** Returns seats (by label and by category) and GA places to sale; what was not off sale is skipped, an area short of that many places is 409. */
export function forSale(parts: DecisionParts, req: SaleRequest | string[], idem?: IdempotencyClaim): Replayed<Outcome<FreedResult>> {
  const body = Array.isArray(req) ? { objectLabels: req } : req;
  return parts.run.decide(
    NO_HOLDS,
    (tx) => {
      const areaFailed = areaForSaleFailures(tx, body.areaPlaces ?? {});
      if (areaFailed.length > 0) return fail("seat_unavailable", "Fewer places are off sale than asked for; nothing changed", { failed: areaFailed });
      const seats = markForSale(tx, saleLabels(tx, body, "not_for_sale"));
      const areas = markAreaForSale(tx, body.areaPlaces ?? {});
      if (!areas.ok) return areas;
      return ok({ eventKey: tx.meta.eventKey, objects: [...seats, ...areas.value] });
    },
    idem,
  );
}

/**
 * The seat labels a not-for-sale or for-sale call names: its objectLabels, plus every seat of its
 * categories that is free (`free`) or not for sale (`not_for_sale`) now.
 */
function saleLabels(tx: Tx, body: SaleRequest, from: "free" | "not_for_sale"): string[] {
  const labels = [...(body.objectLabels ?? [])];
  if (body.categories === undefined) return labels;
  const wanted = new Set(body.categories);
  const nonFree = new Map(
    rows<{ label: string; status: string }>(tx.sql, "SELECT label, status FROM seats WHERE status <> 'held' OR expires_at > ?", tx.now).map((r) => [
      r.label,
      r.status,
    ]),
  );
  for (const o of tx.layout.objects.values()) {
    if (o.objectType !== "seat" || !wanted.has(o.categoryKey)) continue;
    const status = nonFree.get(o.label) ?? "free";
    if (status === from) labels.push(o.label);
  }
  return labels;
}

/** Frees every object (sandbox events only), recording each in the history. No webhook events: it is a test-data wipe. */
export function reset(parts: DecisionParts, meta: EventMeta, idem?: IdempotencyClaim): Replayed<Outcome<ResetResult>> {
  if (meta.environment !== "sandbox") return fail("sandbox_only", "Only sandbox events can be reset");
  return parts.run.decide(
    NO_HOLDS,
    (tx) => {
      resetAll(tx);
      return ok({ eventKey: meta.eventKey, reset: true as const });
    },
    idem,
  );
}
