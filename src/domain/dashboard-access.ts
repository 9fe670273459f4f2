import { can, type Permission, type Role } from "./roles";

/**
 * What each data route of the dashboard (/dashboard/api/…) needs, by the role table's permissions
 * (domain/roles.ts). The server refuses a route to a role without its permission (403 `forbidden`,
 * before anything changes), and a page shows a control only to a role that may use the route the
 * control calls: both read this one table. A route that is not in it is refused to everyone, and a
 * test walks the app's routes to fail on one that was forgotten.
 *
 * Keys are "METHOD /path" below /dashboard/api, with `:name` for a path parameter.
 */
export const DASHBOARD_ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  "GET /charts": "read",
  "POST /charts": "charts.edit",
  "GET /charts/:chartKey": "read",
  "PATCH /charts/:chartKey": "charts.edit",
  "DELETE /charts/:chartKey": "charts.manage",
  "GET /charts/:chartKey/draft": "read",
  "GET /charts/:chartKey/published": "read",
  "GET /charts/:chartKey/publish-check": "read",
  // A publish with force needs charts.manage too: the route checks its body (dashboard/api/charts.ts).
  "POST /charts/:chartKey/publish": "charts.edit",
  "POST /charts/:chartKey/unpublish": "charts.manage",
  "POST /:environment/charts/:chartKey/publish": "charts.edit",
  "POST /:environment/charts/:chartKey/unpublish": "charts.manage",

  "POST /:environment/secret-key": "secret_key.manage",
  "POST /:environment/public-key/rotate": "secret_key.manage",

  "GET /:environment/events": "read",
  "POST /:environment/events": "events.manage",
  "POST /production/events/import-from-sandbox": "events.manage",
  "GET /:environment/events/:eventKey": "read",
  "PATCH /:environment/events/:eventKey": "events.manage",
  "DELETE /:environment/events/:eventKey": "events.manage",
  "POST /:environment/events/:eventKey/channels/assign": "events.manage",
  "PUT /:environment/events/:eventKey/waiting-room": "events.manage",
  "GET /:environment/events/:eventKey/reports": "read",
  "GET /:environment/events/:eventKey/sales": "read",
  "GET /:environment/events/:eventKey/selection-rules": "read",
  "PUT /:environment/events/:eventKey/selection-rules": "events.manage",
  "PUT /:environment/events/:eventKey/accessibility": "events.manage",
  "GET /:environment/events/:eventKey/table-booking": "read",
  "PUT /:environment/events/:eventKey/table-booking": "events.manage",
  "POST /:environment/events/:eventKey/box-office/book": "box_office",
  "POST /:environment/events/:eventKey/box-office/release": "box_office",
  "POST /:environment/events/:eventKey/box-office/not-for-sale": "box_office",
  "POST /:environment/events/:eventKey/box-office/for-sale": "box_office",
  "POST /:environment/events/:eventKey/reset": "events.manage",
  "PUT /:environment/events/:eventKey/pricing": "prices.manage",
  "DELETE /:environment/events/:eventKey/pricing": "prices.manage",

  "GET /:environment/seasons": "read",
  "POST /:environment/seasons": "events.manage",
  "GET /:environment/seasons/:seasonKey": "read",
  "PATCH /:environment/seasons/:seasonKey": "events.manage",
  "POST /:environment/seasons/:seasonKey/events": "events.manage",
  "POST /:environment/seasons/:seasonKey/partial-seasons": "events.manage",
  "POST /:environment/seasons/:seasonKey/apply-settings": "events.manage",
  "POST /production/seasons/import-from-sandbox": "events.manage",
  "POST /:environment/seasons/:seasonKey/sell": "box_office",
  "PUT /:environment/seasons/:seasonKey/pricing": "prices.manage",
  "DELETE /:environment/seasons/:seasonKey/pricing": "prices.manage",

  "GET /:environment/webhooks": "read",
  "POST /:environment/webhooks": "webhooks.manage",
  "GET /:environment/webhooks/:id": "read",
  "PATCH /:environment/webhooks/:id": "webhooks.manage",
  "DELETE /:environment/webhooks/:id": "webhooks.manage",
  "POST /:environment/webhooks/:id/rotate-secret": "webhooks.manage",
  "POST /:environment/webhooks/:id/test": "webhooks.manage",
  "GET /:environment/webhooks/:id/deliveries": "read",
  "GET /:environment/webhooks/:id/deliveries/:deliveryId": "read",
  "POST /:environment/webhooks/:id/deliveries/:deliveryId/replay": "webhooks.manage",

  "GET /:environment/audit-log": "read",

  // The Team page (docs/team.md): owners and admins; which roles one may touch is checked per member.
  "GET /members": "members.manage",
  "POST /members": "members.manage",
  "PATCH /members/:memberId": "members.manage",
  "DELETE /members/:memberId": "members.manage",
  "GET /sessions": "members.manage",
  "DELETE /sessions/:sessionId": "members.manage",

  // Everyone's own Account page.
  "GET /account": "read",
  "DELETE /account/sessions": "read",
};

/** The permission a route needs, by its pattern ("POST /charts/:chartKey/publish"); undefined for a route not in the table. */
export function routePermission(method: string, pattern: string): Permission | undefined {
  return DASHBOARD_ROUTE_PERMISSIONS[`${method === "HEAD" ? "GET" : method} ${pattern}`];
}

/** The environment names a concrete path's `:environment` segment may take. */
const ENVIRONMENT_SEGMENT = /^(production|sandbox)$/;

/** Whether a concrete path below /dashboard/api (`/sandbox/events/gala/reset`) fits a pattern (`/:environment/events/:eventKey/reset`). */
function fits(pattern: string, path: string): boolean {
  const p = pattern.split("/");
  const s = path.split("/");
  if (p.length !== s.length) return false;
  return p.every((part, i) => (part === ":environment" ? ENVIRONMENT_SEGMENT.test(s[i]!) : part.startsWith(":") ? s[i] !== "" : part === s[i]));
}

/**
 * Whether a role may call a data route by its concrete URL (`/dashboard/api/sandbox/events/gala/reset`):
 * what a page asks before it shows a control that calls it. An unknown URL is allowed to no one.
 */
export function mayCall(role: Role, method: string, url: string): boolean {
  const path = url
    .replace(/^\/dashboard\/api/, "")
    .split("?")[0]!
    .replace(/\/$/, "");
  const verb = method.toUpperCase();
  let best: { pattern: string; permission: Permission } | undefined;
  for (const [key, permission] of Object.entries(DASHBOARD_ROUTE_PERMISSIONS)) {
    const space = key.indexOf(" ");
    if (key.slice(0, space) !== verb) continue;
    const pattern = key.slice(space + 1);
    // A literal segment beats a parameter: "/events/x/reset" is the reset route, not an event named "reset".
    if (fits(pattern, path) && (!best || literalCount(pattern) > literalCount(best.pattern))) best = { pattern, permission };
  }
  return best !== undefined && can(role, best.permission);
}

function literalCount(pattern: string): number {
  return pattern.split("/").filter((p) => p !== "" && !p.startsWith(":")).length;
}
