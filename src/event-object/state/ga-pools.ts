import { NO_CHANNEL, type ChannelDef } from "../../domain/channels";
import { rows, type GaRow } from "./store";

/**
 * A GA area's places per pool (docs/channels.md): each channel's `areaPlaces`, and the open pool (null)
 * with the rest of the capacity less what is not for sale. A token's places in an area sit in one
 * pool (`ga.channel`, the common case) or, when one hold took from several, spread over them
 * (`ga.pools`: JSON `{ "held": { pool: places }, "booked": { pool: places } }`, the open pool
 * written NO_CHANNEL). A pool whose channel is gone counts as the open pool.
 */

/** A pool: a channel key, or null for the open pool. */
export type Pool = string | null;
/** Places per pool. */
export type PoolPlaces = Map<Pool, number>;

/** How one token's places in an area are spread: held places (live or not) and booked places per pool. */
export interface TokenPools {
  held: PoolPlaces;
  booked: PoolPlaces;
}

/** Places of each pool of a GA area: channel key → places, and the open pool's (null). */
export function poolPlaces(defs: readonly ChannelDef[], area: string, capacity: number, nfs: number): PoolPlaces {
  const out: PoolPlaces = new Map();
  let set = 0;
  for (const d of defs) {
    const n = d.areaPlaces?.[area] ?? 0;
    if (n > 0) {
      out.set(d.key, n);
      set += n;
    }
  }
  out.set(null, Math.max(0, capacity - set - nfs));
  return out;
}

/**
 * The pool key of a stored pool name: null (open) for the open pool and for a channel that is gone.
 * Without `defs` the name as stored (to rewrite a row as it was).
 */
export function poolOf(defs: readonly ChannelDef[] | null, channel: string | null): Pool {
  if (channel === null || channel === NO_CHANNEL) return null;
  return defs === null || defs.some((d) => d.key === channel) ? channel : null;
}

function add(into: PoolPlaces, pool: Pool, n: number): void {
  if (n > 0) into.set(pool, (into.get(pool) ?? 0) + n);
}

/** A token's places per pool as its row keeps them (with `defs` null: by the names stored). */
export function tokenPools(defs: readonly ChannelDef[] | null, row: Pick<GaRow, "channel" | "pools" | "held" | "booked">): TokenPools {
  const out: TokenPools = { held: new Map(), booked: new Map() };
  if (row.pools === null) {
    const pool = poolOf(defs, row.channel);
    add(out.held, pool, row.held);
    add(out.booked, pool, row.booked);
    return out;
  }
  const stored = JSON.parse(row.pools) as { held?: Record<string, number>; booked?: Record<string, number> };
  for (const [k, n] of Object.entries(stored.held ?? {})) add(out.held, poolOf(defs, k), n);
  for (const [k, n] of Object.entries(stored.booked ?? {})) add(out.booked, poolOf(defs, k), n);
  return out;
}

/**
 * How a row stores `pools`: every place in one pool is `channel` alone (pools null); places in
 * several pools are spread in `pools`.
 */
export function storedPools(pools: TokenPools): { channel: string | null; pools: string | null } {
  const all = new Set([...pools.held.keys(), ...pools.booked.keys()]);
  if (all.size <= 1) return { channel: [...all][0] ?? null, pools: null };
  const json = (m: PoolPlaces) => Object.fromEntries([...m].filter(([, n]) => n > 0).map(([k, n]) => [k ?? NO_CHANNEL, n]));
  return { channel: null, pools: JSON.stringify({ held: json(pools.held), booked: json(pools.booked) }) };
}

/**
 * How a row stores its pools (`channel`, `pools`) once its held places are booked (`book`) or gone
 * (`drop-held`), or its booked places are gone (`drop-booked`): by the names stored.
 */
export function poolsAfter(
  row: Pick<GaRow, "channel" | "pools" | "held" | "booked">,
  change: "book" | "drop-held" | "drop-booked",
): { channel: string | null; pools: string | null } {
  if (row.pools === null) return { channel: row.channel, pools: null };
  const pools = tokenPools(null, row);
  if (change === "book") for (const [k, n] of pools.held) add(pools.booked, k, n);
  if (change === "drop-booked") pools.booked = new Map();
  else pools.held = new Map();
  return storedPools(pools);
}

/**
 * Held (live) and booked places per pool of a GA area, over every token but one. Rows in one pool
 * are summed by SQL; the few spread over several are read one by one.
 */
export function poolCounts(sql: SqlStorage, defs: readonly ChannelDef[], area: string, now: number, exceptToken: string | null): TokenPools {
  const out: TokenPools = { held: new Map(), booked: new Map() };
  for (const r of rows<{ channel: string | null; held: number | null; booked: number | null }>(
    sql,
    "SELECT channel, SUM(CASE WHEN expires_at > ? THEN held ELSE 0 END) AS held, SUM(booked) AS booked FROM ga WHERE area = ? AND token <> ? AND pools IS NULL GROUP BY channel",
    now,
    area,
    exceptToken ?? "",
  )) {
    const pool = poolOf(defs, r.channel);
    add(out.held, pool, r.held ?? 0);
    add(out.booked, pool, r.booked ?? 0);
  }
  for (const r of rows<Pick<GaRow, "channel" | "pools" | "held" | "booked" | "expires_at">>(
    sql,
    "SELECT channel, pools, held, booked, expires_at FROM ga WHERE area = ? AND token <> ? AND pools IS NOT NULL",
    area,
    exceptToken ?? "",
  )) {
    const spread = tokenPools(defs, r);
    if (r.expires_at !== null && r.expires_at > now) for (const [k, n] of spread.held) add(out.held, k, n);
    for (const [k, n] of spread.booked) add(out.booked, k, n);
  }
  return out;
}

/**
 * Free places of each pool of a GA area now (what a hold naming that pool can take, see
 * docs/channels.md), keyed by channel key and `NO_CHANNEL` for the open pool; undefined when no
 * channel sets places aside in the area, where every place is in the open pool and `remaining`
 * says it all.
 */
export function remainingByPool(
  sql: SqlStorage,
  defs: readonly ChannelDef[],
  area: string,
  capacity: number,
  nfs: number,
  now: number,
): Record<string, number> | undefined {
  if (!defs.some((d) => (d.areaPlaces?.[area] ?? 0) > 0)) return undefined;
  const used = poolUsage(sql, defs, area, now, null);
  const out: Record<string, number> = {};
  for (const [pool, places] of poolPlaces(defs, area, capacity, nfs)) out[pool ?? NO_CHANNEL] = Math.max(0, places - (used.get(pool) ?? 0));
  return out;
}

/** Held (live) plus booked places per pool of a GA area, over every token but one. */
export function poolUsage(sql: SqlStorage, defs: readonly ChannelDef[], area: string, now: number, exceptToken: string | null): PoolPlaces {
  const counts = poolCounts(sql, defs, area, now, exceptToken);
  const out = new Map(counts.booked);
  for (const [k, n] of counts.held) add(out, k, n);
  return out;
}
