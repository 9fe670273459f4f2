/**
 * What a seat map knows, as plain data: the event's objects and categories, the layout's rows, the
 * selection rules, the server's last picture of who holds what, this chart's own holds and the
 * labels with a request of ours in flight. It decides what each object looks like and how a picture
 * from the server changes the map; it never draws, asks the network or calls the host page, so it is
 * unit-tested in workerd. hold-session.ts acts on what it reports (a hold lost, labels to repaint).
 */
import type { ObjectsRead } from "./api";
import type { Holding } from "./limits";
import { seatPlaces, type SeatPlaces } from "./selection-rules-precheck";
import type { ObjectView, VenuePart } from "./map-view";
import type { ApiCategory, ApiObject, SeatObject, SelectedObject, SelectionRules, StatusEntry } from "./types";

/** The open pool's name among channel keys (docs/channels.md). */
const NO_CHANNEL = "NO_CHANNEL";

/** One object this chart holds: a seat, or places in a GA area. */
export interface Held extends Holding {
  objectType: ApiObject["objectType"];
  /** Epoch ms of this hold's expiry, when known. */
  expiresAt?: number;
}

/** A hold of ours that a picture from the server no longer shows. */
export interface LostHold {
  held: Held;
  /** Booked by the host (not released or expired): the buyer is not told it was deselected. */
  booked: boolean;
}

/** What merging a picture from the server found: holds of ours gone, and every label to repaint. */
export interface Merged {
  lost: LostHold[];
  repaint: Iterable<string>;
}

/** A parsed hold expiry (`holdExpiresAt`), undefined when missing or unreadable. */
export function expiryOf(iso: string | undefined): number | undefined {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : undefined;
}

export class MapState {
  readonly objects = new Map<string, ApiObject>();
  readonly categories = new Map<string, ApiCategory>();
  /** The layout's rows in physical order (for the orphan rule). */
  private rows: SeatObject[][] = [];
  /** Each seat's place in its row, built the first time the orphan rule needs it. */
  private places: SeatPlaces | null = null;
  /** The event's selection rules (docs/selling-rules.md) as last read. */
  rules: SelectionRules = {};
  /** Last known non-free entries from the server (a GA area also while partly held). */
  private server = new Map<string, StatusEntry>();
  /** What this chart holds, by label. */
  readonly selection = new Map<string, Held>();
  /** Labels with a hold or release in flight: live updates must not flip them meanwhile. */
  readonly pending = new Set<string>();
  /** Seats outside this chart's channels (docs/channels.md): drawn unavailable, never held from here. */
  readonly outside = new Set<string>();
  /** The pools this chart sells from (its channelKeys; the open pool by default). */
  private pools: readonly string[] = [NO_CHANNEL];

  /** Takes in the objects read (once, before anything is drawn). */
  load(read: ObjectsRead): void {
    for (const c of read.categories ?? []) this.categories.set(c.key, c);
    for (const o of read.objects ?? []) this.objects.set(o.objectLabel, o);
    this.rows = read.rows;
    this.places = null;
    this.zones = read.zones ?? [];
    this.floors = read.floors ?? [];
  }

  /**
   * The SDK's venue part (venue.ts: tables, booths, floors and zones drawn, named and listed), which
   * the chart loaded because the layout has them; null for a layout of rows and areas alone.
   */
  venue: VenuePart | null = null;

  /** The layout's zones and floors (docs/tables.md), as the objects read gave them. */
  zones: NonNullable<ObjectsRead["zones"]> = [];
  floors: NonNullable<ObjectsRead["floors"]> = [];

  /**
   * Which seats this chart may not sell (docs/channels.md): those of channels it does not name, and
   * with "NO_CHANNEL" not named, every seat in no channel. `channelKeys` defaults to the open pool.
   */
  applyChannels(channels: Record<string, string[]> | undefined, channelKeys: readonly string[] | undefined): void {
    this.outside.clear();
    this.pools = channelKeys ?? [NO_CHANNEL];
    const keys = new Set(this.pools);
    const inChannel = new Set<string>();
    for (const [key, labels] of Object.entries(channels ?? {})) {
      for (const label of labels) {
        inChannel.add(label);
        if (!keys.has(key)) this.outside.add(label);
      }
    }
    if (keys.has(NO_CHANNEL)) return;
    for (const o of this.objects.values()) if (o.objectType === "seat" && !inChannel.has(o.objectLabel)) this.outside.add(o.objectLabel);
  }

