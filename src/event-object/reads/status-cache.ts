import type { CompactStatus, GaStatusEntry, StatusEntry, StatusFormat } from "../../domain/status";
import type { LayoutIndex } from "../state/layout-index";
import { gaStatusEntries, isoFormatter, nonFreeSeats, publicSeatJson, publicSeatStates, type SeatState } from "./status-reads";
import { first, latestHistorySeq, rows, type SeatStatus } from "../state/store";
import { channelsOf } from "../state/channels";
import { hiddenFreeSeats, maskedArea, sharedMask, shownChannel, type ChannelMask } from "./channel-mask";
import { currentStamp, readSnapshot, type SnapshotStamp } from "./status-snapshot";
import { categoryJsonOf, compactOf, earliestLiveExpiry, fullBody, joinObjects, utf8, type TaggedBody } from "./status-bodies";
import { derivedTables, hiddenTableSeats, tableEntry, type SeatOfTable } from "./table-status";
import type { TableStatusEntry } from "../../domain/tables";

/**
 * A seat of the model: its status and hold expiry (all the compact form needs) and its full-form
 * entry as JSON, built on the first read that needs it: the compact reads (the SDK's) never need
 * the seats' categories, so a woken object answers them without decoding its layout's seats.
 */
interface ModelSeat {
  status: SeatStatus;
  expiresAt: number | null;
  /** The table the seat was taken with whole (docs/tables.md), or null. */
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
  /** Whether the model was built for a published layout (an unpublished chart's view is empty). */
  private published = false;
  /** The earliest live hold expiry in the model: from then on some entry may show a dead hold. */
  private validUntil: number | null = null;
  /** The stored view (status-snapshot.ts) as last found current, and the bodies read of it. */
  private restored: { stamp: SnapshotStamp; bodies: Partial<Record<StatusFormat, TaggedBody>> } | null = null;
  /** The not-for-sale fragments of protected channels' free seats, by label (docs/security.md: what readers without a pass see). */
  private maskedJson = new Map<string, string>();

  /** @param layoutKey the current layout version's key (what a stored view names), null before set-up. */
  constructor(private readonly layoutKey: () => string | null = () => null) {}

