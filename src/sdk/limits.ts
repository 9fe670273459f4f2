/**
 * `maxSelectedObjects` (docs/sdk.md#options): a number caps the total, an object may
 * cap the total and each category. A seat counts one; a GA hold counts its quantity, since each
 * GA place is a ticket. Pure, so it is unit-tested without a browser.
 */
import type { MaxSelectedObjects } from "./types";

/** What the chart currently holds (or wants to hold) under one label. */
export interface Holding {
  objectLabel: string;
  categoryKey: string;
  quantity: number;
}

/** Why a selection is refused. */
export interface LimitViolation {
  reason: "max_total" | "max_per_category";
  limit: number;
  categoryKey?: string;
}

interface Caps {
  total?: number;
  perCategory: Record<string, number>;
}

function caps(max: MaxSelectedObjects | undefined): Caps {
  if (max === undefined || max === null) return { perCategory: {} };
  if (typeof max === "number") return { total: max, perCategory: {} };
  return { total: max.total, perCategory: max.perCategory ?? {} };
}

/**
 * Checks whether holding `next` (replacing any current holding of the same label) stays within the
 * caps. Returns null when it does.
 */
export function checkLimit(max: MaxSelectedObjects | undefined, current: Iterable<Holding>, next: Holding): LimitViolation | null {
  const { total, perCategory } = caps(max);
  let sum = next.quantity;
  let inCategory = next.quantity;
  for (const h of current) {
    if (h.objectLabel === next.objectLabel) continue;
    sum += h.quantity;
    if (h.categoryKey === next.categoryKey) inCategory += h.quantity;
  }
  if (total !== undefined && Number.isFinite(total) && sum > total) return { reason: "max_total", limit: total };
  const perCat = perCategory[next.categoryKey];
  if (perCat !== undefined && inCategory > perCat) return { reason: "max_per_category", limit: perCat, categoryKey: next.categoryKey };
  return null;
}

/** The most places a GA hold of `label` may have without breaking a cap (Infinity when uncapped). */
export function roomFor(max: MaxSelectedObjects | undefined, current: Iterable<Holding>, label: string, categoryKey: string): number {
  const { total, perCategory } = caps(max);
  let sum = 0;
  let inCategory = 0;
  for (const h of current) {
    if (h.objectLabel === label) continue;
    sum += h.quantity;
    if (h.categoryKey === categoryKey) inCategory += h.quantity;
  }
  let room = Infinity;
  if (total !== undefined && Number.isFinite(total)) room = Math.min(room, total - sum);
  const perCat = perCategory[categoryKey];
  if (perCat !== undefined) room = Math.min(room, perCat - inCategory);
  return Math.max(0, room);
}

/** A sentence for onHoldFailed's error message. */
export function describeViolation(v: LimitViolation): string {
  return v.reason === "max_total" ? `At most ${v.limit} may be selected` : `At most ${v.limit} may be selected in category ${v.categoryKey}`;
}
