/**
 * A workspace's members (docs/team.md) through the operator API and the Team page's data routes:
 * the owner every workspace starts with (and the upgrade's data migration for older ones), adding
 * with the e-mail checked for form and uniqueness, roles changed and members removed, the last
 * owner kept, sign-in links for a member, and role changes and removals reaching open sessions.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { continueSignIn, dash, sessionCookie, signedIn, signInLink } from "./support/dashboard";
import { ADMIN, call, expectError, newWorkspace } from "./support/fixtures";
import { addMember, signedInAs } from "./support/team";

const members = (ws: string) => `/admin/v1/workspaces/${ws}/members`;

describe("members through the operator API", () => {
  it("a new workspace has its first owner, owner@<workspaceKey>", async () => {
    const keys = await newWorkspace();
    const list = await call("GET", members(keys.workspaceKey), { headers: ADMIN });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      {
        memberId: expect.stringMatching(/^mem_[0-9A-Za-z]{20}$/),
        email: `owner@${keys.workspaceKey.toLowerCase()}`,
        name: "Owner",
        role: "owner",
        createdAt: expect.any(String),
        lastSeenAt: null,
        lastSignInAt: null,
      },
    ]);
  });

  it("adds a member (201), refuses the same address in any case (409 member_exists) and a malformed one (400)", async () => {
    const keys = await newWorkspace();
    const created = await call("POST", members(keys.workspaceKey), {
      headers: ADMIN,
      body: { email: " Ana@Venue.Example ", name: " Ana Lima ", role: "box_office" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: "ana@venue.example", name: "Ana Lima", role: "box_office", lastSeenAt: null });
    expectError(
      await call("POST", members(keys.workspaceKey), { headers: ADMIN, body: { email: "ANA@venue.example", name: "Ana", role: "viewer" } }),
      409,
      "member_exists",
    );
    for (const email of ["ana", "ana@", "@venue.example", "ana@venue", "ana lima@venue.example", "ana@@venue.example", "ana@.example"]) {
      const bad = await call("POST", members(keys.workspaceKey), { headers: ADMIN, body: { email, name: "Ana", role: "viewer" } });
      expectError(bad, 400, "validation_failed");
      expect(Object.keys(bad.body.errors)).toEqual(["email"]);
    }
    expectError(
      await call("POST", members(keys.workspaceKey), { headers: ADMIN, body: { email: "bo@venue.example", name: "Bo", role: "boss" } }),
      400,
      "validation_failed",
    );
    expectError(
      await call("POST", members(keys.workspaceKey), { headers: ADMIN, body: { email: "bo@venue.example", name: "", role: "viewer" } }),
      400,
      "validation_failed",
    );
    expectError(
      await call("POST", members("ws_nope"), { headers: ADMIN, body: { email: "bo@venue.example", name: "Bo", role: "viewer" } }),
      404,
      "workspace_not_found",
    );
    expectError(await call("GET", members(keys.workspaceKey)), 401, "unauthorized");
  });

  it("changes a role and a name, and reads a member", async () => {
    const keys = await newWorkspace();
    const m = await addMember(keys, "viewer");
    const changed = await call("PATCH", `${members(keys.workspaceKey)}/${m.memberId}`, { headers: ADMIN, body: { role: "designer", name: "Dee" } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ memberId: m.memberId, role: "designer", name: "Dee" });
    expect((await call("GET", `${members(keys.workspaceKey)}/${m.memberId}`, { headers: ADMIN })).body.role).toBe("designer");
    expectError(await call("PATCH", `${members(keys.workspaceKey)}/${m.memberId}`, { headers: ADMIN, body: {} }), 400, "validation_failed");
    expectError(
      await call("PATCH", `${members(keys.workspaceKey)}/mem_00000000000000000000`, { headers: ADMIN, body: { role: "viewer" } }),
      404,
      "member_not_found",
    );
    // Another workspace's member is not this workspace's.
    const other = await newWorkspace();
    expectError(await call("PATCH", `${members(other.workspaceKey)}/${m.memberId}`, { headers: ADMIN, body: { role: "viewer" } }), 404, "member_not_found");
  });

  it("keeps the last owner: neither demoted nor removed (409 last_owner), until another owner exists", async () => {
    const keys = await newWorkspace();
    const owner = (await call("GET", members(keys.workspaceKey), { headers: ADMIN })).body.items[0];
    expectError(await call("PATCH", `${members(keys.workspaceKey)}/${owner.memberId}`, { headers: ADMIN, body: { role: "admin" } }), 409, "last_owner");
    expectError(await call("DELETE", `${members(keys.workspaceKey)}/${owner.memberId}`, { headers: ADMIN }), 409, "last_owner");
    expect((await call("GET", `${members(keys.workspaceKey)}/${owner.memberId}`, { headers: ADMIN })).body.role).toBe("owner");
    const second = await addMember(keys, "owner");
    expect((await call("PATCH", `${members(keys.workspaceKey)}/${owner.memberId}`, { headers: ADMIN, body: { role: "admin" } })).status).toBe(200);
    expectError(await call("DELETE", `${members(keys.workspaceKey)}/${second.memberId}`, { headers: ADMIN }), 409, "last_owner");
  });

  it("two owners demoting each other at once leave one owner", async () => {
    const keys = await newWorkspace();
    const owner = (await call("GET", members(keys.workspaceKey), { headers: ADMIN })).body.items[0];
    const second = await addMember(keys, "owner");
    const results = await Promise.all(
      [owner.memberId, second.memberId].map((id) => call("PATCH", `${members(keys.workspaceKey)}/${id}`, { headers: ADMIN, body: { role: "viewer" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const owners = (await call("GET", members(keys.workspaceKey), { headers: ADMIN })).body.items.filter((m: { role: string }) => m.role === "owner");
    expect(owners).toHaveLength(1);
  });

  it("removing a member ends their sessions at once and spends their links", async () => {
    const keys = await newWorkspace();
    const m = await addMember(keys, "admin");
    const unused = await signInLink(keys.workspaceKey, undefined, { memberId: m.memberId });
    const { cookie } = await signedIn(keys, { memberId: m.memberId });
    expect((await dash(cookie, "GET", "/dashboard/api/members")).status).toBe(200);
    const removed = await call("DELETE", `${members(keys.workspaceKey)}/${m.memberId}`, { headers: ADMIN });
    expect(removed.body).toEqual({ memberId: m.memberId, deleted: true });
    expectError(await dash(cookie, "GET", "/dashboard/api/members"), 401, "unauthorized");
    expect((await continueSignIn(unused.url)).status).toBe(401);
  });
});

describe("sign-in links for members", () => {
  it("sign in the member named by id or e-mail, else the first owner; unknown members are 404", async () => {
    const keys = await newWorkspace();
    const m = await addMember(keys, "designer", "dee@venue.example", "Dee");
    for (const target of [{ memberId: m.memberId }, { email: "DEE@venue.example" }]) {
      const link = await signInLink(keys.workspaceKey, undefined, target);
      expect(link.memberId).toBe(m.memberId);
      const page = await call("GET", new URL(link.url).pathname + new URL(link.url).search);
      expect(page.status).toBe(200);
      expect(page.body).toContain("dee@venue.example");
      const cookie = sessionCookie(await continueSignIn(link.url)).pair;
      expect((await dash(cookie, "GET", "/dashboard/api/account")).body).toMatchObject({ memberId: m.memberId, role: "designer", name: "Dee" });
    }
    const owner = await signInLink(keys.workspaceKey);
    const cookie = sessionCookie(await continueSignIn(owner.url)).pair;
    expect((await dash(cookie, "GET", "/dashboard/api/account")).body).toMatchObject({ email: `owner@${keys.workspaceKey.toLowerCase()}`, role: "owner" });
    const link = `/admin/v1/workspaces/${keys.workspaceKey}/dashboard-links`;
    expectError(await call("POST", link, { headers: ADMIN, body: { memberId: "mem_00000000000000000000" } }), 404, "member_not_found");
    expectError(await call("POST", link, { headers: ADMIN, body: { email: "nobody@venue.example" } }), 404, "member_not_found");
    expectError(await call("POST", link, { headers: ADMIN, body: { email: "dee@venue.example", memberId: m.memberId } }), 400, "validation_failed");
  });

  it("an operator's link lasts 15 minutes, the member's last sign-in and last seen are kept", async () => {
    const keys = await newWorkspace();
    const m = await addMember(keys, "viewer");
    const before = Date.now();
    const link = await signInLink(keys.workspaceKey, undefined, { memberId: m.memberId });
    expect(Date.parse(link.expiresAt) - before).toBeLessThanOrEqual(15 * 60_000 + 1000);
    await continueSignIn(link.url);
    const read = (await call("GET", `${members(keys.workspaceKey)}/${m.memberId}`, { headers: ADMIN })).body;
    expect(Date.parse(read.lastSignInAt)).toBeGreaterThanOrEqual(before);
    expect(read.lastSeenAt).toBe(read.lastSignInAt);
  });
});

describe("roles reach open sessions at once", () => {
  it("a demoted admin loses the Team page on their next request; promoted back, has it again", async () => {
    const keys = await newWorkspace();
    const admin = await signedInAs(keys, "admin");
    expect((await dash(admin.cookie, "GET", "/dashboard/api/members")).status).toBe(200);
    await call("PATCH", `${members(keys.workspaceKey)}/${admin.memberId}`, { headers: ADMIN, body: { role: "viewer" } });
    expectError(await dash(admin.cookie, "GET", "/dashboard/api/members"), 403, "forbidden");
    const page = await call("GET", "/dashboard/sandbox/team", { headers: { Cookie: admin.cookie } });
    expect(page.status).toBe(403);
    expect(page.body).toContain("Not allowed");
    expect(page.body).toContain("Viewer");
    await call("PATCH", `${members(keys.workspaceKey)}/${admin.memberId}`, { headers: ADMIN, body: { role: "admin" } });
    expect((await dash(admin.cookie, "GET", "/dashboard/api/members")).status).toBe(200);
  });
});

describe("the Team page's data routes", () => {
  it("invite: a member and a one-time link valid 7 days, which signs them in once", async () => {
    const keys = await newWorkspace();
    const admin = await signedInAs(keys, "admin");
    const before = Date.now();
    const invited = await dash(admin.cookie, "POST", "/dashboard/api/members", { email: "Cy@Venue.example", name: "Cy", role: "box_office" });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: "cy@venue.example", name: "Cy", role: "box_office" });
    const expires = Date.parse(String(invited.body.invitationExpiresAt)) - before;
    expect(expires).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expires).toBeLessThanOrEqual(7 * 86_400_000 + 1000);
    const url = String(invited.body.invitationUrl);
    expect(url).toMatch(/^http:\/\/service\.test\/dashboard\/sign-in\?token=[A-Za-z0-9_-]{43}$/);
    const page = await call("GET", new URL(url).pathname + new URL(url).search);
    expect(page.body).toContain("You are invited");
    const res = await continueSignIn(url);
    expect(res.status).toBe(303);
    const cy = sessionCookie(res).pair;
    expect((await dash(cy, "GET", "/dashboard/api/account")).body).toMatchObject({ role: "box_office", email: "cy@venue.example" });
    expect((await continueSignIn(url)).status).toBe(401);
    expectError(
      await dash(admin.cookie, "POST", "/dashboard/api/members", { email: "cy@VENUE.example", name: "Cy again", role: "viewer" }),
      409,
      "member_exists",
    );
    expectError(await dash(admin.cookie, "POST", "/dashboard/api/members", { email: "not an address", name: "X", role: "viewer" }), 400, "validation_failed");
  });

  it("an admin manages members below owner, never owners; an owner manages owners too", async () => {
    const keys = await newWorkspace();
    const admin = await signedInAs(keys, "admin");
    const owner = await signedInAs(keys, "owner");
    const viewer = await addMember(keys, "viewer");
    const m = (id: string) => `/dashboard/api/members/${id}`;
    expectError(await dash(admin.cookie, "POST", "/dashboard/api/members", { email: "o2@venue.example", name: "O2", role: "owner" }), 403, "forbidden");
    expectError(await dash(admin.cookie, "PATCH", m(viewer.memberId), { role: "owner" }), 403, "forbidden");
    expectError(await dash(admin.cookie, "PATCH", m(owner.memberId), { role: "viewer" }), 403, "forbidden");
    expectError(await dash(admin.cookie, "DELETE", m(owner.memberId)), 403, "forbidden");
    expect((await dash(admin.cookie, "PATCH", m(viewer.memberId), { role: "admin" })).status).toBe(200);
    expect((await dash(owner.cookie, "PATCH", m(viewer.memberId), { role: "owner" })).status).toBe(200);
    expect((await dash(owner.cookie, "DELETE", m(viewer.memberId))).status).toBe(200);
    expectError(await dash(owner.cookie, "DELETE", m(viewer.memberId)), 404, "member_not_found");
  });

  it("the last owner cannot demote or remove themselves from the Team page either", async () => {
    const keys = await newWorkspace();
    const list = await call("GET", members(keys.workspaceKey), { headers: ADMIN });
    const ownerId = list.body.items[0].memberId;
    const { cookie } = await signedIn(keys);
    expectError(await dash(cookie, "PATCH", `/dashboard/api/members/${ownerId}`, { role: "admin" }), 409, "last_owner");
    expectError(await dash(cookie, "DELETE", `/dashboard/api/members/${ownerId}`), 409, "last_owner");
  });
});

describe("the upgrade of a workspace made before members", () => {
  it("the data migration gives it its first owner, and its open links and sessions become the owner's", async () => {
    const keys = await newWorkspace();
    const link = await signInLink(keys.workspaceKey);
    const { cookie } = await signedIn(keys);
    // As before members: no member, links and sessions of no one.
    await env.DB.batch([
      env.DB.prepare("UPDATE dashboard_links SET member_id = NULL WHERE workspace_id = ?").bind(keys.workspaceId),
      env.DB.prepare("UPDATE dashboard_sessions SET member_id = NULL, session_id = NULL, last_active_at = 0 WHERE workspace_id = ?").bind(keys.workspaceId),
      env.DB.prepare("DELETE FROM members WHERE workspace_id = ?").bind(keys.workspaceId),
    ]);
    expectError(await dash(cookie, "GET", "/dashboard/api/account"), 401, "unauthorized");
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.includes("members_owner_backfill"));
    expect(migration).toBeDefined();
    for (const query of migration!.queries) await env.DB.prepare(query).run();
    const owner = (await call("GET", members(keys.workspaceKey), { headers: ADMIN })).body.items;
    expect(owner).toMatchObject([{ email: `owner@${keys.workspaceKey.toLowerCase()}`, role: "owner", name: "Owner" }]);
    expect((await dash(cookie, "GET", "/dashboard/api/account")).body).toMatchObject({ memberId: owner[0].memberId, role: "owner" });
    const res = await continueSignIn(link.url);
    expect(res.status).toBe(303);
    // Run again, it changes nothing.
    for (const query of migration!.queries) await env.DB.prepare(query).run();
    expect((await call("GET", members(keys.workspaceKey), { headers: ADMIN })).body.items).toHaveLength(1);
  });

  it("a workspace still without members gets its owner when the operator's link asks for one", async () => {
    const keys = await newWorkspace();
    await env.DB.prepare("DELETE FROM members WHERE workspace_id = ?").bind(keys.workspaceId).run();
    const { cookie } = await signedIn(keys);
    expect((await dash(cookie, "GET", "/dashboard/api/account")).body).toMatchObject({ role: "owner", email: `owner@${keys.workspaceKey.toLowerCase()}` });
  });
});
