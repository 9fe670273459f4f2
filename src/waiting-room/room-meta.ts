/**
 * The pacer and each queue shard keep their configuration and their counters as two JSON rows of
 * one `meta` table, read back whole when the object wakes.
 */

/** The table both objects create. */
export const META_TABLE = "CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL)";

/** The stored configuration and counters, each null when never written. */
export function readMeta<Config>(sql: SqlStorage): { config: Config | null; state: object | null } {
  let config: Config | null = null;
  let state: object | null = null;
  for (const row of sql.exec<{ k: string; v: string }>("SELECT k, v FROM meta")) {
    if (row.k === "config") config = JSON.parse(row.v) as Config;
    if (row.k === "state") state = JSON.parse(row.v) as object;
  }
  return { config, state };
}

/** Replaces one of the two rows. */
export function writeMeta(sql: SqlStorage, k: "config" | "state", value: unknown): void {
  sql.exec("INSERT OR REPLACE INTO meta (k, v) VALUES (?, ?)", k, JSON.stringify(value));
}
