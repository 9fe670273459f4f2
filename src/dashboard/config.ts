/**
 * Settings of the dashboard (contract §10) that a deployment may change.
 */

declare global {
  interface Env {
    /**
     * The public origin of the dashboard (`https://seats.example.com`), used for the sign-in links
     * the operator API hands out and accepted as the dashboard's own in the Origin check. Unset:
     * links use the origin the operator's request reached (right for `npm run dev` and for a
     * Worker served on one hostname).
     */
    DASHBOARD_ORIGIN?: string;
  }
}

/** How long a sign-in link may wait to be opened. */
export const LINK_TTL_MS = 15 * 60_000;

/** The longest a session lasts, whatever happens in between (contract: at most 12 hours). */
export const SESSION_TTL_MS = 12 * 3_600_000;

/** The session cookie: scoped to the dashboard's path, so no other route of the Worker ever receives it. */
export const SESSION_COOKIE = "dashboard_session";

/** The path every dashboard page, asset and data route lives under. */
export const DASHBOARD_PATH = "/dashboard";

/** The origin a deployment configured, normalised (scheme, host and port only), or null. */
export function configuredOrigin(env: Pick<Env, "DASHBOARD_ORIGIN">): string | null {
  const value = env.DASHBOARD_ORIGIN?.trim();
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Hosts that are this machine: a cookie set by them cannot be `Secure`, since local development runs over plain HTTP. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
