import { LIVE_ACCESS_HEADER, type ChannelAccess } from "../domain/channel-passes";
import { LIVE_CLIENT_HEADER } from "../domain/client-address";
import { eventObjectName, hubName, LIVE_RELAY_HEADER, relayName, type CopyForm, type LiveStats } from "../domain/live-relays";
import type { Scope } from "../domain/scope";
import { notFound, requireKnownEvent, stubFor } from "../events/event-object-calls";
import type { CopyRead } from "./live-hub";

/**
 * The Worker's side of the crowd watching an event (docs/live-crowd.md): a viewer's socket placed on
 * a relay, a publishable read answered from the hub's copy, and the live figures. Like every
 * operation, an event the scope does not have is refused before any object of it is touched.
 */

function hubOf(env: Env, scope: Scope, eventKey: string) {
  return env.LIVE_HUBS.get(env.LIVE_HUBS.idFromName(hubName(eventObjectName(scope.workspaceId, scope.environment, eventKey))));
}

/** Relays found full in a row before a viewer is refused: the hub places past each, so this is only reached in a race. */
const PLACEMENT_TRIES = 4;

/** What opening a live socket came to: the 101 answer, the client's share of sockets reached, every relay tried full, or no upgrade made. */
export type LiveOpening = { kind: "open"; response: Response } | { kind: "client_limit" } | { kind: "busy" } | { kind: "not_upgraded" };

/**
 * Opens a viewer's live socket: the hub places it on the first relay with room (and refuses a
 * client that has its share of sockets open across relays), and that relay accepts the upgrade and
 * sends the first message (a snapshot, or what changed after `since`). `client` is the
 * publishable-key client (null for a server's secret key, which is never counted).
 */
export async function openLive(
  env: Env,
  scope: Scope,
  eventKey: string,
  request: Request,
  client: string | null,
  access: ChannelAccess = [],
): Promise<LiveOpening> {
  await requireKnownEvent(env, scope, eventKey);
  if (access === "all" || access.length > 0) return openDirect(env, scope, eventKey, request, client, access);
  const event = eventObjectName(scope.workspaceId, scope.environment, eventKey);
  const hub = hubOf(env, scope, eventKey);
  const full: number[] = [];
  for (let attempt = 0; attempt < PLACEMENT_TRIES; attempt++) {
    const placement = await hub.place(event, client, full);
    if (placement === null) return { kind: "client_limit" };
    // The relay is told who it is and whom it serves by the Worker alone, never by the caller.
    const headers = new Headers({ Upgrade: "websocket", [LIVE_RELAY_HEADER]: JSON.stringify(placement) });
    if (client !== null) headers.set(LIVE_CLIENT_HEADER, client);
    const relay = env.LIVE_RELAYS.get(env.LIVE_RELAYS.idFromName(relayName(event, placement.index)));
    const res = await relay.fetch(new Request(request.url, { headers }));
    if (res.status === 101) return { kind: "open", response: res };
    await hub.cancel(placement.reservation);
    if (res.status === 404) throw await notFound(env, scope, eventKey);
    if (res.status !== 503) return { kind: "not_upgraded" };
    full.push(placement.index);
  }
  return { kind: "busy" };
}

/**
 * A socket that sees more than the crowd's view (a protected channel's pass, a secret key): the
 * event's object serves it with its own view, and counts the client's sockets itself.
 */
async function openDirect(env: Env, scope: Scope, eventKey: string, request: Request, client: string | null, access: ChannelAccess): Promise<LiveOpening> {
  const headers = new Headers({ Upgrade: "websocket", [LIVE_ACCESS_HEADER]: access === "all" ? "all" : JSON.stringify(access) });
  if (client !== null) headers.set(LIVE_CLIENT_HEADER, client);
  const res = await stubFor(env, scope, eventKey).fetch(new Request(request.url, { headers }));
  if (res.status === 101) return { kind: "open", response: res };
  if (res.status === 404) throw await notFound(env, scope, eventKey);
  return res.status === 429 ? { kind: "client_limit" } : { kind: "not_upgraded" };
}

/** Crowd reads this isolate answered from its own copy, per event object, not yet told to the hub. */
const answeredHere = new Map<string, number>();

/** Counts a crowd read this isolate answered from its own copy; told to the hub with its next read. */
export function countCopyRead(scope: Scope, eventKey: string): void {
  const event = eventObjectName(scope.workspaceId, scope.environment, eventKey);
  if (answeredHere.size >= 10_000 && !answeredHere.has(event)) answeredHere.clear();
  answeredHere.set(event, (answeredHere.get(event) ?? 0) + 1);
}

/** The count of reads answered here for `event` since the hub was last told, now told. */
function drainCopyReads(event: string): number {
  const n = answeredHere.get(event) ?? 0;
  answeredHere.delete(event);
  return n;
}

/** A publishable read of `form` from the hub's copy (at most 1 s old); the body only when `knownTag` is not the copy's. */
export async function crowdRead(env: Env, scope: Scope, eventKey: string, form: CopyForm, knownTag?: string): Promise<CopyRead> {
  await requireKnownEvent(env, scope, eventKey);
  const event = eventObjectName(scope.workspaceId, scope.environment, eventKey);
  const read = await hubOf(env, scope, eventKey).read(event, form, knownTag, drainCopyReads(event));
  if (read === null) throw await notFound(env, scope, eventKey);
  return read;
}

/** Counts in the live figures a publishable read the event's object answered itself (one with a channel pass). */
export async function countExactRead(env: Env, scope: Scope, eventKey: string): Promise<void> {
  await hubOf(env, scope, eventKey).countExact();
}

/** The live figures of an event: viewers and relays now, messages and reads per second over the last 10 s. */
export async function liveStats(env: Env, scope: Scope, eventKey: string): Promise<LiveStats> {
  await requireKnownEvent(env, scope, eventKey);
  const event = eventObjectName(scope.workspaceId, scope.environment, eventKey);
  const [hub, feed] = await Promise.all([hubOf(env, scope, eventKey).stats(drainCopyReads(event)), stubFor(env, scope, eventKey).liveStats()]);
  return {
    viewers: hub.viewers,
    relays: hub.relays,
    eventMessagesPerSecond: feed.eventMessagesPerSecond,
    readsPerSecond: hub.readsPerSecond,
    readsReachingEventPerSecond: hub.readsReachingEventPerSecond,
  };
}
