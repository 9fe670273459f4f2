import type { CompactStatus, GaStatusEntry, StatusEntry, StatusFormat } from "../../domain/status";
import type { LayoutIndex } from "../state/layout-index";
import { gaStatusEntries, isoFormatter, nonFreeSeats, publicSeatJson, publicSeatStates, type SeatState } from "./status-reads";
import { first, latestHistorySeq, rows, type SeatStatus } from "../state/store";
import { channelsOf } from "../state/channels";
import { currentStamp, readSnapshot, type SnapshotStamp } from "./status-snapshot";
import { derivedTables, tableEntry, type SeatOfTable } from "./table-status";
import type { TableStatusEntry } from "../../domain/tables";

/** The compact form of status entries (same objects, same order within each group). */
export function compactOf(eventKey: string, seq: number, entries: StatusEntry[], withMine: boolean): CompactStatus {
  const statuses: CompactStatus["statuses"] = { held: [], booked: [], not_for_sale: [] };
  const ga: CompactStatus["ga"] = [];
  const mine: string[] = [];
  for (const e of entries) {
    if (e.objectType === "seat" || e.objectType === "booth" || e.objectType === "table") {
      if (e.status === "partially_taken") (statuses.partially_taken ??= []).push(e.objectLabel);
      else if (e.status !== "free") statuses[e.status].push(e.objectLabel);
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

const utf8 = new TextEncoder();

/** The full form's body around an encoded objects array. */
function fullBody(eventKey: string, seq: number, objects: string): string {
  return `{"eventKey":${JSON.stringify(eventKey)},"seq":${seq},"objects":${objects}}`;
}

/** The objects array: each seat's fragment (as `seatJson` renders it), then the GA entries. */
function joinObjects<S>(seats: ReadonlyMap<string, S>, ga: Iterable<GaStatusEntry | TableStatusEntry>, seatJson: (label: string, seat: S) => string): string {
  const parts: string[] = [];
  for (const [label, seat] of seats) parts.push(seatJson(label, seat));
  for (const area of ga) parts.push(JSON.stringify(area));
  return `[${parts.join(",")}]`;
}

/** A cached status body and the tag that names exactly these bytes. */
export interface TaggedBody {
  tag: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * A seat of the model: its status and hold expiry (all the compact form needs) and its full-form
 * entry as JSON, built on the first read that needs it: the compact reads (the SDK's) never need
 * the seats' categories, so a woken object answers them without decoding its layout's seats.
 */
interface ModelSeat {
  status: SeatStatus;
  expiresAt: number | null;
  /** The table the seat was taken with whole (contract §21), or null. */
  whole: string | null;
  json: string | null;
}

/** More changed labels than this between two reads: rebuilding from SQLite is cheaper than patching. */
const MAX_DIRTY = 5_000;

/**
 * The unfiltered publishable-key status view (the common SDK/browser read), kept in memory as one
 * JSON fragment per non-free object and patched with deltas: a commit only records the labels it
 * changed, and the next read re-reads just those rows (and drops holds that expired since), then
 * joins the fragments. Reading 40,000 rows and stringifying them again after every hold would cost
 * the object tens of milliseconds per read during a rush; the patch costs microseconds per change.
 * The encoded bodies (UTF-8, one per format) are reused until the view changes, and each carries a
 * tag unique to its bytes, so a Worker that kept a copy (and a browser, as an ETag) can be told
 * "unchanged" instead of receiving 4 MB again.
 */
export class StatusCache {
  /** Non-free seats by label, in the order a fresh read lists them; null when not built. */
  private seats: Map<string, ModelSeat> | null = null;
  private ga = new Map<string, GaStatusEntry>();
  private dirty = new Set<string>();
  private bodies: Partial<Record<StatusFormat, TaggedBody>> = {};
  /** The `[...]` objects array of the current view, shared by the full body and the live snapshot. */
  private objectsJson: string | null = null;
  /** The latest history seq the view includes: every change of the view records one. */
  private seq = 0;
  private lastNow = 0;
  /** The earliest live hold expiry in the model: from then on some entry may show a dead hold. */
  private validUntil: number | null = null;
  /** The stored view (status-snapshot.ts) as last found current, and the bodies read of it. */
  private restored: { stamp: SnapshotStamp; bodies: Partial<Record<StatusFormat, TaggedBody>> } | null = null;

  /** @param layoutKey the current layout version's key (what a stored view names), null before set-up. */
  constructor(private readonly layoutKey: () => string | null = () => null) {}

  /** Forgets the whole view: for writers that change the layout or many rows at once. */
  invalidate(): void {
    this.restored = null;
    this.seats = null;
    this.ga.clear();
    this.dirty.clear();
    this.forgetEncodings();
  }

  private forgetEncodings(): void {
    this.bodies = {};
    this.objectsJson = null;
  }

  /** Records the labels a committed decision changed; the next read re-reads only those. */
  changed(labels: ReadonlySet<string>): void {
    if (labels.size === 0) return;
    this.restored = null;
    if (this.seats === null) return;
    for (const label of labels) this.dirty.add(label);
    this.forgetEncodings();
    if (this.dirty.size > MAX_DIRTY) this.invalidate();
  }

  /** The cached (or freshly encoded) JSON body of the unfiltered public view in `format`. */
  body(sql: SqlStorage, layout: LayoutIndex, published: boolean, eventKey: string, now: number, format: StatusFormat): TaggedBody {
    // A woken object answers its first reads from the stored view when it is the current one,
    // without building the model at all.
    if (this.seats === null) {
      const restored = this.restoredBody(sql, published, latestHistorySeq(sql), now, format);
      if (restored !== null) return restored;
    }
    this.refresh(sql, layout, published, now);
    const cached = this.bodies[format];
    if (cached !== undefined) return cached;
    if (format === "full") {
      // The model is there but not its full-form entries, which the stored view has.
      const restored = this.restoredBody(sql, published, this.seq, now, format);
      if (restored !== null) {
        this.bodies.full = restored;
        return restored;
      }
    }
    const built = format === "full" ? fullBody(eventKey, this.seq, this.objectsArray(sql, layout, now)) : JSON.stringify(this.compact(eventKey, layout, now));
    const body = { tag: crypto.randomUUID(), bytes: utf8.encode(built) };
    this.bodies[format] = body;
    return body;
  }

  /** The stored body in `format` when the stored view is exactly the view at `seq` and `now` (status-snapshot.ts), else null. */
  private restoredBody(sql: SqlStorage, published: boolean, seq: number, now: number, format: StatusFormat): TaggedBody | null {
    let r = this.restored;
    const current = r !== null && r.stamp.seq === seq && now >= r.stamp.builtAt && (r.stamp.validUntil === null || now < r.stamp.validUntil);
    if (!current) {
      this.restored = r = null;
      const layoutKey = this.layoutKey();
      const stamp = layoutKey === null ? null : currentStamp(sql, { layoutKey, published, seq, now });
      if (stamp === null) return null;
      this.restored = r = { stamp, bodies: {} };
    }
    let body = r!.bodies[format];
    if (body === undefined) {
      const stored = readSnapshot(sql, r!.stamp, format);
      if (stored === null) return null;
      r!.bodies[format] = body = stored;
    }
    return body;
  }

  /** The live socket's `{"type":"snapshot","seq":…,"objects":[…]}` message: the same public view. */
  snapshotText(sql: SqlStorage, layout: LayoutIndex, published: boolean, now: number): string {
    this.refresh(sql, layout, published, now);
    return `{"type":"snapshot","seq":${this.seq},"objects":${this.objectsArray(sql, layout, now)}}`;
  }

  /**
   * The public view as `holdToken` sees it: `mine: true` on the token's live seat holds,
   * `mineQuantity` on its GA holds (and `mine` labels in the compact form). Built per call from
   * the model plus two indexed look-ups of the token's rows, never from a full re-read; the same
   * bytes statusEntries would give.
   */
  forToken(
    sql: SqlStorage,
    layout: LayoutIndex,
    published: boolean,
    eventKey: string,
    now: number,
    format: StatusFormat,
    token: string,
  ): Uint8Array<ArrayBuffer> {
    if (format === "compact" && this.seats === null) {
      const stored = this.tokenFromStored(sql, published, now, token);
      if (stored !== null) return stored;
    }
    this.refresh(sql, layout, published, now);
    const mineSeats = new Set(
      rows<{ label: string }>(sql, "SELECT label FROM seats WHERE token = ? AND status = 'held' AND expires_at > ?", token, now).map((r) => r.label),
    );
    const mineGa = new Map(
      rows<{ area: string; held: number }>(sql, "SELECT area, held FROM ga WHERE token = ? AND held > 0 AND expires_at > ?", token, now).map((r) => [
        r.area,
        r.held,
      ]),
    );
    const ga = [...this.ga.values()].map((e): GaStatusEntry => {
      const quantity = mineGa.get(e.objectLabel);
      return quantity === undefined ? e : { ...e, mineQuantity: quantity };
    });
    const seats = this.seats ?? new Map<string, ModelSeat>();
    const tables = this.tables(layout, now, (seat) => mineSeats.has(seat.label));
    if (format === "compact") {
      const mine = [...seats.keys()].filter((label) => mineSeats.has(label));
      for (const t of tables) if (t.mine) mine.push(t.objectLabel);
      return utf8.encode(JSON.stringify({ ...compactOf(eventKey, this.seq, ga, true), statuses: this.compactStatuses(layout, now), mine }));
    }
    // A held seat's entry ends with holdExpiresAt, the key `mine` follows in a fresh read.
    const json = this.fragments(sql, layout);
    const objects = joinObjects(seats, [...tables, ...ga], (label, seat) =>
      mineSeats.has(label) ? `${json(label, seat).slice(0, -1)},"mine":true}` : json(label, seat),
    );
    return utf8.encode(fullBody(eventKey, this.seq, objects));
  }

  /**
   * The SDK's compact read from the stored compact body, on a woken object that has not built its
   * model: the token's live seats (in the order a fresh model lists them, which is the rows') added
   * as `mine`. A token with GA holds changes the GA entries (`mineQuantity`): built as before.
   */
  private tokenFromStored(sql: SqlStorage, published: boolean, now: number, token: string): Uint8Array<ArrayBuffer> | null {
    const stored = this.restoredBody(sql, published, latestHistorySeq(sql), now, "compact");
    if (stored === null) return null;
    if (first(sql, "SELECT 1 AS x FROM ga WHERE token = ? AND held > 0 AND expires_at > ?", token, now) !== null) return null;
    const mine = rows<{ label: string }>(sql, "SELECT label FROM seats WHERE token = ? AND status = 'held' AND expires_at > ? ORDER BY rowid", token, now).map(
      (r) => r.label,
    );
    // A table the token holds whole is the token's too (contract §21).
    for (const r of rows<{ t: string }>(
      sql,
      "SELECT DISTINCT whole_table AS t FROM seats WHERE token = ? AND status = 'held' AND expires_at > ? AND whole_table IS NOT NULL",
      token,
      now,
    ))
      mine.push(r.t);
    // The public compact body ends with its `ga` array; the token's form adds `mine` after it.
    const body = stored.bytes;
    const tail = utf8.encode(`,"mine":${JSON.stringify(mine)}}`);
    const out = new Uint8Array(body.byteLength - 1 + tail.byteLength);
    out.set(body.subarray(0, body.byteLength - 1));
    out.set(tail, body.byteLength - 1);
    return out;
  }

  /** Brings the model up to `now`: built once, then patched with changed and expired labels. */
  private refresh(sql: SqlStorage, layout: LayoutIndex, published: boolean, now: number): void {
    const seq = latestHistorySeq(sql);
    if (seq !== this.seq) {
      this.seq = seq;
      this.forgetEncodings();
    }
    // Time moving backwards (a test clock) invalidates everything derived from the later time.
    if (this.seats === null || now < this.lastNow) {
      this.invalidate();
      this.seats = new Map();
      if (published) {
        this.putSeats(publicSeatStates(sql, now));
        this.putAreas(gaStatusEntries(sql, layout, now, { caller: "public" }));
      }
      this.lastNow = now;
      this.validUntil = earliestLiveExpiry(sql, now);
      return;
    }
    this.lastNow = now;
    let touched = false;
    if (this.dirty.size > 0) {
      this.patch(sql, layout, published, now, [...this.dirty]);
      this.dirty.clear();
      touched = true;
    }
    if (this.validUntil !== null && now >= this.validUntil) {
      // Holds that died since the model was patched, swept or not, read as free from now on: a
      // dead seat simply leaves the view (no re-read, so 10,000 expiring at once cost ~1 ms), while
      // a GA area's counts are read again.
      for (const { label } of rows<{ label: string }>(sql, "SELECT label FROM seats WHERE status = 'held' AND expires_at <= ?", now)) this.seats.delete(label);
      const areas = rows<{ area: string }>(sql, "SELECT DISTINCT area FROM ga WHERE held > 0 AND expires_at <= ?", now);
      if (areas.length > 0)
        this.patch(
          sql,
          layout,
          published,
          now,
          areas.map((r) => r.area),
        );
      touched = true;
    }
    if (touched) {
      this.validUntil = earliestLiveExpiry(sql, now);
      this.forgetEncodings();
    }
  }

  /** Re-reads `labels` and replaces their entries (or removes them when now free). */
  private patch(sql: SqlStorage, layout: LayoutIndex, published: boolean, now: number, labels: string[]): void {
    const seats: SeatState[] = published ? nonFreeSeats(sql, now, labels).map((s) => [s[0], s[1], s[2], s[8]] as const) : [];
    const areas = published ? gaStatusEntries(sql, layout, now, { caller: "public", labels }) : [];
    const present = new Set([...seats.map(([label]) => label), ...areas.map((e) => e.objectLabel)]);
    for (const label of labels) {
      if (present.has(label)) continue;
      this.seats?.delete(label);
      this.ga.delete(label);
    }
    this.putSeats(seats);
    this.putAreas(areas);
  }

  private putSeats(seats: readonly SeatState[]): void {
    for (const [label, status, expiresAt, whole] of seats) this.seats?.set(label, { status, expiresAt, whole: whole ?? null, json: null });
  }

  private putAreas(entries: GaStatusEntry[]): void {
    for (const e of entries) this.ga.set(e.objectLabel, e);
  }

  /**
   * A model seat's full-form entry as JSON, built on first use and kept (the same bytes
   * statusEntries would give). Its category comes from the layout: the one step of a status read
   * that needs the layout's seats.
   */
  private fragments(sql: SqlStorage, layout: LayoutIndex): (label: string, seat: ModelSeat) => string {
    const iso = isoFormatter();
    const channels = channelsOf(sql);
    const categoryJson = new Map<string | undefined, string>();
    return (label, seat) => {
      if (seat.json === null) {
        const key = layout.categoryOf(label);
        let category = categoryJson.get(key);
        if (category === undefined) categoryJson.set(key, (category = JSON.stringify(key ?? null)));
        const type = layout.objectTypeOf(label) === "booth" ? "booth" : "seat";
        seat.json = publicSeatJson(label, seat.status, seat.expiresAt, category, iso, channels?.channelOf(label) ?? null, type);
      }
      return seat.json;
    };
  }

  /** The objects array, seats first, then tables, then GA areas: the same bytes JSON.stringify would give. */
  private objectsArray(sql: SqlStorage, layout: LayoutIndex, now: number): string {
    this.objectsJson ??= joinObjects(
      this.seats ?? new Map<string, ModelSeat>(),
      [...this.tables(layout, now), ...this.ga.values()],
      this.fragments(sql, layout),
    );
    return this.objectsJson;
  }

  /** The tables the model's seats make non-free (contract §21), as the public view shows them; `mine` flags a token's. */
  private tables(layout: LayoutIndex, now: number, mine?: (seat: SeatOfTable) => boolean): TableStatusEntry[] {
    if (!layout.hasTables || this.seats === null) return [];
    const seats = [...this.seats].map(([label, s]): SeatOfTable => ({ label, status: s.status, expiresAt: s.expiresAt, whole: s.whole }));
    const view = { secret: false, now, iso: isoFormatter() };
    return [...derivedTables(layout, seats)].map(([table, d]) => {
      const entry = tableEntry(layout, table, d, view);
      return d.whole !== null && d.whole.status === "held" && mine?.(d.whole) ? { ...entry, mine: true } : entry;
    });
  }

  private compactStatuses(layout: LayoutIndex, now: number): CompactStatus["statuses"] {
    const statuses: CompactStatus["statuses"] = { held: [], booked: [], not_for_sale: [] };
    for (const [label, seat] of this.seats ?? []) statuses[seat.status].push(label);
    for (const t of this.tables(layout, now)) {
      if (t.status === "partially_taken") (statuses.partially_taken ??= []).push(t.objectLabel);
      else if (t.status !== "free") statuses[t.status].push(t.objectLabel);
    }
    return statuses;
  }

  private compact(eventKey: string, layout: LayoutIndex, now: number): CompactStatus {
    return { ...compactOf(eventKey, this.seq, [...this.ga.values()], false), statuses: this.compactStatuses(layout, now) };
  }
}
