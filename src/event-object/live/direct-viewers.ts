import { LIVE_ACCESS_HEADER, type ChannelAccess, type ChannelPass } from "../../domain/channel-passes";
import { LIVE_CLIENT_HEADER, LIVE_SOCKETS_PER_CLIENT } from "../../domain/client-address";
import { maskFor, sharedMask, type ChannelMask } from "../reads/channel-mask";
import { acceptLive, clientSockets, clientTag, sendTo } from "./live-broadcast";

/**
 * Viewers the event object serves itself: sockets opened with a protected channel's pass or with a
 * secret key, whose view differs from the crowd's (docs/security.md). The crowd's public view goes
 * through the relays (docs/live-crowd.md); these few see seats the public view masks, so each is
 * sent its own view, built once per distinct access. Hibernatable, so an idle presale costs nothing.
 */
export class DirectViewers {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly sql: SqlStorage,
  ) {}

  /** Whether any socket is open here. */
  get size(): number {
    return this.ctx.getWebSockets().length;
  }

  /**
   * A WebSocket upgrade the Worker forwarded with the socket's access and client: 429 when the
   * client has its share of sockets open, else the 101 with the first message `first` builds.
   */
  accept(request: Request, eventId: string, first: (mask: ChannelMask | null) => string | null): Response {
    const client = request.headers.get(LIVE_CLIENT_HEADER);
    if (client !== null && clientSockets(this.ctx, client) >= LIVE_SOCKETS_PER_CLIENT) return new Response(null, { status: 429 });
    const access = socketAccess(request.headers.get(LIVE_ACCESS_HEADER));
    return acceptLive(this.ctx, first(maskFor(this.sql, access, eventId)), client === null ? [] : [clientTag(client)], { access });
  }

  /** Sends each socket the message of its view; without protected channels every socket has the one view. */
  send(eventId: string, message: (mask: ChannelMask | null) => string): void {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return;
    const shared = sharedMask(this.sql);
    if (shared === null) return sendTo(sockets, message(null));
    const views = new Map<string, { mask: ChannelMask | null; sockets: WebSocket[] }>();
    for (const ws of sockets) {
      const access = accessOf(ws);
      const key =
        access === "all"
          ? "*"
          : access
              .map((p) => `${p.eventId}/${p.channelKey}`)
              .sort()
              .join(",");
      let view = views.get(key);
      if (!view) views.set(key, (view = { mask: key === "" ? shared : maskFor(this.sql, access, eventId), sockets: [] }));
      view.sockets.push(ws);
    }
    for (const { mask, sockets: group } of views.values()) sendTo(group, message(mask));
  }

  /** The event is deleted: its sockets close. */
  close(): void {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1001, "event deleted");
      } catch {
        // Already closed.
      }
    }
  }
}

/** A socket's channel access as the Worker named it; none (the shared view) when absent or unreadable. */
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
