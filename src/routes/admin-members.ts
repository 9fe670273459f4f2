import { createRoute, z } from "@hono/zod-openapi";
import { memberCreateSchema, memberPatchSchema, memberSchema } from "../domain/members";
import { newRouter } from "../http/app-factory";
import { ApiError } from "../http/errors";
import { errorResponses } from "../http/openapi";
import { addMember, changeMember, getMemberRecord, listMemberRecords, removeMember } from "../workspaces/members";
import { getWorkspace } from "../workspaces/provision";

/**
 * The operator API's members (docs/team.md): the people of a workspace and their roles. The
 * operator may add, change and remove anyone, owners included; a workspace keeps at least one owner
 * (409 `last_owner`). Removing a member ends their sessions at once; a role change applies to their
 * open sessions from their next request.
 */
export const adminMembers = newRouter();

const security = [{ AdminToken: [] }];
const tags = ["Operator"];

const workspaceParam = z.object({
  workspaceKey: z
    .string()
    .min(1)
    .max(255)
    .openapi({ param: { name: "workspaceKey", in: "path" } }),
});
const memberParam = workspaceParam.extend({
  // Any id is looked up (an unknown one is 404 member_not_found), so a broken body is told before a path.
  memberId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "memberId", in: "path" }, example: "mem_3kTq9bX2mN8pL4vR7sW1" }),
});
const memberAnswer = (description: string) => ({ description, content: { "application/json": { schema: memberSchema } } });

/** The workspace a path names; 404 `workspace_not_found`. */
async function workspaceOf(env: Env, workspaceKey: string): Promise<{ id: string; workspaceKey: string }> {
  const ws = await getWorkspace(env, workspaceKey);
  if (!ws) throw new ApiError("workspace_not_found", `Workspace ${workspaceKey} does not exist`);
  return ws;
}

adminMembers.openapi(
  createRoute({
    method: "post",
    path: "/workspaces/{workspaceKey}/members",
    operationId: "createMember",
    tags,
    security,
    summary: "Add a member with a role",
    description: "`email` is checked for form and compared without regard to case: an address already a member is 409 member_exists.",
    request: { params: workspaceParam, body: { content: { "application/json": { schema: memberCreateSchema } }, required: true } },
    responses: { 201: memberAnswer("The new member"), ...errorResponses(400, 401, 404, 409) },
  }),
  async (c) => {
    const ws = await workspaceOf(c.env, c.req.valid("param").workspaceKey);
    return c.json(await addMember(c.env, ws.id, c.req.valid("json")), 201);
  },
);

adminMembers.openapi(
  createRoute({
    method: "get",
    path: "/workspaces/{workspaceKey}/members",
    operationId: "listMembers",
    tags,
    security,
    summary: "List a workspace's members, owners first",
    request: { params: workspaceParam },
    responses: {
      200: { description: "The members", content: { "application/json": { schema: z.object({ items: z.array(memberSchema) }).openapi("MemberList") } } },
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const ws = await workspaceOf(c.env, c.req.valid("param").workspaceKey);
    return c.json({ items: await listMemberRecords(c.env, ws.id) }, 200);
  },
);

adminMembers.openapi(
  createRoute({
    method: "get",
    path: "/workspaces/{workspaceKey}/members/{memberId}",
    operationId: "getMember",
    tags,
    security,
    summary: "Read a member",
    request: { params: memberParam },
    responses: { 200: memberAnswer("The member"), ...errorResponses(400, 401, 404) },
  }),
  async (c) => {
    const { workspaceKey, memberId } = c.req.valid("param");
    const ws = await workspaceOf(c.env, workspaceKey);
    return c.json(await getMemberRecord(c.env, ws.id, memberId), 200);
  },
);

adminMembers.openapi(
  createRoute({
    method: "patch",
    path: "/workspaces/{workspaceKey}/members/{memberId}",
    operationId: "updateMember",
    tags,
    security,
    summary: "Change a member's role and/or name",
    description: "Applies to the member's open sessions from their next request. Demoting the last owner is 409 last_owner.",
    request: { params: memberParam, body: { content: { "application/json": { schema: memberPatchSchema } }, required: true } },
    responses: { 200: memberAnswer("The member as changed"), ...errorResponses(400, 401, 404, 409) },
  }),
  async (c) => {
    const { workspaceKey, memberId } = c.req.valid("param");
    const ws = await workspaceOf(c.env, workspaceKey);
    const { member, before } = await changeMember(c.env, ws.id, memberId, c.req.valid("json"));
    c.set("auditNote", { role: before.role, name: before.name, email: before.email });
    return c.json(member, 200);
  },
);

adminMembers.openapi(
  createRoute({
    method: "delete",
    path: "/workspaces/{workspaceKey}/members/{memberId}",
    operationId: "deleteMember",
    tags,
    security,
    summary: "Remove a member; their sessions end at once",
    description: "Removing the last owner is 409 last_owner.",
    request: { params: memberParam },
    responses: {
      200: {
        description: "Removed",
        content: { "application/json": { schema: z.object({ memberId: z.string(), deleted: z.literal(true) }).openapi("MemberDeleted") } },
      },
      ...errorResponses(400, 401, 404, 409),
    },
  }),
  async (c) => {
    const { workspaceKey, memberId } = c.req.valid("param");
    const ws = await workspaceOf(c.env, workspaceKey);
    const removed = await removeMember(c.env, ws.id, memberId);
    c.set("auditNote", { role: removed.role, name: removed.name, email: removed.email });
    return c.json({ memberId: removed.memberId, deleted: true as const }, 200);
  },
);
