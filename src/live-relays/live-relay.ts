import { DurableObject } from "cloudflare:workers";
import { LIVE_CLIENT_HEADER } from "../domain/client-address";
import {
  feederOf,
  hubName,
  LIVE_RELAY_HEADER,
  relayName,
  type FeedCheck,
  type RelayAttachment,
  type RelayCount,
  type RelayMessage,
  type RelayPlacement,
} from "../domain/live-relays";
import { RelayFanout } from "../event-object/live/relay-fanout";
import { EventGone, RelayFeed, type Upstream } from "./relay-feed";

/** How often a relay with viewers (or relays to feed) checks in upstream; an empty one retires at the next. */
export const RELAY_CHECK_MS = 30_000;

/** Which relay this is: stored on its first call, so a woken relay knows whom to ask. */
interface Identity {
  event: string;
  index: number;
}

/** The tag of a client's sockets (its identity, domain/client-address.ts). */
function clientTag(client: string): string {
  return `client:${client}`;
}

/** The placement the Worker sent with an upgrade, or null when there is none or it is malformed. */
function placementOf(request: Request): RelayPlacement | null {
  try {
    const value: unknown = JSON.parse(request.headers.get(LIVE_RELAY_HEADER) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    if (!("event" in value && "index" in value && "reservation" in value && "capacity" in value)) return null;
    const { event, index, reservation, capacity } = value;
    if (typeof event !== "string" || typeof index !== "number" || typeof reservation !== "string" || typeof capacity !== "number") return null;
    return { event, index, reservation, capacity };
  } catch {
    return null;
  }
}

/**
 * A relay of an event's live feed (docs/live-crowd.md): holds up to a relay's share of the event's
 * viewers on hibernatable WebSockets, is fed one message per interval by the event's object (or by
 * the relay above it, past the first RELAY_FANOUT relays), and sends each to every socket and to the
 * relays it feeds (RelayFeed). A new viewer's first message comes from the relay's own view: a
 * snapshot, or only what changed after the `since` it came back with. The event's hub placed the
 * viewer here and is told of every socket that opens and closes, so it can count viewers and each
 * client's sockets across relays. A relay with nobody left retires at its next check-in.
 */
export class LiveRelay extends DurableObject<Env> {
  private identity: Identity | null;
  private readonly children: RelayFanout;
  protected readonly feed: RelayFeed;
  /** Numbers this relay's counts for the hub; from the clock, so a woken relay's are above its last instance's. */
  private countNumber = Date.now() * 1000;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    RelayFanout.ensureSchema(ctx.storage.sql);
    this.identity = ctx.storage.kv.get<Identity>("identity") ?? null;
    this.children = new RelayFanout(ctx.storage.sql, (index) => (this.identity ? this.relay(this.identity.event, index) : null));
    this.feed = new RelayFeed({
      storage: ctx.storage,
      upstream: () => this.upstream(),
      since: async (seq) => {
        if (this.identity === null) return null;
        const answer = await this.eventObject(this.identity.event).liveSince(seq);
        return answer.ok ? answer.value : null;
      },
      sockets: () => ctx.getWebSockets(),
      children: this.children,
    });
    // Woken with sockets that outlived the last instance (or without the ones that did not): the hub counts what is here.
    if (this.identity !== null) ctx.waitUntil(this.report().catch(() => {}));
  }

  private relay(event: string, index: number) {
    return this.env.LIVE_RELAYS.get(this.env.LIVE_RELAYS.idFromName(relayName(event, index)));
  }

  private eventObject(event: string) {
    return this.env.EVENTS.get(this.env.EVENTS.idFromName(event));
  }

  private hub(event: string) {
    return this.env.LIVE_HUBS.get(this.env.LIVE_HUBS.idFromName(hubName(event)));
  }

  /** Where this relay is fed from (null before its first call). */
  private upstream(): Upstream | null {
    if (this.identity === null) return null;
    const { event, index } = this.identity;
    const feeder = feederOf(index);
    if (feeder === null) {
      const object = this.eventObject(event);
      return {
        attach: async () => {
          const answer = await object.attachRelay(index);
          return answer.ok ? answer.value : null;
        },
        check: () => object.checkRelay(index),
        detach: async () => {
          await object.detachRelay(index);
        },
      };
    }
    const parent = this.relay(event, feeder);
    return {
      attach: () => parent.attachChild(event, index),
      check: () => parent.checkChild(index),
      detach: () => parent.detachChild(index),
    };
  }

  private remember(event: string, index: number): void {
    if (this.identity?.event === event && this.identity.index === index) return;
    this.identity = { event, index };
    this.ctx.storage.kv.put("identity", this.identity);
  }

  /** Keeps the check-in coming while anyone is here. */
  private async keepChecking(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + RELAY_CHECK_MS);
  }

  /** The sockets here, by client, for the hub. */
  private clients(except?: WebSocket): RelayCount {
    const clients: Record<string, number> = {};
    let viewers = 0;
    for (const ws of this.ctx.getWebSockets()) {
      if (ws === except) continue;
      viewers++;
      for (const tag of this.ctx.getTags(ws)) if (tag.startsWith("client:")) clients[tag.slice(7)] = (clients[tag.slice(7)] ?? 0) + 1;
    }
    return { viewers, clients, number: ++this.countNumber };
  }

  private async report(except?: WebSocket): Promise<void> {
    if (this.identity === null) return;
    const { viewers, clients, number } = this.clients(except);
    await this.hub(this.identity.event).census(this.identity.index, viewers, clients, number);
  }

  // ---- viewers ----------------------------------------------------------------------------

  /** A viewer's upgrade, placed here by the hub (the Worker's live route). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response(null, { status: 400 });
    const placement = placementOf(request);
    if (placement === null) return new Response(null, { status: 400 });
    this.remember(placement.event, placement.index);
    if (this.ctx.getWebSockets().length >= placement.capacity) return new Response(null, { status: 503 });
    const client = request.headers.get(LIVE_CLIENT_HEADER);
    const since = new URL(request.url).searchParams.get("since");
    let response: Response;
    try {
      response = await this.feed.serial(async () => {
        const view = await this.feed.ensureView();
        const pair = new WebSocketPair();
        this.ctx.acceptWebSocket(pair[1], client === null ? [] : [clientTag(client)]);
        const first = view.firstMessage(since, Date.now());
        if (first !== null) pair[1].send(first);
        return new Response(null, { status: 101, webSocket: pair[0] });
      });
    } catch (err) {
      if (!(err instanceof EventGone)) throw err;
      await this.hub(placement.event).cancel(placement.reservation);
      return new Response(null, { status: 404 });
    }
    const { viewers, clients, number } = this.clients();
    await this.hub(placement.event).joined(placement.index, placement.reservation, viewers, clients, number);
    await this.keepChecking();
    return response;
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Clients may ping to keep intermediaries from closing an idle socket.
    if (message === "ping") ws.send(JSON.stringify({ type: "pong" }));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
    await this.report(ws).catch(() => {});
  }

  // ---- the feed ---------------------------------------------------------------------------

  /** A message from upstream (the event's object, or the relay above). */
  async push(message: RelayMessage): Promise<void> {
    try {
      await this.feed.push(message);
    } catch (err) {
      if (err instanceof EventGone) await this.forget(1001, "event deleted");
      else throw err;
    }
  }

  /** A relay below asks to be fed from here: the view now, then every message after it; null when the event is gone. */
  async attachChild(event: string, index: number): Promise<RelayAttachment | null> {
    const feeder = feederOf(index);
    if (feeder === null) return null;
    this.remember(event, feeder);
    try {
      const attached = await this.feed.serial(async () => {
        const view = await this.feed.ensureView();
        this.children.add(index);
        this.children.lastSeq = this.feed.lastSeq;
        const seq = this.feed.lastSeq;
        const snapshot: RelayMessage = { kind: "snapshot", prevSeq: seq, seq, layoutVersion: view.layoutVersion, text: view.snapshotText(Date.now()) };
        return { snapshot, recent: view.recent() };
      });
      await this.keepChecking();
      return attached;
    } catch (err) {
      if (err instanceof EventGone) return null;
      throw err;
    }
  }

  async checkChild(index: number): Promise<FeedCheck> {
    return { attached: this.children.has(index), seq: this.feed.lastSeq };
  }

  async detachChild(index: number): Promise<void> {
    this.children.remove(index);
  }

  /** Viewers here now, by client (the hub's count after it woke). */
  async census(): Promise<RelayCount> {
    return this.clients();
  }

  /** The check-in, and retirement once nobody is here. */
  override async alarm(): Promise<void> {
    const upstream = this.upstream();
    if (upstream === null) return;
    const empty = () => this.ctx.getWebSockets().length === 0 && this.children.size === 0;
    if (empty()) {
      await this.feed.serial(async () => {
        if (!empty()) return;
        await upstream.detach().catch(() => {});
        await this.forget(1000, "relay retired");
      });
      if (this.identity !== null) await this.keepChecking();
      return;
    }
    try {
      await this.feed.serial(() => this.feed.checkIn());
    } catch (err) {
      if (err instanceof EventGone) return this.forget(1001, "event deleted");
      // Upstream did not answer: the next check-in tries again.
    }
    await this.ctx.storage.setAlarm(Date.now() + RELAY_CHECK_MS);
  }

  /** Closes every socket, tells the relays below and the hub, and deletes what this relay stored. */
  private async forget(code: number, reason: string): Promise<void> {
    if (this.identity === null) return;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(code, reason);
      } catch {
        // Already closed.
      }
    }
    if (this.children.size > 0) this.children.send({ kind: "closed", seq: 0, layoutVersion: null, text: "" });
    await this.hub(this.identity.event)
      .retired(this.identity.index)
      .catch(() => {});
    this.identity = null;
    this.feed.reset();
    this.children.clear();
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    RelayFanout.ensureSchema(this.ctx.storage.sql);
  }
}
