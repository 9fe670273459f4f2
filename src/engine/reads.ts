import type { Reservation } from "../charts/impact";
import type { Category, LayoutObject, Point } from "../charts/layout";
import { STATUSES, type ObjectEntry, type ReportsResult, type SeatStatusEntry, type Status, type StatusEntry, type StatusQuery } from "../domain/status";
import { areaCounts, gaEntry } from "./ga";
import { drawingHints, type DrawingHints, type LayoutIndex } from "./layout-index";
import { isLiveHold, parseExtra, rows, SEAT_COLUMNS, type SeatRow } from "./store";

/** Seat rows that are not free at `now` (expired holds are free whether or not swept). */
function nonFreeSeats(sql: SqlStorage, now: number, labels?: string[]): SeatRow[] {
  if (labels) {
    return labels.flatMap((l) => rows<SeatRow>(sql, `SELECT ${SEAT_COLUMNS} FROM seats WHERE label = ? AND (status <> 'held' OR expires_at > ?)`, l, now));
  }
  return rows<SeatRow>(sql, `SELECT ${SEAT_COLUMNS} FROM seats WHERE status <> 'held' OR expires_at > ?`, now);
}

/** GA areas with any reservation row. */
function reservedAreas(sql: SqlStorage, labels?: string[]): string[] {
  const all = rows<{ area: string }>(sql, "SELECT DISTINCT area FROM ga").map((r) => r.area);
  return labels ? all.filter((a) => labels.includes(a)) : all;
}

/**
 * Status entries (status rules 1-6): only non-free objects; `labels` narrows and `holdToken` flags
 * (`mine`, `mineQuantity`) without adding entries; extraData only for secret callers; never a token.
 * An unpublished chart shows nothing.
 */
export function statusEntries(sql: SqlStorage, layout: LayoutIndex, published: boolean, now: number, q: StatusQuery): StatusEntry[] {
  if (!published) return [];
  const secret = q.caller === "secret";
  const labels = q.labels ? [...new Set(q.labels)] : undefined;
  const out: StatusEntry[] = [];
  for (const row of nonFreeSeats(sql, now, labels)) {
    const entry: SeatStatusEntry = {
      objectLabel: row.label,
      objectType: "seat",
      status: row.status,
      categoryKey: layout.object(row.label)?.categoryKey ?? null,
    };
    if (row.status === "held") {
      entry.holdExpiresAt = new Date(row.expires_at!).toISOString();
      if (q.holdToken !== undefined && row.token === q.holdToken && isLiveHold(row, now)) entry.mine = true;
    }
    if (secret) {
      entry.extraData = parseExtra(row.extra);
      if (row.order_id !== null) entry.orderId = row.order_id;
    }
    out.push(entry);
  }
  for (const area of reservedAreas(sql, labels)) {
    const known = layout.object(area);
    const obj: LayoutObject = known ?? { label: area, objectType: "generalAdmission", categoryKey: "", capacity: 0 };
    const entry = gaEntry(sql, obj, now, q.holdToken, secret);
    if (entry) out.push(known ? entry : { ...entry, categoryKey: null });
  }
  return out;
}

/** Drawing hints of an objects entry: only those the layout gave. */
type Drawing = Omit<DrawingHints, "rowLabel" | "rowIndex" | "aisleAfter">;

/** Adds the drawing hints the object has to an entry (never undefined-valued keys). */
function withDrawing<T extends object>(entry: T, o: DrawingHints): T & Drawing {
  const out: T & Drawing = entry;
  if (o.x !== undefined) out.x = o.x;
  if (o.y !== undefined) out.y = o.y;
  if (o.width !== undefined) out.width = o.width;
  if (o.height !== undefined) out.height = o.height;
  if (o.shape !== undefined) out.shape = o.shape;
  return out;
}

