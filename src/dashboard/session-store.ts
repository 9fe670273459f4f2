import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { dashboardLinks, dashboardSessions, workspaces } from "../db/schema";

/**
 * D1 queries of dashboard sign-in: one-time links and sessions, both stored as SHA-256 hashes of
 * their tokens (see sessions.ts for what the tokens are).
 */

/** The workspace a session belongs to, as the pages show it. */
export interface SessionRow {
  workspaceId: string;
  workspaceKey: string;
  workspaceName: string;
  expiresAt: number;
}

/** Stores a link and drops links and sessions that have run out, so neither table grows without bound. */
export async function insertLink(d: Db, row: { tokenHash: string; workspaceId: string; expiresAt: number; createdAt: string }, now: number): Promise<void> {
  await d.batch([
    d.delete(dashboardLinks).where(lt(dashboardLinks.expiresAt, now)),
    d.delete(dashboardSessions).where(lt(dashboardSessions.expiresAt, now)),
    d.insert(dashboardLinks).values(row),
  ]);
}

/**
 * Turns a live link into a session and deletes the link, in one transaction: of two openings of
 * the same link only the first finds its row, so a link starts at most one session. Returns
 * whether a session was created.
 */
export async function redeemLink(d: Db, linkHash: string, session: { tokenHash: string; expiresAt: number; createdAt: string }, now: number): Promise<boolean> {
  const [inserted] = await d.batch([
    d
      .insert(dashboardSessions)
      .select(
        sql`SELECT ${session.tokenHash}, ${dashboardLinks.workspaceId}, ${session.expiresAt}, ${session.createdAt} FROM ${dashboardLinks} WHERE ${dashboardLinks.tokenHash} = ${linkHash} AND ${dashboardLinks.expiresAt} > ${now}`,
      )
      .returning({ workspaceId: dashboardSessions.workspaceId }),
    d.delete(dashboardLinks).where(eq(dashboardLinks.tokenHash, linkHash)),
  ]);
  return inserted.length > 0;
}

/** The live session with this token hash, with its workspace; undefined when unknown or expired. */
export async function findSession(d: Db, tokenHash: string, now: number): Promise<SessionRow | undefined> {
  return d
    .select({
      workspaceId: dashboardSessions.workspaceId,
      workspaceKey: workspaces.workspaceKey,
      workspaceName: workspaces.name,
      expiresAt: dashboardSessions.expiresAt,
    })
    .from(dashboardSessions)
    .innerJoin(workspaces, eq(workspaces.id, dashboardSessions.workspaceId))
    .where(and(eq(dashboardSessions.tokenHash, tokenHash), gt(dashboardSessions.expiresAt, now)))
    .get();
}

/** Ends a session: from the next request on its cookie is worth nothing. */
export async function deleteSession(d: Db, tokenHash: string): Promise<void> {
  await d.delete(dashboardSessions).where(eq(dashboardSessions.tokenHash, tokenHash));
}
