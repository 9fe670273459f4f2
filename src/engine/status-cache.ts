import type { LayoutIndex } from "./layout-index";
import { first } from "./store";
import { statusEntries } from "./reads";
import type { StatusEntry } from "./types";

/** The two cached encodings of a status view. */
export type StatusFormat = "full" | "compact";

/**
 * The compact status body: seats grouped by status (labels only), GA areas with their counts.
 * Hold expiries, categories and extraData are left out (the SDK has categories from /objects).
 */
export interface CompactStatus {
  eventKey: string;
  format: "compact";
  statuses: { held: string[]; booked: string[]; not_for_sale: string[] };
  ga: { objectLabel: string; status: StatusEntry["status"]; capacity: number; held: number; booked: number; remaining: number; mineQuantity?: number }[];
  /** Only with a holdToken: the seats that token holds. */
  mine?: string[];
}

/** The compact form of status entries (same objects, same order within each group). */
export function compactOf(eventKey: string, entries: StatusEntry[], withMine: boolean): CompactStatus {
  const statuses: CompactStatus["statuses"] = { held: [], booked: [], not_for_sale: [] };
  const ga: CompactStatus["ga"] = [];
  const mine: string[] = [];
  for (const e of entries) {
    if (e.objectType === "seat") {
      if (e.status !== "free") statuses[e.status].push(e.objectLabel);
      if (e.mine) mine.push(e.objectLabel);
    } else {
      const g: CompactStatus["ga"][number] = { objectLabel: e.objectLabel, status: e.status, capacity: e.capacity ?? 0, held: e.held ?? 0, booked: e.booked ?? 0, remaining: e.remaining ?? 0 };
      if (e.mineQuantity !== undefined) g.mineQuantity = e.mineQuantity;
      ga.push(g);
    }
  }
  return withMine ? { eventKey, format: "compact", statuses, ga, mine } : { eventKey, format: "compact", statuses, ga };
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

const utf8 = new TextEncoder();

/**
 * The serialised unfiltered publishable-key status view (the common SDK/browser read), built once
 * and reused until the next committed change or the earliest live hold expiry, whichever comes
 * first. Stringifying 40,000 entries costs far more than answering a cached body. Kept as UTF-8
 * bytes: the RPC copies bytes faster than a string, and the Worker answers them without encoding
 * 4 MB again on every read.
 */
export class StatusCache {
  private bodies: Partial<Record<StatusFormat, Uint8Array<ArrayBuffer>>> = {};
  private builtAt = 0;
  private validUntil: number | null = null;

  /** Forgets every cached body; the engine calls it after every committed change. */
  invalidate(): void {
    this.bodies = {};
  }

  /** The cached (or freshly built) JSON body of the unfiltered public view in `format`. */
  body(sql: SqlStorage, layout: LayoutIndex, published: boolean, eventKey: string, now: number, format: StatusFormat): Uint8Array<ArrayBuffer> {
    // Time moving backwards (a test clock) or past the earliest expiry makes every body stale.
    if (now < this.builtAt || (this.validUntil !== null && now >= this.validUntil)) this.bodies = {};
    const cached = this.bodies[format];
    if (cached !== undefined) return cached;
    if (Object.keys(this.bodies).length === 0) {
      this.builtAt = now;
      this.validUntil = earliestLiveExpiry(sql, now);
    }
    const entries = statusEntries(sql, layout, published, this.builtAt, { caller: "public" });
    const built = format === "full" ? JSON.stringify({ eventKey, objects: entries }) : JSON.stringify(compactOf(eventKey, entries, false));
    const bytes = utf8.encode(built);
    this.bodies[format] = bytes;
    return bytes;
  }
}
