import type { AuditDetails } from "../domain/audit";
import type { Environment } from "../domain/scope";
import type { DashboardSession } from "./sessions";

/** The Hono environment of the dashboard: bindings plus the signed-in session. */
export interface DashEnv {
  Bindings: Env;
  Variables: {
    session: DashboardSession;
    /** Facts a data route leaves for the audit trail's record of its change (http/audit-trail.ts). */
    auditNote?: AuditDetails;
  };
}

/** How pages and data routes name the two environments in their paths. */
export const ENVIRONMENT_PATTERN = "production|sandbox";

/** The scope a dashboard request acts on: the session's workspace in the environment its path names. */
export function scopeOf(session: DashboardSession, environment: Environment): { workspaceId: string; environment: Environment } {
  return { workspaceId: session.workspaceId, environment };
}
