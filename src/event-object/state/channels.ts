import type { ChannelAccess } from "../../domain/channel-passes";
import { NO_CHANNEL, type Channel, type ChannelDef, type ChannelsBody, type ChannelSummary } from "../../domain/channels";
import { fail, ok, type Outcome } from "../../domain/outcome";
import type { SellingIndex } from "../../selling/selling-index";
import type { LayoutIndex } from "./layout-index";
import type { ChannelGate } from "./policy";
import { getMeta, rows, setMeta } from "./store";

/**
 * The event's channels (docs/channels.md), kept compactly in the object's SQLite:
 * - meta "channels": the definitions (key, name, color, GA places per area), small;
 * - channel_seats: each channel's seat labels, newline-joined in parts of {@link PART} labels, so a
 *   PUT that moves 50,000 seats writes a handful of rows, not 50,000;
 * - ga.channel: the pool (a channel key, or null for the open pool) a token's GA places came from;
 * - ga_nfs: GA places not for sale, per area (they leave the open pool).
 * In memory: label → channel key, built on first use after a wake or a change. A hold reads one
 * map entry per seat.
 */

/** Seat labels per channel_seats row: 4,000 labels of at most 255 characters stay under the 2 MB row limit. */
const PART = 4000;

/** Adds the channel tables and columns (idempotent; runs on every wake after ensureSchema). */
export function ensureChannelSchema(sql: SqlStorage): void {
  sql.exec("CREATE TABLE IF NOT EXISTS channel_seats (channel TEXT NOT NULL, part INTEGER NOT NULL, labels TEXT NOT NULL, PRIMARY KEY (channel, part))");
  sql.exec("CREATE TABLE IF NOT EXISTS ga_nfs (area TEXT PRIMARY KEY, places INTEGER NOT NULL)");
  const have = new Set(rows<{ name: string }>(sql, "PRAGMA table_info(ga)").map((r) => r.name));
  if (!have.has("channel")) sql.exec("ALTER TABLE ga ADD COLUMN channel TEXT");
}

export class ChannelState {
  private defsCache: ChannelDef[] | undefined = undefined;
  private seatMap: Map<string, string> | null = null;
  /** Best available's eligible masks per selling index and set of pools; dropped when channels change. */
  private masks = new WeakMap<SellingIndex, Map<string, Uint8Array>>();

  constructor(private readonly sql: SqlStorage) {}

  defs(): ChannelDef[] {
    this.defsCache ??= getMeta<ChannelDef[]>(this.sql, "channels") ?? [];
    return this.defsCache;
  }

  /** label → channel key of every seat in a channel. */
  seats(): Map<string, string> {
    if (this.seatMap) return this.seatMap;
    const map = new Map<string, string>();
    if (this.defs().length > 0) {
      for (const [channel, labels] of this.sql.exec("SELECT channel, labels FROM channel_seats ORDER BY channel, part").raw<[string, string]>()) {
        if (labels === "") continue;
        for (const label of labels.split("\n")) map.set(label, channel);
      }
    }
    this.seatMap = map;
    return map;
  }

  /** The channel of a seat, or null (open pool). */
  channelOf(label: string): string | null {
    if (this.defs().length === 0) return null;
    return this.seats().get(label) ?? null;
  }

  /** The record's summary: keys and names. */
  summary(): ChannelSummary[] {
    return this.defs().map((d) => ({ key: d.key, name: d.name }));
  }

  /**
   * The channels as GET answers them: without the protected ones `hidden` names (docs/security.md: a
   * publishable key without their pass does not learn which seats they set aside).
   */
  read(hidden: ReadonlySet<string> = new Set()): Channel[] {
    const byChannel = new Map<string, string[]>(this.defs().map((d) => [d.key, []]));
    for (const [label, key] of this.seats()) byChannel.get(key)?.push(label);
    return this.defs().flatMap((d) => {
      if (hidden.has(d.key)) return [];
      const ch: Channel = { key: d.key, name: d.name, objectLabels: byChannel.get(d.key) ?? [] };
      if (d.color !== undefined) ch.color = d.color;
      if (d.protected === true) ch.protected = true;
      if (d.areaPlaces !== undefined) ch.areaPlaces = d.areaPlaces;
      return [ch];
    });
  }

  /** The keys of the protected channels (docs/security.md). */
  protectedKeys(): Set<string> {
    return new Set(this.defs().flatMap((d) => (d.protected === true ? [d.key] : [])));
  }

  /** The protected channels a reader with this access does not see: every one but those its passes name (none for a secret key). */
  hiddenFor(access: ChannelAccess, eventId: string): Set<string> {
    const hidden = this.protectedKeys();
    if (access === "all" || hidden.size === 0) return access === "all" ? new Set() : hidden;
    for (const p of access) if (p.eventId === eventId) hidden.delete(p.channelKey);
    return hidden;
  }

