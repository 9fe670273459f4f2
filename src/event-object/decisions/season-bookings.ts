import { areaStatus, gaRow, recordGaChange } from "../state/ga-counts";
import { isSeatLike } from "../../domain/layout";
import { extraOf, rows, seatRow } from "../state/store";
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
}

export function seasonBookedAreas(sql: SqlStorage, seasonKey: string): SeasonBookedArea[] {
  return rows(
    sql,
    `SELECT area, token, booked, ${extraOf("ga")} AS extra, order_id FROM ga WHERE season_key = ? AND partial_season_key IS NULL AND booked > 0`,
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
      "INSERT INTO ga (area, token, held, booked, expires_at, booked_at, extra_id, updated_at, order_id, season_key) VALUES (?, ?, 0, ?, NULL, ?, ?, ?, ?, ?)",
      a.area,
      a.token,
      a.booked,
      bookedAt,
      tx.extraId(a.extra),
      tx.now,
      a.order_id,
      seasonKey,
    );
    recordGaChange(tx, a.area, previous, { cause: "book", quantity: a.booked, token: a.token, orderId: a.order_id, extra: a.extra }, { type: "seat.booked" });
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

/** What is booked here for the whole season: seats, and GA places per token. */
export interface SeasonBookings {
  seats: SeasonBookedSeat[];
  areas: SeasonBookedArea[];
}

export function seasonBookings(sql: SqlStorage, seasonKey: string): SeasonBookings {
  return {
    seats: rows(
      sql,
      `SELECT label, token, ${extraOf("seats")} AS extra, order_id, whole_table FROM seats WHERE season_key = ? AND partial_season_key IS NULL AND status = 'booked'`,
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
  const tables = new Map<string, SeasonBookedSeat[]>();
  for (const s of booked.seats) {
    const obj = tx.object(s.label);
    if (!obj || !isSeatLike(obj) || seatRow(tx.sql, s.label)) continue;
    const table = s.whole_table != null && obj.tableLabel === s.whole_table ? s.whole_table : null;
    tx.sql.exec(
      "INSERT INTO seats (label, status, token, expires_at, booked_at, extra_id, order_id, season_key, whole_table) VALUES (?, 'booked', ?, NULL, ?, ?, ?, ?, ?)",
      s.label,
      s.token,
      bookedAt,
      tx.extraId(s.extra),
      s.order_id,
      seasonKey,
      table,
    );
    if (table !== null) {
      tx.followSeat(s.label, "booked", "free");
      tables.set(table, [...(tables.get(table) ?? []), s]);
      continue;
    }
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
      },
      { type: "seat.booked" },
    );
    n++;
  }
  for (const [table, seats] of tables) {
    const s = seats[0]!;
    const seatLabels = seats.map((x) => x.label);
    tx.change(
      { label: table, objectType: "table", status: "booked", previous: "free", cause: "book", token: s.token, orderId: s.order_id, extra: s.extra, seatLabels },
      { type: "seat.booked" },
    );
    n++;
  }
  return n + bookAreasForSeason(tx, seasonKey, booked.areas ?? [], free);
}
