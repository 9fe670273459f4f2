import { STATUSES, type ReportsResult, type Status } from "../../domain/status";
import { areaCounts, areaRemaining } from "../state/ga-counts";
import { channelsOf } from "../state/channels";
import { poolCounts, poolPlaces } from "../state/ga-pools";
import type { LayoutIndex } from "../state/layout-index";
import { nonFreeSeats, seatOfTable } from "./status-reads";
import { venueReports } from "./venue-reads";

/**
 * Counts by status, by (status, category) and by (section, status) over the current layout. A seat counts 1; a GA area
 * counts in places: its held quantity as held, booked as booked, the remainder as free.
 * Reservations on labels the layout no longer has are not counted.
 */
export function reportOf(sql: SqlStorage, layout: LayoutIndex, now: number): Omit<ReportsResult, "eventKey"> {
  const zero = (): Record<Status, number> => ({ free: 0, held: 0, booked: 0, not_for_sale: 0 });
  const byStatus = zero();
  const byCat = new Map<string, Record<Status, number>>(layout.categories.map((c) => [c.key, zero()]));
  // Sections in layout order; GA areas count under the null section.
  const bySec = new Map<string | null, Record<Status, number>>();
  const add = (cat: string, section: string | null, status: Status, n: number) => {
    let s = bySec.get(section);
    if (!s) bySec.set(section, (s = zero()));
    if (n === 0) return;
    byStatus[status] += n;
    let c = byCat.get(cat);
    if (!c) byCat.set(cat, (c = zero()));
    c[status] += n;
    s[status] += n;
  };
  // Pools: the open pool (null) first, then the channels in their order (docs/channels.md).
  const channels = channelsOf(sql);
  const defs = channels?.defs() ?? [];
  const byPool = new Map<string | null, Record<Status, number>>([[null, zero()], ...defs.map((d) => [d.key, zero()] as const)]);
  const addPool = (pool: string | null, status: Status, n: number) => {
    const p = byPool.get(pool) ?? byPool.get(null)!;
    p[status] += n;
  };
  const nonFree = nonFreeSeats(sql, now);
  const seatStatus = new Map(nonFree.map(([label, status]) => [label, status]));
  // Tables count by their seats (docs/tables.md), and once by their own status in byObjectType.
  for (const o of layout.objects.values()) {
    if (o.objectType === "table") continue;
    if (o.objectType === "seat" || o.objectType === "booth") {
      const status = seatStatus.get(o.label) ?? "free";
      add(o.categoryKey, o.sectionKey ?? "", status, 1);
      addPool(defs.length > 0 ? (channels?.channelOf(o.label) ?? null) : null, status, 1);
    } else {
      const counts = areaCounts(sql, o.label, now);
      const capacity = o.capacity ?? 0;
      add(o.categoryKey, null, "held", counts.held);
      add(o.categoryKey, null, "booked", counts.booked);
      add(o.categoryKey, null, "not_for_sale", counts.nfs ?? 0);
      add(o.categoryKey, null, "free", areaRemaining(capacity, counts));
      areaPools(sql, defs, o.label, capacity, counts.nfs ?? 0, now, addPool);
    }
  }
  const byCategory = [...byCat].flatMap(([categoryKey, counts]) => STATUSES.map((status) => ({ status, categoryKey, count: counts[status] })));
  const bySection = [...bySec].flatMap(([sectionKey, counts]) => STATUSES.map((status) => ({ sectionKey, status, count: counts[status] })));
  const byChannel = [...byPool].flatMap(([channelKey, counts]) => STATUSES.map((status) => ({ channelKey, status, count: counts[status] })));
  const venue = venueReports(layout, nonFree.map(seatOfTable), (o) => {
    const counts = areaCounts(sql, o.label, now);
    return { held: counts.held, booked: counts.booked, not_for_sale: counts.nfs ?? 0, free: areaRemaining(o.capacity ?? 0, counts) };
  });
  return { byStatus, byCategory, bySection, byChannel, ...venue };
}

/** A GA area's places per pool and status: held and booked by the rows' pools, not-for-sale in the open pool, the rest free. */
function areaPools(
  sql: SqlStorage,
  defs: ReturnType<NonNullable<ReturnType<typeof channelsOf>>["defs"]>,
  area: string,
  capacity: number,
  nfs: number,
  now: number,
  addPool: (pool: string | null, status: Status, n: number) => void,
): void {
  const places = poolPlaces(defs, area, capacity, nfs);
  const used = new Map<string | null, number>();
  const counts = poolCounts(sql, defs, area, now, null);
  for (const [status, byPool] of [["held", counts.held] as const, ["booked", counts.booked] as const]) {
    for (const [pool, n] of byPool) {
      addPool(pool, status, n);
      used.set(pool, (used.get(pool) ?? 0) + n);
    }
  }
  addPool(null, "not_for_sale", nfs);
  for (const [pool, n] of places) addPool(pool, "free", Math.max(0, n - (used.get(pool) ?? 0)));
}