  /**
   * Replaces the channels (inside the caller's transaction). Every label must be a seat of the
   * layout, every areaPlaces key a GA area, and an area's channel places together at most its
   * capacity; 400 validation_failed names the path otherwise, and nothing changes.
   * Statuses are never touched: a held or booked seat keeps its status in its new channel.
   */
  replace(body: ChannelsBody, layout: LayoutIndex): Outcome<Channel[]> {
    const errors: Record<string, string[]> = {};
    const add = (path: string, message: string) => (errors[path] ??= []).push(message);
    const perArea = new Map<string, number>();
    body.channels.forEach((ch, i) => {
      ch.objectLabels.forEach((label, j) => {
        const o = layout.objects.get(label);
        if (!o) add(`channels.${i}.objectLabels.${j}`, `unknown label ${label}`);
        else if (o.objectType !== "seat") add(`channels.${i}.objectLabels.${j}`, `${label} is a general-admission area: use areaPlaces`);
      });
      for (const [area, places] of Object.entries(ch.areaPlaces ?? {})) {
        const o = layout.objects.get(area);
        if (!o) add(`channels.${i}.areaPlaces.${area}`, `unknown label ${area}`);
        else if (o.objectType !== "generalAdmission") add(`channels.${i}.areaPlaces.${area}`, `${area} is a seat, not a general-admission area`);
        else perArea.set(area, (perArea.get(area) ?? 0) + places);
      }
    });
    for (const [area, places] of perArea) {
      const capacity = layout.objects.get(area)?.capacity ?? 0;
      if (places > capacity) {
        const i = body.channels.findIndex((ch) => ch.areaPlaces?.[area] !== undefined);
        add(`channels.${i}.areaPlaces.${area}`, `the channels' places in ${area} (${places}) exceed its capacity ${capacity}`);
      }
    }
    if (Object.keys(errors).length > 0) return fail("validation_failed", "The channels do not fit the event's layout; nothing changed", { errors });

    const defs: ChannelDef[] = body.channels.map((ch) => {
      const d: ChannelDef = { key: ch.key, name: ch.name };
      if (ch.color !== undefined) d.color = ch.color;
      if (ch.protected === true) d.protected = true;
      const places = Object.entries(ch.areaPlaces ?? {}).filter(([, n]) => n > 0);
      if (places.length > 0) d.areaPlaces = Object.fromEntries(places);
      return d;
    });
    this.sql.exec("DELETE FROM channel_seats");
    const map = new Map<string, string>();
    for (const ch of body.channels) {
      const labels = [...new Set(ch.objectLabels)];
      for (let p = 0; p * PART < labels.length; p++) {
        this.sql.exec("INSERT INTO channel_seats (channel, part, labels) VALUES (?, ?, ?)", ch.key, p, labels.slice(p * PART, (p + 1) * PART).join("\n"));
      }
      for (const label of labels) map.set(label, ch.key);
    }
    setMeta(this.sql, "channels", defs.length > 0 ? defs : null);
    this.defsCache = defs;
    this.seatMap = map;
    this.masks = new WeakMap();
    return ok(this.read());
  }

  /**
   * The pools of a hold naming `channelKeys` (default the open pool; docs/channels.md), or any pool for
   * a secret key's ignoreChannels. An event without channels has one pool, the open one. `locked`:
   * the protected channels this hold may not take from (no pass), left out of its pools.
   */
  gate(channelKeys: readonly string[] | undefined, ignore: boolean, locked: ReadonlySet<string> = new Set()): ChannelGate {
    const defs = this.defs();
    if (ignore) return { kind: "any", defs, locked: [] };
    const asked = [...new Set(channelKeys ?? [NO_CHANNEL])];
    // A protected channel the hold has no pass for is not one of its pools (docs/security.md).
    const named = asked.filter((k) => !locked.has(k));
    const open = named.includes(NO_CHANNEL);
    if (open && defs.length === 0) return { kind: "any", defs, locked: [] };
    const keys = new Set(named);
    return {
      kind: "pools",
      defs,
      locked: asked.filter((k) => locked.has(k)),
      pools: named.map((k) => (k === NO_CHANNEL ? null : k)),
      seat: (label) => {
        const ch = this.channelOf(label);
        return ch === null ? open : keys.has(ch);
      },
    };
  }

  /**
   * Which seats of the selling index the gate's pools hold (1) or not (0), for best available.
   * Kept per index and set of pools until the channels change, so a call does not rebuild it.
   */
  mask(index: SellingIndex, pools: readonly (string | null)[]): Uint8Array {
    const sig = pools
      .map((p) => p ?? NO_CHANNEL)
      .sort()
      .join("\n");
    let byPools = this.masks.get(index);
    if (!byPools) this.masks.set(index, (byPools = new Map()));
    const known = byPools.get(sig);
    if (known) return known;
    const named = new Set(pools);
    const mask = new Uint8Array(index.size).fill(named.has(null) ? 1 : 0);
    for (const [label, channel] of this.seats()) {
      const id = index.ids.get(label);
      if (id !== undefined) mask[id] = named.has(channel) ? 1 : 0;
    }
    byPools.set(sig, mask);
    return mask;
  }

  /** The wake's caches are stale (storage wiped, or a transaction rolled back). */
  clear(): void {
    this.defsCache = undefined;
    this.seatMap = null;
    this.masks = new WeakMap();
  }
}

/**
 * The channel look-up of each object's storage, for the reads that build status entries and
 * objects bodies (status-reads.ts), which are also called from the kept views without a
 * ChannelState at hand. Registered by the event object when it starts.
 */
const lookups = new WeakMap<SqlStorage, ChannelState>();

export function registerChannels(sql: SqlStorage, state: ChannelState): void {
  lookups.set(sql, state);
}

/** The channels of an object's storage, or null when none registered (tests of the reads alone). */
export function channelsOf(sql: SqlStorage): ChannelState | null {
  return lookups.get(sql) ?? null;
}
