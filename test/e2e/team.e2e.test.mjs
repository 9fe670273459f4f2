/**
 * A team in the dashboard (docs/team.md) in a real browser, by role and accessible name: an owner
 * invites a box-office clerk from the Team page, who opens the invitation in a browser of their own
 * and sees the box office but no key or webhook controls; the owner changes the clerk's role,
 * revokes the clerk's session from another browser, reads the Activity page and its CSV; the
 * Account page signs a member out everywhere. axe finds no serious or critical violation on the
 * new pages at desktop and phone widths.
 */
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { screenshot, seriousViolations, signInThrough, useBrowser, waitForText, watchErrors } from "./browser.mjs";
import { addMember, apiCall, demoLayout, newWorkspace, signInLink } from "./service.mjs";

const e2e = inject("e2e");
const browser = useBrowser();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const EVENT_KEY = "team-gala";

let ws;
let endpointId;
/** The owner's browser. */
let owner;
const contexts = [];
const errorLists = [];

/** A browser of its own (its own cookies), watched for page errors. */
async function newBrowser(viewport = DESKTOP) {
  const context = await browser().newContext({ viewport, acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  errorLists.push(watchErrors(page, { console: true }));
  return { context, page };
}

/** Opens a dashboard path and waits for its module. */
async function open(page, path) {
  const res = await page.goto(e2e.baseUrl + path);
  await page.waitForSelector("body[data-ready]");
  return res;
}

/** axe at the page's width, and a screenshot. */
async function checkPage(page, name) {
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
  await screenshot(page, `team-${name}`);
}

/** The members table's row of a person. */
const memberRow = (page, name) =>
  page
    .locator("#members")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(name) }) });

beforeAll(async () => {
  ws = await newWorkspace(e2e, "Team E2E workspace");
  const sk = ws.skTest;
  expect((await apiCall(e2e, sk, "POST", "/api/v1/charts", { name: "Team hall", chartKey: "team-hall", draftVersion: demoLayout() })).status).toBe(201);
  expect((await apiCall(e2e, sk, "POST", "/api/v1/charts/team-hall/publish")).status).toBe(200);
  expect((await apiCall(e2e, sk, "POST", "/api/v1/events", { chartKey: "team-hall", eventKey: EVENT_KEY })).status).toBe(201);
  const ep = await apiCall(e2e, sk, "POST", "/api/v1/webhooks", { url: "https://hooks.example.com/team", events: ["seat.booked"] });
  expect(ep.status).toBe(201);
  endpointId = ep.body.id;
  owner = await newBrowser();
  await signInThrough(owner.page, (await signInLink(e2e, ws.workspaceKey)).url);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  for (const list of errorLists) expect(list, "uncaught page errors").toEqual([]);
});

