import { db, nowIso } from "../db/client";
import {
  deleteMember,
  findFirstOwner,
  findMember,
  findMemberByEmail,
  insertMember,
  listMembers,
  memberRecord,
  updateMember,
  type MemberRow,
} from "../db/members";
import { ServiceError } from "../domain/errors";
import { firstOwnerEmail, type Member, type MemberCreate, type MemberPatch, type SignInTarget } from "../domain/members";
import { mayManageRole, ROLE_NAMES, type Role } from "../domain/roles";
import { newId } from "../keys/keys";

/**
 * A workspace's members (docs/team.md), for both doors that manage them: the operator API, which
 * may do anything, and the dashboard's Team page, where `by` is the role of the member acting and
 * nobody manages a role above what the role table lets them. A refusal is thrown as a ServiceError.
 */

/** The workspace a member operation acts in. */
export interface MemberWorkspace {
  id: string;
  workspaceKey: string;
}

/** Refuses a member of role `by` touching a member of role `role`: 403, before anything changes. */
function assertMayManage(by: Role | undefined, role: Role): void {
  if (by !== undefined && !mayManageRole(by, role)) {
    throw new ServiceError("forbidden", `Your role (${ROLE_NAMES[by]}) may not manage members whose role is ${ROLE_NAMES[role]}`);
  }
}

function notFound(memberId: string): ServiceError {
  return new ServiceError("member_not_found", `Member ${memberId} does not exist in this workspace`);
}

function lastOwner(): ServiceError {
  return new ServiceError("last_owner", "A workspace keeps at least one owner: make another member owner first");
}

/** The row of a new member (shared with workspace creation, which adds the first owner in its own batch). */
export function newMemberRow(workspaceId: string, input: MemberCreate): MemberRow {
  return {
    id: newId("mem"),
    workspaceId,
    email: input.email,
    name: input.name,
    role: input.role,
    createdAt: nowIso(),
    lastSeenAt: null,
    lastSignInAt: null,
    language: null,
  };
}

/** Every member of the workspace, owners first. */
export async function listMemberRecords(env: Env, workspaceId: string): Promise<Member[]> {
  return (await listMembers(db(env), workspaceId)).map(memberRecord);
}

/** One member of the workspace; 404 `member_not_found`. */
export async function getMemberRecord(env: Env, workspaceId: string, memberId: string): Promise<Member> {
  const row = await findMember(db(env), workspaceId, memberId);
  if (!row) throw notFound(memberId);
  return memberRecord(row);
}

/** Adds a member. An address already a member (in any case) is 409 `member_exists`. */
export async function addMember(env: Env, workspaceId: string, input: MemberCreate, by?: Role): Promise<Member> {
  assertMayManage(by, input.role);
  const row = newMemberRow(workspaceId, input);
  if (!(await insertMember(db(env), row))) {
    throw new ServiceError("member_exists", `${input.email} is already a member of this workspace`, {
      errors: { email: ["is already a member of this workspace"] },
    });
  }
  return memberRecord(row);
}

/**
 * Changes a member's role and/or name; it applies to the member's open sessions from their next
 * request. The last owner cannot be demoted (409 `last_owner`).
 */
export async function changeMember(
  env: Env,
  workspaceId: string,
  memberId: string,
  patch: MemberPatch,
  by?: Role,
): Promise<{ member: Member; before: Member }> {
  const d = db(env);
  const before = await findMember(d, workspaceId, memberId);
  if (!before) throw notFound(memberId);
  assertMayManage(by, before.role);
  if (patch.role !== undefined) assertMayManage(by, patch.role);
  const changed = await updateMember(d, workspaceId, memberId, patch);
  if (!changed.ok) throw changed.reason === "last_owner" ? lastOwner() : notFound(memberId);
  return { member: memberRecord(changed.row), before: memberRecord(before) };
}

/** Removes a member and ends their sessions at once. The last owner cannot be removed (409 `last_owner`). */
export async function removeMember(env: Env, workspaceId: string, memberId: string, by?: Role): Promise<Member> {
  const d = db(env);
  const found = await findMember(d, workspaceId, memberId);
  if (!found) throw notFound(memberId);
  assertMayManage(by, found.role);
  const removed = await deleteMember(d, workspaceId, memberId);
  if (!removed.ok) throw removed.reason === "last_owner" ? lastOwner() : notFound(memberId);
  return memberRecord(removed.row);
}

/**
 * The workspace's first owner. A workspace made by a version of the service older than members,
 * and not yet given its owner by the upgrade's data migration, gets it here.
 */
export async function firstOwner(env: Env, ws: MemberWorkspace): Promise<MemberRow> {
  const d = db(env);
  const found = await findFirstOwner(d, ws.id);
  if (found) return found;
  const row = newMemberRow(ws.id, { email: firstOwnerEmail(ws.workspaceKey), name: "Owner", role: "owner" });
  await insertMember(d, row);
  const owner = await findFirstOwner(d, ws.id);
  if (!owner) throw lastOwner();
  return owner;
}

/** The member a sign-in link is for: by id, by address, or else the first owner (docs/dashboard.md unchanged). */
export async function memberForSignIn(env: Env, ws: MemberWorkspace, target: SignInTarget): Promise<MemberRow> {
  const d = db(env);
  if (target.memberId !== undefined) {
    const row = await findMember(d, ws.id, target.memberId);
    if (!row) throw notFound(target.memberId);
    return row;
  }
  if (target.email !== undefined) {
    const row = await findMemberByEmail(d, ws.id, target.email);
    if (!row) throw new ServiceError("member_not_found", `${target.email} is not a member of this workspace`);
    return row;
  }
  return firstOwner(env, ws);
}
