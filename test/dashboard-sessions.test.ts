/**
 * Dashboard sessions (docs/team.md): they belong to members; they end after the idle timeout
 * without a request (30 minutes unless DASHBOARD_IDLE_MINUTES says 5..720) or 12 hours in all,
 * checked on a fake clock; the Team page lists who is signed in and revokes a session; the Account
 * page's "Sign out everywhere" ends every session of its member.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { idleTimeoutMs } from "../src/dashboard/config";
import { browserName } from "../src/dashboard/pages/session-words";
import { continueSignIn, dash, sessionCookie, signedIn, signInLink } from "./support/dashboard";
import { call, expectError, newWorkspace } from "./support/fixtures";
import { addMember, signedInAs } from "./support/team";

const MINUTE = 60_000;

/** Whether the session still works: the Account route answers 200, or 401 once it has ended. */
async function alive(cookie: string): Promise<boolean> {
  const res = await dash(cookie, "GET", "/dashboard/api/account");
  if (res.status === 401) return false;
  expect(res.status).toBe(200);
  return true;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("timeouts, on a fake clock", () => {
  it("a session used at least every 30 minutes lives on; 30 minutes without a request ends it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { cookie } = await signedIn();
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(29 * MINUTE);
      expect(await alive(cookie)).toBe(true);
    }
    vi.advanceTimersByTime(30 * MINUTE + 1000);
    expect(await alive(cookie)).toBe(false);
    // A page answers the sign-in page.
    const page = await call("GET", "/dashboard/sandbox/events", { headers: { Cookie: cookie } });
    expect(page.status).toBe(401);
  });

  it("12 hours after it started a session ends, however busy", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { cookie } = await signedIn();
    for (let elapsed = 0; elapsed < 12 * 60 - 20; elapsed += 20) {
      vi.advanceTimersByTime(20 * MINUTE);
      expect(await alive(cookie), `after ${elapsed + 20} minutes`).toBe(true);
    }
    vi.advanceTimersByTime(21 * MINUTE);
    expect(await alive(cookie)).toBe(false);
  });

  it("the idle timeout is DASHBOARD_IDLE_MINUTES, held to 5..720, 30 when unset or not a number", () => {
    expect(idleTimeoutMs({})).toBe(30 * MINUTE);
    expect(idleTimeoutMs({ DASHBOARD_IDLE_MINUTES: "60" })).toBe(60 * MINUTE);
    expect(idleTimeoutMs({ DASHBOARD_IDLE_MINUTES: " 5 " })).toBe(5 * MINUTE);
    expect(idleTimeoutMs({ DASHBOARD_IDLE_MINUTES: "1" })).toBe(5 * MINUTE);
    expect(idleTimeoutMs({ DASHBOARD_IDLE_MINUTES: "100000" })).toBe(720 * MINUTE);
    expect(idleTimeoutMs({ DASHBOARD_IDLE_MINUTES: "ten" })).toBe(30 * MINUTE);
    expect(idleTimeoutMs({ DASHBOARD_IDLE_MINUTES: "-5" })).toBe(30 * MINUTE);
  });

  it("an invitation waits 7 days, an operator's link 15 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const keys = await newWorkspace();
    const { cookie } = await signedIn(keys);
    const invited = await dash(cookie, "POST", "/dashboard/api/members", { email: "late@venue.example", name: "Late", role: "viewer" });
    const operatorLink = await signInLink(keys.workspaceKey);
    vi.advanceTimersByTime(16 * MINUTE);
    expect((await continueSignIn(operatorLink.url)).status).toBe(401);
    vi.advanceTimersByTime(6 * 24 * 60 * MINUTE);
    expect((await continueSignIn(String(invited.body.invitationUrl))).status).toBe(303);
    const again = await dash(cookie, "POST", "/dashboard/api/members", { email: "later@venue.example", name: "Later", role: "viewer" });
    expect(again.status).toBe(401);
  });
});