describe("a team in the dashboard", () => {
  let inviteUrl;
  let clerk;

  it("an owner invites a member from the Team page and gets a one-time link to send", async () => {
    const page = owner.page;
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Team" }).click();
    await page.getByRole("heading", { level: 1, name: "Team" }).waitFor();
    const form = page.getByRole("form", { name: "Invite a member" });
    await form.getByRole("textbox", { name: "Email" }).fill("clerk@venue.example");
    await form.getByRole("textbox", { name: "Name" }).fill("Cleo Clerk");
    await form.getByRole("combobox", { name: "Role" }).selectOption({ label: "Box office" });
    await form.getByRole("button", { name: "Invite" }).click();
    const link = page.getByRole("textbox", { name: "Sign-in link to send" });
    await link.waitFor();
    await waitForText(page.locator("#notice"), /clerk@venue\.example invited/);
    inviteUrl = await link.inputValue();
    expect(inviteUrl).toMatch(/\/dashboard\/sign-in\?token=[A-Za-z0-9_-]{43}$/);
    const row = memberRow(page, "Cleo Clerk");
    await row.waitFor();
    expect(await row.getByRole("combobox", { name: "Role" }).inputValue()).toBe("box_office");
    // The same address again, in capitals: refused, and said so.
    await form.getByRole("textbox", { name: "Email" }).fill("CLERK@venue.example");
    await form.getByRole("textbox", { name: "Name" }).fill("Cleo again");
    await form.getByRole("button", { name: "Invite" }).click();
    await waitForText(page.locator("#error-summary"), /already a member/);
    await checkPage(page, "team");
  });

  it("the invited clerk continues into the dashboard and finds no key or webhook controls", async () => {
    clerk = await newBrowser();
    const page = clerk.page;
    const res = await page.goto(inviteUrl);
    expect(res.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "You are invited to Team E2E workspace" }).waitFor();
    await checkPage(page, "invitation");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/dashboard/sandbox/"));
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    expect(await nav.getByRole("link", { name: "Team" }).count()).toBe(0);
    await nav.getByRole("link", { name: "Keys" }).click();
    await page.getByRole("heading", { level: 1, name: "Keys" }).waitFor();
    expect(await page.getByRole("button", { name: /secret key/ }).count()).toBe(0);
    expect(await page.getByText(/secret key exists|has no secret key/).count()).toBe(0);
    await nav.getByRole("link", { name: "Webhooks" }).click();
    await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
    expect(await page.getByRole("button", { name: "Add endpoint" }).count()).toBe(0);
    await open(page, `/dashboard/sandbox/webhooks/${endpointId}`);
    for (const name of ["Send test", "Rotate secret", "Delete endpoint", "Disable", "Save changes"])
      expect(await page.getByRole("button", { name }).count(), name).toBe(0);
    // The box office is theirs.
    await open(page, `/dashboard/sandbox/events/${EVENT_KEY}`);
    await page.getByRole("button", { name: "Book" }).waitFor();
    expect(await page.getByRole("button", { name: "Delete event" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Assign to channel" }).count()).toBe(0);
    // The Team page, typed in: a clear refusal.
    const team = await open(page, "/dashboard/sandbox/team");
    expect(team.status()).toBe(403);
    await page.getByRole("heading", { level: 1, name: "Not allowed" }).waitFor();
    await waitForText(page.locator("main"), /Your role \(Box office\) may not do this/);
  });

  it("the owner changes the clerk's role, which applies on the clerk's next page", async () => {
    const page = owner.page;
    await open(page, "/dashboard/sandbox/team");
    await memberRow(page, "Cleo Clerk").getByRole("combobox", { name: "Role" }).selectOption({ label: "Designer" });
    await waitForText(page.locator("#notice"), /Role of Cleo Clerk changed/);
    await open(clerk.page, `/dashboard/sandbox/events/${EVENT_KEY}`);
    expect(await clerk.page.getByRole("button", { name: "Book" }).count()).toBe(0);
    await open(clerk.page, "/dashboard/sandbox/charts");
    await clerk.page.getByRole("button", { name: "Create chart" }).waitFor();
  });

  it("the owner revokes the clerk's session from their own browser; the clerk's next page is the sign-in page", async () => {
    const page = owner.page;
    await open(page, "/dashboard/sandbox/team");
    const sessions = page.locator("#sessions");
    const row = sessions.getByRole("row").filter({ hasText: "Cleo Clerk" });
    await row.waitFor();
    await row.getByRole("button", { name: "Revoke" }).click();
    await waitForText(page.locator("#notice"), /Session of Cleo Clerk revoked/);
    const res = await clerk.page.goto(`${e2e.baseUrl}/dashboard/sandbox/events`);
    expect(res.status()).toBe(401);
    await clerk.page.getByRole("heading", { name: "Sign in to the dashboard" }).waitFor();
  });

  it("Remove takes a member out of the team", async () => {
    const page = owner.page;
    await addMember(e2e, ws.workspaceKey, { email: "leaving@venue.example", name: "Lee Leaving", role: "viewer" });
    await open(page, "/dashboard/sandbox/team");
    await memberRow(page, "Lee Leaving").getByRole("button", { name: "Remove" }).click();
    await waitForText(page.locator("#notice"), /Lee Leaving removed/);
    await expect.poll(() => memberRow(page, "Lee Leaving").count()).toBe(0);
  });

  it("Activity lists who changed what, filters it, and downloads it as CSV", async () => {
    const page = owner.page;
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Activity" }).click();
    await page.getByRole("heading", { level: 1, name: "Activity" }).waitFor();
    const rows = page.getByRole("table").getByRole("row");
    await rows.filter({ hasText: "member invited" }).first().waitFor();
    await page.getByRole("combobox", { name: "Action" }).selectOption("member.role_changed");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL((u) => u.searchParams.get("action") === "member.role_changed");
    await page.waitForSelector("body[data-ready]");
    const filtered = await page.getByRole("table").getByRole("row").allTextContents();
    expect(filtered.length).toBe(2);
    expect(filtered[1]).toMatch(/Owner/);
    expect(filtered[1]).toMatch(/from: box_office; to: designer/);
    await checkPage(page, "activity");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    const csv = await readFile(await download.path(), "utf8");
    expect(csv.split("\r\n")[0]).toBe("id,at,environment,actor_type,actor_id,actor_name,action,target_type,target_key,details");
    expect(csv).toContain("member.role_changed");
    expect(csv).not.toContain("member.invited");
  });

  it("Sign out everywhere on the Account page ends every session of the member", async () => {
    const member = await addMember(e2e, ws.workspaceKey, { email: "two-laptops@venue.example", name: "Tess Two", role: "viewer" });
    const first = await newBrowser();
    const second = await newBrowser();
    await signInThrough(first.page, (await signInLink(e2e, ws.workspaceKey, { memberId: member.memberId })).url);
    await signInThrough(second.page, (await signInLink(e2e, ws.workspaceKey, { memberId: member.memberId })).url);
    await first.page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Account" }).click();
    await first.page.getByRole("heading", { level: 1, name: "Account" }).waitFor();
    await checkPage(first.page, "account");
    await first.page.getByRole("button", { name: "Sign out everywhere" }).click();
    await first.page.getByRole("heading", { name: "You have signed out" }).waitFor();
    const res = await second.page.goto(`${e2e.baseUrl}/dashboard/sandbox/events`);
    expect(res.status()).toBe(401);
  });
});

describe("the new pages on a phone", () => {
  it("Team, Activity, Account and the Continue page have no serious or critical axe violation at 390 px", async () => {
    const phone = await newBrowser(PHONE);
    await signInThrough(phone.page, (await signInLink(e2e, ws.workspaceKey)).url);
    for (const [name, path] of [
      ["team-phone", "/dashboard/sandbox/team"],
      ["activity-phone", "/dashboard/sandbox/activity"],
      ["account-phone", "/dashboard/sandbox/account"],
    ]) {
      await open(phone.page, path);
      await checkPage(phone.page, name);
      // No sideways scrolling.
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `sideways scroll on ${path}`).toBeLessThanOrEqual(1);
    }
    const fresh = await newBrowser(PHONE);
    await fresh.page.goto((await signInLink(e2e, ws.workspaceKey)).url);
    await fresh.page.getByRole("button", { name: "Continue" }).waitFor();
    await checkPage(fresh.page, "continue-phone");
  });
});