  /** The layout's rows in physical order (the drawing's rows when it has no coordinates). */
  get layoutRows(): SeatObject[][] {
    return this.rows;
  }

  /** Where each seat sits in its row, for the orphan rule. */
  get seatPlaces(): SeatPlaces {
    return (this.places ??= seatPlaces(this.rows));
  }

  /** Labels the server or this chart has taken: everything not drawn as free at first. */
  takenLabels(): string[] {
    return [...this.server.keys(), ...this.selection.keys()];
  }

  /** The server's entry of one object, undefined while it is free. */
  entry(label: string): StatusEntry | undefined {
    return this.server.get(label);
  }

  /** The server's status of one object as far as the map knows ("free" when it has no entry). */
  statusOf(label: string): StatusEntry["status"] {
    return this.server.get(label)?.status ?? "free";
  }

  /** Shows `label` as taken (`reason`) at once, when a refused hold told us better than our last update. */
  markTaken(label: string, status: StatusEntry["status"]): void {
    this.server.set(label, { objectLabel: label, status });
  }

  /** Free as far as the map knows: not ours, no hold or release of ours in flight, and free on the server. */
  isFree(label: string): boolean {
    return !this.outside.has(label) && !this.selection.has(label) && !this.pending.has(label) && this.statusOf(label) === "free";
  }

  /** What the host's callbacks receive for `label` (GA areas with the quantity). */
  describe(label: string, quantity?: number): SelectedObject {
    const o = this.objects.get(label);
    const d: SelectedObject = { objectLabel: label, objectType: o?.objectType ?? "seat", categoryKey: o?.categoryKey ?? "" };
    if (d.objectType === "generalAdmission" && quantity !== undefined) d.quantity = quantity;
    return d;
  }

  /** How one object is drawn now, from this chart's point of view. */
  view(label: string): ObjectView {
    const view = this.baseView(label);
    const obj = this.priceOf && this.objects.get(label);
    const price = obj ? this.priceOf!(obj) : undefined;
    if (price !== undefined) view.price = price;
    return view;
  }

  /**
   * An object's price in words for this buyer (docs/prices.md; sdk/chart-prices.ts), or null for an
   * event without prices.
   */
  priceOf: ((obj: ApiObject) => string | undefined) | null = null;

  private baseView(label: string): ObjectView {
    const obj = this.objects.get(label);
    const e = this.server.get(label);
    const mine = this.selection.get(label);
    if (obj?.objectType === "generalAdmission") {
      const capacity = e?.capacity ?? obj.capacity ?? 0;
      const remaining = e?.remaining ?? obj.remaining ?? capacity;
      const byPool = e ? e.remainingByChannel : obj.remainingByChannel;
      const view: ObjectView = {
        status: mine ? "selected" : (e?.status ?? "free"),
        capacity,
        remaining: this.forThisBuyer(remaining, byPool),
        quantity: mine?.quantity,
      };
      if (byPool) view.pooled = true;
      return view;
    }
    if (!mine && this.outside.has(label)) return { status: e?.status ?? "free", unavailable: true };
    // A seat of a table this chart holds whole is part of its selection (docs/tables.md).
    const table = obj?.objectType === "seat" && obj.tableLabel !== undefined && this.selection.has(obj.tableLabel);
    return { status: mine || table ? "selected" : (e?.status ?? "free") };
  }

  /**
   * The places of a GA area this chart can take (docs/channels.md): a hold takes its places from one
   * of the chart's pools, so the most any one of them has free, and never more than the area has
   * left (which our own holds move at once, the pools with the next update). Without pools in the
   * area every place is in the open pool.
   */
  private forThisBuyer(remaining: number, byPool: Record<string, number> | undefined): number {
    if (!byPool) return this.pools.includes(NO_CHANNEL) ? remaining : 0;
    return Math.min(remaining, Math.max(0, ...this.pools.map((p) => byPool[p] ?? 0)));
  }

