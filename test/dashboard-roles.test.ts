/**
 * The role table enforced (docs/team.md): every data route of the dashboard, read from the app
 * itself (so a new route cannot be missed), is called by a member of every role. A role the table
 * allows gets past the check; any other gets 403 `forbidden` and nothing changes: not D1, not the
 * event's seats and settings, not the audit trail. Then every page, for every role: the Team page
 * and the designer for the roles that may use them, and no control on any page that calls a route
 * the role may not use.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../src/app";
import { DASHBOARD_ROUTE_PERMISSIONS, mayCall, routePermission } from "../src/domain/dashboard-access";
import { can, ROLES, type Role } from "../src/domain/roles";
import { dash, signedIn } from "./support/dashboard";
import { call, expectError, expectOk, newEvent, newReceiver, type EventFixture } from "./support/fixtures";
import { addMember, signedInAs } from "./support/team";

/** Every data route of the app: method and pattern below /dashboard/api. */
function dataRoutes(): Array<{ method: string; pattern: string }> {
  const seen = new Map<string, { method: string; pattern: string }>();
  for (const r of createApp().routes) {
    if (r.method === "ALL" || !r.path.startsWith("/dashboard/api/")) continue;
    const pattern = r.path
      .slice("/dashboard/api".length)
      .replace(/\{[^}]*\}/g, "")
      .replace(/\/$/, "");
    seen.set(`${r.method} ${pattern}`, { method: r.method, pattern });
  }
  return [...seen.values()];
}

interface World {
  f: EventFixture;
  seasonKey: string;
  endpointId: string;
  deliveryId: string;
  target: { memberId: string; sessionId: string };
  sessions: Record<Role, string>;
}

/** A busy workspace: chart, event with bookings and seats off sale, a season, a webhook endpoint with a delivery, and one signed-in member per role. */
async function world(): Promise<World> {
  // Production: the walk reads the event hundreds of times, past the sandbox's rate limit.
  const f = await newEvent({ environment: "production" });
  const seasonKey = `walk-season-${Date.now().toString(36)}`;
  expectOk(await call("POST", "/api/v1/seasons", { key: f.sk, body: { seasonKey, chartKey: f.chartKey, eventKeys: [`${seasonKey}-1`] } }), 201);
  const receiver = newReceiver();
  const endpoint = await call("POST", "/api/v1/webhooks", { key: f.sk, body: { url: receiver.url, events: ["seat.booked"] } });
  expectOk(endpoint, 201);
  const owner = await signedIn(f.keys);
  const sessions = { owner: owner.cookie } as Record<Role, string>;
  for (const role of ROLES) if (role !== "owner") sessions[role] = (await signedInAs(f.keys, role)).cookie;
  const base = `/dashboard/api/production/events/${f.eventKey}/box-office`;
  expectOk(await dash(owner.cookie, "POST", `${base}/book`, { objectLabels: ["A-1-3"], orderId: "walk-0" }));
  expectOk(await dash(owner.cookie, "POST", `${base}/not-for-sale`, { objectLabels: ["A-1-5"] }));
  const test = await dash(owner.cookie, "POST", `/dashboard/api/production/webhooks/${endpoint.body.id}/test`);
  expectOk(test, 202);
  const target = await addMember(f.keys, "viewer");
  const targetCookie = (await signedIn(f.keys, { memberId: target.memberId })).cookie;
  const account = await dash(targetCookie, "GET", "/dashboard/api/account");
  const sessionId = (account.body.sessions as Array<{ sessionId: string }>)[0]!.sessionId;
  return { f, seasonKey, endpointId: endpoint.body.id, deliveryId: String(test.body.deliveryId), target: { memberId: target.memberId, sessionId }, sessions };
}

/** The path of a route with the world's things in it (or, for an allowed call, things that do not exist, in the sandbox). */
function pathOf(pattern: string, w: World, variant: "real" | "missing"): string {
  const real: Record<string, string> = {
    environment: "production",
    chartKey: w.f.chartKey,
    eventKey: w.f.eventKey,
    seasonKey: w.seasonKey,
    id: w.endpointId,
    deliveryId: w.deliveryId,
    memberId: w.target.memberId,
    sessionId: w.target.sessionId,
  };
  return `/dashboard/api${pattern.replace(/:(\w+)/g, (_, name: string) => (variant === "real" ? real[name]! : name === "environment" ? "sandbox" : "walk-missing"))}`;
}

