import type { CompactStatus, GaStatusEntry, StatusEntry } from "../../domain/status";
import type { LayoutIndex } from "../state/layout-index";
import { first } from "../state/store";
import { maskedArea, type ChannelMask } from "./channel-mask";

/**
 * The pieces of a status body (status-cache.ts keeps the view they are made of): the compact form
 * of entries, the full form's text around its objects, the objects array with what a reader's
 * channel mask adds (docs/security.md), and the instant a kept view stops being true.
 */

/** The compact form of status entries (same objects, same order within each group). */
export function compactOf(eventKey: string, seq: number, entries: StatusEntry[], withMine: boolean): CompactStatus {
  const statuses: CompactStatus["statuses"] = { held: [], booked: [], not_for_sale: [] };
  const ga: CompactStatus["ga"] = [];
  const mine: string[] = [];
  for (const e of entries) {
    if (e.objectType === "seat") {
      if (e.status !== "free") statuses[e.status].push(e.objectLabel);
      if (e.mine) mine.push(e.objectLabel);
    } else {
      const g: CompactStatus["ga"][number] = {
        objectLabel: e.objectLabel,
        status: e.status,
        capacity: e.capacity,
        held: e.held,
        booked: e.booked,
        remaining: e.remaining,
      };
      if (e.remainingByChannel !== undefined) g.remainingByChannel = e.remainingByChannel;
      if (e.mineQuantity !== undefined) g.mineQuantity = e.mineQuantity;
      ga.push(g);
    }
  }
  return withMine ? { eventKey, format: "compact", seq, statuses, ga, mine } : { eventKey, format: "compact", seq, statuses, ga };
}

/**
 * The earliest hold expiry after `now` (seats and GA), or null: a cached view that shows those
 * holds stops being true at that instant, even if the sweep has not run yet.
 */
export function earliestLiveExpiry(sql: SqlStorage, now: number): number | null {
  const seat = first<{ t: number | null }>(sql, "SELECT MIN(expires_at) AS t FROM seats WHERE status = 'held' AND expires_at > ?", now)?.t ?? null;
  const ga = first<{ t: number | null }>(sql, "SELECT MIN(expires_at) AS t FROM ga WHERE held > 0 AND expires_at > ?", now)?.t ?? null;
  if (seat === null) return ga;
  return ga === null ? seat : Math.min(seat, ga);
}

export const utf8 = new TextEncoder();

/** The full form's body around an encoded objects array. */
export function fullBody(eventKey: string, seq: number, objects: string): string {
  return `{"eventKey":${JSON.stringify(eventKey)},"seq":${seq},"objects":${objects}}`;
}

/**
 * The objects array: each seat's fragment (as `seatJson` renders it), then the free seats a mask
 * shows as not for sale (`masked`, already fragments), then the GA entries as the mask shows them.
 */
export function joinObjects<S>(
  seats: ReadonlyMap<string, S>,
  ga: Iterable<GaStatusEntry>,
  seatJson: (label: string, seat: S) => string,
  masked: readonly string[] = [],
  mask: ChannelMask | null = null,
): string {
  const parts: string[] = [];
  for (const [label, seat] of seats) parts.push(seatJson(label, seat));
  for (const fragment of masked) parts.push(fragment);
  for (const area of ga) parts.push(JSON.stringify(maskedArea(mask, area)));
  return `[${parts.join(",")}]`;
}

/** A cached status body and the tag that names exactly these bytes. */
export interface TaggedBody {
  tag: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** A seat's category key as JSON, by label, each key encoded once. */
export function categoryJsonOf(layout: LayoutIndex): (label: string) => string {
  const known = new Map<string | undefined, string>();
  return (label) => {
    const key = layout.categoryOf(label);
    let json = known.get(key);
    if (json === undefined) known.set(key, (json = JSON.stringify(key ?? null)));
    return json;
  };
}
