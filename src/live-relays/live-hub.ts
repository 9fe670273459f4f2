import { DurableObject } from "cloudflare:workers";
import { relayName, viewersPerRelay, type CopyForm, type RelayCensusLink, type RelayPlacement } from "../domain/live-relays";
import type { EventObject } from "../event-object/event-object";
import { Placement } from "./placement";
import { ReadCopies } from "./read-copies";

/** A form of a publishable read as the hub answers the Worker: the body only when the Worker lacks the bytes named `tag`. */
export interface CopyRead {
  tag: string;
  seq: number;
  body?: Uint8Array<ArrayBuffer>;
  /** How long ago (ms) the hub read the copy from the event's object: a Worker may answer it again until it is too old. */
  ageMs: number;
  /** Wall-clock ms at which a hold in the copy expires (the copy then stops being true); null when none will. */
  validUntil: number | null;
}

/** The hub's half of the live figures. */
export interface HubStats {
  viewers: number;
  relays: number;
  readsPerSecond: number;
  readsReachingEventPerSecond: number;
}

/**
 * The bindings the hub uses, declared here rather than read off the generated bindings type, whose
 * relay binding names the relay class, which calls the hub: the hub reaches relays by their one call
 * from it (RelayCensusLink). The Worker's entry checks the generated type gives these.
 */
export interface HubEnv {
  EVENTS: { idFromName(name: string): DurableObjectId; get(id: DurableObjectId): DurableObjectStub<EventObject> };
  LIVE_RELAYS: { idFromName(name: string): DurableObjectId; get(id: DurableObjectId): RelayCensusLink };
  LIVE_VIEWERS_PER_RELAY?: string;
}

/**
 * One per event: what the crowd watching it needs from a single place, off the event's object
 * (docs/live-crowd.md). It places each live viewer on a relay (Placement: the first with room) and
 * counts each client's sockets across relays, refusing the one past its share; it keeps the copy of
 * the publishable status and objects reads (ReadCopies), read from the event's object at most 10
 * times a second; and it answers the live figures. Its counts live in memory; the relays it knows
 * are stored, so a woken hub asks each for its count again.
 */
export class LiveHub extends DurableObject<HubEnv> {
  private event: string | null;
  private readonly placement = new Placement();
  private readonly copies: ReadCopies;
  /** The relays stored as known. */
  private known: number[];

  constructor(ctx: DurableObjectState, env: HubEnv) {
    super(ctx, env);
    this.event = ctx.storage.kv.get<string>("event") ?? null;
    this.known = ctx.storage.kv.get<number[]>("relays") ?? [];
    this.copies = new ReadCopies(async (requests) => {
      if (this.event === null) return null;
      const answer = await this.eventObject(this.event).publicCopies(requests);
      return answer.ok ? answer.value : null;
    });
    void ctx.blockConcurrencyWhile(() => this.recount());
  }

  private eventObject(event: string) {
    return this.env.EVENTS.get(this.env.EVENTS.idFromName(event));
  }

  private remember(event: string): void {
    if (this.event === event) return;
    this.event = event;
    this.ctx.storage.kv.put("event", event);
  }

  /** Viewers per relay (LIVE_VIEWERS_PER_RELAY); the test build may set fewer. */
  protected relayCapacity(): number {
    return viewersPerRelay(this.env.LIVE_VIEWERS_PER_RELAY);
  }

  /** Stores which relays exist when that changed, so a woken hub can count them again. */
  private keepRelays(): void {
    const now = this.placement.indexes();
    if (now.join() === this.known.join()) return;
    this.known = now;
    this.ctx.storage.kv.put("relays", now);
  }

  /** A woken hub asks every relay it knew for its viewers; one that does not answer is forgotten. */
  private async recount(): Promise<void> {
    const event = this.event;
    if (event === null || this.known.length === 0) return;
    await Promise.all(
      this.known.map(async (index) => {
        try {
          const { viewers, clients, number } = await this.env.LIVE_RELAYS.get(this.env.LIVE_RELAYS.idFromName(relayName(event, index))).census();
          this.placement.count(index, viewers, clients, number);
        } catch {
          this.placement.remove(index);
        }
      }),
    );
    this.keepRelays();
  }

  // ---- viewers ----------------------------------------------------------------------------

  /** A relay for a viewer of `client` (null: a secret-key socket), avoiding relays found full; null when the client has its share of sockets. */
  async place(event: string, client: string | null, skip: number[] = []): Promise<RelayPlacement | null> {
    this.remember(event);
    const capacity = this.relayCapacity();
    const placed = this.placement.place(client, capacity, new Set(skip), Date.now());
    return placed === null ? null : { event, index: placed.index, reservation: placed.reservation, capacity };
  }

  async cancel(reservation: string): Promise<void> {
    this.placement.cancel(reservation);
  }

  /** A relay opened the socket of a place kept for it: its whole count now (its `number`th). */
  async joined(index: number, reservation: string, viewers: number, clients: Record<string, number>, number: number): Promise<void> {
    this.placement.cancel(reservation);
    this.placement.count(index, viewers, clients, number);
    this.keepRelays();
  }

  /** A relay's whole count (a socket closed, or the relay woke). */
  async census(index: number, viewers: number, clients: Record<string, number>, number: number): Promise<void> {
    this.placement.count(index, viewers, clients, number);
    this.keepRelays();
  }

  async retired(index: number): Promise<void> {
    this.placement.remove(index);
    this.keepRelays();
  }

  // ---- reads ------------------------------------------------------------------------------

  /** A publishable read of `form` from the copy (at most 1 s old); null when the event is gone. */
  /**
   * `answeredThere` counts the reads a Worker answered from its own copy since it last asked (they
   * are crowd reads like any other in the live figures).
   */
  async read(event: string, form: CopyForm, knownTag?: string, answeredThere = 0): Promise<CopyRead | null> {
    this.remember(event);
    if (answeredThere > 0) this.copies.reads.add(Date.now(), answeredThere);
    const copy = await this.copies.read(form);
    if (copy === null) return null;
    const read: CopyRead = { tag: copy.tag, seq: copy.seq, ageMs: Math.max(0, Date.now() - copy.fetchedAt), validUntil: copy.validUntil };
    if (copy.tag !== knownTag) read.body = copy.body;
    return read;
  }

  /** A publishable read the event's object answered itself (one that carries a channel pass): counted in the figures. */
  async countExact(): Promise<void> {
    const now = Date.now();
    this.copies.reads.add(now);
    this.copies.reachingEvent.add(now);
  }

  /** The event's object: the public view changed. */
  async stale(version: number): Promise<void> {
    this.copies.stale(version);
  }

  /** The hub's live figures; `answeredThere` as for read(). */
  async stats(answeredThere = 0): Promise<HubStats> {
    const now = Date.now();
    if (answeredThere > 0) this.copies.reads.add(now, answeredThere);
    return {
      viewers: this.placement.viewers,
      relays: this.placement.indexes().length,
      readsPerSecond: this.copies.reads.perSecond(now),
      readsReachingEventPerSecond: this.copies.reachingEvent.perSecond(now),
    };
  }
}
