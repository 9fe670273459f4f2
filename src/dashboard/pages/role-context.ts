import { createContext, useContext } from "hono/jsx";
import { mayCall } from "../../domain/dashboard-access";
import { can, type Permission, type Role } from "../../domain/roles";

/**
 * The signed-in member's role, given by the page frame (layout.tsx) to every control it renders.
 * A control that calls a data route shows itself only when the role table lets this role call that
 * route (domain/dashboard-access.ts), which is the very check the server makes: the page and the
 * server cannot disagree. Outside a page frame the role is the least allowed, so nothing is offered.
 */
export const RoleContext = createContext<Role>("viewer");

/** The role of the member the page is rendered for. */
export function useRole(): Role {
  return useContext(RoleContext);
}

/** Whether the page's member may call this data route (by its URL and method). */
export function useMayCall(method: string, url: string): boolean {
  return mayCall(useRole(), method, url);
}

/** Whether the page's member has a permission (for what no single route stands for, like seeing whether a secret key exists). */
export function useCan(permission: Permission): boolean {
  return can(useRole(), permission);
}
