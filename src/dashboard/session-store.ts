import { and, desc, eq, gt, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { dashboardLinks, dashboardSessions, members, workspaces } from "../db/schema";
import type { Role } from "../domain/roles";

/**
 * D1 queries of dashboard sign-in: one-time links and sessions, both stored as SHA-256 hashes of
 * their tokens (see sessions.ts for what the tokens are). A session belongs to a member
 * (docs/team.md): every read joins the member, so a role change counts from the next request and a removed
 * member has no session left.
 */

/** A live session with its workspace and member, as the pages and guards use it. */
export interface SessionRow {
  workspaceId: string;
  workspaceKey: string;
  workspaceName: string;
  sessionId: string;
  memberId: string;
  memberName: string;
  memberEmail: string;
  role: Role;
  /** The dashboard's language the member chose (docs/languages.md), or null to follow the browser's. */
  language: string | null;
  createdAt: string;
  lastActiveAt: number;
  expiresAt: number;
}

/** A session as the Team and Account pages list it. */
export interface SessionListing {
  sessionId: string;
  memberId: string;
  memberName: string;
  memberEmail: string;
  role: Role;
  createdAt: string;
  lastActiveAt: number;
  expiresAt: number;
  userAgent: string;
}

/** What a link opens onto, shown on the page that asks to continue (nothing is spent by looking). */
export interface LinkPreview {
  workspaceName: string;
  memberName: string;
  memberEmail: string;
  purpose: "sign_in" | "invitation";
}

/** A session that has ended by either timeout: its 12 hours are up, or it went `idleMs` without a request. */
function ended(now: number, idleMs: number) {
  return or(lt(dashboardSessions.expiresAt, now), lt(dashboardSessions.lastActiveAt, now - idleMs));
}

/** Stores a link and drops links and sessions that have run out, so neither table grows without bound. */
export async function insertLink(
  d: Db,
  row: { tokenHash: string; workspaceId: string; memberId: string; purpose: "sign_in" | "invitation"; expiresAt: number; createdAt: string },
  now: number,
  idleMs: number,
): Promise<void> {
  await d.batch([
    d.delete(dashboardLinks).where(lt(dashboardLinks.expiresAt, now)),
    d.delete(dashboardSessions).where(ended(now, idleMs)),
    d.insert(dashboardLinks).values(row),
  ]);
}

/** The live, unused link with this hash: whom it signs in to which workspace. */
export async function peekLink(d: Db, linkHash: string, now: number): Promise<LinkPreview | undefined> {
  return d
    .select({ workspaceName: workspaces.name, memberName: members.name, memberEmail: members.email, purpose: dashboardLinks.purpose })
    .from(dashboardLinks)
    .innerJoin(workspaces, eq(workspaces.id, dashboardLinks.workspaceId))
    .innerJoin(members, eq(members.id, dashboardLinks.memberId))
    .where(and(eq(dashboardLinks.tokenHash, linkHash), gt(dashboardLinks.expiresAt, now)))
    .get();
}

/**
 * Turns a live link into a session of its member and deletes the link, in one transaction: of two
 * uses of the same link only the first finds its row, so a link starts at most one session. The
 * member's last sign-in is noted in the same batch. Returns whether a session was created.
 */
export async function redeemLink(
  d: Db,
  linkHash: string,
  session: { tokenHash: string; sessionId: string; expiresAt: number; createdAt: string; userAgent: string },
  now: number,
): Promise<boolean> {
  const live = and(eq(dashboardLinks.tokenHash, linkHash), gt(dashboardLinks.expiresAt, now), isNotNull(dashboardLinks.memberId));
  const [inserted] = await d.batch([
    d
      .insert(dashboardSessions)
      .select(
        sql`SELECT ${session.tokenHash}, ${dashboardLinks.workspaceId}, ${session.expiresAt}, ${session.createdAt}, ${session.sessionId}, ${dashboardLinks.memberId}, ${now}, ${session.userAgent} FROM ${dashboardLinks} WHERE ${live}`,
      )
      .returning({ memberId: dashboardSessions.memberId }),
    d
      .update(members)
      .set({ lastSignInAt: session.createdAt, lastSeenAt: session.createdAt })
      .where(sql`${members.id} = (SELECT ${dashboardLinks.memberId} FROM ${dashboardLinks} WHERE ${live})`),
    d.delete(dashboardLinks).where(eq(dashboardLinks.tokenHash, linkHash)),
  ]);
  return inserted.length > 0;
}

/** The live session with this token hash, with its workspace and member; undefined when unknown or ended. */
export async function findSession(d: Db, tokenHash: string, now: number, idleMs: number): Promise<SessionRow | undefined> {
  const row = await d
    .select({
      workspaceId: dashboardSessions.workspaceId,
      workspaceKey: workspaces.workspaceKey,
      workspaceName: workspaces.name,
      sessionId: dashboardSessions.sessionId,
      memberId: members.id,
      memberName: members.name,
      memberEmail: members.email,
      role: members.role,
      language: members.language,
      createdAt: dashboardSessions.createdAt,
      lastActiveAt: dashboardSessions.lastActiveAt,
      expiresAt: dashboardSessions.expiresAt,
    })
    .from(dashboardSessions)
    .innerJoin(workspaces, eq(workspaces.id, dashboardSessions.workspaceId))
    .innerJoin(members, eq(members.id, dashboardSessions.memberId))
    .where(and(eq(dashboardSessions.tokenHash, tokenHash), gt(dashboardSessions.expiresAt, now), gt(dashboardSessions.lastActiveAt, now - idleMs)))
    .get();
  if (!row || row.sessionId === null) return undefined;
  return { ...row, sessionId: row.sessionId };
}

/** Notes a request of the session (and so of its member) at `now`. */
export async function touchSession(d: Db, tokenHash: string, memberId: string, now: number): Promise<void> {
  await d.batch([
    d.update(dashboardSessions).set({ lastActiveAt: now }).where(eq(dashboardSessions.tokenHash, tokenHash)),
    d
      .update(members)
      .set({ lastSeenAt: new Date(now).toISOString() })
      .where(eq(members.id, memberId)),
  ]);
}

/** The workspace's live sessions (or one member's), most recently active first. */
export async function listSessions(d: Db, workspaceId: string, now: number, idleMs: number, memberId?: string): Promise<SessionListing[]> {
  const rows = await d
    .select({
      sessionId: dashboardSessions.sessionId,
      memberId: members.id,
      memberName: members.name,
      memberEmail: members.email,
      role: members.role,
      createdAt: dashboardSessions.createdAt,
      lastActiveAt: dashboardSessions.lastActiveAt,
      expiresAt: dashboardSessions.expiresAt,
      userAgent: dashboardSessions.userAgent,
    })
    .from(dashboardSessions)
    .innerJoin(members, eq(members.id, dashboardSessions.memberId))
    .where(
      and(
        eq(dashboardSessions.workspaceId, workspaceId),
        gt(dashboardSessions.expiresAt, now),
        gt(dashboardSessions.lastActiveAt, now - idleMs),
        memberId === undefined ? undefined : eq(dashboardSessions.memberId, memberId),
      ),
    )
    .orderBy(desc(dashboardSessions.lastActiveAt))
    .all();
  return rows.flatMap((r) => (r.sessionId === null ? [] : [{ ...r, sessionId: r.sessionId }]));
}

/** Ends a session by its public id within a workspace; the member it belonged to, or undefined when there was none. */
export async function deleteSessionById(d: Db, workspaceId: string, sessionId: string): Promise<string | undefined> {
  const [row] = await d
    .delete(dashboardSessions)
    .where(and(eq(dashboardSessions.workspaceId, workspaceId), eq(dashboardSessions.sessionId, sessionId)))
    .returning({ memberId: dashboardSessions.memberId });
  return row?.memberId ?? undefined;
}

/** Ends every session of a member; how many there were. */
export async function deleteMemberSessions(d: Db, workspaceId: string, memberId: string): Promise<number> {
  const rows = await d
    .delete(dashboardSessions)
    .where(and(eq(dashboardSessions.workspaceId, workspaceId), eq(dashboardSessions.memberId, memberId)))
    .returning({ tokenHash: dashboardSessions.tokenHash });
  return rows.length;
}

/** Ends a session: from the next request on its cookie is worth nothing. */
export async function deleteSession(d: Db, tokenHash: string): Promise<void> {
  await d.delete(dashboardSessions).where(eq(dashboardSessions.tokenHash, tokenHash));
}
