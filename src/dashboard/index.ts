import { Hono, type Context } from "hono";
import { contextStorage } from "hono/context-storage";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { db } from "../db/client";
import { setMemberLanguage } from "../db/members";
import { ENVIRONMENTS, type Environment } from "../domain/scope";
import { dashboardApi } from "./api";
import { assets } from "./assets";
import { cookieOptions, DASHBOARD_PATH, SESSION_COOKIE, SESSION_TTL_MS } from "./config";
import type { DashEnv } from "./context";
import { dashboardHeaders, requireSession, sameOrigin } from "./guard";
import { isDashboardLanguage } from "./language";
import { pages } from "./page-routes";
import { signInPage } from "./pages/sign-in";
import { continuePage } from "./pages/continue";
import { isSection, SECTION_PATTERN } from "./sections";
import { endSession, openSignInLink, previewSignInLink, sessionOf } from "./sessions";

/**
 * The dashboard (docs/dashboard.md), mounted at /dashboard: sign-in by one-time link, the pages, their
 * browser assets and the data routes under /dashboard/api/. Every answer carries the security
 * headers; every state-changing request passes the Origin check before anything else. Pages find
 * the request they render for (its member's language, its Accept-Language: words.ts) through
 * Hono's context storage, the first middleware.
 */
export const dashboard = new Hono<DashEnv>();

/** The environment a person last worked in, so /dashboard reopens it. Not a secret, and no authority. */
const ENV_COOKIE = "dashboard_environment";

dashboard.use("*", contextStorage(), dashboardHeaders(), sameOrigin());

dashboard.route("/assets", assets);
dashboard.route("/api", dashboardApi);

// Opening a sign-in link (docs/dashboard.md, docs/security.md): a live, unused link shows whom it signs in and a
// "Continue" button; looking spends nothing, so a mail scanner that follows links leaves it usable.
// A used, expired or unknown link shows the sign-in page with 401.
dashboard.get("/sign-in", async (c) => {
  const token = c.req.query("token");
  const preview = token ? await previewSignInLink(c.env, token) : null;
  if (!token || !preview) return c.html(signInPage({ reason: token ? "link_invalid" : "required" }), 401);
  return c.html(continuePage({ token, ...preview }), 200);
});

// The "Continue" button: spends the link, starts the member's session and goes to the dashboard.
// (A cross-site post never gets here: the Origin check runs first.)
dashboard.post("/sign-in", async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  // The page's form sends the token in its body; a client that posts to the link's own address has it in the query.
  const token = typeof form.token === "string" ? form.token : (c.req.query("token") ?? "");
  const started = token ? await openSignInLink(c.env, token, c.req.header("user-agent") ?? "") : null;
  if (!started) return c.html(signInPage({ reason: "link_invalid" }), 401);
  setCookie(c, SESSION_COOKIE, started.token, cookieOptions(c.req.url, Math.floor(SESSION_TTL_MS / 1000)));
  return c.redirect(DASHBOARD_PATH, 303);
});

dashboard.get("/signed-out", (c) => c.html(signInPage({ reason: "signed_out" }), 200));

// Sign out ends the session on the server (its cookie is worthless from now on) and clears the cookie.
dashboard.post("/sign-out", async (c) => {
  const session = await sessionOf(c.env, getCookie(c, SESSION_COOKIE));
  if (session) await endSession(c.env, session);
  deleteCookie(c, SESSION_COOKIE, cookieOptions(c.req.url, 0));
  return c.redirect(`${DASHBOARD_PATH}/signed-out`, 303);
});

const isEnvironment = (v: string | undefined): v is Environment => ENVIRONMENTS.includes(v as Environment);

/**
 * The environment a person last worked in; the sandbox the first time, where `npm run dev`'s demo
 * page holds its seats, so a newcomer's first look at the dashboard shows the demo's holds.
 */
function startingEnvironment(c: Context<DashEnv>): Environment {
  const last = getCookie(c, ENV_COOKIE);
  return isEnvironment(last) ? last : "sandbox";
}

dashboard.get("/", requireSession("page"), (c) => c.redirect(`${DASHBOARD_PATH}/${startingEnvironment(c)}/events`, 303));

// An address without its environment (typed by hand, or from an older link) goes to the same page in the current one.
// The alternations are grouped: an ungrouped one swallowed the next segment in Hono 4.13.
dashboard.get(`/:section{${SECTION_PATTERN}}`, requireSession("page"), (c) =>
  c.redirect(`${DASHBOARD_PATH}/${startingEnvironment(c)}/${c.req.param("section")}`, 303),
);
dashboard.get("/:section{(?:charts|events|webhooks)}/:key", requireSession("page"), (c) =>
  c.redirect(`${DASHBOARD_PATH}/${startingEnvironment(c)}/${c.req.param("section")}/${encodeURIComponent(c.req.param("key"))}`, 303),
);

// The environment switch is a plain GET form: the same section in the other environment.
dashboard.get("/environment", requireSession("page"), (c) => {
  const environment = c.req.query("environment");
  const section = c.req.query("section");
  const to = isEnvironment(environment) ? environment : "production";
  const part = isSection(section) ? section : "events";
  return c.redirect(`${DASHBOARD_PATH}/${to}/${part}`, 303);
});

// The Language control (docs/languages.md): the member's choice, kept on the member so every session
// and device follows it; empty goes back to the browser's language. Back to the page it was made on.
dashboard.post("/language", requireSession("page"), async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const chosen = isDashboardLanguage(form.language) ? form.language : null;
  const session = c.var.session;
  await setMemberLanguage(db(c.env), session.workspaceId, session.memberId, chosen);
  // Only a page of the dashboard itself: never another site (an open redirect) nor another origin.
  const back = typeof form.back === "string" && /^\/dashboard\/[A-Za-z0-9/_.~%-]*$/.test(form.back) ? form.back : DASHBOARD_PATH;
  return c.redirect(back, 303);
});

dashboard.use("/:environment{production|sandbox}/*", async (c, next) => {
  await next();
  // Only a page the person saw: a sign-in page answered to a stranger chooses nothing.
  if (c.res.status < 400) setCookie(c, ENV_COOKIE, c.req.param("environment"), cookieOptions(c.req.url, 365 * 86400));
});
dashboard.route("/", pages);
