import type { Environment } from "../db/schema";

/** The tenancy every operation is bound to: one workspace, one of its two environments. */
export interface Scope {
  workspaceId: string;
  environment: Environment;
}
