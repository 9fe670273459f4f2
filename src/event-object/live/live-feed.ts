import {
  eventObjectName,
  hubName,
  relayName,
  type FeedCheck,
  type LiveHubLink,
  type LiveRelayLink,
  type RecentChanges,
  type RelayAttachment,
  type RelayMessage,
} from "../../domain/live-relays";
import { ok, type Outcome } from "../../domain/outcome";
import type { LiveMessage, StatusEntry } from "../../domain/status";
import type { EventView } from "../reads/event-reads";
import { changedSince } from "../reads/live-since";
import type { StatusCache } from "../reads/status-cache";
import { statusEntries } from "../reads/status-reads";
import { maskedArea, sharedMask, type ChannelMask } from "../reads/channel-mask";
import { channelsOf } from "../state/channels";
import type { Clock } from "../state/clock";
import { remainingByPool } from "../state/ga-pools";
import { latestHistorySeq } from "../state/store";
import { NOT_FOUND } from "../state/transaction";
import type { DirectViewers } from "./direct-viewers";
import { HubNotice } from "./hub-notice";
import { RelayFanout } from "./relay-fanout";

/**
 * Shortest time between two `changes` messages. During a rush one message per interval, naming
 * every seat changed in it, costs the object one send per relay it feeds rather than one per hold;
 * a quiet event's change is still sent the moment it commits.
 */
export const LIVE_INTERVAL_MS = 100;

/**
 * History records behind a relay's first view: a viewer that read the status (or was on another
 * relay) up to this many changes ago and connects to a new relay still gets only what it missed.
 */
export const RECENT_RECORDS = 2_000;

/** How the feed reaches a relay and the hub, by name (the bindings of the object's env). */
export interface LiveLinks {
  relay(name: string): LiveRelayLink;
  hub(name: string): LiveHubLink;
}

/**
 * The event's live feed (docs/live-crowd.md). Viewers' sockets are held by relays
 * (src/live-relays/), never by this object: it feeds the first relays (RelayFanout), one `changes`
 * message per interval each, naming every label changed in it as it is when sent, or a `snapshot`
 * when the whole view changed (a new layout, a reset). A relay attaches with a snapshot, fills a gap
 * with {@link since}, and checks in now and then ({@link check}). The hub's copy of the public
 * reads is told of every change (HubNotice). The interval is measured on the object's clock and
 * waited out with a timer.
 */
export class LiveFeed {
  /** Labels changed since the last `changes` message. */
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sentAt = 0;
  readonly relays: RelayFanout;
  readonly hub: HubNotice;

  constructor(
    private readonly sql: SqlStorage,
    private readonly event: EventView,
    private readonly statusCache: StatusCache,
    private readonly clock: Clock,
    links: LiveLinks,
    readonly direct: DirectViewers,
  ) {
    const name = () => {
      const meta = event.meta;
      return meta ? eventObjectName(meta.workspaceId, meta.environment, meta.eventKey) : null;
    };
    this.relays = new RelayFanout(sql, (index) => {
      const n = name();
      return n === null ? null : links.relay(relayName(n, index));
    });
    this.hub = new HubNotice(() => {
      const n = name();
      return n === null ? null : links.hub(hubName(n));
    });
  }

  /** On wake: the chain goes on from the latest change (a relay behind it fills the gap). */
  load(): void {
    this.relays.lastSeq = latestHistorySeq(this.sql);
  }

