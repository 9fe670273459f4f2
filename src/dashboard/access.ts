import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
import { routePermission } from "../domain/dashboard-access";
import { can, ROLE_NAMES, rolesThatCan, type Permission, type Role } from "../domain/roles";
import type { AuditWho } from "../http/audit-trail";
import { ApiError } from "../http/errors";
import type { DashEnv } from "./context";

/**
 * The role table enforced (docs/team.md): every data route under /dashboard/api/ is allowed only
 * to the roles with its permission in domain/dashboard-access.ts, whatever a page sent. The check
 * runs after the session is known and before the route does anything, so a refusal changes
 * nothing. A route with no entry is refused to everyone (closed by default).
 */

/** The 403 a role gets for something it may not do, naming who may. */
export function notAllowed(role: Role, permission: Permission): ApiError {
  const who = rolesThatCan(permission)
    .map((r) => ROLE_NAMES[r])
    .join(", ");
  return new ApiError("forbidden", `Your role (${ROLE_NAMES[role]}) may not do this; it is for: ${who}. Ask an owner or admin of the workspace.`);
}

/** Refuses the signed-in member unless their role may `permission` (a check a route makes on its body, like a forced publish). */
export function demand(c: Context<DashEnv>, permission: Permission): void {
  const role = c.var.session.role;
  if (!can(role, permission)) throw notAllowed(role, permission);
}

/** The pattern of the data route a request matched ("/:environment/events/:eventKey"), or null when none did (a 404). */
export function dataRouteOf(c: Context): { method: string; pattern: string } | null {
  const route = matchedRoutes(c).find((r) => r.method !== "ALL" && r.path.startsWith("/dashboard/api/"));
  if (!route) return null;
  return {
    method: route.method,
    pattern: route.path
      .slice("/dashboard/api".length)
      .replace(/\{[^}]*\}/g, "")
      .replace(/\/$/, ""),
  };
}

/** The data routes' guard: the member's role must have the route's permission. */
export function authorize() {
  return createMiddleware<DashEnv>(async function authorize(c, next) {
    const route = dataRouteOf(c);
    if (route) {
      const permission = routePermission(route.method, route.pattern);
      if (!permission) throw new ApiError("forbidden", `No role may use ${route.method} ${route.pattern}: it is missing from the role table`);
      demand(c, permission);
    }
    await next();
  });
}

/** A page only some roles may see (the Team page): the others get the error page, 403. */
export function requirePage(permission: Permission) {
  return createMiddleware<DashEnv>(async function requirePage(c, next) {
    demand(c, permission);
    await next();
  });
}

/** The member acting, for the audit trail; the environment the path names, or none (workspace-level). */
export function memberActor(c: Context<DashEnv>): AuditWho {
  const session = c.var.session;
  const environment = c.req.param("environment");
  return {
    workspaceId: session.workspaceId,
    environment: environment === "production" || environment === "sandbox" ? environment : null,
    actor: { type: "member", id: session.memberId, name: session.memberName },
  };
}
