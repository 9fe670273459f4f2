import { Hono, type Context } from "hono";
import { deleteCookie } from "hono/cookie";
import { memberCreateSchema, memberPatchSchema } from "../../domain/members";
import { mayManageRole } from "../../domain/roles";
import { addMember, changeMember, listMemberRecords, removeMember } from "../../workspaces/members";
import { notAllowed } from "../access";
import { cookieOptions, configuredOrigin, SESSION_COOKIE } from "../config";
import type { DashEnv } from "../context";
import { endMemberSessions, linkForMember, liveSessions, revokeSession } from "../sessions";
import { jsonBody } from "./support";

/**
 * The Team page's data routes (docs/team.md), for owners and admins: members and their roles,
 * invitations (a one-time link valid 7 days, shown once to the one who invited), the workspace's
 * live sessions and their revocation. Nobody manages a role above what the role table gives them
 * (an admin never touches an owner). And everyone's own Account: sign out everywhere.
 */
export const teamRoutes = new Hono<DashEnv>();

/** The origin an invitation link is made on: the configured public origin, or the one the page was served from. */
function linkOrigin(c: Context<DashEnv>): string {
  return configuredOrigin(c.env) ?? new URL(c.req.url).origin;
}

teamRoutes.get("/members", async (c) => c.json({ items: await listMemberRecords(c.env, c.var.session.workspaceId) }, 200));

// Invite: the member, and the link to send them (shown this once; only its hash is kept).
teamRoutes.post("/members", async (c) => {
  const body = await jsonBody(c, memberCreateSchema);
  const session = c.var.session;
  const member = await addMember(c.env, session.workspaceId, body, session.role);
  const link = await linkForMember(c.env, { id: session.workspaceId }, member.memberId, linkOrigin(c), "invitation");
  return c.json({ ...member, invitationUrl: link.url, invitationExpiresAt: link.expiresAt }, 201);
});

teamRoutes.patch("/members/:memberId", async (c) => {
  const body = await jsonBody(c, memberPatchSchema);
  const session = c.var.session;
  const { member, before } = await changeMember(c.env, session.workspaceId, c.req.param("memberId"), body, session.role);
  c.set("auditNote", { role: before.role, name: before.name, email: before.email });
  return c.json(member, 200);
});

teamRoutes.delete("/members/:memberId", async (c) => {
  const session = c.var.session;
  const removed = await removeMember(c.env, session.workspaceId, c.req.param("memberId"), session.role);
  c.set("auditNote", { role: removed.role, name: removed.name, email: removed.email });
  return c.json({ memberId: removed.memberId, deleted: true }, 200);
});

teamRoutes.get("/sessions", async (c) => c.json({ items: await liveSessions(c.env, c.var.session.workspaceId) }, 200));

// Revoke a session: one's own, or one of a member whose role one may manage (an admin never revokes an owner's).
teamRoutes.delete("/sessions/:sessionId", async (c) => {
  const session = c.var.session;
  const sessionId = c.req.param("sessionId");
  const target = (await liveSessions(c.env, session.workspaceId)).find((s) => s.sessionId === sessionId);
  if (target && target.memberId !== session.memberId && !mayManageRole(session.role, target.role)) throw notAllowed(session.role, "owners.manage");
  const revoked = await revokeSession(c.env, session.workspaceId, sessionId);
  return c.json({ ...revoked, email: target?.memberEmail ?? null }, 200);
});

teamRoutes.get("/account", async (c) => {
  const s = c.var.session;
  return c.json(
    {
      memberId: s.memberId,
      email: s.memberEmail,
      name: s.memberName,
      role: s.role,
      sessions: await liveSessions(c.env, s.workspaceId, s.memberId),
    },
    200,
  );
});

// Sign out everywhere: every session of the member ends, this one included.
teamRoutes.delete("/account/sessions", async (c) => {
  const s = c.var.session;
  const ended = await endMemberSessions(c.env, s.workspaceId, s.memberId);
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c.req.url, 0));
  return c.json({ memberId: s.memberId, ended }, 200);
});