describe("who is signed in, and revoking", () => {
  it("the Team page lists every live session with its member, start, activity and browser", async () => {
    const keys = await newWorkspace();
    const { cookie } = await signedIn(keys);
    const viewer = await addMember(keys, "viewer", "vi@venue.example", "Vi");
    const link = await signInLink(keys.workspaceKey, undefined, { memberId: viewer.memberId });
    const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
    expect((await continueSignIn(link.url, { userAgent: firefox })).status).toBe(303);
    const sessions = (await dash(cookie, "GET", "/dashboard/api/sessions")).body.items as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s) => s.memberId === viewer.memberId)).toMatchObject({
      sessionId: expect.stringMatching(/^ses_/),
      memberName: "Vi",
      memberEmail: "vi@venue.example",
      role: "viewer",
      userAgent: firefox,
    });
    // No token, no hash: a session is named by its public id only.
    expect(JSON.stringify(sessions)).not.toMatch(/token/i);
    const page = await call("GET", "/dashboard/sandbox/team", { headers: { Cookie: cookie } });
    expect(page.body).toContain("Firefox on Windows");
    expect(page.body).toContain("(this session)");
  });

  it("Revoke ends that session at once and no other; an admin never revokes an owner's session", async () => {
    const keys = await newWorkspace();
    const owner = await signedIn(keys);
    const admin = await signedInAs(keys, "admin");
    const box = await signedInAs(keys, "box_office");
    const list = (await dash(admin.cookie, "GET", "/dashboard/api/sessions")).body.items as Array<{ sessionId: string; memberId: string; role: string }>;
    const boxSession = list.find((s) => s.memberId === box.memberId)!;
    const ownerSession = list.find((s) => s.role === "owner")!;
    expectError(await dash(admin.cookie, "DELETE", `/dashboard/api/sessions/${ownerSession.sessionId}`), 403, "forbidden");
    expect(await alive(owner.cookie)).toBe(true);
    const revoked = await dash(admin.cookie, "DELETE", `/dashboard/api/sessions/${boxSession.sessionId}`);
    expect(revoked.status).toBe(200);
    expect(await alive(box.cookie)).toBe(false);
    expect(await alive(admin.cookie)).toBe(true);
    expectError(await dash(admin.cookie, "DELETE", `/dashboard/api/sessions/${boxSession.sessionId}`), 404, "session_not_found");
    // Another workspace's session is not this one's to revoke.
    const other = await newWorkspace();
    const outsider = await signedIn(other);
    const outsiderSession = ((await dash(outsider.cookie, "GET", "/dashboard/api/sessions")).body.items as Array<{ sessionId: string }>)[0]!;
    expectError(await dash(admin.cookie, "DELETE", `/dashboard/api/sessions/${outsiderSession.sessionId}`), 404, "session_not_found");
    expect(await alive(outsider.cookie)).toBe(true);
    // The box office may not revoke anyone's session.
    const box2 = await signedInAs(keys, "box_office");
    expectError(await dash(box2.cookie, "DELETE", `/dashboard/api/sessions/${ownerSession.sessionId}`), 403, "forbidden");
  });

  it("Sign out everywhere ends every session of the member, and only theirs", async () => {
    const keys = await newWorkspace();
    const m = await addMember(keys, "designer");
    const cookies = [];
    for (let i = 0; i < 3; i++) cookies.push((await signedIn(keys, { memberId: m.memberId })).cookie);
    const colleague = await signedInAs(keys, "designer");
    const res = await dash(cookies[0]!, "DELETE", "/dashboard/api/account/sessions");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ memberId: m.memberId, ended: 3 });
    expect(sessionCookie(new Response(null, { headers: res.headers })).line).toMatch(/Max-Age=0/);
    for (const c of cookies) expect(await alive(c)).toBe(false);
    expect(await alive(colleague.cookie)).toBe(true);
  });

  it("names browsers as people do", () => {
    expect(browserName("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15")).toBe(
      "Safari on macOS",
    );
    expect(browserName("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36")).toBe("Chrome on Android");
    expect(browserName("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0")).toBe("Edge on Windows");
    expect(browserName("")).toBe("Unknown browser");
  });
});
