import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { workspaces } from "../db/schema";
import type { AuditWho } from "./audit-trail";
import type { AppEnv } from "./context";

/**
 * Who acts through the two doors of the Worker's own routers, for the audit trail: a secret key
 * over /api/v1 (by its id and environment, never the key), and the operator over /admin/v1.
 */

const ENVIRONMENT_NAMES = { production: "Production", sandbox: "Sandbox" } as const;

/** The secret key that made a change over /api/v1; null for a publishable key, whose actions are a buyer's. */
export function apiKeyActor(c: Context<AppEnv>): AuditWho | null {
  const principal = c.get("principal");
  if (!principal || principal.kind !== "secret") return null;
  return {
    workspaceId: principal.workspaceId,
    environment: principal.environment,
    actor: { type: "secret_key", id: principal.keyId, name: `${ENVIRONMENT_NAMES[principal.environment]} secret key` },
  };
}

/** Whether a request over /api/v1 was a publishable key's (or no key's): nothing of it is recorded. */
export function notASecretKey(c: Context<AppEnv>): boolean {
  return c.get("principal")?.kind !== "secret";
}

/** The operator, acting on the workspace its path (or, for a new workspace, its answer) names. */
export async function operatorActor(c: Context<AppEnv>, answer: () => Promise<Record<string, unknown>>): Promise<AuditWho | null> {
  const named = c.req.param("workspaceKey") ?? (await answer()).workspaceKey;
  if (typeof named !== "string") return null;
  const ws = await db(c.env).select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.workspaceKey, named)).get();
  if (!ws) return null;
  return { workspaceId: ws.id, environment: null, actor: { type: "operator", id: "operator", name: "Operator" } };
}
