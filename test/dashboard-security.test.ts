/**
 * Dashboard sign-in and security (docs/dashboard.md): one-time links, session cookies, sign-out, the
 * Origin check, and the separation of the session from API keys.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { nowIso } from "../src/db/client";
import { hashKey } from "../src/keys/keys";
import { continueSignIn, dash, fetchWorker, ORIGIN, sessionCookie, signedIn, signInLink } from "./support/dashboard";
import { call, newWorkspace } from "./support/fixtures";

describe("sign-in links", () => {
  it("the operator API hands out a one-time link valid 15 minutes on the request's origin", async () => {
    const keys = await newWorkspace();
    const before = Date.now();
    const link = await signInLink(keys.workspaceKey);
    expect(link.url).toMatch(/^http:\/\/service\.test\/dashboard\/sign-in\?token=[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(link.expiresAt) - before;
    expect(ttl).toBeGreaterThan(14.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 1000);
  });

  it("needs the operator token and a known workspace", async () => {
    const keys = await newWorkspace();
    const noToken = await fetchWorker(`/admin/v1/workspaces/${keys.workspaceKey}/dashboard-links`, { method: "POST" });
    expect(noToken.status).toBe(401);
    const wrong = await call("POST", "/admin/v1/workspaces/ws_nope/dashboard-links", { headers: { Authorization: "Bearer test-admin-token" } });
    expect(wrong.status).toBe(404);
    expect(wrong.body.code).toBe("workspace_not_found");
  });

  it("opening it shows a Continue page (200) and spends nothing, as often as it is opened", async () => {
    const keys = await newWorkspace();
    const link = new URL((await signInLink(keys.workspaceKey)).url);
    for (let i = 0; i < 3; i++) {
      const res = await fetchWorker(link.pathname + link.search);
      expect(res.status).toBe(200);
      expect(sessionCookie(res).line).toBe("");
      const html = await res.text();
      expect(html).toContain(">Continue</button>");
      expect(html).toContain(`owner@${keys.workspaceKey.toLowerCase()}`);
      expect(html).toContain('method="post" action="/dashboard/sign-in"');
    }
    // Still unspent: its Continue starts the session.
    expect((await continueSignIn(link.toString())).status).toBe(303);
  });

  it("Continue starts a session with the contract's cookie and redirects to /dashboard", async () => {
    const keys = await newWorkspace();
    const res = await continueSignIn((await signInLink(keys.workspaceKey)).url);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    const { line } = sessionCookie(res);
    const attrs = line.split(";").map((a) => a.trim().toLowerCase());
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=strict");
    expect(attrs).toContain("path=/dashboard");
    // service.test is not this machine: the cookie is Secure.
    expect(attrs).toContain("secure");
    const maxAge = Number(attrs.find((a) => a.startsWith("max-age="))?.slice(8));
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("a POST to the link's own address (its token in the query) spends it too, once", async () => {
    const keys = await newWorkspace();
    const link = new URL((await signInLink(keys.workspaceKey)).url);
    const post = () => fetchWorker(link.pathname + link.search, { method: "POST", headers: { Origin: ORIGIN } });
    expect((await post()).status).toBe(303);
    expect((await post()).status).toBe(401);
  });

  it("Continue from another site is refused before the link is spent", async () => {
    const keys = await newWorkspace();
    const link = new URL((await signInLink(keys.workspaceKey)).url);
    const res = await fetchWorker("/dashboard/sign-in", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: `token=${link.searchParams.get("token")}`,
    });
    expect(res.status).toBe(403);
    expect((await continueSignIn(link.toString())).status).toBe(303);
  });

  it("on a loopback host the cookie is not Secure (local development runs over HTTP)", async () => {
    const keys = await newWorkspace();
    const link = new URL((await signInLink(keys.workspaceKey, "http://127.0.0.1:8787")).url);
    expect(link.origin).toBe("http://127.0.0.1:8787");
    const res = await continueSignIn(link.toString());
    expect(res.status).toBe(303);
    const attrs = sessionCookie(res)
      .line.split(";")
      .map((a) => a.trim().toLowerCase());
    expect(attrs).not.toContain("secure");
    expect(attrs).toContain("httponly");
  });

  it("a used link shows the sign-in page with 401 and starts nothing", async () => {
    const keys = await newWorkspace();
    const link = new URL((await signInLink(keys.workspaceKey)).url);
    expect((await continueSignIn(link.toString())).status).toBe(303);
    for (const again of [await fetchWorker(link.pathname + link.search), await continueSignIn(link.toString())]) {
      expect(again.status).toBe(401);
      expect(again.headers.get("content-type")).toContain("text/html");
      expect(sessionCookie(again).line).toBe("");
      const html = await again.text();
      expect(html).toContain("This sign-in link cannot be used");
      expect(html).toContain("dashboard-link");
    }
  });

  it("three Continues of one link at once start one session", async () => {
    const keys = await newWorkspace();
    const link = (await signInLink(keys.workspaceKey)).url;
    const results = await Promise.all([1, 2, 3].map(() => continueSignIn(link)));
    expect(results.map((r) => r.status).sort()).toEqual([303, 401, 401]);
  });

  it("an expired link shows the sign-in page with 401, opened or continued", async () => {
    const keys = await newWorkspace();
    const token = "x".repeat(43);
    await env.DB.prepare(
      "INSERT INTO dashboard_links (token_hash, workspace_id, member_id, expires_at, created_at) VALUES (?, ?, (SELECT id FROM members WHERE workspace_id = ?), ?, ?)",
    )
      .bind(await hashKey(token), keys.workspaceId, keys.workspaceId, Date.now() - 1, nowIso())
      .run();
    const res = await fetchWorker(`/dashboard/sign-in?token=${token}`);
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("expired");
    expect((await continueSignIn(`${ORIGIN}/dashboard/sign-in?token=${token}`)).status).toBe(401);
  });

  it("uses DASHBOARD_ORIGIN for links when a deployment sets it", async () => {
    const keys = await newWorkspace();
    const { createSignInLink } = await import("../src/dashboard/sessions");
    const { configuredOrigin } = await import("../src/dashboard/config");
    expect(configuredOrigin({ DASHBOARD_ORIGIN: "https://seats.example.com/some/path" })).toBe("https://seats.example.com");
    expect(configuredOrigin({ DASHBOARD_ORIGIN: "" })).toBeNull();
    const link = await createSignInLink(env, keys.workspaceKey, "https://seats.example.com");
    expect(link.url.startsWith("https://seats.example.com/dashboard/sign-in?token=")).toBe(true);
  });
});

describe("sessions", () => {
  it("without a session every page answers the sign-in page (401) and data routes the envelope (401)", async () => {
    for (const path of [
      "/dashboard",
      "/dashboard/production/keys",
      "/dashboard/sandbox/events/x",
      "/dashboard/production/webhooks",
      "/dashboard/production/nope",
    ]) {
      const res = await fetchWorker(path);
      expect(res.status, path).toBe(401);
      expect(res.headers.get("content-type"), path).toContain("text/html");
      expect(await res.text(), path).toContain("How to get a sign-in link");
    }
    const data = await call("GET", "/dashboard/api/production/events");
    expect(data.status).toBe(401);
    expect(data.body).toMatchObject({ statusCode: 401, error: "Unauthorized", code: "unauthorized" });
  });

  it("a page reached from another site reloads itself once, so the SameSite=Strict cookie can come along", async () => {
    const res = await fetchWorker("/dashboard", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('<meta http-equiv="refresh" content="0"/>');
    const same = await fetchWorker("/dashboard", { headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(await same.text()).not.toContain("http-equiv");
  });

  it("a session opens the workspace's pages; /dashboard goes to the events of the last environment", async () => {
    const { keys, cookie } = await signedIn();
    const home = await fetchWorker("/dashboard", { headers: { Cookie: cookie } });
    expect(home.status).toBe(303);
    expect(home.headers.get("location")).toBe("/dashboard/sandbox/events");
    const keysPage = await fetchWorker("/dashboard/production/keys", { headers: { Cookie: cookie } });
    expect(keysPage.status).toBe(200);
    const html = await keysPage.text();
    expect(html).toContain(keys.pkLive);
    expect(html).toContain(keys.pkTest);
    const envCookie = keysPage.headers.getSetCookie().find((l) => l.startsWith("dashboard_environment="));
    const again = await fetchWorker("/dashboard", { headers: { Cookie: `${cookie}; ${envCookie!.split(";")[0]}` } });
    expect(again.headers.get("location")).toBe("/dashboard/production/events");
    // An address without an environment goes to the same page in the current one.
    const bare = await fetchWorker("/dashboard/events", { headers: { Cookie: cookie } });
    expect([bare.status, bare.headers.get("location")]).toEqual([303, "/dashboard/sandbox/events"]);
    const bareEvent = await fetchWorker("/dashboard/events/gala", { headers: { Cookie: `${cookie}; ${envCookie!.split(";")[0]}` } });
    expect(bareEvent.headers.get("location")).toBe("/dashboard/production/events/gala");
    expect((await fetchWorker("/dashboard/events")).status).toBe(401);
  });

  it("signing out ends the session on the server: the same cookie stops working at once", async () => {
    const { cookie } = await signedIn();
    expect((await fetchWorker("/dashboard/production/keys", { headers: { Cookie: cookie } })).status).toBe(200);
    const out = await fetchWorker("/dashboard/sign-out", { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN } });
    expect(out.status).toBe(303);
    expect(out.headers.get("location")).toBe("/dashboard/signed-out");
    expect(sessionCookie(out).line.toLowerCase()).toContain("max-age=0");
    // The browser would drop the cookie; a copy of it is worthless too.
    expect((await fetchWorker("/dashboard/production/keys", { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await dash(cookie, "GET", "/dashboard/api/production/events")).status).toBe(401);
  });
});

describe("the session and API keys never cross", () => {
  it("/api/v1 never accepts the session cookie", async () => {
    const { cookie } = await signedIn();
    for (const [method, path] of [
      ["GET", "/api/v1/charts"],
      ["GET", "/api/v1/events"],
      ["GET", "/api/v1/webhooks"],
      ["POST", "/api/v1/charts"],
    ] as const) {
      const res = await fetchWorker(path, {
        method,
        headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("unauthorized");
    }
  });

  it("/dashboard/api/ never accepts X-Api-Key, alone or next to a session", async () => {
    const { keys, cookie } = await signedIn();
    const keyOnly = await fetchWorker("/dashboard/api/charts", { headers: { "X-Api-Key": keys.skLive } });
    expect(keyOnly.status).toBe(401);
    const both = await fetchWorker("/dashboard/api/charts", { headers: { "X-Api-Key": keys.skLive, Cookie: cookie } });
    expect(both.status).toBe(401);
    expect(((await both.json()) as { code: string }).code).toBe("unauthorized");
    const write = await fetchWorker("/dashboard/api/production/secret-key", { method: "POST", headers: { "X-Api-Key": keys.skLive, Origin: ORIGIN } });
    expect(write.status).toBe(401);
  });
});

describe("the Origin check", () => {
  it("a cross-origin state-changing request is 403 forbidden before anything else, signed in or not", async () => {
    const { keys, cookie } = await signedIn();
    const before = await call("GET", "/api/v1/charts", { key: keys.skLive });
    for (const origin of ["https://evil.example", "null", "http://service.test.evil.example", undefined]) {
      const headers: Record<string, string> = { Cookie: cookie, "Content-Type": "application/json" };
      if (origin !== undefined) headers.Origin = origin;
      for (const [method, path, body] of [
        ["POST", "/dashboard/api/production/secret-key", undefined],
        ["POST", "/dashboard/api/charts", JSON.stringify({ name: "Evil chart" })],
        ["DELETE", "/dashboard/api/charts/anything", undefined],
        ["PATCH", "/dashboard/api/production/webhooks/wh_x", "{}"],
        ["POST", "/dashboard/sign-out", undefined],
      ] as const) {
        const res = await fetchWorker(path, { method, headers, body });
        expect(res.status, `${method} ${path} from ${origin}`).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe("forbidden");
      }
    }
    // Without a session, the cross-origin write is still 403 (not 401): the check comes first.
    const anonymous = await fetchWorker("/dashboard/api/production/secret-key", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(anonymous.status).toBe(403);
    // Nothing changed: the secret key still works, no chart was made, the session is alive.
    const after = await call("GET", "/api/v1/charts", { key: keys.skLive });
    expect(after.status).toBe(200);
    expect(after.body.items).toEqual(before.body.items);
    expect((await fetchWorker("/dashboard/production/keys", { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("the dashboard's own origin passes", async () => {
    const { keys, cookie } = await signedIn();
    const issued = await dash(cookie, "POST", "/dashboard/api/production/secret-key");
    expect(issued.status).toBe(201);
    expect(issued.body.secretKey).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect((await call("GET", "/api/v1/charts", { key: keys.skLive })).status).toBe(401);
    expect((await call("GET", "/api/v1/charts", { key: issued.body.secretKey as string })).status).toBe(200);
  });
});

describe("headers and secrets", () => {
  it("pages send a CSP without inline scripts and carry no inline script", async () => {
    const { cookie } = await signedIn();
    const res = await fetchWorker("/dashboard/production/keys", { headers: { Cookie: cookie } });
    const csp = res.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/(dashboard\/assets|sdk)\//);
      expect(body.trim()).toBe("");
    }
    expect(html).not.toMatch(/\son[a-z]+="/);
  });
});
