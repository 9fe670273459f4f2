import { areaStatus, gaRow, recordGaChange } from "../state/ga-counts";
import { isSeatLike } from "../../domain/layout";
import { bookedPrice, seatLock, seatPrice, seatsPrice, type SeatLock } from "../state/prices";
import { extraOf, rows, seatRow, type SeatRow } from "../state/store";
import { iso, type Tx } from "../state/transaction";

/**
 * What is booked in an event for a whole season (docs/seasons.md: not for a partial season), and the
 * booking of it in an event added to the season later: each new event starts with the season's
 * seats and GA places booked for the season.
 */

/** A token's places booked in an area for a whole season: what a newly added event starts with. */
export interface SeasonBookedArea {
  area: string;
  token: string;
  booked: number;
  extra: string | null;
  order_id: string | null;
  /** docs/prices.md: the season's locked price of these places (absent in answers of objects from before prices). */
  booked_price?: string | null;
}

export function seasonBookedAreas(sql: SqlStorage, seasonKey: string): SeasonBookedArea[] {
  return rows(
    sql,
    `SELECT area, token, booked, ${extraOf("ga")} AS extra, order_id, booked_price FROM ga WHERE season_key = ? AND partial_season_key IS NULL AND booked > 0`,
    seasonKey,
  );
}

/** Books the season's places in a new member event; an area the layout lacks, or without room for them, is skipped. */
export function bookAreasForSeason(tx: Tx, seasonKey: string, areas: readonly SeasonBookedArea[], free: (area: string) => number): number {
  let n = 0;
  const bookedAt = new Date(tx.now).toISOString();
  for (const a of areas) {
    if (tx.object(a.area)?.objectType !== "generalAdmission" || gaRow(tx.sql, a.area, a.token) || free(a.area) < a.booked) continue;
    const previous = areaStatus(tx, a.area);
    tx.sql.exec(
      "INSERT INTO ga (area, token, held, booked, expires_at, booked_at, extra_id, updated_at, order_id, season_key, booked_price) VALUES (?, ?, 0, ?, NULL, ?, ?, ?, ?, ?, ?)",
      a.area,
      a.token,
      a.booked,
      bookedAt,
      tx.extraId(a.extra),
      tx.now,
      a.order_id,
      seasonKey,
      a.booked_price ?? null,
    );
    const price = bookedPrice({ booked_price: a.booked_price ?? null });
    recordGaChange(
      tx,
      a.area,
      previous,
      { cause: "book", quantity: a.booked, token: a.token, orderId: a.order_id, extra: a.extra, price, revenue: price?.amount },
      { type: "seat.booked" },
    );
    n++;
  }
  return n;
}

/** A seat booked for the whole season (no partial season): what a newly added event starts with. */
export interface SeasonBookedSeat {
  label: string;
  token: string | null;
  extra: string | null;
  order_id: string | null;
  /** docs/tables.md: the table the seat was booked with whole (absent in answers of objects that predate tables). */
  whole_table?: string | null;
}

/** A season-booked seat with its locked price (docs/prices.md), as a new member event books it. */
type PricedSeasonSeat = SeasonBookedSeat & Partial<Pick<SeatRow, "price_amount" | "price_fee" | "price_currency" | "ticket_type" | "price_channel">>;

/** What is booked here for the whole season: seats, and GA places per token. */
export interface SeasonBookings {
  seats: PricedSeasonSeat[];
  areas: SeasonBookedArea[];
}

export function seasonBookings(sql: SqlStorage, seasonKey: string): SeasonBookings {
  return {
    seats: rows(
      sql,
      `SELECT label, token, ${extraOf("seats")} AS extra, order_id, whole_table, price_amount, price_fee, price_currency, ticket_type, price_channel FROM seats WHERE season_key = ? AND partial_season_key IS NULL AND status = 'booked'`,
      seasonKey,
    ),
    areas: seasonBookedAreas(sql, seasonKey),
  };
}

/**
 * Books the season's seats and places in a new member event (docs/seasons.md), under a policy that
 * carries the season; a seat the layout lacks or that is taken, or an area without room, is skipped.
 */
export function bookForSeason(tx: Tx, booked: SeasonBookings, free: (area: string) => number): number {
  const seasonKey = tx.season?.seasonKey;
  if (seasonKey === undefined) throw new Error("booking for a season must run under its season's policy");
  let n = 0;
  const bookedAt = iso(tx.now);
  // Seats booked with their table whole: one record per table once its seats are in (docs/tables.md).
  const tables = new Map<string, { first: SeasonBookedSeat; seats: string[]; locks: (SeatLock | undefined)[] }>();
  for (const s of booked.seats) {
    const obj = tx.object(s.label);
    if (!obj || !isSeatLike(obj) || seatRow(tx.sql, s.label)) continue;
    const table = s.whole_table != null && obj.tableLabel === s.whole_table ? s.whole_table : null;
    const lock = {
      price_amount: s.price_amount ?? null,
      price_fee: s.price_fee ?? null,
      price_currency: s.price_currency ?? null,
      ticket_type: s.ticket_type ?? null,
      price_channel: s.price_channel ?? null,
    };
    tx.sql.exec(
      "INSERT INTO seats (label, status, token, expires_at, booked_at, extra_id, order_id, season_key, whole_table, price_amount, price_fee, price_currency, ticket_type, price_channel) VALUES (?, 'booked', ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      s.label,
      s.token,
      bookedAt,
      tx.extraId(s.extra),
      s.order_id,
      seasonKey,
      table,
      lock.price_amount,
      lock.price_fee,
      lock.price_currency,
      lock.ticket_type,
      lock.price_channel,
    );
    if (table !== null) {
      tx.followSeat(s.label, "booked", "free");
      const entry = tables.get(table) ?? { first: s, seats: [], locks: [] };
      entry.seats.push(s.label);
      entry.locks.push(seatLock(lock));
      tables.set(table, entry);
      continue;
    }
    const price = seatPrice(seatLock(lock));
    tx.change(
      {
        label: s.label,
        objectType: obj.objectType === "booth" ? "booth" : "seat",
        status: "booked",
        previous: "free",
        cause: "book",
        token: s.token,
        orderId: s.order_id,
        extra: s.extra,
        price,
        revenue: price?.amount,
      },
      { type: "seat.booked" },
    );
    n++;
  }
  for (const [table, { first: s, seats: seatLabels, locks }] of tables) {
    const price = seatsPrice(locks);
    tx.change(
      {
        label: table,
        objectType: "table",
        status: "booked",
        previous: "free",
        cause: "book",
        token: s.token,
        orderId: s.order_id,
        extra: s.extra,
        seatLabels,
        price,
        revenue: price?.amount,
      },
      { type: "seat.booked" },
    );
    n++;
  }
  return n + bookAreasForSeason(tx, seasonKey, booked.areas ?? [], free);
}
