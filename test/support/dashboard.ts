import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { call, newWorkspace, type CallResult, type TestKeys } from "./fixtures";

/** The origin the tests' requests reach, as the Worker sees it. */
export const ORIGIN = "http://service.test";

/** A raw request to the Worker (no redirect following, no JSON parsing). */
export function fetchWorker(path: string, init: RequestInit & { origin?: string } = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${init.origin ?? ORIGIN}${path}`, { ...init, redirect: "manual" }));
}

/** Creates a sign-in link through the operator API (for the first owner, or the member named); its URL and expiry. */
export async function signInLink(
  workspaceKey: string,
  origin = ORIGIN,
  target?: { memberId?: string; email?: string },
): Promise<{ url: string; expiresAt: string; memberId: string }> {
  const res = await fetchWorker(`/admin/v1/workspaces/${workspaceKey}/dashboard-links`, {
    method: "POST",
    headers: target ? { Authorization: "Bearer test-admin-token", "Content-Type": "application/json" } : { Authorization: "Bearer test-admin-token" },
    body: target ? JSON.stringify(target) : undefined,
    origin,
  });
  expect(res.status).toBe(201);
  return res.json();
}

/**
 * Uses a sign-in link as a person does (docs/security.md): opening it shows the Continue page, and the
 * page's POST spends it. The POST's answer (303 with the session cookie, or 401).
 */
export async function continueSignIn(url: string, init: { userAgent?: string } = {}): Promise<Response> {
  const link = new URL(url);
  const token = link.searchParams.get("token") ?? "";
  return fetchWorker("/dashboard/sign-in", {
    method: "POST",
    origin: link.origin,
    headers: {
      Origin: link.origin,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(init.userAgent ? { "User-Agent": init.userAgent } : {}),
    },
    body: new URLSearchParams({ token }).toString(),
  });
}

/** The session cookie a response sets, as "name=value", and its full Set-Cookie line. */
export function sessionCookie(res: Response): { pair: string; line: string } {
  const line = res.headers.getSetCookie().find((l) => l.startsWith("dashboard_session=")) ?? "";
  return { pair: line.split(";")[0], line };
}

/** A workspace and a signed-in session of its first owner (or of the member named): the session cookie to send. */
export async function signedIn(keys?: TestKeys, target?: { memberId?: string; email?: string }): Promise<{ keys: TestKeys; cookie: string }> {
  const k = keys ?? (await newWorkspace("Dashboard test workspace"));
  const link = await signInLink(k.workspaceKey, ORIGIN, target);
  const res = await continueSignIn(link.url);
  expect(res.status).toBe(303);
  return { keys: k, cookie: sessionCookie(res).pair };
}

/** A dashboard request as the dashboard's own page makes it: the session cookie and our Origin (the tests' JSON helper, typed as it is). */
export function dash<T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown): Promise<CallResult<T>> {
  return call<T>(method, path, { body, headers: { Cookie: cookie, Origin: ORIGIN } });
}
