import type { FeedCheck, RelayAttachment, RelayMessage } from "../domain/live-relays";
import type { RelayFanout } from "../event-object/live/relay-fanout";
import { RelayView } from "./relay-view";

/** The event was deleted (or never made): the relay closes its sockets and forgets it. */
export class EventGone extends Error {}

/** Where a relay is fed from: the event's object for the first relays, the relay above for the rest. */
export interface Upstream {
  /** Feeds this relay from now on and answers the whole view; null when the event is gone. */
  attach(): Promise<RelayAttachment | null>;
  check(): Promise<FeedCheck>;
  detach(): Promise<void>;
}

/** What the feed works with. */
export interface RelayFeedParts {
  storage: DurableObjectStorage;
  /** Null until the relay knows which it is. */
  upstream(): Upstream | null;
  /** What a relay that has seen the feed up to `seq` missed: the event's history answers (null: the event is gone). */
  since(seq: number): Promise<RelayMessage | null>;
  /** The viewers' sockets. */
  sockets(): WebSocket[];
  /** The relays this one feeds. */
  children: RelayFanout;
}

/**
 * A relay's side of the feed: it takes each message from upstream in order, checks it joins on to
 * the last one it took (`prevSeq`), fills a gap from the event's history before passing anything
 * later on, sends each message to every socket as it came and forwards it to the relays it feeds.
 * Every step runs one after another ({@link serial}), so a message waiting for a gap to fill is
 * never overtaken. The last `seq` taken is stored, so a relay woken from hibernation still knows
 * where its viewers are; its view (what a new viewer's snapshot is made from) is kept in memory and
 * fetched again from upstream when a viewer or a relay needs it.
 */
export class RelayFeed {
  view: RelayView | null = null;
  private lastSeqValue: number;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly p: RelayFeedParts) {
    this.lastSeqValue = p.storage.kv.get<number>("lastSeq") ?? 0;
  }

  /** The `seq` of the last message this relay's viewers were sent. */
  get lastSeq(): number {
    return this.lastSeqValue;
  }

  private setLastSeq(seq: number): void {
    if (seq === this.lastSeqValue) return;
    this.lastSeqValue = seq;
    this.p.storage.kv.put("lastSeq", seq);
  }

  /** Runs `task` after every step already queued. */
  serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => {});
    return run;
  }

  /** A message from upstream. */
  push(message: RelayMessage): Promise<void> {
    return this.serial(() => this.take(message));
  }

  private async take(message: RelayMessage): Promise<void> {
    if (message.kind === "closed") throw new EventGone();
    if (message.kind === "snapshot") return this.deliver(message);
    let filled = false;
    if (message.prevSeq > this.lastSeq) {
      // A message before this one never came: what changed since the last one taken, first.
      await this.fill();
      filled = true;
    }
    if (message.seq < this.lastSeq || (filled && message.seq === this.lastSeq)) return;
    this.deliver(message);
  }

  /** Asks the event's history for everything after the last message taken, and passes it on. */
  async fill(): Promise<void> {
    const missed = await this.p.since(this.lastSeq);
    if (missed === null) throw new EventGone();
    if (missed.seq >= this.lastSeq) this.deliver(missed);
  }

  /** To the view, every socket and every relay fed from here; chained after the last message passed on. */
  private deliver(message: RelayMessage): void {
    if (message.kind === "snapshot") this.view = RelayView.of(message);
    else this.view?.apply(message);
    for (const ws of this.p.sockets()) {
      try {
        ws.send(message.text);
      } catch {
        try {
          ws.close(1011, "send failed");
        } catch {
          // Already closed.
        }
      }
    }
    this.p.children.lastSeq = this.lastSeq;
    this.p.children.send({ kind: message.kind, seq: message.seq, layoutVersion: message.layoutVersion, text: message.text });
    this.setLastSeq(Math.max(this.lastSeq, message.seq));
  }

  /**
   * The view, attaching to upstream first when this relay holds none (a new relay, or one woken from
   * hibernation): its viewers and the relays it feeds are then sent what they missed since the last
   * message they were sent. Run inside {@link serial}.
   */
  async ensureView(): Promise<RelayView> {
    if (this.view !== null) return this.view;
    const upstream = this.p.upstream();
    if (upstream === null) throw new EventGone();
    const attached = await upstream.attach();
    if (attached === null) throw new EventGone();
    const { snapshot, recent } = attached;
    const before = this.lastSeq;
    const watched = this.p.sockets().length > 0 || this.p.children.size > 0;
    this.view = RelayView.of(snapshot, recent);
    if (!watched || before === snapshot.seq) {
      this.setLastSeq(snapshot.seq);
      return this.view;
    }
    // Those watching have the view at `before` (0: unknown, so they get the snapshot).
    const missed = before > 0 && before < snapshot.seq ? await this.p.since(before) : null;
    const view = this.view;
    this.deliver(missed ?? snapshot);
    return this.view ?? view;
  }

  /** The periodic check-in: fed again when upstream dropped this relay, and filled when a message never came. */
  async checkIn(): Promise<void> {
    const upstream = this.p.upstream();
    if (upstream === null) return;
    const check = await upstream.check();
    if (!check.attached) {
      this.view = null;
      await this.ensureView();
    } else if (check.seq > this.lastSeq) await this.fill();
  }

  /** Forgets everything (the relay retires or the event is gone). */
  reset(): void {
    this.view = null;
    this.lastSeqValue = 0;
  }
}