/** A body that would make the change, were the role allowed. */
function bodyOf(method: string, pattern: string, w: World): unknown {
  const bodies: Record<string, unknown> = {
    "POST /charts": { name: "Walked chart" },
    "PATCH /charts/:chartKey": { name: "Walked name" },
    "POST /charts/:chartKey/publish": { force: true },
    "POST /:environment/events": { chartKey: w.f.chartKey, eventKey: "walked-event" },
    "PATCH /:environment/events/:eventKey": { name: "Walked event" },
    "POST /:environment/events/:eventKey/channels/assign": { channelKey: "vip", channelName: "VIP", objectLabels: ["A-1-1"] },
    "PUT /:environment/events/:eventKey/waiting-room": { enabled: true, opensAt: "2030-01-01T00:00:00Z", admitPerMinute: 10, sessionMinutes: 10 },
    "PUT /:environment/events/:eventKey/selection-rules": { maxSeatsPerToken: 2 },
    "PUT /:environment/events/:eventKey/accessibility": { holdBack: true, releaseWhen: "event_sold_out" },
    "POST /:environment/events/:eventKey/box-office/book": { objectLabels: ["A-1-2"], orderId: "walk-1" },
    "POST /:environment/events/:eventKey/box-office/release": { objectLabels: ["A-1-3"] },
    "POST /:environment/events/:eventKey/box-office/not-for-sale": { objectLabels: ["A-1-4"] },
    "POST /:environment/events/:eventKey/box-office/for-sale": { objectLabels: ["A-1-5"] },
    "POST /:environment/seasons": { chartKey: w.f.chartKey, eventKeys: ["walked-season-event"] },
    "POST /:environment/seasons/:seasonKey/sell": { objectLabels: ["A-1-6"], orderId: "walk-2" },
    "POST /:environment/webhooks": { url: "https://hooks.example.com/walk", events: ["seat.held"] },
    "PATCH /:environment/webhooks/:id": { enabled: false },
    "POST /members": { email: "walked@venue.example", name: "Walked", role: "viewer" },
    "PATCH /members/:memberId": { role: "designer" },
  };
  return bodies[`${method} ${pattern}`];
}

/** Everything a refused call could have changed: the workspace's D1 rows and the event's seats and settings. */
async function fingerprint(w: World): Promise<string> {
  const ws = w.f.keys.workspaceId;
  const q = (sql: string) =>
    env.DB.prepare(sql)
      .bind(ws)
      .all()
      .then((r) => r.results);
  const d1 = await Promise.all([
    q("SELECT chart_key, name, draft_version, published_version FROM charts WHERE workspace_id = ? ORDER BY chart_key"),
    q("SELECT count(*) AS n FROM chart_layouts WHERE chart_id IN (SELECT id FROM charts WHERE workspace_id = ?)"),
    q("SELECT environment, event_key, name, starts_at, chart_id FROM events WHERE workspace_id = ? ORDER BY event_key"),
    q("SELECT id, environment, kind, key_hash FROM api_keys WHERE workspace_id = ? ORDER BY id"),
    q("SELECT id, url, events, enabled, secret, description FROM webhook_endpoints WHERE workspace_id = ? ORDER BY id"),
    q(
      "SELECT d.id, d.status, d.run_attempts FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.workspace_id = ? ORDER BY d.id",
    ),
    q("SELECT id, email, name, role FROM members WHERE workspace_id = ? ORDER BY id"),
    q("SELECT session_id, member_id FROM dashboard_sessions WHERE workspace_id = ? ORDER BY session_id"),
    q("SELECT season_key, event_keys, partial_seasons FROM seasons WHERE workspace_id = ? ORDER BY season_key"),
    q("SELECT count(*) AS n FROM audit_log WHERE workspace_id = ?"),
  ]);
  const e = `/api/v1/events/${w.f.eventKey}`;
  const reads = await Promise.all(
    [`${e}/status`, `${e}/selection-rules`, `${e}/channels`, `${e}/accessibility`, `${e}/waiting-room`, `/api/v1/seasons/${w.seasonKey}`].map((p) =>
      call("GET", p, { key: w.f.sk }).then((r) => [r.status, r.body]),
    ),
  );
  return JSON.stringify({ d1, reads });
}

