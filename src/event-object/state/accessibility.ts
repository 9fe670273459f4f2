import { isAccessibleSeat, type LayoutObject } from "../../domain/layout";
import type { Accessibility } from "../../domain/accessibility";
import { ROLE_COMPANION, ROLE_WHEELCHAIR, type SellingIndex } from "../../selling/selling-index";
import type { LayoutIndex } from "./layout-index";
import { getMeta, isLiveHold, rows, seatRow, setMeta } from "./store";
import type { Tx } from "./transaction";

/**
 * The event's hold-back of accessible inventory (docs/accessibility.md): while it holds, wheelchair spaces
 * and companion seats are holdable only by a buyer who states the need (or a secret key), until
 * its condition releases them. The object releases them itself, in a decision's transaction:
 * - `section_sold_out`: after a booking, per section, once every other seat of the section is booked;
 * - `event_sold_out`: the same over the event;
 * - `{ at }`: by the alarm armed for that time, or by the first hold after it, whichever runs first.
 * Each release writes one history record per released seat (cause `for_sale`, status unchanged).
 *
 * Kept in meta ("accessibility") and table access_released: one row per released scope, `*` for
 * the whole event, `section:<key>` for one section. Replacing the settings forgets the releases.
 *
 * Interpretations made here:
 * - "Booked" is literal: a seat held or not for sale keeps its section from selling out.
 * - A section (or event) with no seat besides its accessible ones is sold out at once.
 * - Best available without `accessible` never picks a held-back seat, whatever the key.
 */

/** What GET answers before anything was set. */
export const DEFAULT_ACCESSIBILITY: Accessibility = { holdBack: false, releaseWhen: "event_sold_out" };

const TABLE = "CREATE TABLE IF NOT EXISTS access_released (scope TEXT PRIMARY KEY, at INTEGER NOT NULL)";
const EVENT = "*";
const sectionScope = (key: string | undefined) => `section:${key ?? ""}`;

/** Per layout: the accessible seats by section and the other seats' count by section. */
interface AccessIndex {
  accessible: Map<string, string[]>;
  others: Map<string, number>;
  othersTotal: number;
}
const indexes = new WeakMap<LayoutIndex, AccessIndex>();

function accessIndex(layout: LayoutIndex): AccessIndex {
  let idx = indexes.get(layout);
  if (idx) return idx;
  idx = { accessible: new Map(), others: new Map(), othersTotal: 0 };
  for (const o of layout.objects.values()) {
    if (o.objectType !== "seat") continue;
    const key = o.sectionKey ?? "";
    if (isAccessibleSeat(o.features)) {
      const list = idx.accessible.get(key);
      if (list) list.push(o.label);
      else idx.accessible.set(key, [o.label]);
    } else {
      idx.others.set(key, (idx.others.get(key) ?? 0) + 1);
      idx.othersTotal++;
    }
  }
  indexes.set(layout, idx);
  return idx;
}

const lookups = new WeakMap<SqlStorage, AccessState>();

/** The hold-back of an object's storage, or null when none is registered (tests of the reads alone). */
export function accessOf(sql: SqlStorage): AccessState | null {
  return lookups.get(sql) ?? null;
}

export class AccessState {
  private settings: Accessibility | null | undefined = undefined;
  private released: Set<string> | null = null;
  /**
   * Booked seats that are not accessible, by section, for the layout they were counted on: read
   * once from the seat rows, then kept in step with each change, so a booking's sold-out check
   * costs nothing per booked seat.
   */
  private booked: { layout: LayoutIndex; bySection: Map<string, number> } | null = null;

  constructor(private readonly sql: SqlStorage) {
    lookups.set(sql, this);
  }

  ensureSchema(): void {
    this.sql.exec(TABLE);
  }

  /** The settings (the default when never set). */
  config(): Accessibility {
    // Read once: an event that never set one is answered from memory too (null is kept, not re-read).
    if (this.settings === undefined) this.settings = getMeta<Accessibility>(this.sql, "accessibility");
    return this.settings ?? DEFAULT_ACCESSIBILITY;
  }

