import type { RecentChanges, RelayMessage } from "../domain/live-relays";

/** A status entry of a live message, as far as a relay reads one. */
interface Entry {
  objectLabel: string;
  objectType: string;
  status: string;
  held?: number;
  booked?: number;
  notForSale?: number;
  holdExpiresAt?: string;
}

/** A non-free seat of the view: its entry as sent, and when its hold ends (null when not held). */
interface Seat {
  json: string;
  expiresAt: number | null;
}

/** Whether an entry is part of the public view: a seat that is not free, a GA area with places held, booked or off sale. */
function inView(e: Entry): boolean {
  if (e.objectType === "seat") return e.status !== "free";
  return (e.held ?? 0) > 0 || (e.booked ?? 0) > 0 || (e.notForSale ?? 0) > 0;
}

/**
 * A relay's copy of the event's public live view, kept in memory from the feed: the snapshot it was
 * attached with, patched by every `changes` message the way the event's object patches its own kept
 * view (an entry keeps its place; one that enters the view goes last; seats before GA areas), so a
 * viewer's snapshot is the bytes the status read would give. It also keeps the latest entry of every
 * label changed since the snapshot, with the `seq` that changed it, which is what lets a viewer
 * that comes back with `since` receive only what it missed.
 */
export class RelayView {
  private readonly seats = new Map<string, Seat>();
  private readonly ga = new Map<string, string>();
  /** Every label changed after `baseSeq`: its latest entry (a freed one too) and the seq of that change. */
  private readonly latest = new Map<string, { seq: number; json: string }>();
  private cached: { text: string; validUntil: number } | null = null;

  private constructor(
    /** The seq of the snapshot this view started from: a `since` older than it gets a snapshot. */
    readonly baseSeq: number,
    public seq: number,
    public layoutVersion: number | null,
  ) {}

  /** The view of a `snapshot` message, with the recent changes behind it when known. */
  static of(message: RelayMessage, recent?: RecentChanges): RelayView {
    const view = new RelayView(recent?.fromSeq ?? message.seq, message.seq, message.layoutVersion);
    for (const e of objectsOf(message.text)) view.put(e);
    for (const { seq, json } of recent?.changes ?? []) {
      const label = labelOf(json);
      if (label !== null) view.latest.set(label, { seq, json });
    }
    return view;
  }

  /** The changes this view knows of, for a relay it feeds. */
  recent(): RecentChanges {
    return { fromSeq: this.baseSeq, changes: [...this.latest.values()] };
  }

  /** Applies a `changes` message (its entries read as they were when it was sent). */
  apply(message: RelayMessage): void {
    for (const e of objectsOf(message.text)) {
      const json = this.put(e);
      this.latest.set(e.objectLabel, { seq: message.seq, json });
    }
    this.seq = Math.max(this.seq, message.seq);
    this.layoutVersion = message.layoutVersion;
    this.cached = null;
  }

  private put(e: Entry): string {
    const json = JSON.stringify(e);
    const label = e.objectLabel;
    const map = e.objectType === "seat" ? this.seats : this.ga;
    if (!inView(e)) {
      map.delete(label);
      return json;
    }
    if (e.objectType === "seat") {
      const expiresAt = e.status === "held" && e.holdExpiresAt ? Date.parse(e.holdExpiresAt) : null;
      this.seats.set(label, { json, expiresAt: Number.isNaN(expiresAt) ? null : expiresAt });
    } else this.ga.set(label, json);
    return json;
  }

  /** The `snapshot` message of the view now: holds that have run out are left out, as the status read leaves them. */
  snapshotText(now: number): string {
    if (this.cached !== null && now < this.cached.validUntil) return this.cached.text;
    const parts: string[] = [];
    let validUntil = Infinity;
    for (const seat of this.seats.values()) {
      if (seat.expiresAt !== null) {
        if (seat.expiresAt <= now) continue;
        validUntil = Math.min(validUntil, seat.expiresAt);
      }
      parts.push(seat.json);
    }
    for (const area of this.ga.values()) parts.push(area);
    const text = `{"type":"snapshot","seq":${this.seq},"objects":[${parts.join(",")}]}`;
    this.cached = { text, validUntil };
    return text;
  }

  /**
   * The first message for a viewer that has drawn the view at `since` (`<layout version or n>.<seq>`):
   * null when it has everything, one `changes` message of the labels changed after it, or the
   * snapshot when the view cannot tell (another layout, older than this view, not a version).
   */
  firstMessage(since: string | null, now: number): string | null {
    const m = since === null ? null : /^(n|\d{1,10})\.(\d{1,15})$/.exec(since);
    if (!m || m[1] !== String(this.layoutVersion ?? "n")) return this.snapshotText(now);
    const seq = Number(m[2]);
    if (seq < this.baseSeq) return this.snapshotText(now);
    if (seq >= this.seq) return null;
    const objects: string[] = [];
    for (const { seq: changedAt, json } of this.latest.values()) if (changedAt > seq) objects.push(json);
    return `{"type":"changes","seq":${this.seq},"objects":[${objects.join(",")}]}`;
  }
}

/** The label of an entry's JSON, or null when it is not one. */
function labelOf(json: string): string | null {
  try {
    const e: unknown = JSON.parse(json);
    return typeof e === "object" && e !== null && "objectLabel" in e && typeof e.objectLabel === "string" ? e.objectLabel : null;
  } catch {
    return null;
  }
}

/** The entries of a live message's text (none when it is not one). */
function objectsOf(text: string): Entry[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || !("objects" in parsed) || !Array.isArray(parsed.objects)) return [];
    return parsed.objects.filter((o): o is Entry => typeof o === "object" && o !== null && "objectLabel" in o && typeof o.objectLabel === "string");
  } catch {
    return [];
  }
}
