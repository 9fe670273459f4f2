import type { SeasonTag } from "../../domain/seasons";
import { areaStatus, gaRow, recordGaChange } from "../state/ga-counts";
import { first, GA_COLUMNS, rows, type GaRow } from "../state/store";
import type { Tx } from "../state/transaction";
import { placesPrice, type PriceLine } from "../../domain/price-quote";
import type { Price } from "../../domain/pricing";
import { bookedPrice, heldPrice, parsePlaces } from "../state/prices";

/**
 * A season's general admission in one event (docs/seasons.md): a season GA hold takes its quantity in
 * every event as an ordinary `ga` row of the token, tagged with the season, so single-event holds
 * count those places like any other. What a prepare changed in a token's row is kept as the row
 * before and after, so an abort puts back exactly what was there, and only while the row is still
 * as the prepare left it.
 */

/** A token's row of an area before and after a prepare (null: no row). */
export interface AreaUndo {
  area: string;
  token: string;
  before: GaRow | null;
  after: Pick<GaRow, "held" | "booked" | "expires_at"> | null;
}

/** The token's row of each area, as it is now: what a prepare records before it acts. */
export function areasBefore(tx: Tx, areas: readonly string[], token: string): Map<string, GaRow | null> {
  return new Map(areas.map((a) => [a, gaRow(tx.sql, a, token)]));
}

/**
 * What the prepare changed in each area's row (rows it left as they were are skipped), with the
 * changed rows tagged with the season.
 */
export function areasChanged(tx: Tx, before: Map<string, GaRow | null>, token: string, season: SeasonTag): AreaUndo[] {
  const out: AreaUndo[] = [];
  for (const [area, was] of before) {
    const now = gaRow(tx.sql, area, token);
    if (same(was, now)) continue;
    if (now)
      tx.sql.exec(
        "UPDATE ga SET season_key = ?, partial_season_key = ? WHERE area = ? AND token = ?",
        season.seasonKey,
        season.partialSeasonKey ?? null,
        area,
        token,
      );
    out.push({ area, token, before: was, after: now && { held: now.held, booked: now.booked, expires_at: now.expires_at } });
  }
  return out;
}

function same(a: Pick<GaRow, "held" | "booked" | "expires_at"> | null, b: Pick<GaRow, "held" | "booked" | "expires_at"> | null): boolean {
  if (a === null || b === null) return a === b;
  return a.held === b.held && a.booked === b.booked && a.expires_at === b.expires_at;
}

/**
 * Takes back a prepare in each area where the token's row is still as the prepare left it: the
 * row as it was before, recorded as a release (a hold taken back), a hold (a booking taken back)
 * or an extend.
 */
export function undoAreas(tx: Tx, undo: readonly AreaUndo[], cause: "release" | "hold" | "extend"): void {
  for (const u of undo) {
    const now = gaRow(tx.sql, u.area, u.token);
    if (!same(now, u.after)) continue;
    const previous = areaStatus(tx, u.area);
    const b = u.before;
    if (b === null || b.held + b.booked === 0) tx.sql.exec("DELETE FROM ga WHERE area = ? AND token = ?", u.area, u.token);
    else
      tx.sql.exec(
        "UPDATE ga SET held = ?, booked = ?, expires_at = ?, booked_at = ?, extra_id = ?, extra = NULL, order_id = ?, channel = ?, pools = ?, client = ?, season_key = ?, partial_season_key = ?, updated_at = ?, held_price = ?, booked_price = ? WHERE area = ? AND token = ?",
        b.held,
        b.booked,
        b.expires_at,
        b.booked_at,
        tx.extraId(b.extra),
        b.order_id,
        b.channel,
        b.pools,
        b.client,
        b.season_key,
        b.partial_season_key,
        tx.now,
        // Rows kept by prepares recorded before prices have no price columns.
        b.held_price ?? null,
        b.booked_price ?? null,
        u.area,
        u.token,
      );
    const [held, booked] = [now?.held ?? 0, now?.booked ?? 0];
    const quantity = cause === "hold" ? booked - (b?.booked ?? 0) : cause === "release" ? Math.abs(held - (b?.held ?? 0)) || held : held;
    const event =
      cause === "release"
        ? { type: "seat.released" as const }
        : cause === "hold"
          ? { type: "seat.held" as const, holdExpiresAt: b?.expires_at ?? null }
          : undefined;
    // The record carries the price of the places it is about (docs/prices.md): those held again, or
    // those freed; a booking taken back takes its amount off the revenue.
    const price = cause === "release" ? freedPrice(now, b) : b ? heldPrice(b) : undefined;
    const revenue = cause === "hold" ? bookedAmount(b) - bookedAmount(now) : 0;
    recordGaChange(
      tx,
      u.area,
      previous,
      { cause, quantity, token: u.token, extra: now?.extra ?? null, ...(price ? { price } : {}), ...(revenue !== 0 ? { revenue } : {}) },
      event,
    );
  }
}

/** The locked amount of a row's booked places (0 without a price; rows kept before prices have none). */
function bookedAmount(row: GaRow | null): number {
  const p = row?.booked_price ? bookedPrice({ booked_price: row.booked_price }) : undefined;
  return p?.amount ?? 0;
}

/** The price of the held places an undone hold frees: the lines held now less those held before. */
function freedPrice(now: GaRow | null, before: GaRow | null): Price | undefined {
  const held = parsePlaces(now?.held_price ?? null);
  if (!held) return undefined;
  const left: PriceLine[] = (parsePlaces(before?.held_price ?? null)?.lines ?? []).map((l) => ({ ...l }));
  const lines: PriceLine[] = [];
  for (const l of held.lines) {
    const same = left.find((o) => o.ticketType === l.ticketType && o.channel === l.channel && o.amount === l.amount && o.fee === l.fee);
    const kept = Math.min(same?.quantity ?? 0, l.quantity);
    if (same) same.quantity -= kept;
    if (l.quantity > kept) lines.push({ ...l, quantity: l.quantity - kept });
  }
  return lines.length > 0 ? placesPrice({ currency: held.currency, lines }) : undefined;
}

/** The tokens holding or having booked places of an area for a season (a secret key's release by label frees only those). */
export function seasonTokensOf(sql: SqlStorage, area: string, seasonKey: string): string[] {
  return rows<{ token: string }>(sql, "SELECT token FROM ga WHERE area = ? AND season_key = ?", area, seasonKey).map((r) => r.token);
}

/** Whether a season holds or has booked places in this event. */
export function areasInUse(sql: SqlStorage, seasonKey: string, now: number): boolean {
  return first(sql, "SELECT 1 AS one FROM ga WHERE season_key = ? AND (booked > 0 OR (held > 0 AND expires_at > ?)) LIMIT 1", seasonKey, now) !== null;
}

/** The token's rows with live held places (what an extend moves). */
export function liveAreaRows(sql: SqlStorage, token: string, now: number): GaRow[] {
  return rows<GaRow>(sql, `SELECT ${GA_COLUMNS} FROM ga WHERE token = ? AND held > 0 AND expires_at > ?`, token, now);
}
