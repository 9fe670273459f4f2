import { db, nowIso } from "../db/client";
import { ApiError } from "../http/errors";
import { hashKey } from "../keys/keys";
import { getWorkspace } from "../workspaces/provision";
import { DASHBOARD_PATH, LINK_TTL_MS, SESSION_TTL_MS } from "./config";
import { deleteSession, findSession, insertLink, redeemLink, type SessionRow } from "./session-store";

/**
 * Dashboard sign-in (contract §10). The deployment's operator decides who enters a workspace by
 * handing out one-time links; opening one starts a session of at most 12 hours. Links and sessions
 * are random 256-bit tokens of which D1 keeps only the SHA-256 hash.
 */

/** A signed-in person's session: the workspace they act for, and when it ends. */
export type DashboardSession = SessionRow & { tokenHash: string };

/** 32 random bytes, base64url: the form of both link and session tokens. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/**
 * Creates a one-time sign-in link to a workspace's dashboard, valid 15 minutes, on `origin`.
 * Unknown workspaces are 404 `workspace_not_found`.
 */
export async function createSignInLink(env: Env, workspaceKey: string, origin: string): Promise<{ url: string; expiresAt: string }> {
  const ws = await getWorkspace(env, workspaceKey);
  if (!ws) throw new ApiError("workspace_not_found", `Workspace ${workspaceKey} does not exist`);
  const token = newToken();
  const now = Date.now();
  const expiresAt = now + LINK_TTL_MS;
  await insertLink(db(env), { tokenHash: await hashKey(token), workspaceId: ws.id, expiresAt, createdAt: nowIso() }, now);
  return { url: `${origin}${DASHBOARD_PATH}/sign-in?token=${token}`, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * Opens a sign-in link: when it is live and unused, a new session starts and the link is spent.
 * Returns the session's token (for the cookie) and its expiry, or null for a used, expired or
 * unknown link (the three are told apart to nobody).
 */
export async function openSignInLink(env: Env, linkToken: string): Promise<{ token: string; expiresAt: number } | null> {
  if (!TOKEN.test(linkToken)) return null;
  const token = newToken();
  const now = Date.now();
  const expiresAt = now + SESSION_TTL_MS;
  const started = await redeemLink(db(env), await hashKey(linkToken), { tokenHash: await hashKey(token), expiresAt, createdAt: nowIso() }, now);
  return started ? { token, expiresAt } : null;
}

/** The live session a cookie names, or null. */
export async function sessionOf(env: Env, cookie: string | undefined): Promise<DashboardSession | null> {
  if (!cookie || !TOKEN.test(cookie)) return null;
  const tokenHash = await hashKey(cookie);
  const row = await findSession(db(env), tokenHash, Date.now());
  return row ? { ...row, tokenHash } : null;
}

/** Ends a session on the server: its cookie stops working at once. */
export async function endSession(env: Env, session: DashboardSession): Promise<void> {
  await deleteSession(db(env), session.tokenHash);
}
