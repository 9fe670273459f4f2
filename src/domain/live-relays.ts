import { z } from "@hono/zod-openapi";

/**
 * The crowd watching one event, kept off the event's object (docs/live-crowd.md): live viewers'
 * sockets are held by relays (Durable Objects of up to {@link DEFAULT_VIEWERS_PER_RELAY} viewers
 * each), which the event's object feeds one coalesced message per interval each; the event's hub
 * places viewers on relays, counts each client's sockets across them, and keeps the copy that
 * publishable reads are answered from. This file is the vocabulary the three share.
 */

/** Viewers one relay holds unless LIVE_VIEWERS_PER_RELAY says otherwise. */
export const DEFAULT_VIEWERS_PER_RELAY = 250;

/**
 * Relays the event's object feeds itself. Relay `i` beyond them is fed by relay
 * {@link feederOf}(i), each relay feeding at most this many more: a tree, so the object sends the
 * same number of messages whether 4,000 or 400,000 viewers watch.
 */
export const RELAY_FANOUT = 16;

/** The relay that feeds relay `index`, or null when the event's object feeds it. */
export function feederOf(index: number): number | null {
  return index < RELAY_FANOUT ? null : Math.floor((index - RELAY_FANOUT) / RELAY_FANOUT);
}

/** The name of an event's object: one per workspace, environment and event key. */
export function eventObjectName(workspaceId: string, environment: string, eventKey: string): string {
  return `${workspaceId}:${environment}:${eventKey}`;
}

/** The name of an event's relay number `index`. */
export function relayName(eventName: string, index: number): string {
  return `${eventName}/relay/${index}`;
}

/** The name of an event's hub. */
export function hubName(eventName: string): string {
  return `${eventName}/hub`;
}

/** The viewers per relay the LIVE_VIEWERS_PER_RELAY var asks for, the default when unset or not a whole number in 1..10,000. */
export function viewersPerRelay(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : DEFAULT_VIEWERS_PER_RELAY;
}

/**
 * One message down the feed, from the event's object to a relay or from a relay to the relays it
 * feeds. `text` is the viewers' message (a LiveMessage, encoded once) and goes to every socket as
 * is. `prevSeq` is the `seq` of the message sent before this one on the same feed: a relay whose
 * last `seq` is older missed a message, and fills the gap before it passes this one on.
 */
export interface RelayMessage {
  /** `closed`: the event was deleted; the relay closes its sockets and forgets it. */
  kind: "changes" | "snapshot" | "closed";
  prevSeq: number;
  seq: number;
  /** The layout version the view is drawn on (a socket's `since` names one). */
  layoutVersion: number | null;
  text: string;
}

/**
 * The latest entry of every label changed after `fromSeq` (a freed one too), with the `seq` of its
 * last change: what lets a relay answer a viewer that comes back with `since` no older than `fromSeq`.
 */
export interface RecentChanges {
  fromSeq: number;
  changes: { seq: number; json: string }[];
}

/** What a relay is given when it is first fed: the whole view, and the recent changes behind it. */
export interface RelayAttachment {
  snapshot: RelayMessage;
  recent: RecentChanges;
}

/** What a relay (or the event's object) answers the relay it feeds: still fed, and the `seq` of its last message. */
export interface FeedCheck {
  attached: boolean;
  seq: number;
}

/** What the event's object may ask a relay: it is the one call the object makes upward, so it names the relay by this interface. */
export interface LiveRelayLink {
  push(message: RelayMessage): Promise<unknown>;
}

/**
 * What the event's object tells its hub: the public view changed, and its version is now `version`;
 * a copy read at an older version must be read again.
 */
export interface LiveHubLink {
  stale(version: number): Promise<unknown>;
}

/** A relay's count of its viewers, by client; `number` rises with every count the relay gives, so a late one can be told. */
export interface RelayCount {
  viewers: number;
  clients: Record<string, number>;
  number: number;
}

/** What a woken hub asks each relay it knew: its viewers, by client. */
export interface RelayCensusLink {
  census(): Promise<RelayCount>;
}

/** The forms of a publishable read the hub keeps a copy of. */
export const COPY_FORMS = ["status", "status-compact", "objects", "objects-compact"] as const;
export type CopyForm = (typeof COPY_FORMS)[number];

/** A form of a publishable read as the event's object answers it for the hub's copy. */
export interface CopyAnswer {
  /** Names these bytes: unchanged bytes keep their tag. */
  tag: string;
  /** The latest status change the body includes (X-Status-Seq). */
  seq: number;
  /** Absent when the caller already holds the bytes named `tag`. */
  body?: Uint8Array<ArrayBuffer>;
  /** Wall-clock ms at which a hold in the view expires and the body stops being true; null when none will. */
  validUntil: number | null;
  /** The version of the public view this answer was read at (see LiveHubLink). */
  version: number;
}

/** The header on which a status or objects read answered from the copy names the `seq` it reflects. */
export const STATUS_SEQ_HEADER = "X-Status-Seq";

/** The header on which the Worker tells a relay which relay it is and which place the hub kept for the viewer. */
export const LIVE_RELAY_HEADER = "x-seats-live-relay";

/** What the Worker tells a relay on a viewer's upgrade. */
export interface RelayPlacement {
  event: string;
  index: number;
  reservation: string;
  /** Viewers the relay may hold (LIVE_VIEWERS_PER_RELAY, as the hub reads it). */
  capacity: number;
}

export const liveStatsSchema = z
  .object({
    viewers: z.number().int().openapi({ description: "Live sockets open on the event now", example: 1000 }),
    relays: z.number().int().openapi({ description: "Relays holding them now", example: 4 }),
    eventMessagesPerSecond: z
      .number()
      .openapi({ description: "Change messages the event's object sent to the relays it feeds, per second over the last 10 s", example: 38.4 }),
    readsPerSecond: z
      .number()
      .openapi({ description: "Publishable-key status and objects reads without a holdToken, per second over the last 10 s", example: 500 }),
    readsReachingEventPerSecond: z
      .number()
      .openapi({ description: "Those of them that reached the event's object (at most 10 per second), per second over the last 10 s", example: 9.6 }),
  })
  .openapi("LiveStats");
export type LiveStats = z.infer<typeof liveStatsSchema>;