  /** Moves a GA area's remaining places by `delta` (our own hold grew or shrank), within its capacity. */
  adjustRemaining(label: string, delta: number): void {
    const obj = this.objects.get(label);
    const area = obj?.objectType === "generalAdmission" ? obj : undefined;
    const e = this.server.get(label);
    const capacity = e?.capacity ?? area?.capacity ?? 0;
    const remaining = Math.max(0, Math.min(capacity, (e?.remaining ?? area?.remaining ?? capacity) + delta));
    const next: StatusEntry = {
      ...(e ?? { objectLabel: label, objectType: "generalAdmission" as const }),
      status: remaining > 0 ? "free" : (e?.status ?? "held"),
      capacity,
      remaining,
    };
    const byPool = e ? e.remainingByChannel : area?.remainingByChannel;
    if (byPool) next.remainingByChannel = this.movePools(byPool, delta);
    this.server.set(label, next);
  }

  /**
   * The pools after our own hold moved `delta` places, until the next update says exactly: the
   * server takes from the first of our pools with room (docs/channels.md), and we give back to it.
   */
  private movePools(byPool: Record<string, number>, delta: number): Record<string, number> {
    const pool = this.pools.find((p) => (byPool[p] ?? 0) + delta >= 0 && p in byPool);
    return pool === undefined ? byPool : { ...byPool, [pool]: (byPool[pool] ?? 0) + delta };
  }

  /** Our hold is gone: drop its trace from the server picture until the next update says otherwise. */
  forgetOwnHold(h: Held): void {
    if (h.objectType === "generalAdmission") this.adjustRemaining(h.objectLabel, h.quantity);
    else this.server.delete(h.objectLabel);
  }

  /**
   * A full picture from the socket or a poll (`fromPoll` entries say which holds are ours). With
   * `restore` (the first read), holds of ours found in it become the selection again, so a reload
   * in the same tab gets its selection back; they are returned as `restored`.
   */
  mergeSnapshot(entries: StatusEntry[], fromPoll: boolean, restore: boolean): Merged & { restored: Held[] } {
    const before = this.server;
    this.server = new Map(entries.map((e) => [e.objectLabel, e]));
    for (const label of this.pending) {
      const old = before.get(label);
      if (old) this.server.set(label, old);
      else this.server.delete(label);
    }
    const restored: Held[] = [];
    if (restore) {
      for (const e of entries) {
        const obj = this.objects.get(e.objectLabel);
        const quantity = e.objectType === "generalAdmission" ? (e.mineQuantity ?? 0) : e.mine ? 1 : 0;
        if (!obj || quantity === 0) continue;
        const h: Held = {
          objectLabel: e.objectLabel,
          objectType: obj.objectType,
          categoryKey: obj.categoryKey,
          quantity,
          expiresAt: expiryOf(e.holdExpiresAt),
        };
        this.selection.set(e.objectLabel, h);
        restored.push(h);
      }
    }
    const lost: LostHold[] = [];
    for (const h of this.selection.values()) {
      const e = this.server.get(h.objectLabel);
      const ga = h.objectType === "generalAdmission";
      const stillOurs = fromPoll ? (ga ? (e?.mineQuantity ?? 0) > 0 : e?.mine === true && e.status === "held") : ga ? !!e : e?.status === "held";
      if (!stillOurs && !this.pending.has(h.objectLabel)) lost.push({ held: h, booked: e?.status === "booked" });
    }
    return { restored, lost, repaint: new Set([...before.keys(), ...this.server.keys()]) };
  }

  /** Incremental entries from the socket; freed objects come with status "free". */
  mergeChanges(entries: StatusEntry[]): Merged {
    const lost: LostHold[] = [];
    const repaint: string[] = [];
    for (const e of entries) {
      const label = e.objectLabel;
      if (this.pending.has(label)) continue;
      const ga = e.objectType === "generalAdmission" || this.objects.get(label)?.objectType === "generalAdmission";
      const vacant = ga ? e.remaining !== undefined && e.capacity !== undefined && e.remaining >= e.capacity : e.status === "free";
      if (vacant && !ga) this.server.delete(label);
      else this.server.set(label, e);
      const h = this.selection.get(label);
      if (h && (ga ? vacant : e.status !== "held")) lost.push({ held: h, booked: e.status === "booked" });
      repaint.push(label);
    }
    return { lost, repaint };
  }

  /** The earliest expiry among this chart's holds (Infinity when none is known). */
  earliestExpiry(): number {
    let earliest = Infinity;
    for (const h of this.selection.values()) if (h.expiresAt !== undefined && h.expiresAt < earliest) earliest = h.expiresAt;
    return earliest;
  }
}
