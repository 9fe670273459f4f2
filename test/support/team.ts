/**
 * Team fixtures (docs/team.md): members added through the operator API and signed in through their
 * own links, and the audit trail read with a secret key.
 */
import { expect } from "vitest";
import type { Role } from "../../src/domain/roles";
import { signedIn } from "./dashboard";
import { ADMIN, call, keyFor, type Environment, type TestKeys } from "./fixtures";

let people = 0;

/** Adds a member through the operator API; the new member record. */
export async function addMember(keys: TestKeys, role: Role, email = `person${++people}-${Date.now().toString(36)}@venue.example`, name = `Person ${people}`) {
  const res = await call("POST", `/admin/v1/workspaces/${keys.workspaceKey}/members`, { headers: ADMIN, body: { email, name, role } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { memberId: string; email: string; name: string; role: Role };
}

/** A new member of `role` in the workspace, signed in: their id and session cookie. */
export async function signedInAs(keys: TestKeys, role: Role): Promise<{ memberId: string; cookie: string; name: string }> {
  const member = await addMember(keys, role);
  const { cookie } = await signedIn(keys, { memberId: member.memberId });
  return { memberId: member.memberId, cookie, name: member.name };
}

/** The audit records a secret key of the environment reads (newest first), with an optional query. */
export async function auditRecords(keys: TestKeys, environment: Environment = "sandbox", query = "") {
  const res = await call("GET", `/api/v1/audit-log${query}`, { key: keyFor(keys, "secret", environment) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as Array<{
    id: string;
    at: string;
    environment: Environment | null;
    actor: { type: string; id: string; name?: string };
    action: string;
    target: { type: string; key: string };
    details: Record<string, unknown>;
  }>;
}
