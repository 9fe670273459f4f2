import { db } from "../db/client";
import { insertAuditRecords } from "../db/audit";
import { AUDIT_ACTOR_TYPES, AUDIT_ID, type AuditRecord } from "../domain/audit";
import { ENVIRONMENTS, type Environment } from "../domain/scope";
import { auditEvent, type WebhookMessage } from "../domain/webhook-messages";
import type { EventToFanOut } from "./fan-out";

/**
 * Audit records on their way to webhooks (docs/team.md). The request that made a record stores it
 * and sends this message; the consumer stores the records again if they are missing (so a record
 * survives the request's own write failing) and turns each into `audit.recorded` events for the
 * fan-out, which sends them only to endpoints that listed the type.
 */

type AuditMessage = Extract<WebhookMessage, { kind: "audit" }>;

/** Narrows an untrusted record; null unless every field a record needs is there. */
function parseRecord(value: unknown): AuditRecord | null {
  if (typeof value !== "object" || value === null) return null;
  const r = value as Record<string, unknown>;
  const actor = r.actor as Record<string, unknown> | null;
  const target = r.target as Record<string, unknown> | null;
  if (typeof r.id !== "string" || !AUDIT_ID.test(r.id) || typeof r.at !== "string" || typeof r.action !== "string") return null;
  if (r.environment !== null && !ENVIRONMENTS.includes(r.environment as Environment)) return null;
  if (typeof actor !== "object" || actor === null || !AUDIT_ACTOR_TYPES.includes(actor.type as AuditRecord["actor"]["type"]) || typeof actor.id !== "string")
    return null;
  if (typeof target !== "object" || target === null || typeof target.type !== "string" || typeof target.key !== "string") return null;
  if (typeof r.details !== "object" || r.details === null || Array.isArray(r.details)) return null;
  return r as unknown as AuditRecord;
}

/** An `audit` message read from the queue, or null when it is not one. */
export function parseAuditMessage(m: Record<string, unknown>): AuditMessage | null {
  if (m.kind !== "audit" || typeof m.workspaceId !== "string" || !Array.isArray(m.records) || m.records.length === 0) return null;
  const records = m.records.map(parseRecord);
  if (!records.every((r): r is AuditRecord => r !== null)) return null;
  return { kind: "audit", workspaceId: m.workspaceId, records };
}

/**
 * Stores the messages' records that are not stored yet (one round trip) and answers the
 * `audit.recorded` events to fan out: one per record and environment it belongs to.
 */
export async function storeAuditMessages(env: Env, messages: Array<{ msg: AuditMessage; enqueuedAt?: Date }>): Promise<EventToFanOut[]> {
  if (messages.length === 0) return [];
  await insertAuditRecords(
    db(env),
    messages.flatMap(({ msg }) => msg.records.map((record) => ({ workspaceId: msg.workspaceId, record }))),
  );
  const items: EventToFanOut[] = [];
  for (const { msg, enqueuedAt } of messages) {
    for (const record of msg.records) {
      const event = auditEvent(record);
      for (const environment of record.environment === null ? ENVIRONMENTS : [record.environment]) {
        items.push({ msg: { kind: "event", workspaceId: msg.workspaceId, environment, event }, enqueuedAt });
      }
    }
  }
  return items;
}