  /** Forgets the whole view: for writers that change the layout or many rows at once. */
  invalidate(): void {
    this.restored = null;
    this.seats = null;
    this.maskedJson.clear();
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
    const built =
      format === "full"
        ? fullBody(eventKey, this.seq, this.objectsArray(sql, layout, now))
        : JSON.stringify(this.compact(eventKey, layout, sharedMask(sql), now));
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

  /**
   * The live socket's `{"type":"snapshot","seq":…,"objects":[…]}` message: the same public view,
   * or, for a socket that sees some protected channels (`mask`, docs/security.md), its own view of it.
   */
  snapshotText(sql: SqlStorage, layout: LayoutIndex, published: boolean, now: number, mask: ChannelMask | null | "shared" = "shared"): string {
    this.refresh(sql, layout, published, now);
    const objects = mask === "shared" ? this.objectsArray(sql, layout, now) : this.viewArray(sql, layout, mask, () => false, now);
    return `{"type":"snapshot","seq":${this.seq},"objects":${objects}}`;
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
    token: string | null,
    mask: ChannelMask | null | "shared" = "shared",
  ): Uint8Array<ArrayBuffer> {
    if (format === "compact" && this.seats === null && token !== null && mask === "shared") {
      const stored = this.tokenFromStored(sql, published, now, token);
      if (stored !== null) return stored;
    }
    this.refresh(sql, layout, published, now);
    const view = mask === "shared" ? sharedMask(sql) : mask;
    const mineSeats = new Set(
      token === null
        ? []
        : rows<{ label: string }>(sql, "SELECT label FROM seats INDEXED BY seats_token WHERE token = ? AND status = 'held' AND expires_at > ?", token, now).map(
            (r) => r.label,
          ),
    );
    const mineGa = new Map(
      token === null
        ? []
        : rows<{ area: string; held: number }>(sql, "SELECT area, held FROM ga WHERE token = ? AND held > 0 AND expires_at > ?", token, now).map((r) => [
            r.area,
            r.held,
          ]),
    );
    const ga = [...this.ga.values()].map((e): GaStatusEntry => {
      const quantity = mineGa.get(e.objectLabel);
      return quantity === undefined ? e : { ...e, mineQuantity: quantity };
    });
    const seats = this.seats ?? new Map<string, ModelSeat>();
    if (format === "compact") {
      const body = {
        ...compactOf(
          eventKey,
          this.seq,
          ga.map((e) => maskedArea(view, e)),
          token !== null,
        ),
        statuses: this.compactStatuses(layout, view, now),
      };
      if (token === null) return utf8.encode(JSON.stringify(body));
      const mine = [...seats.keys()].filter((label) => mineSeats.has(label));
      for (const t of this.tables(layout, now, view, (seat) => mineSeats.has(seat.label))) if (t.mine) mine.push(t.objectLabel);
      return utf8.encode(JSON.stringify({ ...body, mine }));
    }
    // A held seat's entry ends with holdExpiresAt, the key `mine` follows in a fresh read.
    return utf8.encode(
      fullBody(
        eventKey,
        this.seq,
        this.viewArray(sql, layout, view, (label) => mineSeats.has(label), now, ga),
      ),
    );
  }

  /**
   * The objects array as a reader with `mask` sees it (docs/security.md), `mine` flagged on the seats
   * (and the tables held whole) `mine` names: built per call from the model, never kept (the kept
   * array is the shared view's).
   */
  private viewArray(
    sql: SqlStorage,
    layout: LayoutIndex,
    mask: ChannelMask | null,
    mine: (label: string) => boolean,
    now: number,
    ga: Iterable<GaStatusEntry> = this.ga.values(),
  ): string {
    const seats = this.seats ?? new Map<string, ModelSeat>();
    const json = this.fragments(sql, layout, mask);
    const seatJson = (label: string, seat: ModelSeat) => (mine(label) ? `${json(label, seat).slice(0, -1)},"mine":true}` : json(label, seat));
    const tables = this.tables(layout, now, mask, (seat) => mine(seat.label));
    return joinObjects(seats, [...tables, ...ga], seatJson, this.maskedFragments(layout, mask), mask);
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
    const mine = rows<{ label: string }>(
      sql,
      "SELECT label FROM seats INDEXED BY seats_token WHERE token = ? AND status = 'held' AND expires_at > ? ORDER BY rowid",
      token,
      now,
    ).map((r) => r.label);
    // A table the token holds whole is the token's too (docs/tables.md).
    for (const r of rows<{ t: string }>(
      sql,
      "SELECT DISTINCT whole_table AS t FROM seats INDEXED BY seats_token WHERE token = ? AND status = 'held' AND expires_at > ? AND whole_table IS NOT NULL",
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
    if (published !== this.published) this.invalidate();
    this.published = published;
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
  private fragments(sql: SqlStorage, layout: LayoutIndex, mask: ChannelMask | null = sharedMask(sql)): (label: string, seat: ModelSeat) => string {
    const iso = isoFormatter();
    const channels = channelsOf(sql);
    const shared = sharedMask(sql);
    const category = categoryJsonOf(layout);
    return (label, seat) => {
      const channel = channels?.channelOf(label) ?? null;
      const type = () => (layout.objectTypeOf(label) === "booth" ? "booth" : "seat");
      // A seat of a protected channel this reader sees (a pass) names it: not the shared fragment.
      if (channel !== null && shared?.hidden.has(channel) && !mask?.hidden.has(channel))
        return publicSeatJson(label, seat.status, seat.expiresAt, category(label), iso, channel, type());
      seat.json ??= publicSeatJson(label, seat.status, seat.expiresAt, category(label), iso, shownChannel(shared, channel), type());
      return seat.json;
    };
  }

  /** The not-for-sale fragments of the free seats of channels hidden by `mask` (docs/security.md), kept per label. */
  private maskedFragments(layout: LayoutIndex, mask: ChannelMask | null): string[] {
    const seats = this.seats ?? new Map<string, ModelSeat>();
    const category = categoryJsonOf(layout);
    return hiddenFreeSeats(mask, (l) => seats.has(l), this.isSeat(layout)).map((label) => {
      let json = this.maskedJson.get(label);
      if (json === undefined) this.maskedJson.set(label, (json = publicSeatJson(label, "not_for_sale", null, category(label), () => "")));
      return json;
    });
  }

  /**
   * The objects array of the shared public view, seats first, then the tables, then GA areas: the
   * same bytes JSON.stringify would give.
   */
  private objectsArray(sql: SqlStorage, layout: LayoutIndex, now: number): string {
    if (this.objectsJson === null) {
      const mask = sharedMask(sql);
      this.objectsJson = joinObjects(
        this.seats ?? new Map<string, ModelSeat>(),
        [...this.tables(layout, now, mask), ...this.ga.values()],
        this.fragments(sql, layout, mask),
        this.maskedFragments(layout, mask),
        mask,
      );
    }
    return this.objectsJson;
  }

  /**
   * The tables the model's seats make non-free (docs/tables.md), as a reader with `mask` sees them
   * (a table with seats of a channel hidden from it reads not for sale); `mine` flags a token's.
   */
  private tables(layout: LayoutIndex, now: number, mask: ChannelMask | null, mine?: (seat: SeatOfTable) => boolean): TableStatusEntry[] {
    if (!layout.hasTables || this.seats === null) return [];
    const model = this.seats;
    const seats = [...model].map(([label, s]): SeatOfTable => ({ label, status: s.status, expiresAt: s.expiresAt, whole: s.whole }));
    seats.push(
      ...hiddenTableSeats(
        layout,
        hiddenFreeSeats(mask, (l) => model.has(l), this.isSeat(layout)),
      ),
    );
    const view = { secret: false, now, iso: isoFormatter() };
    return [...derivedTables(layout, seats)].map(([table, d]) => {
      const entry = tableEntry(layout, table, d, view);
      return d.whole !== null && d.whole.status === "held" && mine?.(d.whole) ? { ...entry, mine: true } : entry;
    });
  }

  /**
   * The compact statuses; the free seats of channels hidden by `mask` are listed as not for sale
   * after the rows' own, then the tables the seats make non-free.
   */
  private compactStatuses(layout: LayoutIndex, mask: ChannelMask | null, now: number): CompactStatus["statuses"] {
    const statuses: CompactStatus["statuses"] = { held: [], booked: [], not_for_sale: [] };
    const seats = this.seats ?? new Map<string, ModelSeat>();
    for (const [label, seat] of seats) statuses[seat.status].push(label);
    for (const label of hiddenFreeSeats(mask, (l) => seats.has(l), this.isSeat(layout))) statuses.not_for_sale.push(label);
    for (const t of this.tables(layout, now, mask)) {
      if (t.status === "partially_taken") (statuses.partially_taken ??= []).push(t.objectLabel);
      else if (t.status !== "free") statuses[t.status].push(t.objectLabel);
    }
    return statuses;
  }

  private compact(eventKey: string, layout: LayoutIndex, mask: ChannelMask | null, now: number): CompactStatus {
    return {
      ...compactOf(
        eventKey,
        this.seq,
        [...this.ga.values()].map((e) => maskedArea(mask, e)),
        false,
      ),
      statuses: this.compactStatuses(layout, mask, now),
    };
  }

  /** Whether a label is a seat the published layout shows (an unpublished chart shows none, masked or not). */
  private isSeat(layout: LayoutIndex): (label: string) => boolean {
    return (label) => this.published && layout.object(label)?.objectType === "seat";
  }
}