  /** A relay asks to be fed: it gets the whole view now and the recent changes behind it, then every message after it. */
  attach(index: number): Outcome<RelayAttachment> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    // Changes still waiting for the interval go to the relays already fed, so this snapshot and the
    // next message join up.
    this.flush();
    this.relays.add(index);
    const seq = latestHistorySeq(this.sql);
    return ok({ snapshot: { kind: "snapshot", prevSeq: seq, seq, layoutVersion: meta.layoutVersion, text: this.snapshotText() }, recent: this.recent(seq) });
  }

  /** The latest entry of each label changed in the last RECENT_RECORDS records (fewer when older ones were pruned). */
  private recent(seq: number): RecentChanges {
    const oldest = this.sql.exec<{ s: number | null }>("SELECT MIN(seq) AS s FROM history").one().s;
    const fromSeq = Math.max(seq - RECENT_RECORDS, oldest === null ? seq : oldest - 1);
    const last = new Map(
      [...this.sql.exec<{ label: string; s: number }>("SELECT label, MAX(seq) AS s FROM history WHERE seq > ? GROUP BY label", fromSeq)].map((r) => [
        r.label,
        r.s,
      ]),
    );
    if (last.size === 0) return { fromSeq, changes: [] };
    const entries = this.changesMessage([...last.keys()]).objects;
    return { fromSeq, changes: entries.map((e) => ({ seq: last.get(e.objectLabel) ?? seq, json: JSON.stringify(e) })) };
  }

  /** A relay with no viewers left stops being fed. */
  detach(index: number): { ok: true } {
    this.relays.remove(index);
    return { ok: true };
  }

  /** Relays fed by this object, and the messages it sent them per second over the last 10 s (wall clock). */
  stats(): { relays: number; eventMessagesPerSecond: number } {
    return { relays: this.relays.size, eventMessagesPerSecond: this.relays.sent.perSecond(Date.now()) };
  }

  /** A relay's check-in: is it still fed, and how far has the feed gone. */
  check(index: number): FeedCheck {
    return { attached: this.relays.has(index), seq: this.relays.lastSeq };
  }

  /**
   * A socket opened with a channel pass or a secret key (the crowd's sockets are on relays): its
   * first message is its own view's snapshot, or what changed after the `since` its read returned.
   * The router checks the upgrade first and turns a bare 404 or 429 from here into the envelope.
   */
  accept(request: Request): Response {
    const meta = this.event.meta;
    if (!meta) return new Response(null, { status: 404 });
    this.flush();
    const since = new URL(request.url).searchParams.get("since");
    const changed = since ? changedSince(this.sql, meta.layoutVersion, since) : null;
    return this.direct.accept(request, meta.eventId, (mask) =>
      changed === null ? this.snapshotText(mask) : changed.length > 0 ? JSON.stringify(this.changesMessage(changed, mask)) : null,
    );
  }

  /**
   * What a relay that has seen the feed up to `seq` missed: one `changes` message of every label
   * changed after it (from the status history), or a snapshot when the history cannot say.
   */
  since(seq: number): Outcome<RelayMessage> {
    const meta = this.event.meta;
    if (!meta) return NOT_FOUND;
    const latest = latestHistorySeq(this.sql);
    const labels = changedSince(this.sql, meta.layoutVersion, `${meta.layoutVersion ?? "n"}.${seq}`);
    if (labels === null) return ok({ kind: "snapshot", prevSeq: seq, seq: latest, layoutVersion: meta.layoutVersion, text: this.snapshotText() });
    const text = JSON.stringify(this.changesMessage(labels));
    return ok({ kind: "changes", prevSeq: seq, seq: latest, layoutVersion: meta.layoutVersion, text });
  }

  /** Every relay is sent the whole view again (the layout changed, the event was reset). */
  resend(): void {
    this.hub.changed();
    this.pending.clear();
    const meta = this.event.meta;
    if (meta) this.direct.send(meta.eventId, (mask) => this.snapshotText(mask));
    if (!meta || this.relays.size === 0) return;
    const seq = latestHistorySeq(this.sql);
    this.relays.send({ kind: "snapshot", seq, layoutVersion: meta.layoutVersion, text: this.snapshotText() });
  }

  /** The public view changed without a seat changing (channels, hold-back, the clock): the hub's copy is out of date. */
  stale(): void {
    this.hub.changed();
  }

  /** The event is deleted: relays close their viewers' sockets and forget it. */
  close(): void {
    if (this.relays.size > 0) this.relays.send({ kind: "closed", seq: 0, layoutVersion: null, text: "" });
    this.direct.close();
    this.pending.clear();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Forgets what memory holds (the storage was wiped). */
  clear(): void {
    this.relays.clear();
    this.relays.lastSeq = 0;
    this.hub.clear();
  }

  /** Labels a commit changed: sent at once after a quiet spell, else with the interval's other changes. */
  changed(labels: Iterable<string>): void {
    this.hub.changed();
    for (const label of labels) this.pending.add(label);
    if (this.timer !== null) return;
    const wait = this.sentAt + LIVE_INTERVAL_MS - this.clock.now();
    if (wait <= 0) this.send();
    else
      this.timer = setTimeout(() => {
        this.timer = null;
        this.send();
      }, wait);
  }

  /** Sends the waiting changes now rather than at the end of the interval. */
  private flush(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.send();
  }

  /** One `changes` message of every label changed since the last, read as they are now. */
  private send(): void {
    const labels = [...this.pending];
    this.pending.clear();
    this.sentAt = this.clock.now();
    const meta = this.event.meta;
    if (!meta) return;
    const seq = latestHistorySeq(this.sql);
    if (labels.length > 0) this.direct.send(meta.eventId, (mask) => JSON.stringify(this.changesMessage(labels, mask)));
    if (labels.length === 0 || this.relays.size === 0) {
      this.relays.lastSeq = seq;
      return;
    }
    // The relays carry the crowd's view: the public one, protected channels masked.
    const message = this.changesMessage(labels, sharedMask(this.sql));
    this.relays.send({ kind: "changes", seq: message.seq, layoutVersion: meta.layoutVersion, text: JSON.stringify(message) });
  }

  /** The live snapshot message, from the same kept view as the public status read (or a direct socket's own view of it). */
  snapshotText(mask: ChannelMask | null = sharedMask(this.sql)): string {
    const meta = this.event.meta;
    if (!meta) return JSON.stringify({ type: "snapshot", seq: 0, objects: [] } satisfies LiveMessage);
    const shared = sharedMask(this.sql);
    const view = mask === shared || sameMask(mask, shared) ? "shared" : mask;
    return this.statusCache.snapshotText(this.sql, this.event.layout(), meta.layoutVersion !== null, this.clock.now(), view);
  }

  /** The live `changes` message of `labels` as `mask` shows them: their entries now, a freed object as an explicit "free" entry. */
  private changesMessage(labels: string[], mask: ChannelMask | null = sharedMask(this.sql)): LiveMessage {
    const meta = this.event.meta;
    if (!meta) return { type: "changes", seq: 0, objects: [] };
    const layout = this.event.layout();
    const entries = statusEntries(this.sql, layout, meta.layoutVersion !== null, this.clock.now(), { caller: "public", labels }, mask);
    const seen = new Set(entries.map((e) => e.objectLabel));
    for (const label of labels) {
      if (seen.has(label)) continue;
      const obj = layout.object(label);
      if (obj?.objectType === "generalAdmission") {
        const capacity = obj.capacity ?? 0;
        const freed: StatusEntry = {
          objectLabel: label,
          objectType: "generalAdmission",
          status: "free",
          categoryKey: obj.categoryKey,
          capacity,
          held: 0,
          booked: 0,
          remaining: capacity,
        };
        const byPool = remainingByPool(this.sql, channelsOf(this.sql)?.defs() ?? [], label, capacity, 0, this.clock.now());
        if (byPool) freed.remainingByChannel = byPool;
        entries.push(maskedArea(mask, freed));
      } else entries.push({ objectLabel: label, objectType: "seat", status: "free", categoryKey: obj?.categoryKey ?? null });
    }
    return { type: "changes", seq: latestHistorySeq(this.sql), objects: entries };
  }
}

/** Whether two masks hide the same channels. */
function sameMask(a: ChannelMask | null, b: ChannelMask | null): boolean {
  if (a === null || b === null) return a === b;
  return a.hidden.size === b.hidden.size && [...a.hidden].every((k) => b.hidden.has(k));
}