  /** Whether the hold-back is on and something may still be held back. */
  active(): boolean {
    return this.config().holdBack && !this.releasedScopes().has(EVENT);
  }

  /** Replaces the settings inside `tx`, forgets earlier releases, and releases at once what is already due. */
  replace(tx: Tx, body: Accessibility): void {
    setMeta(this.sql, "accessibility", body);
    this.sql.exec("DELETE FROM access_released");
    this.settings = body;
    this.released = new Set();
    this.settle(tx);
  }

  /** Whether a seat is held back now (true only for an accessible seat while its scope is unreleased). */
  heldBack(o: LayoutObject): boolean {
    if (!this.active() || o.objectType !== "seat" || !isAccessibleSeat(o.features)) return false;
    return !this.releasedScopes().has(sectionScope(o.sectionKey));
  }

  /** Seats by id that best available without `accessible` may take: every seat but those held back (null: all). */
  mask(index: SellingIndex): Uint8Array | null {
    if (!this.active()) return null;
    const released = this.releasedScopes();
    const out = new Uint8Array(index.size).fill(1);
    for (let id = 0; id < index.size; id++) {
      if (index.role[id] !== 0 && !released.has(sectionScope(index.sectionKeys[index.section[id]!]))) out[id] = 0;
    }
    return out;
  }

  /** When the alarm must run for an `at` release, or null. */
  dueAt(): number | null {
    const c = this.config();
    if (!this.active() || typeof c.releaseWhen !== "object") return null;
    return Date.parse(c.releaseWhen.at);
  }

  /**
   * Releases what is due, inside the decision's transaction: an `at` that has passed, or (after a
   * booking, or on replace) sections or the event now sold out. `sections` narrows the sold-out
   * check to the sections a booking touched.
   */
  settle(tx: Tx, sections?: ReadonlySet<string>): void {
    if (!this.active()) return;
    const when = this.config().releaseWhen;
    if (typeof when === "object") {
      if (tx.now >= Date.parse(when.at)) this.release(tx, EVENT, [...accessIndex(tx.layout).accessible.values()].flat());
      return;
    }
    const idx = accessIndex(tx.layout);
    const booked = this.bookedOthers(tx);
    if (when === "event_sold_out") {
      let total = 0;
      for (const n of booked.values()) total += n;
      if (total >= idx.othersTotal) this.release(tx, EVENT, [...idx.accessible.values()].flat());
      return;
    }
    const released = this.releasedScopes();
    for (const [key, labels] of idx.accessible) {
      if (sections !== undefined && !sections.has(key)) continue;
      if (released.has(sectionScope(key))) continue;
      if ((booked.get(key) ?? 0) >= (idx.others.get(key) ?? 0)) this.release(tx, sectionScope(key), labels);
    }
  }

  /** Only what time releases (a hold's cheap check, so a late alarm never keeps a seat back). */
  settleDue(tx: Tx): void {
    const due = this.dueAt();
    if (due !== null && tx.now >= due) this.settle(tx);
  }

  /** The storage was wiped or replaced, or a decision rolled back: read again on next use. */
  clear(): void {
    this.settings = undefined;
    this.released = null;
    this.booked = null;
  }

  /** A seat's status changed in the running decision: the booked counts follow (when kept). */
  seatChanged(layout: LayoutIndex, label: string, status: string, previous: string): void {
    if (this.booked === null || (status === "booked") === (previous === "booked")) return;
    if (this.booked.layout !== layout) {
      this.booked = null;
      return;
    }
    const o = layout.object(label);
    if (!o || o.objectType !== "seat" || isAccessibleSeat(o.features)) return;
    const key = o.sectionKey ?? "";
    this.booked.bySection.set(key, (this.booked.bySection.get(key) ?? 0) + (status === "booked" ? 1 : -1));
  }

