import type { LiveMessage, StatusEntry } from "../../domain/status";
import { changedSince } from "../reads/live-since";
import type { EventView } from "../reads/event-reads";
import type { StatusCache } from "../reads/status-cache";
import { statusEntries } from "../reads/status-reads";
import { freeTableEntry } from "../reads/table-status";
import type { Clock } from "../state/clock";
import { latestHistorySeq } from "../state/store";
import { acceptLive, broadcast, clientSockets, clientTag } from "./live-broadcast";
import { LIVE_CLIENT_HEADER, LIVE_SOCKETS_PER_CLIENT } from "../../domain/client-address";
import { channelsOf } from "../state/channels";
import { remainingByPool } from "../state/ga-pools";

/**
 * Shortest time between two live `changes` messages. Every message goes to every open socket, so
 * during a rush one message per interval, naming every seat changed in it, costs the object a few
 * sends per hold rather than one per viewer per hold (with 200 viewers a hold cost 6-8 times the
 * CPU of one without). A quiet event's change is still sent the moment it commits.
 */
export const LIVE_INTERVAL_MS = 100;

/**
 * The event's live status over WebSockets (GET /events/{key}/live, Hibernation API): a snapshot
 * or the changes since the client's version when a socket opens, then one `changes` message per
 * interval naming every label changed in it. The interval is measured on the object's clock, the
 * one its decisions read (a test build's clock can be moved), and waited out with a timer.
 */
export class LiveFeed {
  /** Labels changed since the last `changes` message. */
  private readonly pending = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sentAt = 0;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly event: EventView,
    private readonly statusCache: StatusCache,
    private readonly clock: Clock,
  ) {}

  private get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  /**
   * A WebSocket upgrade: changes still waiting for the interval go to the sockets already open, so
   * the new socket's first message (its snapshot, or what changed since its read) covers
   * everything before it. The router checks the upgrade first and turns a bare 404 or 400 from
   * here into the error envelope.
   */
  accept(request: Request): Response {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response(null, { status: 400 });
    const meta = this.event.meta;
    if (!meta) return new Response(null, { status: 404 });
    // The Worker names the publishable-key client opening the socket: at most its share of them.
    const client = request.headers.get(LIVE_CLIENT_HEADER);
    if (client !== null && clientSockets(this.ctx, client) >= LIVE_SOCKETS_PER_CLIENT) return new Response(null, { status: 429 });
    const tags = client === null ? [] : [clientTag(client)];
    this.flush();
    // A client that read the status at version `since` gets what changed after it, not a snapshot.
    const since = new URL(request.url).searchParams.get("since");
    const changed = since ? changedSince(this.sql, meta.layoutVersion, since) : null;
    if (changed === null) return acceptLive(this.ctx, this.snapshotText(), tags);
    return acceptLive(this.ctx, changed.length > 0 ? JSON.stringify(this.changesMessage(changed)) : null, tags);
  }

  /** Every socket is told the whole status again (the layout changed, the event was reset). */
  resend(): void {
    broadcast(this.ctx, this.snapshotText());
  }

  /** Labels a commit changed: sent at once after a quiet spell, else with the interval's other changes. */
  changed(labels: Iterable<string>): void {
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
    if (labels.length === 0 || this.ctx.getWebSockets().length === 0 || !this.event.meta) return;
    broadcast(this.ctx, this.changesMessage(labels));
  }

  /** The live snapshot message, from the same kept view as the public status read. */
  snapshotText(): string {
    const meta = this.event.meta;
    if (!meta) return JSON.stringify({ type: "snapshot", seq: 0, objects: [] } satisfies LiveMessage);
    return this.statusCache.snapshotText(this.sql, this.event.layout(), meta.layoutVersion !== null, this.clock.now());
  }

  /** The live `changes` message of `labels`: their public entries now, a freed object as an explicit "free" entry. */
  private changesMessage(labels: string[]): LiveMessage {
    const meta = this.event.meta;
    if (!meta) return { type: "changes", seq: 0, objects: [] };
    const layout = this.event.layout();
    const entries = statusEntries(this.sql, layout, meta.layoutVersion !== null, this.clock.now(), { caller: "public", labels });
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
        entries.push(freed);
      } else if (obj?.objectType === "table") entries.push(freeTableEntry(layout, label));
      else
        entries.push({ objectLabel: label, objectType: obj?.objectType === "booth" ? "booth" : "seat", status: "free", categoryKey: obj?.categoryKey ?? null });
    }
    return { type: "changes", seq: latestHistorySeq(this.sql), objects: entries };
  }
}
