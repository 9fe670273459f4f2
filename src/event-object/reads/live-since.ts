import { latestHistorySeq, rows } from "../state/store";

/**
 * What lets a live socket skip its snapshot: a client that has just read the status (and with it
 * its version, the `Status-Version` header) opens the socket with `since=<version>`, and the object
 * sends only what changed after that read (usually nothing) instead of every non-free object again
 * (3.4 MB at 100,000 seats, 30% sold). The version is the layout the read was made on and the
 * latest status-history seq it includes, so the history itself answers "what changed since" —
 * across restarts too — and a read made on another layout always gets a snapshot.
 */

/** Changed labels replayed at most; beyond that a snapshot is cheaper anyway. */
export const MAX_REPLAYED_LABELS = 5_000;

/** The version of a status read: `<layout version or n>.<seq>`. */
export function statusVersion(layoutVersion: number | null, seq: number): string {
  return `${layoutVersion ?? "n"}.${seq}`;
}

/**
 * The labels whose status changed after the read of version `since`, or null when the history
 * cannot answer (another layout, a version this event never gave, too many changes): then the
 * socket gets a snapshot.
 */
export function changedSince(sql: SqlStorage, layoutVersion: number | null, since: string): string[] | null {
  const m = /^(n|\d{1,10})\.(\d{1,15})$/.exec(since);
  if (!m || m[1] !== String(layoutVersion ?? "n")) return null;
  const seq = Number(m[2]);
  if (seq > latestHistorySeq(sql)) return null;
  const labels = rows<{ label: string }>(sql, "SELECT DISTINCT label FROM history WHERE seq > ? LIMIT ?", seq, MAX_REPLAYED_LABELS + 1).map((r) => r.label);
  return labels.length > MAX_REPLAYED_LABELS ? null : labels;
}
