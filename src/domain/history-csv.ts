import type { AuditRecord } from "./audit";
import type { CsvValue } from "./csv";
import type { StatusChange } from "./status-changes";

/**
 * The CSV forms of the two histories (docs/status-history.md, docs/team.md, docs/prices.md): one line per status-history record
 * or audit record, with the JSON answer's fields as columns (a price spread over its own columns,
 * extraData and details as JSON). Written by domain/csv.ts.
 */

export const STATUS_CHANGES_CSV_COLUMNS = [
  "seq",
  "at",
  "object_label",
  "object_type",
  "status",
  "previous_status",
  "cause",
  "quantity",
  "held",
  "booked",
  "order_id",
  "season_key",
  "partial_season_key",
  "price_amount",
  "price_fee",
  "currency",
  "ticket_type",
  "extra_data",
] as const;

export function statusChangeCsvRow(r: StatusChange): CsvValue[] {
  return [
    r.seq,
    r.at,
    r.objectLabel,
    r.objectType,
    r.status,
    r.previousStatus,
    r.cause,
    r.quantity,
    r.held,
    r.booked,
    r.orderId,
    r.seasonKey,
    r.partialSeasonKey,
    r.price?.amount,
    r.price?.fee,
    r.price?.currency,
    r.price?.ticketType,
    r.extraData === null ? null : JSON.stringify(r.extraData),
  ];
}

export const AUDIT_CSV_COLUMNS = ["id", "at", "environment", "actor_type", "actor_id", "actor_name", "action", "target_type", "target_key", "details"] as const;

export function auditCsvRow(r: AuditRecord): CsvValue[] {
  return [r.id, r.at, r.environment, r.actor.type, r.actor.id, r.actor.name, r.action, r.target.type, r.target.key, JSON.stringify(r.details)];
}
