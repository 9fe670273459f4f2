import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import { db } from "../db/client";
import { insertAuditRecords } from "../db/audit";
import { newAuditId, scrubSecrets, type AuditAction, type AuditActor, type AuditDetails, type AuditRecord, type AuditTarget } from "../domain/audit";
import { REPLAYED_HEADER } from "../domain/idempotency";
import type { Environment } from "../domain/scope";
import type { WebhookMessage } from "../domain/webhook-messages";
import { newId } from "../keys/keys";

/**
 * The audit trail's recorder (docs/team.md): one middleware per door (/api/v1, /admin/v1,
 * /dashboard/api) that, after a change succeeded, writes what it was. Which routes are changes, and
 * how each is described, is the table in http/audit-routes.ts: recording lives there and here, not
 * in each route. Reads, refusals, idempotent replays and buyers' actions record nothing, and a
 * publishable key's hold never pays for this step beyond one comparison.
 *
 * Writing: the records of a request are stored in D1 with one statement (the only D1 write the
 * trail adds to, say, a secret-key book) and, at the same time, sent on the webhook queue, whose
 * consumer stores them if missing and fans them out as `audit.recorded`. The request waits for both
 * before it answers, so a change that was acknowledged has its record stored or on a durable queue,
 * and a client reading the trail right after its change finds it.
 */

/** What a route's describer is given: the path's parameters, the JSON body sent, the JSON answer, and any note the handler left. */
export interface AuditInput {
  params: Record<string, string>;
  body: Record<string, unknown>;
  answer: Record<string, unknown>;
  note: AuditDetails | undefined;
}

/** One record a change makes; `environment` overrides the door's (null: workspace-level). */
export interface AuditEntry {
  action: AuditAction;
  target: AuditTarget;
  details?: AuditDetails;
  environment?: Environment | null;
}

/** How a route's change is described: none, one or several records. */
export interface AuditedRoute {
  describe: (input: AuditInput) => AuditEntry | AuditEntry[] | null;
  /** Whether the describer reads the answer (parsed only then). */
  answer?: boolean;
}

/** Who acted and where, as the door knows it after the request ran; null when nothing is to be recorded (a publishable key). */
export interface AuditWho {
  workspaceId: string;
  environment: Environment | null;
  actor: AuditActor;
}

/** The context variable a handler may set with facts its describer cannot see (a rotated key's "rotated", a role before its change). */
export const AUDIT_NOTE = "auditNote";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each door has its own Hono environment
type AnyContext = Context<any>;

/** "METHOD /path/:param" of the route that answered, regex constraints and trailing slash left out. */
export function routeKey(method: string, path: string): string {
  return `${method} ${path.replace(/\{[^}]*\}/g, "").replace(/\/$/, "")}`;
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

async function jsonOf(read: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    const value = await read();
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The recorder of one door: `routes` says what its changes are, `who` who made them. `ignore`, when
 * given, is asked first after the request ran: the API's door ignores a publishable key there, so a
 * buyer's hold pays one variable read and nothing else.
 */
export function auditTrail(
  routes: Readonly<Record<string, AuditedRoute>>,
  who: (c: AnyContext, answer: () => Promise<Record<string, unknown>>) => Promise<AuditWho | null> | AuditWho | null,
  ignore?: (c: AnyContext) => boolean,
) {
  return createMiddleware(async function auditTrail(c: AnyContext, next) {
    if (SAFE.has(c.req.method)) return next();
    await next();
    if (ignore?.(c) || c.res.status >= 300 || c.res.headers.get(REPLAYED_HEADER) === "true") return;
    const route = routes[routeKey(c.req.method, routePath(c))];
    if (!route) return;
    let parsed: Promise<Record<string, unknown>> | undefined;
    const answer = () => (parsed ??= jsonOf(() => c.res.clone().json()));
    const acting = await who(c, answer);
    if (!acting) return;
    const input: AuditInput = {
      params: c.req.param() as Record<string, string>,
      body: await jsonOf(() => c.req.json()),
      answer: route.answer ? await answer() : {},
      note: c.get(AUDIT_NOTE),
    };
    const described = route.describe(input);
    const entries = described === null ? [] : Array.isArray(described) ? described : [described];
    if (entries.length === 0) return;
    await writeAuditRecords(c.env as Env, acting.workspaceId, recordsOf(acting, entries), (p) => waitUntil(c, p));
  });
}

function waitUntil(c: AnyContext, p: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(p);
  } catch {
    void p;
  }
}

/** The records of a request's entries, made now, each with its own time-ordered id. */
export function recordsOf(acting: AuditWho, entries: AuditEntry[], now = Date.now()): AuditRecord[] {
  const at = new Date(now).toISOString();
  return entries.map((e) => ({
    id: newAuditId(now, newId("x", 12).slice(2)),
    at,
    environment: e.environment === undefined ? acting.environment : e.environment,
    actor: acting.actor,
    action: e.action,
    target: e.target,
    details: scrubSecrets(e.details ?? {}) as AuditDetails,
  }));
}

/**
 * Stores records and hands them to the queue for `audit.recorded`, both at once. Should the store
 * fail, the queue's copy is stored by the consumer; should the send fail, it is tried once more
 * after the answer (the record itself is stored). Only when both fail is a record lost, and that
 * is logged (without details, which stay out of logs).
 */
export async function writeAuditRecords(env: Env, workspaceId: string, records: AuditRecord[], later: (p: Promise<unknown>) => void): Promise<void> {
  if (records.length === 0) return;
  const message: WebhookMessage = { kind: "audit", workspaceId, records };
  const [stored, sent] = await Promise.allSettled([
    insertAuditRecords(
      db(env),
      records.map((record) => ({ workspaceId, record })),
    ),
    env.WEBHOOKS.send(message),
  ]);
  if (stored.status === "rejected") console.error("audit: storing records failed; the queue's copy will store them", records.map((r) => r.id).join(","));
  if (sent.status === "rejected") {
    later(
      env.WEBHOOKS.send(message).catch(() => {
        if (stored.status === "rejected") console.error("audit: records lost", records.map((r) => r.id).join(","));
        else console.error("audit: audit.recorded not sent for", records.map((r) => r.id).join(","));
      }),
    );
  }
}
