import type { LiveMessage, StatusEntry } from "../../domain/status";
import { changedSince } from "../reads/live-since";
import type { EventView } from "../reads/event-reads";
import type { StatusCache } from "../reads/status-cache";
import { statusEntries } from "../reads/status-reads";
import type { Clock } from "../state/clock";
import { latestHistorySeq } from "../state/store";
import { acceptLive, broadcast, clientSockets, clientTag, sendTo } from "./live-broadcast";
import { LIVE_ACCESS_HEADER, type ChannelAccess, type ChannelPass } from "../../domain/channel-passes";
import { maskedArea, maskFor, sharedMask, type ChannelMask } from "../reads/channel-mask";
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
    const access = socketAccess(request.headers.get(LIVE_ACCESS_HEADER));
    this.flush();
    const mask = maskFor(this.sql, access, meta.eventId);
    // A client that read the status at version `since` gets what changed after it, not a snapshot.
    const since = new URL(request.url).searchParams.get("since");
    const changed = since ? changedSince(this.sql, meta.layoutVersion, since) : null;
    const first = changed === null ? this.snapshotText(mask) : changed.length > 0 ? JSON.stringify(this.changesMessage(changed, mask)) : null;
    return acceptLive(this.ctx, first, tags, { access });
  }

  /** Every socket is told the whole status again (the layout changed, the event was reset). */
  resend(): void {
    this.toEachView((mask) => this.snapshotText(mask));
  }

  /**
   * Sends each socket the message of its view (contract §17): the shared public view, or, for a
   * socket opened with channel passes or a secret key, its own. Without protected channels every
   * socket has the one view, built once.
   */
  private toEachView(message: (mask: ChannelMask | null) => string): void {
    const meta = this.event.meta;
    const shared = sharedMask(this.sql);
    if (!meta || shared === null) {
      broadcast(this.ctx, message(shared));
      return;
    }
    const views = new Map<string, { mask: ChannelMask | null; sockets: WebSocket[] }>();
    for (const ws of this.ctx.getWebSockets()) {
      const access = accessOf(ws);
      const key =
        access === "all"
          ? "*"
          : access
              .map((p) => `${p.eventId}/${p.channelKey}`)
              .sort()
              .join(",");
      let view = views.get(key);
      if (!view) views.set(key, (view = { mask: key === "" ? shared : maskFor(this.sql, access, meta.eventId), sockets: [] }));
      view.sockets.push(ws);
    }
    for (const { mask, sockets } of views.values()) sendTo(sockets, message(mask));
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
    this.toEachView((mask) => JSON.stringify(this.changesMessage(labels, mask)));
  }

  /** The live snapshot message, from the same kept view as the public status read (or a socket's own view of it). */
  snapshotText(mask: ChannelMask | null = sharedMask(this.sql)): string {
    const meta = this.event.meta;
    if (!meta) return JSON.stringify({ type: "snapshot", seq: 0, objects: [] } satisfies LiveMessage);
    const shared = sharedMask(this.sql);
    const view = mask === shared || sameMask(mask, shared) ? "shared" : mask;
    return this.statusCache.snapshotText(this.sql, this.event.layout(), meta.layoutVersion !== null, this.clock.now(), view);
  }

  /** The live `changes` message of `labels` as `mask` shows them: their entries now, a freed object as an explicit "free" entry. */
  private changesMessage(labels: string[], mask: ChannelMask | null): LiveMessage {
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

/** A socket's channel access as the Worker named it (contract §17); none (the shared view) when absent or unreadable. */
function socketAccess(header: string | null): ChannelAccess {
  if (header === null) return [];
  if (header === "all") return "all";
  try {
    const parsed: unknown = JSON.parse(header);
    return Array.isArray(parsed) ? parsed.filter(isPass) : [];
  } catch {
    return [];
  }
}

function isPass(v: unknown): v is ChannelPass {
  if (typeof v !== "object" || v === null) return false;
  const p = v as Record<string, unknown>;
  return typeof p.eventId === "string" && typeof p.channelKey === "string" && typeof p.passId === "string";
}

/** The channel access a socket was opened with (kept with it across hibernation). */
function accessOf(ws: WebSocket): ChannelAccess {
  const kept: unknown = ws.deserializeAttachment();
  if (typeof kept !== "object" || kept === null || !("access" in kept)) return [];
  const access = (kept as { access: unknown }).access;
  return access === "all" ? "all" : Array.isArray(access) ? access.filter(isPass) : [];
}

/** Whether two masks hide the same channels. */
function sameMask(a: ChannelMask | null, b: ChannelMask | null): boolean {
  if (a === null || b === null) return a === b;
  return a.hidden.size === b.hidden.size && [...a.hidden].every((k) => b.hidden.has(k));
}
