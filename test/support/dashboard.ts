import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { call, newWorkspace, type CallResult, type TestKeys } from "./fixtures";

/** The origin the tests' requests reach, as the Worker sees it. */
export const ORIGIN = "http://service.test";

/** A raw request to the Worker (no redirect following, no JSON parsing). */
export function fetchWorker(path: string, init: RequestInit & { origin?: string } = {}): Promise<Response> {
  return exports.default.fetch(new Request(`${init.origin ?? ORIGIN}${path}`, { ...init, redirect: "manual" }));
}

/** Creates a sign-in link through the operator API; its URL and expiry. */
export async function signInLink(workspaceKey: string, origin = ORIGIN): Promise<{ url: string; expiresAt: string }> {
  const res = await fetchWorker(`/admin/v1/workspaces/${workspaceKey}/dashboard-links`, {
    method: "POST",
    headers: { Authorization: "Bearer test-admin-token" },
    origin,
  });
  expect(res.status).toBe(201);
  return res.json();
}

/** The session cookie a response sets, as "name=value", and its full Set-Cookie line. */
export function sessionCookie(res: Response): { pair: string; line: string } {
  const line = res.headers.getSetCookie().find((l) => l.startsWith("dashboard_session=")) ?? "";
  return { pair: line.split(";")[0], line };
}

/** A workspace and a signed-in session of it: the session cookie to send. */
export async function signedIn(keys?: TestKeys): Promise<{ keys: TestKeys; cookie: string }> {
  const k = keys ?? (await newWorkspace("Dashboard test workspace"));
  const link = await signInLink(k.workspaceKey);
  const res = await fetchWorker(new URL(link.url).pathname + new URL(link.url).search);
  expect(res.status).toBe(303);
  return { keys: k, cookie: sessionCookie(res).pair };
}

/** A dashboard request as the dashboard's own page makes it: the session cookie and our Origin (the tests' JSON helper, typed as it is). */
export function dash<T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown): Promise<CallResult<T>> {
  return call<T>(method, path, { body, headers: { Cookie: cookie, Origin: ORIGIN } });
}
