/**
 * Who may do what in a workspace's dashboard (docs/team.md): the one role table. The dashboard's
 * server checks (every /dashboard/api/ route, domain/dashboard-access.ts) and the controls its pages
 * show are both read from here, so a page never offers what the server would refuse.
 */

/** The roles, from the least allowed to the most. */
export const ROLES = ["viewer", "box_office", "designer", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];

/** Each role in words, for people choosing one. */
export const ROLE_NAMES: Record<Role, string> = {
  viewer: "Viewer",
  box_office: "Box office",
  designer: "Designer",
  admin: "Admin",
  owner: "Owner",
};

/** What each role is for, in one line (the Team page's hint). */
export const ROLE_SUMMARIES: Record<Role, string> = {
  viewer: "reads every page, changes nothing",
  box_office: "books, releases and takes seats off sale, with an order id",
  designer: "creates charts, edits drafts, renames and publishes without force",
  admin: "everything in the dashboard, members below owner included",
  owner: "everything, owners and workspace settings included",
};

/**
 * The things a role may be allowed, each a group of controls and data routes:
 * - `read`: every page and list (a page that shows a secret never shows it, whoever reads it).
 * - `secret_key.status`: whether an environment has a secret key, and since when.
 * - `secret_key.manage`: create or rotate keys.
 * - `charts.edit`: create charts, edit drafts in the designer, rename, publish without force.
 * - `charts.manage`: delete, unpublish, publish with force.
 * - `box_office`: book, release, not for sale and for sale, with an order id (seasons too).
 * - `events.manage`: events, seasons, selection rules, channels, accessibility, the waiting room, reset.
 * - `webhooks.manage`: add, edit, delete endpoints, rotate secrets, test sends and replays.
 * - `prices.manage`: an event's and a season's prices.
 * - `members.manage`: invite, change and remove members below owner; see and revoke their sessions.
 * - `owners.manage`: owners themselves, and workspace-level settings.
 */
export const PERMISSIONS = [
  "read",
  "secret_key.status",
  "secret_key.manage",
  "charts.edit",
  "charts.manage",
  "box_office",
  "events.manage",
  "webhooks.manage",
  "prices.manage",
  "members.manage",
  "owners.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const VIEWER: readonly Permission[] = ["read"];
const ADMIN: readonly Permission[] = PERMISSIONS.filter((p) => p !== "owners.manage");

/** The role table (docs/team.md): each role and everything it may do. */
export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  viewer: new Set(VIEWER),
  box_office: new Set([...VIEWER, "box_office"]),
  designer: new Set([...VIEWER, "charts.edit"]),
  admin: new Set(ADMIN),
  owner: new Set(PERMISSIONS),
};

/** Whether a role may do something. */
export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** The roles that may do something, least allowed first (for messages and tests). */
export function rolesThatCan(permission: Permission): Role[] {
  return ROLES.filter((r) => can(r, permission));
}

/**
 * Whether a member of role `actor` may manage a member whose role is (or is to become) `target`:
 * whoever may manage members manages every role below owner; owners only by someone who may manage
 * owners. The operator (outside any role) manages everyone.
 */
export function mayManageRole(actor: Role, target: Role): boolean {
  if (target === "owner") return can(actor, "owners.manage");
  return can(actor, "members.manage");
}

/** The roles `actor` may give to someone (the Team page's choices). */
export function assignableRoles(actor: Role): Role[] {
  return ROLES.filter((r) => mayManageRole(actor, r));
}
