import { z } from "@hono/zod-openapi";
import { ENVIRONMENTS } from "./scope";

/**
 * The audit trail (docs/team.md): who changed what, when. Every change of configuration or
 * inventory made outside a buyer's hold is recorded once: by a member in the dashboard, by a
 * secret key over /api/v1, or by the operator. Records are append-only and never carry a secret.
 */

/** Every action the trail records, dotted `thing.what_happened`. A new audited action is one entry here and one in http/audit-routes.ts. */
export const AUDIT_ACTIONS = [
  "workspace.created",
  "secret_key.created",
  "secret_key.rotated",
  "public_key.rotated",
  "chart.created",
  "chart.renamed",
  "chart.draft_changed",
  "chart.deleted",
  "chart.published",
  "chart.unpublished",
  "event.created",
  "event.updated",
  "event.deleted",
  "event.reset",
  "event.chart_moved",
  "event.selection_rules_changed",
  "event.channels_changed",
  "channel.pass_issued",
  "event.accessibility_changed",
  "event.waiting_room_changed",
  "event.table_booking_changed",
  "event.settings_copied",
  "event.prices_changed",
  "season.created",
  "season.changed",
  "season.deleted",
  "season.prices_changed",
  "seats.booked",
  "seats.released",
  "seats.not_for_sale",
  "seats.for_sale",
  "webhook_endpoint.created",
  "webhook_endpoint.changed",
  "webhook_endpoint.deleted",
  "webhook_endpoint.secret_rotated",
  "webhook_delivery.replayed",
  "member.invited",
  "member.role_changed",
  "member.renamed",
  "member.removed",
  "session.revoked",
  "member.signed_out_everywhere",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a member (the dashboard), a secret key (/api/v1) or the deployment's operator. */
export const AUDIT_ACTOR_TYPES = ["member", "secret_key", "operator"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const auditActorSchema = z
  .object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.string().openapi({ description: "The member's memberId, the secret key's id (never the key), or `operator`" }),
    name: z.string().optional().openapi({ description: "The member's name, or which secret key", example: "Ana Lima" }),
  })
  .openapi("AuditActor");
export type AuditActor = z.infer<typeof auditActorSchema>;

/** What was acted on: its kind and key (a chartKey, eventKey, memberId, …). */
export const auditTargetSchema = z
  .object({ type: z.string().openapi({ example: "chart" }), key: z.string().openapi({ example: "main-hall" }) })
  .openapi("AuditTarget");
export type AuditTarget = z.infer<typeof auditTargetSchema>;

/** What changed, as plain JSON; never a secret (see {@link scrubSecrets}). */
export type AuditDetails = { [key: string]: unknown };

/** One record of the trail (docs/team.md). `environment` is null for a workspace-level change (charts, members). */
export const auditRecordSchema = z
  .object({
    id: z.string().openapi({ example: "aud_0m3x9k2b1a7Qw3Er5Ty7Ui" }),
    at: z.string().openapi({ format: "date-time" }),
    environment: z.enum(ENVIRONMENTS).nullable(),
    actor: auditActorSchema,
    action: z.string().openapi({ example: "chart.published", description: "Dotted: chart.published, seats.booked, member.role_changed, …" }),
    target: auditTargetSchema,
    details: z.record(z.string(), z.unknown()).openapi({ description: "What changed; never a secret" }),
  })
  .openapi("AuditRecord");
export type AuditRecord = z.infer<typeof auditRecordSchema>;

/** An action filter: one action (`chart.published`) or every action of a thing (`chart.*`). */
export const AUDIT_ACTION_FILTER = /^[a-z_]{1,40}(\.[a-z_]{1,40}|\.\*)$/;

/** The query of GET /api/v1/audit-log and of the Activity page. */
export const auditQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(50)
    .openapi({ param: { name: "limit", in: "query" }, example: 50 }),
  cursor: z
    .string()
    .max(1024)
    .optional()
    .openapi({ param: { name: "cursor", in: "query" } }),
  action: z
    .string()
    .regex(AUDIT_ACTION_FILTER, "must be an action like chart.published, or chart.* for every chart action")
    .optional()
    .openapi({ param: { name: "action", in: "query" }, example: "chart.published" }),
  targetKey: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .openapi({ param: { name: "targetKey", in: "query" }, example: "main-hall" }),
  since: z.iso
    .datetime({ offset: true, message: "must be an ISO 8601 date-time" })
    .transform((s) => new Date(s).toISOString())
    .optional()
    .openapi({ param: { name: "since", in: "query" }, type: "string", format: "date-time" }),
  format: z
    .enum(["json", "csv"])
    .optional()
    .openapi({ param: { name: "format", in: "query" }, description: "csv: every matching record as a CSV download (also with Accept: text/csv)" }),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** A page of records, newest first. */
export const auditPageSchema = z.object({ items: z.array(auditRecordSchema), nextCursor: z.string().nullable() }).openapi("AuditLogPage");

/** How long records are kept (docs/team.md); older ones are pruned by the daily housekeeping. */
export const AUDIT_RETENTION_DAYS = 400;

/** An audit id: `aud_`, the time in ms as 9 base-36 digits (so ids sort by time) and 12 random letters or digits. */
export const AUDIT_ID = /^aud_[0-9a-z]{9}[0-9A-Za-z]{12}$/;

/** A new audit id for a record made at `atMs`: ids compare as their times do. */
export function newAuditId(atMs: number, random: string): string {
  return `aud_${atMs.toString(36).padStart(9, "0")}${random}`;
}

/** Field names whose values are secrets, whatever they hold. */
const SECRET_FIELDS = new Set(["secret", "secretkey", "signingsecret", "token", "holdtoken", "password", "url", "signinurl", "link", "apikey", "x-api-key"]);

/** Values that are secrets by their shape: API keys, webhook signing secrets, sign-in tokens and links. */
const SECRET_SHAPES = [/\bsk_(live|test)_[0-9A-Za-z]{8,}/, /\bwhsec_[0-9A-Za-z]{8,}/, /[?&]token=/, /^[A-Za-z0-9_-]{43}$/];

/**
 * The details of a record with anything secret taken out: fields named like a secret are dropped,
 * and a string shaped like one is replaced. The routes that describe a change pick their fields
 * by hand; this is the second line of defence, so no future field can carry a secret in.
 */
export function scrubSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return null;
  if (typeof value === "string") return SECRET_SHAPES.some((re) => re.test(value)) ? "[redacted]" : value;
  if (Array.isArray(value)) return value.map((v) => scrubSecrets(v, depth + 1));
  if (typeof value === "object" && value !== null) {
    const out: AuditDetails = {};
    for (const [k, v] of Object.entries(value)) if (!SECRET_FIELDS.has(k.toLowerCase())) out[k] = scrubSecrets(v, depth + 1);
    return out;
  }
  return value;
}

/** The record's action in words, for people reading the Activity page. */
export function describeAction(action: string): string {
  const [thing, what] = action.split(".");
  return `${(thing ?? "").replace(/_/g, " ")} ${(what ?? "").replace(/_/g, " ")}`.trim();
}
