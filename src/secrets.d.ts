// Secrets are not in wrangler.toml, so `wrangler types` cannot see them; they are declared here.
// Locally they come from .dev.vars (written by `npm run dev`), in production from `wrangler secret put`.
interface Env {
  /** Bearer token of the operator API (/admin/v1). When unset the operator API answers 404. */
  ADMIN_TOKEN?: string;
  /** Key from which publishable keys are derived, so that D1 stores only their hashes. */
  PUBLIC_KEY_SECRET?: string;
  /** Signs waiting-room admissions (contract §15). When unset, one is derived from PUBLIC_KEY_SECRET. */
  WAITING_ROOM_SECRET?: string;
}
