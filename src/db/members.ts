import { and, asc, eq, sql } from "drizzle-orm";
import type { Member } from "../domain/members";
import type { Role } from "../domain/roles";
import type { Db } from "./client";
import { dashboardLinks, dashboardSessions, members } from "./schema";

/**
 * D1 queries of a workspace's members (docs/team.md). The rule that a workspace keeps at least one
 * owner is checked inside the statement that would break it, so two owners demoting each other at
 * the same moment cannot both succeed.
 */

export type MemberRow = typeof members.$inferSelect;

/** The public form of a member row. */
export function memberRecord(row: MemberRow): Member {
  return {
    memberId: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    lastSignInAt: row.lastSignInAt,
  };
}

/** Every member of a workspace, owners first, then by when they were added. */
export async function listMembers(d: Db, workspaceId: string): Promise<MemberRow[]> {
  return d
    .select()
    .from(members)
    .where(eq(members.workspaceId, workspaceId))
    .orderBy(
      sql`CASE ${members.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'designer' THEN 2 WHEN 'box_office' THEN 3 ELSE 4 END`,
      asc(members.createdAt),
    )
    .all();
}

export async function findMember(d: Db, workspaceId: string, memberId: string): Promise<MemberRow | undefined> {
  return d
    .select()
    .from(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.id, memberId)))
    .get();
}

/** The member with this (normalised) address. */
export async function findMemberByEmail(d: Db, workspaceId: string, email: string): Promise<MemberRow | undefined> {
  return d
    .select()
    .from(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.email, email)))
    .get();
}

/** The workspace's first owner: the earliest owner still a member. */
export async function findFirstOwner(d: Db, workspaceId: string): Promise<MemberRow | undefined> {
  return d
    .select()
    .from(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.role, "owner")))
    .orderBy(asc(members.createdAt), asc(members.id))
    .limit(1)
    .get();
}

/** Inserts a member; false when the address is already a member of the workspace. */
export async function insertMember(d: Db, row: MemberRow): Promise<boolean> {
  const inserted = await d.insert(members).values(row).onConflictDoNothing().returning({ id: members.id });
  return inserted.length > 0;
}

/** A statement that is true while the workspace has another owner besides `memberId`. */
function anotherOwner(workspaceId: string, memberId: string) {
  return sql`EXISTS (SELECT 1 FROM ${members} AS other WHERE other.workspace_id = ${workspaceId} AND other.role = 'owner' AND other.id <> ${memberId})`;
}

export type MemberChange = { ok: true; row: MemberRow } | { ok: false; reason: "not_found" | "last_owner" };

/**
 * Changes a member's role and/or name. Taking the owner role from the last owner changes nothing
 * and answers `last_owner`: the condition is part of the update itself.
 */
export async function updateMember(d: Db, workspaceId: string, memberId: string, patch: { role?: Role; name?: string }): Promise<MemberChange> {
  const demotes = patch.role !== undefined && patch.role !== "owner";
  const guard = demotes ? sql`(${members.role} <> 'owner' OR ${anotherOwner(workspaceId, memberId)})` : sql`1 = 1`;
  const [row] = await d
    .update(members)
    .set({ ...(patch.role !== undefined ? { role: patch.role } : {}), ...(patch.name !== undefined ? { name: patch.name } : {}) })
    .where(and(eq(members.workspaceId, workspaceId), eq(members.id, memberId), guard))
    .returning();
  if (row) return { ok: true, row };
  return { ok: false, reason: (await findMember(d, workspaceId, memberId)) ? "last_owner" : "not_found" };
}

/** Sets the language a member reads the dashboard in (null: the browser's); false when the workspace has no such member. */
export async function setMemberLanguage(d: Db, workspaceId: string, memberId: string, language: string | null): Promise<boolean> {
  const [row] = await d
    .update(members)
    .set({ language })
    .where(and(eq(members.workspaceId, workspaceId), eq(members.id, memberId)))
    .returning({ id: members.id });
  return row !== undefined;
}

/**
 * Removes a member with their sessions and unused links, in one batch: the sessions end with the
 * removal. The last owner is never removed (`last_owner`, nothing changed).
 */
export async function deleteMember(d: Db, workspaceId: string, memberId: string): Promise<MemberChange> {
  const removable = and(
    eq(members.workspaceId, workspaceId),
    eq(members.id, memberId),
    sql`(${members.role} <> 'owner' OR ${anotherOwner(workspaceId, memberId)})`,
  );
  const stillRemovable = sql`EXISTS (SELECT 1 FROM ${members} WHERE ${removable})`;
  const [, , deleted] = await d.batch([
    d.delete(dashboardSessions).where(and(eq(dashboardSessions.memberId, memberId), stillRemovable)),
    d.delete(dashboardLinks).where(and(eq(dashboardLinks.memberId, memberId), stillRemovable)),
    d.delete(members).where(removable).returning(),
  ]);
  const [row] = deleted;
  if (row) return { ok: true, row };
  return { ok: false, reason: (await findMember(d, workspaceId, memberId)) ? "last_owner" : "not_found" };
}
