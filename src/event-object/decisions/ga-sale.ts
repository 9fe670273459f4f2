import { fail, ok, type FailedEntry, type Outcome } from "../../domain/outcome";
import type { ChannelDef } from "../../domain/channels";
import { poolPlaces, poolUsage } from "../state/ga-pools";
import { areaCounts, areaStatus, recordGaChange } from "../state/ga-counts";
import type { Tx } from "../state/transaction";

/**
 * GA places off sale and back (docs/channels.md): `areaPlaces` of not-for-sale and for-sale. The places
 * leave the area's open pool (a channel's places stay set aside for it), are kept per area in
 * ga_nfs, and count in status and reports as not_for_sale. All or nothing across the areas named.
 */

type AreaResult<S> = { objectLabel: string; status: S; quantity: number }[];

/**
 * Why each area cannot give `places` free places of its open pool (unknown_label, insufficient_capacity);
 * empty when all can. Checked before any write of the call, seats included, so a refusal changes nothing.
 */
export function areaNotForSaleFailures(tx: Tx, defs: readonly ChannelDef[], areaPlaces: Record<string, number>): FailedEntry[] {
  const failed: FailedEntry[] = [];
  for (const [area, places] of Object.entries(areaPlaces)) {
    const obj = tx.object(area);
    if (!obj || obj.objectType !== "generalAdmission") {
      failed.push({ objectLabel: area, reason: "unknown_label" });
      continue;
    }
    const nfs = areaCounts(tx.sql, area, tx.now).nfs ?? 0;
    const open = poolPlaces(defs, area, obj.capacity ?? 0, nfs).get(null) ?? 0;
    const used = poolUsage(tx.sql, defs, area, tx.now, null).get(null) ?? 0;
    if (open - used < places) failed.push({ objectLabel: area, reason: "insufficient_capacity" });
  }
  return failed;
}

/** Takes `places` free places of each area off sale; too few free places in an area's open pool is 409 insufficient_capacity. */
export function markAreaNotForSale(tx: Tx, defs: readonly ChannelDef[], areaPlaces: Record<string, number>): Outcome<AreaResult<"not_for_sale">> {
  const failed = areaNotForSaleFailures(tx, defs, areaPlaces);
  if (failed.length > 0) return fail("seat_unavailable", "Not enough free places to take off sale; nothing changed", { failed });
  const entries = Object.entries(areaPlaces);
  for (const [area, places] of entries) {
    const previous = areaStatus(tx, area);
    tx.sql.exec("INSERT INTO ga_nfs (area, places) VALUES (?, ?) ON CONFLICT (area) DO UPDATE SET places = places + excluded.places", area, places);
    recordGaChange(tx, area, previous, { cause: "not_for_sale", quantity: places, extra: null });
  }
  return ok(entries.map(([objectLabel, quantity]) => ({ objectLabel, status: "not_for_sale" as const, quantity })));
}

/** Why each area cannot return `places` places to sale; empty when all can. */
export function areaForSaleFailures(tx: Tx, areaPlaces: Record<string, number>): FailedEntry[] {
  const failed: FailedEntry[] = [];
  for (const [area, places] of Object.entries(areaPlaces)) {
    const obj = tx.object(area);
    if (!obj || obj.objectType !== "generalAdmission") failed.push({ objectLabel: area, reason: "unknown_label" });
    else if ((areaCounts(tx.sql, area, tx.now).nfs ?? 0) < places) failed.push({ objectLabel: area, reason: "insufficient_capacity" });
  }
  return failed;
}

/** Returns `places` not-for-sale places of each area to sale; an area with fewer off sale is 409 insufficient_capacity. */
export function markAreaForSale(tx: Tx, areaPlaces: Record<string, number>): Outcome<AreaResult<"free">> {
  const failed = areaForSaleFailures(tx, areaPlaces);
  const entries = Object.entries(areaPlaces);
  if (failed.length > 0) return fail("seat_unavailable", "Fewer places are off sale than asked for; nothing changed", { failed });
  for (const [area, places] of entries) {
    const previous = areaStatus(tx, area);
    tx.sql.exec("UPDATE ga_nfs SET places = places - ? WHERE area = ?", places, area);
    tx.sql.exec("DELETE FROM ga_nfs WHERE area = ? AND places <= 0", area);
    recordGaChange(tx, area, previous, { cause: "for_sale", quantity: places, extra: null });
  }
  return ok(entries.map(([objectLabel, quantity]) => ({ objectLabel, status: "free" as const, quantity })));
}
