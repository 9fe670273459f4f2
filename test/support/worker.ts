/**
 * The Worker as the tests run it: the production entry, with the event object extended by the
 * hooks a test needs and production must not carry. A test can stop the object's clock and move it
 * (expiry to the millisecond, without sleeping), hold outbox sends back as a lost queue would, and
 * flush the outbox on demand. vitest.config.ts makes this file the test runtime's main module, so
 * the EVENTS binding is served by this class.
 */
import type { Clock } from "../../src/event-object/state/clock";
import type { EventObjectEnv } from "../../src/event-object/bindings";
import { EventObject as ProductionEventObject } from "../../src/event-object/event-object";
import type { WebhookQueueBody } from "../../src/domain/webhook-messages";
import type { RelayMessage } from "../../src/domain/live-relays";
import { LiveHub as ProductionLiveHub } from "../../src/live-relays/live-hub";
import { LiveRelay as ProductionLiveRelay } from "../../src/live-relays/live-relay";

export { DeliveryScheduler } from "../../src/webhooks/scheduler";
export { SeasonCoordinator } from "../../src/seasons/season-coordinator";
export { WaitingRoomPacer } from "../../src/waiting-room/waiting-room-pacer";
export { WaitingRoomShard } from "../../src/waiting-room/waiting-room-shard";
export { default } from "../../src/index";

/** A clock a test can stop and move forward. */
export class TestClock implements Clock {
  /** Told after every move (the event object marks its public copies stale). */
  onMove: () => void = () => {};
  /** Added to the wall clock. */
  private offsetMs = 0;
  /** When set, time stands still at this instant. */
  private frozenAt: number | null = null;

  now(): number {
    return this.frozenAt ?? Date.now() + this.offsetMs;
  }

  /** Stops time at its current value. */
  freeze(): void {
    this.frozenAt = this.now();
    this.onMove();
  }

  advance(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt += ms;
    this.offsetMs += ms;
    this.onMove();
  }

  toWall(ms: number): number {
    return this.frozenAt !== null ? Date.now() + (ms - this.frozenAt) : ms - this.offsetMs;
  }
}

/** A queue that accepts messages and loses them, like the local queue of a killed dev server. */
const losingQueue = { send: async () => {}, sendBatch: async () => {} } as unknown as Queue<WebhookQueueBody>;

export class EventObject extends ProductionEventObject {
  override clock = new TestClock();
  /** While true, outbox sends are lost (the rows stay in the outbox, leased, until their lease runs out). */
  loseOutboxSends = false;
  /** A queue to send to instead of the real one (a failing queue, say). */
  queueOverride: Queue<WebhookQueueBody> | null = null;

  constructor(ctx: DurableObjectState, env: EventObjectEnv) {
    super(ctx, env);
    // A moved clock may expire holds the hub's copy still shows.
    this.clock.onMove = () => this.clockMoved();
  }

  protected override webhookQueue(): Queue<WebhookQueueBody> {
    if (this.loseOutboxSends) return losingQueue;
    return this.queueOverride ?? super.webhookQueue();
  }

  /** Sends the outbox now (the flush a commit schedules), and waits for it. */
  flushOutbox(): Promise<void> {
    return this.outbox.flush();
  }
}

/** A relay that a test can make lose the messages it is sent, as a lost RPC would. */
export class LiveRelay extends ProductionLiveRelay {
  /** How many of the next messages are lost before they reach the feed. */
  loseMessages = 0;
  /** The messages lost so far. */
  lost: RelayMessage[] = [];

  override async push(message: RelayMessage): Promise<void> {
    if (this.loseMessages > 0) {
      this.loseMessages--;
      this.lost.push(message);
      return;
    }
    return super.push(message);
  }

  /** The last seq this relay passed on. */
  lastSeq(): number {
    return this.feed.lastSeq;
  }
}

/** A hub whose relays a test may make small, so that a few sockets fill several relays. */
export class LiveHub extends ProductionLiveHub {
  viewersPerRelayForTests: number | null = null;

  protected override relayCapacity(): number {
    return this.viewersPerRelayForTests ?? super.relayCapacity();
  }
}
