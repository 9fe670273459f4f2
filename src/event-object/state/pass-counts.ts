import { first, rows } from "./store";

/**
 * What a channel pass holds (docs/security.md): a pass's `maxSeats` caps the seats plus GA places held
 * or booked under it at once. Nothing is stored per pass: a seat row or a token's GA row taken
 * from a protected channel under a pass carries the pass's id in `pass`, and the count is read
 * from those rows when a hold under the pass is decided.
 */

/** Adds the `pass` columns and their indexes (idempotent; on every wake). */
export function ensurePassSchema(sql: SqlStorage): void {
  for (const table of ["seats", "ga"]) {
    const have = new Set(rows<{ name: string }>(sql, `PRAGMA table_info(${table})`).map((r) => r.name));
    if (!have.has("pass")) sql.exec(`ALTER TABLE ${table} ADD COLUMN pass TEXT`);
    sql.exec(`CREATE INDEX IF NOT EXISTS ${table}_pass ON ${table} (pass) WHERE pass IS NOT NULL`);
  }
}

/**
 * Seats plus places held (live) or booked under a pass at `now`, leaving out one token's row of
 * one area (a GA hold that resizes it counts its new quantity instead).
 */
export function passTaken(sql: SqlStorage, passId: string, now: number, except?: { area: string; token: string }): number {
  const seats = first<{ n: number }>(sql, "SELECT COUNT(*) AS n FROM seats WHERE pass = ? AND (status = 'booked' OR expires_at > ?)", passId, now)?.n ?? 0;
  const places =
    first<{ n: number | null }>(
      sql,
      "SELECT SUM(booked + CASE WHEN expires_at > ? THEN held ELSE 0 END) AS n FROM ga WHERE pass = ? AND NOT (area = ? AND token = ?)",
      now,
      passId,
      except?.area ?? "",
      except?.token ?? "",
    )?.n ?? 0;
  return seats + places;
}
