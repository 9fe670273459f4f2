import { db, nowIso } from "../db/client";
import type { SignInTarget } from "../domain/members";
import { ServiceError } from "../domain/errors";
import { hashKey, newId } from "../keys/keys";
import { getWorkspace } from "../workspaces/provision";
import { memberForSignIn } from "../workspaces/members";
import { ACTIVITY_WRITE_INTERVAL_MS, DASHBOARD_PATH, idleTimeoutMs, INVITATION_TTL_MS, LINK_TTL_MS, SESSION_TTL_MS } from "./config";
import {
  deleteMemberSessions,
  deleteSession,
  deleteSessionById,
  findSession,
  insertLink,
  listSessions,
  peekLink,
  redeemLink,
  touchSession,
  type LinkPreview,
  type SessionListing,
  type SessionRow,
} from "./session-store";

/**
 * Dashboard sign-in (docs/dashboard.md, docs/team.md). A session belongs to a member: a one-time link (the
 * operator's, valid 15 minutes, or an invitation from the Team page, valid 7 days) starts one for
 * the member it names, and so could a sign-in through an identity provider later, since nothing
 * after the start depends on how it began. Opening a link only shows a page; its "Continue" button
 * spends it. Links and sessions are random 256-bit tokens of which D1 keeps only the SHA-256 hash.
 * A session ends after the idle timeout without a request, 12 hours after it started, at sign-out,
 * when it is revoked, or when its member is removed.
 */

/** A signed-in member's session: the workspace they act for, who they are, their role now. */
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

/** A new link for a member, on `origin`; `purpose` sets how long it waits (15 minutes, or 7 days for an invitation). */
export async function linkForMember(
  env: Env,
  ws: { id: string },
  memberId: string,
  origin: string,
  purpose: "sign_in" | "invitation",
): Promise<{ url: string; expiresAt: string }> {
  const token = newToken();
  const now = Date.now();
  const expiresAt = now + (purpose === "invitation" ? INVITATION_TTL_MS : LINK_TTL_MS);
  await insertLink(
    db(env),
    { tokenHash: await hashKey(token), workspaceId: ws.id, memberId, purpose, expiresAt, createdAt: nowIso() },
    now,
    idleTimeoutMs(env),
  );
  return { url: `${origin}${DASHBOARD_PATH}/sign-in?token=${token}`, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * The operator's one-time sign-in link (15 minutes) for a member named by id or address, or for the
 * workspace's first owner when none is named. Unknown workspaces are 404 `workspace_not_found`,
 * unknown members 404 `member_not_found`.
 */
export async function createSignInLink(
  env: Env,
  workspaceKey: string,
  origin: string,
  target: SignInTarget = {},
): Promise<{ url: string; expiresAt: string; memberId: string }> {
  const ws = await getWorkspace(env, workspaceKey);
  if (!ws) throw new ServiceError("workspace_not_found", `Workspace ${workspaceKey} does not exist`);
  const member = await memberForSignIn(env, ws, target);
  return { ...(await linkForMember(env, ws, member.id, origin, "sign_in")), memberId: member.id };
}

/** Whom a live, unused link signs in, without spending it; null for a used, expired or unknown link. */
export async function previewSignInLink(env: Env, linkToken: string): Promise<LinkPreview | null> {
  if (!TOKEN.test(linkToken)) return null;
  return (await peekLink(db(env), await hashKey(linkToken), Date.now())) ?? null;
}

/**
 * Spends a sign-in link: when it is live and unused, a new session of its member starts and the
 * link is gone. Returns the session's token (for the cookie), or null for a used, expired or
 * unknown link (the three are told apart to nobody).
 */
export async function openSignInLink(env: Env, linkToken: string, userAgent: string): Promise<{ token: string; expiresAt: number } | null> {
  if (!TOKEN.test(linkToken)) return null;
  const token = newToken();
  const now = Date.now();
  const expiresAt = now + SESSION_TTL_MS;
  const started = await redeemLink(
    db(env),
    await hashKey(linkToken),
    { tokenHash: await hashKey(token), sessionId: newId("ses"), expiresAt, createdAt: new Date(now).toISOString(), userAgent: userAgent.slice(0, 255) },
    now,
  );
  return started ? { token, expiresAt } : null;
}

/**
 * The live session a cookie names, or null. Each request keeps it alive: its last activity is
 * written when the one recorded is more than a minute old.
 */
export async function sessionOf(env: Env, cookie: string | undefined): Promise<DashboardSession | null> {
  if (!cookie || !TOKEN.test(cookie)) return null;
  const tokenHash = await hashKey(cookie);
  const now = Date.now();
  const d = db(env);
  const row = await findSession(d, tokenHash, now, idleTimeoutMs(env));
  if (!row) return null;
  if (now - row.lastActiveAt >= ACTIVITY_WRITE_INTERVAL_MS) await touchSession(d, tokenHash, row.memberId, now);
  return { ...row, tokenHash };
}

/** Ends a session on the server: its cookie stops working at once. */
export async function endSession(env: Env, session: DashboardSession): Promise<void> {
  await deleteSession(db(env), session.tokenHash);
}

/** The workspace's live sessions (or one member's): who is signed in right now. */
export async function liveSessions(env: Env, workspaceId: string, memberId?: string): Promise<SessionListing[]> {
  return listSessions(db(env), workspaceId, Date.now(), idleTimeoutMs(env), memberId);
}

/** Ends a session of the workspace by its public id; 404 `session_not_found` when it has none by that id. */
export async function revokeSession(env: Env, workspaceId: string, sessionId: string): Promise<{ sessionId: string; memberId: string }> {
  const memberId = await deleteSessionById(db(env), workspaceId, sessionId);
  if (memberId === undefined) throw new ServiceError("session_not_found", `Session ${sessionId} is not a live session of this workspace`);
  return { sessionId, memberId };
}

/** Ends every session of a member (Sign out everywhere); how many there were. */
export async function endMemberSessions(env: Env, workspaceId: string, memberId: string): Promise<number> {
  return deleteMemberSessions(db(env), workspaceId, memberId);
}
