/** The two isolated environments of a workspace: `*_live_` keys act on production, `*_test_` keys on sandbox. */
export const ENVIRONMENTS = ["production", "sandbox"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The tenancy every operation is bound to: one workspace, one of its two environments. */
export interface Scope {
  workspaceId: string;
  environment: Environment;
}
