/**
 * Which labels changed since a given version of an event's status: the memory that lets the live
 * socket skip its snapshot. A client that has just read the status (and with it the version, the
 * `Status-Version` header) opens the socket with `since=<version>`; the object then sends only the
 * changes committed after that read (usually none) instead of every non-free object again (3.4 MB
 * at 100,000 seats, 30% sold).
 *
 * A version is `<epoch>.<seq>`: `seq` counts committed decisions, `epoch` names this instance's
 * history and changes whenever the history cannot be replayed (a wake, a reset, a publish). The log
 * keeps the most recent changes up to a bound; anything older or from another epoch answers null,
 * and the caller falls back to a snapshot.
 */

/** Changed labels kept at most; beyond that a snapshot is cheaper than the replay anyway. */
export const MAX_LOGGED_LABELS = 5_000;

export class ChangeLog {
  private epoch = crypto.randomUUID().slice(0, 8);
  private seq = 0;
  /** Oldest first: the seq each entry produced and the labels it changed. */
  private entries: { seq: number; labels: string[] }[] = [];
  private logged = 0;
  /** Versions before this one are no longer replayable. */
  private floor = 0;

  /** The version a read made now reflects. */
  version(): string {
    return `${this.epoch}.${this.seq}`;
  }

  /** Records one committed decision's changed labels. */
  record(labels: Iterable<string>): void {
    const list = [...labels];
    if (list.length === 0) return;
    this.seq++;
    this.entries.push({ seq: this.seq, labels: list });
    this.logged += list.length;
    while (this.logged > MAX_LOGGED_LABELS && this.entries.length > 0) {
      const old = this.entries.shift()!;
      this.logged -= old.labels.length;
      this.floor = old.seq;
    }
  }

  /** Forgets the history: for writers that change state outside recorded decisions. */
  reset(): void {
    this.epoch = crypto.randomUUID().slice(0, 8);
    this.seq = 0;
    this.entries = [];
    this.logged = 0;
    this.floor = 0;
  }

  /**
   * The labels changed after `version` (each once, in change order), or null when that version is
   * unknown here or too old to replay.
   */
  since(version: string): string[] | null {
    const m = /^([^.]+)\.(\d+)$/.exec(version);
    if (!m || m[1] !== this.epoch) return null;
    const seq = Number(m[2]);
    if (seq > this.seq || seq < this.floor) return null;
    const out = new Set<string>();
    for (const e of this.entries) if (e.seq > seq) for (const l of e.labels) out.add(l);
    return [...out];
  }
}
