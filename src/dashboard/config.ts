/**
 * Settings of the dashboard (docs/dashboard.md) that a deployment may change.
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
    /**
     * Minutes a dashboard session may go without a request before it ends (docs/team.md): a whole
     * number from 5 to 720, default 30. Set it like any Worker var (`[vars]` in wrangler.toml,
     * `--var DASHBOARD_IDLE_MINUTES:60` with `npm run dev`); a value outside 5..720 is held to the
     * nearest end, anything else is the default.
     */
    DASHBOARD_IDLE_MINUTES?: string;
  }
}

/** How long an operator's sign-in link may wait to be opened. */
export const LINK_TTL_MS = 15 * 60_000;

/** How long an invitation made on the Team page may wait to be opened (docs/team.md). */
export const INVITATION_TTL_MS = 7 * 86_400_000;

/** The longest a session lasts, whatever happens in between (contract: at most 12 hours). */
export const SESSION_TTL_MS = 12 * 3_600_000;

/** The idle timeout's default and bounds, in minutes (docs/team.md). */
export const IDLE_MINUTES = { default: 30, min: 5, max: 720 } as const;

/** How long a session may go without a request before it ends, from DASHBOARD_IDLE_MINUTES. */
export function idleTimeoutMs(env: Pick<Env, "DASHBOARD_IDLE_MINUTES">): number {
  const raw = env.DASHBOARD_IDLE_MINUTES?.trim();
  const minutes = raw && /^\d+$/.test(raw) ? Math.min(IDLE_MINUTES.max, Math.max(IDLE_MINUTES.min, Number(raw))) : IDLE_MINUTES.default;
  return minutes * 60_000;
}

/**
 * A session's last activity is written at most this often: a request within a minute of the last
 * recorded one costs no D1 write, and the idle timeout (at least 5 minutes) is kept to the minute.
 */
export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

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

/** The session cookie's attributes (docs/dashboard.md): Secure except on this machine, where dev runs over HTTP. */
export function cookieOptions(url: string, maxAgeSeconds: number) {
  return {
    path: DASHBOARD_PATH,
    httpOnly: true,
    sameSite: "Strict" as const,
    secure: !isLoopbackHost(new URL(url).hostname),
    maxAge: maxAgeSeconds,
  };
}