  /** Booked seats that are not accessible, by section (counted once per layout, then kept). */
  private bookedOthers(tx: Tx): Map<string, number> {
    if (this.booked === null || this.booked.layout !== tx.layout) this.booked = { layout: tx.layout, bySection: countBookedOthers(tx) };
    return this.booked.bySection;
  }

  /** Whether the event has accessible seats held back at `o`'s scope, for objects reads: undefined when no hold-back applies to it. */
  accessibleOnly(o: LayoutObject): boolean | undefined {
    if (!this.config().holdBack || o.objectType !== "seat" || !isAccessibleSeat(o.features)) return undefined;
    return this.heldBack(o);
  }

  /**
   * The wheelchair spaces among `labels` that are held now, with their tokens: read before a
   * release, so that {@link companionsFreedWith} can find the companions held with them.
   */
  heldWheelchairs(tx: Tx, labels: readonly string[]): { label: string; token: string }[] {
    if (!this.config().holdBack) return [];
    const out: { label: string; token: string }[] = [];
    for (const label of labels) {
      const o = tx.layout.object(label);
      if (!o?.features?.includes("wheelchair")) continue;
      const row = seatRow(this.sql, label);
      if (row && row.status === "held" && row.token !== null && isLiveHold(row, tx.now)) out.push({ label, token: row.token });
    }
    return out;
  }

  /**
   * docs/accessibility.md: "a companion seat held with a wheelchair space is released with it". For each
   * wheelchair space just freed, the companion seats its token holds in the same row, once the
   * token holds no wheelchair space of that row any more; by token.
   */
  companionsFreedWith(tx: Tx, freed: readonly { label: string; token: string }[], index: SellingIndex): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const { label, token } of freed) {
      const id = index.ids.get(label);
      if (id === undefined) continue;
      const row = index.row[id]!;
      const first = index.rowStart[row]!;
      const held = new Set(
        rows<{ label: string }>(
          this.sql,
          "SELECT label FROM seats INDEXED BY seats_token WHERE token = ? AND status = 'held' AND expires_at > ?",
          token,
          tx.now,
        ).map((r) => r.label),
      );
      const inRow = [];
      for (let k = first; k < first + index.rowLength[row]!; k++) if (held.has(index.labels[k]!)) inRow.push(k);
      if (inRow.some((k) => index.role[k] === ROLE_WHEELCHAIR)) continue;
      const companions = inRow.filter((k) => index.role[k] === ROLE_COMPANION).map((k) => index.labels[k]!);
      if (companions.length > 0) out.set(token, [...(out.get(token) ?? []), ...companions]);
    }
    return out;
  }

  private releasedScopes(): Set<string> {
    this.released ??= new Set(rows<{ scope: string }>(this.sql, "SELECT scope FROM access_released").map((r) => r.scope));
    return this.released;
  }

  /** Records the release of a scope and one history record per seat it frees for every buyer. */
  private release(tx: Tx, scope: string, labels: readonly string[]): void {
    this.sql.exec("INSERT OR IGNORE INTO access_released (scope, at) VALUES (?, ?)", scope, tx.now);
    this.releasedScopes().add(scope);
    const released = this.releasedScopes();
    for (const label of labels) {
      // A section already released before the whole event was recorded then.
      if (scope === EVENT && released.has(sectionScope(tx.layout.object(label)?.sectionKey))) continue;
      const row = seatRow(this.sql, label);
      const status = row === null || (row.status === "held" && !isLiveHold(row, tx.now)) ? "free" : row.status;
      tx.change({ label, objectType: "seat", status, previous: status, cause: "for_sale", orderId: row?.order_id ?? null, extra: row?.extra ?? null });
    }
  }
}

/** Booked seats that are not accessible, by section, from the seat rows. */
function countBookedOthers(tx: Tx): Map<string, number> {
  const out = new Map<string, number>();
  for (const { label } of rows<{ label: string }>(tx.sql, "SELECT label FROM seats WHERE status = 'booked'")) {
    const o = tx.layout.object(label);
    if (!o || o.objectType !== "seat" || isAccessibleSeat(o.features)) continue;
    const key = o.sectionKey ?? "";
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}
