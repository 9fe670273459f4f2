import { db, nowIso } from "../db/client";
import {
  enabledEndpointsOfScopes,
  endpointEvents,
  findDeliveriesByPairs,
  insertDeliveriesBatched,
  scopeKey,
  type DeliveryRow,
  type EndpointRow,
} from "../db/webhooks";
import { newId } from "../keys/keys";
import { storedEnvelope } from "./envelope";
import type { WebhookMessage } from "../domain/webhook-messages";
import { redriveMs } from "../domain/webhook-redrive";
import { wakeSchedulers } from "./scheduler";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** An `event` queue message with the time the queue accepted it, when known. */
export interface EventToFanOut {
  msg: Extract<WebhookMessage, { kind: "event" }>;
  enqueuedAt?: Date;
}

/** Sends `deliver` messages for these delivery ids (injected: the consumer owns the queue). */
export type Enqueue = (deliveryIds: string[]) => Promise<void>;

/**
 * Only endpoints that existed when the change happened receive it: an endpoint registered while
 * the event waited in the queue must not get an older change. The change happened no later than
 * the end of its `created` second and no later than when it was enqueued.
 */
function receivers(endpoints: EndpointRow[], item: EventToFanOut): EndpointRow[] {
  const { event } = item.msg;
  const happenedBy = Math.min((event.created + 1) * 1000 - 1, item.enqueuedAt?.getTime() ?? Number.POSITIVE_INFINITY);
  return endpoints.filter((ep) => endpointEvents(ep).includes(event.type) && Date.parse(ep.createdAt) <= happenedBy);
}

/**
 * Fans out several events at once: one D1 round trip loads the enabled endpoints of every
 * (workspace, environment) in the list, one inserts the deliveries of all events, and only when
 * some (endpoint, event) pair already had a delivery (a redelivered message) one more looks those
 * up. Events of a scope without a matching endpoint cost nothing beyond the first round trip.
 *
 * Idempotent like the per-message fan-out it replaces: a pair that already has a delivery gets no
 * second one, and its existing delivery is re-queued only if it was never attempted (a crash
 * between insert and send loses nothing). A pair repeated within the list is handled once.
 * Before anything is queued, each endpoint's scheduler is armed for the deliveries' re-drive
 * time, so a delivery whose queue message is lost is still attempted.
 * Throws if any statement fails; the caller retries every event of the list (all idempotent).
 * Returns the deliveries created.
 */
export async function fanOutEvents(env: Env, items: EventToFanOut[], enqueue: Enqueue): Promise<DeliveryRow[]> {
  if (items.length === 0) return [];
  const d = db(env);
  const scopes = new Map(items.map(({ msg }) => [scopeKey(msg), { workspaceId: msg.workspaceId, environment: msg.environment }]));
  const endpointsByScope = await enabledEndpointsOfScopes(d, [...scopes.values()]);

  const now = nowIso();
  const dueAt = Date.now() + redriveMs(env);
  const rows: DeliveryRow[] = [];
  const seen = new Set<string>();
  // Each extraData text once, named by its hash (a 200-seat hold's 200 events share one).
  const extras = new Map<string, Promise<string>>();
  for (const item of items) {
    const targets = receivers(endpointsByScope.get(scopeKey(item.msg)) ?? [], item);
    if (targets.length === 0) continue;
    const { event, environment } = item.msg;
    const { payload, extra } = storedEnvelope(event, environment);
    let extraHash: string | null = null;
    if (extra !== null) {
      let hash = extras.get(extra);
      if (hash === undefined) extras.set(extra, (hash = sha256Hex(extra)));
      extraHash = await hash;
    }
    for (const endpoint of targets) {
      const pair = `${endpoint.id}\u0000${event.id}`;
      if (seen.has(pair)) continue;
      seen.add(pair);
      rows.push({
        id: newId("dlv"),
        endpointId: endpoint.id,
        eventId: event.id,
        type: event.type,
        payload,
        status: "pending",
        attempts: 0,
        lastStatusCode: null,
        lastError: null,
        nextAttemptAt: null,
        dueAt,
        runAttempts: 0,
        createdAt: now,
        updatedAt: now,
        extraHash,
      });
    }
  }
  if (rows.length === 0) return [];

  const used = new Set(rows.flatMap((r) => (r.extraHash === null ? [] : [r.extraHash])));
  const texts = await Promise.all([...extras].map(async ([body, hash]) => ({ hash: await hash, body })));
  const created = await insertDeliveriesBatched(
    d,
    rows,
    texts.filter((t) => used.has(t.hash)),
  );
  const createdIds = new Set(created.map((row) => row.id));
  const toSend = created.map((row) => row.id);
  const endpoints = new Set(created.map((row) => row.endpointId));
  const existingPairs = rows.filter((row) => !createdIds.has(row.id)).map(({ endpointId, eventId }) => ({ endpointId, eventId }));
  if (existingPairs.length > 0) {
    for (const existing of await findDeliveriesByPairs(d, existingPairs)) {
      if (existing.status === "pending" && existing.attempts === 0) {
        toSend.push(existing.id);
        endpoints.add(existing.endpointId);
      }
    }
  }
  await wakeSchedulers(env, endpoints, dueAt);
  await enqueue(toSend);
  return created;
}
