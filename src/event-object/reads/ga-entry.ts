import type { LayoutObject } from "../../domain/layout";
import type { GaStatusEntry } from "../../domain/status";
import { areaCounts, areaRemaining, gaRows, gaStatus } from "../state/ga-counts";
import { isLiveHold, parseExtra } from "../state/store";
import { mergeLines, placesPrice, type PlacesPrice } from "../../domain/price-quote";
import { bothPlaces, parsePlaces } from "../state/prices";
import { channelsOf } from "../state/channels";
import { remainingByPool } from "../state/ga-pools";

/**
 * The status entry of a GA area, or null while nothing in it is held or booked.
 * extraData (secret callers) is that of the most recently changed reservation.
 */
export function gaEntry(sql: SqlStorage, obj: LayoutObject, now: number, token: string | undefined, withExtra: boolean): GaStatusEntry | null {
  const live = gaRows(sql, obj.label).filter((r) => r.booked > 0 || (r.held > 0 && isLiveHold(r, now)));
  const counts = areaCounts(sql, obj.label, now);
  if (live.length === 0 && !counts.nfs) return null;
  const capacity = obj.capacity ?? 0;
  const entry: GaStatusEntry = {
    objectLabel: obj.label,
    objectType: "generalAdmission",
    status: gaStatus(capacity, counts),
    categoryKey: obj.categoryKey,
    capacity,
    held: counts.held,
    booked: counts.booked,
    remaining: areaRemaining(capacity, counts),
  };
  if (counts.nfs) entry.notForSale = counts.nfs;
  const byPool = remainingByPool(sql, channelsOf(sql)?.defs() ?? [], obj.label, capacity, counts.nfs ?? 0, now);
  if (byPool) entry.remainingByChannel = byPool;
  const mine = token !== undefined ? live.find((r) => r.token === token && r.held > 0 && isLiveHold(r, now)) : undefined;
  if (mine) entry.mineQuantity = mine.held;
  if (withExtra && live.length > 0) {
    const latest = live.reduce((a, b) => (b.updated_at > a.updated_at ? b : a));
    entry.extraData = parseExtra(latest.extra);
    // docs/prices.md: the locked prices of the places held (live) and booked, together.
    let places: PlacesPrice | null = null;
    for (const r of live) places = bothPlaces(bothPlaces(places, isLiveHold(r, now) ? parsePlaces(r.held_price) : null), parsePlaces(r.booked_price));
    if (places !== null) entry.price = placesPrice({ currency: places.currency, lines: mergeLines([], places.lines) });
  }
  return entry;
}