describe("every data route × every role", () => {
  it("every route of the app is in the role table, and every entry of the table is a route", () => {
    const routes = dataRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => routePermission(r.method, r.pattern) === undefined).map((r) => `${r.method} ${r.pattern}`)).toEqual([]);
    const keys = new Set(routes.map((r) => `${r.method} ${r.pattern}`));
    expect(Object.keys(DASHBOARD_ROUTE_PERMISSIONS).filter((k) => !keys.has(k))).toEqual([]);
  });

  let w: World;
  beforeAll(async () => {
    w = await world();
  }, 120_000);

  it("a role without the route's permission gets 403 forbidden, and nothing changes", async () => {
    let refused = 0;
    for (const { method, pattern } of dataRoutes()) {
      const permission = routePermission(method, pattern)!;
      const before = await fingerprint(w);
      for (const role of ROLES.filter((r) => !can(r, permission))) {
        const res = await dash(w.sessions[role], method, pathOf(pattern, w, "real"), bodyOf(method, pattern, w));
        expectError(res, 403, "forbidden");
        expect(res.body.message, `${role} ${method} ${pattern}`).toContain("Your role");
        expect(await fingerprint(w), `${role} ${method} ${pattern} changed something`).toBe(before);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(60);
  }, 300_000);

  it("a role with the route's permission gets past the check (what it then finds is another matter)", async () => {
    for (const { method, pattern } of dataRoutes()) {
      const permission = routePermission(method, pattern)!;
      for (const role of ROLES.filter((r) => can(r, permission))) {
        // Ending one's own sessions is allowed to all: each try gets a session of its own.
        const cookie = pattern === "/account/sessions" ? (await signedInAs(w.f.keys, role)).cookie : w.sessions[role];
        const res = await dash(cookie, method, pathOf(pattern, w, "missing"), method === "GET" || method === "DELETE" ? undefined : {});
        expect([401, 403], `${role} ${method} ${pattern} -> ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
      }
    }
  }, 300_000);

  it("a forced publish needs charts.manage even though publishing does not", async () => {
    const designer = w.sessions.designer;
    expectError(await dash(designer, "POST", `/dashboard/api/charts/${w.f.chartKey}/publish`, { force: true }), 403, "forbidden");
    expectOk(await dash(designer, "POST", `/dashboard/api/charts/${w.f.chartKey}/publish`, {}));
    expectOk(await dash(w.sessions.admin, "POST", `/dashboard/api/charts/${w.f.chartKey}/publish`, { force: true }));
  });
});

describe("pages × roles", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  }, 120_000);

  /** Every page of the world, with the permission its whole page needs. */
  function pages(): Array<{ path: string; needs: "read" | "members.manage" | "charts.edit" }> {
    const env = "/dashboard/production";
    return [
      ...["keys", "charts", "events", "seasons", "webhooks", "activity", "account"].map((s) => ({ path: `${env}/${s}`, needs: "read" as const })),
      { path: `${env}/charts/${w.f.chartKey}`, needs: "read" },
      { path: `${env}/events/${w.f.eventKey}`, needs: "read" },
      { path: `${env}/seasons/${w.seasonKey}`, needs: "read" },
      { path: `${env}/webhooks/${w.endpointId}`, needs: "read" },
      { path: `${env}/webhooks/${w.endpointId}/deliveries/${w.deliveryId}`, needs: "read" },
      { path: `${env}/team`, needs: "members.manage" },
      { path: `/dashboard/charts/${w.f.chartKey}/design`, needs: "charts.edit" },
    ];
  }

  it("each role sees the pages it may, a clear 403 page for the others, and no control it may not use", async () => {
    for (const role of ROLES) {
      for (const { path, needs } of pages()) {
        const res = await call("GET", path, { headers: { Cookie: w.sessions[role] } });
        const html = String(res.body);
        if (!can(role, needs)) {
          expect(res.status, `${role} ${path}`).toBe(403);
          expect(html).toContain("Not allowed");
          continue;
        }
        expect(res.status, `${role} ${path}`).toBe(200);
        // Every control that calls a data route: forms and buttons with data-api, each with its method.
        for (const m of html.matchAll(/<(form|button)\b[^>]*\bdata-api="([^"]+)"[^>]*>/g)) {
          const tag = m[0];
          const form = tag.startsWith("<form");
          const method = /data-method="(\w+)"/.exec(tag)?.[1] ?? (form ? "POST" : "POST");
          expect(mayCall(role, method, m[2]!.replace(/&amp;/g, "&")), `${role} sees ${method} ${m[2]} on ${path}`).toBe(true);
        }
      }
    }
  }, 300_000);

  it("the navigation shows Team only to owners and admins, Activity and Account to all", async () => {
    for (const role of ROLES) {
      const html = String((await call("GET", "/dashboard/production/events", { headers: { Cookie: w.sessions[role] } })).body);
      expect(html.includes(">Team</a>"), role).toBe(can(role, "members.manage"));
      expect(html).toContain(">Activity</a>");
      expect(html).toContain(">Account</a>");
    }
  });

  it("the keys page tells only those who may hold keys whether a secret key exists", async () => {
    for (const role of ROLES) {
      const html = String((await call("GET", "/dashboard/production/keys", { headers: { Cookie: w.sessions[role] } })).body);
      expect(html.includes("secret key exists"), role).toBe(can(role, "secret_key.status"));
      expect(html).toContain(w.f.keys.pkLive);
    }
  });
});
