// Secrets are not in wrangler.toml, so `wrangler types` cannot see them; they are declared here.
// Locally they come from .dev.vars (written by `npm run dev`), in production from `wrangler secret put`.
interface Env {
  /** Bearer token of the operator API (/admin/v1). When unset the operator API answers 404. */
  ADMIN_TOKEN?: string;
  /**
   * Key from which publishable keys are derived (with each key's salt), so that D1 stores only their
   * hashes. Fixed for the deployment's life: keys rotate per workspace (docs/security.md).
   */
  PUBLIC_KEY_SECRET?: string;
  /**
   * The deployment's signing secret, from which each workspace environment's secret for waiting-room
   * admissions and channel passes is derived (db/signing-secrets.ts). When unset, one is derived
   * from PUBLIC_KEY_SECRET.
   */
  WAITING_ROOM_SECRET?: string;
}
