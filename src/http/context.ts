import type { AuditDetails } from "../domain/audit";
import type { IdempotencyClaim } from "../domain/idempotency";
import type { Environment } from "../domain/scope";
import type { KeyKind } from "../keys/keys";

/** Who is calling: resolved from the X-Api-Key header by `apiKeyAuth()`. */
export interface Principal {
  workspaceId: string;
  environment: Environment;
  kind: KeyKind;
  keyId: string;
}

/** The Hono environment shared by every sub-app: bindings plus typed context variables. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    principal: Principal;
    /** A seat action's Idempotency-Key claim, for the event object (http/idempotency.ts). */
    idempotency?: IdempotencyClaim;
    /** Facts a handler leaves for the audit trail's record of its change (http/audit-trail.ts). */
    auditNote?: AuditDetails;
  };
}