/** The objects entry of `o` with the drawing hints `h` (for an index built from a layout, `o` itself); a GA area with its live `remaining`. */
export function objectEntry(sql: SqlStorage, o: LayoutObject, h: DrawingHints, now: number): ObjectEntry {
  if (o.objectType === "seat") {
    const seat: ObjectEntry = {
      objectLabel: o.label,
      categoryKey: o.categoryKey,
      objectType: "seat",
      sectionKey: o.sectionKey ?? "",
      sectionLabel: o.sectionLabel ?? "",
    };
    // Indexes written before row labels were stored have none: the entry then simply lacks it.
    if (h.rowLabel !== undefined) seat.rowLabel = h.rowLabel;
    if (h.aisleAfter) seat.aisleAfter = true;
    return withDrawing(seat, h);
  }
  const counts = areaCounts(sql, o.label, now);
  const capacity = o.capacity ?? 0;
  return withDrawing(
    {
      objectLabel: o.label,
      categoryKey: o.categoryKey,
      objectType: "generalAdmission",
      capacity,
      label: o.label,
      remaining: Math.max(0, capacity - counts.held - counts.booked),
    },
    h,
  );
}

/** The objects response body (free seats included; GA areas with `remaining`; the focal point when the layout has one). */
export function objectsOf(
  sql: SqlStorage,
  layout: LayoutIndex,
  now: number,
  labels?: string[],
): { categories: Category[]; objects: ObjectEntry[]; focalPoint?: Point } {
  const source = labels ? [...new Set(labels)].map((l) => layout.object(l)).filter((o): o is LayoutObject => o !== undefined) : layout.objects.values();
  const objects: ObjectEntry[] = [];
  const hints = drawingHints(layout);
  for (const o of source) objects.push(objectEntry(sql, o, hints ? (hints.get(o.label) ?? {}) : o, now));
  return layout.focalPoint ? { categories: layout.categories, objects, focalPoint: layout.focalPoint } : { categories: layout.categories, objects };
}

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
  const seatStatus = new Map(nonFreeSeats(sql, now).map((r) => [r.label, r.status]));
  for (const o of layout.objects.values()) {
    if (o.objectType === "seat") {
      add(o.categoryKey, o.sectionKey ?? "", seatStatus.get(o.label) ?? "free", 1);
    } else {
      const counts = areaCounts(sql, o.label, now);
      const capacity = o.capacity ?? 0;
      add(o.categoryKey, null, "held", counts.held);
      add(o.categoryKey, null, "booked", counts.booked);
      add(o.categoryKey, null, "free", Math.max(0, capacity - counts.held - counts.booked));
    }
  }
  const byCategory = [...byCat].flatMap(([categoryKey, counts]) => STATUSES.map((status) => ({ status, categoryKey, count: counts[status] })));
  const bySection = [...bySec].flatMap(([sectionKey, counts]) => STATUSES.map((status) => ({ sectionKey, status, count: counts[status] })));
  return { byStatus, byCategory, bySection };
}

/** Every held or booked object with its quantities, for the publish check. */
export function reservedObjects(sql: SqlStorage, layout: LayoutIndex, now: number): Reservation[] {
  const out: Reservation[] = [];
  for (const row of nonFreeSeats(sql, now)) {
    if (row.status === "not_for_sale") continue;
    out.push({
      objectLabel: row.label,
      objectType: "seat",
      categoryKey: layout.object(row.label)?.categoryKey ?? null,
      held: row.status === "held" ? 1 : 0,
      booked: row.status === "booked" ? 1 : 0,
    });
  }
  for (const area of reservedAreas(sql)) {
    const counts = areaCounts(sql, area, now);
    if (counts.held + counts.booked === 0) continue;
    out.push({
      objectLabel: area,
      objectType: "generalAdmission",
      categoryKey: layout.object(area)?.categoryKey ?? null,
      held: counts.held,
      booked: counts.booked,
    });
  }
  return out;
}

/** Labels of the seats that are not free at `now` (what the selling occupancy starts from). */
export function reservedSeatLabels(sql: SqlStorage, now: number): string[] {
  return rows<{ label: string }>(sql, "SELECT label FROM seats WHERE status <> 'held' OR expires_at > ?", now).map((r) => r.label);
}
